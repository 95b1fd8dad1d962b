#include "chat/sessionstore.h"

#include <QDateTime>
#include <QDir>
#include <QHash>
#include <algorithm>
#include <QFileInfo>

namespace sluice::gui {

namespace {
const QString kSuffix = QStringLiteral(".session");

QFileInfoList sessionFiles(const QString &dir)
{
    // The engine's atomic save writes NAME.session.tmp-* and renames it; a
    // crash can leave one behind, so those count (and go) too.
    return QDir(dir).entryInfoList({QStringLiteral("*.session"), QStringLiteral("*.session.*")}, QDir::Files);
}

QString chatIdOf(const QFileInfo &file) { return file.fileName().section(kSuffix, 0, 0); }
} // namespace

SessionStore::SessionStore(const QString &directory, QObject *parent)
    : QObject(parent)
    , m_dir(directory)
{
    QDir().mkpath(m_dir);
}

QString SessionStore::fileFor(const QString &chatId) const { return QDir(m_dir).filePath(chatId + kSuffix); }

bool SessionStore::has(const QString &chatId) const { return QFileInfo::exists(fileFor(chatId)); }

quint64 SessionStore::diskUse() const
{
    quint64 total = 0;
    for (const QFileInfo &f : sessionFiles(m_dir))
        total += quint64(f.size());
    return total;
}

QStringList SessionStore::prune(quint64 limitBytes, const QStringList &keep)
{
    // Whole chats go, never half a chat: a chat's age is its session file's
    // time (a temporary file of an interrupted save goes with its chat).
    struct ChatFiles {
        QDateTime time;
        quint64 bytes = 0;
        QStringList paths;
    };
    QHash<QString, ChatFiles> chats;
    quint64 total = 0;
    for (const QFileInfo &f : sessionFiles(m_dir)) {
        ChatFiles &c = chats[chatIdOf(f)];
        c.bytes += quint64(f.size());
        c.paths << f.absoluteFilePath();
        if (f.fileName().endsWith(kSuffix) || !c.time.isValid())
            c.time = f.lastModified();
        total += quint64(f.size());
    }
    QStringList order = chats.keys();
    std::sort(order.begin(), order.end(), [&](const QString &a, const QString &b) {
        return chats[a].time != chats[b].time ? chats[a].time < chats[b].time : a < b;
    });
    QStringList dropped;
    for (const QString &id : order) {
        if (total <= limitBytes)
            break;
        if (keep.contains(id))
            continue;
        for (const QString &path : chats[id].paths)
            QFile::remove(path);
        total -= std::min(total, chats[id].bytes);
        dropped << id;
    }
    Q_EMIT diskUseChanged(total);
    return dropped;
}

void SessionStore::remove(const QString &chatId)
{
    for (const QFileInfo &f : sessionFiles(m_dir))
        if (chatIdOf(f) == chatId)
            QFile::remove(f.absoluteFilePath());
    Q_EMIT diskUseChanged(diskUse());
}

} // namespace sluice::gui
