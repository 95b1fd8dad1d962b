#pragma once
// The app's background jobs that are not generation: the disk speed test,
// the container verification and the tok/s estimate's trace simulation. Each
// runs with Qt Concurrent (QtConcurrent::run with a QPromise for progress and
// cancel); the QObject wrappers hold the QFutureWatcher and answer with
// signals on the GUI thread, which never waits on a job.
#include "api/inspect.h"

#include <QFutureWatcher>
#include <QObject>
#include <QString>
#include <QStringList>
#include <functional>
#include <optional>

namespace sluice::gui {

// The slices' reads summed (api/inspecttypes.h DiskBenchResult: bytes,
// seconds, directIo, gbPerSecond()) and what was read.
struct DiskTestResult : DiskBenchResult {
    QString error;        // non-empty = failed
    QString file;         // what was read
    bool cancelled = false;
};

struct VerifyOutcome {
    QString error;        // the container could not be opened
    VerifyReport report;
};

// The tok/s estimate (docs/gui.md "Estimate"): disk-bound, from the measured
// bandwidth and the hit rates simulated on a routing trace.
struct TokRateEstimate {
    QString error;               // non-empty = no estimate (e.g. no trace)
    QString traceName;
    int simSlots = 0;            // slots simulated on the trace (scaled to its working set)
    double coldHitRate = 0;      // over the whole trace, first touches included
    double warmHitRate = 0;      // first touches of each (layer, expert) excluded
    double lowTokPerSec = 0;     // at coldHitRate
    double highTokPerSec = 0;    // at warmHitRate; infinite when nothing misses once warm
};

// Pure: the estimate for a plan and cache sizing, given the disk bandwidth and
// a trace file. Runs the simulation; call it off the GUI thread.
TokRateEstimate estimateTokRate(const MemoryPlan &plan, const CacheSizing &sizing, double diskGBps,
                                const QString &tracePath);

// The routing trace the estimate uses: the first *.jsonl under the shared
// data's traces/ folder (SLUICE_TRACE_DIR overrides), "" when none.
QString defaultTracePath();

// Runs O_DIRECT record-sized reads (runDiskBench, threads engine, qd 4) on a
// file for about `seconds`, in short slices so Cancel takes effect promptly.
class DiskTestJob : public QObject
{
    Q_OBJECT
public:
    explicit DiskTestJob(QObject *parent = nullptr);
    ~DiskTestJob() override;
    // modelPath: a container folder (its largest expert bank is read), or a plain file.
    void start(const QString &modelPathOrFile, double seconds = 2.0, quint64 recordBytes = 0);
    void cancel();
    bool isRunning() const { return m_watcher.isRunning(); }

Q_SIGNALS:
    void progress(int percent);
    void finished(const sluice::gui::DiskTestResult &result);

private:
    QFutureWatcher<DiskTestResult> m_watcher;
};

class VerifyJob : public QObject
{
    Q_OBJECT
public:
    explicit VerifyJob(QObject *parent = nullptr);
    ~VerifyJob() override;
    void start(const QString &modelPath);
    void cancel();
    bool isRunning() const { return m_watcher.isRunning(); }

Q_SIGNALS:
    void progress(int done, int total);
    void finished(const sluice::gui::VerifyOutcome &outcome);

private:
    QFutureWatcher<VerifyOutcome> m_watcher;
};

class EstimateJob : public QObject
{
    Q_OBJECT
public:
    explicit EstimateJob(QObject *parent = nullptr);
    ~EstimateJob() override;
    void start(const MemoryPlan &plan, const CacheSizing &sizing, double diskGBps, const QString &tracePath);
    void cancel();
    bool isRunning() const { return m_watcher.isRunning(); }

Q_SIGNALS:
    void finished(const sluice::gui::TokRateEstimate &estimate);

private:
    QFutureWatcher<TokRateEstimate> m_watcher;
    // A request made while one runs replaces any earlier waiting one and starts
    // when the running one ends, so the last budget chosen is the one estimated.
    std::function<void()> m_pending;
};

// "3.1–7.4 tok/s (estimate …)" in the user's language.
QString estimateText(const TokRateEstimate &e, const QString &modelName = QString());

} // namespace sluice::gui
