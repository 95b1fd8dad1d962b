#pragma once
// Where one routed expert of a release lives on disk and in a cache slot
// (issue 11). An expert is six tensors (MXFP4: w1/w3/w2 weight_packed +
// weight_scale; bf16: three .weight) at scattered shard offsets. They are
// sorted by (shard, offset), neighbours whose 4 KiB-aligned ranges touch are
// coalesced into one read, and the reads are laid end to end in the slot, so
// O_DIRECT can read straight into it (offset, length and destination all
// 4 KiB aligned). The tensors then sit at `tensorOffset` inside the slot.
// Pure arithmetic on the checked index: the same placement every time.
#include "format/release.h"
#include "util/status.h"

#include <cstdint>

namespace sluice {

struct ExpertExtent {
    int shard = -1;
    uint64_t fileOffset = 0; // aligned down
    uint64_t bytes = 0;      // aligned up (may run past the end of the shard; readers clamp)
    uint64_t slotOffset = 0; // aligned
};

struct ExpertPlacement {
    int extentCount = 0;
    ExpertExtent extents[6];
    // Offset in the slot of kind k's weight (2k) and scale (2k + 1); kind
    // 0 gate (w1), 1 up (w3), 2 down (w2). Scales are unused for bf16 experts.
    uint64_t tensorOffset[6] = {};
    uint64_t slotBytes = 0;    // sum of the extents
    uint64_t payloadBytes = 0; // the tensors themselves
};

inline constexpr uint64_t kExpertReadAlignment = 4096;

ExpertPlacement placeExpert(const ReleaseCheckpoint &release, int layer, int expert,
                            uint64_t alignment = kExpertReadAlignment);

// The cache slot size every expert fits in (max over all experts, a multiple
// of the alignment). K3 with each expert contiguous in one shard: the 17,547,264
// payload bytes plus at most one page of misalignment.
uint64_t releaseSlotBytes(const ReleaseCheckpoint &release, uint64_t alignment = kExpertReadAlignment);

} // namespace sluice
