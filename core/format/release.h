#pragma once
// A published checkpoint folder opened as a model (issue 11): config.json,
// tokenizer_config.json + tiktoken.model, and the safetensors shards. open()
// checks the config, every trunk tensor's shape (the same validateShapes the
// container path uses) and every routed expert's tensors (names, dtypes,
// shapes), so a damaged or incomplete download is refused with the shard and
// tensor named before a token is computed.
#include "format/manifest.h"
#include "api/modelconfig.h"
#include "format/safetensors.h"
#include "util/status.h"

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace sluice {

// The tensors of one routed expert, by kind 0 gate (w1), 1 up (w3), 2 down (w2).
// MXFP4: `weight` is weight_packed (U8 [rows, cols/2]), `scale` weight_scale
// (U8 [rows, cols/32]). BF16: `weight` is the [rows, cols] matrix, `scale` null.
struct ReleaseExpertTensors {
    const SafetensorsTensor *weight[3] = {nullptr, nullptr, nullptr};
    const SafetensorsTensor *scale[3] = {nullptr, nullptr, nullptr};
};

class ReleaseCheckpoint {
public:
    // True when `dir` has config.json and a safetensors index or single file.
    static bool looksLikeRelease(const std::string &dir);
    // What keeps `dir` from being a release folder, said in the terms of what
    // the user gave (no such folder, a file, config.json missing beside the
    // safetensors, the index missing beside config.json, a container, or
    // neither); OK when it looks like one. Messages carry no path: callers
    // prefix the one the user typed.
    static Status checkFolder(const std::string &dir);
    static Expected<std::unique_ptr<ReleaseCheckpoint>> open(const std::string &dir);

    const ModelConfig &config() const { return m_config; }
    const SafetensorsCheckpoint &safetensors() const { return *m_st; }
    const std::vector<SpecialToken> &specials() const { return m_specials; }
    const std::string &tokenizerPath() const { return m_tokenizerPath; } // tiktoken.model, empty if absent
    bool mxfp4Experts() const { return m_config.expertQuant.fmtName == "MXFP4"; }

    // The trunk (every non-expert tensor) as TensorInfo, fmt F16+isBf16 or F32,
    // vision kernels flattened as the container stores them. `offset` is the
    // offset in its shard; shardOf(i) says which.
    const std::vector<TensorInfo> &trunkTensors() const { return m_trunk; }
    const SafetensorsTensor &trunkSource(size_t i) const { return *m_trunkSource[i]; }
    const TensorInfo *findTrunk(const std::string &name) const; // prefix added as for Container::findTensor
    // Reference path: a trunk tensor as f32.
    Expected<std::vector<float>> readTrunkFloat(const TensorInfo &info) const;

    const ReleaseExpertTensors &expert(int layer, int expert) const;
    // Bytes of one expert's tensors as stored (K3: 17,547,264).
    uint64_t expertBytes() const { return m_expertBytes; }
    uint64_t expertTotalBytes() const;
    int64_t parameterCount() const;

    // "Kimi K3 release, MXFP4 experts, not converted".
    std::string description() const;

private:
    ReleaseCheckpoint() = default;
    Status load(const std::string &dir);
    Status checkExperts();

    std::string m_dir;
    ModelConfig m_config;
    std::unique_ptr<SafetensorsCheckpoint> m_st;
    std::vector<SpecialToken> m_specials;
    std::string m_tokenizerPath;
    std::vector<TensorInfo> m_trunk;
    std::vector<const SafetensorsTensor *> m_trunkSource;
    std::unordered_map<std::string, size_t> m_trunkIndex;
    std::vector<ReleaseExpertTensors> m_experts; // [moeLayer * nExperts + e]
    uint64_t m_expertBytes = 0;
};

} // namespace sluice
