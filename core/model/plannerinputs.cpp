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
    uint64_t recordBytes = 0;
    for (int L = 0; L < container.config().nLayers; ++L)
        recordBytes = std::max<uint64_t>(recordBytes, container.expertLayer(L).recordBytes);
    return plannerInputs(container.config(), container.tensors(), recordBytes, o);
}

Expected<PlannerInputs> plannerInputs(const ModelConfig &cfg, const std::vector<TensorInfo> &tensors,
                                      uint64_t recordBytes, const PlannerInputsOptions &o)
{
    if (o.contextLength < 1)
        return makeError(ErrorCode::InvalidArgument, "context length must be at least 1");
    // The model's positional range is the real limit (RoPE/YaRN are defined
    // up to it); a bigger cache would only be refused later or, worse, used.
    if (o.contextLength > cfg.maxPositions)
        return makeError(ErrorCode::InvalidArgument, "context length " + std::to_string(o.contextLength) +
                                                         " exceeds the model's max_position_embeddings " +
                                                         std::to_string(cfg.maxPositions));
    // Patches size the tower's activations: bound them before anything is
    // planned or allocated (16384 is 16x the spec's max_patches of 1024).
    if (o.maxImagePatches < 0 || (o.maxImagePatches > 0 && o.maxImagePatches < 4) ||
        o.maxImagePatches > kMaxImagePatches)
        return makeError(ErrorCode::InvalidArgument, "max patches " + std::to_string(o.maxImagePatches) +
                                                         " is outside 4.." + std::to_string(kMaxImagePatches));
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
    in.scratch = ForwardPass::scratchBuffers(cfg, o.contextLength);
    in.topK = cfg.topK;
    in.moeLayers = cfg.moeLayerCount();
    in.expertsPerLayer = cfg.nExperts;
    in.recordBytes = recordBytes;
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

} // namespace sluice::model
