#pragma once
// Storage formats shared by the container (which reads and writes them) and
// the kernels (which compute on them without dequantising whole tensors).
// Codes are the WASTE v0 `fmt` codes (spec 4.3).
#include <cstddef>
#include <cstdint>

namespace sluice {

enum class TensorFormat : uint8_t {
    F32 = 0,
    F16 = 1, // code 1 also covers BF16; `isBf16` on the view says which
    Q8G = 2,
    Q4G = 3,
    VQ3R = 4,
    VQ2R = 5,
    SUB1 = 6, // specified, never written in v0
    Q3G = 7,
    VQ4P = 8,
};

inline constexpr int kTrunkGroup = 128; // weights per fp16 scale in Q8G/Q4G/Q3G rows

// Bytes of one stored row of `cols` weights in a trunk format (rows are
// addressed by a fixed stride; Q3G carries one guard byte).
inline constexpr size_t trunkRowBytes(TensorFormat fmt, size_t cols, bool bf16 = false)
{
    (void)bf16;
    const size_t groups = (cols + kTrunkGroup - 1) / kTrunkGroup;
    switch (fmt) {
    case TensorFormat::F32: return cols * 4;
    case TensorFormat::F16: return cols * 2;
    case TensorFormat::Q8G: return groups * 128;
    case TensorFormat::Q4G: return groups * 64;
    case TensorFormat::Q3G: return (groups * 128 * 3 + 7) / 8 + 1;
    default: return 0;
    }
}

// A read-only view of a 2-D trunk matrix in RAM, [rows, cols], y = W x.
// `scales` is fp16 [rows][ceil(cols/128)] for the grouped formats, else null.
struct TrunkMatrixView {
    TensorFormat fmt = TensorFormat::F32;
    bool isBf16 = false;
    const uint8_t *data = nullptr;
    const uint16_t *scales = nullptr;
    size_t rows = 0;
    size_t cols = 0;
    size_t rowBytes = 0; // stride between rows in `data`
};

// Residual-VQ codebooks of one (layer, matrix kind): `stages` books of
// `entries` x `vecDim` floats, entry-major ([stage][entry][dim]).
struct VqCodebooksView {
    const float *books = nullptr;
    int stages = 3;
    int entries = 256;
    int vecDim = 8;
};

// One expert matrix inside a record: indices in the blocked layout
// ([row_block][v][row_in_block][stage] for indexBlock 64; [row][v][stage] for
// 0), VQ4P packs 4 six-bit stage indices into 3 bytes. `rowScales` are fp16.
struct VqMatrixView {
    TensorFormat fmt = TensorFormat::VQ3R;
    const uint8_t *indices = nullptr;
    const uint16_t *rowScales = nullptr;
    size_t rows = 0;
    size_t cols = 0; // must be a multiple of vecDim
    int stages = 3;
    int vecDim = 8;
    int indexBlock = 64;
};

} // namespace sluice
