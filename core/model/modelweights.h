#pragma once
// Views of every trunk tensor the forward pass reads, bound once at open
// (spec 1.4). Matrices stay in their stored format (dequantised inline by the
// kernels); 1-D tensors (norms, biases, conv kernels, A_log) are copied to f32
// because they are tiny and read element by element.
#include "api/modelconfig.h"
#include "util/status.h"
#include "util/tensorformat.h"

#include <functional>
#include <string>
#include <vector>

namespace sluice::model {

using Vec = std::vector<float>;

struct KdaWeights {
    TrunkMatrixView q, k, v, fa, fb, b, g, ga, gb, o;
    Vec qConv, kConv, vConv; // [C][kernel]
    Vec aLog;                // first H entries, one per head
    Vec dtBias;              // [C]
    Vec oNorm;               // [D], shared by every head
};

struct MlaWeights {
    TrunkMatrixView qa, qb, q, kva, kvb, g, o;
    Vec qaNorm, kvaNorm;
};

struct FfnWeights {
    TrunkMatrixView gate, up, down;
};

struct MoeWeights {
    TrunkMatrixView router, latentDown, latentUp;
    Vec bias, latentNorm;
    bool hasShared = false;
    FfnWeights shared;
};

struct LayerWeights {
    bool isKda = false;
    bool isMoe = false;
    Vec inNorm, postNorm;
    Vec attnResNorm, attnResProj, mlpResNorm, mlpResProj; // K3 only
    KdaWeights kda;
    MlaWeights mla;
    FfnWeights dense;
    MoeWeights moe;
};

struct ModelWeights {
    std::vector<LayerWeights> layers;
    Vec finalNorm;
    Vec outResNorm, outResProj; // K3 output aggregation
    TrunkMatrixView lmHead;
    TrunkMatrixView embedding; // may have data == nullptr when rows are read on demand
};

// Looks a tensor up by its name WITHOUT the container prefix.
using TensorLookup = std::function<Expected<TrunkMatrixView>(const std::string &name)>;

// Binds every tensor for `cfg`, checking shapes; errors name the tensor.
Expected<ModelWeights> bindWeights(const ModelConfig &cfg, const TensorLookup &lookup);

} // namespace sluice::model
