// sluice-cli plan MODEL [--budget X] [--ctx N] [--json]: the memory plan of a
// container on this machine (spec 9), from the same planner functions the
// engine and the GUI use: every term of the floor, the working set, the
// recommended and default budgets, and the expert cache a budget buys.
#include "command.h"
#include "options.h"

#include "format/container.h"
#include "model/plannerinputs.h"
#include "stream/memoryplanner.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cstdio>
#include <cstdlib>

using namespace sluice;

namespace {

const char *human(uint64_t bytes)
{
    // Rotating buffers: several sizes appear in one printf.
    static std::string texts[4];
    static int next = 0;
    std::string &t = texts[next++ % 4];
    t = formatGiB(bytes);
    return t.c_str();
}

} // namespace

static int runPlan(const std::vector<std::string> &args)
{
    std::string path;
    uint64_t budget = 0;
    int ctx = 4096;
    bool json = false;
    bool vision = false;
    cli::OptionParser p("plan", "The memory plan of a container on this machine: floor, working set, recommended\n"
                                "and default budget, and the expert cache that --budget (default: the default budget) buys.");
    p.positional("MODEL", &path, "a .waste container directory");
    p.size("--budget", &budget, cli::kMinBudgetBytes, cli::kMaxBudgetBytes, "the budget to size the cache for");
    p.integer("--ctx", &ctx, 1, cli::kMaxContextOption, "context positions (at most the model's max_position_embeddings)");
    p.flag("--vision", &vision, "count the vision tower as an engine opened with vision on does");
    p.flag("--json", &json, "JSON output");
    p.note("--vision plans the tower at the engine's defaults: max_patches, one attention slice per hardware thread.");
    if (const int code = p.parse(args); code >= 0)
        return code;
    ContainerOptions copts;
    copts.checkBanks = true;
    auto container = Container::open(path, copts);
    if (!container) {
        std::fprintf(stderr, "plan: %s\n", container.status().message().c_str());
        return 1;
    }
    model::PlannerInputsOptions pio;
    pio.contextLength = ctx;
    pio.vision = vision;
    auto inputs = model::plannerInputs(**container, pio);
    if (!inputs) {
        std::fprintf(stderr, "plan: %s\n", inputs.status().message().c_str());
        return 1;
    }
    const PlannerInputs &in = *inputs;
    auto ram = detectUsableRam();
    if (!ram) {
        std::fprintf(stderr, "plan: %s\n", ram.status().message().c_str());
        return 1;
    }
    auto plan = planMemory(in, ram->usableBytes);
    if (!plan) {
        std::fprintf(stderr, "plan: %s\n", plan.status().message().c_str());
        return 1;
    }
    auto sizing = sizeCache(*plan, budget);
    std::vector<std::string> warnings = plan->warnings;
    if (sizing)
        warnings.insert(warnings.end(), sizing->warnings.begin(), sizing->warnings.end());

    if (json) {
        QJsonArray terms;
        for (const MemoryTerm &t : plan->terms)
            terms.append(QJsonObject{{"name", QString::fromStdString(t.name)}, {"bytes", qint64(t.bytes)}});
        QJsonArray warn;
        for (const std::string &w : warnings)
            warn.append(QString::fromStdString(w));
        QJsonObject root{{"model", QString::fromStdString(path)},
                         {"context", ctx},
                         {"terms", terms},
                         {"floor_bytes", qint64(plan->floorBytes)},
                         {"working_set_bytes", qint64(plan->workingSetBytes)},
                         {"recommended_bytes", qint64(plan->recommendedBytes)},
                         {"physical_ram_bytes", qint64(ram->physicalBytes)},
                         {"cgroup_limit_bytes", qint64(ram->cgroupLimitBytes)},
                         {"usable_ram_bytes", qint64(ram->usableBytes)},
                         {"cap_bytes", qint64(plan->capBytes)},
                         {"default_budget_bytes", qint64(plan->defaultBudgetBytes)},
                         {"default_working_sets", plan->defaultWorkingSets},
                         {"record_bytes", qint64(in.recordBytes)},
                         {"warnings", warn}};
        if (sizing) {
            root["budget_bytes"] = qint64(sizing->budgetBytes);
            root["cache_bytes"] = qint64(sizing->slotBufferBytes);
            root["cache_slots"] = sizing->slotCount;
            root["engine_bytes"] = qint64(sizing->engineBytes);
        } else {
            root["error"] = QString::fromStdString(sizing.status().message());
        }
        std::printf("%s", QJsonDocument(root).toJson(QJsonDocument::Indented).constData());
        return sizing ? 0 : 1;
    }

    std::printf("%s, context %d\n\n", path.c_str(), ctx);
    for (const MemoryTerm &t : plan->terms)
        std::printf("  %-58s %12s\n", t.name.c_str(), human(t.bytes));
    std::printf("  %-58s %12s\n", "= floor", human(plan->floorBytes));
    std::printf("\n  %-58s %12s  (top-%d x %d MoE layers x %llu B)\n", "working set", human(plan->workingSetBytes),
                in.topK, in.moeLayers, (unsigned long long)in.recordBytes);
    std::printf("  %-58s %12s  (floor + 3 working sets)\n", "recommended", human(plan->recommendedBytes));
    std::printf("\n  %-58s %12s\n", "physical RAM", human(ram->physicalBytes));
    if (ram->cgroupLimitBytes)
        std::printf("  %-58s %12s  (%s)\n", "cgroup limit", human(ram->cgroupLimitBytes), ram->cgroupPath.c_str());
    std::printf("  %-58s %12s\n", "usable RAM", human(ram->usableBytes));
    std::printf("  %-58s %12s\n", "7/8 cap", human(plan->capBytes));
    std::printf("  %-58s %12s  (floor + %d working sets)\n", "default budget", human(plan->defaultBudgetBytes),
                plan->defaultWorkingSets);
    if (sizing) {
        std::printf("\n  %-58s %12s%s\n", "budget", human(sizing->budgetBytes), budget ? "" : " (default)");
        std::printf("  %-58s %12s  (%d slots of %llu B)\n", "expert cache", human(sizing->slotBufferBytes),
                    sizing->slotCount, (unsigned long long)sizing->slotBytes);
        std::printf("  %-58s %12s\n", "engine total (ledger after open)", human(sizing->engineBytes));
    }
    for (const std::string &w : warnings)
        std::printf("warning: %s\n", w.c_str());
    if (!sizing) {
        std::fprintf(stderr, "plan: %s\n", sizing.status().message().c_str());
        return 1;
    }
    return 0;
}

static const sluice::cli::CommandRegistration reg{"plan", "Memory plan of a model on this machine (floor, budget, cache)",
                                                  runPlan};
