#pragma once
// Residual k-means for the converter's codebooks (spec 5.2 step 3): per stage
// the centroids start as a random subset of the residuals (SplitMix64, seed),
// `iterations` Lloyd steps (assign by the encoder's nearest(), mean of the
// members in float64 summed in vector order, an empty cluster keeps its
// value), then each residual loses its assigned centroid. Assignments run in
// parallel over vectors; every sum is taken serially in vector order, so the
// books do not depend on the thread count. The loop is format/vqfit.h's
// residualKMeans (synth's books use it too); this supplies the search.
#include "kernels/cpufeatures.h"

#include <cstdint>
#include <vector>

namespace sluice::kernels {
class ThreadPool;
}

namespace sluice::convert {

// Returns [stages][entries][dim].
std::vector<float> fitResidualBooks(const std::vector<float> &vectors, int stages, int entries, int dim,
                                    int iterations, uint64_t seed, kernels::ThreadPool &pool, kernels::Isa isa);

} // namespace sluice::convert
