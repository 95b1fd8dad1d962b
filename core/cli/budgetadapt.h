#pragma once
// --adapt-budget for the engine-driving commands (chat, run, serve): the
// flags map onto the library's AdaptSettings; the library's BudgetAdapter
// (api/budgetadapter.h) watches and decides, the command applies. Off by
// default in chat and run (a script's figures must not move by themselves);
// serve turns it on by default (a long-running server must not push the
// machine into swap while it idles).
#include "api/budgetadapter.h"
#include "options.h"

namespace sluice::cli {

struct AdaptOptions {
    bool enabled = false;
    AdaptSettings settings;
};

// `serveDefaults`: on unless --fixed-budget (serve), instead of off unless --adapt-budget.
void addAdaptOptions(OptionParser &parser, AdaptOptions &options, bool serveDefaults = false);

// Starts `adapter` on `target` when the options ask for it (a no-op otherwise).
Status startAdapter(BudgetAdapter &adapter, BudgetTarget target, const AdaptOptions &options, bool watch = true,
                    std::function<void()> onPending = {},
                    std::unique_ptr<PressureSource> source = makeSystemPressureSource());

} // namespace sluice::cli
