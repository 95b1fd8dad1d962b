#include "chatscript.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

namespace sluice::cli {

bool readChatScript(const std::string &path, std::vector<std::string> &out, std::string &error)
{
    const QString name = QString::fromStdString(path);
    const QFileInfo info(name);
    if (info.exists() && !info.isFile()) { // a FIFO would block, a directory reads as nothing
        error = path + ": not a regular file";
        return false;
    }
    QFile f(name);
    if (!f.open(QIODevice::ReadOnly)) {
        error = path + ": cannot open";
        return false;
    }
    if (f.size() > (16 << 20)) {
        error = path + ": over 16 MiB";
        return false;
    }
    const QByteArray bytes = f.readAll();
    if (bytes.trimmed().startsWith('[')) {
        QJsonParseError pe;
        const QJsonDocument doc = QJsonDocument::fromJson(bytes, &pe);
        if (!doc.isArray()) {
            error = path + ": not a JSON list of strings (" + pe.errorString().toStdString() + ")";
            return false;
        }
        for (const QJsonValue &v : doc.array()) {
            if (!v.isString()) {
                error = path + ": every element must be a string";
                return false;
            }
            out.push_back(v.toString().toStdString());
        }
        return true;
    }
    for (const QByteArray &line : bytes.split('\n'))
        if (!line.trimmed().isEmpty())
            out.push_back(line.toStdString());
    return true;
}

} // namespace sluice::cli
