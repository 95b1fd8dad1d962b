#include "app/backgroundjobs.h"

#include "common/errortext.h"
#include "api/planning.h"


#include <QCoreApplication>
#include <QLocale>
#include <QDir>
#include <QFileInfo>
#include <QPromise>
#include <QStandardPaths>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>
#include <cmath>
#include <limits>

namespace sluice::gui {

namespace {

// The disk test reads the model's largest expert bank: the file streaming reads.
DiskTestResult diskTestImpl(QPromise<DiskTestResult> &promise, const QString &target, double seconds, quint64 recordBytes)
{
    DiskTestResult r;
    auto streamed = streamedFile(target.toStdString());
    if (!streamed) {
        r.error = errorText(streamed.status());
        return r;
    }
    const std::string file = streamed->path;
    if (streamed->recordBytes)
        recordBytes = streamed->recordBytes;
    if (recordBytes == 0)
        recordBytes = 1u << 20;
    r.file = QString::fromStdString(file);
    // Short slices so Cancel answers within a fraction of a second.
    const double slice = std::min(0.25, seconds);
    const int slices = std::max(1, int(std::lround(seconds / slice)));
    promise.setProgressRange(0, slices);
    for (int i = 0; i < slices; ++i) {
        if (promise.isCanceled()) {
            r.cancelled = true;
            return r;
        }
        auto b = measureDiskSpeed(file, recordBytes, slice, uint32_t(i + 1));
        if (!b) {
            r.error = errorText(b.status());
            return r;
        }
        r.directIo = b->directIo;
        r.bytes += b->bytes;
        r.seconds += b->seconds;
        promise.setProgressValue(i + 1);
    }
    return r;
}

VerifyOutcome verifyImpl(QPromise<VerifyOutcome> &promise, const QString &modelPath)
{
    VerifyOutcome out;
    // A damaged bank is reported per record, not refused at open.
    auto report = verifyModel(modelPath.toStdString(), [&](uint64_t done, uint64_t total) {
        if (done == 1)
            promise.setProgressRange(0, int(total));
        promise.setProgressValue(int(done));
        return !promise.isCanceled();
    });
    if (!report)
        out.error = errorText(report.status());
    else
        out.report = std::move(*report);
    return out;
}

void diskTest(QPromise<DiskTestResult> &promise, const QString &target, double seconds, quint64 recordBytes)
{
    DiskTestResult r = diskTestImpl(promise, target, seconds, recordBytes);
    promise.addResult(r);
}

void verify(QPromise<VerifyOutcome> &promise, const QString &modelPath)
{
    VerifyOutcome o = verifyImpl(promise, modelPath);
    promise.addResult(o);
}

} // namespace

TokRateEstimate estimateTokRate(const MemoryPlan &plan, const CacheSizing &sizing, double diskGBps,
                                const QString &tracePath)
{
    TokRateEstimate e;
    if (tracePath.isEmpty()) {
        e.error = QCoreApplication::translate("sluice::gui::EstimateJob",
                                              "The estimate needs a routing trace (*.jsonl); none was found.");
        return e;
    }
    if (diskGBps <= 0 || plan.topK <= 0 || plan.moeLayers <= 0 || plan.recordBytes == 0) {
        e.error = QCoreApplication::translate("sluice::gui::EstimateJob", "The estimate needs a disk speed and a model.");
        return e;
    }
    // The trace comes from another model: the cache's size is kept in working
    // sets (slots / (topK x MoE layers)) and replayed on the trace's own.
    const double modelWs = double(plan.topK) * double(plan.moeLayers);
    auto hits = estimateTraceHits(tracePath.toStdString(), double(sizing.slotCount) / modelWs);
    if (!hits) {
        e.error = errorText(hits.status());
        return e;
    }
    e.traceName = QString::fromStdString(hits->traceName);
    e.simSlots = hits->simSlots;
    e.coldHitRate = hits->coldHitRate;
    e.warmHitRate = hits->warmHitRate;
    const double wsBytes = modelWs * double(plan.recordBytes);
    const double bandwidth = diskGBps * 1e9;
    auto rate = [&](double hit) {
        const double miss = (1.0 - hit) * wsBytes;
        return miss > 0 ? bandwidth / miss : std::numeric_limits<double>::infinity();
    };
    e.lowTokPerSec = rate(e.coldHitRate);
    e.highTokPerSec = rate(e.warmHitRate);
    return e;
}

QString defaultTracePath()
{
    std::vector<std::string> dirs;
    const QString env = qEnvironmentVariable("SLUICE_TRACE_DIR");
    if (!env.isEmpty())
        dirs.push_back(env.toStdString());
    dirs.push_back((QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/traces")).toStdString());
#ifdef SLUICE_DEV_TRACE_DIR
    dirs.push_back(SLUICE_DEV_TRACE_DIR);
#endif
    return QString::fromStdString(findRoutingTrace(dirs));
}

QString estimateText(const TokRateEstimate &e, const QString &modelName)
{
    if (!e.error.isEmpty())
        return e.error;
    const QLocale locale;
    const QString high = std::isinf(e.highTokPerSec)
        ? QCoreApplication::translate("sluice::gui::EstimateJob", "no disk reads once warm")
        : locale.toString(e.highTokPerSec, 'f', 1);
    const QString model = modelName.isEmpty()
        ? QCoreApplication::translate("sluice::gui::EstimateJob", "this model")
        : modelName;
    // The trace is another model's: the label names the model estimated, and
    // says the expert choices are borrowed, not which file they came from.
    return QCoreApplication::translate("sluice::gui::EstimateJob",
                                       "Estimate for %1: %2–%3 tokens/s if the disk is the limit (expert cache "
                                       "hit rate %4–%5%, from expert choices recorded on another model)")
        .arg(model, locale.toString(e.lowTokPerSec, 'f', 1), high, locale.toString(e.coldHitRate * 100, 'f', 1),
             locale.toString(e.warmHitRate * 100, 'f', 1));
}

DiskTestJob::DiskTestJob(QObject *parent)
    : QObject(parent)
{
    connect(&m_watcher, &QFutureWatcher<DiskTestResult>::progressValueChanged, this, [this](int v) {
        const int max = m_watcher.progressMaximum();
        Q_EMIT progress(max > 0 ? v * 100 / max : 0);
    });
    connect(&m_watcher, &QFutureWatcher<DiskTestResult>::finished, this, [this] {
        DiskTestResult r;
        if (m_watcher.future().resultCount() > 0)
            r = m_watcher.result();
        else
            r.cancelled = true;
        Q_EMIT finished(r);
    });
}

DiskTestJob::~DiskTestJob()
{
    m_watcher.cancel();
    m_watcher.waitForFinished();
}

void DiskTestJob::start(const QString &target, double seconds, quint64 recordBytes)
{
    if (m_watcher.isRunning())
        return;
    m_watcher.setFuture(QtConcurrent::run(diskTest, target, seconds, recordBytes));
}

void DiskTestJob::cancel() { m_watcher.cancel(); }

VerifyJob::VerifyJob(QObject *parent)
    : QObject(parent)
{
    connect(&m_watcher, &QFutureWatcher<VerifyOutcome>::progressValueChanged, this,
            [this](int v) { Q_EMIT progress(v, m_watcher.progressMaximum()); });
    connect(&m_watcher, &QFutureWatcher<VerifyOutcome>::finished, this, [this] {
        VerifyOutcome o;
        if (m_watcher.future().resultCount() > 0)
            o = m_watcher.result();
        else
            o.report.cancelled = true;
        Q_EMIT finished(o);
    });
}

VerifyJob::~VerifyJob()
{
    m_watcher.cancel();
    m_watcher.waitForFinished();
}

void VerifyJob::start(const QString &modelPath)
{
    if (m_watcher.isRunning())
        return;
    m_watcher.setFuture(QtConcurrent::run(verify, modelPath));
}

void VerifyJob::cancel() { m_watcher.cancel(); }

EstimateJob::EstimateJob(QObject *parent)
    : QObject(parent)
{
    connect(&m_watcher, &QFutureWatcher<TokRateEstimate>::finished, this, [this] {
        if (m_pending) {
            const auto next = std::move(m_pending);
            m_pending = nullptr;
            next(); // the running answer is stale
            return;
        }
        if (m_watcher.future().resultCount() > 0)
            Q_EMIT finished(m_watcher.result());
    });
}

EstimateJob::~EstimateJob() { m_watcher.waitForFinished(); }

void EstimateJob::start(const MemoryPlan &plan, const CacheSizing &sizing, double diskGBps, const QString &tracePath)
{
    if (m_watcher.isRunning()) {
        m_pending = [this, plan, sizing, diskGBps, tracePath] { start(plan, sizing, diskGBps, tracePath); };
        return;
    }
    m_watcher.setFuture(QtConcurrent::run(estimateTokRate, plan, sizing, diskGBps, tracePath));
}

void EstimateJob::cancel()
{
    m_pending = nullptr;
    m_watcher.cancel();
}

} // namespace sluice::gui
