#include "qt/downloadworker.h"

#include "api/download.h"
#include "qt/tsanhandoff.h"

#include <QDir>
#include <QFile>
#include <QSet>

#include <QThread>

#include <algorithm>
#include <optional>
#include <chrono>
#include <map>

namespace sluice::qt {

namespace {

HubOptions optionsFor(const DownloadRequest &r)
{
    HubOptions o;
    if (!r.endpoint.trimmed().isEmpty())
        o.endpoint = r.endpoint.trimmed().toStdString();
    o.repo = r.repo.trimmed().toStdString();
    o.revision = r.revision.isEmpty() ? std::string("main") : r.revision.toStdString();
    o.token = r.token.trimmed().toStdString();
    o.jobs = r.jobs;
    o.maxBytesPerSecond = r.maxBytesPerSecond;
    o.backoffBaseMs = r.backoffBaseMs;
    o.backoffMaxMs = std::max(r.backoffBaseMs, std::min(60000, r.backoffBaseMs * 120));
    o.jitterSeed = r.jitterSeed;
    return o;
}

// The in-flight files of a run, kept from the downloader's per-file updates.
class Tracker {
public:
    explicit Tracker(const std::vector<HubFile> &files)
    {
        m_status.filesTotal = int(files.size());
        for (const HubFile &f : files)
            m_status.totalSize += f.size;
    }
    // True when this update should reach the UI now: a file started or ended, or 100 ms passed.
    bool update(const DownloadProgress &p)
    {
        m_status.converting = false;
        m_status.totalDone = p.totalDone;
        m_status.bytesPerSecond = p.bytesPerSecond;
        m_status.etaSeconds = p.bytesPerSecond > 0 ? double(p.totalSize - std::min(p.totalDone, p.totalSize)) /
                                                         p.bytesPerSecond
                                                   : -1;
        bool changed = false;
        // The file that just completed leaves the list at the next update, so the last tick shows it full.
        m_status.files.erase(std::remove_if(m_status.files.begin(), m_status.files.end(),
                                            [&](const FileProgress &f) {
                                                const bool gone = f.done >= f.size && f.path.toStdString() != p.file;
                                                changed |= gone;
                                                return gone;
                                            }),
                             m_status.files.end());
        if (!p.file.empty()) {
            const QString path = QString::fromStdString(p.file);
            auto it = std::find_if(m_status.files.begin(), m_status.files.end(),
                                   [&](const FileProgress &f) { return f.path == path; });
            if (it == m_status.files.end()) {
                m_status.files.append({path, 0, p.fileSize});
                it = m_status.files.end() - 1;
                changed = true;
            }
            if (p.fileDone >= p.fileSize && !m_complete.contains(path)) {
                m_complete.insert(path);
                ++m_status.filesDone;
                changed = true;
            }
            it->done = p.fileDone;
            it->size = p.fileSize;
        }
        const auto now = std::chrono::steady_clock::now();
        if (changed || now - m_last >= std::chrono::milliseconds(100)) {
            m_last = now;
            return true;
        }
        return false;
    }
    const DownloadStatus &status() const { return m_status; }
    // Convert while downloading fetches a step at a time: the overall bytes are
    // the repository's, summed per file (each step's own totals start at 0).
    bool updateStep(const DownloadProgress &p)
    {
        if (!p.file.empty())
            m_fileDone[p.file] = p.fileDone;
        const double rate = p.bytesPerSecond;
        DownloadProgress whole = p;
        whole.totalDone = 0;
        for (const auto &[file, done] : m_fileDone)
            whole.totalDone += done;
        whole.totalSize = m_status.totalSize;
        whole.bytesPerSecond = rate;
        return update(whole);
    }
    // True when the UI should hear it now: the conversion began, its phase or
    // layer moved, or 100 ms passed (a fast step is never skipped whole).
    bool converted(const convert::ConvertProgress &c)
    {
        const QString phase = QString::fromStdString(c.phase);
        const bool moved = !m_status.converting || phase != m_status.convertPhase || c.layer != m_status.layer ||
                           c.layersDone != m_status.layersDone;
        m_status.converting = true;
        m_status.files.clear();
        m_status.convertPhase = phase;
        m_status.layer = c.layer;
        m_status.layersDone = c.layersDone;
        m_status.layers = c.layers;
        m_status.bytesPerSecond = 0;
        m_status.etaSeconds = -1;
        const auto now = std::chrono::steady_clock::now();
        if (!moved && now - m_last < std::chrono::milliseconds(100))
            return false;
        m_last = now;
        return true;
    }

private:
    DownloadStatus m_status;
    QSet<QString> m_complete;
    std::map<std::string, uint64_t> m_fileDone;
    std::chrono::steady_clock::time_point m_last{};
};

} // namespace

void registerDownloadMetaTypes()
{
    qRegisterMetaType<sluice::qt::DownloadRequest>();
    qRegisterMetaType<sluice::qt::DownloadStatus>();
    installTsanHandoff(); // before the worker thread starts (tsanhandoff.h; empty without TSan)
}

// Lists the repository and tells its totals (listed); nothing, with failed
// told, when the listing fails.
std::optional<std::vector<HubFile>> DownloadWorker::listRepository(const HubOptions &o)
{
    auto files = listHubFiles(o);
    if (!files) {
        Q_EMIT failed(ErrorText::fromStatus(files.status()));
        return std::nullopt;
    }
    uint64_t total = 0;
    for (const HubFile &f : *files)
        total += f.size;
    Q_EMIT listed(int(files->size()), total);
    return std::move(*files);
}

void DownloadWorker::start(const DownloadRequest &request)
{
    if (!request.convertTo.isEmpty()) {
        startConverting(request);
        return;
    }
    const HubOptions o = optionsFor(request);
    const auto files = listRepository(o);
    if (!files)
        return;
    Tracker tracker(*files);
    const auto onProgress = [&](const DownloadProgress &p) {
        if (m_pause.load())
            return false; // the parts stay: start() again resumes them
        if (tracker.update(p))
            Q_EMIT progress(tracker.status());
        return true;
    };
    auto report = downloadHubFiles(o, *files, request.folder.toStdString(), onProgress, &m_halt);
    if (report) {
        Q_EMIT progress(tracker.status());
        Q_EMIT finished(request.folder, report->bytesFetched);
        return;
    }
    ended(report.status(), request, *files);
}

// A run that did not finish: a failure is told; a stop (Cancelled) keeps or
// deletes the listing's parts as the request says.
void DownloadWorker::ended(const Status &status, const DownloadRequest &request, const std::vector<HubFile> &files)
{
    if (status.code() != ErrorCode::Cancelled) {
        Q_EMIT failed(ErrorText::fromStatus(status));
        return;
    }
    QStringList parts;
    for (const HubFile &f : files)
        parts.append(QString::fromStdString(f.path));
    stopped(request, parts);
}

void DownloadWorker::stopped(const DownloadRequest &request, const QStringList &parts)
{
    if (m_cancel.load()) {
        // Only this listing's parts: the folder may hold other things.
        const QDir dir(request.folder);
        for (const QString &f : parts)
            QFile::remove(dir.filePath(f + QStringLiteral(".part")));
        Q_EMIT cancelled();
        return;
    }
    Q_EMIT paused();
}

// downloadAndConvert lists the repository itself; it is listed here first for
// the totals and the parts a cancel removes (a listing is a few KB).
void DownloadWorker::startConverting(const DownloadRequest &request)
{
    const HubOptions o = optionsFor(request);
    const auto files = listRepository(o);
    if (!files)
        return;
    Tracker tracker(*files);
    convert::ConvertOptions co;
    co.jobs = request.convertJobs > 0 ? request.convertJobs : std::max(1, QThread::idealThreadCount());
    if (request.sampleVectors > 0)
        co.sampleVectors = request.sampleVectors;
    if (request.iterations > 0)
        co.iterations = request.iterations;
    co.progress = [&](const convert::ConvertProgress &c) {
        if (m_halt.load())
            return false; // the conversion resumes from its checkpoints
        if (tracker.converted(c))
            Q_EMIT progress(tracker.status());
        return true;
    };
    const auto onProgress = [&](const DownloadProgress &p) {
        if (m_pause.load())
            return false;
        if (tracker.updateStep(p))
            Q_EMIT progress(tracker.status());
        return true;
    };
    auto report = downloadAndConvert(o, request.folder.toStdString(), request.convertTo.toStdString(), co,
                                     request.maxStagingBytes, onProgress, &m_halt);
    if (report) {
        Q_EMIT finished(request.convertTo, report->download.bytesFetched);
        return;
    }
    ended(report.status(), request, *files);
}

DownloadThread::DownloadThread(QObject *parent) : QObject(parent), m_worker(new DownloadWorker)
{
    registerDownloadMetaTypes();
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(this, &DownloadThread::requestStart, m_worker, &DownloadWorker::start, Qt::QueuedConnection);
    m_thread.setObjectName(QStringLiteral("sluice-download"));
    m_thread.start();
}

DownloadThread::~DownloadThread()
{
    m_worker->pause(); // parts are dropped only by an explicit cancel: the next start resumes them
    m_thread.quit();
    m_thread.wait();
    tsanThreadJoined(&m_thread); // TSan only: the thread's exit ordered before what follows (tsanhandoff.h)
}

} // namespace sluice::qt
