// AVX2 and AVX-512 nearest-codeword search. Each lane computes one entry's
// score in the reference order (norm, then d = 0..dim-1: score += (-2 x_d) *
// c[d], separate multiply and add: no FMA, and the module builds with
// -ffp-contract=off), keeps its own running minimum with a strict compare
// (so the first, i.e. lowest, entry of a lane wins a tie) and the lanes are
// reduced by (score, index): the same winner as the scalar scan.
#include "convert/vqencode.h"

#if defined(__x86_64__)
#include <immintrin.h>

#define SLUICE_AVX2 __attribute__((target("avx2")))
#define SLUICE_AVX512 __attribute__((target("avx512f,avx2")))

namespace sluice::convert::detail {

namespace {

// Lowest (score, index) over lanes, ties to the lower index.
int reduceLanes(const float *score, const int *index, int lanes)
{
    int best = 0;
    for (int l = 1; l < lanes; ++l) {
        if (score[l] < score[best] || (score[l] == score[best] && index[l] < index[best]))
            best = l;
    }
    return index[best];
}

} // namespace

bool nearestAvx2Supported(const PreparedBook &book) { return book.entries % 64 == 0 && book.entries > 0 && book.dim <= 64; }
bool nearestAvx512Supported(const PreparedBook &book) { return book.entries % 64 == 0 && book.entries > 0 && book.dim <= 64; }

// 64 entries (8 ymm accumulators) per pass; a 256-entry book takes 4 passes.
SLUICE_AVX2 int nearestAvx2(const PreparedBook &book, const float *x)
{
    const int entries = book.entries, dim = book.dim;
    const float *t = book.transposed.data();
    __m256 minScore = _mm256_set1_ps(0.0f);
    __m256i minIndex = _mm256_setzero_si256();
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    bool first = true;
    for (int base = 0; base < entries; base += 64) {
        __m256 acc[8];
        for (int j = 0; j < 8; ++j)
            acc[j] = _mm256_loadu_ps(book.norms.data() + base + 8 * j);
        for (int d = 0; d < dim; ++d) {
            const __m256 xd = _mm256_set1_ps(-2.0f * x[d]);
            const float *col = t + size_t(d) * size_t(entries) + size_t(base);
            for (int j = 0; j < 8; ++j)
                acc[j] = _mm256_add_ps(acc[j], _mm256_mul_ps(xd, _mm256_loadu_ps(col + 8 * j)));
        }
        for (int j = 0; j < 8; ++j) {
            const __m256i idx = _mm256_add_epi32(lane, _mm256_set1_epi32(base + 8 * j));
            if (first) {
                minScore = acc[j];
                minIndex = idx;
                first = false;
                continue;
            }
            const __m256 less = _mm256_cmp_ps(acc[j], minScore, _CMP_LT_OQ);
            minScore = _mm256_blendv_ps(minScore, acc[j], less);
            minIndex = _mm256_castps_si256(
                _mm256_blendv_ps(_mm256_castsi256_ps(minIndex), _mm256_castsi256_ps(idx), less));
        }
    }
    alignas(32) float s[8];
    alignas(32) int i[8];
    _mm256_store_ps(s, minScore);
    _mm256_store_si256(reinterpret_cast<__m256i *>(i), minIndex);
    return reduceLanes(s, i, 8);
}

// Up to 256 entries (16 zmm accumulators) per pass: a K3 book's 256 scores
// stay in registers while the 8 KB transposed book streams from L1.
template <int Regs>
SLUICE_AVX512 inline void avx512Pass(const PreparedBook &book, const float *x, int base, __m512 &minScore,
                                     __m512i &minIndex, bool &first)
{
    const int entries = book.entries, dim = book.dim;
    const float *t = book.transposed.data();
    const __m512i lane = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    __m512 acc[Regs];
    for (int j = 0; j < Regs; ++j)
        acc[j] = _mm512_loadu_ps(book.norms.data() + base + 16 * j);
    for (int d = 0; d < dim; ++d) {
        const __m512 xd = _mm512_set1_ps(-2.0f * x[d]);
        const float *col = t + size_t(d) * size_t(entries) + size_t(base);
        for (int j = 0; j < Regs; ++j)
            acc[j] = _mm512_add_ps(acc[j], _mm512_mul_ps(xd, _mm512_loadu_ps(col + 16 * j)));
    }
    for (int j = 0; j < Regs; ++j) {
        const __m512i idx = _mm512_add_epi32(lane, _mm512_set1_epi32(base + 16 * j));
        if (first) {
            minScore = acc[j];
            minIndex = idx;
            first = false;
            continue;
        }
        const __mmask16 less = _mm512_cmp_ps_mask(acc[j], minScore, _CMP_LT_OQ);
        minScore = _mm512_mask_mov_ps(minScore, less, acc[j]);
        minIndex = _mm512_mask_mov_epi32(minIndex, less, idx);
    }
}

SLUICE_AVX512 int nearestAvx512(const PreparedBook &book, const float *x)
{
    __m512 minScore = _mm512_setzero_ps();
    __m512i minIndex = _mm512_setzero_si512();
    bool first = true;
    int base = 0;
    for (; base + 256 <= book.entries; base += 256)
        avx512Pass<16>(book, x, base, minScore, minIndex, first);
    for (; base < book.entries; base += 64)
        avx512Pass<4>(book, x, base, minScore, minIndex, first);
    alignas(64) float s[16];
    alignas(64) int i[16];
    _mm512_store_ps(s, minScore);
    _mm512_store_si512(i, minIndex);
    return reduceLanes(s, i, 16);
}

} // namespace sluice::convert::detail

#else

namespace sluice::convert::detail {
bool nearestAvx2Supported(const PreparedBook &) { return false; }
bool nearestAvx512Supported(const PreparedBook &) { return false; }
int nearestAvx2(const PreparedBook &book, const float *x) { return nearestScalar(book, x); }
int nearestAvx512(const PreparedBook &book, const float *x) { return nearestScalar(book, x); }
} // namespace sluice::convert::detail

#endif
