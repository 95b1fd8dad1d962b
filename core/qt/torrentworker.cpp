#include "qt/torrentworker.h"

#include "api/torrent.h"
#include "qt/tsanhandoff.h"

#include <chrono>

namespace sluice::qt {

namespace {

TorrentOptions optionsFor(const TorrentRequest &r)
{
    TorrentOptions o;
    o.maxDownloadBytesPerSecond = r.maxBytesPerSecond;
    o.maxUploadBytesPerSecond = r.maxUploadBytesPerSecond;
    o.seedRatio = r.seedRatio;
    o.seedTimeMs = r.seedTimeMs;
    for (const QString &peer : r.peers)
        if (!peer.trimmed().isEmpty())
            o.peers.push_back(peer.trimmed().toStdString());
    if (r.localOnly) {
        o.listen = "127.0.0.1:0";
        o.dht = o.lsd = o.upnp = o.natpmp = false;
    }
    return o;
}

DownloadStatus statusOf(const TorrentProgress &p)
{
    DownloadStatus s;
    s.totalDone = p.done;
    s.totalSize = p.total;
    s.bytesPerSecond = p.downloadBytesPerSecond;
    s.etaSeconds = p.downloadBytesPerSecond > 0 && p.total >= p.done
                       ? double(p.total - p.done) / p.downloadBytesPerSecond
                       : -1;
    s.peers = p.peers;
    s.checking = p.checking;
    return s;
}

QString seedEndText(const TorrentReport &r)
{
    switch (r.seedEnd) {
    case SeedEnd::Ratio:
        return QStringLiteral("ratio");
    case SeedEnd::Time:
        return QStringLiteral("time");
    case SeedEnd::Failed:
        return QString::fromStdString(r.seedError);
    case SeedEnd::Stopped:
    case SeedEnd::NotSeeded:
        break;
    }
    return QStringLiteral("stopped");
}

} // namespace

void TorrentWorker::start(const TorrentRequest &request)
{
    auto last = std::chrono::steady_clock::time_point{};
    bool completed = false; // finished() was emitted: what follows is seeding
    const auto onProgress = [&](const TorrentProgress &p) {
        if (m_halt.load())
            return false; // the pieces and the resume data stay
        if (p.seeding && !completed) { // the payload is complete: Open works while it seeds
            completed = true;
            DownloadStatus s = statusOf(p);
            s.peers = 0;
            Q_EMIT progress(s);
            Q_EMIT finished(QString::fromStdString(p.folder), p.downloaded);
            last = std::chrono::steady_clock::now();
            return true;
        }
        const auto now = std::chrono::steady_clock::now();
        if (now - last >= std::chrono::milliseconds(100)) {
            last = now;
            if (completed)
                Q_EMIT seeding(p.uploaded, p.uploadBytesPerSecond, p.peers);
            else
                Q_EMIT progress(statusOf(p));
        }
        return true;
    };
    auto report = fetchTorrent(request.source.trimmed().toStdString(), request.folder.toStdString(),
                               optionsFor(request), onProgress, &m_halt);
    if (report && completed) {
        Q_EMIT seedingEnded(report->bytesUploaded, report->secondsSeeded, seedEndText(*report));
    } else if (report) {
        DownloadStatus s;
        s.totalDone = s.totalSize = report->torrent.totalBytes;
        s.peers = 0;
        Q_EMIT progress(s);
        Q_EMIT finished(QString::fromStdString(report->folder), report->bytesDownloaded);
    } else if (report.status().code() == ErrorCode::Cancelled) {
        Q_EMIT paused();
    } else {
        Q_EMIT failed(ErrorText::fromStatus(report.status()));
    }
}

TorrentThread::TorrentThread(QObject *parent) : QObject(parent), m_worker(new TorrentWorker)
{
    registerDownloadMetaTypes();
    qRegisterMetaType<sluice::qt::TorrentRequest>();
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(this, &TorrentThread::requestStart, m_worker, &TorrentWorker::start, Qt::QueuedConnection);
    m_thread.setObjectName(QStringLiteral("sluice-torrent"));
    m_thread.start();
}

TorrentThread::~TorrentThread()
{
    m_worker->pause(); // the pieces and the resume data stay for the next start
    m_thread.quit();
    m_thread.wait();
    tsanThreadJoined(&m_thread);
}

} // namespace sluice::qt
