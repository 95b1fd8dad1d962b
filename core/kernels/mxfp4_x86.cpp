// AVX2 and AVX-512 MXFP4 row kernels. They compute exactly the summation
// order defined in mxfp4.h (multiplies and adds, never FMA), so they are
// bit-identical to the scalar reference. Nibbles are expanded to bytes in
// element order (unpack low/high nibbles), mapped to the doubled E2M1 values
// with one byte shuffle, widened to int32 and converted to f32.
#include "kernels/mxfp4.h"

#if defined(__x86_64__)
#include <immintrin.h>

#define SLUICE_AVX2 __attribute__((target("avx2,fma,f16c")))
#define SLUICE_AVX512 __attribute__((target("avx512f,avx512bw,avx512vl,avx2,fma,f16c")))

namespace sluice::kernels::detail {

namespace {

// The 32 codes of a group (16 bytes) as doubled E2M1 int8 values, elements
// 0..15 in `lo`, 16..31 in `hi`.
SLUICE_AVX2 inline void groupValues(const uint8_t *bytes, __m128i &lo, __m128i &hi)
{
    const __m128i table = _mm_loadu_si128(reinterpret_cast<const __m128i *>(kMxfp4Doubled));
    const __m128i mask = _mm_set1_epi8(0x0f);
    const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i *>(bytes));
    const __m128i even = _mm_and_si128(b, mask);
    const __m128i odd = _mm_and_si128(_mm_srli_epi16(b, 4), mask);
    lo = _mm_shuffle_epi8(table, _mm_unpacklo_epi8(even, odd));
    hi = _mm_shuffle_epi8(table, _mm_unpackhi_epi8(even, odd));
}

SLUICE_AVX2 inline __m256 toFloat8(__m128i v8) { return _mm256_cvtepi32_ps(_mm256_cvtepi8_epi32(v8)); }

SLUICE_AVX2 inline float reduce8(__m256 v)
{
    // ((L0+L4)+(L2+L6)) + ((L1+L5)+(L3+L7))
    const __m128 q = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    const __m128 d = _mm_add_ps(q, _mm_movehl_ps(q, q));
    return _mm_cvtss_f32(_mm_add_ss(d, _mm_shuffle_ps(d, d, 1)));
}

} // namespace

SLUICE_AVX2 void mxfp4RowsAvx2(const Mxfp4MatrixView &w, size_t r0, size_t r1, const float *x, size_t xStride,
                               size_t nvec, float *y, size_t yStride)
{
    const size_t groups = w.cols / kMxfp4Block;
    for (size_t r = r0; r < r1; ++r) {
        const uint8_t *row = w.packed + r * (w.cols / 2);
        const uint8_t *sc = w.scales + r * groups;
        for (size_t j = 0; j < nvec; ++j) {
            const float *xj = x + j * xStride;
            __m256 acc[2] = {_mm256_setzero_ps(), _mm256_setzero_ps()};
            for (size_t g = 0; g < groups; ++g) {
                __m128i lo, hi;
                groupValues(row + g * 16, lo, hi);
                const float *xg = xj + g * 32;
                const __m256 p0 = _mm256_mul_ps(toFloat8(lo), _mm256_loadu_ps(xg));
                const __m256 p1 = _mm256_mul_ps(toFloat8(_mm_srli_si128(lo, 8)), _mm256_loadu_ps(xg + 8));
                const __m256 p2 = _mm256_mul_ps(toFloat8(hi), _mm256_loadu_ps(xg + 16));
                const __m256 p3 = _mm256_mul_ps(toFloat8(_mm_srli_si128(hi, 8)), _mm256_loadu_ps(xg + 24));
                const __m256 t = _mm256_add_ps(_mm256_add_ps(p0, p2), _mm256_add_ps(p1, p3));
                const __m256 h = _mm256_set1_ps(mxfp4HalfScale(sc[g]));
                acc[g & 1] = _mm256_add_ps(acc[g & 1], _mm256_mul_ps(h, t));
            }
            y[j * yStride + r] = reduce8(_mm256_add_ps(acc[0], acc[1]));
        }
    }
}

namespace {

// lanes j: p_j + p_{j+16}; lanes 8+j: p_{j+8} + p_{j+24}
SLUICE_AVX512 inline __m512 halfSums(const uint8_t *bytes, const float *xg)
{
    __m128i lo, hi;
    groupValues(bytes, lo, hi);
    const __m512 p01 = _mm512_mul_ps(_mm512_cvtepi32_ps(_mm512_cvtepi8_epi32(lo)), _mm512_loadu_ps(xg));
    const __m512 p23 = _mm512_mul_ps(_mm512_cvtepi32_ps(_mm512_cvtepi8_epi32(hi)), _mm512_loadu_ps(xg + 16));
    return _mm512_add_ps(p01, p23);
}

SLUICE_AVX512 inline __m256 high8(__m512 v) { return _mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(v), 1)); }

} // namespace

SLUICE_AVX512 void mxfp4RowsAvx512(const Mxfp4MatrixView &w, size_t r0, size_t r1, const float *x, size_t xStride,
                                   size_t nvec, float *y, size_t yStride)
{
    const size_t groups = w.cols / kMxfp4Block;
    // Group pair (g, g+1): lanes 0..7 accumulate even groups (A), 8..15 odd (B).
    for (size_t r = r0; r < r1; ++r) {
        const uint8_t *row = w.packed + r * (w.cols / 2);
        const uint8_t *sc = w.scales + r * groups;
        for (size_t j = 0; j < nvec; ++j) {
            const float *xj = x + j * xStride;
            __m512 acc = _mm512_setzero_ps();
            size_t g = 0;
            for (; g + 2 <= groups; g += 2) {
                const __m512 a0 = halfSums(row + g * 16, xj + g * 32);
                const __m512 a1 = halfSums(row + (g + 1) * 16, xj + (g + 1) * 32);
                // [a0.lo, a1.lo] + [a0.hi, a1.hi] = [t_g, t_{g+1}]
                const __m512 lows = _mm512_shuffle_f32x4(a0, a1, 0x44);
                const __m512 highs = _mm512_shuffle_f32x4(a0, a1, 0xEE);
                const __m512 t = _mm512_add_ps(lows, highs);
                const __m512 h = _mm512_castpd_ps(_mm512_insertf64x4(
                    _mm512_castps_pd(_mm512_set1_ps(mxfp4HalfScale(sc[g]))),
                    _mm256_castps_pd(_mm256_set1_ps(mxfp4HalfScale(sc[g + 1]))), 1));
                acc = _mm512_add_ps(acc, _mm512_mul_ps(h, t));
            }
            __m256 a = _mm512_castps512_ps256(acc);
            const __m256 b = high8(acc);
            if (g < groups) { // a last even group goes to A
                const __m512 a0 = halfSums(row + g * 16, xj + g * 32);
                const __m256 t = _mm256_add_ps(_mm512_castps512_ps256(a0), high8(a0));
                a = _mm256_add_ps(a, _mm256_mul_ps(_mm256_set1_ps(mxfp4HalfScale(sc[g])), t));
            }
            y[j * yStride + r] = reduce8(_mm256_add_ps(a, b));
        }
    }
}

} // namespace sluice::kernels::detail
#endif
