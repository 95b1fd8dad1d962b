// Fuzzes expert record validation: the first byte picks a layout (VQ3R
// blocked, VQ3R plain, VQ4P, VQ2R), the rest is the record as read from
// disk. A record that passes validateRecordHeader must be safe to parse and
// decode completely; any other input must be refused with a Status.
#include "format/expertrecord.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    sluice::ModelConfig config;
    config.hidden = 64;
    config.moeIntermediate = 64;
    sluice::ExpertQuantConfig &q = config.expertQuant;
    switch (data[0] & 3) {
    case 0: break;
    case 1: q.indexBlock = 0; break;
    case 2: q.fmtName = "VQ4P"; q.stages = 4; q.entries = 64; q.indexBits = 6; break;
    case 3: q.fmtName = "VQ2R"; q.stages = 2; break;
    }
    const int nBooks = 1 + (data[0] >> 2); // 1..64 books
    const sluice::ExpertLayout layout = sluice::makeExpertLayout(config, 0, nBooks);
    // Exactly the bytes read, in their own allocation, so overreads are caught.
    std::vector<uint8_t> record(data + 1, data + size);
    if (record.size() < sluice::kRecordHeaderBytes)
        record.resize(sluice::kRecordHeaderBytes); // the stream always reads at least a header
    const sluice::ExpertRecordHeader h = sluice::decodeRecordHeader(record.data());
    const sluice::Status s = sluice::validateRecordHeader(record.data(), record.size(), h.layer, h.expertId, layout);
    if (!s.isOk())
        return 0;
    (void)sluice::verifyRecordCrc(record.data(), record.size(), h.layer, h.expertId, layout);
    const sluice::ExpertRecordView view = sluice::parseRecord(record.data(), layout);
    if (view.codebookId + layout.booksPerLayer() > nBooks)
        __builtin_trap(); // validation promised the books exist
    std::vector<float> books(size_t(layout.stages) * size_t(layout.entries) * size_t(layout.vecDim), 0.5f);
    for (const sluice::VqMatrixView &m : view.matrix) {
        // rowScales may be unaligned on a hostile record: copy through memcpy like a reader would.
        std::vector<uint16_t> scales(m.rows);
        std::memcpy(scales.data(), m.rowScales, m.rows * 2);
        sluice::VqMatrixView aligned = m;
        aligned.rowScales = scales.data();
        std::vector<float> out(m.rows * m.cols);
        sluice::vqDequantize(aligned, books.data(), layout.entries, out.data());
    }
    return 0;
}
