// sluice-cli info MODEL [--json]: a container's or a release folder's shape
// (api/inspect.h inspectModel: nothing is loaded).
#include "command.h"

#include "api/inspect.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdio>
#include <map>
#include <optional>
#include <vector>

namespace {

const char *archName(sluice::Architecture a) { return a == sluice::Architecture::KimiK3 ? "kimi-k3" : "kimi-linear"; }

// The model's recommended sampling (generation_config.json), as run, chat,
// serve and the app apply it where the user sets nothing: each field with
// its JSON key and the option that overrides it.
struct SamplingField {
    const char *key;
    const char *option;
    std::optional<double> value;
};

std::vector<SamplingField> samplingFields(const sluice::RecommendedSampling &r)
{
    const auto d = [](const auto &v) { return v ? std::optional<double>(double(*v)) : std::nullopt; };
    return { { "temperature", "temperature", d(r.temperature) }, { "top_p", "top-p", d(r.topP) },
        { "top_k", "top-k", d(r.topK) }, { "repetition_penalty", "repeat-penalty", d(r.repeatPenalty) },
        { "presence_penalty", "presence-penalty", d(r.presencePenalty) },
        { "frequency_penalty", "frequency-penalty", d(r.frequencyPenalty) },
        { "max_new_tokens", "max-tokens", d(r.maxTokens) }, { "penalty_window", "penalty-window", d(r.penaltyWindow) },
        { "loop_stop", "loop-stop", d(r.loopStop) } };
}

QJsonObject samplingJson(const sluice::RecommendedSampling &r)
{
    QJsonObject o;
    for (const SamplingField &f : samplingFields(r))
        if (f.value)
            o.insert(f.key, *f.value);
    if (!r.source.empty())
        o.insert("source", QString::fromStdString(r.source));
    if (!r.error.empty())
        o.insert("error", QString::fromStdString(r.error));
    return o;
}

void printSampling(const char *label, const sluice::RecommendedSampling &r)
{
    if (!r.error.empty()) {
        std::printf("%s not used: %s\n", label, r.error.c_str());
        return;
    }
    if (r.empty()) {
        std::printf("%s none (the engine's defaults)\n", label);
        return;
    }
    std::string line;
    for (const SamplingField &f : samplingFields(r)) {
        if (!f.value)
            continue;
        char value[32];
        std::snprintf(value, sizeof value, "%g", *f.value);
        line += std::string(line.empty() ? "" : ", ") + f.option + " " + value;
    }
    std::printf("%s %s\n", label, line.c_str());
}

// A published checkpoint folder (config.json + safetensors shards), as it is.
int releaseInfo(const sluice::ModelSummary &r, bool json)
{
    const sluice::ModelConfig &cfg = r.config;
    if (json) {
        QJsonObject o{{"kind", "release"},
                      {"description", QString::fromStdString(r.description)},
                      {"architecture", archName(cfg.arch)},
                      {"tensor_prefix", QString::fromStdString(cfg.tensorPrefix)},
                      {"layers", cfg.nLayers},
                      {"moe_layers", cfg.moeLayerCount()},
                      {"hidden", cfg.hidden},
                      {"vocab", cfg.vocab},
                      {"experts", cfg.nExperts},
                      {"top_k", cfg.topK},
                      {"expert_format", QString::fromStdString(cfg.expertQuant.fmtName)},
                      {"expert_bytes", qint64(r.expertBytes)},
                      {"slot_bytes", qint64(r.recordBytes)},
                      {"shards", r.shards},
                      {"tensors", r.tensors},
                      {"trunk_tensors", r.trunkTensors},
                      {"trunk_bytes", qint64(r.trunkBytes)},
                      {"checkpoint_bytes", qint64(r.diskBytes)},
                      {"parameters", qint64(r.parameters)},
                      {"vision", cfg.vision.present},
                      {"recommended_sampling", samplingJson(r.recommendedSampling)}};
        std::printf("%s", QJsonDocument(o).toJson(QJsonDocument::Indented).constData());
        return 0;
    }
    std::printf("%s\n", r.description.c_str());
    std::printf("  %s, %d layers (%d MoE), hidden %d, vocab %d, prefix '%s'%s\n", archName(cfg.arch), cfg.nLayers,
                cfg.moeLayerCount(), cfg.hidden, cfg.vocab, cfg.tensorPrefix.c_str(), cfg.vision.present ? ", vision" : "");
    std::printf("  experts: %d per layer, top-%d, %s, %llu B each, cache slot %llu B\n", cfg.nExperts, cfg.topK,
                cfg.expertQuant.fmtName.c_str(), (unsigned long long)r.expertBytes, (unsigned long long)r.recordBytes);
    std::printf("  %d shards, %d tensors (%d trunk, %.3f GiB bf16/f32), %.3f GiB on disk, %lld parameters\n", r.shards,
                r.tensors, r.trunkTensors, double(r.trunkBytes) / double(1ull << 30),
                double(r.diskBytes) / double(1ull << 30), (long long)r.parameters);
    printSampling("  sampling:", r.recommendedSampling);
    return 0;
}

void printContainerJson(const sluice::ModelSummary &c, int kda)
{
    const sluice::ModelConfig &cfg = c.config;
    QJsonObject trunk;
    for (const sluice::ModelSummary::TrunkFormat &f : c.trunk)
        trunk[QString::fromStdString(f.format)] = QJsonObject{{"bytes", qint64(f.bytes)}, {"tensors", f.tensors}};
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
                  {"experts_per_token_range", QJsonArray{1, cfg.topK}},
                  {"moe_intermediate", cfg.moeIntermediate},
                  {"expert_input", cfg.expertInputDim()},
                  {"shared_experts", cfg.nSharedExperts},
                  {"expert_format", QString::fromStdString(cfg.expertQuant.fmtName)},
                  {"record_bytes", qint64(c.recordBytes)},
                  {"codebooks", c.codebooks},
                  {"trunk_bytes", qint64(c.trunkBytes)},
                  {"trunk", trunk},
                  {"container_bytes", qint64(c.diskBytes)},
                  {"parameters", qint64(c.parameters)},
                  {"vision", cfg.vision.present},
                  {"vision_error", QString::fromStdString(cfg.vision.disabledReason)},
                  {"tokenizer", c.hasTokenizer},
                  {"tokenizer_error", QString::fromStdString(c.tokenizerError)},
                  {"recommended_sampling", samplingJson(c.recommendedSampling)},
                  {"demo", cfg.sluiceDemo},
                  {"demo_weights", QString::fromStdString(cfg.sluiceDemo ? (cfg.sluiceDemoWeights.empty() ? std::string("random") : cfg.sluiceDemoWeights) : std::string())}};
    std::printf("%s", QJsonDocument(o).toJson(QJsonDocument::Indented).constData());
}

void printContainer(const std::string &model, const sluice::ModelSummary &c, int kda)
{
    const sluice::ModelConfig &cfg = c.config;
    const std::string demo = !cfg.sluiceDemo                  ? std::string()
                             : cfg.sluiceDemoWeights.empty() ? std::string("  (demo: random weights)")
                                                             : "  (demo: " + cfg.sluiceDemoWeights + ")";
    std::printf("container      %s%s\n", model.c_str(), demo.c_str());
    std::printf("architecture   %s (prefix \"%s\")\n", archName(cfg.arch), cfg.tensorPrefix.c_str());
    std::printf("layers         %d (%d KDA, %d MLA, %d MoE)\n", cfg.nLayers, kda, cfg.nLayers - kda, cfg.moeLayerCount());
    std::printf("hidden         %d, vocab %d\n", cfg.hidden, cfg.vocab);
    std::printf("experts        %d per layer, top-%d, %d x %d (%s), %d shared\n", cfg.nExperts, cfg.topK,
                cfg.moeIntermediate, cfg.expertInputDim(), cfg.expertQuant.fmtName.c_str(), cfg.nSharedExperts);
    std::printf("experts/token  %d, the model's own (--experts-per-token 1..%d on run, chat, serve, bench and plan\n"
                "               routes fewer: faster, at a quality cost; docs/model.md)\n", cfg.topK, cfg.topK);
    std::printf("record size    %llu bytes (%llu pages)\n", (unsigned long long)c.recordBytes,
                (unsigned long long)(c.recordBytes / 4096));
    std::printf("trunk          %llu bytes\n", (unsigned long long)c.trunkBytes);
    for (const sluice::ModelSummary::TrunkFormat &f : c.trunk)
        std::printf("  %-12s %llu bytes in %d tensors\n", f.format.c_str(), (unsigned long long)f.bytes, f.tensors);
    std::printf("container size %llu bytes (%.2f GiB)\n", (unsigned long long)c.diskBytes,
                double(c.diskBytes) / (1u << 30));
    std::printf("parameters     %lld\n", (long long)c.parameters);
    if (cfg.vision.disabledReason.empty())
        std::printf("vision         %s\n", cfg.vision.present ? "yes" : "no");
    else
        std::printf("vision         off: %s\n", cfg.vision.disabledReason.c_str());
    if (c.tokenizerError.empty())
        std::printf("tokenizer      %s\n", c.hasTokenizer ? "yes" : "no");
    else
        std::printf("tokenizer      no: %s\n", c.tokenizerError.c_str());
    printSampling("sampling      ", c.recommendedSampling);
}

int runInfo(const std::vector<std::string> &args)
{
    std::string model;
    bool json = false;
    if (const int exitCode = sluice::cli::parseModelAndJson(args, model, json); exitCode >= 0)
        return exitCode;
    auto summary = sluice::inspectModel(model);
    if (!summary) {
        std::fprintf(stderr, "info: %s\n", summary.status().message().c_str());
        return 1;
    }
    const sluice::ModelSummary &c = *summary;
    if (c.release)
        return releaseInfo(c, json);
    const sluice::ModelConfig &cfg = c.config;
    int kda = 0;
    for (bool k : cfg.layerIsKda)
        kda += k;
    if (json)
        printContainerJson(c, kda);
    else
        printContainer(model, c, kda);
    return 0;
}

const sluice::cli::CommandRegistration infoCommand{"info", "Show a container's shape and sizes", runInfo};

} // namespace
