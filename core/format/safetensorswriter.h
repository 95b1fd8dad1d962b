#pragma once
// Writes safetensors shards and the index in the layout the Kimi releases
// use (spec 3), for tests and synthetic release checkpoints. Tensors are
// written in the order given (so a caller can interleave them across
// shards); every file goes to a temporary name, is fsynced and renamed.
#include "format/safetensors.h"
#include "util/status.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace sluice {

struct SafetensorsWriteTensor {
    std::string name;
    SafetensorsDtype dtype = SafetensorsDtype::F32;
    std::vector<int64_t> shape;
    std::vector<uint8_t> data; // exactly elements * dtype size bytes
};

// One shard file at `path`. The header is padded with spaces to a multiple
// of 8 bytes, as the reference writer does.
Status writeSafetensorsFile(const std::string &path, const std::vector<SafetensorsWriteTensor> &tensors);

// model.safetensors.index.json: {"metadata": {"total_size": N}, "weight_map": {...}}.
Status writeSafetensorsIndex(const std::string &dir, const std::vector<std::pair<std::string, std::string>> &weightMap,
                             uint64_t totalSize);

// Writes `bytes` to dir/name atomically (temporary file, fsync, rename).
Status writeFileAtomically(const std::string &path, const void *data, size_t bytes);

} // namespace sluice
