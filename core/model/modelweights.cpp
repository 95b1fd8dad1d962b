#include "model/modelweights.h"

#include "kernels/matvec.h"

#include <optional>

namespace sluice::model {

namespace {

struct Binder {
    const TensorLookup &lookup;
    Status status;

    // The tensor, or nullopt with `status` set (the first error is kept).
    std::optional<TrunkMatrixView> find(const std::string &name)
    {
        if (!status.isOk())
            return std::nullopt;
        auto v = lookup(name);
        if (!v) {
            status = v.status();
            return std::nullopt;
        }
        return *v;
    }

    TrunkMatrixView mat(const std::string &name, size_t rows, size_t cols)
    {
        const auto v = find(name);
        if (!v)
            return {};
        if (v->rows != rows || v->cols != cols) {
            status = makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1: shape [%2, %3], expected [%4, %5]"), name,
                v->rows, v->cols, rows, cols);
            return {};
        }
        return *v;
    }

    // A 1-D (or flattened) tensor of at least `minCount` elements, as f32;
    // `take` elements are kept (0 = all).
    Vec vec(const std::string &name, size_t minCount, size_t take = 0)
    {
        const auto v = find(name);
        if (!v)
            return {};
        const size_t n = v->rows * v->cols;
        if (n < minCount || (take == 0 && n != minCount)) {
            status
                = makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1: %2 elements, expected %3"), name, n, minCount);
            return {};
        }
        Vec out(n);
        for (size_t r = 0; r < v->rows; ++r)
            kernels::dequantizeRow(*v, r, out.data() + r * v->cols);
        if (take)
            out.resize(take);
        return out;
    }
};

// The tensors of one layer kind each, in the order the container is checked
// (the first missing or misshapen tensor is the error).
void bindKda(Binder &b, const ModelConfig &cfg, const std::string &a, KdaWeights &k)
{
    const size_t d = size_t(cfg.hidden);
    const size_t C = size_t(cfg.kdaChannels());
    const size_t H = size_t(cfg.kdaHeads);
    const size_t D = size_t(cfg.kdaHeadDim);
    const size_t K = size_t(cfg.convKernel);
    k.q = b.mat(a + "q_proj.weight", C, d);
    k.k = b.mat(a + "k_proj.weight", C, d);
    k.v = b.mat(a + "v_proj.weight", C, d);
    k.qConv = b.vec(a + "q_conv1d.weight", C * K);
    k.kConv = b.vec(a + "k_conv1d.weight", C * K);
    k.vConv = b.vec(a + "v_conv1d.weight", C * K);
    const size_t rank = cfg.kdaDecayRank > 0 ? size_t(cfg.kdaDecayRank) : 0;
    if (b.status.isOk()) {
        auto fa = b.lookup(a + "f_a_proj.weight");
        const size_t r = fa ? fa->rows : rank;
        k.fa = b.mat(a + "f_a_proj.weight", r, d);
        k.fb = b.mat(a + "f_b_proj.weight", C, r);
    }
    k.b = b.mat(a + "b_proj.weight", H, d);
    k.aLog = b.vec(a + "A_log", H, H);
    k.dtBias = b.vec(a + "dt_bias", C);
    k.oNorm = b.vec(a + "o_norm.weight", D);
    if (cfg.kdaFullRankGate) {
        k.g = b.mat(a + "g_proj.weight", C, d);
    } else if (b.status.isOk()) {
        auto ga = b.lookup(a + "g_a_proj.weight");
        const size_t r = ga ? ga->rows : size_t(cfg.kdaGateRank);
        k.ga = b.mat(a + "g_a_proj.weight", r, d);
        k.gb = b.mat(a + "g_b_proj.weight", C, r);
    }
    k.o = b.mat(a + "o_proj.weight", d, C);
}

void bindMla(Binder &b, const ModelConfig &cfg, const std::string &a, MlaWeights &m)
{
    const size_t d = size_t(cfg.hidden);
    const size_t nh = size_t(cfg.nHeads);
    const size_t qd = size_t(cfg.qHeadDim());
    if (cfg.qLoraRank > 0) {
        m.qa = b.mat(a + "q_a_proj.weight", size_t(cfg.qLoraRank), d);
        m.qaNorm = b.vec(a + "q_a_layernorm.weight", size_t(cfg.qLoraRank));
        m.qb = b.mat(a + "q_b_proj.weight", nh * qd, size_t(cfg.qLoraRank));
    } else {
        m.q = b.mat(a + "q_proj.weight", nh * qd, d);
    }
    m.kva = b.mat(a + "kv_a_proj_with_mqa.weight", size_t(cfg.kvLoraRank + cfg.qkRopeDim), d);
    m.kvaNorm = b.vec(a + "kv_a_layernorm.weight", size_t(cfg.kvLoraRank));
    m.kvb = b.mat(a + "kv_b_proj.weight", nh * size_t(cfg.qkNopeDim + cfg.vHeadDim), size_t(cfg.kvLoraRank));
    if (cfg.mlaOutputGate)
        m.g = b.mat(a + "g_proj.weight", nh * size_t(cfg.vHeadDim), d);
    m.o = b.mat(a + "o_proj.weight", d, nh * size_t(cfg.vHeadDim));
}

void bindDense(Binder &b, const ModelConfig &cfg, const std::string &p, FfnWeights &f)
{
    const size_t d = size_t(cfg.hidden);
    const size_t I = size_t(cfg.intermediate);
    f.gate = b.mat(p + "mlp.gate_proj.weight", I, d);
    f.up = b.mat(p + "mlp.up_proj.weight", I, d);
    f.down = b.mat(p + "mlp.down_proj.weight", d, I);
}

void bindMoe(Binder &b, const ModelConfig &cfg, const std::string &m, MoeWeights &moe)
{
    const size_t d = size_t(cfg.hidden);
    moe.router = b.mat(m + "gate.weight", size_t(cfg.nExperts), d);
    moe.bias = b.vec(m + "gate.e_score_correction_bias", size_t(cfg.nExperts));
    if (cfg.latentDim > 0) {
        moe.latentDown = b.mat(m + "routed_expert_down_proj.weight", size_t(cfg.latentDim), d);
        moe.latentUp = b.mat(m + "routed_expert_up_proj.weight", d, size_t(cfg.latentDim));
        if (cfg.latentNorm)
            moe.latentNorm = b.vec(m + "routed_expert_norm.weight", size_t(cfg.latentDim));
    }
    moe.hasShared = cfg.nSharedExperts > 0;
    if (moe.hasShared) {
        const size_t S = size_t(cfg.nSharedExperts) * size_t(cfg.moeIntermediate);
        moe.shared.gate = b.mat(m + "shared_experts.gate_proj.weight", S, d);
        moe.shared.up = b.mat(m + "shared_experts.up_proj.weight", S, d);
        moe.shared.down = b.mat(m + "shared_experts.down_proj.weight", d, S);
    }
}

void bindLayer(Binder &b, const ModelConfig &cfg, int L, LayerWeights &lw)
{
    const size_t d = size_t(cfg.hidden);
    const std::string p = "model.layers." + std::to_string(L) + ".";
    lw.isKda = cfg.layerIsKda[size_t(L)];
    lw.isMoe = cfg.isMoeLayer(L);
    lw.inNorm = b.vec(p + "input_layernorm.weight", d);
    lw.postNorm = b.vec(p + "post_attention_layernorm.weight", d);
    if (cfg.attnResBlock > 0) {
        lw.attnResNorm = b.vec(p + "self_attention_res_norm.weight", d);
        lw.attnResProj = b.vec(p + "self_attention_res_proj.weight", d);
        lw.mlpResNorm = b.vec(p + "mlp_res_norm.weight", d);
        lw.mlpResProj = b.vec(p + "mlp_res_proj.weight", d);
    }
    const std::string a = p + "self_attn.";
    if (lw.isKda)
        bindKda(b, cfg, a, lw.kda);
    else
        bindMla(b, cfg, a, lw.mla);
    if (!lw.isMoe)
        bindDense(b, cfg, p, lw.dense);
    else
        bindMoe(b, cfg, p + "block_sparse_moe.", lw.moe);
}

} // namespace

Expected<ModelWeights> bindWeights(const ModelConfig &cfg, const TensorLookup &lookup)
{
    Binder b{lookup, Status::ok()};
    ModelWeights w;
    const size_t d = size_t(cfg.hidden);
    const bool attnRes = cfg.attnResBlock > 0;
    if (cfg.nLayers <= 0 || int(cfg.layerIsKda.size()) != cfg.nLayers)
        return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "config: layer types do not cover num_hidden_layers"));
    w.layers.resize(size_t(cfg.nLayers));
    for (int L = 0; L < cfg.nLayers; ++L) {
        bindLayer(b, cfg, L, w.layers[size_t(L)]);
        if (!b.status.isOk())
            return b.status;
    }
    w.finalNorm = b.vec("model.norm.weight", d);
    if (attnRes) {
        w.outResNorm = b.vec("model.output_attn_res_norm.weight", d);
        w.outResProj = b.vec("model.output_attn_res_proj.weight", d);
    }
    w.lmHead = b.mat("lm_head.weight", size_t(cfg.vocab), d);
    if (!b.status.isOk())
        return b.status;
    return w;
}

} // namespace sluice::model
