#pragma once
// The configuration files a Kimi release ships beside its shards (spec 1.1,
// 3, 6): config.json (K3's multimodal wrapper with `text_config`,
// `vision_config` and the compressed-tensors `quantization_config`, or
// Kimi-Linear's flat object) and tokenizer_config.json's added tokens.
// config.json goes through the same key -> ModelConfig mapping as a
// container's manifest (parseModelConfigDerivingPrefix), so a release and its
// converted container describe the same model by construction.
#include "format/manifest.h"
#include "api/modelconfig.h"
#include "util/status.h"

#include <cstddef>
#include <string>
#include <vector>

namespace sluice {

struct ReleaseConfig {
    ModelConfig config;            // expertQuant.fmtName "MXFP4" (groupSize 32) or "BF16"
    bool visionConfigured = false; // a vision_config object is present
};

// Parses config.json. A `quantization_config` (under text_config or at the top)
// must be compressed-tensors mxfp4-pack-quantized, 4-bit float groups of 32
// with uint8 (E8M0) scales; without one the experts are BF16.
Expected<ReleaseConfig> parseReleaseConfig(const char *data, size_t size);

// tokenizer_config.json's `added_tokens_decoder` ({"163584": {"content":
// "[BOS]", ...}, ...}) as specials sorted by id; ids must be < vocab.
Expected<std::vector<SpecialToken>> parseAddedTokens(const char *data, size_t size, int vocab);

// The specials as a specials.json text (what the tokenizer reads).
std::string specialsToJson(const std::vector<SpecialToken> &specials);

// For writers of synthetic releases: the release config.json equivalent to a
// container manifest's `config` (K3: the `_outer` wrapper around a
// `text_config`, plus the MXFP4 quantization_config when `mxfp4`; KL: flat).
Expected<std::string> releaseConfigFromManifestConfig(const std::string &manifestConfigJson, bool mxfp4);

// The quantization_config object the K3 release carries (spec 3), as JSON.
std::string mxfp4QuantizationConfigJson();

} // namespace sluice
