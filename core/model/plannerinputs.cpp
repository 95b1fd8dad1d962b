#include "model/plannerinputs.h"

#include "model/forwardpass.h"
#include "model/session.h"
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

uint64_t checkpointBytes(const ModelConfig &cfg)
{
    return (uint64_t(kdaStateFloats(cfg)) + uint64_t(std::max(0, cfg.vocab))) * 4;
}

Expected<PlannerInputs> plannerInputs(const Container &container, const PlannerInputsOptions &o)
{
    if (o.contextLength < 1)
        return makeError(ErrorCode::InvalidArgument, "context length must be at least 1");
    if (o.sessions < 1 || o.sessions > 64 || o.checkpoints < 0 || o.checkpoints > 1024)
        return makeError(ErrorCode::InvalidArgument, "sessions must be 1..64 and checkpoints 0..1024");
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
    in.scratch = ForwardPass::scratchBuffers(cfg, o.contextLength);
    if (o.checkpoints > 0)
        in.scratch.push_back({kCheckpointScratchName, uint64_t(o.checkpoints) * checkpointBytes(cfg)});
    if (o.sessions > 1) {
        // Every session owns its forward pass (state and scratch) and checkpoints.
        uint64_t one = ForwardPass::stateBytes(cfg, o.contextLength);
        for (const ScratchBuffer &b : in.scratch)
            one += b.bytes;
        in.scratch.push_back({kFurtherSessionsName, uint64_t(o.sessions - 1) * one});
    }
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

} // namespace sluice::model
