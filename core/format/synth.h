#pragma once
// Synthetic containers: deterministic (own PRNG, seeded per tensor name),
// in the real tensor names and prefixes (spec 1.4, 7.1), for tests, the
// bundled demo and streaming benchmarks. Tiny models are quantised like real
// ones (trunk per spec 4.3, expert codebooks by residual k-means); large
// models use random codebooks and indices and write at disk speed.
#include "format/manifest.h"
#include "api/modelconfig.h"
#include "util/status.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace sluice {

struct SynthOptions {
    Architecture arch = Architecture::KimiK3;
    uint64_t seed = 1;
    int trunkBits = 4;            // 4 (Q4G) or 8 (Q8G) trunk matrices
    std::string expertFmt = "VQ3R"; // VQ3R, VQ2R or VQ4P
    bool withVision = false;      // K3 only: tiny vision tower + vision.json
    bool demo = false;            // manifest "sluice_demo": true (random weights, bundled demo)
    std::string tokenizerModel;   // tokenizer.model bytes; empty = no tokenizer file
    std::string specialsJson;     // specials.json text; empty = built-in names at the Kimi offsets
    // Large mode (streaming benchmarks) when recordBytes > 0: `layers` MoE
    // layers of `experts` records of exactly recordBytes bytes each.
    uint64_t recordBytes = 0;
    int layers = 0;
    int experts = 0;
    int topK = 0;                 // large mode: experts per token (0 = min(4, experts); K3 uses 16)
    // Large mode: shared experts per MoE layer (0 = the default, K3 2, KL 1).
    // Each is three trunk matrices of the expert's width: a large trunk for
    // the trunk-streaming benchmark (issue 13) without touching the records.
    int sharedExperts = 0;
    // Large mode: the vocabulary (0 = the tiny one, 4096): a large lm_head
    // for the lm_head-streaming benchmark (issue 13). Ids past the tiny
    // tokenizer's are not tokens of it; the engine takes them as ids.
    int vocab = 0;
    // Tiny mode experts. By default codebooks are fitted (residual k-means,
    // spec 5.2) once per matrix kind on sampled Gaussian expert rows, varied
    // per layer, and indices are drawn at random: the decoded experts have
    // the designed row scales without the cost of encoding 112 experts
    // (~10 s on a loaded 2-core VM). encodeExperts = true instead generates
    // float experts and encodes them greedily (spec 5.3), as a converter does.
    bool encodeExperts = false;
    int fitVectors = 2048;
    int fitIterations = 10;
    // Called with 0..1 while writing; return false to cancel.
    std::function<bool(double)> progress;
};

// The model the options describe: the manifest config JSON and its parse.
struct SynthModelSpec {
    ModelConfig config;
    std::string configJson;
    std::string visionJson; // empty without vision
    std::vector<SpecialToken> specials;
};
Expected<SynthModelSpec> syntheticModelSpec(const SynthOptions &options);

Status writeSyntheticModel(const std::string &dir, const SynthOptions &options);

// The synthetic float weights themselves, shared by every on-disk layout: each
// trunk (and vision) tensor in writing order, with its full stored name and
// shape as the container stores it, and one routed expert's matrices
// (gate [inter, lat], up [inter, lat], down [lat, inter]).
using SynthTensorSink =
    std::function<Status(const std::string &name, const std::vector<int64_t> &shape, const float *data)>;
Status generateSyntheticTrunk(const ModelConfig &config, const SynthOptions &options, const SynthTensorSink &sink);
void syntheticExpertWeights(const ModelConfig &config, const SynthOptions &options, int layer, int expert,
                            std::vector<float> (&m)[3]);

// The same model in the published checkpoint's layout (spec 1.4, 3): config.json
// (K3 wrapper / flat KL), tokenizer_config.json, tiktoken.model, safetensors
// shards with the real tensor names (bf16 trunk, f32 vectors where the release
// has them, MXFP4 experts for K3, bf16 experts for Kimi-Linear) and the index.
// Shards interleave trunk tensors, a layer's experts are spread over the
// shards and one expert per layer is split across two shards. Tiny mode only.
// With byLayer, the shards are laid out as K3's release keeps a layer
// together: one shard per MoE layer with that layer's trunk tensors and
// experts, after a first shard with everything else (embeddings, dense layers,
// the final norm and head, vision); `shards` is then ignored. Tiny mode only.
struct SynthReleaseOptions {
    int shards = 3;
    bool byLayer = false;
};
Status writeSyntheticRelease(const std::string &dir, const SynthOptions &options,
                             const SynthReleaseOptions &release = {});

} // namespace sluice
