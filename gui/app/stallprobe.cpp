#include "app/stallprobe.h"

#include <QSaveFile>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>

namespace sluice::gui {

namespace {

QString milliseconds(qint64 us)
{
    return QString::number(double(us) / 1000.0, 'f', 1) + QStringLiteral(" ms");
}

// The calling thread's CPU time; -1 where there is no such clock.
qint64 threadCpuNs()
{
#if defined(CLOCK_THREAD_CPUTIME_ID)
    timespec ts{};
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) == 0)
        return qint64(ts.tv_sec) * 1000000000 + ts.tv_nsec;
#endif
    return -1;
}

} // namespace

StallStats::StallStats()
    : m_bins(kBins, 0)
{
}

void StallStats::add(qint64 us, qint64 atMs, const std::function<QString()> &activity, qint64 busyUs)
{
    us = std::max<qint64>(us, 0);
    ++m_bins[size_t(std::min<qint64>(us / kBinUs, kBins - 1))];
    ++m_count;
    m_max = std::max(m_max, us);
    if (m_widest.size() == kTop && us <= m_widest.last().us)
        return;
    // Only here (a handful of times per run) is the window asked what it does.
    Gap gap{us, atMs, activity ? activity() : QString(), busyUs};
    const auto at = std::find_if(m_widest.begin(), m_widest.end(), [us](const Gap &g) { return g.us < us; });
    m_widest.insert(at, std::move(gap));
    if (m_widest.size() > kTop)
        m_widest.removeLast();
}

qint64 StallStats::percentileUs(double p) const
{
    if (m_count == 0)
        return 0;
    // Nearest rank: the smallest value with at least p % of the gaps at or below it.
    const qint64 rank = std::clamp<qint64>(qint64(std::ceil(p / 100.0 * double(m_count))), 1, m_count);
    qint64 seen = 0;
    for (int b = 0; b < kBins; ++b) {
        seen += m_bins[size_t(b)];
        if (seen >= rank)
            return b * kBinUs;
    }
    return m_max;
}

QString StallStats::summary(qint64 intervalMs, qint64 elapsedMs) const
{
    QString out = QStringLiteral("sluice event-loop probe: %1 timer firings over %2 s (due every %3 ms); "
                                 "a gap is how late a firing came\n")
                      .arg(m_count)
                      .arg(QString::number(double(elapsedMs) / 1000.0, 'f', 1))
                      .arg(intervalMs);
    out += QStringLiteral("p50 %1, p90 %2, p99 %3, max %4\n")
               .arg(milliseconds(percentileUs(50)), milliseconds(percentileUs(90)), milliseconds(percentileUs(99)),
                    milliseconds(m_max));
    out += QStringLiteral("widest gaps:\n");
    for (const Gap &g : m_widest)
        out += QStringLiteral("  %1%2 at %3 s: %4\n")
                   .arg(milliseconds(g.us),
                        g.busyUs < 0 ? QString() : QStringLiteral(" (GUI thread busy %1)").arg(milliseconds(g.busyUs)),
                        QString::number(double(g.atMs) / 1000.0, 'f', 3),
                        g.activity.isEmpty() ? QStringLiteral("-") : g.activity);
    return out;
}

StallProbe::StallProbe(const QString &destination, QObject *parent)
    : QObject(parent)
    , m_destination(destination)
{
    m_timer.setTimerType(Qt::PreciseTimer);
    m_timer.setInterval(kIntervalMs);
    connect(&m_timer, &QTimer::timeout, this, &StallProbe::tick);
}

void StallProbe::start()
{
    m_clock.start();
    m_lastNs = -1;
    m_lastCpuNs = -1;
    m_timer.start();
}

void StallProbe::stop() { m_timer.stop(); }

void StallProbe::tick()
{
    const qint64 now = m_clock.nsecsElapsed();
    const qint64 cpu = threadCpuNs();
    if (m_lastNs >= 0) {
        const qint64 lateUs = (now - m_lastNs) / 1000 - kIntervalMs * 1000;
        m_stats.add(lateUs, now / 1000000, m_activity, cpu < 0 || m_lastCpuNs < 0 ? -1 : (cpu - m_lastCpuNs) / 1000);
    }
    m_lastNs = now;
    m_lastCpuNs = cpu;
}

QString StallProbe::summary() const
{
    return m_stats.summary(kIntervalMs, m_clock.isValid() ? m_clock.elapsed() : 0);
}

bool StallProbe::writeSummary() const
{
    const QByteArray text = summary().toUtf8();
    if (m_destination.isEmpty() || m_destination == QLatin1String("-")) {
        std::fwrite(text.constData(), 1, size_t(text.size()), stderr);
        std::fflush(stderr);
        return true;
    }
    QSaveFile file(m_destination);
    if (file.open(QIODevice::WriteOnly) && file.write(text) == text.size() && file.commit())
        return true;
    qWarning("event-loop probe: cannot write %s: %s", qPrintable(m_destination), qPrintable(file.errorString()));
    return false;
}

} // namespace sluice::gui
