#pragma once
// A Hugging Face-compatible hub on loopback for tests (api/download.h,
// issue 26): a QTcpServer in the test process, one repository "org/model" at
// revision "main" with Range support and injectable faults. Used by
// tst_hubdownload, tst_downloadworker and tst_getmodel; no network beyond
// 127.0.0.1. It serves random bytes (fillTwoShards) or a folder, e.g. a
// release written by our own synth writer (serveFolder); it counts the body
// bytes it sends (bytesServed) and can trickle them (Fault::Slow, trickleBytes).
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QRandomGenerator>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

#include <memory>

namespace sluicetest {

enum class Fault { None, Status503, Status429, CutMidFile, Truncated, Corrupt, Redirect, NotFound, Slow };

// One hub: a repository "org/model" at revision "main" whose files it serves
// with Range support, one request per connection; `faults[file]` are applied
// to that file's next requests in order.
class MockHub : public QObject {
public:
    MockHub()
    {
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *s = m_server.nextPendingConnection()) {
                connect(s, &QTcpSocket::readyRead, this, [this, s] { onData(s); });
                connect(s, &QTcpSocket::disconnected, s, &QObject::deleteLater);
            }
        });
    }
    bool start() { return m_server.listen(QHostAddress::LocalHost, 0); }
    QString url() const { return QStringLiteral("http://127.0.0.1:%1").arg(m_server.serverPort()); }

    QMap<QString, QByteArray> files;
    QMap<QString, QList<Fault>> faults;

    // A Kimi-Linear-like repository: its config and two shards of random
    // bytes (`seed` and seed + 1), the second not a multiple of 1 KiB.
    void fillTwoShards(int firstBytes, int secondBytes, quint32 seed);

    // Every file under `dir` (recursively, '/'-separated relative paths)
    // replaces the repository. Returns how many files.
    int serveFolder(const QString &dir)
    {
        files.clear();
        QDir root(dir);
        QList<QString> pending{dir};
        while (!pending.isEmpty()) {
            QDir d(pending.takeFirst());
            for (const QFileInfo &fi : d.entryInfoList(QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot)) {
                if (fi.isDir()) {
                    pending.append(fi.filePath());
                    continue;
                }
                QFile f(fi.filePath());
                if (f.open(QIODevice::ReadOnly))
                    files.insert(root.relativeFilePath(fi.filePath()), f.readAll());
            }
        }
        return int(files.size());
    }

    uint64_t totalBytes() const
    {
        uint64_t n = 0;
        for (const QByteArray &b : files)
            n += uint64_t(b.size());
        return n;
    }

    // What in `dir` differs from the repository ("" when every file is there,
    // byte-identical, with no ".part" left beside it).
    QString differences(const QString &dir) const
    {
        for (auto it = files.begin(); it != files.end(); ++it) {
            QFile f(QDir(dir).filePath(it.key()));
            if (!f.open(QIODevice::ReadOnly))
                return it.key() + " is missing";
            if (f.readAll() != it.value())
                return it.key() + " differs";
            if (QFile::exists(f.fileName() + ".part"))
                return it.key() + ".part is left";
        }
        return {};
    }
    QByteArray listingOverride; // non-empty: served instead of the real listing
    QString redirectTo;         // Fault::Redirect's target hub
    int fileRequests = 0;
    QList<qint64> requestStarts; // each file request's first byte (0 without a Range), in order
    // Body bytes of files written to the sockets (what a client was sent,
    // over all requests): the measure of how much a download fetched.
    qint64 bytesServed = 0;
    // The part of bytesServed that answered bounded Range requests past a
    // file's first 8 bytes: convert-while-downloading's trunk ranges fetched
    // ahead (header reads start at 0 or 8; whole-file resumes are open-ended).
    qint64 rangeBytesServed = 0;
    // > 0: every file body goes out in pieces of this many bytes, one per
    // trickleMs (a slow server, or a download slow enough to interrupt).
    // Fault::Slow trickles one request this way (trickleBytes or 8 KiB).
    int trickleBytes = 0;
    int trickleMs = 20;

    QByteArray listing() const
    {
        if (!listingOverride.isEmpty())
            return listingOverride;
        QJsonArray a;
        a.append(QJsonObject{{"type", "directory"}, {"path", "weights"}, {"size", 0}});
        for (auto it = files.begin(); it != files.end(); ++it) {
            QJsonObject e{{"type", "file"}, {"path", it.key()}, {"size", it.value().size()}};
            if (it.value().size() > 1000) // the big ones are LFS files with a SHA-256
                e.insert("lfs", QJsonObject{{"oid", QString::fromLatin1(QCryptographicHash::hash(
                                                        it.value(), QCryptographicHash::Sha256).toHex())},
                                            {"size", it.value().size()}});
            a.append(e);
        }
        return QJsonDocument(a).toJson(QJsonDocument::Compact);
    }

private:
    void onData(QTcpSocket *s)
    {
        QByteArray &buf = m_buffers[s];
        buf += s->readAll();
        const qsizetype end = buf.indexOf("\r\n\r\n");
        if (end < 0)
            return;
        const QList<QByteArray> lines = buf.left(end).split('\n');
        m_buffers.remove(s);
        // One request per connection: a client that sends another on this one
        // (taking a closing connection for a kept-alive one) is not answered
        // here, and the bytes such an answer would count were never received.
        QObject::disconnect(s, &QTcpSocket::readyRead, this, nullptr);
        const QList<QByteArray> first = lines.value(0).trimmed().split(' ');
        const QString path = QString::fromUtf8(QByteArray::fromPercentEncoding(first.value(1)));
        qint64 from = 0, to = -1; // Range: bytes=from-[to]
        for (const QByteArray &l : lines)
            if (l.toLower().startsWith("range: bytes=")) {
                const QList<QByteArray> ends = l.trimmed().mid(13).split('-');
                from = ends.value(0).toLongLong();
                to = ends.value(1).isEmpty() ? -1 : ends.value(1).toLongLong();
            }
        if (path.startsWith(QStringLiteral("/api/models/org/model/tree/main")))
            return reply(s, "200 OK", listing(), {});
        const QString prefix = QStringLiteral("/org/model/resolve/main/");
        if (!path.startsWith(prefix))
            return reply(s, "404 Not Found", "no such page", {});
        const QString name = path.mid(prefix.size());
        ++fileRequests;
        requestStarts.append(from);
        const Fault fault = faults[name].isEmpty() ? Fault::None : faults[name].takeFirst();
        if (!files.contains(name) || fault == Fault::NotFound)
            return reply(s, "404 Not Found", "Entry not found", {});
        switch (fault) {
        case Fault::Status503:
            return reply(s, "503 Service Unavailable", "busy", {"Retry-After: 0"});
        case Fault::Status429:
            return reply(s, "429 Too Many Requests", "slow down", {"Retry-After: 1"});
        case Fault::Redirect:
            return reply(s, "302 Found", {}, {"Location: " + (redirectTo + prefix + name).toUtf8()});
        default:
            break;
        }
        QByteArray body = files[name];
        if (fault == Fault::Corrupt)
            body[body.size() / 2] = char(body[body.size() / 2] ^ 0x5a);
        QByteArray status = "200 OK";
        QList<QByteArray> headers;
        if ((from > 0 || to >= 0) && from < body.size()) {
            const qint64 last = to >= from && to < body.size() ? to : body.size() - 1;
            status = "206 Partial Content";
            headers.append("Content-Range: bytes " + QByteArray::number(from) + "-" + QByteArray::number(last) + "/" +
                           QByteArray::number(body.size()));
            body = body.mid(from, last - from + 1);
        }
        if (fault == Fault::CutMidFile || fault == Fault::Truncated) {
            // The headers promise the whole body; half of it comes, then the
            // connection is reset (cut) or closed politely (truncated).
            writeHead(s, status, body.size(), headers);
            bytesServed += body.size() / 2;
            s->write(body.left(body.size() / 2));
            s->flush();
            s->waitForBytesWritten(1000);
            if (fault == Fault::CutMidFile)
                s->abort();
            else
                s->disconnectFromHost();
            return;
        }
        const bool aheadRange = to >= 0 && from > 8;
        if (fault == Fault::Slow || trickleBytes > 0) {
            writeHead(s, status, body.size(), headers);
            trickle(s, body, trickleBytes > 0 ? trickleBytes : 8192, aheadRange);
            return;
        }
        bytesServed += body.size();
        if (aheadRange)
            rangeBytesServed += body.size();
        reply(s, status, body, headers);
    }

    // Sends `body` a piece per trickleMs; stops when the client goes away
    // (the timer belongs to the socket).
    void trickle(QTcpSocket *s, const QByteArray &body, int piece, bool aheadRange)
    {
        auto *timer = new QTimer(s);
        auto sent = std::make_shared<qsizetype>(0);
        connect(timer, &QTimer::timeout, s, [this, s, timer, body, piece, sent, aheadRange] {
            if (s->state() != QAbstractSocket::ConnectedState) {
                timer->stop();
                return;
            }
            const QByteArray part = body.mid(*sent, piece);
            *sent += part.size();
            bytesServed += part.size();
            if (aheadRange)
                rangeBytesServed += part.size();
            s->write(part);
            if (*sent >= body.size()) {
                timer->stop();
                s->disconnectFromHost();
            }
        });
        timer->start(trickleMs);
    }

    static void writeHead(QTcpSocket *s, const QByteArray &status, qint64 length, const QList<QByteArray> &headers)
    {
        QByteArray head = "HTTP/1.1 " + status + "\r\nContent-Length: " + QByteArray::number(length) +
                          "\r\nConnection: close\r\n";
        for (const QByteArray &h : headers)
            head += h + "\r\n";
        s->write(head + "\r\n");
    }

    static void reply(QTcpSocket *s, const QByteArray &status, const QByteArray &body, const QList<QByteArray> &headers)
    {
        writeHead(s, status, body.size(), headers);
        s->write(body);
        s->disconnectFromHost();
    }

    QTcpServer m_server;
    QHash<QTcpSocket *, QByteArray> m_buffers;
};

inline QByteArray randomBytes(int n, quint32 seed);

inline void MockHub::fillTwoShards(int firstBytes, int secondBytes, quint32 seed)
{
    files.insert("config.json", "{\"model_type\": \"kimi_linear\"}");
    files.insert("model-00001-of-00002.safetensors", randomBytes(firstBytes, seed));
    files.insert("model-00002-of-00002.safetensors", randomBytes(secondBytes, seed + 1));
}

inline QByteArray randomBytes(int n, quint32 seed)
{
    QByteArray b(n, Qt::Uninitialized);
    QRandomGenerator g(seed);
    for (char &c : b)
        c = char(g.generate() & 0xff);
    return b;
}

} // namespace sluicetest
