#include "qt/convertworker.h"

#include "convert/converter.h"
#include "format/release.h"
#include "qt/tsanhandoff.h"

#include <chrono>

namespace sluice::qt {

namespace {

convert::ConvertOptions optionsFor(const ConvertRequest &r)
{
    convert::ConvertOptions o;
    o.jobs = r.jobs;
    o.expertFmt = r.expertFmt.toStdString();
    o.reclaim = r.reclaim;
    o.sampleVectors = r.sampleVectors;
    o.iterations = r.iterations;
    return o;
}

} // namespace

void registerConvertMetaTypes()
{
    qRegisterMetaType<sluice::qt::ConvertRequest>();
    qRegisterMetaType<sluice::qt::ConvertStatus>();
    installTsanHandoff(); // before the worker thread starts (tsanhandoff.h; empty without TSan)
}

ConvertSpaceInfo convertSpace(const ConvertRequest &request)
{
    ConvertSpaceInfo info;
    auto release = ReleaseCheckpoint::open(request.source.toStdString());
    if (!release) {
        info.error = ErrorText::fromStatus(release.status());
        return info;
    }
    auto space = convert::conversionSpace(**release, request.destination.toStdString(), optionsFor(request));
    if (!space) {
        info.error = ErrorText::fromStatus(space.status());
        return info;
    }
    info.needed = space->needed;
    info.available = space->available;
    info.peakMemory = convert::peakWorkingSetBytes(**release, optionsFor(request));
    return info;
}

void ConvertWorker::start(const ConvertRequest &request)
{
    m_stop.store(false);
    convert::ConvertOptions o = optionsFor(request);
    const auto t0 = std::chrono::steady_clock::now();
    auto last = t0 - std::chrono::seconds(1);
    std::string lastPhase;
    o.progress = [&](const convert::ConvertProgress &p) {
        if (m_stop.load())
            return false;
        const auto now = std::chrono::steady_clock::now();
        // At most ~10 signals a second (the trunk pass calls once per band or
        // small tensor, thousands of times on K3), and every phase change.
        if (now - last >= std::chrono::milliseconds(100) || p.phase != lastPhase) {
            last = now;
            lastPhase = p.phase;
            ConvertStatus s;
            static_cast<convert::ConvertProgress &>(s) = p;
            const double secs = std::chrono::duration<double>(now - t0).count();
            if (secs > 0 && p.expertsEncodedThisRun > 0) {
                s.expertsPerSecond = double(p.expertsEncodedThisRun) / secs;
                s.etaSeconds = double(p.expertsTotal - p.expertsDone) / s.expertsPerSecond;
            }
            if (p.phase == "trunk") {
                const uint64_t thisRun = p.trunkBytesDone - p.trunkBytesResumed;
                if (secs > 0 && thisRun > 0) {
                    s.trunkBytesPerSecond = double(thisRun) / secs;
                    s.etaSeconds = double(p.trunkBytesTotal - p.trunkBytesDone) / s.trunkBytesPerSecond;
                }
            }
            Q_EMIT progress(s);
        }
        return true;
    };
    auto r = convert::convertRelease(request.source.toStdString(), request.destination.toStdString(), o);
    if (r)
        Q_EMIT finished(true, false, ErrorText::plainText(r->alreadyComplete ? tr("already converted") : QString()),
                        request.destination);
    else
        Q_EMIT finished(false, r.status().code() == ErrorCode::Cancelled,
                        ErrorText::fromStatus(r.status()), request.destination);
}

ConvertThread::ConvertThread(QObject *parent) : QObject(parent), m_worker(new ConvertWorker)
{
    registerConvertMetaTypes();
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(this, &ConvertThread::requestStart, m_worker, &ConvertWorker::start, Qt::QueuedConnection);
    m_thread.setObjectName(QStringLiteral("sluice-convert"));
    m_thread.start();
}

ConvertThread::~ConvertThread()
{
    m_worker->stop();
    m_thread.quit();
    m_thread.wait();
    tsanThreadJoined(&m_thread); // TSan only: the thread's exit ordered before what follows (tsanhandoff.h)
}

} // namespace sluice::qt
