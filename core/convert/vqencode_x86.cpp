// AVX2 and AVX-512 nearest-codeword search. Each lane computes one entry's
// score in the reference order (norm, then d = 0..dim-1: score += (-2 x_d) *
// c[d], separate multiply and add: no FMA, and the module builds with
// -ffp-contract=off), keeps its own running minimum with a strict compare
// (so the first, i.e. lowest, entry of a lane wins a tie) and the lanes are
// reduced by (score, index): the same winner as the scalar scan.
#include "convert/vqencode.h"

#if defined(__x86_64__)
#include <immintrin.h>

#include <algorithm>

// GCC 12 reports the deliberately undefined source operands inside its own
// AVX-512 intrinsics (_mm512_undefined_*, GCC bug 105593) as used uninitialized.
#if !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif

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

// ---- Several vectors per pass (nearestMany) --------------------------------
// A group of V vectors against a block of R registers of entries: V x R
// accumulators, each entry's column values loaded once per block and used by
// all V vectors. Per entry and vector the operations are exactly the
// single-vector path's (norm, then d ascending: add (-2 x_d) * c[d]; the
// product commutes bit-exactly), each lane keeps its first-seen strict
// minimum, and the lanes are reduced by (score, index). Scores are finite (the
// converter rejects non-finite weights and books, and norms and products of
// finite fp16-range values stay far from overflow), so (score, index) is a
// total order and the tree reduction picks the scalar scan's winner.

namespace {

SLUICE_AVX512 inline int reduce512(__m512 score, __m512i index)
{
    // Every lane gets the minimum score (halves, quarters, pairs, neighbours
    // swapped); lanes off it get INT_MAX; then the smallest index the same way.
    __m512 m = _mm512_min_ps(score, _mm512_shuffle_f32x4(score, score, _MM_SHUFFLE(1, 0, 3, 2)));
    m = _mm512_min_ps(m, _mm512_shuffle_f32x4(m, m, _MM_SHUFFLE(2, 3, 0, 1)));
    m = _mm512_min_ps(m, _mm512_permute_ps(m, _MM_SHUFFLE(1, 0, 3, 2)));
    m = _mm512_min_ps(m, _mm512_permute_ps(m, _MM_SHUFFLE(2, 3, 0, 1)));
    const __mmask16 at = _mm512_cmp_ps_mask(score, m, _CMP_EQ_OQ);
    __m512i i = _mm512_mask_blend_epi32(at, _mm512_set1_epi32(0x7fffffff), index);
    i = _mm512_min_epi32(i, _mm512_shuffle_i32x4(i, i, _MM_SHUFFLE(1, 0, 3, 2)));
    i = _mm512_min_epi32(i, _mm512_shuffle_i32x4(i, i, _MM_SHUFFLE(2, 3, 0, 1)));
    i = _mm512_min_epi32(i, _mm512_shuffle_epi32(i, _MM_PERM_BADC));
    i = _mm512_min_epi32(i, _mm512_shuffle_epi32(i, _MM_PERM_CDAB));
    return _mm_cvtsi128_si32(_mm512_castsi512_si128(i));
}

SLUICE_AVX2 inline int reduce256(__m256 score, __m256i index)
{
    __m256 m = _mm256_min_ps(score, _mm256_permute2f128_ps(score, score, 1));
    m = _mm256_min_ps(m, _mm256_shuffle_ps(m, m, _MM_SHUFFLE(1, 0, 3, 2)));
    m = _mm256_min_ps(m, _mm256_shuffle_ps(m, m, _MM_SHUFFLE(2, 3, 0, 1)));
    const __m256i at = _mm256_castps_si256(_mm256_cmp_ps(score, m, _CMP_EQ_OQ));
    // Lanes off the minimum get INT_MAX; then the smallest index.
    __m256i i = _mm256_blendv_epi8(_mm256_set1_epi32(0x7fffffff), index, at);
    i = _mm256_min_epi32(i, _mm256_permute2x128_si256(i, i, 1));
    i = _mm256_min_epi32(i, _mm256_shuffle_epi32(i, _MM_SHUFFLE(1, 0, 3, 2)));
    i = _mm256_min_epi32(i, _mm256_shuffle_epi32(i, _MM_SHUFFLE(2, 3, 0, 1)));
    return _mm256_cvtsi256_si32(i);
}

// V vectors xs [V][dim] (D = dim when known at compile time, else 0) against
// the whole book, in blocks of R zmm (16 R entries).
template <int V, int R, int D>
SLUICE_AVX512 void group512(const PreparedBook &book, const float *xs, int *out)
{
    const int entries = book.entries, dim = D > 0 ? D : book.dim;
    const float *t = book.transposed.data(), *norms = book.norms.data();
    float xm[V][D > 0 ? D : 64];
    for (int v = 0; v < V; ++v)
        for (int d = 0; d < dim; ++d)
            xm[v][d] = -2.0f * xs[v * dim + d];
    const __m512i lane = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    __m512 minScore[V];
    __m512i minIndex[V];
    for (int base = 0; base < entries; base += 16 * R) {
        __m512 acc[V][R];
        for (int j = 0; j < R; ++j) {
            const __m512 n = _mm512_loadu_ps(norms + base + 16 * j);
            for (int v = 0; v < V; ++v)
                acc[v][j] = n;
        }
        for (int d = 0; d < dim; ++d) {
            const float *col = t + size_t(d) * size_t(entries) + size_t(base);
            __m512 c[R];
            for (int j = 0; j < R; ++j)
                c[j] = _mm512_loadu_ps(col + 16 * j);
            for (int v = 0; v < V; ++v) {
                const __m512 xd = _mm512_set1_ps(xm[v][d]);
                for (int j = 0; j < R; ++j)
                    acc[v][j] = _mm512_add_ps(acc[v][j], _mm512_mul_ps(xd, c[j]));
            }
        }
        for (int j = 0; j < R; ++j) {
            const __m512i idx = _mm512_add_epi32(lane, _mm512_set1_epi32(base + 16 * j));
            for (int v = 0; v < V; ++v) {
                if (base == 0 && j == 0) {
                    minScore[v] = acc[v][0];
                    minIndex[v] = idx;
                    continue;
                }
                const __mmask16 less = _mm512_cmp_ps_mask(acc[v][j], minScore[v], _CMP_LT_OQ);
                minScore[v] = _mm512_mask_mov_ps(minScore[v], less, acc[v][j]);
                minIndex[v] = _mm512_mask_mov_epi32(minIndex[v], less, idx);
            }
        }
    }
    for (int v = 0; v < V; ++v)
        out[v] = reduce512(minScore[v], minIndex[v]);
}

// The same with ymm: V vectors, blocks of R ymm (8 R entries).
template <int V, int R, int D>
SLUICE_AVX2 void group256(const PreparedBook &book, const float *xs, int *out)
{
    const int entries = book.entries, dim = D > 0 ? D : book.dim;
    const float *t = book.transposed.data(), *norms = book.norms.data();
    float xm[V][D > 0 ? D : 64];
    for (int v = 0; v < V; ++v)
        for (int d = 0; d < dim; ++d)
            xm[v][d] = -2.0f * xs[v * dim + d];
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    __m256 minScore[V];
    __m256i minIndex[V];
    for (int base = 0; base < entries; base += 8 * R) {
        __m256 acc[V][R];
        for (int j = 0; j < R; ++j) {
            const __m256 n = _mm256_loadu_ps(norms + base + 8 * j);
            for (int v = 0; v < V; ++v)
                acc[v][j] = n;
        }
        for (int d = 0; d < dim; ++d) {
            const float *col = t + size_t(d) * size_t(entries) + size_t(base);
            for (int v = 0; v < V; ++v) {
                const __m256 xd = _mm256_set1_ps(xm[v][d]);
                for (int j = 0; j < R; ++j)
                    acc[v][j] = _mm256_add_ps(acc[v][j], _mm256_mul_ps(xd, _mm256_loadu_ps(col + 8 * j)));
            }
        }
        for (int j = 0; j < R; ++j) {
            const __m256i idx = _mm256_add_epi32(lane, _mm256_set1_epi32(base + 8 * j));
            for (int v = 0; v < V; ++v) {
                if (base == 0 && j == 0) {
                    minScore[v] = acc[v][0];
                    minIndex[v] = idx;
                    continue;
                }
                const __m256 less = _mm256_cmp_ps(acc[v][j], minScore[v], _CMP_LT_OQ);
                minScore[v] = _mm256_blendv_ps(minScore[v], acc[v][j], less);
                minIndex[v] = _mm256_castps_si256(
                    _mm256_blendv_ps(_mm256_castsi256_ps(minIndex[v]), _mm256_castsi256_ps(idx), less));
            }
        }
    }
    for (int v = 0; v < V; ++v)
        out[v] = reduce256(minScore[v], minIndex[v]);
}

// Whole groups of V, then the tail padded with copies of its last vector
// (their results are dropped).
template <int V>
inline void forGroups(const PreparedBook &book, const float *xs, size_t n, int *out,
                      void (*group)(const PreparedBook &, const float *, int *))
{
    const size_t dim = size_t(book.dim);
    size_t i = 0;
    for (; i + V <= n; i += V)
        group(book, xs + i * dim, out + i);
    if (i == n)
        return;
    float pad[V * 64];
    int got[V];
    for (size_t v = 0; v < size_t(V); ++v) {
        const size_t src = std::min(i + v, n - 1);
        for (size_t d = 0; d < dim; ++d)
            pad[v * dim + d] = xs[src * dim + d];
    }
    group(book, pad, got);
    for (size_t v = 0; i + v < n; ++v)
        out[i + v] = got[v];
}

// Group sizes measured on Zen 5 (docs/converter.md): 8 vectors x 32 entries
// (16 zmm accumulators) and 8 vectors x 8 entries (8 ymm); 4-16 vectors and
// 1-4 registers were within ~15% of each other, one vector at a time 4x slower.
constexpr int kGroup512 = 8, kRegs512 = 2;
constexpr int kGroup256 = 8, kRegs256 = 1;

} // namespace

void nearestManyAvx512(const PreparedBook &book, const float *xs, size_t n, int *out)
{
    forGroups<kGroup512>(book, xs, n, out,
                         book.dim == 8 ? &group512<kGroup512, kRegs512, 8> : &group512<kGroup512, kRegs512, 0>);
}

void nearestManyAvx2(const PreparedBook &book, const float *xs, size_t n, int *out)
{
    forGroups<kGroup256>(book, xs, n, out,
                         book.dim == 8 ? &group256<kGroup256, kRegs256, 8> : &group256<kGroup256, kRegs256, 0>);
}

} // namespace sluice::convert::detail

#else

namespace sluice::convert::detail {
bool nearestAvx2Supported(const PreparedBook &) { return false; }
bool nearestAvx512Supported(const PreparedBook &) { return false; }
int nearestAvx2(const PreparedBook &book, const float *x) { return nearestScalar(book, x); }
int nearestAvx512(const PreparedBook &book, const float *x) { return nearestScalar(book, x); }
void nearestManyAvx2(const PreparedBook &book, const float *xs, size_t n, int *out)
{
    for (size_t i = 0; i < n; ++i)
        out[i] = nearestScalar(book, xs + i * size_t(book.dim));
}
void nearestManyAvx512(const PreparedBook &book, const float *xs, size_t n, int *out) { nearestManyAvx2(book, xs, n, out); }
} // namespace sluice::convert::detail

#endif
