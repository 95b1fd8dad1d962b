#pragma once
// Hub downloads (api/download.h) for the app: a DownloadWorker lives on its
// own QThread (DownloadThread wraps the plumbing), lists the repository, runs
// downloadHubFiles and reports by queued signals, so a chat and the window
// stay responsive. pause() and cancel() may be called from any thread:
// pause stops at the next progress tick and keeps every .part (a later
// start() with the same request resumes them with Range requests, fetching
// no finished byte again); cancel stops and deletes the parts of this
// repository's files (complete files stay, a rerun skips them).
#include "api/download.h" // HubFile, Status
#include "qt/errortext.h"

#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QThread>

#include <atomic>
#include <optional>
#include <vector>

namespace sluice::qt {

struct DownloadRequest {
    QString endpoint;              // empty = the public hub
    QString repo;                  // "owner/name"
    QString revision = QStringLiteral("main");
    QString token;                 // gated repositories; never logged, never in a signal
    QString folder;                // created; a rerun resumes
    int jobs = 3;
    quint64 maxBytesPerSecond = 0; // 0 = no limit
    int backoffBaseMs = 500;       // tests retry at once
    quint64 jitterSeed = 0;        // 0 = from the clock
    // Convert while downloading (api/download.h downloadAndConvert) when set:
    // `folder` is the staging folder, the container goes here.
    QString convertTo;
    quint64 maxStagingBytes = 0;   // 0 = no bound
    int convertJobs = 0;           // 0 = the ideal thread count (output does not depend on it)
    int sampleVectors = 0;         // 0 = the converter's default; tests convert with a small sample
    int iterations = 0;            // 0 = the converter's default
};

struct FileProgress {
    QString path;
    quint64 done = 0;
    quint64 size = 0;
};

struct DownloadStatus {
    QList<FileProgress> files; // in flight, in the order they started
    quint64 totalDone = 0;
    quint64 totalSize = 0;
    int filesDone = 0;         // complete, fetched now or before
    int filesTotal = 0;
    double bytesPerSecond = 0; // received this run, over its time so far
    double etaSeconds = -1;    // -1 until a rate is known
    // Convert while downloading: the converter's step, when it is the one working.
    bool converting = false;
    QString convertPhase;      // "trunk", "codebooks", "experts", "finish"
    int layer = -1;            // the MoE layer being converted
    int layersDone = 0;
    int layers = 0;
    // A BitTorrent fetch (qt/torrentworker.h): its peers (-1 = not a torrent) and its check of the files on disk.
    int peers = -1;
    bool checking = false;
};

class DownloadWorker : public QObject
{
    Q_OBJECT
public:
    // Either stops the run within ~100 ms, also while it waits on the network.
    void pause()
    {
        m_pause.store(true);
        m_halt.store(true);
    }
    void cancel()
    {
        m_cancel.store(true);
        m_halt.store(true);
    }
    // Before a start is queued, so a pause asked for while it waits still counts.
    void rearm()
    {
        m_pause.store(false);
        m_cancel.store(false);
        m_halt.store(false);
    }

public Q_SLOTS:
    void start(const sluice::qt::DownloadRequest &request);

Q_SIGNALS:
    void listed(int files, quint64 totalBytes);
    void progress(const sluice::qt::DownloadStatus &status);
    void paused();    // stopped by pause(): resumable
    void cancelled(); // stopped by cancel(): the parts are gone
    void finished(const QString &folder, quint64 bytesFetched); // the container's folder when converting
    void failed(const sluice::qt::ErrorText &message); // names the repository or the file

private:
    void startConverting(const DownloadRequest &request);
    std::optional<std::vector<HubFile>> listRepository(const HubOptions &o);
    void ended(const Status &status, const DownloadRequest &request, const std::vector<HubFile> &files);
    void stopped(const DownloadRequest &request, const QStringList &parts); // after a Cancelled run

    std::atomic<bool> m_pause{false};
    std::atomic<bool> m_cancel{false};
    std::atomic<bool> m_halt{false}; // either: the downloader's cancel flag
};

class DownloadThread : public QObject
{
    Q_OBJECT
public:
    explicit DownloadThread(QObject *parent = nullptr);
    ~DownloadThread() override;
    DownloadWorker *worker() const { return m_worker; }
    void start(const DownloadRequest &request)
    {
        m_worker->rearm();
        Q_EMIT requestStart(request);
    }
    void pause() { m_worker->pause(); }
    void cancel() { m_worker->cancel(); }

Q_SIGNALS:
    void requestStart(const sluice::qt::DownloadRequest &request);

private:
    QThread m_thread;
    DownloadWorker *m_worker = nullptr;
};

void registerDownloadMetaTypes();

} // namespace sluice::qt

Q_DECLARE_METATYPE(sluice::qt::DownloadRequest)
Q_DECLARE_METATYPE(sluice::qt::DownloadStatus)
