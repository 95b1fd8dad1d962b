#pragma once
// The dense GLU feed-forward (spec 2.5): the first layers' MLP and the MoE
// layers' shared experts (one wide GLU), trunk products throughout.
#include "model/blockcontext.h"
#include "model/modelweights.h"
#include "model/scratch.h"

#include <vector>

namespace sluice::model {

// Gate and up activations, sized for the wider of the dense MLP and the
// shared experts (one of them runs at a time).
struct FfnScratch {
    std::vector<float> g, u;
    void layout(const ScratchDims &m, size_t n, ScratchSink &sink);
};

// out (n x d) = down(act(gate h) * up h) for n tokens.
Status denseFfn(const BlockContext &ctx, const FfnWeights &w, const float *h, int n, FfnScratch &s, float *out);

} // namespace sluice::model
