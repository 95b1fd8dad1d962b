#pragma once
// Views of the storage formats shared by the container (which reads and
// writes them) and the kernels (which compute on them without dequantising
// whole tensors). The format codes themselves are public API
// (api/tensorinfo.h, PlannerShape::tensors).
#include "api/tensorinfo.h" // TensorFormat, kTrunkGroup, trunkRowBytes

#include <cstddef>
#include <cstdint>

namespace sluice {

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
