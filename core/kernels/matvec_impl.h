#pragma once
// Internal: per-ISA row kernels behind matvec()/matmul().
#include "util/tensorformat.h"

#include <cstddef>

namespace sluice::kernels::detail {

// Scalar weight decode shared by the reference and the SIMD tails.
float trunkWeight(const TrunkMatrixView &w, const uint8_t *row, const uint16_t *rowScales, size_t c);

void matmulRowsScalar(const TrunkMatrixView &w, size_t r0, size_t r1, const float *x, size_t xStride,
                      size_t nvec, float *y, size_t yStride);
#if defined(__x86_64__)
void matmulRowsAvx2(const TrunkMatrixView &w, size_t r0, size_t r1, const float *x, size_t xStride, size_t nvec,
                    float *y, size_t yStride);
void matmulRowsAvx512(const TrunkMatrixView &w, size_t r0, size_t r1, const float *x, size_t xStride,
                      size_t nvec, float *y, size_t yStride);
#endif
#if defined(__aarch64__) && defined(__ARM_NEON)
void matmulRowsNeon(const TrunkMatrixView &w, size_t r0, size_t r1, const float *x, size_t xStride, size_t nvec,
                    float *y, size_t yStride);
#endif

} // namespace sluice::kernels::detail
