#pragma once
// Internal: per-ISA pieces of the VQ LUT matvec.
#include "util/tensorformat.h"

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace sluice::kernels::detail {

// Bytes per (row, position): `stages` for VQ3R/VQ2R, 3 for VQ4P.
inline size_t vqBytesPerPosition(const VqMatrixView &w) { return w.fmt == TensorFormat::VQ4P ? 3 : size_t(w.stages); }

// VqIndexOrder::StagePlanes: byte q of a stage's 64 bytes holds row
// vqPlanarRowOfByte(q) of the block, the order in which the byte-plane
// kernel's two unpack rounds leave f32 vector j = rows 16j .. 16j+15:
// q = 16k + 4j + d  ->  row 16j + 4k + d. Swapping the two 2-bit fields is
// its own inverse, so the same function maps a row to its byte.
constexpr int vqPlanarRowOfByte(int q) { return 16 * ((q >> 2) & 3) + 4 * (q >> 4) + (q & 3); }
constexpr int vqPlanarByteOfRow(int r) { return vqPlanarRowOfByte(r); }
static_assert(vqPlanarRowOfByte(vqPlanarByteOfRow(37)) == 37 && vqPlanarByteOfRow(1) == 1 && vqPlanarByteOfRow(4) == 16);

inline bool vqIsStagePlanar(const VqMatrixView &w) { return w.order == VqIndexOrder::StagePlanes; }

// Byte offset of stage 0 of (row r, position v); stage s is vqStageStride
// bytes further.
inline size_t vqStageStride(const VqMatrixView &w) { return vqIsStagePlanar(w) ? 64 : 1; }

// f(std::integral_constant<int, S>) for S = stages, 1 to 4 (others are
// rejected by validateVq): one dispatch for every per-stage-count kernel.
template <typename F>
void withStages(int stages, F &&f)
{
    switch (stages) {
    case 1: f(std::integral_constant<int, 1>()); return;
    case 2: f(std::integral_constant<int, 2>()); return;
    case 3: f(std::integral_constant<int, 3>()); return;
    case 4: f(std::integral_constant<int, 4>()); return;
    default: return;
    }
}

inline size_t vqOffset(const VqMatrixView &w, size_t nv, size_t r, size_t v)
{
    if (vqIsStagePlanar(w))
        return ((r / 64) * nv + v) * 64 * size_t(w.stages) + size_t(vqPlanarByteOfRow(int(r % 64)));
    const size_t bpv = vqBytesPerPosition(w);
    if (w.indexBlock > 0) {
        const size_t b = size_t(w.indexBlock);
        return ((r / b) * nv + v) * b * bpv + (r % b) * bpv;
    }
    return (r * nv + v) * bpv;
}

// f32 table rows [v0, v1): t[v][s][c] = sum_d x[vecDim*v+d] * booksT[s][d][c],
// accumulated d = 0.. with a separate multiply and add (every ISA, same bits).
void vqBuildScalar(const float *booksT, int stages, int entries, int vecDim, const float *x, size_t v0, size_t v1,
                   float *table);
// int8 quantisation of n table entries with one block scale (> 0):
// clamp(rint(t / scale), -127, 127).
void vqQuantizeScalar(const float *t, size_t n, float scale, int8_t *q8);
#if defined(__x86_64__)
void vqQuantizeAvx2(const float *t, size_t n, float scale, int8_t *q8);
float vqAmaxAvx2(const float *t, size_t n);
void vqBuildAvx512(const float *booksT, int stages, int entries, int vecDim, const float *x, size_t v0, size_t v1,
                   float *table);
void vqBuildAvx2(const float *booksT, int stages, int entries, int vecDim, const float *x, size_t v0, size_t v1,
                 float *table);
// VQ4P apply for whole 64-row blocks [block0, block1) with 64-entry tables
// (AVX-512 VBMI byte permutes). y gets rows < rows only.
void vq4pBlocksAvx2(const int8_t *table8, const float *blockScales, const VqMatrixView &w, size_t nv,
                    size_t block0, size_t block1, float *y);
void vq4pBlocksAvx512Vbmi(const int8_t *table8, const float *blockScales, const VqMatrixView &w, size_t nv,
                          size_t block0, size_t block1, float *y);
// Byte-plane f32 table (VqLut::Layout::BytePlanes, 256 entries): for each
// (position, stage) 4 planes of 256 bytes, plane p = byte p of every entry.
// Built with the same multiply-then-add sequence as vqBuildScalar.
void vqBuildPlanesAvx512Vbmi(const float *booksT, int stages, int vecDim, const float *x, size_t v0, size_t v1,
                             uint8_t *planes);
// VQ3R/VQ2R apply for whole 64-row blocks [block0, block1) of the blocked
// layout from a byte-plane table (in-register lookups); bits == scalar.
// Reads w in either VqIndexOrder. With `rewrite` (= w.indices, writable,
// w AsStored) it also writes each block's indices back in StagePlanes order
// as it de-interleaves them: the blocks [block0, block1) are then planar.
void vqPlanesBlocksAvx512Vbmi(const uint8_t *planes, const VqMatrixView &w, size_t nv, size_t block0, size_t block1,
                              float *y, uint8_t *rewrite = nullptr);
#endif
#if defined(__aarch64__) && defined(__ARM_NEON)
// VQ4P apply for whole 64-row blocks with vqtbl4q lookups (64-entry tables).
void vq4pBlocksNeon(const int8_t *table8, const float *blockScales, const VqMatrixView &w, size_t nv, size_t block0,
                    size_t block1, float *y);
#endif

} // namespace sluice::kernels::detail
