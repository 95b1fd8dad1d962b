#pragma once
// manifest.json of a WASTE v0 container (spec 4.2), parsed as untrusted input:
// every dimension is bounded, every tensor must fit in trunk.bin, and the
// text config may be flattened (K3 converter: `_outer` holds the wrapper) or
// nested (`text_config`, which implies the `language_model.` prefix).
#include "api/modelconfig.h"
#include "api/tensorinfo.h" // TensorInfo
#include "util/status.h"
#include "util/tensorformat.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace sluice {

// One expert bank experts-L{L}.bin.
struct ExpertLayerInfo {
    int layer = -1; // -1: the layer has no bank (dense layer)
    std::string file;
    int experts = 0;
    uint64_t bytes = 0;       // bank file size
    uint64_t recordBytes = 0; // bytes / experts
    int codebookBase = 0;
};

struct SpecialToken {
    int id = 0;
    std::string text;
};

struct Manifest {
    int formatVersion = 0;
    std::string arch; // descriptive "arch" string as written
    std::string tensorPrefix;
    ModelConfig config;
    std::vector<TensorInfo> tensors;
    std::vector<ExpertLayerInfo> expertLayers; // indexed by 0-based layer, size nLayers
    bool visionConfigInManifest = false;       // vision_config found in the config
};

// Hard bounds on manifest values (spec 4.2); anything outside is refused.
struct ManifestLimits {
    static constexpr int maxLayers = 128;
    static constexpr int maxHidden = 1 << 20;
    static constexpr int maxVocab = 1 << 24;
    static constexpr int maxExperts = 65535; // expert ids are u16 in records
    static constexpr int maxTopK = 64;
    static constexpr int maxStages = 8;
    static constexpr int maxVecDim = 64;
    static constexpr int maxEntries = 256;
    static constexpr int maxHeads = 4096;
    static constexpr int maxDim = 1 << 20; // any other width
    static constexpr size_t maxTensors = 1 << 20;
    // A K3 manifest is under 1 MB (~3,500 tensors at ~200 B each); 16 MiB is
    // 20x that and bounds what JSON parsing may allocate before the budget
    // is known (a 100 MB manifest once took 320 MiB RSS at a 20 MB budget).
    static constexpr size_t maxManifestBytes = 16u << 20;
};

// Parses manifest bytes. `trunkBytes` is trunk.bin's size: every tensor must
// lie inside it. Specials and vision.json are applied separately.
Expected<Manifest> parseManifest(const char *data, size_t size, uint64_t trunkBytes);

// Parses a manifest "config" object alone (writers use it to get exactly the
// ModelConfig a reader will see). No tensors, so no shape checks.
Expected<ModelConfig> parseModelConfig(const std::string &configJson, const std::string &tensorPrefix,
                                       const ExpertQuantConfig &quant);

// The same mapping for a config whose prefix follows from its shape (a
// nested `text_config` means "language_model.", flat means ""): the release's
// config.json. `visionConfigured` says whether a vision_config was found.
Expected<ModelConfig> parseModelConfigDerivingPrefix(const std::string &configJson, bool &visionConfigured);

// specials.json: [{"id": int, "text": str}, ...]. Ids must be < vocab.
Expected<std::vector<SpecialToken>> parseSpecials(const char *data, size_t size, int vocab);

// Fills special ids the config did not give (media pad, end of message) from
// the specials list; ids that are still unknown become -1.
void applySpecials(ModelConfig &config, const std::vector<SpecialToken> &specials, bool mediaPadFromConfig);

// vision.json (the vision_config object, optionally with preprocessing
// constants) into `vision`.
Status parseVisionJson(const char *data, size_t size, VisionConfig &vision);

// Expected shapes of every tensor the forward pass reads (spec 1.4, 7.1),
// checked against the manifest; also fills the ranks that only the tensors
// know (kdaDecayRank, kdaGateRank). Vision tensors are checked when
// config.vision.present.
Status validateShapes(ModelConfig &config, const std::vector<TensorInfo> &tensors, const std::string &prefix);
// validateShapes, but a vision tower whose shapes fail is switched off (its
// reason in config.vision.disabledReason) when the text model stands alone.
Status validateShapesOrDisableVision(ModelConfig &config, const std::vector<TensorInfo> &tensors,
                                     const std::string &prefix, const std::string &where);

const char *tensorFormatName(TensorFormat fmt, bool bf16 = false);

} // namespace sluice
