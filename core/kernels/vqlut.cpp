#include "vqlut.h"

#include "cpufeatures.h"
#include "vqlut_impl.h"
#include "util/half.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

namespace sluice::kernels {

namespace detail {

void vqBuildScalar(const float *booksT, int stages, int entries, int vecDim, const float *x, size_t v0, size_t v1,
                   float *table)
{
    for (size_t v = v0; v < v1; ++v) {
        const float *xv = x + v * size_t(vecDim);
        for (int s = 0; s < stages; ++s) {
            float *t = table + (v * size_t(stages) + size_t(s)) * size_t(entries);
            const float *bt = booksT + size_t(s) * size_t(vecDim) * size_t(entries);
            for (int c = 0; c < entries; ++c)
                t[c] = 0.0f;
            for (int d = 0; d < vecDim; ++d) {
                const float xd = xv[d];
                const float *col = bt + size_t(d) * size_t(entries);
                for (int c = 0; c < entries; ++c)
                    t[c] = t[c] + xd * col[c];
            }
        }
    }
}

void vqQuantizeScalar(const float *t, size_t n, float scale, int8_t *q8)
{
    for (size_t i = 0; i < n; ++i) {
        // Clamping first is the same as clamping after rounding (+-127 are
        // integers); adding and subtracting 1.5 * 2^23 rounds half to even in
        // the default rounding mode without a libm call (|v| <= 127).
        const float v = std::clamp(t[i] / scale, -127.0f, 127.0f);
        q8[i] = int8_t((v + 12582912.0f) - 12582912.0f);
    }
}

} // namespace detail

namespace {

constexpr int kRowTile = 64; // rows accumulated together (one index block)

bool isVqFormat(TensorFormat f)
{
    return f == TensorFormat::VQ3R || f == TensorFormat::VQ2R || f == TensorFormat::VQ4P;
}

// Strides of the index bytes inside one tile of rows (one index block for
// the blocked layout): byte (r0 + i, v) is at base + i*rowStride + v*vStride.
struct TileStrides {
    size_t rowStride, vStride;
};

TileStrides tileStrides(const VqMatrixView &w, size_t nv)
{
    const size_t bpv = detail::vqBytesPerPosition(w);
    if (w.indexBlock > 0)
        return {bpv, size_t(w.indexBlock) * bpv};
    return {nv * bpv, bpv};
}

// Byte k of a little-endian run of 64-bit words.
inline unsigned byteAt(const uint64_t *words, int k)
{
    return unsigned(words[k >> 3] >> ((k & 7) * 8)) & 255u;
}

// Entry c of a stage table slice: `t` points at the slice of one (position,
// stage) - E floats (Linear) or 4 planes of 256 bytes (BytePlanes).
template <bool Planes>
inline float stageEntry(const float *t, size_t c)
{
    if constexpr (Planes) {
        const uint8_t *p = reinterpret_cast<const uint8_t *>(t);
        const uint32_t u = uint32_t(p[c]) | uint32_t(p[256 + c]) << 8 | uint32_t(p[512 + c]) << 16
                           | uint32_t(p[768 + c]) << 24;
        float f;
        std::memcpy(&f, &u, 4);
        return f;
    } else {
        return t[c];
    }
}

// Scalar f32 apply over rows [r0, r1) with S stages. The rows of a tile (an
// index block) are walked together so many independent gather chains are in
// flight; each row sums its stage lookups in stage order, then adds that to
// its accumulator, positions ascending. (An AVX-512 gather version of this
// loop measured no faster on Zen 4; see docs/kernels.md.) `Planes` reads a
// byte-plane table (edges and other layouts when the VBMI kernel is active).
template <int S, bool Planes>
void applyF32(const VqLut &lut, const VqMatrixView &w, size_t r0, size_t r1, float *y)
{
    const size_t nv = lut.positions();
    const size_t E = size_t(lut.entries()); // 256 for the byte planes: a slice is E floats either way
    const float *T = lut.table();
    const size_t tile = w.indexBlock > 0 ? size_t(w.indexBlock) : size_t(kRowTile);
    const TileStrides st = tileStrides(w, nv);
    // Up to 4 index blocks (256 rows) share each position's table slice
    // while it is in L1: the whole table (1.4 MB on K3) does not fit in L2.
    constexpr int kSubTiles = 4;
    float acc[kSubTiles * 64];
    for (size_t r = r0; r < r1;) {
        size_t subOffset[kSubTiles], subRows[kSubTiles];
        const uint8_t *subBase[kSubTiles];
        int subs = 0;
        size_t total = 0, next = r;
        while (subs < kSubTiles && next < r1) {
            const size_t end = std::min(r1, (next / tile + 1) * tile);
            subOffset[subs] = total;
            subRows[subs] = end - next;
            subBase[subs] = w.indices + detail::vqOffset(w, nv, next, 0);
            total += end - next;
            next = end;
            ++subs;
        }
        std::fill(acc, acc + total, 0.0f);
        for (size_t v = 0; v < nv; ++v) {
            const float *t = T + v * S * E;
            for (int sub = 0; sub < subs; ++sub) {
                const uint8_t *p = subBase[sub] + v * st.vStride;
                float *a = acc + subOffset[sub];
                const size_t n = subRows[sub];
                // Contiguous rows (blocked layout): 8 rows' index bytes come in
                // as S word loads instead of 8*S byte loads (spec 5.4).
                const size_t n8 = st.rowStride == size_t(S) ? n / 8 * 8 : 0;
                for (size_t i = 0; i < n8; i += 8) {
                    uint64_t words[S];
                    std::memcpy(words, p + i * S, sizeof(words));
#pragma GCC unroll 8
                    for (int k = 0; k < 8; ++k) {
                        float l = stageEntry<Planes>(t, byteAt(words, k * S));
#pragma GCC unroll 4
                        for (int s = 1; s < S; ++s)
                            l = l + stageEntry<Planes>(t + size_t(s) * E, byteAt(words, k * S + s));
                        a[i + size_t(k)] = a[i + size_t(k)] + l;
                    }
                }
                const uint8_t *q = p + n8 * st.rowStride;
                for (size_t i = n8; i < n; ++i, q += st.rowStride) {
                    float l = stageEntry<Planes>(t, q[0]);
                    for (int s = 1; s < S; ++s)
                        l = l + stageEntry<Planes>(t + size_t(s) * E, q[s]);
                    a[i] = a[i] + l;
                }
            }
        }
        for (size_t i = 0; i < total; ++i)
            y[r + i] = halfToFloat(w.rowScales[r + i]) * acc[i];
        r = next;
    }
}

// Scalar f32 apply of a matrix whose indices are in VqIndexOrder::StagePlanes
// (rewritten in memory by vqMatvecRewriting): a row at a time, with the
// same additions in the same order as applyF32. Runs for ragged edges, the
// reference, and an ISA switched away from AVX-512 VBMI after a rewrite.
template <int S, bool Planes>
void applyF32StagePlanar(const VqLut &lut, const VqMatrixView &w, size_t r0, size_t r1, float *y)
{
    const size_t nv = lut.positions();
    const size_t E = size_t(lut.entries());
    const float *T = lut.table();
    for (size_t r = r0; r < r1; ++r) {
        const uint8_t *row = w.indices + detail::vqOffset(w, nv, r, 0);
        float acc = 0.0f;
        for (size_t v = 0; v < nv; ++v) {
            const uint8_t *q = row + v * 64 * size_t(S);
            const float *t = T + v * S * E;
            float l = stageEntry<Planes>(t, q[0]);
            for (int s = 1; s < S; ++s)
                l = l + stageEntry<Planes>(t + size_t(s) * E, q[64 * s]);
            acc = acc + l;
        }
        y[r] = halfToFloat(w.rowScales[r]) * acc;
    }
}

template <bool Planes>
void applyF32Stages(const VqLut &lut, const VqMatrixView &w, size_t r0, size_t r1, float *y)
{
    const bool planar = detail::vqIsStagePlanar(w);
    detail::withStages(lut.stages(), [&](auto stages) {
        constexpr int S = decltype(stages)::value;
        if (planar)
            applyF32StagePlanar<S, Planes>(lut, w, r0, r1, y);
        else
            applyF32<S, Planes>(lut, w, r0, r1, y);
    });
}

inline void unpack4p(const uint8_t *p, int idx[4])
{
    idx[0] = p[0] & 63;
    idx[1] = (p[0] >> 6) | ((p[1] & 15) << 2);
    idx[2] = (p[1] >> 4) | ((p[2] & 3) << 4);
    idx[3] = p[2] >> 2;
}

// Scalar VQ4P apply: int16 sums of the 4 int8 lookups over each block of 32
// positions, acc = acc + scale_b * sum (f32), y = sigma_r * acc.
void applyInt8Scalar(const VqLut &lut, const VqMatrixView &w, size_t r0, size_t r1, float *y)
{
    const size_t nv = lut.positions();
    const size_t E = size_t(lut.entries());
    const int8_t *T = lut.table8();
    const float *scales = lut.blockScales();
    const size_t tile = w.indexBlock > 0 ? size_t(w.indexBlock) : size_t(kRowTile);
    const TileStrides st = tileStrides(w, nv);
    float acc[256];
    int16_t sum[256];
    for (size_t r = r0; r < r1;) {
        const size_t tileEnd = std::min(r1, (r / tile + 1) * tile);
        const size_t n = tileEnd - r;
        std::fill(acc, acc + n, 0.0f);
        const uint8_t *base = w.indices + detail::vqOffset(w, nv, r, 0);
        for (size_t b0 = 0; b0 < nv; b0 += kVq4pLutBlock) {
            const size_t b1 = std::min(nv, b0 + kVq4pLutBlock);
            std::fill(sum, sum + n, int16_t(0));
            for (size_t v = b0; v < b1; ++v) {
                const int8_t *t = T + v * 4 * E;
                const uint8_t *q = base + v * st.vStride;
                for (size_t i = 0; i < n; ++i, q += st.rowStride) {
                    int idx[4];
                    unpack4p(q, idx);
                    sum[i] = int16_t(sum[i] + t[idx[0]] + t[E + idx[1]] + t[2 * E + idx[2]] + t[3 * E + idx[3]]);
                }
            }
            const float scale = scales[b0 / kVq4pLutBlock];
            for (size_t i = 0; i < n; ++i)
                acc[i] = acc[i] + scale * float(sum[i]);
        }
        for (size_t i = 0; i < n; ++i)
            y[r + i] = halfToFloat(w.rowScales[r + i]) * acc[i];
        r = tileEnd;
    }
}

// `rewrite`: see vqMatvecRewriting (only with rewritable(), whole blocks).
void applyRows(const VqLut &lut, const VqMatrixView &w, size_t r0, size_t r1, float *y, bool allowSimd,
               uint8_t *rewrite = nullptr)
{
    if (lut.kind() == VqLut::Kind::Int8) {
#if defined(__x86_64__)
        // Whole 64-row blocks go to the byte-permute kernel; ragged edges and
        // other layouts take the scalar path (same bits either way).
        const Isa isa = activeIsa();
        if (allowSimd && (isa == Isa::Avx512 || isa == Isa::Avx2) && w.indexBlock == 64 && lut.entries() == 64) {
            const size_t nv = lut.positions();
            const size_t firstFull = (r0 + 63) / 64, lastFull = r1 / 64;
            if (firstFull < lastFull) {
                if (r0 < firstFull * 64)
                    applyInt8Scalar(lut, w, r0, firstFull * 64, y);
                if (isa == Isa::Avx512 && hasAvx512Vbmi())
                    detail::vq4pBlocksAvx512Vbmi(lut.table8(), lut.blockScales(), w, nv, firstFull, lastFull, y);
                else
                    detail::vq4pBlocksAvx2(lut.table8(), lut.blockScales(), w, nv, firstFull, lastFull, y);
                if (lastFull * 64 < r1)
                    applyInt8Scalar(lut, w, lastFull * 64, r1, y);
                return;
            }
        }
#endif
#if defined(__aarch64__) && defined(__ARM_NEON)
        if (allowSimd && activeIsa() == Isa::Neon && w.indexBlock == 64 && lut.entries() == 64) {
            const size_t nv = lut.positions();
            const size_t firstFull = (r0 + 63) / 64, lastFull = r1 / 64;
            if (firstFull < lastFull) {
                if (r0 < firstFull * 64)
                    applyInt8Scalar(lut, w, r0, firstFull * 64, y);
                detail::vq4pBlocksNeon(lut.table8(), lut.blockScales(), w, nv, firstFull, lastFull, y);
                if (lastFull * 64 < r1)
                    applyInt8Scalar(lut, w, lastFull * 64, r1, y);
                return;
            }
        }
#endif
        applyInt8Scalar(lut, w, r0, r1, y);
        return;
    }
    if (lut.layout() == VqLut::Layout::BytePlanes) {
#if defined(__x86_64__)
        // Whole 64-row blocks of the blocked layout go to the in-register
        // lookup kernel; ragged edges and the plain layout read the planes in
        // scalar code (same bits either way).
        if (allowSimd && activeIsa() == Isa::Avx512 && hasAvx512Vbmi() && w.indexBlock == 64) {
            const size_t firstFull = (r0 + 63) / 64, lastFull = r1 / 64;
            if (firstFull < lastFull) {
                const uint8_t *planes = reinterpret_cast<const uint8_t *>(lut.table());
                if (r0 < firstFull * 64)
                    applyF32Stages<true>(lut, w, r0, firstFull * 64, y);
                detail::vqPlanesBlocksAvx512Vbmi(planes, w, lut.positions(), firstFull, lastFull, y, rewrite);
                if (lastFull * 64 < r1)
                    applyF32Stages<true>(lut, w, lastFull * 64, r1, y);
                return;
            }
        }
#endif
        applyF32Stages<true>(lut, w, r0, r1, y);
        return;
    }
    applyF32Stages<false>(lut, w, r0, r1, y);
}

} // namespace

Status VqLut::build(const VqCodebooksView &books, const float *x, size_t n, Kind kind, ThreadPool *pool)
{
    if (!books.books || !x)
        return makeError(ErrorCode::InvalidArgument, "VQ table build: no codebooks or no input");
    if (books.stages < 1 || books.stages > 4 || books.entries < 1 || books.entries > 256 || books.vecDim < 1)
        return makeError(ErrorCode::InvalidArgument,
                         "VQ table build: unsupported codebooks (" + std::to_string(books.stages) + " stages x "
                             + std::to_string(books.entries) + " entries x " + std::to_string(books.vecDim) + ")");
    if (n == 0 || n % size_t(books.vecDim) != 0)
        return makeError(ErrorCode::InvalidArgument, "VQ table build: input length " + std::to_string(n)
                                                         + " is not a multiple of " + std::to_string(books.vecDim));
    if (kind == Kind::Int8 && books.stages * kVq4pLutBlock * 127 > 32767)
        return makeError(ErrorCode::InvalidArgument, "VQ table build: int8 table with too many stages");
    const size_t nv = n / size_t(books.vecDim);
    const size_t S = size_t(books.stages), E = size_t(books.entries), D = size_t(books.vecDim);
    const size_t tableSize = nv * S * E;
    if (m_tableCap < tableSize) {
        m_table = makeAligned<float>(tableSize);
        m_tableCap = m_table ? tableSize : 0;
    }
    if (m_booksTCap < S * D * E) {
        m_booksT = makeAligned<float>(S * D * E);
        m_booksTCap = m_booksT ? S * D * E : 0;
    }
    if (!m_table || !m_booksT)
        return makeError(ErrorCode::Budget, "VQ table build: out of memory for a " + std::to_string(tableSize * 4) + "-byte table");
    m_positions = 0; // not built until the end
    m_kind = kind;
    const Isa isa = activeIsa();
#if defined(__x86_64__)
    const bool planes = kind == Kind::F32 && E == 256 && isa == Isa::Avx512 && hasAvx512Vbmi();
#else
    const bool planes = false;
#endif
    m_layout = planes ? Layout::BytePlanes : Layout::Linear;
    m_stages = books.stages;
    m_entries = books.entries;
    m_vecDim = books.vecDim;
    for (size_t s = 0; s < S; ++s)
        for (size_t c = 0; c < E; ++c)
            for (size_t d = 0; d < D; ++d)
                m_booksT[(s * D + d) * E + c] = books.books[(s * E + c) * D + d];

    float *table = m_table.get();
    const float *booksT = m_booksT.get();
    const int stages = books.stages, entries = books.entries, vecDim = books.vecDim;
    parallelFor(pool, nv, [&](size_t v0, size_t v1) {
#if defined(__x86_64__)
        if (planes) {
            detail::vqBuildPlanesAvx512Vbmi(booksT, stages, vecDim, x, v0, v1, reinterpret_cast<uint8_t *>(table));
            return;
        }
        if (isa == Isa::Avx512) {
            detail::vqBuildAvx512(booksT, stages, entries, vecDim, x, v0, v1, table);
            return;
        }
        if (isa == Isa::Avx2) {
            detail::vqBuildAvx2(booksT, stages, entries, vecDim, x, v0, v1, table);
            return;
        }
#endif
        (void)isa;
        detail::vqBuildScalar(booksT, stages, entries, vecDim, x, v0, v1, table);
    }, 8);

    if (kind == Kind::Int8) {
        const size_t blocks = (nv + kVq4pLutBlock - 1) / kVq4pLutBlock;
        if (m_table8Cap < tableSize) {
            m_table8 = makeAligned<int8_t>(tableSize);
            m_table8Cap = m_table8 ? tableSize : 0;
        }
        if (m_scaleCap < blocks) {
            m_blockScales = makeAligned<float>(blocks);
            m_scaleCap = m_blockScales ? blocks : 0;
        }
        if (!m_table8 || !m_blockScales)
            return makeError(ErrorCode::Budget, "VQ table build: out of memory for the int8 table");
        for (size_t b = 0; b < blocks; ++b) {
            const size_t begin = b * kVq4pLutBlock * S * E;
            const size_t end = std::min(nv, (b + 1) * kVq4pLutBlock) * S * E;
            float amax = 0.0f;
#if defined(__x86_64__)
            if (isa == Isa::Avx2 || isa == Isa::Avx512)
                amax = detail::vqAmaxAvx2(table + begin, end - begin);
            else
#endif
                for (size_t i = begin; i < end; ++i)
                    amax = std::max(amax, std::fabs(table[i]));
            const float scale = amax / 127.0f;
            m_blockScales[b] = scale;
            int8_t *q8 = m_table8.get();
            if (scale > 0.0f) {
#if defined(__x86_64__)
                if (isa == Isa::Avx2 || isa == Isa::Avx512) {
                    detail::vqQuantizeAvx2(table + begin, end - begin, scale, q8 + begin);
                    continue;
                }
#endif
                detail::vqQuantizeScalar(table + begin, end - begin, scale, q8 + begin);
            } else {
                std::fill(q8 + begin, q8 + end, int8_t(0));
            }
        }
    }
    m_positions = nv;
    return Status::ok();
}

float VqLut::entry(size_t v, int s, int c) const
{
    const float *slice = m_table.get() + (v * size_t(m_stages) + size_t(s)) * size_t(m_entries);
    return m_layout == Layout::BytePlanes ? stageEntry<true>(slice, size_t(c)) : slice[c];
}

int vqIndex(const VqMatrixView &w, size_t r, size_t v, int s)
{
    const size_t nv = w.cols / size_t(w.vecDim);
    const uint8_t *p = w.indices + detail::vqOffset(w, nv, r, v);
    if (w.fmt == TensorFormat::VQ4P) {
        int idx[4];
        unpack4p(p, idx);
        return idx[s];
    }
    return p[size_t(s) * detail::vqStageStride(w)];
}

Status validateVq(const VqLut &lut, const VqMatrixView &w)
{
    if (!isVqFormat(w.fmt))
        return makeError(ErrorCode::Unsupported,
                         "VQ matvec: format code " + std::to_string(int(w.fmt)) + " is not a VQ format");
    if (!lut.isBuilt())
        return makeError(ErrorCode::InvalidArgument, "VQ matvec: table not built");
    if (!w.indices || !w.rowScales || w.rows == 0)
        return makeError(ErrorCode::InvalidArgument, "VQ matvec: empty matrix or missing indices/scales");
    if (w.indexBlock != 0 && w.indexBlock != 64)
        return makeError(ErrorCode::Unsupported,
                         "VQ matvec: index_block " + std::to_string(w.indexBlock) + " (only 64 and 0 exist)");
    if (w.vecDim != lut.vecDim() || w.cols != lut.positions() * size_t(lut.vecDim()))
        return makeError(ErrorCode::InvalidArgument, "VQ matvec: matrix has " + std::to_string(w.cols)
                                                         + " columns, table was built for "
                                                         + std::to_string(lut.positions() * size_t(lut.vecDim())));
    if (w.stages != lut.stages())
        return makeError(ErrorCode::InvalidArgument, "VQ matvec: matrix has " + std::to_string(w.stages)
                                                         + " stages, codebooks " + std::to_string(lut.stages()));
    const bool packed = w.fmt == TensorFormat::VQ4P;
    if (packed != (lut.kind() == VqLut::Kind::Int8))
        return makeError(ErrorCode::InvalidArgument,
                         packed ? "VQ matvec: VQ4P needs an int8 table" : "VQ matvec: int8 table on a non-VQ4P matrix");
    if (packed && (w.stages != 4 || lut.entries() > 64))
        return makeError(ErrorCode::InvalidArgument, "VQ matvec: VQ4P needs 4 stages of at most 64 entries");
    if (detail::vqIsStagePlanar(w) && (packed || w.indexBlock != 64))
        return makeError(ErrorCode::InvalidArgument, "VQ matvec: stage-planar indices need VQ3R/VQ2R with index_block 64");
    return Status::ok();
}

bool vqRewritable(const VqLut &lut, const VqMatrixView &w)
{
#if defined(__x86_64__)
    return lut.layout() == VqLut::Layout::BytePlanes && activeIsa() == Isa::Avx512 && hasAvx512Vbmi()
           && w.order == VqIndexOrder::AsStored && w.fmt != TensorFormat::VQ4P && w.indexBlock == 64
           && w.rows % 64 == 0 && w.stages == lut.stages();
#else
    (void)lut, (void)w;
    return false;
#endif
}

Expected<bool> vqMatvecRewriting(const VqLut &lut, const VqMatrixView &w, uint8_t *indices, float *y,
                                 ThreadPool *pool)
{
    if (!vqRewritable(lut, w)) {
        SLUICE_TRY(vqMatvec(lut, w, y, pool));
        return false;
    }
    SLUICE_TRY(validateVq(lut, w));
    if (!y || indices != w.indices)
        return makeError(ErrorCode::InvalidArgument, "VQ matvec: no output, or the rewritten bytes are not the matrix's");
    // Every block belongs to exactly one worker (splits are multiples of 64
    // rows and the rows are whole blocks), so each is rewritten once, by the
    // thread that reads it.
    parallelFor(pool, w.rows, [&](size_t b, size_t e) { applyRows(lut, w, b, e, y, true, indices); }, 64);
    return true;
}

void vqMatvecRows(const VqLut &lut, const VqMatrixView &w, size_t rowBegin, size_t rowEnd, float *y)
{
    applyRows(lut, w, rowBegin, rowEnd, y, true);
}

Status vqMatvec(const VqLut &lut, const VqMatrixView &w, float *y, ThreadPool *pool)
{
    SLUICE_TRY(validateVq(lut, w));
    if (!y)
        return makeError(ErrorCode::InvalidArgument, "VQ matvec: no output");
    parallelFor(pool, w.rows, [&](size_t b, size_t e) { applyRows(lut, w, b, e, y, true); }, 64);
    return Status::ok();
}

Status vqMatmul(const VqLut *const *luts, size_t count, const VqMatrixView &w, float *const *ys, ThreadPool *pool)
{
    if (!luts || !ys || count == 0)
        return makeError(ErrorCode::InvalidArgument, "VQ matmul: no tables");
    for (size_t j = 0; j < count; ++j) {
        if (!luts[j] || !ys[j])
            return makeError(ErrorCode::InvalidArgument, "VQ matmul: table or output " + std::to_string(j) + " missing");
        SLUICE_TRY(validateVq(*luts[j], w).withContext("token " + std::to_string(j)));
    }
    // One index block at a time for all tables: the block's index bytes are
    // fetched from memory once and re-read from cache by the other tables.
    parallelFor(pool, w.rows, [&](size_t b, size_t e) {
        for (size_t r = b; r < e; r += 64) {
            const size_t end = std::min(e, r + 64);
            for (size_t j = 0; j < count; ++j)
                applyRows(*luts[j], w, r, end, ys[j], true);
        }
    }, 64);
    return Status::ok();
}

Status vqMatvecJobs(const VqJob *jobs, size_t count, ThreadPool *pool)
{
    if (!jobs && count > 0)
        return makeError(ErrorCode::InvalidArgument, "VQ jobs: no job list");
    // firstBlock[j]: index of job j's first 64-row block in the joint space.
    std::vector<size_t> firstBlock(count + 1, 0);
    for (size_t j = 0; j < count; ++j) {
        if (!jobs[j].lut || !jobs[j].y)
            return makeError(ErrorCode::InvalidArgument, "VQ jobs: table or output " + std::to_string(j) + " missing");
        SLUICE_TRY(validateVq(*jobs[j].lut, jobs[j].w).withContext("job " + std::to_string(j)));
        firstBlock[j + 1] = firstBlock[j] + (jobs[j].w.rows + 63) / 64;
    }
    parallelFor(pool, firstBlock[count], [&](size_t b, size_t e) {
        size_t j = size_t(std::upper_bound(firstBlock.begin(), firstBlock.end(), b) - firstBlock.begin()) - 1;
        while (b < e) {
            const size_t end = std::min(e, firstBlock[j + 1]);
            const VqJob &job = jobs[j];
            applyRows(*job.lut, job.w, (b - firstBlock[j]) * 64, std::min(job.w.rows, (end - firstBlock[j]) * 64),
                      job.y, true);
            b = end;
            ++j;
        }
    });
    return Status::ok();
}

void vqMatvecReference(const VqLut &lut, const VqMatrixView &w, float *y)
{
    applyRows(lut, w, 0, w.rows, y, false);
}

} // namespace sluice::kernels
