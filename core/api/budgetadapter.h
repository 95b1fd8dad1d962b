#pragma once
// Yielding memory under system pressure, once for every host (issue 27: the
// governor was set up twice, by the CLI and by the app, and `serve` had none).
//
// A host chooses thresholds (AdaptSettings: its flags or its settings);
// governorSettingsFor() turns them into the governor's settings for the open
// model (the top is the budget the user chose, the bottom never under the
// model's live floor, steps in whole cache slots). BudgetAdapter runs the
// PressureMonitor (api/memorypressure.h) on its own thread and keeps the
// latest decision pending; the host applies it with applyPending() where it
// may call Model::setBudget: between generations, on the thread that drives
// the sessions. `onPending` tells the host a decision is waiting (the server
// posts the apply to its generation thread, so an idle server gives memory
// back at once, not only when the next request comes).
//
// Changing the budget changes only which experts stay cached: every output
// bit is the same at any budget (tests/model/tst_livebudget).
#include "api/memorypressure.h"
#include "api/model.h"
#include "util/status.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

namespace sluice {

// What a host chooses; the defaults are the CLI's and the app's.
struct AdaptSettings {
    uint64_t minBudgetBytes = 0;               // never below (0 = the open model's live floor)
    uint64_t lowAvailableBytes = 1ull << 30;   // pressure: MemAvailable under this
    uint64_t highAvailableBytes = 2ull << 30;  // calm: MemAvailable over this (raised to low if under)
    double psiSomePercent = 10.0;              // pressure: PSI some avg10 over this
    double calmSeconds = 30.0;                 // calm this long before growing back
    double holdSeconds = 2.0;                  // between two reductions
    double intervalSeconds = 1.0;              // between samples
};

// The governor's settings for a model opened as `info` describes, with
// `topBudgetBytes` as the most it may run at (0 = info.budgetBytes).
GovernorSettings governorSettingsFor(const ModelInfo &info, const AdaptSettings &settings,
                                     uint64_t topBudgetBytes = 0);

// Whether the governor has room to move for `info` at all (the floor is
// under the top): a model opened at its floor has nothing to give back.
bool canAdaptBudget(const GovernorSettings &settings);

// What an applied decision did (or failed to do), for the host to tell.
struct BudgetChange {
    bool changed = false;
    BudgetAction action = BudgetAction::Keep;
    uint64_t budgetBytes = 0;      // the budget now in force
    uint64_t expertCacheBytes = 0; // the cache it buys
    std::string reason;            // the governor's plain words
    std::string error;             // setBudget refused, or the pressure source failed
    // One line in plain words ("" when nothing happened).
    std::string describe() const;
};

// What the adapter moves: a Model (budgetTarget()); tests pass doubles.
struct BudgetTarget {
    std::function<const ModelInfo &()> info;
    std::function<Status(uint64_t)> setBudget;
};
inline BudgetTarget budgetTarget(Model &m)
{
    return { [&m]() -> const ModelInfo & { return m.info(); }, [&m](uint64_t b) { return m.setBudget(b); } };
}

class BudgetAdapter {
public:
    BudgetAdapter();
    ~BudgetAdapter(); // the monitor stops and joins its thread
    BudgetAdapter(const BudgetAdapter &) = delete;
    BudgetAdapter &operator=(const BudgetAdapter &) = delete;

    // Starts watching for `target` (its budget now is the top). watch = false:
    // no sampling thread; the host samples with sampleNow(). `onPending` is
    // called on the monitor's thread whenever a decision (or an error) waits.
    // Unsupported when there is no pressure source on this system.
    Status start(BudgetTarget target, const AdaptSettings &settings,
                 std::unique_ptr<PressureSource> source = makeSystemPressureSource(), bool watch = true,
                 std::function<void()> onPending = {});
    void stop();
    bool running() const { return m_monitor != nullptr; }

    // One sample now, its decision applied at once.
    BudgetChange sampleNow();
    // Applies the latest pending decision (call where setBudget may run).
    BudgetChange applyPending();
    // The settings in force (empty when not running).
    std::optional<GovernorSettings> settings() const;

private:
    BudgetChange apply(const BudgetDecision &d);

    BudgetTarget m_target;
    std::unique_ptr<PressureMonitor> m_monitor;
    std::optional<GovernorSettings> m_settings;
    std::function<void()> m_onPending;
    mutable std::mutex m_mutex;
    std::optional<BudgetDecision> m_pending;
    std::string m_error;
};

} // namespace sluice
