#pragma once
// The published models a client can plan before a download (api/planning.h
// builtinPlannerShape, `sluice-cli plan --model`): their names, the formats
// they come in, and the bytes one routed expert is read as. Their shapes as
// library data (tensor inventories, the release config text) stay in
// format/builtinmodels.h.
#include "api/modelconfig.h"
#include "util/status.h"

#include <cstdint>
#include <string>

namespace sluice {

enum class BuiltinModel { KimiK3, KimiLinear };
enum class BuiltinFormat {
    Container, // WASTE v0 as Sluice's converter writes it: trunk per spec 4.3 (Q4G), VQ3R experts
    Release,   // the published safetensors: bf16 trunk (f32 vectors), MXFP4 (K3) or bf16 (KL) experts
};

// "k3" / "kimi-k3" and "kimi-linear" / "kl"; "vq3r" / "container" and
// "mxfp4" / "bf16" / "release". Errors list the accepted names.
Expected<BuiltinModel> parseBuiltinModel(const std::string &name);
Expected<BuiltinFormat> parseBuiltinFormat(const std::string &name);

// Bytes one routed expert occupies as read per use: the VQ3R record
// (4 KiB-padded, spec 4.5) for a container; gate + up + down as released
// (MXFP4 packed nibbles + E8M0 scales, or bf16) for a release.
Expected<uint64_t> expertBytes(const ModelConfig &config, BuiltinFormat format);

} // namespace sluice
