#pragma once
// --adapt-budget for the engine-driving commands (chat, run): the library's
// PressureMonitor (api/memorypressure.h) samples the system on its own
// thread and decides; the command applies the latest decision with the live
// budget (Model::setBudget) between generations, where the model allows it.
// Off by default in the CLI (a script's figures must not move by themselves).
#include "api/model.h"
#include "options.h"
#include "api/memorypressure.h"

#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

namespace sluice::cli {

struct AdaptOptions {
    bool enabled = false;
    uint64_t minBudgetBytes = 0; // 0 = the open model's live floor
    uint64_t lowAvailableBytes = 1ull << 30;
    uint64_t highAvailableBytes = 2ull << 30;
    double calmSeconds = 30;
    double intervalSeconds = 1;
};

void addAdaptOptions(OptionParser &parser, AdaptOptions &options);

// What the adapter moves: a Model (chat, run); tests pass their own doubles.
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
    ~BudgetAdapter();
    // Starts watching for `model` (its budget now is the top). No-op when disabled.
    // watch = false: no sampling thread; the caller samples with sampleNow()
    // (`run`: one generation, so one sample before it).
    Status start(BudgetTarget target, const AdaptOptions &options,
        std::unique_ptr<PressureSource> source = makeSystemPressureSource(), bool watch = true);
    // One sample now, its decision applied at once.
    std::string sampleNow();
    // Between generations: applies the latest pending decision. Returns the
    // line to tell the user ("" when nothing changed).
    std::string applyPending();
    bool running() const { return m_monitor != nullptr; }

private:
    std::string apply(const BudgetDecision &d);

    BudgetTarget m_target;

    std::unique_ptr<PressureMonitor> m_monitor;
    std::mutex m_mutex;
    std::optional<BudgetDecision> m_pending;
    std::string m_error;
};

} // namespace sluice::cli
