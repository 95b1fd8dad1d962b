#pragma once
// The converter's trunk pass (spec 4.3): every non-expert tensor of the
// release quantised by the converter's rule into trunk.bin, in ContainerWriter's
// layout (tensors back to back in release order, each payload then its fp16
// scales). The index is a pure function of the names and shapes, so a resumed
// conversion recomputes it instead of storing it. Written first and kept, so
// the shards' trunk tensors are consumed early (--reclaim).
//
// Bounded memory: a tensor is read, checked and quantised in bands of whole
// rows (the trunk formats quantise row by row, so a group never straddles a
// band and the bytes equal a whole-tensor pass). A band's working set (source
// bytes + f32 + payload + scales) is at most `bandBytes`, or one row's when a
// single row is larger; so the pass's peak is independent of the model.
//
// Resumable: after every `checkpointBytes` of band working set processed
// (and when stopped through the progress callback) the .tmp is fsynced and a
// checkpoint (tensor, row) written atomically beside it; a rerun continues from the
// checkpoint. Every band is a pure function of its rows, so a resumed pass
// writes the same bytes as an uninterrupted one.
#include "format/manifest.h"
#include "format/release.h" // ReleaseCheckpoint, SafetensorsTensor
#include "util/status.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace sluice::convert {

struct ConvertOptions;

// The trunk index the pass will write (offsets, formats, bytes).
std::vector<TensorInfo> planTrunk(const ReleaseCheckpoint &release, const ConvertOptions &options);
uint64_t trunkFileBytes(const std::vector<TensorInfo> &plan);

// Bytes of working memory one row of `planned` (read from `source`) needs.
uint64_t trunkRowWorkingBytes(const TensorInfo &planned, const SafetensorsTensor &source);
// Rows per band for a band budget of `bandBytes` (at least 1).
uint64_t trunkBandRows(const TensorInfo &planned, const SafetensorsTensor &source, uint64_t bandBytes);
// The pass's peak working set: the largest band's, over all tensors.
uint64_t trunkPeakBytes(const ReleaseCheckpoint &release, const std::vector<TensorInfo> &plan, uint64_t bandBytes);
// The source bytes of all trunk tensors (the progress total).
uint64_t trunkSourceBytes(const ReleaseCheckpoint &release);

struct TrunkProgress {
    size_t tensor = 0;        // the tensor being written
    size_t tensors = 0;
    uint64_t row = 0;         // rows of it done
    uint64_t rows = 0;
    uint64_t bytesDone = 0;   // source bytes processed (resumed ones included)
    uint64_t bytesTotal = 0;
    uint64_t bytesResumed = 0; // source bytes skipped thanks to a checkpoint
};

struct TrunkPassFiles {
    std::string tmp;        // OUT/.sluice-convert/trunk.bin.tmp
    std::string checkpoint; // OUT/.sluice-convert/trunk.progress
    std::string final;      // OUT/trunk.bin
};

// Called before every band; a non-ok status stops the pass (after a
// checkpoint, so a rerun resumes there) and is returned.
using TrunkProgressFn = std::function<Status(const TrunkProgress &)>;

// Writes (or continues) the trunk, every value checked finite, fsyncs and
// renames the .tmp to `files.final`, then drops the checkpoint. Returns the
// source bytes that a checkpoint let it skip.
struct TrunkPassLimits {
    uint64_t bandBytes = 64ull << 20;        // working set per band
    uint64_t checkpointBytes = 256ull << 20; // band bytes between checkpoints (each costs two fsyncs)
};

Expected<uint64_t> writeTrunk(const ReleaseCheckpoint &release, const std::vector<TensorInfo> &plan,
                              const TrunkPassFiles &files, const TrunkPassLimits &limits,
                              const TrunkProgressFn &progress);

} // namespace sluice::convert
