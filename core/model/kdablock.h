#pragma once
// Kimi Delta Attention layer (spec 2.3): q/k/v, decay and gate projections,
// the short causal convolution + SiLU through the per-layer ring, then per
// head the gated delta rule on the recurrent state S and the gated output
// norm. The chunk's tokens walk the ring and S in order, so a chunk gives
// exactly the bits of its tokens run one by one.
#include "model/blockcontext.h"
#include "model/modelweights.h"
#include "model/scratch.h"

#include <vector>

namespace sluice::model {

struct KdaScratch {
    std::vector<float> q, k, v, z, low, beta;
    void layout(const ScratchDims &m, size_t n, ScratchSink &sink);
};

// One KDA layer on n tokens: h (n x d) -> a (n x d). S (H*D*D) and conv
// (3*C*(k-1), oldest sample first) advance by n tokens.
Status kdaBlock(const BlockContext &ctx, const KdaWeights &w, float *S, float *conv, const float *h, int n,
                KdaScratch &s, AttentionScratch &io, float *a);

} // namespace sluice::model
