#pragma once
// BitTorrent fetches (api/torrent.h) for the app: the same shape as
// qt/downloadworker.h — a TorrentWorker on its own QThread (TorrentThread),
// reporting by queued signals with DownloadStatus (bytes, rate, time left and
// the peer count), so the "Get a model" dialog shows a torrent as it shows a
// download. pause() stops within a progress tick and keeps the pieces and the
// fast-resume data beside them; start() again with the same request resumes.
#include "qt/downloadworker.h"

#include <QObject>
#include <QString>
#include <QStringList>
#include <QThread>

#include <atomic>

namespace sluice::qt {

struct TorrentRequest {
    QString source;      // a .torrent file or a "magnet:?" link
    QString folder;      // the target: the torrent's own folder is made inside it
    QStringList peers;   // "host:port" connected to directly (a LAN, a test)
    bool localOnly = false; // loopback listen, no DHT/LSD/UPnP/NAT-PMP: tests and a LAN-only fetch
    quint64 maxBytesPerSecond = 0; // 0 = no limit (local peers included)
    quint64 maxUploadBytesPerSecond = 0; // sending, while downloading and seeding; 0 = no limit
    // Seeding once complete (off by default; TorrentOptions::seedRatio / seedTimeMs): finished() is
    // emitted at completion, then seeding() while it serves, then seedingEnded().
    double seedRatio = 0;
    qint64 seedTimeMs = 0;
};

class TorrentWorker : public QObject
{
    Q_OBJECT
public:
    void pause() { m_halt.store(true); }
    void rearm() { m_halt.store(false); }

public Q_SLOTS:
    void start(const sluice::qt::TorrentRequest &request);

Q_SIGNALS:
    void progress(const sluice::qt::DownloadStatus &status); // files empty; peers set
    void paused();
    void finished(const QString &folder, quint64 bytesFetched); // folder: where the payload is
    void failed(const sluice::qt::ErrorText &message);
    // After finished(), when the request seeds: the bytes sent so far, the upload rate and the peers.
    void seeding(quint64 uploaded, double bytesPerSecond, int peers);
    // The seeding stopped: at the ratio or the time limit, by pause(), or on an error (`message`).
    void seedingEnded(quint64 uploaded, double secondsSeeded, const QString &why);

private:
    std::atomic<bool> m_halt{false};
};

class TorrentThread : public QObject
{
    Q_OBJECT
public:
    explicit TorrentThread(QObject *parent = nullptr);
    ~TorrentThread() override;
    TorrentWorker *worker() const { return m_worker; }
    void start(const TorrentRequest &request)
    {
        m_worker->rearm();
        Q_EMIT requestStart(request);
    }
    void pause() { m_worker->pause(); }

Q_SIGNALS:
    void requestStart(const sluice::qt::TorrentRequest &request);

private:
    QThread m_thread;
    TorrentWorker *m_worker = nullptr;
};

} // namespace sluice::qt

Q_DECLARE_METATYPE(sluice::qt::TorrentRequest)
