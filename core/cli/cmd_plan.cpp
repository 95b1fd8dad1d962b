// sluice-cli plan MODEL [--budget X] [--ctx N] [--json]: the memory plan of a
// container on this machine (spec 9), from the same planner functions the
// engine and the GUI use: every term of the floor, the working set, the
// recommended and default budgets, and the expert cache a budget buys.
// plan --model k3|kimi-linear [--format vq3r|mxfp4] [--ram SIZE]: the same plan
// for a published model before downloading it (format/builtinmodels.h), and
// with --disk-gbps X the disk-bound speed (stream/speedmodel.h) from a routing
// trace ($SLUICE_TRACE_DIR, the checkout's ../shared/data/traces, or --trace).
#include "command.h"
#include "options.h"

#include "api/budget.h"
#include "api/inspect.h"
#include "api/planning.h"

#include <QDir>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <memory>
#include <optional>
#include <thread>
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

// The first *.jsonl of $SLUICE_TRACE_DIR, else of the developer checkout's traces; "" when none.
std::string defaultTrace()
{
    std::vector<std::string> dirs;
    if (qEnvironmentVariableIsSet("SLUICE_TRACE_DIR"))
        dirs.push_back(qEnvironmentVariable("SLUICE_TRACE_DIR").toStdString());
#ifdef SLUICE_DEV_TRACE_DIR
    dirs.push_back(SLUICE_DEV_TRACE_DIR);
#endif
    return findRoutingTrace(dirs);
}

} // namespace

static int runPlan(const std::vector<std::string> &args)
{
    // The process term (issue 15) is this program's own, measured as the
    // engine measures itself at open: `run` is the same binary reading the
    // same container, so the figures agree to the MiB rounding.
    const Expected<ProcessBaseline> before = processBaseline();
    std::string path;
    uint64_t budget = 0;
    int ctx = 4096;
    bool json = false;
    bool vision = false;
    std::string builtin, formatName = "vq3r", tracePath;
    uint64_t ramBytes = 0;
    double diskGBps = 0;
    int releaseTrunkBits = 4;
    cli::OptionParser p("plan", "The memory plan of a container on this machine: floor, working set, recommended\n"
                                "and default budget, and the expert cache that --budget (default: the default budget) buys.\n"
                                "With --model, the same plan for a published model before downloading it.",
                        "MODEL | --model k3|kimi-linear [options]");
    p.positional("MODEL", &path, "a .waste container directory or a release folder (safetensors)", false);
    p.choice("--model", &builtin, {"k3", "kimi-k3", "kimi-linear", "kl"}, "a built-in published model instead of MODEL");
    p.choice("--format", &formatName, {"vq3r", "mxfp4", "bf16"},
             "with --model: vq3r = Sluice's converted container, mxfp4/bf16 = the release checkpoint");
    p.size("--ram", &ramBytes, cli::kMinBudgetBytes, cli::kMaxBudgetBytes, "plan for this much usable RAM instead of this machine's");
    p.number("--disk-gbps", &diskGBps, 0.001, 1000, "disk read speed in GB/s: predict s/token (measure: sluice-cli diskbench)");
    p.text("--trace", &tracePath, "routing trace for the hit rate (default: first *.jsonl of $SLUICE_TRACE_DIR)", "FILE");
    p.size("--budget", &budget, cli::kMinBudgetBytes, cli::kMaxBudgetBytes, "the budget to size the cache for");
    p.integer("--ctx", &ctx, 1, cli::kMaxContextOption, "context positions (at most the model's max_position_embeddings)");
    p.flag("--vision", &vision, "count the vision tower as an engine opened with vision on does");
    int residentLayers = -1;
    p.integer("--resident-layers", &residentLayers, -1, 100000,
              "trunk layers kept resident (default -1: the planner's split for the budget)");
    int streamLmHead = -1;
    p.integer("--stream-lm-head", &streamLmHead, -1, 1,
              "lm_head read per token in row blocks: 1 = whenever layers stream, 0 = resident (default -1: the planner decides)");
    int expertsPerToken = 0;
    cli::addExpertsPerTokenOption(p, expertsPerToken);
    p.flag("--json", &json, "JSON output");
    p.integer("--release-trunk-bits", &releaseTrunkBits, 4, 16,
              "a release folder's trunk cache: 4 = Q4G (default), 8 = Q8G, 16 = bf16 as stored");
    p.note("--vision plans the tower at the engine's defaults: max_patches, one attention slice per hardware thread.");
    if (const int code = p.parse(args); code >= 0)
        return code;
    if (path.empty() == builtin.empty())
        return p.usageError("give either a container MODEL or --model k3|kimi-linear");
    PlanRequest request;
    request.contextLength = ctx;
    request.vision = vision;
    request.residentLayers = residentLayers;
    request.streamLmHead = streamLmHead;
    request.expertsPerToken = expertsPerToken;
    std::string modelName = path;
    // The shape the planner reads: a built-in model's, a release folder's
    // (what Model::open will hold: the trunk as its trunk cache stores it and
    // one coalesced slot per expert read from the shards) or a container's.
    Expected<PlannerShape> shape = makeError(ErrorCode::InvalidArgument, "no model");
    uint64_t vqRecordBytes = 0; // a release folder: the converted record
    if (!builtin.empty()) {
        const BuiltinModel m = *parseBuiltinModel(builtin);
        // Each release has one expert format: K3 ships MXFP4 experts, Kimi-Linear bf16 ones.
        if (formatName == (m == BuiltinModel::KimiK3 ? "bf16" : "mxfp4"))
            return p.usageError("--format " + formatName + ": the " + (m == BuiltinModel::KimiK3 ? "K3" : "Kimi-Linear") +
                                " release is " + (m == BuiltinModel::KimiK3 ? "mxfp4" : "bf16") + " (or vq3r converted)");
        shape = builtinPlannerShape(m, *parseBuiltinFormat(formatName));
    } else {
        shape = inspectPlannerShape(path, releaseTrunkBits);
    }
    if (!shape) {
        std::fprintf(stderr, "plan: %s\n", shape.status().message().c_str());
        return 1;
    }
    if (shape->builtin)
        modelName = shape->name;
    const bool release = shape->release;
    const uint64_t diskBytes = shape->diskBytes;
    const uint64_t trunkCacheSize = shape->trunkCacheBytes;
    if (release) {
        if (auto vq = expertBytes(shape->config, BuiltinFormat::Container))
            vqRecordBytes = *vq;
        modelName = shape->name + " (" + path + ")";
    }
    // Measured with what the engine reads before it measures (the manifest, the tokenizer's tables).
    // Plus the planners' margin (api/budget.h): `run` measures itself again
    // at open, about a MiB apart from this process, and the floor printed
    // here must open there.
    uint64_t processMargin = 0;
    if (before)
        if (auto bytes = processBytesSince(*before, *shape, shape->builtin ? std::string() : path)) {
            request.processBytes = plannedProcessBytes(*bytes);
            processMargin = request.processBytes - *bytes;
        }
    Expected<PlannerInputs> inputs = splitPlannerInputs(*shape, request);
    if (!inputs) {
        std::fprintf(stderr, "plan: %s\n", inputs.status().message().c_str());
        return 1;
    }
    const PlannerInputs &in = *inputs;
    Expected<UsableRam> ram = UsableRam{ramBytes, 0, {}, ramBytes};
    if (!ramBytes)
        ram = detectUsableRam();
    if (!ram) {
        std::fprintf(stderr, "plan: %s\n", ram.status().message().c_str());
        return 1;
    }
    auto plan = planMemory(in, ram->usableBytes);
    if (!plan) {
        std::fprintf(stderr, "plan: %s\n", plan.status().message().c_str());
        return 1;
    }
    // The engine's own choice for this budget: the prefill chunk and the cache
    // (the ledger after open); an explicit budget's chunk scratch is borrowed
    // from the cache while a prompt prefills, the default budget's is resident.
    request.usableRamBytes = ram->usableBytes;
    request.budgetBytes = budget;
    auto budgetPlan = planBudget(*shape, request);
    Expected<CacheSizing> sizing = budgetPlan ? Expected<CacheSizing>(budgetPlan->sizing)
                                              : Expected<CacheSizing>(budgetPlan.status());
    // The default budget is whole working sets on top of full-chunk prefill.
    PlanRequest defaultRequest = request;
    defaultRequest.budgetBytes = 0;
    auto defaultPlan = budget ? planBudget(*shape, defaultRequest) : budgetPlan;
    const uint64_t defaultBudget = defaultPlan ? defaultPlan->sizing.budgetBytes : plan->defaultBudgetBytes;
    const int defaultSets = defaultPlan ? defaultPlan->plan.defaultWorkingSets : plan->defaultWorkingSets;
    const uint64_t prefillScratch = !budgetPlan                     ? 0
                                    : budgetPlan->prefillBorrowBytes ? budgetPlan->prefillBorrowBytes
                                                                     : budgetPlan->plan.scratchBytes - plan->scratchBytes;
    std::vector<std::string> warnings = plan->warnings;
    if (sizing)
        warnings.insert(warnings.end(), sizing->warnings.begin(), sizing->warnings.end());
    // The same figures the app's planner shows (api/planning.h predictSpeed):
    // the expert misses plus the streamed trunk.
    Expected<SpeedFigures> figures = makeError(ErrorCode::InvalidArgument, "no --disk-gbps");
    // A trace the user named is always read (a missing or broken one is an
    // error naming it), even when the plan then has no speed to predict with it.
    const bool traceGiven = !tracePath.empty();
    std::optional<RoutingTrace> loadedTrace;
    if (traceGiven || (diskGBps > 0 && sizing)) {
        if (tracePath.empty())
            tracePath = defaultTrace();
        if (tracePath.empty()) {
            std::fprintf(stderr, "plan: --disk-gbps needs a routing trace: pass --trace FILE or set SLUICE_TRACE_DIR\n");
            return 1;
        }
        auto trace = loadRoutingTrace(tracePath);
        if (!trace) {
            std::fprintf(stderr, "plan: %s%s\n", traceGiven ? "--trace " : "", trace.status().message().c_str());
            return 1;
        }
        if (diskGBps <= 0) // the trace only feeds the predicted speed: without it the option would do nothing
            return p.usageError("--trace " + tracePath + " is used for the predicted speed: give --disk-gbps too");
        loadedTrace = *trace;
        if (sizing) {
            figures = predictSpeed(*budgetPlan, *trace, diskGBps * 1e9);
            if (!figures) {
                std::fprintf(stderr, "plan: %s\n", figures.status().message().c_str());
                return 1;
            }
        }
    }
    const SpeedPrediction *speed = figures ? &figures->experts : nullptr;
    // Experts per token as a speed/quality choice (issue 31): the predicted
    // speed at the model's own top-k and at 3/4, 1/2 and 1/4 of it, same budget.
    const int ownTopK = shape->config.topK;
    const int topK = expertsPerToken > 0 ? expertsPerToken : ownTopK;
    struct TopKSpeed {
        int k;
        double tokensPerSecondWarm, bytesPerTokenWarm;
    };
    std::vector<TopKSpeed> ladder;
    if (figures && loadedTrace) {
        for (int k : {ownTopK, (3 * ownTopK + 3) / 4, (ownTopK + 1) / 2, (ownTopK + 3) / 4}) {
            if (k < 1 || std::any_of(ladder.begin(), ladder.end(), [k](const TopKSpeed &t) { return t.k == k; }))
                continue;
            PlanRequest r = request;
            r.expertsPerToken = k;
            r.budgetBytes = budgetPlan->sizing.budgetBytes; // the same budget (the default one resolved)
            auto bp = planBudget(*shape, r);
            auto f = bp ? predictSpeed(*bp, *loadedTrace, diskGBps * 1e9) : Expected<SpeedFigures>(bp.status());
            if (f)
                ladder.push_back({k, f->totalSecondsPerTokenWarm > 0 ? 1.0 / f->totalSecondsPerTokenWarm : 0.0,
                                  f->totalBytesPerTokenWarm});
        }
    }
    // A streamed trunk is read whole every token (no layer is cached).
    const uint64_t trunkRead = budgetPlan && budgetPlan->split.streaming() ? budgetPlan->split.readBytesPerToken : 0;
    const double trunkSeconds = figures ? figures->trunkSecondsPerToken : 0.0;
    // "Does it fit": the floor within the 7/8 cap of usable RAM.
    const bool fits = plan->floorBytes <= plan->capBytes;
    const uint64_t ramNeeded = plan->floorBytes + plan->floorBytes / 7; // smallest usable RAM whose 7/8 cap holds the floor

    if (json) {
        QJsonArray terms;
        for (const MemoryTerm &t : plan->terms)
            terms.append(QJsonObject{{"name", QString::fromStdString(t.name)}, {"bytes", qint64(t.bytes)}});
        QJsonArray warn;
        for (const std::string &w : warnings)
            warn.append(QString::fromStdString(w));
        QJsonObject root{{"model", QString::fromStdString(modelName)},
                         {"context", ctx},
                         {"terms", terms},
                         {"floor_bytes", qint64(plan->floorBytes)},
                         {"working_set_bytes", qint64(plan->workingSetBytes)},
                         {"recommended_bytes", qint64(plan->recommendedBytes)},
                         {"physical_ram_bytes", qint64(ram->physicalBytes)},
                         {"cgroup_limit_bytes", qint64(ram->cgroupLimitBytes)},
                         {"usable_ram_bytes", qint64(ram->usableBytes)},
                         {"cap_bytes", qint64(plan->capBytes)},
                         {"default_cap_bytes", qint64(plan->defaultCapBytes)},
                         {"default_budget_bytes", qint64(defaultBudget)},
                         {"default_working_sets", defaultSets},
                         {"record_bytes", qint64(in.recordBytes)},
                         {"experts_per_token", topK},
                         {"model_experts_per_token", ownTopK},
                         {"warnings", warn}};
        if (budgetPlan) {
            // Trunk streaming (issue 13): the split for this budget and both floors.
            root["layers"] = budgetPlan->split.layers;
            root["resident_layers"] = budgetPlan->split.residentLayers;
            root["trunk_stream_bytes_per_token"] = qint64(budgetPlan->split.readBytesPerToken);
            root["trunk_staging_bytes"] = qint64(budgetPlan->split.stagingBytes);
            root["resident_floor_bytes"] = qint64(budgetPlan->residentFloorBytes);
            root["streaming_floor_bytes"] = qint64(budgetPlan->streamingFloorBytes);
            root["layers_streaming_floor_bytes"] = qint64(budgetPlan->layersStreamingFloorBytes);
            root["lm_head_streamed"] = budgetPlan->split.lmHeadStreamed;
            root["lm_head_stream_bytes_per_token"] = qint64(budgetPlan->split.lmHeadReadBytes);
            root["lm_head_blocks"] = qint64(budgetPlan->split.headBlocks.size());
            root["lm_head_block_rows"] = qint64(budgetPlan->split.lmHeadBlockRows);
        }
        if (sizing) {
            root["budget_bytes"] = qint64(sizing->budgetBytes);
            root["cache_bytes"] = qint64(sizing->slotBufferBytes);
            root["cache_slots"] = sizing->slotCount;
            root["engine_bytes"] = qint64(sizing->engineBytes);
            root["prefill_chunk"] = budgetPlan->prefillChunk;
            root["prefill_scratch_bytes"] = qint64(prefillScratch);
            root["prefill_scratch_borrowed"] = budgetPlan->prefillBorrowBytes > 0;
        } else {
            root["error"] = QString::fromStdString(sizing.status().message());
        }
        root["fits"] = fits;
        root["process_margin_bytes"] = qint64(processMargin);
        root["ram_needed_bytes"] = qint64(ramNeeded);
        if (diskBytes)
            root["download_bytes"] = qint64(diskBytes);
        if (release) {
            root["release"] = QJsonObject{{"trunk_cache_bytes", qint64(trunkCacheSize)},
                                          {"vq3r_record_bytes", qint64(vqRecordBytes)},
                                          {"bytes_per_miss_vs_vq3r", vqRecordBytes ? double(in.recordBytes) / double(vqRecordBytes) : 0.0}};
        }
        if (speed) {
            root["speed"] = QJsonObject{{"disk_gbps", diskGBps},
                                        {"trace", QString::fromStdString(speed->traceName)},
                                        {"policy", QString::fromLatin1(policyName(speed->policy))},
                                        {"cache_working_sets", speed->cacheWorkingSets},
                                        {"trace_slots", speed->simSlots},
                                        {"hit_rate_cold", speed->coldHitRate},
                                        {"hit_rate_warm", speed->warmHitRate},
                                        {"bytes_per_token_cold", speed->bytesPerTokenCold},
                                        {"bytes_per_token_warm", speed->bytesPerTokenWarm},
                                        {"seconds_per_token_cold", speed->secondsPerTokenCold},
                                        {"seconds_per_token_warm", speed->secondsPerTokenWarm},
                                        {"trunk_seconds_per_token", trunkSeconds},
                                        {"lm_head_seconds_per_token",
                                            double(budgetPlan->split.lmHeadReadBytes) / (diskGBps * 1e9)},
                                        {"total_seconds_per_token_warm", figures->totalSecondsPerTokenWarm},
                                        {"total_bytes_per_token_warm", figures->totalBytesPerTokenWarm},
                                        {"total_seconds_per_token_cold", figures->totalSecondsPerTokenCold},
                                        {"total_bytes_per_token_cold", figures->totalBytesPerTokenCold},
                                        {"tokens_per_second_warm", figures->totalSecondsPerTokenWarm > 0
                                                                       ? 1.0 / figures->totalSecondsPerTokenWarm : 0.0}};
            QJsonArray perK;
            for (const TopKSpeed &t : ladder)
                perK.append(QJsonObject{{"experts_per_token", t.k},
                                        {"tokens_per_second_warm", t.tokensPerSecondWarm},
                                        {"bytes_per_token_warm", t.bytesPerTokenWarm}});
            root["experts_per_token_speed"] = perK;
        }
        std::printf("%s", QJsonDocument(root).toJson(QJsonDocument::Indented).constData());
        return sizing ? 0 : 1;
    }

    std::printf("%s, context %d\n\n", modelName.c_str(), ctx);
    for (const MemoryTerm &t : plan->terms)
        std::printf("  %-58s %12s\n", t.name.c_str(), human(t.bytes));
    std::printf("  %-58s %12s\n", "= floor", human(plan->floorBytes));
    if (processMargin)
        std::printf("  (the process term includes a margin of %s: the process is measured again at open)\n",
                    human(processMargin));
    std::printf("\n  %-58s %12s  (top-%d x %d MoE layers x %llu B)\n", "working set", human(plan->workingSetBytes),
                in.topK, in.moeLayers, (unsigned long long)in.recordBytes);
    std::printf("  %-58s %12d  (%s)\n", "experts per token", topK,
                topK == ownTopK ? "the model's own" : ("the model routes " + std::to_string(ownTopK) + "; --experts-per-token").c_str());
    std::printf("  %-58s %12s  (floor + 3 working sets)\n", "recommended", human(plan->recommendedBytes));
    if (diskBytes)
        std::printf("\n  %-58s %12s  (trunk + vision + every expert)\n", "download / on disk", human(diskBytes));
    if (release) {
        std::printf("\n  %-58s %12s  (prepared once at the first open)\n", "trunk cache", human(trunkCacheSize));
        if (vqRecordBytes)
            std::printf("  %-58s %11.0f%%  (%llu B read per expert miss vs %llu B for a VQ3R container)\n",
                        "bytes per token vs a converted container", 100.0 * (double(in.recordBytes) / double(vqRecordBytes) - 1.0),
                        (unsigned long long)in.recordBytes, (unsigned long long)vqRecordBytes);
    }
    if (ramBytes)
        std::printf("\n  %-58s %12s  (--ram)\n", "RAM", human(ramBytes));
    else
        std::printf("\n  %-58s %12s\n", "physical RAM", human(ram->physicalBytes));
    if (ram->cgroupLimitBytes)
        std::printf("  %-58s %12s  (%s)\n", "cgroup limit", human(ram->cgroupLimitBytes), ram->cgroupPath.c_str());
    std::printf("  %-58s %12s\n", "usable RAM", human(ram->usableBytes));
    std::printf("  %-58s %12s\n", "7/8 cap (budgets above it are warned about)", human(plan->capBytes));
    std::printf("  %-58s %12s\n", "3/4 cap (the default budget stays under it)", human(plan->defaultCapBytes));
    std::printf("  %-58s %12s  (floor + %d working sets + chunk-%d prefill scratch)\n", "default budget",
                human(defaultBudget), defaultSets, defaultPlan ? defaultPlan->prefillChunk : 1);
    if (sizing) {
        std::printf("\n  %-58s %12s%s\n", "budget", human(sizing->budgetBytes), budget ? "" : " (default)");
        std::printf("  %-58s %12s  (%d slots of %llu B)\n", "expert cache", human(sizing->slotBufferBytes),
                    sizing->slotCount, (unsigned long long)sizing->slotBytes);
        std::printf("  %-58s %12s  (+%s scratch%s)\n", ("prefill chunk " + std::to_string(budgetPlan->prefillChunk)).c_str(),
                    "", human(prefillScratch),
                    budgetPlan->prefillBorrowBytes ? ", borrowed from the expert cache while a prompt prefills" : "");
        std::printf("  %-58s %12s\n", "engine total (ledger after open)", human(sizing->engineBytes));
        const auto &split = budgetPlan->split;
        if (split.streaming())
            std::printf("  %-58s %12s  (%d of %d layers resident; %s read per token, staging %s)\n",
                        "trunk streamed (budget under the resident floor)", human(split.streamedBytes),
                        split.residentLayers, split.layers, human(split.readBytesPerToken), human(split.stagingBytes));
        else
            std::printf("  %-58s %12s  (all %d layers)\n", "trunk resident", human(plan->trunkBytes), split.layers);
        if (split.lmHeadStreamed)
            std::printf("  %-58s %12s  (%zu blocks of up to %llu rows through the staging slots, in the trunk's read per token)\n",
                        "lm_head streamed in row blocks", human(split.lmHeadReadBytes),
                        split.headBlocks.size(), (unsigned long long)split.lmHeadBlockRows);
    }
    if (budgetPlan)
        std::printf("  %-58s %12s  (every layer's trunk and lm_head streamed; %s with lm_head resident; resident floor %s)\n",
                    "streaming floor", human(budgetPlan->streamingFloorBytes),
                    human(budgetPlan->layersStreamingFloorBytes), human(budgetPlan->residentFloorBytes));
    if (speed) {
        std::printf("\n  predicted speed at %.2f GB/s (disk-bound, compute ignored; trace %s, %s, cache = %.2f working sets = %d trace slots)\n",
                    diskGBps, speed->traceName.c_str(), policyName(speed->policy), speed->cacheWorkingSets,
                    speed->simSlots);
        std::printf("  %-58s %11.1f%%  -> %s/token, %.2f s/token\n", "hit rate, whole trace (first touches miss)",
                    100 * speed->coldHitRate, human(uint64_t(speed->bytesPerTokenCold)), speed->secondsPerTokenCold);
        std::printf("  %-58s %11.1f%%  -> %s/token, %.2f s/token\n", "hit rate, warm (first touches excluded)",
                    100 * speed->warmHitRate, human(uint64_t(speed->bytesPerTokenWarm)), speed->secondsPerTokenWarm);
        if (trunkRead)
            std::printf("  %-58s %12s  -> %.2f s/token; total warm %s/token, %.2f s/token\n", "streamed trunk",
                        human(trunkRead), trunkSeconds, human(uint64_t(figures->totalBytesPerTokenWarm)),
                        figures->totalSecondsPerTokenWarm);
        if (figures->totalSecondsPerTokenWarm > 0)
            std::printf("  %-58s %12.2f  (warm, top-%d)\n", "predicted tok/s", 1.0 / figures->totalSecondsPerTokenWarm, topK);
        if (ladder.size() > 1) {
            std::printf("  experts per token (same budget; quality cost measured in docs/model.md, `sluice-cli bench-experts`):\n");
            for (const TopKSpeed &t : ladder) {
                char rate[48] = "no disk reads once warm";
                if (t.tokensPerSecondWarm > 0)
                    std::snprintf(rate, sizeof rate, "%.2f tok/s", t.tokensPerSecondWarm);
                std::printf("    top-%-3d %-24s %s/token%s\n", t.k, rate, human(uint64_t(t.bytesPerTokenWarm)),
                            t.k == topK ? "  <- this plan" : "");
            }
        }
        if (budgetPlan->split.lmHeadStreamed) // its share of the streamed trunk's line
            std::printf("  %-58s %12s  -> %.2f s/token of that\n", "  of which lm_head (row blocks)",
                human(budgetPlan->split.lmHeadReadBytes), double(budgetPlan->split.lmHeadReadBytes) / (diskGBps * 1e9));
    }
    if (fits)
        std::printf("\nfits: default budget %s (floor + %d working sets)\n", human(defaultBudget), defaultSets);
    else
        std::printf("\ndoes not fit: the floor %s is above 7/8 of the usable RAM; it needs at least %s of RAM\n",
                    human(plan->floorBytes), human(ramNeeded));
    if (!fits && budgetPlan && budgetPlan->streamingFloorBytes <= plan->capBytes)
        std::printf("with the trunk streamed it runs: pass --budget between the streaming floor %s and the 7/8 cap %s\n",
                    human(budgetPlan->streamingFloorBytes), human(plan->capBytes));
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
