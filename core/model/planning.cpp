// api/planning.h: one path from a model's shape to the figures `sluice-cli
// plan` prints and the app's planner draws.
#include "api/planning.h"

#include "format/builtinmodels.h"
#include "format/container.h"
#include "format/releaseexperts.h"
#include "format/trunkcache.h"
#include "model/plannerinputs.h"
#include "model/openweightstore.h"
#include "stream/processfootprint.h"
#include "stream/speedmodel.h"
#include "text/tokenizer.h"

#include <optional>

#include <thread>

namespace sluice {

Expected<PlannerShape> inspectPlannerShape(const std::string &modelPath, int releaseTrunkBits)
{
    return model::openStorePlannerShape(modelPath, releaseTrunkBits);
}

Expected<PlannerShape> builtinPlannerShape(BuiltinModel model, BuiltinFormat format)
{
    auto built = builtinShape(model, format);
    if (!built)
        return built.status();
    PlannerShape s;
    s.name = built->name;
    s.config = std::move(built->config);
    s.tensors = std::move(built->tensors);
    s.recordBytes = built->recordBytes;
    s.diskBytes = built->diskBytes;
    s.builtin = true;
    return s;
}

Expected<uint64_t> estimateProcessBytes(const ModelConfig &config, int threads, int ioThreads)
{
    auto now = readProcessFootprint();
    if (!now)
        return now.status();
    const int compute = threads > 0 ? threads : int(std::max(1u, std::thread::hardware_concurrency()));
    // As Model::open: compute threads, expert readers, one for the read-ahead and the caller.
    return processReserveBytes(*now, *now, compute + std::max(ioThreads, 1) + 2, config.vocab);
}

Expected<ProcessBaseline> processBaseline()
{
    auto now = readProcessFootprint();
    if (!now)
        return now.status();
    return ProcessBaseline{now->residentBytes, now->peakBytes};
}

Expected<uint64_t> processBytesSince(const ProcessBaseline &baseline, const PlannerShape &shape,
                                     const std::string &modelPath, int threads, int ioThreads)
{
    // Held while measuring, as Model::open holds them when it measures itself.
    std::shared_ptr<void> held;
    if (!modelPath.empty()) {
        auto opened = model::holdStoreDescription(modelPath);
        if (!opened)
            return opened.status();
        held = std::move(*opened);
    }
    const ModelConfig &config = shape.config;
    auto now = readProcessFootprint();
    if (!now)
        return now.status();
    const int compute = threads > 0 ? threads : int(std::max(1u, std::thread::hardware_concurrency()));
    const ProcessFootprint before{baseline.residentBytes, baseline.peakBytes};
    // As Model::open: compute threads, expert readers, one for the read-ahead and the caller.
    return processReserveBytes(before, *now, compute + std::max(ioThreads, 1) + 2, config.vocab);
}

namespace {

model::PlannerInputsOptions optionsOf(const PlanRequest &r)
{
    model::PlannerInputsOptions o;
    o.contextLength = r.contextLength;
    o.vision = r.vision;
    o.attentionSlices
        = r.attentionSlices > 0 ? r.attentionSlices : int(std::max(1u, std::thread::hardware_concurrency()));
    o.sessions = r.sessions;
    o.processBytes = r.processBytes;
    o.residentLayers = r.residentLayers;
    o.streamLmHead = r.streamLmHead;
    o.expertsPerToken = r.expertsPerToken;
    return o;
}

} // namespace

Expected<PlannerInputs> shapePlannerInputs(const PlannerShape &shape, const PlanRequest &request)
{
    model::PlannerInputsOptions o = optionsOf(request);
    o.residentLayers = -1;
    return model::plannerInputs(shape.config, shape.tensors, shape.recordBytes, o);
}

Expected<PlannerInputs> splitPlannerInputs(const PlannerShape &shape, const PlanRequest &request)
{
    return model::plannerInputs(shape.config, shape.tensors, shape.recordBytes, optionsOf(request));
}

Expected<model::BudgetPlan> planBudget(const PlannerShape &shape, const PlanRequest &r)
{
    if (r.usableRamBytes == 0)
        return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "plan: usable RAM is 0"));
    const model::PlannerInputsOptions o = optionsOf(r);
    return model::planForBudget(shape.config, shape.tensors, shape.recordBytes, o, r.usableRamBytes, r.budgetBytes);
}

Expected<SpeedFigures> predictSpeed(const model::BudgetPlan &plan, const RoutingTrace &trace, double diskBytesPerSecond)
{
    auto experts = predictDiskBoundSpeed(plan.plan, plan.sizing, trace, diskBytesPerSecond);
    if (!experts)
        return experts.status();
    SpeedFigures f;
    f.experts = *experts;
    f.diskBytesPerSecond = diskBytesPerSecond;
    // A streamed layer is read whole every token: no layer is cached.
    f.trunkBytesPerToken = plan.split.streaming() ? plan.split.readBytesPerToken : 0;
    f.trunkSecondsPerToken = double(f.trunkBytesPerToken) / diskBytesPerSecond;
    f.totalBytesPerTokenCold = experts->bytesPerTokenCold + double(f.trunkBytesPerToken);
    f.totalBytesPerTokenWarm = experts->bytesPerTokenWarm + double(f.trunkBytesPerToken);
    f.totalSecondsPerTokenCold = experts->secondsPerTokenCold + f.trunkSecondsPerToken;
    f.totalSecondsPerTokenWarm = experts->secondsPerTokenWarm + f.trunkSecondsPerToken;
    return f;
}

} // namespace sluice
