#pragma once
// The converter (issue 12) is public API: a release checkpoint folder in, a
// WASTE v0 container out, resumable and deterministic (docs/converter.md;
// the pipeline, resumption and memory bound are described in
// convert/converter.h). Clients (sluice-cli convert, the app's Convert dialog
// through core/qt/convertworker) include this header; the module's own
// helpers over an opened ReleaseCheckpoint (conversionSpace,
// peakWorkingSetBytes) stay in convert/converter.h.
#include "api/runtime.h" // kernels::Isa (ConvertOptions::isa)
#include "util/status.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

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

// Bytes of a source shard file (absolute offset).
struct SourceRange {
    std::string shard;
    uint64_t offset = 0;
    uint64_t bytes = 0;
};

// What one step of a conversion reads (ConvertOptions::needShards): the trunk
// pass ("the trunk"), then each MoE layer ("layer L"). `shards` are read
// whole; `ranges` are the exact bytes read from other shards: the trunk's
// tensors in shards that also hold experts (a later step reads those whole).
struct SourceNeed {
    std::string step;
    std::vector<std::string> shards;
    std::vector<SourceRange> ranges;
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
    // Convert while downloading (api/download.h downloadAndConvert): called
    // with what is about to be read, before the trunk pass and before each
    // layer whose bank is not committed, in that order; a non-ok status stops
    // the run with it (a rerun resumes). The shard files stay open during a
    // run: bytes written into them in place (a range) are read.
    std::function<Status(const SourceNeed &)> needShards;
};

struct ConvertResult {
    bool alreadyComplete = false; // OUT was a finished conversion of this source
    int banksReused = 0;          // committed banks kept from an earlier run
    uint64_t recordsResumed = 0;  // valid records kept from an interrupted .tmp
    uint64_t recordsEncoded = 0;
    uint64_t trunkBytesResumed = 0; // trunk source bytes a checkpoint let this run skip
    bool trunkReused = false;       // trunk.bin was complete already
    uint64_t peakWorkingSetBytes = 0; // the stated bound for this run (convert/converter.h peakWorkingSetBytes)
    uint64_t containerBytes = 0;
};

Expected<ConvertResult> convertRelease(const std::string &source, const std::string &out,
                                       const ConvertOptions &options);

} // namespace sluice::convert
