#include "budgetadapt.h"

#include "api/budget.h"  // cacheSlotBytes
#include "api/inspect.h" // formatGiB

#include <algorithm>

namespace sluice::cli {

void addAdaptOptions(OptionParser &p, AdaptOptions &o)
{
    p.flag("--adapt-budget", &o.enabled,
        "yield memory under system pressure: lower the budget in whole slots while the system runs short, grow it "
        "back when calm (applied between replies)");
    p.size("--adapt-min", &o.minBudgetBytes, 0, kMaxBudgetBytes,
        "with --adapt-budget: never below SIZE (default the live floor)");
    p.size("--adapt-low", &o.lowAvailableBytes, 1ull << 20, kMaxBudgetBytes,
        "with --adapt-budget: pressure when MemAvailable is under SIZE (default 1G)");
    p.size("--adapt-high", &o.highAvailableBytes, 1ull << 20, kMaxBudgetBytes,
        "with --adapt-budget: calm when MemAvailable is over SIZE (default 2G)");
    p.number("--adapt-calm", &o.calmSeconds, 0, 86400,
        "with --adapt-budget: seconds of calm before growing back (default 30)", "S");
    p.number("--adapt-interval", &o.intervalSeconds, 0.01, 3600,
        "with --adapt-budget: seconds between samples (default 1)", "S");
}

BudgetAdapter::~BudgetAdapter() = default; // the monitor stops and joins its thread

Status BudgetAdapter::start(
    BudgetTarget target, const AdaptOptions &o, std::unique_ptr<PressureSource> source, bool watch)
{
    m_monitor.reset();
    m_target = std::move(target);
    if (!o.enabled)
        return Status::ok();
    if (!source)
        return makeError(ErrorCode::Unsupported, "--adapt-budget: no memory-pressure source on this system");
    const ModelInfo &info = m_target.info();
    GovernorSettings g;
    g.maxBudgetBytes = info.budgetBytes;
    g.minBudgetBytes = std::max(o.minBudgetBytes, info.liveBudgetMinBytes ? info.liveBudgetMinBytes : info.floorBytes);
    g.lowAvailableBytes = o.lowAvailableBytes;
    g.highAvailableBytes = std::max(o.highAvailableBytes, o.lowAvailableBytes);
    g.calmSeconds = o.calmSeconds;
    g.stepBytes = cacheSlotBytes(info.recordBytes); // whole slots (api/budget.h)
    m_monitor = std::make_unique<PressureMonitor>(
        std::move(source), g, watch ? o.intervalSeconds : 0.0,
        [this](const BudgetDecision &d) {
            std::lock_guard lock(m_mutex);
            m_pending = d; // absolute budgets: the latest one is the one to apply
        },
        [this](const Status &st) {
            std::lock_guard lock(m_mutex);
            m_error = st.message();
        });
    return Status::ok();
}

std::string BudgetAdapter::sampleNow()
{
    if (!m_monitor)
        return {};
    m_monitor->step(0.0); // a decision lands in m_pending through the callback
    return applyPending();
}

std::string BudgetAdapter::applyPending()
{
    if (!m_monitor)
        return {};
    std::optional<BudgetDecision> d;
    std::string error;
    {
        std::lock_guard lock(m_mutex);
        d.swap(m_pending);
        error.swap(m_error);
    }
    std::string out;
    if (!error.empty())
        out = "memory pressure monitor: " + error;
    if (d && d->budgetBytes != m_target.info().budgetBytes) {
        const std::string line = apply(*d);
        out += (out.empty() ? "" : "\n") + line;
    }
    return out;
}

std::string BudgetAdapter::apply(const BudgetDecision &d)
{
    const Status st = m_target.setBudget(d.budgetBytes);
    if (!st.isOk())
        return "budget not adjusted for the system's memory: " + st.message();
    const ModelInfo &info = m_target.info();
    return std::string(d.action == BudgetAction::Shrink ? "cache reduced to " : "cache back to ")
        + formatGiB(info.expertCacheBytes) + " (budget " + formatGiB(info.budgetBytes) + ") "
        + (d.action == BudgetAction::Shrink ? "while the system needed memory" : "now the system has memory again");
}

} // namespace sluice::cli
