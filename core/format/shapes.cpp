// validateShapes: the shape of every tensor the forward pass reads, derived
// from the config (spec 1.4 for the text model, 7.1 for the vision tower).
// A container whose tensors disagree with its config is refused at open
// instead of reading out of bounds halfway through a token.
#include "format/manifest.h"

#include <unordered_map>

namespace sluice {

namespace {

class ShapeChecker {
public:
    ShapeChecker(const std::vector<TensorInfo> &tensors, std::string prefix) : m_prefix(std::move(prefix))
    {
        for (const TensorInfo &t : tensors)
            m_byName.emplace(t.name, &t);
    }

    const Status &status() const { return m_status; }

    const TensorInfo *find(const std::string &name, bool prefixed = true) const
    {
        auto it = m_byName.find(prefixed ? m_prefix + name : name);
        return it == m_byName.end() ? nullptr : it->second;
    }
    bool has(const std::string &name, bool prefixed = true) const { return find(name, prefixed) != nullptr; }

    // A [rows, cols] matrix (leading dimensions folded into rows).
    const TensorInfo *matrix(const std::string &name, uint64_t rows, uint64_t cols, bool prefixed = true)
    {
        const TensorInfo *t = require(name, prefixed);
        if (t && (t->rows != rows || t->cols != cols))
            fail(SLUICE_ERRT("Error", "%1: shape %2, expected [%3, %4]"), fullName(name, prefixed), shapeText(*t), rows,
                cols);
        return t;
    }
    // A matrix whose row count is free (a rank only the tensor knows), bounded.
    const TensorInfo *matrixAnyRows(const std::string &name, uint64_t cols, uint64_t maxRows)
    {
        const TensorInfo *t = require(name, true);
        if (t && (t->cols != cols || t->rows > maxRows))
            fail(SLUICE_ERRT("Error", "%1: shape %2, expected [r <= %3, %4]"), fullName(name, true), shapeText(*t),
                maxRows, cols);
        return t;
    }
    // A vector (any shape) of exactly n elements.
    void vector(const std::string &name, uint64_t n, bool prefixed = true)
    {
        const TensorInfo *t = require(name, prefixed);
        if (t && t->elements() != n)
            fail(SLUICE_ERRT("Error", "%1: %2 elements %3, expected %4"), fullName(name, prefixed), t->elements(),
                shapeText(*t), n);
    }
    void vectorAtLeast(const std::string &name, uint64_t n, uint64_t max)
    {
        const TensorInfo *t = require(name, true);
        if (t && (t->elements() < n || t->elements() > max))
            fail(SLUICE_ERRT("Error", "%1: %2 elements, expected at least %3"), fullName(name, true), t->elements(), n);
    }

    template<typename... Args> void fail(ErrorTemplate message, const Args &...args)
    {
        if (m_status.isOk())
            m_status = makeError(ErrorCode::Format, message, args...);
    }

private:
    std::string fullName(const std::string &name, bool prefixed) const { return prefixed ? m_prefix + name : name; }

    const TensorInfo *require(const std::string &name, bool prefixed)
    {
        const TensorInfo *t = find(name, prefixed);
        if (!t)
            fail(SLUICE_ERRT("Error", "missing tensor '%1'"), fullName(name, prefixed));
        return t;
    }

    static std::string shapeText(const TensorInfo &t)
    {
        std::string s = "[";
        for (size_t i = 0; i < t.shape.size(); ++i)
            s += (i ? ", " : "") + std::to_string(t.shape[i]);
        return s + "]";
    }

    std::string m_prefix;
    std::unordered_map<std::string, const TensorInfo *> m_byName;
    Status m_status;
};

void checkKda(ShapeChecker &s, ModelConfig &c, const std::string &p)
{
    const uint64_t d = uint64_t(c.hidden), ch = uint64_t(c.kdaChannels());
    for (const char *proj : {"q_proj", "k_proj", "v_proj"})
        s.matrix(p + proj + ".weight", ch, d);
    for (const char *conv : {"q_conv1d", "k_conv1d", "v_conv1d"})
        s.vector(p + conv + ".weight", ch * uint64_t(c.convKernel));
    if (const TensorInfo *fa = s.matrixAnyRows(p + "f_a_proj.weight", d, 4096)) {
        if (c.kdaDecayRank == 0)
            c.kdaDecayRank = int(fa->rows);
        else if (int(fa->rows) != c.kdaDecayRank)
            s.fail(SLUICE_ERRT("Error", "%1%2f_a_proj.weight: rank %3 differs from %4 in earlier layers"),
                c.tensorPrefix, p, fa->rows, c.kdaDecayRank);
        s.matrix(p + "f_b_proj.weight", ch, fa->rows);
    }
    s.matrix(p + "b_proj.weight", uint64_t(c.kdaHeads), d);
    // A_log is stored padded on K3 ([128], first H meaningful): at least H.
    s.vectorAtLeast(p + "A_log", uint64_t(c.kdaHeads), 1u << 20);
    s.vector(p + "dt_bias", ch);
    if (c.kdaFullRankGate) {
        s.matrix(p + "g_proj.weight", ch, d);
    } else if (const TensorInfo *ga = s.matrixAnyRows(p + "g_a_proj.weight", d, 4096)) {
        if (c.kdaGateRank == 0)
            c.kdaGateRank = int(ga->rows);
        else if (int(ga->rows) != c.kdaGateRank)
            s.fail(SLUICE_ERRT("Error", "%1%2g_a_proj.weight: rank differs from earlier layers"), c.tensorPrefix, p);
        s.matrix(p + "g_b_proj.weight", ch, ga->rows);
    }
    s.vector(p + "o_norm.weight", uint64_t(c.kdaHeadDim));
    s.matrix(p + "o_proj.weight", d, ch);
}

void checkMla(ShapeChecker &s, const ModelConfig &c, const std::string &p)
{
    const uint64_t d = uint64_t(c.hidden), heads = uint64_t(c.nHeads);
    const uint64_t qd = uint64_t(c.qHeadDim());
    if (c.qLoraRank > 0) {
        s.matrix(p + "q_a_proj.weight", uint64_t(c.qLoraRank), d);
        s.vector(p + "q_a_layernorm.weight", uint64_t(c.qLoraRank));
        s.matrix(p + "q_b_proj.weight", heads * qd, uint64_t(c.qLoraRank));
    } else {
        s.matrix(p + "q_proj.weight", heads * qd, d);
    }
    s.matrix(p + "kv_a_proj_with_mqa.weight", uint64_t(c.kvLoraRank + c.qkRopeDim), d);
    s.vector(p + "kv_a_layernorm.weight", uint64_t(c.kvLoraRank));
    s.matrix(p + "kv_b_proj.weight", heads * uint64_t(c.qkNopeDim + c.vHeadDim), uint64_t(c.kvLoraRank));
    if (c.mlaOutputGate)
        s.matrix(p + "g_proj.weight", heads * uint64_t(c.vHeadDim), d);
    s.matrix(p + "o_proj.weight", d, heads * uint64_t(c.vHeadDim));
}

void checkVision(ShapeChecker &s, const ModelConfig &c)
{
    const VisionConfig &v = c.vision;
    const uint64_t vh = uint64_t(v.hidden);
    const std::string t = "vision_tower.";
    const uint64_t patchIn = 3 * uint64_t(v.patchSize) * uint64_t(v.patchSize);
    s.matrix(t + "patch_embed.proj.weight", vh, patchIn, false);
    s.matrix(t + "patch_embed.pos_emb.weight", uint64_t(v.posEmbHeight) * uint64_t(v.posEmbWidth), vh, false);
    for (int b = 0; b < v.layers; ++b) {
        const std::string p = t + "encoder.blocks." + std::to_string(b) + ".";
        s.vector(p + "norm0.weight", vh, false);
        s.matrix(p + "wqkv.weight", 3 * uint64_t(v.qkvHidden), vh, false);
        s.matrix(p + "wo.weight", vh, uint64_t(v.qkvHidden), false);
        s.vector(p + "norm1.weight", vh, false);
        s.matrix(p + "mlp.fc0.weight", uint64_t(v.intermediate), vh, false);
        s.matrix(p + "mlp.fc1.weight", vh, uint64_t(v.intermediate), false);
    }
    s.vector(t + "encoder.final_layernorm.weight", vh, false);
    const uint64_t merged = vh * uint64_t(v.mergeH) * uint64_t(v.mergeW);
    s.matrix("mm_projector.proj.0.weight", merged, merged, false);
    s.matrix("mm_projector.proj.2.weight", uint64_t(c.hidden), merged, false);
    s.vector("mm_projector.post_norm.weight", uint64_t(c.hidden), false);
    if (v.textHidden != c.hidden)
        s.fail(SLUICE_ERRT("Error", "vision text_hidden_size %1 differs from hidden_size %2"), v.textHidden, c.hidden);
    if (uint64_t(v.mmHidden) != vh)
        s.fail(SLUICE_ERRT("Error", "vision mm_hidden_size %1 differs from vt_hidden_size"), v.mmHidden);
}

} // namespace

Status validateShapes(ModelConfig &c, const std::vector<TensorInfo> &tensors, const std::string &prefix)
{
    ShapeChecker s(tensors, prefix);
    const uint64_t d = uint64_t(c.hidden);
    c.kdaDecayRank = 0;
    c.kdaGateRank = 0;

    s.matrix("model.embed_tokens.weight", uint64_t(c.vocab), d);
    s.vector("model.norm.weight", d);
    s.matrix("lm_head.weight", uint64_t(c.vocab), d);
    if (c.attnResBlock > 0) {
        s.vector("model.output_attn_res_norm.weight", d);
        s.vector("model.output_attn_res_proj.weight", d);
    }
    for (int layer = 0; layer < c.nLayers && s.status().isOk(); ++layer) {
        const std::string p = "model.layers." + std::to_string(layer) + ".";
        s.vector(p + "input_layernorm.weight", d);
        s.vector(p + "post_attention_layernorm.weight", d);
        if (c.attnResBlock > 0) {
            s.vector(p + "self_attention_res_norm.weight", d);
            s.vector(p + "self_attention_res_proj.weight", d);
            s.vector(p + "mlp_res_norm.weight", d);
            s.vector(p + "mlp_res_proj.weight", d);
        }
        if (c.layerIsKda[size_t(layer)])
            checkKda(s, c, p + "self_attn.");
        else
            checkMla(s, c, p + "self_attn.");

        if (!c.isMoeLayer(layer)) {
            const uint64_t inter = uint64_t(c.intermediate);
            s.matrix(p + "mlp.gate_proj.weight", inter, d);
            s.matrix(p + "mlp.up_proj.weight", inter, d);
            s.matrix(p + "mlp.down_proj.weight", d, inter);
            continue;
        }
        const std::string m = p + "block_sparse_moe.";
        s.matrix(m + "gate.weight", uint64_t(c.nExperts), d);
        s.vector(m + "gate.e_score_correction_bias", uint64_t(c.nExperts));
        if (c.latentDim > 0) {
            const uint64_t lat = uint64_t(c.latentDim);
            s.matrix(m + "routed_expert_down_proj.weight", lat, d);
            if (c.latentNorm)
                s.vector(m + "routed_expert_norm.weight", lat);
            s.matrix(m + "routed_expert_up_proj.weight", d, lat);
        }
        if (c.nSharedExperts > 0) {
            const uint64_t shared = uint64_t(c.nSharedExperts) * uint64_t(c.moeIntermediate);
            s.matrix(m + "shared_experts.gate_proj.weight", shared, d);
            s.matrix(m + "shared_experts.up_proj.weight", shared, d);
            s.matrix(m + "shared_experts.down_proj.weight", d, shared);
        }
    }
    if (c.vision.present && s.status().isOk())
        checkVision(s, c);
    return s.status();
}

} // namespace sluice
