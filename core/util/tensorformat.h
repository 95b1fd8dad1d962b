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

// Where the stage indices of a VQ3R/VQ2R matrix sit inside each 64-row block
// at one vector position.
enum class VqIndexOrder : uint8_t {
    AsStored,    // the container's order: [row_in_block][stage] (spec 5.4)
    StagePlanes, // [stage][64 bytes], the rows in the byte-plane kernel's order
                 // (kernels::vqPlanarByteOfRow): memory only, never on disk.
                 // The AVX-512 VBMI apply then loads a stage's 64 indices
                 // directly instead of de-interleaving them (docs/kernels.md).
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
    VqIndexOrder order = VqIndexOrder::AsStored; // StagePlanes: indexBlock 64, VQ3R/VQ2R only
};

} // namespace sluice
