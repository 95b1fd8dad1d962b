// AVX-512 trunk row kernels (F/BW/VL), selected at run time. 64 weights per
// step in four 16-lane accumulators per vector; the 4-bit and 3-bit codes are
// turned into scaled weights by a 16-entry in-register table
// (_mm512_permutexvar_ps reads only the low 4 bits of each lane), so no
// masking, integer-to-float conversion or offset arithmetic is needed.
#include "matvec_impl.h"

#if defined(__x86_64__)
#include "util/half.h"

#include <cstring>
#include <immintrin.h>

// GCC 12 reports the deliberately undefined source operands inside its own
// AVX-512 intrinsics (_mm512_undefined_*) as (maybe) used uninitialized.
#if !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif

#define SLUICE_AVX512 __attribute__((target("avx512f,avx512bw,avx512vl,avx2,fma,f16c")))

namespace sluice::kernels::detail {

namespace {

enum Kind { KF32, KF16, KBF16, KQ8, KQ4, KQ3 };

// Decodes the 64 weights at columns [c0, c0+64) (c0 % 64 == 0, inside one
// 128-group). `lut` holds the group's 16 possible weights (Q4G, Q3G) and `s`
// its scale (Q8G).
template <int K>
SLUICE_AVX512 inline void decode64(const uint8_t *row, size_t c0, __m512 s, __m512 lut, __m512 *w)
{
    if constexpr (K == KF32) {
        const float *p = reinterpret_cast<const float *>(row) + c0;
        for (int k = 0; k < 4; ++k)
            w[k] = _mm512_loadu_ps(p + 16 * k);
    } else if constexpr (K == KF16) {
        const uint8_t *p = row + 2 * c0;
        for (int k = 0; k < 4; ++k)
            w[k] = _mm512_cvtph_ps(_mm256_loadu_si256(reinterpret_cast<const __m256i *>(p + 32 * k)));
    } else if constexpr (K == KBF16) {
        const uint8_t *p = row + 2 * c0;
        for (int k = 0; k < 4; ++k) {
            const __m512i v = _mm512_cvtepu16_epi32(_mm256_loadu_si256(reinterpret_cast<const __m256i *>(p + 32 * k)));
            w[k] = _mm512_castsi512_ps(_mm512_slli_epi32(v, 16));
        }
    } else if constexpr (K == KQ8) {
        const uint8_t *p = row + c0;
        for (int k = 0; k < 4; ++k) {
            const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p + 16 * k));
            w[k] = _mm512_mul_ps(_mm512_cvtepi32_ps(_mm512_cvtepi8_epi32(b)), s);
        }
    } else if constexpr (K == KQ4) {
        // Byte i holds elements 2i (low nibble) and 2i+1 (high nibble):
        // duplicate each byte, widen, shift odd lanes by 4, look up.
        const __m512i shifts = _mm512_set_epi32(4, 0, 4, 0, 4, 0, 4, 0, 4, 0, 4, 0, 4, 0, 4, 0);
        for (int h = 0; h < 2; ++h) {
            const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i *>(row + c0 / 2 + 16 * h));
            const __m128i d[2] = {_mm_unpacklo_epi8(b, b), _mm_unpackhi_epi8(b, b)};
            for (int k = 0; k < 2; ++k) {
                const __m512i q = _mm512_srlv_epi32(_mm512_cvtepu8_epi32(d[k]), shifts);
                w[2 * h + k] = _mm512_permutexvar_ps(q, lut);
            }
        }
    } else {
        // Q3G: 16 weights = 6 bytes = two 3-byte runs of 8 weights at bit 0.
        // 4-byte loads may touch the next run or the row's guard byte only.
        const uint8_t *p = row + c0 / 8 * 3;
        const __m512i shifts = _mm512_set_epi32(21, 18, 15, 12, 9, 6, 3, 0, 21, 18, 15, 12, 9, 6, 3, 0);
        for (int k = 0; k < 4; ++k) {
            uint32_t a, b;
            std::memcpy(&a, p + 6 * k, 4);
            std::memcpy(&b, p + 6 * k + 3, 4);
            const __m512i v = _mm512_inserti64x4(_mm512_castsi256_si512(_mm256_set1_epi32(int(a))),
                                                 _mm256_set1_epi32(int(b)), 1);
            // The table repeats every 8 entries, so bit 3 need not be cleared.
            w[k] = _mm512_permutexvar_ps(_mm512_srlv_epi32(v, shifts), lut);
        }
    }
}

SLUICE_AVX512 inline float hsum(__m512 a0, __m512 a1, __m512 a2, __m512 a3)
{
    return _mm512_reduce_add_ps(_mm512_add_ps(_mm512_add_ps(a0, a1), _mm512_add_ps(a2, a3)));
}

// Adds row . x_j over columns [cb, ce) (multiples of 64, cb on a group
// boundary) into acc[j][0..3]. Per vector the operation sequence is the same
// for any NV and any column blocking (accumulators are only spilled and
// reloaded between blocks), so batching never changes bits.
template <int K, int NV>
SLUICE_AVX512 inline void accumulate(const uint8_t *row, const uint16_t *scales, const float *const *xs, size_t cb,
                                     size_t ce, __m512 (*acc)[4])
{
    __m512 s = _mm512_set1_ps(1.0f), lut = _mm512_setzero_ps();
    const __m512 codes4 = _mm512_set_ps(7, 6, 5, 4, 3, 2, 1, 0, -1, -2, -3, -4, -5, -6, -7, -8);
    const __m512 codes3 = _mm512_set_ps(3, 2, 1, 0, -1, -2, -3, -4, 3, 2, 1, 0, -1, -2, -3, -4);
    for (size_t c0 = cb; c0 < ce; c0 += 64) {
        if constexpr (K == KQ8 || K == KQ4 || K == KQ3) {
            if (c0 % kTrunkGroup == 0) {
                s = _mm512_set1_ps(halfToFloat(scales[c0 / kTrunkGroup]));
                lut = _mm512_mul_ps(K == KQ4 ? codes4 : codes3, s);
            }
        }
        __m512 wv[4];
        decode64<K>(row, c0, s, lut, wv);
        for (int j = 0; j < NV; ++j)
            for (int k = 0; k < 4; ++k)
                acc[j][k] = _mm512_fmadd_ps(wv[k], _mm512_loadu_ps(xs[j] + c0 + 16 * k), acc[j][k]);
    }
}

// Rows [t0, t1) (at most kTile) against NV vectors. Long rows are walked in
// column blocks so the vectors' block stays in L1 while every row of the
// tile consumes it; the rows' accumulators wait in `state` meanwhile.
constexpr size_t kTile = 8;
constexpr size_t kColBlock = 1024;

template <int K, int NV>
SLUICE_AVX512 void tileRows(const TrunkMatrixView &w, size_t t0, size_t t1, size_t groups, const float *const *xs,
                            float (*out)[4])
{
    alignas(64) __m512 state[kTile][NV][4];
    for (size_t i = 0; i < t1 - t0; ++i)
        for (int j = 0; j < NV; ++j)
            for (int k = 0; k < 4; ++k)
                state[i][j][k] = _mm512_setzero_ps();
    const size_t full = w.cols / 64 * 64;
    for (size_t cb = 0; cb < full; cb += kColBlock) {
        const size_t ce = cb + kColBlock < full ? cb + kColBlock : full;
        for (size_t r = t0; r < t1; ++r) {
            const uint8_t *row = w.data + r * w.rowBytes;
            const uint16_t *sc = w.scales ? w.scales + r * groups : nullptr;
            __m512 acc[NV][4];
            for (int j = 0; j < NV; ++j)
                for (int k = 0; k < 4; ++k)
                    acc[j][k] = state[r - t0][j][k];
            accumulate<K, NV>(row, sc, xs, cb, ce, acc);
            for (int j = 0; j < NV; ++j)
                for (int k = 0; k < 4; ++k)
                    state[r - t0][j][k] = acc[j][k];
        }
    }
    for (size_t r = t0; r < t1; ++r) {
        const uint8_t *row = w.data + r * w.rowBytes;
        const uint16_t *sc = w.scales ? w.scales + r * groups : nullptr;
        for (int j = 0; j < NV; ++j) {
            const __m512 *a = state[r - t0][j];
            float sum = hsum(a[0], a[1], a[2], a[3]);
            for (size_t c = full; c < w.cols; ++c)
                sum += trunkWeight(w, row, sc, c) * xs[j][c];
            out[r - t0][j] = sum;
        }
    }
}

template <int K>
SLUICE_AVX512 void rowsKernel(const TrunkMatrixView &w, size_t r0, size_t r1, const float *x, size_t xStride,
                              size_t nvec, float *y, size_t yStride)
{
    const size_t groups = (w.cols + kTrunkGroup - 1) / kTrunkGroup;
    for (size_t t0 = r0; t0 < r1; t0 += kTile) {
        const size_t t1 = t0 + kTile < r1 ? t0 + kTile : r1;
        for (size_t j = 0; j < nvec;) {
            const size_t left = nvec - j;
            const int nv = left >= 4 ? 4 : left >= 2 ? 2 : 1;
            const float *xs[4];
            for (int k = 0; k < 4; ++k)
                xs[k] = x + (j + size_t(k < nv ? k : 0)) * xStride;
            float out[kTile][4];
            if (nv == 4)
                tileRows<K, 4>(w, t0, t1, groups, xs, out);
            else if (nv == 2)
                tileRows<K, 2>(w, t0, t1, groups, xs, out);
            else
                tileRows<K, 1>(w, t0, t1, groups, xs, out);
            for (size_t r = t0; r < t1; ++r)
                for (int k = 0; k < nv; ++k)
                    y[(j + size_t(k)) * yStride + r] = out[r - t0][k];
            j += size_t(nv);
        }
    }
}

} // namespace

void matmulRowsAvx512(const TrunkMatrixView &w, size_t r0, size_t r1, const float *x, size_t xStride,
                      size_t nvec, float *y, size_t yStride)
{
    switch (w.fmt) {
    case TensorFormat::F32: rowsKernel<KF32>(w, r0, r1, x, xStride, nvec, y, yStride); return;
    case TensorFormat::F16:
        if (w.isBf16)
            rowsKernel<KBF16>(w, r0, r1, x, xStride, nvec, y, yStride);
        else
            rowsKernel<KF16>(w, r0, r1, x, xStride, nvec, y, yStride);
        return;
    case TensorFormat::Q8G: rowsKernel<KQ8>(w, r0, r1, x, xStride, nvec, y, yStride); return;
    case TensorFormat::Q4G: rowsKernel<KQ4>(w, r0, r1, x, xStride, nvec, y, yStride); return;
    case TensorFormat::Q3G: rowsKernel<KQ3>(w, r0, r1, x, xStride, nvec, y, yStride); return;
    default: matmulRowsScalar(w, r0, r1, x, xStride, nvec, y, yStride); return;
    }
}

} // namespace sluice::kernels::detail
#endif
