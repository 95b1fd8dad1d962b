#pragma once
// The native converter (issue 12, spec 4.7 / 5.2-5.3): a release checkpoint
// folder (config.json, safetensors shards, tokenizer files; MXFP4 or bf16
// experts) -> a WASTE v0 container, byte-compatible with the one
// ContainerWriter writes.
//
// Pipeline: the trunk first (kept across runs, convert/trunkpass.h); per MoE layer, codebooks per (matrix kind, stage) by residual
// k-means on a seeded sample of 12 evenly spaced experts; then every expert,
// one at a time, decoded to f32, greedily encoded (convert/vqencode.h) and
// written as one record into experts-L{L}.bin.tmp, renamed when the bank is
// whole. Then codebooks.bin,
// tokenizer.model, specials.json, vision.json, and manifest.json last (the
// commit point). The trunk pass works in bands of rows and checkpoints.
//
// Resumable: OUT/.sluice-convert/ holds state.json (what is being converted,
// with which options; written atomically first) and each layer's books
// (written atomically before its first record). A rerun with the same source
// and options keeps every committed bank whose records all pass the header
// checks and CRC, keeps the valid prefix of an interrupted bank's .tmp and
// continues after it; a complete trunk.bin is kept, an interrupted trunk pass
// continues from its last checkpoint (trunkpass.h), the small files are redone. After
// the commit the books are deleted and state.json stays (a record of what the
// container was converted from; the same conversion again is a no-op). Because
// every step is a pure function of the source and the options, a resumed run
// writes the same bytes as an uninterrupted one, for any `jobs`.
//
// Memory: one expert at a time. Peak working set beyond the process baseline
// (see peakWorkingSetBytes) = 3 decoded f32 matrices + one matrix's source
// bytes + 3 index buffers + one record + the k-means sample (3 kinds x
// sampleVectors x vecDim f32, plus one residual copy) + one band of trunk rows
// (at most trunkBandBytes: source bytes, f32, payload, scales; or one row if a
// row is larger). Independent of layer, expert and vocabulary counts.
#include "api/convert.h" // ConvertProgress, ConvertOptions, ConvertResult, convertRelease

#include <cstdint>
#include <string>

namespace sluice {
class ReleaseCheckpoint;
}

namespace sluice::convert {

struct ConvertSpace {
    uint64_t needed = 0;    // bytes still to write
    uint64_t available = 0; // free bytes on OUT's file system for this user
};

// The bytes a conversion of `release` into `out` still needs (what is already
// on disk in `out` from an earlier run is not counted again) and what is free.
Expected<ConvertSpace> conversionSpace(const ReleaseCheckpoint &release, const std::string &out,
                                       const ConvertOptions &options);

// The peak working set stated above, for a release (bytes).
uint64_t peakWorkingSetBytes(const ReleaseCheckpoint &release, const ConvertOptions &options);

// "OUT/.sluice-convert"
std::string workDirectory(const std::string &out);

} // namespace sluice::convert
