// AVX2/FMA/F16C trunk row kernels. Compiled for any x86-64: the SIMD code
// lives in functions carrying a target attribute and is only called after
// runtime detection (cpufeatures.cpp).
#include "matvec_impl.h"

#if defined(__x86_64__)
#include "util/half.h"

#include <cstring>
#include <immintrin.h>

#define SLUICE_AVX2 __attribute__((target("avx2,fma,f16c")))

namespace sluice::kernels::detail {

namespace {

enum Kind { KF32, KF16, KBF16, KQ8, KQ4, KQ3 };

// Decodes the 32 weights at columns [c0, c0+32) (c0 % 32 == 0, all inside one
// 128-group whose scale is `s`) into w[0..3].
// `offset` is -8 s (Q4G) or -4 s (Q3G): the code offset folded into one FMA.
template <int K>
SLUICE_AVX2 inline void decode32(const uint8_t *row, size_t c0, __m256 s, __m256 offset, __m256 *w)
{
    if constexpr (K == KF32) {
        const float *p = reinterpret_cast<const float *>(row) + c0;
        for (int k = 0; k < 4; ++k)
            w[k] = _mm256_loadu_ps(p + 8 * k);
    } else if constexpr (K == KF16) {
        const uint8_t *p = row + 2 * c0;
        for (int k = 0; k < 4; ++k)
            w[k] = _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i *>(p + 16 * k)));
    } else if constexpr (K == KBF16) {
        const uint8_t *p = row + 2 * c0;
        for (int k = 0; k < 4; ++k) {
            const __m256i v = _mm256_cvtepu16_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i *>(p + 16 * k)));
            w[k] = _mm256_castsi256_ps(_mm256_slli_epi32(v, 16));
        }
    } else if constexpr (K == KQ8) {
        const uint8_t *p = row + c0;
        for (int k = 0; k < 4; ++k) {
            const __m128i b = _mm_loadl_epi64(reinterpret_cast<const __m128i *>(p + 8 * k));
            w[k] = _mm256_mul_ps(_mm256_cvtepi32_ps(_mm256_cvtepi8_epi32(b)), s);
        }
    } else if constexpr (K == KQ4) {
        // 16 bytes = 32 nibbles; element 2i is the low nibble of byte i. Each
        // byte is duplicated, widened to a 32-bit lane and shifted by 0 or 4
        // so the lanes come out in element order.
        const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i *>(row + c0 / 2));
        const __m128i d0 = _mm_unpacklo_epi8(b, b), d1 = _mm_unpackhi_epi8(b, b);
        const __m256i shifts = _mm256_setr_epi32(0, 4, 0, 4, 0, 4, 0, 4);
        const __m256i fifteen = _mm256_set1_epi32(15);
        const __m128i parts[4] = {d0, _mm_srli_si128(d0, 8), d1, _mm_srli_si128(d1, 8)};
        for (int k = 0; k < 4; ++k) {
            const __m256i q = _mm256_and_si256(_mm256_srlv_epi32(_mm256_cvtepu8_epi32(parts[k]), shifts), fifteen);
            w[k] = _mm256_fmadd_ps(_mm256_cvtepi32_ps(q), s, offset); // (q - 8) * s
        }
    } else {
        // Q3G: 8 weights = 3 bytes starting at bit 0 (c0 % 8 == 0). A 4-byte
        // load may touch the next chunk or the row's guard byte, never past it.
        const uint8_t *p = row + c0 / 8 * 3;
        const __m256i shifts = _mm256_setr_epi32(0, 3, 6, 9, 12, 15, 18, 21);
        const __m256i seven = _mm256_set1_epi32(7);
        for (int k = 0; k < 4; ++k) {
            uint32_t bits;
            std::memcpy(&bits, p + 3 * k, 4);
            const __m256i v = _mm256_and_si256(_mm256_srlv_epi32(_mm256_set1_epi32(int(bits)), shifts), seven);
            w[k] = _mm256_fmadd_ps(_mm256_cvtepi32_ps(v), s, offset); // (q - 4) * s
        }
    }
}

SLUICE_AVX2 inline float hsum(__m256 a0, __m256 a1, __m256 a2, __m256 a3)
{
    const __m256 s = _mm256_add_ps(_mm256_add_ps(a0, a1), _mm256_add_ps(a2, a3));
    __m128 q = _mm_add_ps(_mm256_castps256_ps128(s), _mm256_extractf128_ps(s, 1));
    q = _mm_add_ps(q, _mm_movehl_ps(q, q));
    q = _mm_add_ss(q, _mm_shuffle_ps(q, q, 1));
    return _mm_cvtss_f32(q);
}

// Adds row . x_j over columns [cb, ce) (multiples of 32, cb on a group
// boundary) into acc[j][0..3]. Per vector the operation sequence is the same
// for any NV and any column blocking (accumulators are only spilled and
// reloaded between blocks), so batching never changes bits.
template <int K, int NV>
SLUICE_AVX2 inline void accumulate(const uint8_t *row, const uint16_t *scales, const float *const *xs, size_t cb,
                                   size_t ce, __m256 (*acc)[4])
{
    __m256 s = _mm256_set1_ps(1.0f), offset = _mm256_setzero_ps();
    for (size_t c0 = cb; c0 < ce; c0 += 32) {
        if constexpr (K == KQ8 || K == KQ4 || K == KQ3) {
            if (c0 % kTrunkGroup == 0) {
                const float sc = halfToFloat(scales[c0 / kTrunkGroup]);
                s = _mm256_set1_ps(sc);
                offset = _mm256_set1_ps(K == KQ4 ? -8.0f * sc : -4.0f * sc);
            }
        }
        __m256 wv[4];
        decode32<K>(row, c0, s, offset, wv);
        for (int j = 0; j < NV; ++j)
            for (int k = 0; k < 4; ++k)
                acc[j][k] = _mm256_fmadd_ps(wv[k], _mm256_loadu_ps(xs[j] + c0 + 8 * k), acc[j][k]);
    }
}

// Rows [t0, t1) (at most kTile) against NV vectors. Long rows are walked in
// column blocks so the vectors' block stays in L1 while every row of the
// tile consumes it; the rows' accumulators wait in `state` meanwhile.
constexpr size_t kTile = 8;
constexpr size_t kColBlock = 1024;

template <int K, int NV>
SLUICE_AVX2 void tileRows(const TrunkMatrixView &w, size_t t0, size_t t1, size_t groups, const float *const *xs,
                          float (*out)[2])
{
    alignas(32) __m256 state[kTile][NV][4];
    for (size_t i = 0; i < t1 - t0; ++i)
        for (int j = 0; j < NV; ++j)
            for (int k = 0; k < 4; ++k)
                state[i][j][k] = _mm256_setzero_ps();
    const size_t full = w.cols / 32 * 32;
    for (size_t cb = 0; cb < full; cb += kColBlock) {
        const size_t ce = cb + kColBlock < full ? cb + kColBlock : full;
        for (size_t r = t0; r < t1; ++r) {
            const uint8_t *row = w.data + r * w.rowBytes;
            const uint16_t *sc = w.scales ? w.scales + r * groups : nullptr;
            __m256 acc[NV][4];
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
            const __m256 *a = state[r - t0][j];
            float sum = hsum(a[0], a[1], a[2], a[3]);
            for (size_t c = full; c < w.cols; ++c)
                sum += trunkWeight(w, row, sc, c) * xs[j][c];
            out[r - t0][j] = sum;
        }
    }
}

template <int K>
SLUICE_AVX2 void rowsKernel(const TrunkMatrixView &w, size_t r0, size_t r1, const float *x, size_t xStride,
                            size_t nvec, float *y, size_t yStride)
{
    const size_t groups = (w.cols + kTrunkGroup - 1) / kTrunkGroup;
    for (size_t t0 = r0; t0 < r1; t0 += kTile) {
        const size_t t1 = t0 + kTile < r1 ? t0 + kTile : r1;
        for (size_t j = 0; j < nvec; j += 2) {
            const int nv = nvec - j >= 2 ? 2 : 1;
            const float *xs[2] = {x + j * xStride, x + (j + size_t(nv) - 1) * xStride};
            float out[kTile][2];
            if (nv == 2)
                tileRows<K, 2>(w, t0, t1, groups, xs, out);
            else
                tileRows<K, 1>(w, t0, t1, groups, xs, out);
            for (size_t r = t0; r < t1; ++r)
                for (int k = 0; k < nv; ++k)
                    y[(j + size_t(k)) * yStride + r] = out[r - t0][k];
        }
    }
}

} // namespace

void matmulRowsAvx2(const TrunkMatrixView &w, size_t r0, size_t r1, const float *x, size_t xStride, size_t nvec,
                    float *y, size_t yStride)
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
