#include "model/plannerinputs.h"

#include "api/budget.h"

#include "model/expertspertoken.h"
#include "model/forwardpass.h"
#include "model/session.h"
#include "vision/visiontower.h"

#include <algorithm>
#include <optional>
#include <string_view>
#include <thread>

namespace sluice::model {

bool isTrunkTensor(const ModelConfig &cfg, const TensorInfo &t)
{
    // The embedding is quantised on disk and read row by row, never resident.
    // Compared in place: the planner asks this for every tensor at every split
    // it tries, and a concatenated name was one allocation per question.
    const std::string_view name = t.name;
    if (!name.starts_with(cfg.tensorPrefix) || name.substr(cfg.tensorPrefix.size()) == "model.embed_tokens.weight")
        return false;
    // Without a prefix (Kimi-Linear) the text tensors are the model.* and lm_head ones.
    return !cfg.tensorPrefix.empty() || t.name.rfind("model.", 0) == 0 || t.name.rfind("lm_head", 0) == 0;
}

uint64_t checkpointBytes(const ModelConfig &cfg)
{
    return (uint64_t(kdaStateFloats(cfg)) + uint64_t(std::max(0, cfg.vocab))) * 4;
}

uint64_t maxRecordBytes(const Container &container)
{
    uint64_t recordBytes = 0;
    for (int L = 0; L < container.config().nLayers; ++L)
        recordBytes = std::max<uint64_t>(recordBytes, container.expertLayer(L).recordBytes);
    return recordBytes;
}

Expected<PlannerInputs> plannerInputs(const Container &container, const PlannerInputsOptions &o)
{
    return plannerInputs(container.config(), container.tensors(), maxRecordBytes(container), o);
}

Expected<PlannerInputs> plannerInputs(const ModelConfig &config, const std::vector<TensorInfo> &tensors,
                                      uint64_t recordBytes, const PlannerInputsOptions &o)
{
    // Everything below sized by top-k (scratch, floor, working set) takes the effective one.
    auto effective = withExpertsPerToken(config, o.expertsPerToken);
    if (!effective)
        return effective.status();
    const ModelConfig &cfg = *effective;
    if (o.contextLength < 1)
        return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "context length must be at least 1"));
    if (o.sessions < 1 || o.sessions > 64)
        return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "sessions must be 1..64"));
    // The model's positional range is the real limit (RoPE/YaRN are defined
    // up to it); a bigger cache would only be refused later or, worse, used.
    if (o.contextLength > cfg.maxPositions)
        return makeError(ErrorCode::InvalidArgument,
            SLUICE_ERRT("Error", "context length %1 exceeds the model's max_position_embeddings %2"), o.contextLength,
            cfg.maxPositions);
    // Patches size the tower's activations: bound them before anything is
    // planned or allocated (16384 is 16x the spec's max_patches of 1024).
    if (o.maxImagePatches < 0 || (o.maxImagePatches > 0 && o.maxImagePatches < 4) ||
        o.maxImagePatches > kMaxImagePatches)
        return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "max patches %1 is outside 4..%2"),
            o.maxImagePatches, kMaxImagePatches);
    PlannerInputs in;
    for (const TensorInfo &t : tensors)
        if (isTrunkTensor(cfg, t))
            in.trunkBytes += t.bytes;
    for (int L = 0; L < cfg.nLayers; ++L)
        (L < int(cfg.layerIsKda.size()) && cfg.layerIsKda[size_t(L)] ? in.kdaLayers : in.mlaLayers)++;
    in.kdaHeads = cfg.kdaHeads;
    in.kdaHeadDim = cfg.kdaHeadDim;
    in.convKernel = cfg.convKernel;
    in.kvLoraRank = cfg.kvLoraRank;
    in.qkRopeDim = cfg.qkRopeDim;
    in.contextLength = o.contextLength;
    const int threads = o.attentionSlices > 0 ? o.attentionSlices : int(std::max(1u, std::thread::hardware_concurrency()));
    in.scratch = ForwardPass::scratchBuffers(cfg, o.contextLength, o.prefillChunk, threads);
    if (o.sessions > 1) {
        // Every session owns its forward pass (state and scratch).
        uint64_t one = ForwardPass::stateBytes(cfg, o.contextLength);
        for (const ScratchBuffer &b : in.scratch)
            one += b.bytes;
        in.scratch.push_back({kFurtherSessionsName, uint64_t(o.sessions - 1) * one});
    }
    in.topK = cfg.topK;
    in.moeLayers = cfg.moeLayerCount();
    in.expertsPerLayer = cfg.nExperts;
    in.recordBytes = recordBytes;
    in.processBytes = o.processBytes;
    if (o.vision && cfg.vision.present && cfg.mediaPadId >= 0) {
        vision::VisionTowerOptions vto;
        vto.maxPatches = o.maxImagePatches;
        vto.attentionSlices = o.attentionSlices;
        auto vm = vision::VisionTower::memoryPlan(cfg, tensors, vto);
        if (!vm)
            return vm.status();
        in.visionBytes = vm->total();
    }
    return in;
}

namespace {

uint64_t scratchTotal(const std::vector<ScratchBuffer> &list)
{
    uint64_t total = 0;
    for (const ScratchBuffer &b : list)
        total += b.bytes;
    return total;
}

} // namespace

uint64_t prefillExtraBytes(const ModelConfig &cfg, int contextLength, int chunk)
{
    return scratchTotal(ForwardPass::scratchBuffers(cfg, contextLength, chunk)) -
           scratchTotal(ForwardPass::scratchBuffers(cfg, contextLength, 1));
}

int choosePrefillChunk(const ModelConfig &cfg, int contextLength, uint64_t spareBytes, uint64_t cacheCeilingBytes)
{
    const uint64_t unusable = spareBytes > cacheCeilingBytes ? spareBytes - cacheCeilingBytes : 0;
    const uint64_t allowance = std::max(unusable, spareBytes / 4);
    int chunk = 1;
    for (int c = 2; c <= kMaxChunk; c *= 2) {
        if (prefillExtraBytes(cfg, contextLength, c) <= allowance)
            chunk = c;
    }
    return chunk;
}

namespace {

struct PlanAt {
    PlannerInputs inputs;
    MemoryPlan plan;
};

// A model's shape as the planner sees it: from a container or a built-in shape.
struct Shape {
    const ModelConfig &config;
    const std::vector<TensorInfo> &tensors;
    uint64_t recordBytes;
};

Expected<PlanAt> planAt(const Shape &shape, PlannerInputsOptions o, int chunk, uint64_t usableRamBytes)
{
    o.prefillChunk = chunk;
    auto inputs = plannerInputs(shape.config, shape.tensors, shape.recordBytes, o);
    if (!inputs)
        return inputs.status();
    if (o.residentLayers >= 0 && o.residentLayers < shape.config.nLayers) {
        // Streamed matrices leave the resident trunk; two layers' staging
        // slots come in as scratch (the streamer allocates them by that name).
        const TrunkSplit split = planTrunkSplit(shape.config, shape.tensors, o.residentLayers,
                                                LmHeadStreaming{o.streamLmHead == 1, o.lmHeadBlockRows});
        inputs->trunkBytes -= split.streamedBytes;
        inputs->scratch.push_back({kTrunkStagingName, split.stagingBytes});
    }
    auto plan = planMemory(*inputs, usableRamBytes);
    if (!plan)
        return plan.status();
    return PlanAt{std::move(*inputs), std::move(*plan)};
}

} // namespace

// The refusal of a budget under even the streaming floor, with the figure that opens.
static Status belowStreamingFloor(uint64_t budgetBytes, uint64_t streamingFloor, uint64_t residentFloor,
                           const PlannerInputsOptions &o)
{
    // the process is measured again at the next open (api/budget.h)
    if (o.processBytes)
        return makeError(ErrorCode::Budget,
                         SLUICE_ERRT("Error", "RAM budget %1 (%2 B) is below this model's floor of %3 (%4 B) even with "
                                              "the trunk streamed (the streaming floor, context %5) (ask for at least "
                                              "%6: the process's own memory moves between runs); with the trunk "
                                              "resident the floor is %7; see `sluice-cli plan MODEL`"),
                         formatGiB(budgetBytes), budgetBytes, formatGiB(streamingFloor), streamingFloor, o.contextLength,
                         formatGiB(streamingFloor + processMarginBytes(o.processBytes)), formatGiB(residentFloor));
    return makeError(ErrorCode::Budget,
                     SLUICE_ERRT("Error", "RAM budget %1 (%2 B) is below this model's floor of %3 (%4 B) even with "
                                          "the trunk streamed (the streaming floor, context %5); with the trunk "
                                          "resident the floor is %6; see `sluice-cli plan MODEL`"),
                     formatGiB(budgetBytes), budgetBytes, formatGiB(streamingFloor), streamingFloor, o.contextLength,
                     formatGiB(residentFloor));
}

Expected<BudgetPlan> planForBudget(const Container &container, const PlannerInputsOptions &options,
                                   uint64_t usableRamBytes, uint64_t budgetBytes)
{
    return planForBudget(container.config(), container.tensors(), maxRecordBytes(container), options, usableRamBytes,
                         budgetBytes);
}

namespace {

// The decode floor of every trunk split, and the floors a budget is held to.
struct SplitFloors {
    std::vector<uint64_t> floors; // [resident layers]
    uint64_t residentFloor = 0;
    uint64_t layersFloor = 0; // every layer streamed, lm_head as asked
    uint64_t streamingFloor = 0; // the lowest: lm_head streamed too when the planner may choose it
    bool headChoice = false; // the planner may stream lm_head
};

Expected<uint64_t> floorAt(const Shape &shape, const PlannerInputsOptions &o, int resident, int streamHead,
                           uint64_t usableRamBytes)
{
    PlannerInputsOptions r = o;
    r.residentLayers = resident;
    r.streamLmHead = streamHead;
    auto at = planAt(shape, r, 1, usableRamBytes);
    if (!at)
        return at.status();
    return at->plan.floorBytes;
}

// The decode floor of every split (a resident layer adds its matrices, the
// staging slots follow the largest streamed layer: not monotonic when a dense
// first layer is the largest, so every split is tried).
Status splitFloors(const Shape &shape, const PlannerInputsOptions &o, int layers, uint64_t usableRamBytes,
                   SplitFloors &out)
{
    out.floors.assign(size_t(layers) + 1, 0);
    for (int r = 0; r <= layers; ++r) {
        auto f = floorAt(shape, o, r, o.streamLmHead == 1 ? 1 : 0, usableRamBytes);
        if (!f)
            return f.status();
        out.floors[size_t(r)] = *f;
    }
    out.residentFloor = out.floors.back();
    out.layersFloor = *std::min_element(out.floors.begin(), out.floors.end());
    out.streamingFloor = out.layersFloor;
    if (o.streamLmHead < 0 && layers > 0) {
        auto f = floorAt(shape, o, 0, 1, usableRamBytes);
        if (!f)
            return f.status();
        if (*f < out.streamingFloor
            && planTrunkSplit(shape.config, shape.tensors, 0, LmHeadStreaming{true, o.lmHeadBlockRows}).lmHeadStreamed) {
            out.streamingFloor = *f;
            out.headChoice = true;
        }
    }
    return Status();
}

// The split for the budget when the options leave it to the planner: the
// longest resident prefix that fits; none fits: lm_head streams too.
Status chooseSplit(const SplitFloors &sf, int layers, uint64_t budgetBytes, PlannerInputsOptions &o)
{
    if (o.streamLmHead < 0)
        o.streamLmHead = 0;
    if (o.residentLayers < 0) {
        o.residentLayers = layers;
        if (budgetBytes != 0 && budgetBytes < sf.residentFloor) {
            if (budgetBytes < sf.streamingFloor)
                return belowStreamingFloor(budgetBytes, sf.streamingFloor, sf.residentFloor, o);
            bool found = false;
            for (int r = layers - 1; r >= 0 && !found; --r)
                if (sf.floors[size_t(r)] <= budgetBytes) {
                    o.residentLayers = r;
                    found = true;
                }
            if (!found && sf.headChoice) {
                o.residentLayers = 0;
                o.streamLmHead = 1;
            }
        }
    }
    o.residentLayers = std::clamp(o.residentLayers, 0, layers);
    return Status();
}

// The prefill chunk an explicit budget (or the decode plan's default) buys;
// returns the budget as sized.
Expected<uint64_t> chooseChunk(const ModelConfig &config, const PlannerInputsOptions &o, const MemoryPlan &p,
                               uint64_t budget, BudgetPlan &out)
{
    auto sizing = sizeCache(p, budget); // refuses a budget under the decode floor
    if (!sizing)
        return sizing.status();
    const uint64_t records = uint64_t(std::max(p.moeLayers, 0)) * uint64_t(std::max(p.expertsPerLayer, 0));
    const uint64_t extraSlots = records > uint64_t(2 * p.topK) ? records - uint64_t(2 * p.topK) : 0;
    const uint64_t ceiling = extraSlots * (sizing->slotBytes + kCacheIndexBytesPerSlot);
    out.prefillChunk = choosePrefillChunk(config, o.contextLength, sizing->budgetBytes - p.floorBytes, ceiling);
    // The chunk's scratch is needed only while a prompt prefills: it is
    // borrowed from the cache then (ModelImpl::borrowPrefillScratch) and
    // the cache keeps those bytes for decode.
    out.prefillBorrowBytes = out.prefillChunk > 1 ? prefillExtraBytes(config, o.contextLength, out.prefillChunk) : 0;
    return sizing->budgetBytes;
}

} // namespace

Expected<BudgetPlan> planForBudget(const ModelConfig &modelConfig, const std::vector<TensorInfo> &tensors,
                                   uint64_t recordBytes, const PlannerInputsOptions &options, uint64_t usableRamBytes,
                                   uint64_t budgetBytes)
{
    // The effective top-k for every term below (the prefill chunk's scratch too).
    auto effective = withExpertsPerToken(modelConfig, options.expertsPerToken);
    if (!effective)
        return effective.status();
    const ModelConfig &config = *effective;
    const Shape shape{config, tensors, recordBytes};
    const int layers = std::max(config.nLayers, 0);
    PlannerInputsOptions o = options;
    o.expertsPerToken = 0; // applied to `config` above
    // lm_head as asked; the planner's choice (-1) is resident here and tried
    // streamed below, at no layer resident.
    if (o.streamLmHead < 0 && options.residentLayers >= 0)
        o.streamLmHead = 0;
    SplitFloors sf;
    if (Status st = splitFloors(shape, o, layers, usableRamBytes, sf); !st.isOk())
        return st;
    if (Status st = chooseSplit(sf, layers, budgetBytes, o); !st.isOk())
        return st;
    auto decode = planAt(shape, o, 1, usableRamBytes);
    if (!decode)
        return decode.status();
    BudgetPlan out;
    out.floorBytes = decode->plan.floorBytes;
    out.residentFloorBytes = sf.residentFloor;
    out.streamingFloorBytes = sf.streamingFloor;
    out.layersStreamingFloorBytes = sf.layersFloor;
    out.split = planTrunkSplit(config, tensors, o.residentLayers, LmHeadStreaming{o.streamLmHead == 1, o.lmHeadBlockRows});
    std::optional<PlanAt> chosen;
    uint64_t budget = budgetBytes;
    if (budget == 0) {
        // The default budget buys whole working sets with full-speed prefill
        // (kMaxChunk): the plan at that chunk when one working set fits,
        // else the decode plan's default.
        auto full = planAt(shape, o, kMaxChunk, usableRamBytes);
        if (!full)
            return full.status();
        if (full->plan.defaultWorkingSets > 0) {
            budget = full->plan.defaultBudgetBytes;
            out.prefillChunk = kMaxChunk;
            chosen = std::move(*full);
        } else {
            budget = decode->plan.defaultBudgetBytes;
        }
    }
    if (!chosen) {
        auto sized = chooseChunk(config, o, decode->plan, budget, out);
        if (!sized)
            return sized.status();
        budget = *sized;
        chosen = std::move(*decode);
    }
    auto sizing = sizeCache(chosen->plan, budget);
    if (!sizing)
        return sizing.status();
    out.inputs = std::move(chosen->inputs);
    out.plan = std::move(chosen->plan);
    out.sizing = std::move(*sizing);
    return out;
}

Expected<CheckpointPlan> planCheckpoints(const BudgetPlan &bp, const ModelConfig &cfg, int requested, int sessions)
{
    if (requested < 0 || requested > 1024 || sessions < 1)
        return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "checkpoints must be 0..1024"));
    CheckpointPlan out;
    out.sizing = bp.sizing;
    const uint64_t each = checkpointBytes(cfg) * uint64_t(sessions);
    // Above the floor with the prefill chunk's scratch, borrowed or not, so
    // a prefill can borrow it with the checkpoints held.
    const uint64_t floor = bp.plan.floorBytes + bp.prefillBorrowBytes;
    const uint64_t spare = bp.sizing.budgetBytes > floor ? bp.sizing.budgetBytes - floor : 0;
    out.perSession = each ? int(std::min<uint64_t>(uint64_t(requested), spare / 4 / each)) : 0;
    out.bytes = uint64_t(out.perSession) * each;
    if (out.bytes) {
        auto sizing = sizeCache(bp.plan, bp.sizing.budgetBytes - out.bytes);
        if (!sizing)
            return sizing.status();
        out.sizing = *sizing;
        out.sizing.budgetBytes = bp.sizing.budgetBytes; // the ceiling stays the budget
    }
    return out;
}

} // namespace sluice::model
