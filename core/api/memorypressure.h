#pragma once
// Yielding memory when the machine needs it (issue 19). Staying inside the
// budget is not enough: when the user starts a browser or a build while the
// expert cache holds many GiB, the *machine* pages although Sluice keeps its
// ceiling. This module watches the system's memory pressure and decides a
// budget to run at; the client (the Qt worker, `sluice-cli chat`) applies the
// decision through the engine's live budget.
//
//   auto source = makeSystemPressureSource();          // Linux: PSI + MemAvailable + cgroup v2 events
//   BudgetGovernor governor(settings);                  // pure logic, no clock of its own
//   BudgetDecision d = governor.update(*source->sample(), secondsNow);
//   if (d.action != BudgetAction::Keep) engine.setBudget(d.budgetBytes);
//
// PressureMonitor runs that loop on its own thread and calls back on a change.
// Sources are injectable (ScriptedPressureSource, or SystemRoots pointing at a
// fake /proc and /sys), so tests script a pressure episode exactly.
//
// Public API (issue 19): a host runs the monitor and applies the governor's
// decisions with Model::setBudget. The readings' parsers are internal
// (stream/memorypressure.h).
#include "api/memoryplan.h" // SystemRoots
#include "util/status.h"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace sluice {

struct PressureSample {
    // Linux PSI (/proc/pressure/memory or the cgroup's memory.pressure):
    // share of the last 10 s in which some / all tasks stalled on memory, in %.
    bool havePsi = false;
    double someAvg10 = 0;
    double fullAvg10 = 0;
    // What the kernel could give without swapping (MemAvailable), and the total.
    bool haveAvailable = false;
    uint64_t availableBytes = 0;
    uint64_t totalBytes = 0;
    // cgroup v2 memory.events counters (cumulative): "high" (throttled at
    // memory.high) and "max" + "oom" (hit the hard limit).
    bool haveCgroupEvents = false;
    uint64_t cgroupHighEvents = 0;
    uint64_t cgroupMaxEvents = 0;
    // Platforms that only report a level (macOS dispatch source, Windows
    // memory resource notification): true while the system says memory is low.
    bool systemSaysLow = false;
};

class PressureSource {
public:
    virtual ~PressureSource() = default;
    virtual Expected<PressureSample> sample() = 0;
    virtual std::string describe() const = 0; // for the app's "watching …" line
};

// Linux: <procRoot>/pressure/memory, <procRoot>/meminfo and, inside a cgroup
// v2, <sysRoot>/fs/cgroup/<path>/memory.pressure and memory.events (the
// cgroup's own pressure is the one that matters in a container). macOS: the
// dispatch memory-pressure source; Windows: memory resource notifications.
std::unique_ptr<PressureSource> makeSystemPressureSource(const SystemRoots &roots = {});

// Test double: returns the queued samples in order, then repeats the last.
class ScriptedPressureSource final : public PressureSource {
public:
    explicit ScriptedPressureSource(std::vector<PressureSample> samples) : m_samples(std::move(samples)) {}
    Expected<PressureSample> sample() override;
    std::string describe() const override { return "scripted"; }
    void push(const PressureSample &s);

private:
    std::mutex m_mutex;
    std::vector<PressureSample> m_samples;
    size_t m_next = 0;
};

struct GovernorSettings {
    uint64_t maxBudgetBytes = 0;   // the budget the user chose: never above it
    uint64_t minBudgetBytes = 0;   // the user's minimum (never below the engine's floor)
    // Pressure: MemAvailable under lowAvailableBytes, PSI some avg10 over
    // psiSomePercent, or new cgroup high/max events.
    uint64_t lowAvailableBytes = 1ull << 30;
    double psiSomePercent = 10.0;
    // Calm (hysteresis): MemAvailable over highAvailableBytes and PSI under
    // psiCalmPercent, for calmSeconds in a row, before growing back.
    uint64_t highAvailableBytes = 2ull << 30;
    double psiCalmPercent = 2.0;
    double calmSeconds = 30.0;
    // A shrink step gives back max(deficit to lowAvailable, shrinkFraction of
    // the room above the minimum); then waits holdSeconds for the kernel's
    // figures to reflect it before shrinking again.
    double shrinkFraction = 0.25;
    double holdSeconds = 2.0;
    // A grow step takes back growFraction of (max - min), never more than the
    // memory available above highAvailableBytes, so growing cannot itself
    // cause the pressure; then the calm period starts again.
    double growFraction = 0.25;
    uint64_t stepBytes = 0;        // round steps down to whole slots of this size (0 = bytes)
};

enum class BudgetAction { Keep, Shrink, Grow };

struct BudgetDecision {
    BudgetAction action = BudgetAction::Keep;
    uint64_t budgetBytes = 0;      // the budget to run at (== current for Keep)
    bool underPressure = false;    // this sample counted as pressure
    std::string reason;            // plain words for the app and the statistics
};

// Pure decision logic: no threads, no clock (time comes with each sample).
class BudgetGovernor {
public:
    explicit BudgetGovernor(GovernorSettings settings);
    const GovernorSettings &settings() const { return m_settings; }
    // Settings change (e.g. the user moved the budget): the current budget is clamped.
    void setSettings(const GovernorSettings &settings);
    uint64_t currentBudget() const { return m_current; }
    BudgetDecision update(const PressureSample &sample, double nowSeconds);

private:
    bool isPressure(const PressureSample &s, std::string &why) const;
    bool isCalm(const PressureSample &s) const;
    uint64_t roundToStep(uint64_t bytes) const;

    GovernorSettings m_settings;
    uint64_t m_current = 0;
    double m_lastShrink = -1e300;
    double m_calmSince = -1;       // < 0: not calm now
    bool m_seenEvents = false;
    uint64_t m_lastHighEvents = 0, m_lastMaxEvents = 0;
};

// The loop: samples every intervalSeconds on its own thread and calls
// onDecision (on that thread) whenever the budget should change. A source
// error is reported once through onError and the monitor keeps the budget.
class PressureMonitor {
public:
    using DecisionCallback = std::function<void(const BudgetDecision &)>;
    using ErrorCallback = std::function<void(const Status &)>;

    PressureMonitor(std::unique_ptr<PressureSource> source, GovernorSettings settings, double intervalSeconds,
                    DecisionCallback onDecision, ErrorCallback onError = {});
    ~PressureMonitor(); // stops and joins
    PressureMonitor(const PressureMonitor &) = delete;
    PressureMonitor &operator=(const PressureMonitor &) = delete;

    void setSettings(const GovernorSettings &settings);
    uint64_t currentBudget() const;
    // One step now (tests drive time explicitly instead of sleeping).
    BudgetDecision step(double nowSeconds);

private:
    void run();

    std::unique_ptr<PressureSource> m_source;
    mutable std::mutex m_mutex;
    BudgetGovernor m_governor;
    double m_interval;
    DecisionCallback m_onDecision;
    ErrorCallback m_onError;
    bool m_errorReported = false;
    std::condition_variable m_wake;
    bool m_stop = false;
    std::thread m_thread;
};

} // namespace sluice
