// api/inspect.h: the model, disk and image questions clients ask without
// opening a model. Thin on purpose: each answer is the one the engine itself
// uses (plannerInputs for the ledger, verifyContainer for Verify, the image
// limits of the vision path), so what a client shows cannot drift from it.
#include "api/inspect.h"

#include "format/container.h"
#include "format/containerverify.h"
#include "format/generationconfig.h"
#include "format/release.h"
#include "format/releaseexperts.h"
#include "model/plannerinputs.h"
#include "model/openweightstore.h"
#include "stream/cachesim.h"
#include "stream/diskbench.h"
#include "stream/processfootprint.h"
#include "stream/routetrace.h"
#include "text/tokenizer.h"
#include "vision/imageloader.h"
#include "vision/imagepreprocess.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <sys/stat.h>
#include <thread>

namespace sluice {

Expected<ModelSummary> inspectModel(const std::string &modelPath)
{
    Expected<ModelSummary> s = model::openStoreSummary(modelPath);
    if (s) // read as Model::open reads it (ModelInfo::recommendedSampling)
        s->recommendedSampling = readGenerationConfig(modelPath);
    return s;
}

Expected<PlannerInputs> inspectPlannerInputs(const std::string &modelPath, const InspectOptions &options)
{
    model::PlannerInputsOptions o;
    o.contextLength = options.contextLength;
    o.vision = options.vision;
    o.sessions = std::max(1, options.sessions);
    // The engine's pool size decides the vision attention's work slices and
    // the decode lanes' scratch.
    o.attentionSlices = options.threads > 0 ? options.threads : int(std::max(1u, std::thread::hardware_concurrency()));
    const Expected<ProcessFootprint> before = readProcessFootprint();
    // The process term, measured after the model's description is in memory.
    auto measure = [&](int vocab) -> Status {
        if (!options.reserveProcess)
            return Status::ok();
        if (!before)
            return before.status();
        auto now = readProcessFootprint();
        if (!now)
            return now.status();
        // As Model::open: compute threads, expert readers, and one for the read-ahead and the caller.
        o.processBytes = processReserveBytes(*before, *now, o.attentionSlices + std::max(options.ioThreads, 1) + 2, vocab);
        return Status::ok();
    };
    return model::openStorePlannerInputs(modelPath, options.releaseTrunkBits, o, options.reserveProcess, measure);
}

Expected<VerifyReport> verifyModel(const std::string &modelPath, const VerifyProgress &progress)
{
    // Bank sizes are checked per record, so a truncated bank lists its
    // missing records instead of refusing the whole container.
    ContainerOptions options;
    options.checkBanks = false;
    auto container = Container::open(modelPath, options);
    if (!container)
        return container.status();
    return verifyContainer(**container, progress);
}

Expected<StreamedFile> streamedFile(const std::string &modelPathOrFile)
{
    struct stat st {};
    if (::stat(modelPathOrFile.c_str(), &st) != 0)
        return makeError(ErrorCode::NotFound, SLUICE_ERRT("Error", "%1: no such file or folder"), modelPathOrFile);
    if (!S_ISDIR(st.st_mode))
        return StreamedFile{modelPathOrFile, 0};
    ContainerOptions options;
    options.checkBanks = false;
    auto container = Container::open(modelPathOrFile, options);
    if (!container)
        return container.status();
    const ModelConfig &cfg = (*container)->config();
    StreamedFile best;
    long long bestSize = -1;
    for (int layer = cfg.firstKDense; layer < cfg.nLayers; ++layer) {
        const ExpertBank bank = (*container)->expertLayer(layer);
        struct stat bs {};
        if (::stat(bank.path.c_str(), &bs) == 0 && S_ISREG(bs.st_mode) && bs.st_size > bestSize) {
            bestSize = bs.st_size;
            best = {bank.path, bank.recordBytes};
        }
    }
    if (bestSize <= 0)
        return makeError(
            ErrorCode::NotFound, SLUICE_ERRT("Error", "%1: the model has no expert bank to read"), modelPathOrFile);
    return best;
}

Expected<DiskBenchResult> measureDiskSpeed(const std::string &path, uint64_t recordBytes, double seconds, uint32_t seed)
{
    if (!(seconds > 0) || seconds > 3600)
        return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "disk test: seconds must be in (0, 3600]"));
    DiskBenchOptions o;
    o.recordBytes = recordBytes ? recordBytes : (1u << 20);
    o.queueDepth = 4;
    o.seconds = seconds;
    o.seed = seed;
    return runDiskBench(path, o);
}

Expected<TraceHitEstimate> estimateTraceHits(const std::string &tracePath, double workingSets)
{
    if (!(workingSets >= 0) || !std::isfinite(workingSets))
        return makeError(ErrorCode::InvalidArgument,
            SLUICE_ERRT("Error", "estimate: the cache size in working sets must be finite and >= 0"));
    auto trace = loadRoutingTrace(tracePath);
    if (!trace)
        return trace.status();
    TraceHitEstimate e;
    e.traceName = trace->name;
    // The trace comes from another model: keep the cache's size in working
    // sets and replay that many of the trace's own.
    const double traceWs = double(trace->topK) * double(trace->moeLayers);
    e.simSlots = std::max(trace->topK, int(std::lround(std::min(workingSets * traceWs, 1e9))));
    const SimResult sim = simulateCache(*trace, EvictionPolicy::Lru, e.simSlots);
    e.coldHitRate = sim.hitRate();
    // Every (layer, expert)'s first touch misses whatever the cache size.
    const uint64_t warmAccesses = sim.accesses > trace->distinctKeys ? sim.accesses - trace->distinctKeys : 0;
    e.warmHitRate = warmAccesses ? std::min(1.0, double(sim.hits) / double(warmAccesses)) : e.coldHitRate;
    return e;
}

Expected<vision::ImageHeader> probeImage(const std::string &path)
{
    return vision::probeImageFile(path);
}

Expected<vision::RgbImage> loadImage(const std::string &path)
{
    return vision::loadImageFile(path);
}

Expected<int> imagePositions(const ModelConfig &config, int width, int height, int maxPatches)
{
    const VisionConfig &vc = config.vision;
    if (vc.mergeH <= 0 || vc.mergeW <= 0 || vc.patchSize <= 0)
        return makeError(ErrorCode::Unsupported, SLUICE_ERRT("Error", "this model has no vision tower"));
    auto grid = vision::choosePatchGrid(width, height, maxPatches > 0 ? maxPatches : vc.maxPatches, vc.patchSize);
    if (!grid)
        return grid.status();
    return (grid->gh / vc.mergeH) * (grid->gw / vc.mergeW);
}

} // namespace sluice
