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

// 64-entry int8 lookup with 16-byte pshufb tables: bits 0-3 pick inside a
// 16-entry quarter, bits 4 and 5 pick the quarter (idx <= 63, so bit 7 is 0).
SLUICE_AVX2 inline __m256i quarter16(const int8_t *table64, int q)
{
    return _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i *>(table64 + 16 * q)));
}

SLUICE_AVX2 inline __m256i lookup64(__m256i idx, const int8_t *table64)
{
    // (A lambda would not inherit the target attribute.)
    const __m256i bit4 = _mm256_slli_epi16(idx, 3), bit5 = _mm256_slli_epi16(idx, 2);
    const __m256i r01 = _mm256_blendv_epi8(_mm256_shuffle_epi8(quarter16(table64, 0), idx),
                                             _mm256_shuffle_epi8(quarter16(table64, 1), idx), bit4);
    const __m256i r23 = _mm256_blendv_epi8(_mm256_shuffle_epi8(quarter16(table64, 2), idx),
                                             _mm256_shuffle_epi8(quarter16(table64, 3), idx), bit4);
    return _mm256_blendv_epi8(r01, r23, bit5);
}

} // namespace

// AVX2 VQ4P apply for whole 64-row blocks: two halves of 32 rows, each ymm
// lane holding 16 rows; pshufb de-interleaves the packed index bytes and does
// the 64-entry lookups; int16 row sums and the scalar path's f32
// multiply-then-add, so results are bit-identical.
SLUICE_AVX2 void vq4pBlocksAvx2(const int8_t *table8, const float *blockScales, const VqMatrixView &w, size_t nv,
                                size_t block0, size_t block1, float *y)
{
    // mask[k][m]: bytes of plane k (stage byte k of each row) found in the
    // m-th 16-byte chunk of a 48-byte group of 16 rows.
    __m256i mask[3][3];
    for (int k = 0; k < 3; ++k)
        for (int m = 0; m < 3; ++m) {
            alignas(16) uint8_t b[16];
            for (int i = 0; i < 16; ++i) {
                const int at = 3 * i + k - 16 * m;
                b[i] = at >= 0 && at < 16 ? uint8_t(at) : uint8_t(0x80);
            }
            mask[k][m] = _mm256_broadcastsi128_si256(_mm_load_si128(reinterpret_cast<const __m128i *>(b)));
        }
    const __m256i m63 = _mm256_set1_epi8(63), m15 = _mm256_set1_epi8(15), m3 = _mm256_set1_epi8(3);
    for (size_t block = block0; block < block1; ++block) {
        const uint8_t *base = w.indices + block * nv * 192;
        alignas(32) float acc[64] = {};
        for (size_t b0 = 0; b0 < nv; b0 += kVq4pLutBlock) {
            const size_t b1 = b0 + kVq4pLutBlock < nv ? b0 + kVq4pLutBlock : nv;
            __m256i sum[4] = {_mm256_setzero_si256(), _mm256_setzero_si256(), _mm256_setzero_si256(),
                              _mm256_setzero_si256()};
            for (size_t v = b0; v < b1; ++v) {
                const int8_t *t = table8 + v * 256;
                for (int h = 0; h < 2; ++h) {
                    const uint8_t *src = base + v * 192 + 96 * size_t(h);
                    __m256i chunk[3];
                    for (int m = 0; m < 3; ++m)
                        chunk[m] = _mm256_loadu2_m128i(reinterpret_cast<const __m128i *>(src + 48 + 16 * m),
                                                       reinterpret_cast<const __m128i *>(src + 16 * m));
                    __m256i plane[3];
                    for (int k = 0; k < 3; ++k)
                        plane[k] = _mm256_or_si256(_mm256_or_si256(_mm256_shuffle_epi8(chunk[0], mask[k][0]),
                                                                   _mm256_shuffle_epi8(chunk[1], mask[k][1])),
                                                   _mm256_shuffle_epi8(chunk[2], mask[k][2]));
                    const __m256i s0 = _mm256_and_si256(plane[0], m63);
                    const __m256i s1 = _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi16(plane[0], 6), m3),
                                                       _mm256_slli_epi16(_mm256_and_si256(plane[1], m15), 2));
                    const __m256i s2 = _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi16(plane[1], 4), m15),
                                                       _mm256_slli_epi16(_mm256_and_si256(plane[2], m3), 4));
                    const __m256i s3 = _mm256_and_si256(_mm256_srli_epi16(plane[2], 2), m63);
                    const __m256i l[4] = {lookup64(s0, t), lookup64(s1, t + 64), lookup64(s2, t + 128),
                                          lookup64(s3, t + 192)};
                    for (int k = 0; k < 4; ++k) {
                        sum[2 * h] = _mm256_add_epi16(sum[2 * h], _mm256_cvtepi8_epi16(_mm256_castsi256_si128(l[k])));
                        sum[2 * h + 1] =
                            _mm256_add_epi16(sum[2 * h + 1], _mm256_cvtepi8_epi16(_mm256_extracti128_si256(l[k], 1)));
                    }
                }
            }
            // sum[2h] holds rows 32h..32h+15, sum[2h+1] rows 32h+16..32h+31.
            const __m256 scale = _mm256_set1_ps(blockScales[b0 / kVq4pLutBlock]);
            for (int g = 0; g < 4; ++g) {
                float *a = acc + 16 * g;
                const __m256 f0 = _mm256_cvtepi32_ps(_mm256_cvtepi16_epi32(_mm256_castsi256_si128(sum[g])));
                const __m256 f1 = _mm256_cvtepi32_ps(_mm256_cvtepi16_epi32(_mm256_extracti128_si256(sum[g], 1)));
                _mm256_store_ps(a, _mm256_add_ps(_mm256_load_ps(a), _mm256_mul_ps(scale, f0)));
                _mm256_store_ps(a + 8, _mm256_add_ps(_mm256_load_ps(a + 8), _mm256_mul_ps(scale, f1)));
            }
        }
        const uint16_t *sigma = w.rowScales + block * 64;
        float *out = y + block * 64;
        for (int q = 0; q < 8; ++q) {
            const __m256 s = _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i *>(sigma + 8 * q)));
            _mm256_storeu_ps(out + 8 * q, _mm256_mul_ps(s, _mm256_load_ps(acc + 8 * q)));
        }
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
