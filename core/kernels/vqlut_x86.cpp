// x86 SIMD pieces of the VQ LUT matvec, selected at run time. The table build
// uses the same multiply-then-add sequence per entry as the scalar build, so
// the f32 tables (and hence VQ4P's int8 tables) are bit-identical.
#include "vqlut_impl.h"

#if defined(__x86_64__)
#include "kernels/vqlut.h"

#include <immintrin.h>

// GCC 12 reports the deliberately undefined source operands inside its own
// AVX-512 intrinsics (_mm512_undefined_*) as (maybe) used uninitialized.
#if !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif

#define SLUICE_AVX2 __attribute__((target("avx2,fma,f16c")))
#define SLUICE_AVX512 __attribute__((target("avx512f,avx512bw,avx512vl,avx2,fma,f16c")))
#define SLUICE_VBMI __attribute__((target("avx512f,avx512bw,avx512vl,avx512vbmi,avx2,fma,f16c")))

namespace sluice::kernels::detail {

SLUICE_AVX2 void vqBuildAvx2(const float *booksT, int stages, int entries, int vecDim, const float *x, size_t v0,
                             size_t v1, float *table)
{
    const size_t E = size_t(entries);
    for (size_t v = v0; v < v1; ++v) {
        const float *xv = x + v * size_t(vecDim);
        for (int s = 0; s < stages; ++s) {
            float *t = table + (v * size_t(stages) + size_t(s)) * E;
            const float *bt = booksT + size_t(s) * size_t(vecDim) * E;
            size_t c = 0;
            for (; c + 32 <= E; c += 32) {
                __m256 a0 = _mm256_setzero_ps(), a1 = a0, a2 = a0, a3 = a0;
                for (int d = 0; d < vecDim; ++d) {
                    const __m256 xd = _mm256_set1_ps(xv[d]);
                    const float *col = bt + size_t(d) * E + c;
                    a0 = _mm256_add_ps(a0, _mm256_mul_ps(xd, _mm256_loadu_ps(col)));
                    a1 = _mm256_add_ps(a1, _mm256_mul_ps(xd, _mm256_loadu_ps(col + 8)));
                    a2 = _mm256_add_ps(a2, _mm256_mul_ps(xd, _mm256_loadu_ps(col + 16)));
                    a3 = _mm256_add_ps(a3, _mm256_mul_ps(xd, _mm256_loadu_ps(col + 24)));
                }
                _mm256_storeu_ps(t + c, a0);
                _mm256_storeu_ps(t + c + 8, a1);
                _mm256_storeu_ps(t + c + 16, a2);
                _mm256_storeu_ps(t + c + 24, a3);
            }
            for (; c < E; ++c) {
                float a = 0.0f;
                for (int d = 0; d < vecDim; ++d)
                    a = a + xv[d] * bt[size_t(d) * E + c];
                t[c] = a;
            }
        }
    }
}

SLUICE_AVX512 void vqBuildAvx512(const float *booksT, int stages, int entries, int vecDim, const float *x, size_t v0,
                                 size_t v1, float *table)
{
    const size_t E = size_t(entries);
    if (E % 64 != 0) {
        vqBuildAvx2(booksT, stages, entries, vecDim, x, v0, v1, table);
        return;
    }
    for (size_t v = v0; v < v1; ++v) {
        const float *xv = x + v * size_t(vecDim);
        for (int s = 0; s < stages; ++s) {
            float *t = table + (v * size_t(stages) + size_t(s)) * E;
            const float *bt = booksT + size_t(s) * size_t(vecDim) * E;
            for (size_t c = 0; c < E; c += 64) {
                __m512 a0 = _mm512_setzero_ps(), a1 = a0, a2 = a0, a3 = a0;
                for (int d = 0; d < vecDim; ++d) {
                    const __m512 xd = _mm512_set1_ps(xv[d]);
                    const float *col = bt + size_t(d) * E + c;
                    a0 = _mm512_add_ps(a0, _mm512_mul_ps(xd, _mm512_loadu_ps(col)));
                    a1 = _mm512_add_ps(a1, _mm512_mul_ps(xd, _mm512_loadu_ps(col + 16)));
                    a2 = _mm512_add_ps(a2, _mm512_mul_ps(xd, _mm512_loadu_ps(col + 32)));
                    a3 = _mm512_add_ps(a3, _mm512_mul_ps(xd, _mm512_loadu_ps(col + 48)));
                }
                _mm512_storeu_ps(t + c, a0);
                _mm512_storeu_ps(t + c + 16, a1);
                _mm512_storeu_ps(t + c + 32, a2);
                _mm512_storeu_ps(t + c + 48, a3);
            }
        }
    }
}

SLUICE_AVX2 float vqAmaxAvx2(const float *t, size_t n)
{
    // max is exact in any order, so this equals the scalar loop.
    const __m256 signMask = _mm256_castsi256_ps(_mm256_set1_epi32(0x7fffffff));
    __m256 m0 = _mm256_setzero_ps(), m1 = m0;
    size_t i = 0;
    for (; i + 16 <= n; i += 16) {
        m0 = _mm256_max_ps(m0, _mm256_and_ps(_mm256_loadu_ps(t + i), signMask));
        m1 = _mm256_max_ps(m1, _mm256_and_ps(_mm256_loadu_ps(t + i + 8), signMask));
    }
    alignas(32) float lanes[8];
    _mm256_store_ps(lanes, _mm256_max_ps(m0, m1));
    float m = 0.0f;
    for (float v : lanes)
        m = v > m ? v : m;
    for (; i < n; ++i) {
        const float a = t[i] < 0 ? -t[i] : t[i];
        m = a > m ? a : m;
    }
    return m;
}

SLUICE_AVX2 void vqQuantizeAvx2(const float *t, size_t n, float scale, int8_t *q8)
{
    // Same IEEE division and round-half-even as the scalar loop: same bytes.
    const __m256 sc = _mm256_set1_ps(scale), lo = _mm256_set1_ps(-127.0f), hi = _mm256_set1_ps(127.0f);
    size_t i = 0;
    for (; i + 32 <= n; i += 32) {
        __m256i q[4];
        for (int k = 0; k < 4; ++k) {
            const __m256 v = _mm256_min_ps(_mm256_max_ps(_mm256_div_ps(_mm256_loadu_ps(t + i + 8 * k), sc), lo), hi);
            q[k] = _mm256_cvtps_epi32(_mm256_round_ps(v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
        }
        // Pack 32-bit -> 16-bit -> 8-bit (saturation never triggers: |q| <= 127),
        // then undo the per-128-bit-lane interleaving of the packs.
        const __m256i w01 = _mm256_packs_epi32(q[0], q[1]), w23 = _mm256_packs_epi32(q[2], q[3]);
        const __m256i b = _mm256_packs_epi16(w01, w23);
        const __m256i ordered = _mm256_permutevar8x32_epi32(b, _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7));
        _mm256_storeu_si256(reinterpret_cast<__m256i *>(q8 + i), ordered);
    }
    for (; i < n; ++i) {
        float v = t[i] / scale;
        v = v < -127.0f ? -127.0f : v > 127.0f ? 127.0f : v;
        q8[i] = int8_t((v + 12582912.0f) - 12582912.0f);
    }
}

namespace {

SLUICE_VBMI inline __m512i lookup(__m512i idx, const int8_t *table64)
{
    // Only the low 6 bits of each index byte select (64-entry table).
    return _mm512_permutexvar_epi8(idx, _mm512_loadu_si512(table64));
}

SLUICE_VBMI inline void addWidened(__m512i bytes, __m512i &lo, __m512i &hi)
{
    lo = _mm512_add_epi16(lo, _mm512_cvtepi8_epi16(_mm512_castsi512_si256(bytes)));
    hi = _mm512_add_epi16(hi, _mm512_cvtepi8_epi16(_mm512_extracti64x4_epi64(bytes, 1)));
}

} // namespace

// 64 rows of an index block at once, one byte lane per row: the three packed
// index bytes of every row are de-interleaved with two-source byte permutes,
// the 6-bit fields are cut with shifts and bit-selects (only the low 6 bits
// of a permute index matter), and the four int8 lookups are widened into
// int16 row sums. Integer sums are exact, and the f32 block accumulation is
// the scalar path's multiply-then-add, so results are bit-identical.
SLUICE_VBMI void vq4pBlocksAvx512Vbmi(const int8_t *table8, const float *blockScales, const VqMatrixView &w,
                                      size_t nv, size_t block0, size_t block1, float *y)
{
    alignas(64) uint8_t idxA[3][64], idxB[3][64];
    __mmask64 takeB[3];
    for (int k = 0; k < 3; ++k) {
        uint64_t m = 0;
        for (int i = 0; i < 64; ++i) {
            const int byte = 3 * i + k;
            idxA[k][i] = uint8_t(byte & 127);
            idxB[k][i] = uint8_t((byte - 64) & 127);
            if (byte >= 128)
                m |= uint64_t(1) << i;
        }
        takeB[k] = m;
    }
    __m512i permA[3], permB[3];
    for (int k = 0; k < 3; ++k) {
        permA[k] = _mm512_load_si512(idxA[k]);
        permB[k] = _mm512_load_si512(idxB[k]);
    }
    const __m512i mask3 = _mm512_set1_epi8(3), mask15 = _mm512_set1_epi8(15);

    for (size_t block = block0; block < block1; ++block) {
        const uint8_t *base = w.indices + block * nv * 192;
        __m512 acc[4] = {_mm512_setzero_ps(), _mm512_setzero_ps(), _mm512_setzero_ps(), _mm512_setzero_ps()};
        for (size_t b0 = 0; b0 < nv; b0 += kVq4pLutBlock) {
            const size_t b1 = b0 + kVq4pLutBlock < nv ? b0 + kVq4pLutBlock : nv;
            __m512i sumLo = _mm512_setzero_si512(), sumHi = _mm512_setzero_si512();
            for (size_t v = b0; v < b1; ++v) {
                const uint8_t *p = base + v * 192;
                const __m512i z0 = _mm512_loadu_si512(p), z1 = _mm512_loadu_si512(p + 64),
                              z2 = _mm512_loadu_si512(p + 128);
                __m512i B[3];
                for (int k = 0; k < 3; ++k)
                    B[k] = _mm512_mask_mov_epi8(_mm512_permutex2var_epi8(z0, permA[k], z1), takeB[k],
                                                _mm512_permutex2var_epi8(z1, permB[k], z2));
                const __m512i s0 = B[0];
                // 0xCA = A ? B : C, bitwise.
                const __m512i s1 = _mm512_ternarylogic_epi32(mask3, _mm512_srli_epi16(B[0], 6),
                                                             _mm512_slli_epi16(B[1], 2), 0xCA);
                const __m512i s2 = _mm512_ternarylogic_epi32(mask15, _mm512_srli_epi16(B[1], 4),
                                                             _mm512_slli_epi16(B[2], 4), 0xCA);
                const __m512i s3 = _mm512_srli_epi16(B[2], 2);
                const int8_t *t = table8 + v * 256;
                addWidened(lookup(s0, t), sumLo, sumHi);
                addWidened(lookup(s1, t + 64), sumLo, sumHi);
                addWidened(lookup(s2, t + 128), sumLo, sumHi);
                addWidened(lookup(s3, t + 192), sumLo, sumHi);
            }
            const __m512 scale = _mm512_set1_ps(blockScales[b0 / kVq4pLutBlock]);
            const __m512i sums[2] = {sumLo, sumHi};
            for (int q = 0; q < 4; ++q) {
                const __m256i half = q & 1 ? _mm512_extracti64x4_epi64(sums[q >> 1], 1)
                                           : _mm512_castsi512_si256(sums[q >> 1]);
                const __m512 f = _mm512_cvtepi32_ps(_mm512_cvtepi16_epi32(half));
                acc[q] = _mm512_add_ps(acc[q], _mm512_mul_ps(scale, f));
            }
        }
        float *out = y + block * 64;
        const uint16_t *sigma = w.rowScales + block * 64;
        for (int q = 0; q < 4; ++q) {
            const __m512 s = _mm512_cvtph_ps(_mm256_loadu_si256(reinterpret_cast<const __m256i *>(sigma + 16 * q)));
            _mm512_storeu_ps(out + 16 * q, _mm512_mul_ps(s, acc[q]));
        }
    }
}

} // namespace sluice::kernels::detail
#endif
