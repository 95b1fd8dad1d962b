#include "chatscript.h"

#include "options.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

#include <cstdio>
#include <iostream>

namespace sluice::cli {

SamplingParams chatSamplingDefaults()
{
    SamplingParams sp;
    sp.maxTokens = 512;
    sp.temperature = 0.6f;
    sp.topP = 0.95f;
    return sp;
}

void addChatTextOptions(OptionParser &p, std::string &system, std::string &scriptPath)
{
    p.text("--system", &system, "a system message in front of the conversation");
    p.text("--script", &scriptPath, "read the user messages from FILE (one per line, or a JSON list of strings)");
}

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

bool ChatInput::next(std::string &line)
{
    while (nextAny(line)) {
        if (!line.empty())
            return true;
    }
    return false;
}

bool ChatInput::nextAny(std::string &line)
{
    if (m_script.empty()) {
        std::printf("> ");
        std::fflush(stdout);
        return bool(std::getline(std::cin, line));
    }
    if (m_next >= m_script.size())
        return false;
    line = m_script[m_next++];
    return true;
}

ChatCommand splitChatCommand(const std::string &line)
{
    const size_t space = line.find(' ');
    return {line.substr(0, space), space == std::string::npos ? std::string() : line.substr(space + 1)};
}

bool parseThinkArgument(const std::string &arg, bool &on, std::string &error)
{
    if (arg == "on" || arg == "off") {
        on = arg == "on";
        return true;
    }
    error = "/think '" + arg + "': expected on or off";
    return false;
}

} // namespace sluice::cli
