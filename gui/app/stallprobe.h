// The event-loop probe (issue 30): `sluice --probe-stalls[=FILE]` or the
// setting debug/probeStalls. A 4 ms precise timer on the GUI thread; every
// firing records how much later than due it came (the gap between two
// firings minus the interval), which is how long the GUI thread was busy
// elsewhere (and, from the thread's CPU clock, whether it was working or
// waiting for a core). On exit (or on request) it writes count, p50/p90/p99, max and
// the five widest gaps with what the window was doing then. Nothing of it
// exists unless asked for: the app creates no probe when it is off.
#pragma once

#include <QElapsedTimer>
#include <QList>
#include <QObject>
#include <QString>
#include <QTimer>

#include <functional>
#include <vector>

namespace sluice::gui {

// The statistics, apart from any timer so tests can feed them. Gaps are in
// microseconds; the distribution is kept as a histogram of 0.1 ms bins up to
// 2 s (memory stays constant however long the app runs), the maximum and the
// widest gaps exactly.
class StallStats
{
public:
    static constexpr qint64 kBinUs = 100;
    static constexpr int kBins = 20000; // 0.1 ms bins up to 2 s; wider gaps count in the last
    static constexpr int kTop = 5;

    struct Gap {
        qint64 us = 0;
        qint64 atMs = 0;  // since the probe started
        QString activity; // what the window was doing
        qint64 busyUs = -1; // CPU time the GUI thread spent in the gap (-1 unknown): a gap
                            // it spent waiting for a core is the machine's, not the app's
    };

    StallStats();
    // Records a gap; `activity` is asked only when the gap is among the widest so far.
    void add(qint64 us, qint64 atMs, const std::function<QString()> &activity = {}, qint64 busyUs = -1);
    qint64 count() const { return m_count; }
    qint64 maxUs() const { return m_max; }
    // The nearest-rank percentile (0 < p ≤ 100) at bin resolution: the lower
    // edge of the 0.1 ms bin holding it (at most 0.1 ms under the true value;
    // the exact maximum is maxUs()). 0 when empty.
    qint64 percentileUs(double p) const;
    const QList<Gap> &widest() const { return m_widest; } // widest first

    // The human-readable report: totals, percentiles and the widest gaps.
    QString summary(qint64 intervalMs, qint64 elapsedMs) const;

private:
    std::vector<quint32> m_bins;
    qint64 m_count = 0;
    qint64 m_max = 0;
    QList<Gap> m_widest;
};

class StallProbe : public QObject
{
    Q_OBJECT
public:
    static constexpr int kIntervalMs = 4;

    // `destination`: a file path, or "" / "-" for stderr.
    explicit StallProbe(const QString &destination, QObject *parent = nullptr);

    // What the window is doing, asked when one of the widest gaps happens.
    void setActivity(std::function<QString()> activity) { m_activity = std::move(activity); }
    void start();
    void stop();
    const StallStats &stats() const { return m_stats; }
    QString summary() const;
    // Writes the summary to the destination (a file is replaced); false with a warning on failure.
    bool writeSummary() const;
    QString destination() const { return m_destination; }

private:
    void tick();

    QString m_destination;
    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_lastNs = -1;
    qint64 m_lastCpuNs = -1;
    StallStats m_stats;
    std::function<QString()> m_activity;
};

} // namespace sluice::gui
