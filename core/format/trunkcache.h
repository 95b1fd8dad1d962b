#pragma once
// The trunk of a release checkpoint, quantised once (issue 11). K3's bf16
// trunk (~108 GB) cannot stay resident as bf16, so at first open it is
// quantised by the container converter's rule (spec 4.3, defaultTrunkFormat)
// into a trunk cache: `<path>` holds the payloads and scales exactly as a
// container's trunk.bin does, `<path>.json` the tensor index and a
// fingerprint of the shards (names, sizes, mtimes) and the config. Later
// opens check the fingerprint and read it like a container trunk.
//   * atomic: data goes to `<path>.partial`, the index is written last;
//   * resumable: `<path>.partial.json` records the tensors done; a new run
//     with the same fingerprint truncates to the last finished tensor and goes on;
//   * progress + cancel through a callback (false = stop; the partial stays).
#include "format/manifest.h"
#include "format/release.h"
#include "util/status.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace sluice {

struct TrunkCacheOptions {
    int trunkBits = 4;                 // Q4G default matrices (8: Q8G; 16: every tensor as stored, bf16/f32)
    uint64_t minQuantElements = 65536; // the converter's F32 threshold
    // fraction done (0..1) and the tensor just finished; return false to cancel.
    std::function<bool(double, const std::string &)> progress;
};

struct TrunkCache {
    std::string path;
    std::vector<TensorInfo> tensors; // offsets into `path`
    uint64_t bytes = 0;
    std::string fingerprint;
    bool resumed = false; // the last build continued a partial run
};

// Fingerprint of what the trunk cache is derived from.
std::string releaseFingerprint(const ReleaseCheckpoint &release, const TrunkCacheOptions &options);

// Bytes the cache will take (the plan shown before building: "N GB").
uint64_t trunkCacheBytes(const ReleaseCheckpoint &release, const TrunkCacheOptions &options);
// The tensors as the cache will store them (formats, bytes, offsets), without
// building it: what the planner counts as the trunk of a release before open.
std::vector<TensorInfo> trunkCacheTensors(const ReleaseCheckpoint &release, const TrunkCacheOptions &options);

// Opens an existing, complete cache; NotFound when absent, Format when stale or damaged.
Expected<TrunkCache> openTrunkCache(const std::string &path, const ReleaseCheckpoint &release,
                                    const TrunkCacheOptions &options);

// Builds (or resumes) the cache, then opens it.
Expected<TrunkCache> buildTrunkCache(const std::string &path, const ReleaseCheckpoint &release,
                                     const TrunkCacheOptions &options);

} // namespace sluice
