// VQ3R / VQ2R apply with the f32 table held in registers as byte planes
// (AVX-512 VBMI). A 256-entry f32 stage table is 1 KB: too big for a
// one-register lookup, but split into its 4 bytes it is 4 planes of 256
// bytes, and each plane is looked up for 64 rows at once by two 2-source
// byte permutes (`vpermi2b`, 128 entries each, index bits 0-6) and a blend
// on bit 7. Two rounds of unpacks put the 4 bytes of every row back
// together as an f32. The 16 registers of one stage table are loaded once
// per (position, stage) and reused by every index block of a tile.
//
// Sums: per row and position the stage lookups are added in stage order,
// then added to the row accumulator, positions ascending; the row scale
// multiplies at the end - the scalar path's exact sequence, so results are
// bit-identical to it (and hence across ISAs and thread counts).
#include "vqlut_impl.h"

#if defined(__x86_64__)
#include <immintrin.h>

#if !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif

#define SLUICE_VBMI __attribute__((target("avx512f,avx512bw,avx512vl,avx512vbmi,avx2,fma,f16c")))

namespace sluice::kernels::detail {

namespace {

// Output byte q of the index vector holds row vqPlanarRowOfByte(q) of the
// block: after the two unpack rounds (which interleave inside 128-bit lanes)
// f32 vector j then holds rows 16j .. 16j+15 in order.
constexpr int rowOfByte(int q) { return vqPlanarRowOfByte(q); }

// f32 vectors F[0..3] (rows 16j + e) from the 4 byte planes of 64 rows.
SLUICE_VBMI inline void assemble(const __m512i b[4], __m512 f[4])
{
    const __m512i wLo = _mm512_unpacklo_epi8(b[0], b[1]), wHi = _mm512_unpackhi_epi8(b[0], b[1]);
    const __m512i xLo = _mm512_unpacklo_epi8(b[2], b[3]), xHi = _mm512_unpackhi_epi8(b[2], b[3]);
    f[0] = _mm512_castsi512_ps(_mm512_unpacklo_epi16(wLo, xLo));
    f[1] = _mm512_castsi512_ps(_mm512_unpackhi_epi16(wLo, xLo));
    f[2] = _mm512_castsi512_ps(_mm512_unpacklo_epi16(wHi, xHi));
    f[3] = _mm512_castsi512_ps(_mm512_unpackhi_epi16(wHi, xHi));
}

// Index blocks sharing each loaded stage table. 4 measured best on Zen 4
// (2: +35% CPU, 8: +7-15%, 16: +10-45%); copying a chunk of positions of
// each block to a contiguous buffer first, so that larger tiles do not read
// blocks 4 KiB-aligned side by side, was slower from RAM (docs/kernels.md).
constexpr int kTileBlocks = 4;

} // namespace

SLUICE_VBMI void vqBuildPlanesAvx512Vbmi(const float *booksT, int stages, int vecDim, const float *x, size_t v0,
                                         size_t v1, uint8_t *planes)
{
    // permPlane[p]: byte q < 32 of plane p is byte p of float q of (a0|a1),
    // byte q >= 32 is byte p of float q-32 of (a2|a3).
    __m512i permPlane[4];
    for (int p = 0; p < 4; ++p) {
        alignas(64) uint8_t idx[64];
        for (int q = 0; q < 64; ++q)
            idx[q] = uint8_t((4 * (q & 31) + p) & 127);
        permPlane[p] = _mm512_load_si512(idx);
    }
    const __mmask64 upper = 0xFFFFFFFF00000000ull;
    constexpr size_t E = 256;
    for (size_t v = v0; v < v1; ++v) {
        const float *xv = x + v * size_t(vecDim);
        for (int s = 0; s < stages; ++s) {
            uint8_t *out = planes + (v * size_t(stages) + size_t(s)) * 4 * E;
            const float *bt = booksT + size_t(s) * size_t(vecDim) * E;
            for (size_t c = 0; c < E; c += 64) {
                // Same multiply-then-add sequence as the scalar build.
                __m512 a0 = _mm512_setzero_ps(), a1 = a0, a2 = a0, a3 = a0;
                for (int d = 0; d < vecDim; ++d) {
                    const __m512 xd = _mm512_set1_ps(xv[d]);
                    const float *col = bt + size_t(d) * E + c;
                    a0 = _mm512_add_ps(a0, _mm512_mul_ps(xd, _mm512_loadu_ps(col)));
                    a1 = _mm512_add_ps(a1, _mm512_mul_ps(xd, _mm512_loadu_ps(col + 16)));
                    a2 = _mm512_add_ps(a2, _mm512_mul_ps(xd, _mm512_loadu_ps(col + 32)));
                    a3 = _mm512_add_ps(a3, _mm512_mul_ps(xd, _mm512_loadu_ps(col + 48)));
                }
                const __m512i i0 = _mm512_castps_si512(a0), i1 = _mm512_castps_si512(a1),
                              i2 = _mm512_castps_si512(a2), i3 = _mm512_castps_si512(a3);
                for (int p = 0; p < 4; ++p) {
                    const __m512i plane = _mm512_mask_blend_epi8(upper, _mm512_permutex2var_epi8(i0, permPlane[p], i1),
                                                                 _mm512_permutex2var_epi8(i2, permPlane[p], i3));
                    _mm512_storeu_si512(out + size_t(p) * E + c, plane);
                }
            }
        }
    }
}

// Order: how the indices are read. Stored = the container's [row][stage],
// de-interleaved here (6 of the 30 permutes of 3 stages); Planar = already in
// the kernel's order (VqIndexOrder::StagePlanes), loaded as they are;
// Rewrite = Stored, and each de-interleaved stage vector is also written back
// over the block (all S source vectors are loaded before the first store).
enum class Order { Stored, Planar, Rewrite };

template <int S, Order O>
SLUICE_VBMI void vqPlanesBlocks(const uint8_t *planes, const VqMatrixView &w, size_t nv, size_t block0,
                                size_t block1, float *y, uint8_t *rewrite)
{
    static_assert(S >= 1 && S <= 4, "1 to 4 stages");
    constexpr size_t kBlockBytes = size_t(S) * 64; // index bytes of one block at one position
    // De-interleave: stage s of row rowOfByte(q) is byte S*row + s of the
    // block's S*64 bytes; bytes < 128 come from (z0, z1), the others from the
    // last two registers (z[S-2], z[S-1]), whose window starts at (S-2)*64.
    __m512i permLo[S], permHi[S];
    __mmask64 takeHi[S];
    for (int s = 0; s < S; ++s) {
        alignas(64) uint8_t lo[64], hi[64];
        uint64_t m = 0;
        for (int q = 0; q < 64; ++q) {
            const int src = S * rowOfByte(q) + s;
            lo[q] = uint8_t(src & 127);
            hi[q] = uint8_t((src - (S > 2 ? (S - 2) * 64 : 0)) & 127);
            if (src >= 128)
                m |= uint64_t(1) << q;
        }
        permLo[s] = _mm512_load_si512(lo);
        permHi[s] = _mm512_load_si512(hi);
        takeHi[s] = m;
    }

    alignas(64) uint8_t idx[kTileBlocks][S][64];
    alignas(64) float part[kTileBlocks][64]; // stage sums of the current position
    alignas(64) float acc[kTileBlocks][64];
    for (size_t tile0 = block0; tile0 < block1; tile0 += kTileBlocks) {
        const int nb = int(tile0 + kTileBlocks <= block1 ? kTileBlocks : block1 - tile0);
        for (int b = 0; b < nb; ++b)
            for (int j = 0; j < 4; ++j)
                _mm512_store_ps(&acc[b][16 * j], _mm512_setzero_ps());
        for (size_t v = 0; v < nv; ++v) {
            for (int b = 0; b < nb && O != Order::Planar; ++b) {
                const size_t offset = ((tile0 + size_t(b)) * nv + v) * kBlockBytes;
                const uint8_t *src = w.indices + offset;
                __m512i z[S];
                for (int k = 0; k < S; ++k)
                    z[k] = _mm512_loadu_si512(src + 64 * k);
                for (int s = 0; s < S; ++s) {
                    __m512i r;
                    if constexpr (S == 1)
                        r = _mm512_permutexvar_epi8(permLo[s], z[0]);
                    else if constexpr (S == 2)
                        r = _mm512_permutex2var_epi8(z[0], permLo[s], z[1]);
                    else
                        r = _mm512_mask_mov_epi8(_mm512_permutex2var_epi8(z[0], permLo[s], z[1]), takeHi[s],
                                                 _mm512_permutex2var_epi8(z[S - 2], permHi[s], z[S - 1]));
                    _mm512_store_si512(idx[b][s], r);
                    if constexpr (O == Order::Rewrite) // z[] holds the whole block position already
                        _mm512_storeu_si512(rewrite + offset + 64 * size_t(s), r);
                }
            }
            const uint8_t *tv = planes + v * size_t(S) * 1024;
            for (int s = 0; s < S; ++s) {
                const uint8_t *ts = tv + size_t(s) * 1024;
                __m512i t[4][4]; // [plane][quarter of the 256 entries]
                for (int p = 0; p < 4; ++p)
                    for (int h = 0; h < 4; ++h)
                        t[p][h] = _mm512_load_si512(ts + 256 * p + 64 * h);
                for (int b = 0; b < nb; ++b) {
                    const __m512i i =
                        O == Order::Planar
                            ? _mm512_loadu_si512(w.indices + ((tile0 + size_t(b)) * nv + v) * kBlockBytes + 64 * size_t(s))
                            : _mm512_load_si512(idx[b][s]);
                    const __mmask64 upperHalf = _mm512_movepi8_mask(i); // bit 7: entries 128-255
                    __m512i bytes[4];
                    for (int p = 0; p < 4; ++p)
                        bytes[p] = _mm512_mask_blend_epi8(upperHalf, _mm512_permutex2var_epi8(t[p][0], i, t[p][1]),
                                                          _mm512_permutex2var_epi8(t[p][2], i, t[p][3]));
                    __m512 f[4];
                    assemble(bytes, f);
                    for (int j = 0; j < 4; ++j) {
                        float *pj = &part[b][16 * j];
                        float *aj = &acc[b][16 * j];
                        if (S == 1)
                            _mm512_store_ps(aj, _mm512_add_ps(_mm512_load_ps(aj), f[j]));
                        else if (s == 0)
                            _mm512_store_ps(pj, f[j]);
                        else if (s < S - 1)
                            _mm512_store_ps(pj, _mm512_add_ps(_mm512_load_ps(pj), f[j]));
                        else
                            _mm512_store_ps(aj, _mm512_add_ps(_mm512_load_ps(aj),
                                                              _mm512_add_ps(_mm512_load_ps(pj), f[j])));
                    }
                }
            }
        }
        for (int b = 0; b < nb; ++b) {
            const size_t row0 = (tile0 + size_t(b)) * 64;
            for (int j = 0; j < 4; ++j) {
                const __m512 sigma = _mm512_cvtph_ps(
                    _mm256_loadu_si256(reinterpret_cast<const __m256i *>(w.rowScales + row0 + 16 * size_t(j))));
                _mm512_storeu_ps(y + row0 + 16 * size_t(j), _mm512_mul_ps(sigma, _mm512_load_ps(&acc[b][16 * j])));
            }
        }
    }
}

void vqPlanesBlocksAvx512Vbmi(const uint8_t *planes, const VqMatrixView &w, size_t nv, size_t block0, size_t block1,
                              float *y, uint8_t *rewrite)
{
    withStages(w.stages, [&](auto stages) {
        constexpr int S = decltype(stages)::value;
        if (rewrite)
            vqPlanesBlocks<S, Order::Rewrite>(planes, w, nv, block0, block1, y, rewrite);
        else if (vqIsStagePlanar(w))
            vqPlanesBlocks<S, Order::Planar>(planes, w, nv, block0, block1, y, nullptr);
        else
            vqPlanesBlocks<S, Order::Stored>(planes, w, nv, block0, block1, y, nullptr);
    });
}

} // namespace sluice::kernels::detail
#endif
