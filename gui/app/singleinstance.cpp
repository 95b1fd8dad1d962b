#include "app/singleinstance.h"

#include <QCryptographicHash>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocalSocket>
#include <QStandardPaths>

#include <unistd.h>

namespace sluice::gui {

namespace {

QString socketPath(const QString &key)
{
    QString dir = QStandardPaths::writableLocation(QStandardPaths::RuntimeLocation);
    if (dir.isEmpty())
        dir = QDir::tempPath();
    const QByteArray id = QCryptographicHash::hash(
        (key + QLatin1Char('\n') + QString::number(::getuid())).toUtf8(), QCryptographicHash::Sha256);
    return QDir(dir).filePath(QStringLiteral("sluice-%1.socket").arg(QString::fromLatin1(id.toHex().left(16))));
}

} // namespace

SingleInstance::SingleInstance(const QString &key, QObject *parent)
    : QObject(parent)
    , m_name(socketPath(key))
{
    m_server.setSocketOptions(QLocalServer::UserAccessOption);
    connect(&m_server, &QLocalServer::newConnection, this, &SingleInstance::onConnection);
}

bool SingleInstance::handOver(const QStringList &arguments, int timeoutMs)
{
    QLocalSocket socket;
    socket.connectToServer(m_name);
    if (!socket.waitForConnected(timeoutMs))
        return false; // nobody listens (or only a crashed instance's socket is left)
    socket.write(QJsonDocument(QJsonArray::fromStringList(arguments)).toJson(QJsonDocument::Compact) + '\n');
    if (!socket.waitForBytesWritten(timeoutMs))
        return false;
    while (!socket.canReadLine())
        if (!socket.waitForReadyRead(timeoutMs))
            return false; // it did not answer: this launch runs on its own
    return socket.readLine().trimmed() == "ok";
}

bool SingleInstance::listen()
{
    auto lock = std::make_unique<QLockFile>(m_name + QStringLiteral(".lock"));
    lock->setStaleLockTime(0); // held for the app's life: only a dead holder makes it stale
    if (!lock->tryLock(0))
        return false; // another instance is the first (or won a race just now)
    m_lock = std::move(lock);
    // Ours now: a socket file still there was left by a crashed instance.
    QLocalServer::removeServer(m_name);
    return m_server.listen(m_name);
}

void SingleInstance::onConnection()
{
    while (QLocalSocket *socket = m_server.nextPendingConnection()) {
        connect(socket, &QLocalSocket::disconnected, socket, &QObject::deleteLater);
        connect(socket, &QLocalSocket::readyRead, socket, [this, socket] {
            if (!socket->canReadLine()) {
                if (socket->bytesAvailable() > kMaxMessageBytes)
                    socket->abort(); // not one of ours
                return;
            }
            const QByteArray line = socket->readLine(kMaxMessageBytes);
            const QJsonDocument doc = QJsonDocument::fromJson(line);
            if (!doc.isArray()) {
                socket->abort();
                return;
            }
            QStringList arguments;
            for (const QJsonValue &v : doc.array())
                arguments << v.toString();
            socket->write("ok\n");
            socket->flush();
            socket->disconnectFromServer();
            Q_EMIT activated(arguments);
        });
    }
}

} // namespace sluice::gui
