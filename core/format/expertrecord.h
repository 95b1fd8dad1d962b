#pragma once
// One expert record of an experts-L{L}.bin bank (spec 4.5): a 48-byte header,
// gate/up/down VQ indices (blocked layout, spec 5.3/4.6), per-row fp16 scales,
// zero padding to a 4 KiB multiple. Pure functions on a buffer: the stream
// module does the I/O and calls these on every record it reads.
#include "api/modelconfig.h"
#include "util/status.h"
#include "util/tensorformat.h"

#include <cstddef>
#include <cstdint>

namespace sluice {

inline constexpr uint32_t kExpertMagic = 0x50584557u;   // "WEXP"
inline constexpr uint32_t kCodebookMagic = 0x4B424357u; // "WCBK"
inline constexpr size_t kRecordHeaderBytes = 48;
// Header flag bits (spec 4.5): 1 bf16 payloads, 2 has substitute (neither
// written in v0, refused), 4 hot hint (advisory, accepted).
inline constexpr uint8_t kRecordFlagHotHint = 0x04;
inline constexpr size_t kRecordAlign = 4096;

enum ExpertMatrix { kGate = 0, kUp = 1, kDown = 2 };

// What every record of one container looks like, derived from the manifest.
struct ExpertLayout {
    TensorFormat fmt = TensorFormat::VQ3R; // manifest fmt
    int stages = 3;
    int vecDim = 8;
    int entries = 256;
    int indexBlock = 64;
    int indexBits = 8;
    uint32_t rows[3] = {0, 0, 0}; // gate, up, down output rows
    uint32_t cols[3] = {0, 0, 0};
    uint64_t indexBytes[3] = {0, 0, 0};
    uint64_t recordBytes = 0; // bank stride (from the manifest)
    int nBooks = 0;           // records in codebooks.bin
    int codebookBase = -1;    // the manifest's codebook_base for the layer (-1: not known, not checked)

    uint64_t scaleBytes() const { return 2ull * (uint64_t(rows[0]) + rows[1] + rows[2]); }
    // Header + indices + scales, before padding.
    uint64_t usedBytes() const { return kRecordHeaderBytes + indexBytes[0] + indexBytes[1] + indexBytes[2] + scaleBytes(); }
    // The smallest legal record: usedBytes rounded up to 4 KiB.
    uint64_t minimumRecordBytes() const { return (usedBytes() + kRecordAlign - 1) / kRecordAlign * kRecordAlign; }
    int booksPerLayer() const { return 3 * stages; }
};

// Bytes of the index block of one [rows, cols] matrix.
uint64_t vqIndexBytes(uint64_t rows, uint64_t cols, int stages, int vecDim, int indexBlock, int indexBits);

// recordBytes = the bank stride (0: use minimumRecordBytes()).
ExpertLayout makeExpertLayout(const ModelConfig &config, uint64_t recordBytes, int nBooks);

// The decoded 48-byte header.
struct ExpertRecordHeader {
    uint32_t magic = 0;
    uint16_t layer = 0;
    uint16_t expertId = 0;
    uint8_t fmt = 0;
    uint8_t flags = 0;
    uint16_t codebookId = 0;
    uint16_t lowrankId = 0;
    uint16_t reserved0 = 0;
    uint32_t rec4kBlocks = 0;
    uint32_t gateOff = 0;
    uint32_t upOff = 0;
    uint32_t downOff = 0;
    uint32_t chanCorrOff = 0;
    uint32_t crc32 = 0;
};

ExpertRecordHeader decodeRecordHeader(const uint8_t *rec);
void encodeRecordHeader(const ExpertRecordHeader &h, uint8_t *rec);

// O(1) header checks of spec 4.5. `n` = bytes actually read (a short read is
// an error). Messages start "layer L, expert E: ".
Status validateRecordHeader(const uint8_t *rec, size_t n, int layer, int expert, const ExpertLayout &layout);

// zlib CRC-32 over the payload and scales. Call after validateRecordHeader.
Status verifyRecordCrc(const uint8_t *rec, size_t n, int layer, int expert, const ExpertLayout &layout);

// CRC-32 of [48, chan_corr_off + scales) as the writer stores it.
uint32_t computeRecordCrc(const uint8_t *rec, const ExpertLayout &layout, uint32_t chanCorrOff);

// Views into a validated record (pointers into `rec`, which must outlive them).
struct ExpertRecordView {
    VqMatrixView matrix[3]; // gate, up, down
    int codebookId = 0;     // first book of this record's layer (header value)
};
ExpertRecordView parseRecord(const uint8_t *rec, const ExpertLayout &layout);

// Index byte address of (row r, vector position v) inside a matrix's index
// block; `bytesPerPos` = stages (8-bit) or 3 (VQ4P).
inline uint64_t vqIndexAddress(uint64_t r, uint64_t v, uint64_t nv, int bytesPerPos, int indexBlock)
{
    if (indexBlock == 0)
        return (r * nv + v) * uint64_t(bytesPerPos);
    const uint64_t block = uint64_t(indexBlock);
    return ((r / block) * nv + v) * block * uint64_t(bytesPerPos) + (r % block) * uint64_t(bytesPerPos);
}

// Reads the stage indices of (r, v) into idx[stages]; the reference decoder
// for tests and the oracle (kernels use their own fast paths).
void vqReadIndices(const VqMatrixView &m, uint64_t r, uint64_t v, int *idx);
// Writes them (writer side).
void vqWriteIndices(uint8_t *indices, TensorFormat fmt, int stages, int indexBlock, uint64_t nv, uint64_t r,
                    uint64_t v, const int *idx);

// Reference dequantisation of one record matrix into [rows][cols] floats;
// `books` = the matrix kind's stages x entries x vecDim f32 codebooks.
void vqDequantize(const VqMatrixView &m, const float *books, int entries, float *out);

} // namespace sluice
