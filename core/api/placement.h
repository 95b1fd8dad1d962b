#pragma once
// Expert banks across several folders (drives), issue 31. A decode step reads
// records of many layers; with the banks of successive layers on different
// drives those reads overlap, so two drives serve more than the faster alone.
// The container stays WASTE v0 byte for byte: banks moved out of its folder
// are named in the sidecar sluice-placement.json beside manifest.json
// (format/placement.h), which every open of the container follows.
//
// placeBanks moves banks so each folder's share of the bank bytes follows its
// weight (0 = its measured read speed, the planner's disk test): whole banks,
// placed so that the longest bytes/weight over the folders is least (reads of
// the drives overlap, so the slowest to finish sets the pace). Each move is
// crash-safe: copy to a temporary in the target, fsync, rename, fsync the
// folder; then the sidecar is rewritten atomically; only then is the old copy
// deleted. A kill at any point leaves a container that opens with the same
// bytes (at worst a stale twin is left, removed by the next run).
// Banks go into DIR/<container folder name>.banks (DIR itself when DIR is
// the container's folder), so several containers can share a drive.
#include "util/status.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace sluice {

struct PlacementFolder {
    std::string path;
    double weight = 0; // relative share of the bank bytes; 0 = measure the folder's read speed
};

// The steps of one bank's move, in order (the test hook's points).
enum class PlacementStep { Copied, SidecarWritten, OriginalRemoved };

struct PlacementOptions {
    bool back = false;            // every bank home, the sidecar removed (folders are then ignored)
    bool dryRun = false;          // plan (and measure) only
    double measureSeconds = 2.0;  // per folder whose weight is measured
    // Progress lines for a terminal ("copying experts-L3.bin to /mnt/b/...").
    std::function<void(const std::string &)> log;
    // Tests: called after each step of each move; false stops placeBanks right
    // there, as a kill would (the result says stopped).
    std::function<bool(PlacementStep, const std::string &bank)> stepHook;
};

struct PlacedFolder {
    std::string path;        // the folder the banks are in (DIR/NAME.banks, or the container's)
    double weight = 0;       // as given, or measured
    double measuredGBps = 0; // when measured
    uint64_t bytes = 0;      // bank bytes there after the run
    int banks = 0;
};

struct PlacementResult {
    std::vector<PlacedFolder> folders;
    int moved = 0;
    uint64_t movedBytes = 0;
    int staleRemoved = 0; // twins a previous interrupted run left
    bool stopped = false; // the step hook stopped the run
};

Expected<PlacementResult> placeBanks(const std::string &container, const std::vector<PlacementFolder> &folders,
                                     const PlacementOptions &options = {});

} // namespace sluice
