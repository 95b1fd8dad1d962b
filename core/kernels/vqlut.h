#pragma once
// Residual-VQ expert matvec through lookup tables (spec 5.4, 5.5): an expert
// matrix is never dequantised. For an input x and one (layer, kind) codebook
// set, the table T[v][s][c] = sum_d x[8v+d] * C_s[c][d] is built once; every
// expert matrix of that kind then costs `stages` lookups per 8 weights:
//     y[r] = sigma_r * sum_v sum_s T[v][s][i_s(r, v)].
// Sharing: build the gate and the up table once per token per layer (each from
// its own books, same input) and apply them to every routed expert; the down
// table depends on the expert's activation and is built per expert.
//
// VQ4P (4 stages x 64 entries, 6-bit packed indices) uses an int8 table
// quantised per block of 32 vector positions, int16 sums per block, and f32
// block accumulation; all code paths give bit-identical results.
#include "kernels/threadpool.h"
#include "util/aligned.h"
#include "util/status.h"
#include "util/tensorformat.h"

#include <cstddef>
#include <cstdint>

namespace sluice::kernels {

inline constexpr int kVq4pLutBlock = 32; // vector positions per int8 table scale

class VqLut {
public:
    enum class Kind {
        F32,  // VQ3R / VQ2R: f32 table
        Int8, // VQ4P: f32 table quantised to int8 per 32 positions
    };
    // How the f32 table is stored (same size either way). The build picks
    // BytePlanes for 256-entry f32 tables when the active ISA is AVX-512 with
    // VBMI (the in-register lookup kernel reads it), Linear otherwise.
    enum class Layout {
        Linear,     // f32 [positions][stages][entries]
        BytePlanes, // per (position, stage): 4 planes x 256 bytes, plane p = byte p of each f32 entry
    };

    // Builds the table for x[0..n) (n = positions * books.vecDim). Buffers are
    // reused across builds (grown when needed). The f32 build may be split
    // over `pool` (bit-identical for any thread count); the int8 quantisation
    // always runs serially (it is too small to be worth a fork-join).
    Status build(const VqCodebooksView &books, const float *x, size_t n, Kind kind = Kind::F32,
                 ThreadPool *pool = nullptr);

    Kind kind() const { return m_kind; }
    Layout layout() const { return m_layout; }
    size_t positions() const { return m_positions; }
    int stages() const { return m_stages; }
    int entries() const { return m_entries; }
    int vecDim() const { return m_vecDim; }
    bool isBuilt() const { return m_positions > 0; }

    // f32 table [positions][stages][entries] (both kinds keep it) in the
    // Linear layout; the raw storage in the BytePlanes layout.
    const float *table() const { return m_table.get(); }
    // Entry c of stage s at position v, whatever the layout (tests, tools).
    float entry(size_t v, int s, int c) const;
    // Int8 kind: table [positions][stages][entries] and one scale per block of
    // kVq4pLutBlock positions.
    const int8_t *table8() const { return m_table8.get(); }
    const float *blockScales() const { return m_blockScales.get(); }
    // Bytes the table buffers hold now (they grow on build and are kept).
    size_t allocatedBytes() const { return (m_tableCap + m_booksTCap + m_scaleCap) * 4 + m_table8Cap; }

private:
    Kind m_kind = Kind::F32;
    Layout m_layout = Layout::Linear;
    size_t m_positions = 0;
    int m_stages = 0, m_entries = 0, m_vecDim = 0;
    size_t m_tableCap = 0, m_table8Cap = 0, m_scaleCap = 0, m_booksTCap = 0;
    AlignedPtr<float> m_table;
    AlignedPtr<int8_t> m_table8;
    AlignedPtr<float> m_blockScales;
    AlignedPtr<float> m_booksT; // books transposed to [stage][dim][entry] for the build
};

// Checks that `w` can be applied with `lut` (formats, shapes, layout).
Status validateVq(const VqLut &lut, const VqMatrixView &w);

// y[r] for r < w.rows. Rows are split across the pool in multiples of the
// index block; results are bit-identical for every thread count.
Status vqMatvec(const VqLut &lut, const VqMatrixView &w, float *y, ThreadPool *pool = nullptr);

// Rows [rowBegin, rowEnd) on the calling thread, no validation (call
// validateVq once first); for callers that parallelise themselves.
void vqMatvecRows(const VqLut &lut, const VqMatrixView &w, size_t rowBegin, size_t rowEnd, float *y);

// vqMatvec that also leaves the matrix's indices in VqIndexOrder::StagePlanes
// in place, written as the apply de-interleaves them (no extra pass): later
// applies of the same bytes (w.order = StagePlanes) skip the de-interleave,
// ~10-17% of the VBMI kernel (docs/kernels.md). Rewrites only where that
// kernel runs and the matrix is whole 64-row blocks (vqRewritable); returns
// whether it did. `indices` = w.indices, writable; nobody else may read the
// matrix during the call. y gets the bits vqMatvec gives, either way.
bool vqRewritable(const VqLut &lut, const VqMatrixView &w);
Expected<bool> vqMatvecRewriting(const VqLut &lut, const VqMatrixView &w, uint8_t *indices, float *y,
                                 ThreadPool *pool = nullptr);

// Chunked prefill: several tokens routed to the same expert. The expert's
// index bytes are read once per call for all `count` tables (each built from
// the same books); ys[j][r] gets exactly the bits vqMatvec(*luts[j]) would.
Status vqMatmul(const VqLut *const *luts, size_t count, const VqMatrixView &w, float *const *ys,
                ThreadPool *pool = nullptr);

// Several independent applies in one fork-join (e.g. an expert's gate and up
// matrices, each with its own table): the 64-row blocks of all jobs are
// split across the pool together. Each y gets exactly the bits vqMatvec
// gives it.
struct VqJob {
    const VqLut *lut = nullptr;
    VqMatrixView w;
    float *y = nullptr;
};
Status vqMatvecJobs(const VqJob *jobs, size_t count, ThreadPool *pool = nullptr);

// Plain reference of the apply step for one table: per row, per position,
// sum of the stage lookups in stage order; VQ4P through the int8 table.
// Single-threaded, no SIMD.
void vqMatvecReference(const VqLut &lut, const VqMatrixView &w, float *y);

// Index of stage s for (row r, position v), honouring indexBlock 64 or 0 and
// VQ4P packing. For tests and tools; not a hot path.
int vqIndex(const VqMatrixView &w, size_t r, size_t v, int s);

} // namespace sluice::kernels
