#pragma once
// One app per user and settings file (issue 29): two windows on the same
// chats and session files overwrite each other's saves without a word. A
// second launch hands its arguments to the first over a local socket (the
// first raises its window and opens the model it was given) and exits.
//
// The socket lives in the user's runtime directory ($XDG_RUNTIME_DIR, else
// the temp directory), named from a hash of the key (the settings file), so
// a test or a second profile with its own settings file is its own instance.
// Who is the first is decided by a lock file held for the instance's life
// (QLockFile: a crashed instance's lock names a dead process and is taken
// over), not by probing the socket, which a loaded machine can make slow.
#include <QLocalServer>
#include <QLockFile>
#include <QObject>
#include <QStringList>

#include <memory>

namespace sluice::gui {

class SingleInstance : public QObject {
    Q_OBJECT
public:
    explicit SingleInstance(const QString &key, QObject *parent = nullptr);

    // Another instance is running: hands it `arguments` and returns true once
    // it acknowledged them. Blocking, at most about `timeoutMs`.
    bool handOver(const QStringList &arguments, int timeoutMs = 3000);
    // Becomes the instance later launches hand over to. False when another
    // instance started listening first (hand over to it instead) or the socket
    // cannot be made (the app then runs on its own, as before).
    bool listen();
    QString serverName() const { return m_name; }

    // A message is one line of JSON (an array of strings); longer is refused.
    static constexpr qint64 kMaxMessageBytes = 64 * 1024;

Q_SIGNALS:
    // A later launch handed over its arguments (raise the window, open them).
    void activated(const QStringList &arguments);

private:
    void onConnection();

    QString m_name;
    std::unique_ptr<QLockFile> m_lock; // held while this is the first instance
    QLocalServer m_server;
};

} // namespace sluice::gui
