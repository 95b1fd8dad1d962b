// sluice-cli info MODEL [--json]: a container's shape.
#include "command.h"

#include "format/container.h"
#include "format/release.h"
#include "format/releaseexperts.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdio>
#include <map>

namespace {

const char *archName(sluice::Architecture a) { return a == sluice::Architecture::KimiK3 ? "kimi-k3" : "kimi-linear"; }

// A published checkpoint folder (config.json + safetensors shards), as it is.
int releaseInfo(const std::string &model, bool json)
{
    auto opened = sluice::ReleaseCheckpoint::open(model);
    if (!opened) {
        std::fprintf(stderr, "info: %s\n", opened.status().message().c_str());
        return 1;
    }
    const sluice::ReleaseCheckpoint &r = **opened;
    const sluice::ModelConfig &cfg = r.config();
    uint64_t trunkBytes = 0;
    for (const sluice::TensorInfo &t : r.trunkTensors())
        trunkBytes += t.bytes;
    const uint64_t slotBytes = sluice::releaseSlotBytes(r);
    if (json) {
        QJsonObject o{{"kind", "release"},
                      {"description", QString::fromStdString(r.description())},
                      {"architecture", archName(cfg.arch)},
                      {"tensor_prefix", QString::fromStdString(cfg.tensorPrefix)},
                      {"layers", cfg.nLayers},
                      {"moe_layers", cfg.moeLayerCount()},
                      {"hidden", cfg.hidden},
                      {"vocab", cfg.vocab},
                      {"experts", cfg.nExperts},
                      {"top_k", cfg.topK},
                      {"expert_format", QString::fromStdString(cfg.expertQuant.fmtName)},
                      {"expert_bytes", qint64(r.expertBytes())},
                      {"slot_bytes", qint64(slotBytes)},
                      {"shards", qint64(r.safetensors().shards().size())},
                      {"tensors", qint64(r.safetensors().tensors().size())},
                      {"trunk_tensors", qint64(r.trunkTensors().size())},
                      {"trunk_bytes", qint64(trunkBytes)},
                      {"checkpoint_bytes", qint64(r.safetensors().totalBytes())},
                      {"parameters", qint64(r.parameterCount())},
                      {"vision", cfg.vision.present}};
        std::printf("%s", QJsonDocument(o).toJson(QJsonDocument::Indented).constData());
        return 0;
    }
    std::printf("%s\n", r.description().c_str());
    std::printf("  %s, %d layers (%d MoE), hidden %d, vocab %d, prefix '%s'%s\n", archName(cfg.arch), cfg.nLayers,
                cfg.moeLayerCount(), cfg.hidden, cfg.vocab, cfg.tensorPrefix.c_str(), cfg.vision.present ? ", vision" : "");
    std::printf("  experts: %d per layer, top-%d, %s, %llu B each, cache slot %llu B\n", cfg.nExperts, cfg.topK,
                cfg.expertQuant.fmtName.c_str(), (unsigned long long)r.expertBytes(), (unsigned long long)slotBytes);
    std::printf("  %zu shards, %zu tensors (%zu trunk, %.3f GiB bf16/f32), %.3f GiB on disk, %lld parameters\n",
                r.safetensors().shards().size(), r.safetensors().tensors().size(), r.trunkTensors().size(),
                double(trunkBytes) / double(1ull << 30), double(r.safetensors().totalBytes()) / double(1ull << 30),
                (long long)r.parameterCount());
    return 0;
}

int runInfo(const std::vector<std::string> &args)
{
    std::string model;
    bool json = false;
    if (const int exitCode = sluice::cli::parseModelAndJson(args, model, json); exitCode >= 0)
        return exitCode;
    if (!QFile::exists(QString::fromStdString(model + "/manifest.json")) &&
        sluice::ReleaseCheckpoint::looksLikeRelease(model))
        return releaseInfo(model, json);
    auto opened = sluice::Container::open(model);
    if (!opened) {
        std::fprintf(stderr, "info: %s\n", opened.status().message().c_str());
        return 1;
    }
    const sluice::Container &c = **opened;
    const sluice::ModelConfig &cfg = c.config();
    std::map<std::string, std::pair<uint64_t, int>> byFormat; // bytes, tensors
    for (const sluice::TensorInfo &t : c.tensors()) {
        auto &slot = byFormat[sluice::tensorFormatName(t.fmt, t.isBf16)];
        slot.first += t.bytes;
        slot.second += 1;
    }
    int kda = 0;
    for (bool k : cfg.layerIsKda)
        kda += k;
    const sluice::ExpertBank bank = c.expertLayer(cfg.firstKDense);
    if (json) {
        QJsonObject trunk;
        for (const auto &[name, v] : byFormat)
            trunk[QString::fromStdString(name)] = QJsonObject{{"bytes", qint64(v.first)}, {"tensors", v.second}};
        QJsonObject o{{"architecture", archName(cfg.arch)},
                      {"model_type", QString::fromStdString(cfg.modelType)},
                      {"tensor_prefix", QString::fromStdString(cfg.tensorPrefix)},
                      {"layers", cfg.nLayers},
                      {"kda_layers", kda},
                      {"mla_layers", cfg.nLayers - kda},
                      {"moe_layers", cfg.moeLayerCount()},
                      {"hidden", cfg.hidden},
                      {"vocab", cfg.vocab},
                      {"experts", cfg.nExperts},
                      {"top_k", cfg.topK},
                      {"moe_intermediate", cfg.moeIntermediate},
                      {"expert_input", cfg.expertInputDim()},
                      {"shared_experts", cfg.nSharedExperts},
                      {"expert_format", QString::fromStdString(cfg.expertQuant.fmtName)},
                      {"record_bytes", qint64(bank.recordBytes)},
                      {"codebooks", c.codebookCount()},
                      {"trunk_bytes", qint64(c.trunkBytes())},
                      {"trunk", trunk},
                      {"container_bytes", qint64(c.containerBytes())},
                      {"parameters", qint64(c.parameterCount())},
                      {"vision", cfg.vision.present},
                      {"tokenizer", !c.paths().tokenizer.empty()},
                      {"demo", cfg.sluiceDemo}};
        std::printf("%s", QJsonDocument(o).toJson(QJsonDocument::Indented).constData());
        return 0;
    }
    std::printf("container      %s%s\n", model.c_str(), cfg.sluiceDemo ? "  (demo: random weights)" : "");
    std::printf("architecture   %s (prefix \"%s\")\n", archName(cfg.arch), cfg.tensorPrefix.c_str());
    std::printf("layers         %d (%d KDA, %d MLA, %d MoE)\n", cfg.nLayers, kda, cfg.nLayers - kda, cfg.moeLayerCount());
    std::printf("hidden         %d, vocab %d\n", cfg.hidden, cfg.vocab);
    std::printf("experts        %d per layer, top-%d, %d x %d (%s), %d shared\n", cfg.nExperts, cfg.topK,
                cfg.moeIntermediate, cfg.expertInputDim(), cfg.expertQuant.fmtName.c_str(), cfg.nSharedExperts);
    std::printf("record size    %llu bytes (%llu pages)\n", (unsigned long long)bank.recordBytes,
                (unsigned long long)(bank.recordBytes / 4096));
    std::printf("trunk          %llu bytes\n", (unsigned long long)c.trunkBytes());
    for (const auto &[name, v] : byFormat)
        std::printf("  %-12s %llu bytes in %d tensors\n", name.c_str(), (unsigned long long)v.first, v.second);
    std::printf("container size %llu bytes (%.2f GiB)\n", (unsigned long long)c.containerBytes(),
                double(c.containerBytes()) / (1u << 30));
    std::printf("parameters     %lld\n", (long long)c.parameterCount());
    std::printf("vision         %s\n", cfg.vision.present ? "yes" : "no");
    std::printf("tokenizer      %s\n", c.paths().tokenizer.empty() ? "no" : "yes");
    return 0;
}

const sluice::cli::CommandRegistration reg{"info", "Show a container's shape and sizes", runInfo};

} // namespace
