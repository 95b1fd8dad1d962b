#pragma once
// Matrix-vector products on MXFP4 expert matrices as the K3 release stores
// them (spec 3), straight from the packed nibbles: W [rows, cols] is
// `packed` uint8 [rows][cols/2] (low nibble = even column) and `scales` E8M0
// uint8 [rows][cols/32]; W[r][c] = E2M1(code) * 2^(e - 127), e = 0 is zero.
//
// One summation order is *defined* (below) and every path computes exactly
// it, so the scalar reference, AVX2, AVX-512 and NEON give bit-identical
// results, and rows are split across threads with one thread per y[r]
// (bit-identical for any thread count). Per row, per vector x:
//   v_i  = T[code_i] (T = 2 * E2M1 as small integers, exact in f32)
//   p_i  = v_i * x[32g + i]                       i < 32 in group g
//   t_j  = (p_j + p_{j+16}) + (p_{j+8} + p_{j+24}) j < 8
//   A_j += h_g * t_j  (even g),  B_j += h_g * t_j (odd g),  h_g = 2^(e_g - 128)
//   L_j  = A_j + B_j
//   y    = ((L0 + L4) + (L2 + L6)) + ((L1 + L5) + (L3 + L7))
// with separate multiplies and adds (no fused multiply-add).
//
// Kimi-Linear's release experts are bf16: they go through the trunk matvec
// (kernels/matvec.h, TrunkMatrixView F16 + isBf16), which already has its
// scalar reference and SIMD paths.
#include "kernels/threadpool.h"
#include "util/status.h"

#include <cstddef>
#include <cstdint>

namespace sluice::kernels {

inline constexpr size_t kMxfp4Block = 32;

struct Mxfp4MatrixView {
    const uint8_t *packed = nullptr; // [rows][cols/2]
    const uint8_t *scales = nullptr; // [rows][cols/32]
    size_t rows = 0;
    size_t cols = 0; // multiple of 32
};

Status validateMxfp4(const Mxfp4MatrixView &w);

// y[j*yStride + r] = sum_c W[r,c] x[j*xStride + c] for j < nvec (<= kMaxBatch
// of matvec.h), in the order above.
Status mxfp4Matmul(const Mxfp4MatrixView &w, const float *x, size_t xStride, size_t nvec, float *y, size_t yStride,
                   ThreadPool *pool = nullptr);
Status mxfp4Matvec(const Mxfp4MatrixView &w, const float *x, float *y, ThreadPool *pool = nullptr);

// Plain reference of the order above (single thread, no SIMD).
void mxfp4MatvecReference(const Mxfp4MatrixView &w, const float *x, float *y);

// Exact dequantisation of row r (float64-friendly reference for tests).
void mxfp4DequantizeRow(const Mxfp4MatrixView &w, size_t r, float *out);

namespace detail {
// Doubled signed E2M1 values by code (bit 3 = sign): 0,1,2,3,4,6,8,12.
inline constexpr int8_t kMxfp4Doubled[16] = {0, 1, 2, 3, 4, 6, 8, 12, 0, -1, -2, -3, -4, -6, -8, -12};
// h = 2^(e - 128) for the doubled values, 0 for e = 0.
float mxfp4HalfScale(uint8_t e);

void mxfp4RowsScalar(const Mxfp4MatrixView &w, size_t r0, size_t r1, const float *x, size_t xStride, size_t nvec,
                     float *y, size_t yStride);
#if defined(__x86_64__)
void mxfp4RowsAvx2(const Mxfp4MatrixView &w, size_t r0, size_t r1, const float *x, size_t xStride, size_t nvec,
                   float *y, size_t yStride);
void mxfp4RowsAvx512(const Mxfp4MatrixView &w, size_t r0, size_t r1, const float *x, size_t xStride, size_t nvec,
                     float *y, size_t yStride);
#endif
#if defined(__aarch64__) && defined(__ARM_NEON)
void mxfp4RowsNeon(const Mxfp4MatrixView &w, size_t r0, size_t r1, const float *x, size_t xStride, size_t nvec,
                   float *y, size_t yStride);
#endif
} // namespace detail

} // namespace sluice::kernels
