#pragma once
// Multi-head Latent Attention layer (spec 2.4), absorbed: only
// [c (kv_lora) | k_pe (rope)] is cached per position; W_UK,h^T q_nope is
// formed one dequantised kv_b row at a time and W_UV,h c-bar_h through a
// row-range view of the stored matrix, so kv_b_proj is never expanded.
#include "model/blockcontext.h"
#include "model/modelweights.h"
#include "model/scratch.h"

#include <vector>

namespace sluice::model {

struct MlaScratch {
    std::vector<float> q, qa, kva;       // per chunk token
    std::vector<float> qAbs, cbar, kvbRow; // per head
    std::vector<float> scores;           // heads x context
    void layout(const ScratchDims &m, size_t n, ScratchSink &sink);
};

// One MLA layer on n tokens at positions pos..pos+n-1: h (n x d) -> a (n x d).
// Appends the chunk's latents to `cache` (contextLength x (kv_lora + rope)).
Status mlaBlock(const BlockContext &ctx, const MlaWeights &w, float *cache, int pos, int contextLength,
                const float *h, int n, MlaScratch &s, AttentionScratch &io, float *a);

} // namespace sluice::model
