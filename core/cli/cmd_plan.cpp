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

namespace {

struct PlanOptions {
    std::string path;
    std::string builtin, formatName = "vq3r", tracePath;
    uint64_t budget = 0;
    uint64_t ramBytes = 0;
    int ctx = 4096;
    bool json = false;
    bool vision = false;
    double diskGBps = 0;
    int releaseTrunkBits = 4;
    int residentLayers = -1;
    int streamLmHead = -1;
    int expertsPerToken = 0;
};

void declarePlanOptions(cli::OptionParser &p, PlanOptions &o)
{
    p.positional("MODEL", &o.path, "a .waste container directory or a release folder (safetensors)", false);
    p.choice("--model", &o.builtin, {"k3", "kimi-k3", "kimi-linear", "kl"}, "a built-in published model instead of MODEL");
    p.choice("--format", &o.formatName, {"vq3r", "mxfp4", "bf16"},
             "with --model: vq3r = Sluice's converted container, mxfp4/bf16 = the release checkpoint");
    p.size("--ram", &o.ramBytes, cli::kMinBudgetBytes, cli::kMaxBudgetBytes, "plan for this much usable RAM instead of this machine's");
    p.number("--disk-gbps", &o.diskGBps, 0.001, 1000, "disk read speed in GB/s: predict s/token (measure: sluice-cli diskbench)");
    p.text("--trace", &o.tracePath, "routing trace for the hit rate (default: first *.jsonl of $SLUICE_TRACE_DIR)", "FILE");
    p.size("--budget", &o.budget, cli::kMinBudgetBytes, cli::kMaxBudgetBytes, "the budget to size the cache for");
    p.integer("--ctx", &o.ctx, 1, cli::kMaxContextOption, "context positions (at most the model's max_position_embeddings)");
    p.flag("--vision", &o.vision, "count the vision tower as an engine opened with vision on does");
    p.integer("--resident-layers", &o.residentLayers, -1, 100000,
              "trunk layers kept resident (default -1: the planner's split for the budget)");
    p.integer("--stream-lm-head", &o.streamLmHead, -1, 1,
              "lm_head read per token in row blocks: 1 = whenever layers stream, 0 = resident (default -1: the planner decides)");
    cli::addExpertsPerTokenOption(p, o.expertsPerToken);
    p.flag("--json", &o.json, "JSON output");
    p.integer("--release-trunk-bits", &o.releaseTrunkBits, 4, 16,
              "a release folder's trunk cache: 4 = Q4G (default), 8 = Q8G, 16 = bf16 as stored");
    p.note("--vision plans the tower at the engine's defaults: max_patches, one attention slice per hardware thread.");
}

struct TopKSpeed {
    int k;
    double tokensPerSecondWarm, bytesPerTokenWarm;
};

// Every figure the two reports (text and JSON) print.
struct PlanReport {
    std::string modelName;
    uint64_t vqRecordBytes = 0; // a release folder: the converted record
    uint64_t processMargin = 0;
    PlannerInputs in;
    UsableRam ram;
    MemoryPlan plan;
    Expected<model::BudgetPlan> budgetPlan = makeError(ErrorCode::InvalidArgument, "no plan");
    Expected<CacheSizing> sizing = makeError(ErrorCode::InvalidArgument, "no plan");
    Expected<model::BudgetPlan> defaultPlan = makeError(ErrorCode::InvalidArgument, "no plan");
    uint64_t defaultBudget = 0;
    int defaultSets = 0;
    uint64_t prefillScratch = 0;
    std::vector<std::string> warnings;
    Expected<SpeedFigures> figures = makeError(ErrorCode::InvalidArgument, "no --disk-gbps");
    std::vector<TopKSpeed> ladder;
    int ownTopK = 0;
    int topK = 0;
    uint64_t trunkRead = 0;
    double trunkSeconds = 0;
    bool fits = false;
    uint64_t ramNeeded = 0;

    const SpeedPrediction *speed() const { return figures ? &figures->experts : nullptr; }
};

int planError(const Status &status)
{
    std::fprintf(stderr, "plan: %s\n", status.message().c_str());
    return 1;
}

PlanRequest planRequest(const PlanOptions &o)
{
    PlanRequest request;
    request.contextLength = o.ctx;
    request.vision = o.vision;
    request.residentLayers = o.residentLayers;
    request.streamLmHead = o.streamLmHead;
    request.expertsPerToken = o.expertsPerToken;
    return request;
}

// The floor and caps for the usable RAM: returns 0, or 1 after printing the error.
int planFloor(const PlanOptions &o, const PlannerShape &shape, const Expected<ProcessBaseline> &before,
              PlanRequest &request, PlanReport &r)
{
    r.modelName = shape.builtin ? shape.name : o.path;
    if (shape.release) {
        if (auto vq = expertBytes(shape.config, BuiltinFormat::Container))
            r.vqRecordBytes = *vq;
        r.modelName = shape.name + " (" + o.path + ")";
    }
    // Measured with what the engine reads before it measures (the manifest, the tokenizer's tables).
    // Plus the planners' margin (api/budget.h): `run` measures itself again
    // at open, about a MiB apart from this process, and the floor printed
    // here must open there.
    if (before)
        if (auto bytes = processBytesSince(*before, shape, shape.builtin ? std::string() : o.path)) {
            request.processBytes = plannedProcessBytes(*bytes);
            r.processMargin = request.processBytes - *bytes;
        }
    Expected<PlannerInputs> inputs = splitPlannerInputs(shape, request);
    if (!inputs)
        return planError(inputs.status());
    r.in = *inputs;
    Expected<UsableRam> ram = UsableRam{o.ramBytes, 0, {}, o.ramBytes};
    if (!o.ramBytes)
        ram = detectUsableRam();
    if (!ram)
        return planError(ram.status());
    r.ram = *ram;
    auto plan = planMemory(r.in, r.ram.usableBytes);
    if (!plan)
        return planError(plan.status());
    r.plan = *plan;
    return 0;
}

// The engine's own choice for this budget: the prefill chunk and the cache
// (the ledger after open); an explicit budget's chunk scratch is borrowed
// from the cache while a prompt prefills, the default budget's is resident.
void planBudgets(const PlanOptions &o, const PlannerShape &shape, PlanRequest &request, PlanReport &r)
{
    request.usableRamBytes = r.ram.usableBytes;
    request.budgetBytes = o.budget;
    r.budgetPlan = planBudget(shape, request);
    r.sizing = r.budgetPlan ? Expected<CacheSizing>(r.budgetPlan->sizing) : Expected<CacheSizing>(r.budgetPlan.status());
    // The default budget is whole working sets on top of full-chunk prefill.
    PlanRequest defaultRequest = request;
    defaultRequest.budgetBytes = 0;
    r.defaultPlan = o.budget ? planBudget(shape, defaultRequest) : r.budgetPlan;
    r.defaultBudget = r.defaultPlan ? r.defaultPlan->sizing.budgetBytes : r.plan.defaultBudgetBytes;
    r.defaultSets = r.defaultPlan ? r.defaultPlan->plan.defaultWorkingSets : r.plan.defaultWorkingSets;
    const auto &bp = r.budgetPlan;
    r.prefillScratch = !bp                     ? 0
                       : bp->prefillBorrowBytes ? bp->prefillBorrowBytes
                                                : bp->plan.scratchBytes - r.plan.scratchBytes;
    r.warnings = r.plan.warnings;
    if (r.sizing)
        r.warnings.insert(r.warnings.end(), r.sizing->warnings.begin(), r.sizing->warnings.end());
    r.ownTopK = shape.config.topK;
    r.topK = o.expertsPerToken > 0 ? o.expertsPerToken : r.ownTopK;
    // "Does it fit": the floor within the 7/8 cap of usable RAM.
    r.fits = r.plan.floorBytes <= r.plan.capBytes;
    r.ramNeeded = r.plan.floorBytes + r.plan.floorBytes / 7; // smallest usable RAM whose 7/8 cap holds the floor
}

// Experts per token as a speed/quality choice (issue 31): the predicted
// speed at the model's own top-k and at 3/4, 1/2 and 1/4 of it, same budget.
void planTopKLadder(const PlanOptions &o, const PlannerShape &shape, const PlanRequest &request,
                    const RoutingTrace &trace, PlanReport &r)
{
    const int ownTopK = r.ownTopK;
    for (int k : {ownTopK, (3 * ownTopK + 3) / 4, (ownTopK + 1) / 2, (ownTopK + 3) / 4}) {
        if (k < 1 || std::any_of(r.ladder.begin(), r.ladder.end(), [k](const TopKSpeed &t) { return t.k == k; }))
            continue;
        PlanRequest req = request;
        req.expertsPerToken = k;
        req.budgetBytes = r.budgetPlan->sizing.budgetBytes; // the same budget (the default one resolved)
        auto bp = planBudget(shape, req);
        auto f = bp ? predictSpeed(*bp, trace, o.diskGBps * 1e9) : Expected<SpeedFigures>(bp.status());
        if (f)
            r.ladder.push_back({k, f->totalSecondsPerTokenWarm > 0 ? 1.0 / f->totalSecondsPerTokenWarm : 0.0,
                                f->totalBytesPerTokenWarm});
    }
}

// The same figures the app's planner shows (api/planning.h predictSpeed):
// the expert misses plus the streamed trunk. Returns -1 to go on, else the exit code.
int planSpeed(PlanOptions &o, cli::OptionParser &p, const PlannerShape &shape, const PlanRequest &request,
              PlanReport &r)
{
    // A trace the user named is always read (a missing or broken one is an
    // error naming it), even when the plan then has no speed to predict with it.
    const bool traceGiven = !o.tracePath.empty();
    if (traceGiven || (o.diskGBps > 0 && r.sizing)) {
        if (o.tracePath.empty())
            o.tracePath = defaultTrace();
        if (o.tracePath.empty()) {
            std::fprintf(stderr, "plan: --disk-gbps needs a routing trace: pass --trace FILE or set SLUICE_TRACE_DIR\n");
            return 1;
        }
        auto trace = loadRoutingTrace(o.tracePath);
        if (!trace) {
            std::fprintf(stderr, "plan: %s%s\n", traceGiven ? "--trace " : "", trace.status().message().c_str());
            return 1;
        }
        if (o.diskGBps <= 0) // the trace only feeds the predicted speed: without it the option would do nothing
            return p.usageError("--trace " + o.tracePath + " is used for the predicted speed: give --disk-gbps too");
        if (r.sizing) {
            r.figures = predictSpeed(*r.budgetPlan, *trace, o.diskGBps * 1e9);
            if (!r.figures)
                return planError(r.figures.status());
            planTopKLadder(o, shape, request, *trace, r);
        }
    }
    // A streamed trunk is read whole every token (no layer is cached).
    r.trunkRead = r.budgetPlan && r.budgetPlan->split.streaming() ? r.budgetPlan->split.readBytesPerToken : 0;
    r.trunkSeconds = r.figures ? r.figures->trunkSecondsPerToken : 0.0;
    return -1;
}

QJsonObject planJsonRoot(const PlanOptions &o, const PlanReport &r)
{
    QJsonArray terms;
    for (const MemoryTerm &t : r.plan.terms)
        terms.append(QJsonObject{{"name", QString::fromStdString(t.name)}, {"bytes", qint64(t.bytes)}});
    QJsonArray warn;
    for (const std::string &w : r.warnings)
        warn.append(QString::fromStdString(w));
    return QJsonObject{{"model", QString::fromStdString(r.modelName)},
                       {"context", o.ctx},
                       {"terms", terms},
                       {"floor_bytes", qint64(r.plan.floorBytes)},
                       {"working_set_bytes", qint64(r.plan.workingSetBytes)},
                       {"recommended_bytes", qint64(r.plan.recommendedBytes)},
                       {"physical_ram_bytes", qint64(r.ram.physicalBytes)},
                       {"cgroup_limit_bytes", qint64(r.ram.cgroupLimitBytes)},
                       {"usable_ram_bytes", qint64(r.ram.usableBytes)},
                       {"cap_bytes", qint64(r.plan.capBytes)},
                       {"default_cap_bytes", qint64(r.plan.defaultCapBytes)},
                       {"default_budget_bytes", qint64(r.defaultBudget)},
                       {"default_working_sets", r.defaultSets},
                       {"record_bytes", qint64(r.in.recordBytes)},
                       {"experts_per_token", r.topK},
                       {"model_experts_per_token", r.ownTopK},
                       {"warnings", warn}};
}

void addBudgetJson(const PlanReport &r, QJsonObject &root)
{
    if (const auto &bp = r.budgetPlan) {
        // Trunk streaming (issue 13): the split for this budget and both floors.
        root["layers"] = bp->split.layers;
        root["resident_layers"] = bp->split.residentLayers;
        root["trunk_stream_bytes_per_token"] = qint64(bp->split.readBytesPerToken);
        root["trunk_staging_bytes"] = qint64(bp->split.stagingBytes);
        root["resident_floor_bytes"] = qint64(bp->residentFloorBytes);
        root["streaming_floor_bytes"] = qint64(bp->streamingFloorBytes);
        root["layers_streaming_floor_bytes"] = qint64(bp->layersStreamingFloorBytes);
        root["lm_head_streamed"] = bp->split.lmHeadStreamed;
        root["lm_head_stream_bytes_per_token"] = qint64(bp->split.lmHeadReadBytes);
        root["lm_head_blocks"] = qint64(bp->split.headBlocks.size());
        root["lm_head_block_rows"] = qint64(bp->split.lmHeadBlockRows);
    }
    if (r.sizing) {
        root["budget_bytes"] = qint64(r.sizing->budgetBytes);
        root["cache_bytes"] = qint64(r.sizing->slotBufferBytes);
        root["cache_slots"] = r.sizing->slotCount;
        root["engine_bytes"] = qint64(r.sizing->engineBytes);
        root["prefill_chunk"] = r.budgetPlan->prefillChunk;
        root["prefill_scratch_bytes"] = qint64(r.prefillScratch);
        root["prefill_scratch_borrowed"] = r.budgetPlan->prefillBorrowBytes > 0;
    } else {
        root["error"] = QString::fromStdString(r.sizing.status().message());
    }
}

QJsonObject speedJson(const PlanOptions &o, const PlanReport &r)
{
    const SpeedPrediction *speed = r.speed();
    const SpeedFigures &figures = *r.figures;
    return QJsonObject{{"disk_gbps", o.diskGBps},
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
                       {"trunk_seconds_per_token", r.trunkSeconds},
                       {"lm_head_seconds_per_token",
                        double(r.budgetPlan->split.lmHeadReadBytes) / (o.diskGBps * 1e9)},
                       {"total_seconds_per_token_warm", figures.totalSecondsPerTokenWarm},
                       {"total_bytes_per_token_warm", figures.totalBytesPerTokenWarm},
                       {"total_seconds_per_token_cold", figures.totalSecondsPerTokenCold},
                       {"total_bytes_per_token_cold", figures.totalBytesPerTokenCold},
                       {"tokens_per_second_warm", figures.totalSecondsPerTokenWarm > 0
                                                      ? 1.0 / figures.totalSecondsPerTokenWarm : 0.0}};
}

int printPlanJson(const PlanOptions &o, const PlannerShape &shape, const PlanReport &r)
{
    QJsonObject root = planJsonRoot(o, r);
    addBudgetJson(r, root);
    root["fits"] = r.fits;
    root["process_margin_bytes"] = qint64(r.processMargin);
    root["ram_needed_bytes"] = qint64(r.ramNeeded);
    if (shape.diskBytes)
        root["download_bytes"] = qint64(shape.diskBytes);
    if (shape.release) {
        root["release"] = QJsonObject{{"trunk_cache_bytes", qint64(shape.trunkCacheBytes)},
                                      {"vq3r_record_bytes", qint64(r.vqRecordBytes)},
                                      {"bytes_per_miss_vs_vq3r", r.vqRecordBytes ? double(r.in.recordBytes) / double(r.vqRecordBytes) : 0.0}};
    }
    if (r.speed()) {
        root["speed"] = speedJson(o, r);
        QJsonArray perK;
        for (const TopKSpeed &t : r.ladder)
            perK.append(QJsonObject{{"experts_per_token", t.k},
                                    {"tokens_per_second_warm", t.tokensPerSecondWarm},
                                    {"bytes_per_token_warm", t.bytesPerTokenWarm}});
        root["experts_per_token_speed"] = perK;
    }
    std::printf("%s", QJsonDocument(root).toJson(QJsonDocument::Indented).constData());
    return r.sizing ? 0 : 1;
}

// The floor's terms, the working set and what the model is on disk.
void printFloorSection(const PlanOptions &o, const PlannerShape &shape, const PlanReport &r)
{
    const PlannerInputs &in = r.in;
    std::printf("%s, context %d\n\n", r.modelName.c_str(), o.ctx);
    for (const MemoryTerm &t : r.plan.terms)
        std::printf("  %-58s %12s\n", t.name.c_str(), human(t.bytes));
    std::printf("  %-58s %12s\n", "= floor", human(r.plan.floorBytes));
    if (r.processMargin)
        std::printf("  (the process term includes a margin of %s: the process is measured again at open)\n",
                    human(r.processMargin));
    std::printf("\n  %-58s %12s  (top-%d x %d MoE layers x %llu B)\n", "working set", human(r.plan.workingSetBytes),
                in.topK, in.moeLayers, (unsigned long long)in.recordBytes);
    std::printf("  %-58s %12d  (%s)\n", "experts per token", r.topK,
                r.topK == r.ownTopK ? "the model's own" : ("the model routes " + std::to_string(r.ownTopK) + "; --experts-per-token").c_str());
    std::printf("  %-58s %12s  (floor + 3 working sets)\n", "recommended", human(r.plan.recommendedBytes));
    if (shape.diskBytes)
        std::printf("\n  %-58s %12s  (trunk + vision + every expert)\n", "download / on disk", human(shape.diskBytes));
    if (shape.release) {
        std::printf("\n  %-58s %12s  (prepared once at the first open)\n", "trunk cache", human(shape.trunkCacheBytes));
        if (r.vqRecordBytes)
            std::printf("  %-58s %11.0f%%  (%llu B read per expert miss vs %llu B for a VQ3R container)\n",
                        "bytes per token vs a converted container", 100.0 * (double(in.recordBytes) / double(r.vqRecordBytes) - 1.0),
                        (unsigned long long)in.recordBytes, (unsigned long long)r.vqRecordBytes);
    }
}

void printRamSection(const PlanOptions &o, const PlanReport &r)
{
    if (o.ramBytes)
        std::printf("\n  %-58s %12s  (--ram)\n", "RAM", human(o.ramBytes));
    else
        std::printf("\n  %-58s %12s\n", "physical RAM", human(r.ram.physicalBytes));
    if (r.ram.cgroupLimitBytes)
        std::printf("  %-58s %12s  (%s)\n", "cgroup limit", human(r.ram.cgroupLimitBytes), r.ram.cgroupPath.c_str());
    std::printf("  %-58s %12s\n", "usable RAM", human(r.ram.usableBytes));
    std::printf("  %-58s %12s\n", "7/8 cap (budgets above it are warned about)", human(r.plan.capBytes));
    std::printf("  %-58s %12s\n", "3/4 cap (the default budget stays under it)", human(r.plan.defaultCapBytes));
    std::printf("  %-58s %12s  (floor + %d working sets + chunk-%d prefill scratch)\n", "default budget",
                human(r.defaultBudget), r.defaultSets, r.defaultPlan ? r.defaultPlan->prefillChunk : 1);
}

void printBudgetSection(const PlanOptions &o, const PlanReport &r)
{
    if (r.sizing) {
        const CacheSizing &sizing = *r.sizing;
        const model::BudgetPlan &bp = *r.budgetPlan;
        std::printf("\n  %-58s %12s%s\n", "budget", human(sizing.budgetBytes), o.budget ? "" : " (default)");
        std::printf("  %-58s %12s  (%d slots of %llu B)\n", "expert cache", human(sizing.slotBufferBytes),
                    sizing.slotCount, (unsigned long long)sizing.slotBytes);
        std::printf("  %-58s %12s  (+%s scratch%s)\n", ("prefill chunk " + std::to_string(bp.prefillChunk)).c_str(),
                    "", human(r.prefillScratch),
                    bp.prefillBorrowBytes ? ", borrowed from the expert cache while a prompt prefills" : "");
        std::printf("  %-58s %12s\n", "engine total (ledger after open)", human(sizing.engineBytes));
        const auto &split = bp.split;
        if (split.streaming())
            std::printf("  %-58s %12s  (%d of %d layers resident; %s read per token, staging %s)\n",
                        "trunk streamed (budget under the resident floor)", human(split.streamedBytes),
                        split.residentLayers, split.layers, human(split.readBytesPerToken), human(split.stagingBytes));
        else
            std::printf("  %-58s %12s  (all %d layers)\n", "trunk resident", human(r.plan.trunkBytes), split.layers);
        if (split.lmHeadStreamed)
            std::printf("  %-58s %12s  (%zu blocks of up to %llu rows through the staging slots, in the trunk's read per token)\n",
                        "lm_head streamed in row blocks", human(split.lmHeadReadBytes),
                        split.headBlocks.size(), (unsigned long long)split.lmHeadBlockRows);
    }
    if (r.budgetPlan)
        std::printf("  %-58s %12s  (every layer's trunk and lm_head streamed; %s with lm_head resident; resident floor %s)\n",
                    "streaming floor", human(r.budgetPlan->streamingFloorBytes),
                    human(r.budgetPlan->layersStreamingFloorBytes), human(r.budgetPlan->residentFloorBytes));
}

void printTopKLadder(const PlanReport &r)
{
    if (r.ladder.size() <= 1)
        return;
    std::printf("  experts per token (same budget; quality cost measured in docs/model.md, `sluice-cli bench-experts`):\n");
    for (const TopKSpeed &t : r.ladder) {
        char rate[48] = "no disk reads once warm";
        if (t.tokensPerSecondWarm > 0)
            std::snprintf(rate, sizeof rate, "%.2f tok/s", t.tokensPerSecondWarm);
        std::printf("    top-%-3d %-24s %s/token%s\n", t.k, rate, human(uint64_t(t.bytesPerTokenWarm)),
                    t.k == r.topK ? "  <- this plan" : "");
    }
}

void printSpeedSection(const PlanOptions &o, const PlanReport &r)
{
    const SpeedPrediction *speed = r.speed();
    if (!speed)
        return;
    const SpeedFigures &figures = *r.figures;
    std::printf("\n  predicted speed at %.2f GB/s (disk-bound, compute ignored; trace %s, %s, cache = %.2f working sets = %d trace slots)\n",
                o.diskGBps, speed->traceName.c_str(), policyName(speed->policy), speed->cacheWorkingSets,
                speed->simSlots);
    std::printf("  %-58s %11.1f%%  -> %s/token, %.2f s/token\n", "hit rate, whole trace (first touches miss)",
                100 * speed->coldHitRate, human(uint64_t(speed->bytesPerTokenCold)), speed->secondsPerTokenCold);
    std::printf("  %-58s %11.1f%%  -> %s/token, %.2f s/token\n", "hit rate, warm (first touches excluded)",
                100 * speed->warmHitRate, human(uint64_t(speed->bytesPerTokenWarm)), speed->secondsPerTokenWarm);
    if (r.trunkRead)
        std::printf("  %-58s %12s  -> %.2f s/token; total warm %s/token, %.2f s/token\n", "streamed trunk",
                    human(r.trunkRead), r.trunkSeconds, human(uint64_t(figures.totalBytesPerTokenWarm)),
                    figures.totalSecondsPerTokenWarm);
    if (figures.totalSecondsPerTokenWarm > 0)
        std::printf("  %-58s %12.2f  (warm, top-%d)\n", "predicted tok/s", 1.0 / figures.totalSecondsPerTokenWarm, r.topK);
    printTopKLadder(r);
    if (r.budgetPlan->split.lmHeadStreamed) // its share of the streamed trunk's line
        std::printf("  %-58s %12s  -> %.2f s/token of that\n", "  of which lm_head (row blocks)",
            human(r.budgetPlan->split.lmHeadReadBytes), double(r.budgetPlan->split.lmHeadReadBytes) / (o.diskGBps * 1e9));
}

int printPlanVerdict(const PlanReport &r)
{
    if (r.fits)
        std::printf("\nfits: default budget %s (floor + %d working sets)\n", human(r.defaultBudget), r.defaultSets);
    else
        std::printf("\ndoes not fit: the floor %s is above 7/8 of the usable RAM; it needs at least %s of RAM\n",
                    human(r.plan.floorBytes), human(r.ramNeeded));
    if (!r.fits && r.budgetPlan && r.budgetPlan->streamingFloorBytes <= r.plan.capBytes)
        std::printf("with the trunk streamed it runs: pass --budget between the streaming floor %s and the 7/8 cap %s\n",
                    human(r.budgetPlan->streamingFloorBytes), human(r.plan.capBytes));
    for (const std::string &w : r.warnings)
        std::printf("warning: %s\n", w.c_str());
    if (!r.sizing)
        return planError(r.sizing.status());
    return 0;
}

} // namespace

static int runPlan(const std::vector<std::string> &args)
{
    // The process term (issue 15) is this program's own, measured as the
    // engine measures itself at open: `run` is the same binary reading the
    // same container, so the figures agree to the MiB rounding.
    const Expected<ProcessBaseline> before = processBaseline();
    PlanOptions o;
    cli::OptionParser p("plan", "The memory plan of a container on this machine: floor, working set, recommended\n"
                                "and default budget, and the expert cache that --budget (default: the default budget) buys.\n"
                                "With --model, the same plan for a published model before downloading it.",
                        "MODEL | --model k3|kimi-linear [options]");
    declarePlanOptions(p, o);
    if (const int code = p.parse(args); code >= 0)
        return code;
    if (o.path.empty() == o.builtin.empty())
        return p.usageError("give either a container MODEL or --model k3|kimi-linear");
    PlanRequest request = planRequest(o);
    // The shape the planner reads: a built-in model's, a release folder's
    // (what Model::open will hold: the trunk as its trunk cache stores it and
    // one coalesced slot per expert read from the shards) or a container's.
    Expected<PlannerShape> shape = makeError(ErrorCode::InvalidArgument, "no model");
    if (!o.builtin.empty()) {
        const BuiltinModel m = *parseBuiltinModel(o.builtin);
        // Each release has one expert format: K3 ships MXFP4 experts, Kimi-Linear bf16 ones.
        if (o.formatName == (m == BuiltinModel::KimiK3 ? "bf16" : "mxfp4"))
            return p.usageError("--format " + o.formatName + ": the " + (m == BuiltinModel::KimiK3 ? "K3" : "Kimi-Linear") +
                                " release is " + (m == BuiltinModel::KimiK3 ? "mxfp4" : "bf16") + " (or vq3r converted)");
        shape = builtinPlannerShape(m, *parseBuiltinFormat(o.formatName));
    } else {
        shape = inspectPlannerShape(o.path, o.releaseTrunkBits);
    }
    if (!shape)
        return planError(shape.status());
    PlanReport r;
    if (planFloor(o, *shape, before, request, r))
        return 1;
    planBudgets(o, *shape, request, r);
    if (const int code = planSpeed(o, p, *shape, request, r); code >= 0)
        return code;
    if (o.json)
        return printPlanJson(o, *shape, r);
    printFloorSection(o, *shape, r);
    printRamSection(o, r);
    printBudgetSection(o, r);
    printSpeedSection(o, r);
    return printPlanVerdict(r);
}

static const sluice::cli::CommandRegistration planCommand{"plan", "Memory plan of a model on this machine (floor, budget, cache)",
                                                  runPlan};
