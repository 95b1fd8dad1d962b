#pragma once
// The published models' shapes as library data, for planning before a
// download (docs/planner.md "Plan before download"): Kimi K3 and
// Kimi-Linear 48B, each in the converted container format (Q4G trunk, VQ3R
// experts, spec 4) or in the release checkpoint's own format (bf16 trunk;
// MXFP4 experts on K3, bf16 on Kimi-Linear, spec 3).
//
// A built-in shape is what a container's manifest would say: the
// ModelConfig (parsed from the release config.json text by the same
// parseReleaseConfig a downloaded release goes through), every trunk and
// vision tensor with its stored format and bytes (spec 1.4, 7.1), and the
// expert record size. model::plannerInputs(shape.config, shape.tensors,
// shape.recordBytes, ...) then feeds planMemory exactly as the container
// path does.
#include "api/builtinmodels.h" // BuiltinModel, BuiltinFormat, expertBytes
#include "format/manifest.h"
#include "util/status.h"

#include <cstdint>
#include <string>
#include <vector>

namespace sluice {

// How tensorInventory() stores each tensor.
struct InventoryOptions {
    BuiltinFormat format = BuiltinFormat::Container;
    int trunkBits = 4;     // Container: the converter's --trunk-bits (4, 8 or 3)
    int aLogEntries = 0;   // stored length of each KDA A_log; 0 = the release's (K3 128, KL one per head)
    uint64_t minQuantElements = 65536; // Container: the converter's F32 threshold (ContainerWriterOptions')
};

// Every tensor the engine reads except routed experts, in the real names
// (tensor prefix included), shapes as stored (vision conv kernel and position
// table flattened, as the converter re-stores them), format and bytes
// (payload + scales). Offsets are 0: nothing is on disk.
std::vector<TensorInfo> tensorInventory(const ModelConfig &config, const InventoryOptions &options);

struct BuiltinShape {
    BuiltinModel model = BuiltinModel::KimiK3;
    BuiltinFormat format = BuiltinFormat::Container;
    std::string name;                // "Kimi K3 (VQ3R container)"
    ModelConfig config;
    std::vector<TensorInfo> tensors; // tensorInventory(config, {format})
    uint64_t recordBytes = 0;        // expertBytes(config, format)
    uint64_t expertTotalBytes = 0;   // recordBytes x MoE layers x experts
    uint64_t diskBytes = 0;          // tensors + experts: what the download (or the conversion) holds
};

Expected<BuiltinShape> builtinShape(BuiltinModel model, BuiltinFormat format);

// The release config.json text the shape is parsed from (spec 1.2, 7.1).
std::string builtinReleaseConfigJson(BuiltinModel model);

} // namespace sluice
