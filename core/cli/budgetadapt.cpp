#include "budgetadapt.h"

namespace sluice::cli {

void addAdaptOptions(OptionParser &p, AdaptOptions &o, bool serveDefaults)
{
    if (serveDefaults) {
        o.enabled = true;
        p.flag("--fixed-budget", &o.enabled,
            "keep the budget as given: do not lower it in whole slots while the system runs short of memory "
            "(by default the server yields memory under pressure and grows back when calm, between requests)",
            false);
    } else {
        p.flag("--adapt-budget", &o.enabled,
            "yield memory under system pressure: lower the budget in whole slots while the system runs short, grow "
            "it back when calm (applied between replies)");
    }
    const std::string with = serveDefaults ? "unless --fixed-budget" : "with --adapt-budget";
    AdaptSettings &s = o.settings;
    p.size("--adapt-min", &s.minBudgetBytes, 0, kMaxBudgetBytes, with + ": never below SIZE (default the live floor)");
    p.size("--adapt-low", &s.lowAvailableBytes, 1ull << 20, kMaxBudgetBytes,
        with + ": pressure when MemAvailable is under SIZE (default 1G)");
    p.size("--adapt-high", &s.highAvailableBytes, 1ull << 20, kMaxBudgetBytes,
        with + ": calm when MemAvailable is over SIZE (default 2G)");
    p.number("--adapt-calm", &s.calmSeconds, 0, 86400, with + ": seconds of calm before growing back (default 30)", "S");
    p.number("--adapt-interval", &s.intervalSeconds, 0.01, 3600, with + ": seconds between samples (default 1)", "S");
}

Status startAdapter(BudgetAdapter &adapter, BudgetTarget target, const AdaptOptions &o, bool watch,
                    std::function<void()> onPending, std::unique_ptr<PressureSource> source)
{
    adapter.stop();
    if (!o.enabled)
        return Status::ok();
    return adapter.start(std::move(target), o.settings, std::move(source), watch, std::move(onPending));
}

} // namespace sluice::cli
