#include "format/expertrecord.h"

#include "util/crc32.h"

#include "util/bytes.h"
#include "util/half.h"

#include <zlib.h>

#include <cstdio>
#include <algorithm>
#include <cstring>

namespace sluice {

namespace {

std::string where(int layer, int expert) { return "layer " + std::to_string(layer) + ", expert " + std::to_string(expert) + ": "; }

const char *fmtName(int code)
{
    switch (code) {
    case 4: return "VQ3R";
    case 5: return "VQ2R";
    case 8: return "VQ4P";
    default: return "unknown";
    }
}

// Record fmt codes a manifest format accepts (spec 4.5: the converter writes 4
// even for 2-stage containers, so 8-bit formats accept 4 or 5).
bool fmtAgrees(uint8_t recordFmt, TensorFormat manifestFmt)
{
    if (manifestFmt == TensorFormat::VQ4P)
        return recordFmt == 8;
    return recordFmt == 4 || recordFmt == 5;
}

} // namespace

uint64_t vqIndexBytes(uint64_t rows, uint64_t cols, int stages, int vecDim, int indexBlock, int indexBits)
{
    const uint64_t nv = cols / uint64_t(vecDim);
    const uint64_t perPos = indexBits == 6 ? uint64_t(stages * 6 + 7) / 8 : uint64_t(stages);
    const uint64_t paddedRows = indexBlock > 0 ? (rows + uint64_t(indexBlock) - 1) / uint64_t(indexBlock) * uint64_t(indexBlock) : rows;
    return paddedRows * nv * perPos;
}

ExpertLayout makeExpertLayout(const ModelConfig &c, uint64_t recordBytes, int nBooks)
{
    ExpertLayout l;
    const ExpertQuantConfig &q = c.expertQuant;
    l.fmt = q.fmtName == "VQ4P" ? TensorFormat::VQ4P : q.fmtName == "VQ2R" ? TensorFormat::VQ2R : TensorFormat::VQ3R;
    l.stages = q.stages;
    l.vecDim = q.vecDim;
    l.entries = q.entries;
    l.indexBlock = q.indexBlock;
    l.indexBits = q.indexBits;
    const uint32_t in = uint32_t(c.expertInputDim()), inter = uint32_t(c.moeIntermediate);
    l.rows[kGate] = inter;
    l.cols[kGate] = in;
    l.rows[kUp] = inter;
    l.cols[kUp] = in;
    l.rows[kDown] = in;
    l.cols[kDown] = inter;
    for (int k = 0; k < 3; ++k)
        l.indexBytes[k] = vqIndexBytes(l.rows[k], l.cols[k], l.stages, l.vecDim, l.indexBlock, l.indexBits);
    l.recordBytes = recordBytes ? recordBytes : l.minimumRecordBytes();
    l.nBooks = nBooks;
    return l;
}

ExpertRecordHeader decodeRecordHeader(const uint8_t *p)
{
    ExpertRecordHeader h;
    h.magic = loadLe32(p + 0);
    h.layer = loadLe16(p + 4);
    h.expertId = loadLe16(p + 6);
    h.fmt = p[8];
    h.flags = p[9];
    h.codebookId = loadLe16(p + 10);
    h.lowrankId = loadLe16(p + 12);
    h.reserved0 = loadLe16(p + 14);
    h.rec4kBlocks = loadLe32(p + 16);
    h.gateOff = loadLe32(p + 20);
    h.upOff = loadLe32(p + 24);
    h.downOff = loadLe32(p + 28);
    h.chanCorrOff = loadLe32(p + 32);
    h.crc32 = loadLe32(p + 36);
    return h;
}

void encodeRecordHeader(const ExpertRecordHeader &h, uint8_t *p)
{
    std::memset(p, 0, kRecordHeaderBytes);
    storeLe32(p + 0, h.magic);
    storeLe16(p + 4, h.layer);
    storeLe16(p + 6, h.expertId);
    p[8] = h.fmt;
    p[9] = h.flags;
    storeLe16(p + 10, h.codebookId);
    storeLe16(p + 12, h.lowrankId);
    storeLe16(p + 14, h.reserved0);
    storeLe32(p + 16, h.rec4kBlocks);
    storeLe32(p + 20, h.gateOff);
    storeLe32(p + 24, h.upOff);
    storeLe32(p + 28, h.downOff);
    storeLe32(p + 32, h.chanCorrOff);
    storeLe32(p + 36, h.crc32);
}

Status validateRecordHeader(const uint8_t *rec, size_t n, int layer, int expert, const ExpertLayout &l)
{
    // %1 of every template is where the record is ("layer 3, expert 7: ").
    auto bad = [&](ErrorTemplate what, const auto &...args) {
        return makeError(ErrorCode::Format, what, where(layer, expert), args...);
    };
    if (n < l.recordBytes || n < kRecordHeaderBytes)
        return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1short read (%2 of %3 bytes)"), where(layer, expert), n,
            l.recordBytes);
    const ExpertRecordHeader h = decodeRecordHeader(rec);
    if (h.magic != kExpertMagic) {
        char hex[16];
        std::snprintf(hex, sizeof hex, "0x%08x", h.magic);
        return bad(SLUICE_ERRT("Error", "%1bad magic %2 (expected 0x50584557 \"WEXP\")"), hex);
    }
    if (h.layer != layer)
        return bad(SLUICE_ERRT("Error", "%1record belongs to layer %2 (wrong layer)"), h.layer);
    if (h.expertId != expert)
        return bad(SLUICE_ERRT("Error", "%1record holds expert %2 (wrong expert id)"), h.expertId);
    if (uint64_t(h.rec4kBlocks) * kRecordAlign != l.recordBytes)
        return bad(SLUICE_ERRT("Error", "%1record size %2 (%3 pages) differs from the bank stride %4"),
            uint64_t(h.rec4kBlocks) * kRecordAlign, h.rec4kBlocks, l.recordBytes);
    if (!fmtAgrees(h.fmt, l.fmt))
        return bad(SLUICE_ERRT("Error", "%1record fmt %2 (%3) disagrees with the manifest's %4"), h.fmt, fmtName(h.fmt),
            fmtName(int(l.fmt)));
    if (h.lowrankId != 0)
        return bad(SLUICE_ERRT("Error", "%1lowrank_id %2 (must be 0 in format v0)"), h.lowrankId);
    if (int64_t(h.codebookId) + l.booksPerLayer() > int64_t(l.nBooks))
        return bad(SLUICE_ERRT("Error", "%1codebook id %2 + %3 books exceeds the %4 in codebooks.bin"), h.codebookId,
            l.booksPerLayer(), l.nBooks);
    // The header lies outside the CRC, so every field with a defined value
    // is checked here (docs/container.md): the book id against the
    // manifest (engines decode with the record's id; a silent change of
    // either would change the output), the flag bits v0 cannot honour and
    // the reserved fields.
    if (l.codebookBase >= 0 && h.codebookId != l.codebookBase)
        return bad(SLUICE_ERRT("Error", "%1codebook_id %2 differs from the manifest's codebook_base %3"), h.codebookId,
            l.codebookBase);
    if (h.flags & ~kRecordFlagHotHint)
        return bad(SLUICE_ERRT("Error",
                       "%1flags 0x%2 (v0 defines only the hot hint, 0x04; bf16 payloads and substitutes are not "
                       "written in v0)"),
            [&] {
                char hex[8];
                std::snprintf(hex, sizeof hex, "%02x", h.flags);
                return std::string(hex);
            }());
    if (h.reserved0 != 0)
        return bad(SLUICE_ERRT("Error", "%1reserved0 is %2 (must be 0)"), h.reserved0);
    if (loadLe32(rec + 40) != 0 || loadLe32(rec + 44) != 0)
        return bad(SLUICE_ERRT("Error", "%1reserved1 is not zero"));
    // Offsets: ordered, each index block large enough, scales inside the record.
    if (h.gateOff != kRecordHeaderBytes)
        return bad(SLUICE_ERRT("Error", "%1gate offset %2 (must be 48)"), h.gateOff);
    const uint64_t gateEnd = uint64_t(h.gateOff) + l.indexBytes[kGate];
    const uint64_t upEnd = uint64_t(h.upOff) + l.indexBytes[kUp];
    const uint64_t downEnd = uint64_t(h.downOff) + l.indexBytes[kDown];
    if (h.upOff < gateEnd || h.downOff < upEnd || h.chanCorrOff < downEnd)
        return bad(SLUICE_ERRT("Error", "%1offsets out of order or overlapping (gate %2, up %3, down %4, scales %5)"),
            h.gateOff, h.upOff, h.downOff, h.chanCorrOff);
    if (uint64_t(h.chanCorrOff) + l.scaleBytes() > l.recordBytes)
        return bad(SLUICE_ERRT("Error", "%1offsets out of range: scales end at %2, record is %3 bytes"),
            uint64_t(h.chanCorrOff) + l.scaleBytes(), l.recordBytes);
    if (h.chanCorrOff % 2 != 0)
        return bad(SLUICE_ERRT("Error", "%1scale offset %2 is not 2-byte aligned"), h.chanCorrOff);
    return Status::ok();
}

uint32_t computeRecordCrc(const uint8_t *rec, const ExpertLayout &l, uint32_t chanCorrOff)
{
    const uint64_t end = uint64_t(chanCorrOff) + l.scaleBytes();
    return crc32Gzip(0, rec + kRecordHeaderBytes, size_t(end - kRecordHeaderBytes));
}

Status verifyRecordCrc(const uint8_t *rec, size_t n, int layer, int expert, const ExpertLayout &l)
{
    const ExpertRecordHeader h = decodeRecordHeader(rec);
    if (uint64_t(h.chanCorrOff) + l.scaleBytes() > n)
        return makeError(
            ErrorCode::Format, SLUICE_ERRT("Error", "%1scales lie outside the record"), where(layer, expert));
    const uint32_t crc = computeRecordCrc(rec, l, h.chanCorrOff);
    if (crc != h.crc32) {
        char stored[16], computed[16];
        std::snprintf(stored, sizeof stored, "%08x", h.crc32);
        std::snprintf(computed, sizeof computed, "%08x", crc);
        return makeError(ErrorCode::Checksum, SLUICE_ERRT("Error", "%1checksum mismatch (stored 0x%2, computed 0x%3)"),
            where(layer, expert), stored, computed);
    }
    // The padding to the 4 KiB multiple is defined as zero and lies outside
    // the CRC: checked with it (at most 4 KiB more to touch).
    const uint64_t end = uint64_t(h.chanCorrOff) + l.scaleBytes();
    for (uint64_t i = end; i < std::min<uint64_t>(n, l.recordBytes); ++i) {
        if (rec[i] != 0)
            return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1padding byte at offset %2 is not zero"),
                where(layer, expert), i);
    }
    return Status::ok();
}

ExpertRecordView parseRecord(const uint8_t *rec, const ExpertLayout &l)
{
    const ExpertRecordHeader h = decodeRecordHeader(rec);
    ExpertRecordView view;
    view.codebookId = h.codebookId;
    const uint32_t offs[3] = {h.gateOff, h.upOff, h.downOff};
    const uint16_t *scales = reinterpret_cast<const uint16_t *>(rec + h.chanCorrOff);
    uint64_t scaleRow = 0;
    for (int k = 0; k < 3; ++k) {
        VqMatrixView &m = view.matrix[k];
        m.fmt = l.fmt;
        m.indices = rec + offs[k];
        m.rowScales = scales + scaleRow;
        m.rows = l.rows[k];
        m.cols = l.cols[k];
        m.stages = l.stages;
        m.vecDim = l.vecDim;
        m.indexBlock = l.indexBlock;
        scaleRow += l.rows[k];
    }
    return view;
}

void vqReadIndices(const VqMatrixView &m, uint64_t r, uint64_t v, int *idx)
{
    const uint64_t nv = m.cols / uint64_t(m.vecDim);
    if (m.fmt == TensorFormat::VQ4P) {
        const uint8_t *b = m.indices + vqIndexAddress(r, v, nv, 3, m.indexBlock);
        idx[0] = b[0] & 63;
        idx[1] = (b[0] >> 6) | ((b[1] & 15) << 2);
        idx[2] = (b[1] >> 4) | ((b[2] & 3) << 4);
        idx[3] = b[2] >> 2;
        return;
    }
    const uint8_t *b = m.indices + vqIndexAddress(r, v, nv, m.stages, m.indexBlock);
    for (int s = 0; s < m.stages; ++s)
        idx[s] = b[s];
}

void vqWriteIndices(uint8_t *indices, TensorFormat fmt, int stages, int indexBlock, uint64_t nv, uint64_t r, uint64_t v,
                    const int *idx)
{
    if (fmt == TensorFormat::VQ4P) {
        uint8_t *b = indices + vqIndexAddress(r, v, nv, 3, indexBlock);
        b[0] = uint8_t((idx[0] | idx[1] << 6) & 0xff);
        b[1] = uint8_t((idx[1] >> 2 | idx[2] << 4) & 0xff);
        b[2] = uint8_t((idx[2] >> 4 | idx[3] << 2) & 0xff);
        return;
    }
    uint8_t *b = indices + vqIndexAddress(r, v, nv, stages, indexBlock);
    for (int s = 0; s < stages; ++s)
        b[s] = uint8_t(idx[s]);
}

void vqDequantize(const VqMatrixView &m, const float *books, int entries, float *out)
{
    const uint64_t nv = m.cols / uint64_t(m.vecDim);
    int idx[8];
    for (uint64_t r = 0; r < m.rows; ++r) {
        const float scale = halfToFloat(m.rowScales[r]);
        for (uint64_t v = 0; v < nv; ++v) {
            vqReadIndices(m, r, v, idx);
            for (int d = 0; d < m.vecDim; ++d) {
                float sum = 0.0f;
                for (int s = 0; s < m.stages; ++s)
                    sum += books[(size_t(s) * size_t(entries) + size_t(idx[s])) * size_t(m.vecDim) + size_t(d)];
                out[r * m.cols + v * uint64_t(m.vecDim) + uint64_t(d)] = scale * sum;
            }
        }
    }
}

} // namespace sluice
