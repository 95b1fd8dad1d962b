#pragma once
// A model's own recommended sampling: Hugging Face's generation_config.json,
// read from a release folder or a container folder that has one (the
// converter copies it into the container). Only the sampling keys are read;
// every other key (eos_token_id, transformers_version, ...) is ignored.
#include "api/types.h"
#include "util/status.h"

#include <string>
#include <string_view>

namespace sluice {

inline constexpr const char *kGenerationConfigFile = "generation_config.json";

// Parses the file's text. Each known key is checked for its type and range;
// one that fails makes the whole file an error (a half-applied
// recommendation is worse than none), named by key. Never throws.
Expected<RecommendedSampling> parseGenerationConfig(std::string_view json);

// The bundled demo's recommended sampling (measured: tools/demo-model/README.md,
// "Sampling"): written by `synth --demo` and committed beside the trained
// demo release (data/demo/sluice-demo-release; tst_demomodel checks the two
// agree).
std::string_view demoGenerationConfig();

// FOLDER/generation_config.json: none -> an empty recommendation; a damaged
// one -> an empty recommendation whose `error` says why (and `source` where).
RecommendedSampling readGenerationConfig(const std::string &folder);

} // namespace sluice
