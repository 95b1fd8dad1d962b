#pragma once
// The converter's trunk pass (spec 4.3): every non-expert tensor of the
// release quantised by the converter's rule into trunk.bin, in ContainerWriter's
// layout (tensors back to back in release order, each payload then its fp16
// scales). The index is a pure function of the names and shapes, so a resumed
// conversion recomputes it instead of storing it. Written first and kept, so
// the shards' trunk tensors are consumed early (--reclaim).
#include "format/manifest.h"
#include "util/status.h"

#include <string>
#include <vector>

namespace sluice {
class ReleaseCheckpoint;
}

namespace sluice::convert {

struct ConvertOptions;

// The trunk index the pass will write (offsets, formats, bytes).
std::vector<TensorInfo> planTrunk(const ReleaseCheckpoint &release, const ConvertOptions &options);
uint64_t trunkFileBytes(const std::vector<TensorInfo> &plan);

// Writes the trunk to `tmpPath`, every value checked finite, fsyncs and
// renames it to `finalPath`.
Status writeTrunk(const ReleaseCheckpoint &release, const std::vector<TensorInfo> &plan, const std::string &tmpPath,
                  const std::string &finalPath);

} // namespace sluice::convert
