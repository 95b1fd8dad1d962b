#include "api/budgetadapter.h"

#include "api/budget.h" // cacheSlotBytes

#include <algorithm>

namespace sluice {

GovernorSettings governorSettingsFor(const ModelInfo &info, const AdaptSettings &s, uint64_t topBudgetBytes)
{
    GovernorSettings g;
    g.maxBudgetBytes = topBudgetBytes ? topBudgetBytes : info.budgetBytes;
    // Never under the live floor: below it only a reopen could go.
    g.minBudgetBytes = std::max(s.minBudgetBytes, info.liveBudgetMinBytes ? info.liveBudgetMinBytes : info.floorBytes);
    g.lowAvailableBytes = s.lowAvailableBytes;
    g.highAvailableBytes = std::max(s.highAvailableBytes, s.lowAvailableBytes);
    g.psiSomePercent = s.psiSomePercent;
    g.calmSeconds = s.calmSeconds;
    g.holdSeconds = s.holdSeconds;
    g.stepBytes = cacheSlotBytes(info.recordBytes); // whole slots (api/budget.h)
    return g;
}

bool canAdaptBudget(const GovernorSettings &g)
{
    return g.minBudgetBytes < g.maxBudgetBytes;
}

std::string BudgetChange::describe() const
{
    std::string out;
    if (!error.empty())
        out = error;
    if (changed) {
        out += out.empty() ? "" : "\n";
        out += std::string(action == BudgetAction::Shrink ? "cache reduced to " : "cache back to ")
            + formatGiB(expertCacheBytes) + " (budget " + formatGiB(budgetBytes) + ") "
            + (action == BudgetAction::Shrink ? "while the system needed memory" : "now the system has memory again");
    }
    return out;
}

BudgetAdapter::BudgetAdapter() = default;

BudgetAdapter::~BudgetAdapter()
{
    stop();
}

void BudgetAdapter::stop()
{
    m_monitor.reset(); // joins the sampling thread: no callback runs after this
    std::lock_guard lock(m_mutex);
    m_pending.reset();
    m_error.clear();
    m_settings.reset();
}

Status BudgetAdapter::start(BudgetTarget target, const AdaptSettings &s, std::unique_ptr<PressureSource> source,
                            bool watch, std::function<void()> onPending)
{
    stop();
    m_target = std::move(target);
    m_onPending = std::move(onPending);
    if (!source)
        return makeError(ErrorCode::Unsupported,
            SLUICE_ERRT("Error", "adapting the budget: no memory-pressure source on this system"));
    const GovernorSettings g = governorSettingsFor(m_target.info(), s);
    if (!canAdaptBudget(g))
        return Status::ok(); // opened at its floor: nothing to give back, nothing to watch
    {
        std::lock_guard lock(m_mutex);
        m_settings = g;
    }
    m_monitor = std::make_unique<PressureMonitor>(
        std::move(source), g, watch ? s.intervalSeconds : 0.0,
        [this](const BudgetDecision &d) {
            {
                std::lock_guard lock(m_mutex);
                m_pending = d; // absolute budgets: the latest one is the one to apply
            }
            if (m_onPending)
                m_onPending();
        },
        [this](const Status &st) {
            {
                std::lock_guard lock(m_mutex);
                m_error = "memory pressure monitor: " + st.message();
            }
            if (m_onPending)
                m_onPending();
        });
    return Status::ok();
}

std::optional<GovernorSettings> BudgetAdapter::settings() const
{
    std::lock_guard lock(m_mutex);
    return m_settings;
}

BudgetChange BudgetAdapter::sampleNow()
{
    if (!m_monitor)
        return {};
    m_monitor->step(0.0); // a decision lands in m_pending through the callback
    return applyPending();
}

BudgetChange BudgetAdapter::applyPending()
{
    BudgetChange out;
    if (!m_monitor)
        return out;
    std::optional<BudgetDecision> d;
    {
        std::lock_guard lock(m_mutex);
        d.swap(m_pending);
        out.error.swap(m_error);
    }
    const ModelInfo &info = m_target.info();
    out.budgetBytes = info.budgetBytes;
    out.expertCacheBytes = info.expertCacheBytes;
    if (d && d->budgetBytes != info.budgetBytes) {
        BudgetChange applied = apply(*d);
        if (!out.error.empty() && !applied.error.empty())
            applied.error = out.error + "\n" + applied.error;
        else if (applied.error.empty())
            applied.error = out.error;
        return applied;
    }
    return out;
}

BudgetChange BudgetAdapter::apply(const BudgetDecision &d)
{
    BudgetChange out;
    out.action = d.action;
    out.reason = d.reason;
    const Status st = m_target.setBudget(d.budgetBytes);
    const ModelInfo &info = m_target.info();
    out.budgetBytes = info.budgetBytes;
    out.expertCacheBytes = info.expertCacheBytes;
    if (!st.isOk()) {
        out.error = "budget not adjusted for the system's memory: " + st.message();
        return out;
    }
    out.changed = true;
    return out;
}

} // namespace sluice
