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
#include "kernels/cpufeatures.h"
#include "util/status.h"

#include <cstdint>
#include <functional>
#include <string>

namespace sluice {
class ReleaseCheckpoint;
}

namespace sluice::convert {

struct ConvertProgress {
    std::string phase;        // "codebooks", "experts", "trunk", "finish"
    int layer = -1;           // the MoE layer being worked on
    int layersDone = 0;       // MoE layers whose bank is committed
    int layers = 0;           // MoE layers in the model
    uint64_t expertsDone = 0; // records on disk (committed + resumed + new)
    uint64_t expertsTotal = 0;
    uint64_t expertsEncodedThisRun = 0;
    // The trunk pass ("trunk"): tensor i of n, source bytes done of total
    // (resumed ones included) and how many of them a checkpoint skipped.
    size_t trunkTensor = 0;
    size_t trunkTensors = 0;
    uint64_t trunkBytesDone = 0;
    uint64_t trunkBytesTotal = 0;
    uint64_t trunkBytesResumed = 0;
};

struct ConvertOptions {
    int jobs = 1;                    // encoder / k-means threads (output does not depend on it)
    std::string expertFmt = "VQ3R";  // VQ3R, VQ2R or VQ4P
    int trunkBits = 4;               // 4 Q4G, 8 Q8G, 3 Q3G for trunk matrices (spec 4.3)
    uint64_t minQuantElements = 65536; // spec 4.3's F32 threshold
    int sampleExperts = 12;          // spec 5.2 step 1
    int sampleVectors = 300000;      // spec 5.2 step 2 (per kind, split over the sampled experts)
    int iterations = 10;             // Lloyd iterations per stage
    uint64_t seed = 0;               // k-means seed; the sample permutation of expert e uses 1234 + e
    bool checkSpace = true;          // refuse up front when the destination lacks the bytes
    bool reclaim = false;            // delete each source shard once all its tensors are consumed (reclaim.h)
    // The trunk pass's working set per band of rows and how many band bytes
    // go between two checkpoints (trunkpass.h); neither changes output bytes.
    uint64_t trunkBandBytes = 64ull << 20;
    uint64_t trunkCheckpointBytes = 256ull << 20;
    bool sluiceDemo = false;         // mark the container as the app's bundled demo (manifest "sluice_demo")
    std::string sluiceDemoWeights;   // with it: what the weights are (manifest "sluice_demo_weights")
    kernels::Isa isa = kernels::Isa::Avx512; // highest encoder path allowed (clamped to the CPU)
    // Called often; return false to stop (ErrorCode::Cancelled; a rerun resumes).
    std::function<bool(const ConvertProgress &)> progress;
};

struct ConvertResult {
    bool alreadyComplete = false; // OUT was a finished conversion of this source
    int banksReused = 0;          // committed banks kept from an earlier run
    uint64_t recordsResumed = 0;  // valid records kept from an interrupted .tmp
    uint64_t recordsEncoded = 0;
    uint64_t trunkBytesResumed = 0; // trunk source bytes a checkpoint let this run skip
    bool trunkReused = false;       // trunk.bin was complete already
    uint64_t peakWorkingSetBytes = 0; // the stated bound for this run (peakWorkingSetBytes below)
    uint64_t containerBytes = 0;
};

struct ConvertSpace {
    uint64_t needed = 0;    // bytes still to write
    uint64_t available = 0; // free bytes on OUT's file system for this user
};

// The bytes a conversion of `release` into `out` still needs (what is already
// on disk in `out` from an earlier run is not counted again) and what is free.
Expected<ConvertSpace> conversionSpace(const ReleaseCheckpoint &release, const std::string &out,
                                       const ConvertOptions &options);

Expected<ConvertResult> convertRelease(const std::string &source, const std::string &out,
                                       const ConvertOptions &options);

// The peak working set stated above, for a release (bytes).
uint64_t peakWorkingSetBytes(const ReleaseCheckpoint &release, const ConvertOptions &options);

// "OUT/.sluice-convert"
std::string workDirectory(const std::string &out);

} // namespace sluice::convert
