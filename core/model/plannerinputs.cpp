#include "model/plannerinputs.h"

#include "model/forwardpass.h"
#include "vision/visiontower.h"

#include <algorithm>

namespace sluice::model {

bool isTrunkTensor(const ModelConfig &cfg, const TensorInfo &t)
{
    // The embedding is quantised on disk and read row by row, never resident.
    if (t.name == cfg.tensorPrefix + "model.embed_tokens.weight" || t.name.rfind(cfg.tensorPrefix, 0) != 0)
        return false;
    // Without a prefix (Kimi-Linear) the text tensors are the model.* and lm_head ones.
    return !cfg.tensorPrefix.empty() || t.name.rfind("model.", 0) == 0 || t.name.rfind("lm_head", 0) == 0;
}

Expected<PlannerInputs> plannerInputs(const Container &container, const PlannerInputsOptions &o)
{
    if (o.contextLength < 1)
        return makeError(ErrorCode::InvalidArgument, "context length must be at least 1");
    const ModelConfig &cfg = container.config();
    PlannerInputs in;
    for (const TensorInfo &t : container.tensors())
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
    in.scratch = ForwardPass::scratchBuffers(cfg, o.contextLength, o.prefillChunk);
    in.topK = cfg.topK;
    in.moeLayers = cfg.moeLayerCount();
    in.expertsPerLayer = cfg.nExperts;
    for (int L = 0; L < cfg.nLayers; ++L)
        in.recordBytes = std::max<uint64_t>(in.recordBytes, container.expertLayer(L).recordBytes);
    if (o.vision && cfg.vision.present && cfg.mediaPadId >= 0) {
        vision::VisionTowerOptions vto;
        vto.maxPatches = o.maxImagePatches;
        vto.attentionSlices = o.attentionSlices;
        auto vm = vision::VisionTower::memoryPlan(cfg, container.tensors(), vto);
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

Expected<BudgetPlan> planForBudget(const Container &container, const PlannerInputsOptions &options,
                                   uint64_t usableRamBytes, uint64_t budgetBytes)
{
    PlannerInputsOptions o = options;
    o.prefillChunk = 1;
    auto inputs = plannerInputs(container, o);
    if (!inputs)
        return inputs.status();
    auto plan = planMemory(*inputs, usableRamBytes);
    if (!plan)
        return plan.status();
    auto sizing = sizeCache(*plan, budgetBytes);
    if (!sizing)
        return sizing.status();
    BudgetPlan out;
    out.floorBytes = plan->floorBytes;
    const uint64_t budget = sizing->budgetBytes;
    const uint64_t records = uint64_t(std::max(plan->moeLayers, 0)) * uint64_t(std::max(plan->expertsPerLayer, 0));
    const uint64_t extraSlots = records > uint64_t(2 * plan->topK) ? records - uint64_t(2 * plan->topK) : 0;
    const uint64_t ceiling = extraSlots * (sizing->slotBytes + kCacheIndexBytesPerSlot);
    out.prefillChunk = choosePrefillChunk(container.config(), o.contextLength, budget - plan->floorBytes, ceiling);
    if (out.prefillChunk > 1) {
        o.prefillChunk = out.prefillChunk;
        inputs = plannerInputs(container, o);
        if (!inputs)
            return inputs.status();
        plan = planMemory(*inputs, usableRamBytes);
        if (!plan)
            return plan.status();
        sizing = sizeCache(*plan, budget);
        if (!sizing)
            return sizing.status();
    }
    out.inputs = std::move(*inputs);
    out.plan = std::move(*plan);
    out.sizing = std::move(*sizing);
    return out;
}

} // namespace sluice::model
