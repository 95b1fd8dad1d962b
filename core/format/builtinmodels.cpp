#include "format/builtinmodels.h"

#include "format/expertrecord.h"
#include "format/releaseconfig.h"
#include "format/trunkquant.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cctype>

namespace sluice {

namespace {

QJsonArray layerList(int layers, bool kda, int (*isMla)(int))
{
    QJsonArray out;
    for (int i = 1; i <= layers; ++i)
        if (bool(isMla(i)) != kda)
            out.append(i);
    return out;
}

// 1-based MLA layers (spec 1.2): K3 every 4th up to 92 plus 93; KL every 4th plus 27.
int k3IsMla(int i) { return i % 4 == 0 || i == 93; }
int klIsMla(int i) { return i % 4 == 0 || i == 27; }

// The keys both published Kimi-Linear configs share (K3's text_config and
// Kimi-Linear 48B's config): written once, merged into each model's own.
QJsonObject withKimiLinearCommon(QJsonObject own)
{
    const QJsonObject common{{"architectures", QJsonArray{"KimiLinearForCausalLM"}},
                             {"model_type", "kimi_linear"},
                             {"vocab_size", 163840},
                             {"rms_norm_eps", 1e-5},
                             {"first_k_dense_replace", 1},
                             {"moe_layer_freq", 1},
                             {"moe_router_activation_func", "sigmoid"},
                             {"moe_renormalize", true},
                             {"use_grouped_topk", true},
                             {"num_expert_group", 1},
                             {"topk_group", 1},
                             {"kv_lora_rank", 512},
                             {"qk_nope_head_dim", 128},
                             {"qk_rope_head_dim", 64},
                             {"v_head_dim", 128},
                             {"mla_use_nope", true},
                             {"max_position_embeddings", 1048576},
                             {"num_nextn_predict_layers", 0},
                             {"tie_word_embeddings", false},
                             {"bos_token_id", 163584},
                             {"eos_token_id", 163586}};
    for (auto it = common.begin(); it != common.end(); ++it)
        own.insert(it.key(), it.value());
    return own;
}

QJsonObject k3TextConfig()
{
    QJsonObject lin{{"num_heads", 96},
                    {"head_dim", 128},
                    {"short_conv_kernel_size", 4},
                    {"use_full_rank_gate", true},
                    {"gate_lower_bound", -5.0},
                    {"kda_layers", layerList(93, true, k3IsMla)},
                    {"full_attn_layers", layerList(93, false, k3IsMla)}};
    return withKimiLinearCommon(QJsonObject{{"num_hidden_layers", 93},
                                            {"hidden_size", 7168},
                                            {"intermediate_size", 33792},
                                            {"num_experts", 896},
                                            {"num_experts_per_token", 16},
                                            {"moe_intermediate_size", 3072},
                                            {"num_shared_experts", 2},
                                            {"routed_expert_hidden_size", 3584},
                                            {"latent_moe_use_norm", true},
                                            {"routed_scaling_factor", 1.0},
                                            {"hidden_act", "situ"},
                                            {"activation_situ_beta", 4.0},
                                            {"activation_situ_linear_beta", 25.0},
                                            {"num_attention_heads", 96},
                                            {"num_key_value_heads", 96},
                                            {"q_lora_rank", 1536},
                                            {"mla_use_output_gate", true},
                                            {"attn_res_block_size", 12},
                                            {"linear_attn_config", lin}});
}

QJsonObject k3VisionConfig()
{
    return QJsonObject{{"patch_size", 14},
                       {"vt_hidden_size", 1024},
                       {"vt_num_hidden_layers", 27},
                       {"vt_num_attention_heads", 12},
                       {"qkv_hidden_size", 1536},
                       {"vt_intermediate_size", 4096},
                       {"init_pos_emb_height", 64},
                       {"init_pos_emb_width", 64},
                       {"init_pos_emb_time", 4},
                       {"pos_emb_type", "divided_fixed"},
                       {"merge_kernel_size", QJsonArray{2, 2}},
                       {"merge_type", "sd2_tpool"},
                       {"mm_projector_type", "patchmergerv2"},
                       {"mm_hidden_size", 1024},
                       {"projector_hidden_act", "gelu"},
                       {"projector_ln_eps", 1e-5},
                       {"activation_func", "gelu_pytorch_tanh"},
                       {"norm_type", "rmsnorm"},
                       {"text_hidden_size", 7168}};
}

QJsonObject klConfig()
{
    QJsonObject lin{{"num_heads", 32},
                    {"head_dim", 128},
                    {"short_conv_kernel_size", 4},
                    {"kda_layers", layerList(27, true, klIsMla)},
                    {"full_attn_layers", layerList(27, false, klIsMla)}};
    return withKimiLinearCommon(QJsonObject{{"num_hidden_layers", 27},
                                            {"hidden_size", 2304},
                                            {"intermediate_size", 9216},
                                            {"num_experts", 256},
                                            {"num_experts_per_token", 8},
                                            {"moe_intermediate_size", 1024},
                                            {"num_shared_experts", 1},
                                            {"routed_scaling_factor", 2.446},
                                            {"hidden_act", "silu"},
                                            {"num_attention_heads", 32},
                                            {"num_key_value_heads", 32},
                                            {"q_lora_rank", QJsonValue::Null},
                                            {"linear_attn_config", lin}});
}

// The release stores these f32 (spec 3); everything else bf16.
bool releaseIsF32(const std::string &name)
{
    auto endsWith = [&](const char *suffix) {
        const std::string s(suffix);
        return name.size() >= s.size() && name.compare(name.size() - s.size(), s.size(), s) == 0;
    };
    return endsWith("A_log") || endsWith("dt_bias") || endsWith("_conv1d.weight") || endsWith("o_norm.weight") ||
           endsWith("e_score_correction_bias");
}

class Inventory {
public:
    Inventory(const ModelConfig &c, const InventoryOptions &o) : m_c(c), m_o(o) {}

    void add(const std::string &name, std::vector<int64_t> shape, bool prefixed = true)
    {
        TensorInfo t;
        t.name = prefixed ? m_c.tensorPrefix + name : name;
        t.shape = std::move(shape);
        t.rows = 1;
        for (size_t i = 0; i + 1 < t.shape.size(); ++i)
            t.rows *= uint64_t(t.shape[i]);
        t.cols = uint64_t(t.shape.back());
        if (m_o.format == BuiltinFormat::Container) {
            // ContainerWriter::chooseFormat's rule, threshold included.
            const uint64_t n = t.rows * t.cols;
            const uint64_t scaled = n >= m_o.minQuantElements ? std::max<uint64_t>(n, 65536) : 0;
            t.fmt = defaultTrunkFormat(t.name.c_str(), t.shape.size(), scaled, m_o.trunkBits);
        } else {
            t.fmt = releaseIsF32(t.name) ? TensorFormat::F32 : TensorFormat::F16;
            t.isBf16 = t.fmt == TensorFormat::F16;
        }
        t.bytes = t.payloadBytes() + t.scaleBytes();
        m_out.push_back(std::move(t));
    }
    void glu(const std::string &p, int64_t width, int64_t in)
    {
        add(p + "gate_proj.weight", {width, in});
        add(p + "up_proj.weight", {width, in});
        add(p + "down_proj.weight", {in, width});
    }

    std::vector<TensorInfo> build()
    {
        const int64_t d = m_c.hidden, ch = m_c.kdaChannels(), heads = m_c.nHeads;
        add("model.embed_tokens.weight", {m_c.vocab, d});
        for (int layer = 0; layer < m_c.nLayers; ++layer) {
            const std::string p = "model.layers." + std::to_string(layer) + ".";
            add(p + "input_layernorm.weight", {d});
            add(p + "post_attention_layernorm.weight", {d});
            if (m_c.attnResBlock > 0) {
                add(p + "self_attention_res_norm.weight", {d});
                add(p + "self_attention_res_proj.weight", {1, d});
                add(p + "mlp_res_norm.weight", {d});
                add(p + "mlp_res_proj.weight", {1, d});
            }
            const std::string a = p + "self_attn.";
            if (layer < int(m_c.layerIsKda.size()) && m_c.layerIsKda[size_t(layer)]) {
                for (const char *n : {"q_proj", "k_proj", "v_proj"})
                    add(a + n + ".weight", {ch, d});
                for (const char *n : {"q_conv1d", "k_conv1d", "v_conv1d"})
                    add(a + n + ".weight", {ch, 1, m_c.convKernel});
                add(a + "f_a_proj.weight", {m_c.kdaHeadDim, d});
                add(a + "f_b_proj.weight", {ch, m_c.kdaHeadDim});
                add(a + "b_proj.weight", {m_c.kdaHeads, d});
                // K3 pads A_log to 128 entries for 96 heads (spec 1.4); KL stores one per head.
                const int aLog = m_o.aLogEntries > 0 ? m_o.aLogEntries
                                                     : (m_c.arch == Architecture::KimiK3 ? std::max(128, m_c.kdaHeads)
                                                                                         : m_c.kdaHeads);
                add(a + "A_log", {aLog});
                add(a + "dt_bias", {ch});
                if (m_c.kdaFullRankGate) {
                    add(a + "g_proj.weight", {ch, d});
                } else {
                    // The published Kimi-Linear's gate rank equals its head dim (128); a config read
                    // from a container knows the stored rank.
                    const int64_t rank = m_c.kdaGateRank > 0 ? m_c.kdaGateRank : m_c.kdaHeadDim;
                    add(a + "g_a_proj.weight", {rank, d});
                    add(a + "g_b_proj.weight", {ch, rank});
                }
                add(a + "o_norm.weight", {m_c.kdaHeadDim});
                add(a + "o_proj.weight", {d, ch});
            } else {
                const int64_t qd = m_c.qHeadDim();
                if (m_c.qLoraRank > 0) {
                    add(a + "q_a_proj.weight", {m_c.qLoraRank, d});
                    add(a + "q_a_layernorm.weight", {m_c.qLoraRank});
                    add(a + "q_b_proj.weight", {heads * qd, m_c.qLoraRank});
                } else {
                    add(a + "q_proj.weight", {heads * qd, d});
                }
                add(a + "kv_a_proj_with_mqa.weight", {m_c.kvLoraRank + m_c.qkRopeDim, d});
                add(a + "kv_a_layernorm.weight", {m_c.kvLoraRank});
                add(a + "kv_b_proj.weight", {heads * (m_c.qkNopeDim + m_c.vHeadDim), m_c.kvLoraRank});
                if (m_c.mlaOutputGate)
                    add(a + "g_proj.weight", {heads * m_c.vHeadDim, d});
                add(a + "o_proj.weight", {d, heads * m_c.vHeadDim});
            }
            if (!m_c.isMoeLayer(layer)) {
                glu(p + "mlp.", m_c.intermediate, d);
                continue;
            }
            const std::string m = p + "block_sparse_moe.";
            add(m + "gate.weight", {m_c.nExperts, d});
            add(m + "gate.e_score_correction_bias", {m_c.nExperts});
            if (m_c.latentDim > 0) {
                add(m + "routed_expert_down_proj.weight", {m_c.latentDim, d});
                if (m_c.latentNorm)
                    add(m + "routed_expert_norm.weight", {m_c.latentDim});
                add(m + "routed_expert_up_proj.weight", {d, m_c.latentDim});
            }
            if (m_c.nSharedExperts > 0)
                glu(m + "shared_experts.", int64_t(m_c.nSharedExperts) * m_c.moeIntermediate, d);
        }
        add("model.norm.weight", {d});
        if (m_c.attnResBlock > 0) {
            add("model.output_attn_res_norm.weight", {d});
            add("model.output_attn_res_proj.weight", {1, d});
        }
        add("lm_head.weight", {m_c.vocab, d});
        if (m_c.vision.present)
            vision();
        return std::move(m_out);
    }

private:
    void vision()
    {
        const VisionConfig &v = m_c.vision;
        const int64_t vh = v.hidden;
        const std::string t = "vision_tower.";
        // Flattened as the converter re-stores them (spec 4.3): [vh, 3*p*p] and [H*W, vh].
        add(t + "patch_embed.proj.weight", {vh, 3 * int64_t(v.patchSize) * v.patchSize}, false);
        add(t + "patch_embed.pos_emb.weight", {int64_t(v.posEmbHeight) * v.posEmbWidth, vh}, false);
        for (int b = 0; b < v.layers; ++b) {
            const std::string p = t + "encoder.blocks." + std::to_string(b) + ".";
            add(p + "norm0.weight", {vh}, false);
            add(p + "wqkv.weight", {3 * int64_t(v.qkvHidden), vh}, false);
            add(p + "wo.weight", {vh, v.qkvHidden}, false);
            add(p + "norm1.weight", {vh}, false);
            add(p + "mlp.fc0.weight", {v.intermediate, vh}, false);
            add(p + "mlp.fc1.weight", {vh, v.intermediate}, false);
        }
        add(t + "encoder.final_layernorm.weight", {vh}, false);
        const int64_t merged = vh * v.mergeH * v.mergeW;
        add("mm_projector.proj.0.weight", {merged, merged}, false);
        add("mm_projector.proj.2.weight", {m_c.hidden, merged}, false);
        add("mm_projector.post_norm.weight", {m_c.hidden}, false);
    }

    const ModelConfig &m_c;
    const InventoryOptions &m_o;
    std::vector<TensorInfo> m_out;
};

std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return s;
}

} // namespace

std::vector<TensorInfo> tensorInventory(const ModelConfig &config, const InventoryOptions &options)
{
    return Inventory(config, options).build();
}

Expected<uint64_t> expertBytes(const ModelConfig &c, BuiltinFormat format)
{
    const uint64_t inter = uint64_t(c.moeIntermediate), in = uint64_t(c.expertInputDim());
    if (inter == 0 || in == 0)
        return makeError(
            ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "expert size: the model has no routed experts"));
    if (format == BuiltinFormat::Container) {
        ModelConfig vq = c;
        vq.expertQuant = ExpertQuantConfig{}; // VQ3R, the converter's default
        const ExpertLayout l = makeExpertLayout(vq, 0, c.moeLayerCount() * vq.expertQuant.stages * 3);
        return l.recordBytes;
    }
    // Release: gate [inter, in], up [inter, in], down [in, inter].
    const uint64_t elements = 3 * inter * in;
    if (c.expertQuant.fmtName == "MXFP4") {
        if (in % 32 != 0 || inter % 32 != 0)
            return makeError(
                ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "MXFP4 experts need widths that are multiples of 32"));
        return elements / 2 + elements / 32; // packed nibbles + one E8M0 byte per 32
    }
    return elements * 2; // bf16
}

std::string builtinReleaseConfigJson(BuiltinModel model)
{
    QJsonObject root;
    if (model == BuiltinModel::KimiK3) {
        QJsonObject text = k3TextConfig();
        text["quantization_config"] = QJsonDocument::fromJson(QByteArray::fromStdString(mxfp4QuantizationConfigJson())).object();
        root = QJsonObject{{"architectures", QJsonArray{"KimiK3ForConditionalGeneration"}},
                           {"model_type", "kimi_k3"},
                           {"bos_token_id", 163584},
                           {"eos_token_id", 163586},
                           {"pad_token_id", 163839},
                           {"media_placeholder_token_id", 163605},
                           {"image_placeholder", "<|kimi_image_placeholder|>"},
                           {"tie_word_embeddings", false},
                           {"vision_config", k3VisionConfig()},
                           {"text_config", text}};
    } else {
        root = klConfig();
    }
    return QJsonDocument(root).toJson(QJsonDocument::Compact).toStdString();
}

Expected<BuiltinShape> builtinShape(BuiltinModel model, BuiltinFormat format)
{
    const std::string json = builtinReleaseConfigJson(model);
    auto release = parseReleaseConfig(json.data(), json.size());
    if (!release)
        return release.status().withContext("built-in model config");
    BuiltinShape s;
    s.model = model;
    s.format = format;
    s.config = std::move(release->config);
    // A release's tower is there when configured (a container also needs its tensors: they are in the inventory).
    s.config.vision.present = release->visionConfigured;
    if (format == BuiltinFormat::Container)
        s.config.expertQuant = ExpertQuantConfig{};
    const bool k3 = model == BuiltinModel::KimiK3;
    s.name = std::string(k3 ? "Kimi K3" : "Kimi-Linear 48B") +
             (format == BuiltinFormat::Container ? " (VQ3R container)"
                                                 : (k3 ? " (release: bf16 trunk, MXFP4 experts)" : " (release: bf16)"));
    InventoryOptions io;
    io.format = format;
    s.tensors = tensorInventory(s.config, io);
    auto record = expertBytes(s.config, format);
    if (!record)
        return record.status();
    s.recordBytes = *record;
    s.expertTotalBytes = s.recordBytes * uint64_t(s.config.moeLayerCount()) * uint64_t(s.config.nExperts);
    s.diskBytes = s.expertTotalBytes;
    for (const TensorInfo &t : s.tensors)
        s.diskBytes += t.bytes;
    return s;
}

Expected<BuiltinModel> parseBuiltinModel(const std::string &name)
{
    const std::string n = lower(name);
    if (n == "k3" || n == "kimi-k3")
        return BuiltinModel::KimiK3;
    if (n == "kimi-linear" || n == "kl" || n == "kimi-linear-48b")
        return BuiltinModel::KimiLinear;
    return makeError(
        ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "unknown model '%1' (built in: k3, kimi-linear)"), name);
}

Expected<BuiltinFormat> parseBuiltinFormat(const std::string &name)
{
    const std::string n = lower(name);
    if (n == "vq3r" || n == "container" || n == "waste")
        return BuiltinFormat::Container;
    if (n == "mxfp4" || n == "bf16" || n == "release")
        return BuiltinFormat::Release;
    return makeError(ErrorCode::InvalidArgument,
        SLUICE_ERRT("Error",
            "unknown format '%1' (vq3r = converted container, mxfp4 = the release checkpoint; bf16 is Kimi-Linear's "
            "release)"),
        name);
}

} // namespace sluice
