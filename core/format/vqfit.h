#pragma once
// Residual vector quantisation of expert matrices (spec 5.1-5.3): per-row
// amax normalisation, residual k-means codebooks (Lloyd, deterministic seed)
// and greedy stage-by-stage encoding into the blocked index layout.
#include "util/tensorformat.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

namespace sluice {

struct VqShape {
    int stages = 3;
    int entries = 256;
    int vecDim = 8;
};

// Appends the rows of w [rows, cols], each divided by its amax (>= 1e-8),
// cut into vecDim-vectors along the input axis. `maxVectors` > 0 keeps a
// deterministic random subset of that many (seeded by `seed`).
void appendNormalizedVectors(const float *w, size_t rows, size_t cols, int vecDim, std::vector<float> &out,
                             size_t maxVectors = 0, uint64_t seed = 0);

// Residual k-means (spec 5.2 step 3), the one loop behind synth's books and
// the converter's: for each stage the centroids start as a random subset of
// the residuals (SplitMix64 from `seed`; cycled when there are fewer
// residuals than entries), `iterations` Lloyd steps (the mean of the members
// in float64, summed in vector order; an empty cluster keeps its value), then
// each residual loses its assigned centroid. `assign` sets out[i] to the entry
// of `book` ([entries][dim]) nearest residual i — the caller's search (serial
// here, parallel and per-ISA in the converter); every sum stays serial, so the
// books depend only on what `assign` returns. Returns [stages][entries][dim].
using AssignNearest = std::function<void(const float *book, const std::vector<float> &residual, std::vector<int> &out)>;
std::vector<float> residualKMeans(const std::vector<float> &vectors, int stages, int entries, int dim, int iterations,
                                  uint64_t seed, const AssignNearest &assign);

// residualKMeans with a serial exact search. Returns [stages][entries][vecDim].
std::vector<float> fitResidualCodebooks(const std::vector<float> &vectors, const VqShape &shape, int iterations,
                                        uint64_t seed);

// Index of the entry of `book` ([entries][dim]) nearest to x (lowest index on ties).
int nearestEntry(const float *x, const float *book, int entries, int dim);

// Encodes w [rows, cols] with `books` ([stages][entries][vecDim]): fp16 row
// scales into `scales` [rows], indices into `indices` (vqIndexBytes bytes,
// zeroed first) in the layout of (fmt, indexBlock).
void encodeVqMatrix(const float *w, size_t rows, size_t cols, const float *books, const VqShape &shape,
                    TensorFormat fmt, int indexBlock, uint8_t *indices, uint16_t *scales);

} // namespace sluice
