#pragma once
// The converter (core/convert) for the app: a ConvertWorker lives on its own
// QThread (ConvertThread wraps the plumbing) and reports by queued signals, so
// the UI stays responsive. stop() may be called from any thread: the worker
// stops between two records and says so in finished(cancelled = true); a
// later start() with the same arguments resumes (pause = stop + start).
#include "api/convert.h"
#include "qt/errortext.h"

#include <QObject>
#include <QString>
#include <QThread>

#include <atomic>

namespace sluice::qt {

struct ConvertRequest {
    QString source;
    QString destination;
    int jobs = 1;
    QString expertFmt = QStringLiteral("VQ3R");
    bool reclaim = false;
    int sampleVectors = 300000; // the spec's sample; tests use fewer
    int iterations = 10;
};

// The converter's own progress (api/convert.h ConvertProgress: phase, layer,
// records and trunk bytes done of total) plus the rates this run measured.
struct ConvertStatus : convert::ConvertProgress {
    double expertsPerSecond = 0; // this run's encoding rate
    double etaSeconds = -1;      // -1 until a rate is known (in "trunk": the trunk pass's)
    double trunkBytesPerSecond = 0; // the trunk pass: this run's rate in source bytes per second
};

// Bytes the conversion still needs on the destination and what is free
// there; `error` is set when the source does not open.
struct ConvertSpaceInfo {
    quint64 needed = 0;
    quint64 available = 0;
    quint64 peakMemory = 0; // the converter's stated working-set bound (convert::peakWorkingSetBytes)
    ErrorText error;
};
ConvertSpaceInfo convertSpace(const ConvertRequest &request);

class ConvertWorker : public QObject
{
    Q_OBJECT
public:
    void stop() { m_stop.store(true); }

public Q_SLOTS:
    void start(const sluice::qt::ConvertRequest &request);

Q_SIGNALS:
    void progress(const sluice::qt::ConvertStatus &status);
    // ok: the container is complete at `destination`; cancelled: stopped by
    // stop(), resumable; otherwise `message` says what failed.
    void finished(bool ok, bool cancelled, const sluice::qt::ErrorText &message, const QString &destination);

private:
    std::atomic<bool> m_stop{false};
};

class ConvertThread : public QObject
{
    Q_OBJECT
public:
    explicit ConvertThread(QObject *parent = nullptr);
    ~ConvertThread() override;
    ConvertWorker *worker() const { return m_worker; }
    void start(const ConvertRequest &request) { Q_EMIT requestStart(request); }
    void stop() { m_worker->stop(); }

Q_SIGNALS:
    void requestStart(const sluice::qt::ConvertRequest &request);

private:
    QThread m_thread;
    ConvertWorker *m_worker = nullptr;
};

void registerConvertMetaTypes();

} // namespace sluice::qt

Q_DECLARE_METATYPE(sluice::qt::ConvertRequest)
Q_DECLARE_METATYPE(sluice::qt::ConvertStatus)
