#pragma once
// Trunk matrix-vector products on the stored formats (F32, F16, BF16, Q8G,
// Q4G, Q3G; spec 4.3), dequantising inline: y = W x with W [rows, cols].
// Rows are split across the pool; each y[r] is computed by one thread in a
// fixed order, so results are bit-identical for every thread count, and
// matmul() gives each vector exactly the bits matvec() would.
#include "kernels/threadpool.h"
#include "util/status.h"
#include "util/tensorformat.h"

#include <cstddef>

namespace sluice::kernels {

inline constexpr size_t kMaxBatch = 64; // input vectors per matmul() call

// Checks that the view is a trunk format with consistent sizes/pointers.
Status validateTrunk(const TrunkMatrixView &w);

// y[r] = sum_c W[r,c] x[c], r < rows. x has cols floats, y rows floats.
Status matvec(const TrunkMatrixView &w, const float *x, float *y, ThreadPool *pool = nullptr);

// Batched product for chunked prefill: for j < nvec (<= kMaxBatch),
// y[j*yStride + r] = sum_c W[r,c] x[j*xStride + c]. Each weight row is read
// from memory once per batch. x and y must not overlap.
Status matmul(const TrunkMatrixView &w, const float *x, size_t xStride, size_t nvec, float *y, size_t yStride,
              ThreadPool *pool = nullptr);

// Same as matmul() restricted to rows [rowBegin, rowEnd), on the calling
// thread only (for callers that parallelise themselves). No validation.
void matmulRows(const TrunkMatrixView &w, size_t rowBegin, size_t rowEnd, const float *x, size_t xStride,
                size_t nvec, float *y, size_t yStride);

// Dequantises row r into out[cols] (e.g. an embedding row). No validation.
void dequantizeRow(const TrunkMatrixView &w, size_t r, float *out);

// Plain reference: w = code * fp16(scale), summed left to right in f32.
// Single-threaded, no SIMD; what the tests compare the fast paths against.
void matvecReference(const TrunkMatrixView &w, const float *x, float *y);

} // namespace sluice::kernels
