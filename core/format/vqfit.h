#pragma once
// Residual vector quantisation of expert matrices (spec 5.1-5.3): per-row
// amax normalisation, residual k-means codebooks (Lloyd, deterministic seed)
// and greedy stage-by-stage encoding into the blocked index layout.
#include "util/tensorformat.h"

#include <cstddef>
#include <cstdint>
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

// Residual k-means: for each stage, centroids start as a random subset of
// the residuals, `iterations` Lloyd steps (empty clusters keep their value),
// then residual -= assigned centroid. Returns [stages][entries][vecDim].
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
