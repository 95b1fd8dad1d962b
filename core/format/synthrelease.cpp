// writeSyntheticRelease: the synthetic models of synth.cpp in the layout of
// the published checkpoints, so the release reader, the MXFP4 path and the
// float64 reference can be tested without downloading 1.4 TiB.
#include "format/generationconfig.h"
#include "format/mxfp4pack.h"
#include "format/prng.h"
#include "format/releaseconfig.h"
#include "format/safetensorswriter.h"
#include "format/synth.h"
#include "util/half.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <sys/stat.h>
#include <map>

namespace sluice {

namespace {

bool endsWith(const std::string &s, const char *suffix)
{
    const size_t n = std::strlen(suffix);
    return s.size() >= n && s.compare(s.size() - n, n, suffix) == 0;
}

// The release keeps these in f32 (spec 3); everything else is bf16.
bool releaseKeepsF32(const std::string &name)
{
    return endsWith(name, ".A_log") || endsWith(name, ".dt_bias") || endsWith(name, "_conv1d.weight") ||
           endsWith(name, ".o_norm.weight") || endsWith(name, ".e_score_correction_bias");
}

SafetensorsWriteTensor floatTensor(const std::string &name, std::vector<int64_t> shape, const float *data)
{
    SafetensorsWriteTensor t;
    t.name = name;
    t.shape = std::move(shape);
    size_t n = 1;
    for (int64_t d : t.shape)
        n *= size_t(d);
    if (releaseKeepsF32(name)) {
        t.dtype = SafetensorsDtype::F32;
        t.data.resize(n * 4);
        std::memcpy(t.data.data(), data, n * 4);
    } else {
        t.dtype = SafetensorsDtype::BF16;
        t.data.resize(n * 2);
        for (size_t i = 0; i < n; ++i) {
            const uint16_t b = floatToBf16(data[i]);
            std::memcpy(&t.data[2 * i], &b, 2);
        }
    }
    return t;
}

// The vision tensors the container stores flattened (spec 4.3) have their
// release shapes here; the bytes are the same row-major order.
std::vector<int64_t> releaseShape(const std::string &name, const std::vector<int64_t> &shape, const ModelConfig &c)
{
    const VisionConfig &v = c.vision;
    if (name == "vision_tower.patch_embed.proj.weight")
        return {shape[0], 3, v.patchSize, v.patchSize};
    if (name == "vision_tower.patch_embed.pos_emb.weight")
        return {v.posEmbHeight, v.posEmbWidth, shape[1]};
    return shape;
}

// SynthReleaseOptions::byLayer: a MoE layer's trunk tensors go to its shard
// (1 + its index among the MoE layers), everything else to shard 0.
int byLayerShard(const std::string &name, const ModelConfig &c)
{
    const size_t at = name.find("model.layers.");
    if (at == std::string::npos)
        return 0;
    const int layer = std::atoi(name.c_str() + at + 13);
    return layer >= c.firstKDense && layer < c.nLayers ? 1 + layer - c.firstKDense : 0;
}

std::string shardName(int i, int n)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "model-%05d-of-%05d.safetensors", i + 1, n);
    return buf;
}

} // namespace

Status writeSyntheticRelease(const std::string &dir, const SynthOptions &o, const SynthReleaseOptions &release)
{
    if (release.shards < 1 || release.shards > 64)
        return makeError(ErrorCode::InvalidArgument, "synth --release: 1 to 64 shards");
    auto spec = syntheticModelSpec(o);
    if (!spec)
        return spec.status();
    if (::mkdir(dir.c_str(), 0755) != 0 && errno != EEXIST)
        return makeError(ErrorCode::Io, dir + ": cannot create (" + std::strerror(errno) + ")");
    const ModelConfig &c = spec->config;
    const bool mxfp4 = c.arch == Architecture::KimiK3;
    if (release.byLayer && o.recordBytes > 0)
        return makeError(ErrorCode::InvalidArgument, "synth --release --by-layer: tiny mode only");
    const int nShards = release.byLayer ? 1 + (c.nLayers - c.firstKDense) : release.shards;
    std::vector<std::vector<SafetensorsWriteTensor>> shards(static_cast<size_t>(nShards));
    std::vector<std::pair<std::string, std::string>> weightMap;
    uint64_t totalBytes = 0;
    auto put = [&](int shard, SafetensorsWriteTensor t) {
        totalBytes += t.data.size();
        weightMap.emplace_back(t.name, shardName(shard, nShards));
        shards[size_t(shard)].push_back(std::move(t));
    };

    // Trunk: round robin, so every shard holds pieces of every kind.
    int next = 0;
    SLUICE_TRY(generateSyntheticTrunk(c, o, [&](const std::string &name, const std::vector<int64_t> &shape, const float *data) {
        put(release.byLayer ? byLayerShard(name, c) : next, floatTensor(name, releaseShape(name, shape, c), data));
        next = (next + 1) % nShards;
        return Status::ok();
    }));

    if (o.recordBytes > 0) {
        // Large mode (streaming benchmarks): the shapes of `synth --record-bytes`
        // (K3's 3072 x 3584 experts when the record allows), random MXFP4 codes
        // with scales 2^-9..2^-6 (bf16 random for Kimi-Linear), written shard by
        // shard so no more than one shard is in memory. Expert e of layer L in
        // shard (L + e) % n, each expert's tensors together (as released).
        const char *kinds[3] = {"w1", "w3", "w2"};
        for (int i = 0; i < nShards; ++i) {
            for (int layer = c.firstKDense; layer < c.nLayers; ++layer) {
                for (int e = 0; e < c.nExperts; ++e) {
                    if ((layer + e) % nShards != i)
                        continue;
                    const std::string base = c.tensorPrefix + "model.layers." + std::to_string(layer) +
                                             ".block_sparse_moe.experts." + std::to_string(e) + ".";
                    for (int k : {0, 2, 1}) {
                        SplitMix64 rng(seedFor(o.seed, base + kinds[k]));
                        const int64_t rows = k == 2 ? c.expertInputDim() : c.moeIntermediate;
                        const int64_t cols = k == 2 ? c.moeIntermediate : c.expertInputDim();
                        const std::string name = base + kinds[k];
                        if (!mxfp4) {
                            SafetensorsWriteTensor t{name + ".weight", SafetensorsDtype::BF16, {rows, cols}, {}};
                            t.data.resize(size_t(rows * cols * 2));
                            for (size_t j = 0; j < t.data.size(); j += 2) {
                                const uint16_t b = floatToBf16(float(0.02 * rng.normal()));
                                std::memcpy(&t.data[j], &b, 2);
                            }
                            put(i, std::move(t));
                            continue;
                        }
                        SafetensorsWriteTensor packed{name + ".weight_packed", SafetensorsDtype::U8, {rows, cols / 2}, {}};
                        SafetensorsWriteTensor scale{name + ".weight_scale", SafetensorsDtype::U8, {rows, cols / kMxfp4Group}, {}};
                        packed.data.resize(size_t(rows * cols / 2));
                        for (size_t j = 0; j < packed.data.size(); j += 8) {
                            const uint64_t v = rng.next();
                            std::memcpy(&packed.data[j], &v, std::min<size_t>(8, packed.data.size() - j));
                        }
                        scale.data.resize(size_t(rows * cols / kMxfp4Group));
                        for (uint8_t &b : scale.data)
                            b = uint8_t(118 + rng.next() % 4);
                        put(i, std::move(packed));
                        put(i, std::move(scale));
                    }
                }
            }
            SLUICE_TRY(writeSafetensorsFile(dir + "/" + shardName(i, nShards), shards[size_t(i)]));
            shards[size_t(i)].clear();
            shards[size_t(i)].shrink_to_fit();
        }
    }

    // Experts: expert e of layer L goes to shard (L + e) % n, so each layer is
    // spread over the shards; expert 1 of every layer has its down matrix (w2)
    // in the following shard, so one expert is split across two shards.
    const char *names[3] = {"w1", "w3", "w2"}; // gate, up, down
    for (int layer = c.firstKDense; layer < c.nLayers && o.recordBytes == 0; ++layer) {
        for (int e = 0; e < c.nExperts; ++e) {
            std::vector<float> m[3];
            syntheticExpertWeights(c, o, layer, e, m);
            const std::string base = c.tensorPrefix + "model.layers." + std::to_string(layer) +
                                     ".block_sparse_moe.experts." + std::to_string(e) + ".";
            const int home = release.byLayer ? 1 + layer - c.firstKDense : (layer + e) % nShards;
            // Stored in name order (w1, w2, w3), as safetensors writers do.
            for (int k : {0, 2, 1}) {
                const int shard = (e == 1 && k == 2 && !release.byLayer) ? (home + 1) % nShards : home;
                const int64_t rows = k == 2 ? c.expertInputDim() : c.moeIntermediate;
                const int64_t cols = k == 2 ? c.moeIntermediate : c.expertInputDim();
                const std::string name = base + names[k];
                if (!mxfp4) {
                    SafetensorsWriteTensor t = floatTensor(name + ".weight", {rows, cols}, m[k].data());
                    put(shard, std::move(t));
                    continue;
                }
                SafetensorsWriteTensor packed{name + ".weight_packed", SafetensorsDtype::U8, {rows, cols / 2}, {}};
                SafetensorsWriteTensor scale{name + ".weight_scale", SafetensorsDtype::U8, {rows, cols / kMxfp4Group}, {}};
                packed.data.resize(size_t(rows * cols / 2));
                scale.data.resize(size_t(rows * cols / kMxfp4Group));
                quantizeMxfp4(m[k].data(), size_t(rows), size_t(cols), packed.data.data(), scale.data.data());
                put(shard, std::move(packed));
                put(shard, std::move(scale));
            }
        }
    }

    for (int i = 0; i < nShards && o.recordBytes == 0; ++i)
        SLUICE_TRY(writeSafetensorsFile(dir + "/" + shardName(i, nShards), shards[size_t(i)]));

    auto configJson = releaseConfigFromManifestConfig(spec->configJson, mxfp4);
    if (!configJson)
        return configJson.status();
    SLUICE_TRY(writeFileAtomically(dir + "/config.json", configJson->data(), configJson->size()));
    QJsonObject added;
    for (const SpecialToken &s : spec->specials)
        added.insert(QString::number(s.id), QJsonObject{{QStringLiteral("content"), QString::fromStdString(s.text)},
                                                        {QStringLiteral("special"), true}});
    const QByteArray tokenizerConfig =
        QJsonDocument(QJsonObject{{QStringLiteral("added_tokens_decoder"), added},
                                  {QStringLiteral("tokenizer_class"), QStringLiteral("TikTokenTokenizer")}})
            .toJson();
    SLUICE_TRY(writeFileAtomically(dir + "/tokenizer_config.json", tokenizerConfig.constData(), size_t(tokenizerConfig.size())));
    if (!o.tokenizerModel.empty())
        SLUICE_TRY(writeFileAtomically(dir + "/tiktoken.model", o.tokenizerModel.data(), o.tokenizerModel.size()));
    if (o.demo) {
        const std::string_view gen = demoGenerationConfig();
        SLUICE_TRY(writeFileAtomically(dir + "/" + kGenerationConfigFile, gen.data(), gen.size()));
    }
    // The index last: its presence is what makes the folder a checkpoint.
    return writeSafetensorsIndex(dir, weightMap, totalBytes);
}

} // namespace sluice
