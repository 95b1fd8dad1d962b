#pragma once
// Where each chat's saved engine state (its session file) lives, how much disk
// they use together, and the bound on it: <app data>/sessions/<chat id>.session,
// the oldest-used chats' files dropped first. The files themselves are written
// and read by the engine on the worker thread; this class only names, measures
// and prunes them (on the GUI thread: a directory listing, no file contents).
#include <QObject>
#include <QString>
#include <QStringList>

namespace sluice::gui {

class SessionStore : public QObject
{
    Q_OBJECT
public:
    explicit SessionStore(const QString &directory, QObject *parent = nullptr);

    QString directory() const { return m_dir; }
    QString fileFor(const QString &chatId) const;
    bool has(const QString &chatId) const;
    // Total bytes of every session file (temporary files of an interrupted save included).
    quint64 diskUse() const;
    // Drops whole chats' session files, least recently saved first, until the
    // total is at most `limitBytes`; never those of `keep`. Returns the chats dropped.
    QStringList prune(quint64 limitBytes, const QStringList &keep = {});
    void remove(const QString &chatId);

Q_SIGNALS:
    void diskUseChanged(quint64 bytes);

private:
    QString m_dir;
};

} // namespace sluice::gui
