#include "model/forwardpass.h"

#include "kernels/matvec.h"
#include "model/modelops.h"
#include "kernels/vqlut.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>

namespace sluice::model {

namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t0)
{
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

// Below this many multiply-adds a fork-join costs more than it saves (test
// and demo-size models). Every output is computed by one thread in a fixed
// order either way, so this never changes a bit of the result.
constexpr size_t kParallelWork = size_t(1) << 15;

struct Dims {
    size_t d, C, H, D, K, nh, qd, nope, rope, vd, kvl, qLora, rank, E, topK, lat, inter, ffn, vocab, maxBlocks, ctx, n;
    size_t lutLat, lutInter; // bytes of one table
    bool int8;
};

Dims dimsOf(const ModelConfig &c, int ctx)
{
    Dims m{};
    m.n = kMaxChunk;
    m.d = size_t(c.hidden);
    m.C = size_t(c.kdaChannels());
    m.H = size_t(c.kdaHeads);
    m.D = size_t(c.kdaHeadDim);
    m.K = size_t(std::max(c.convKernel, 1));
    m.nh = size_t(c.nHeads);
    m.qd = size_t(c.qHeadDim());
    m.nope = size_t(c.qkNopeDim);
    m.rope = size_t(c.qkRopeDim);
    m.vd = size_t(c.vHeadDim);
    m.kvl = size_t(c.kvLoraRank);
    m.qLora = size_t(std::max(c.qLoraRank, 0));
    m.rank = size_t(std::max({c.kdaDecayRank, c.kdaGateRank, 0}));
    m.E = size_t(c.nExperts);
    m.topK = size_t(c.topK);
    m.lat = size_t(c.expertInputDim());
    m.inter = size_t(c.moeIntermediate);
    m.ffn = size_t(std::max(c.intermediate, c.nSharedExperts * c.moeIntermediate));
    m.vocab = size_t(c.vocab);
    m.maxBlocks = c.attnResBlock > 0 ? size_t((c.nLayers + c.attnResBlock - 1) / c.attnResBlock) : 0;
    m.ctx = size_t(ctx);
    const ExpertQuantConfig &q = c.expertQuant;
    m.int8 = q.fmtName == "VQ4P";
    // A kernels::VqLut holds an f32 table [nv][stages][entries], the books
    // transposed (stages*entries*vecDim f32) and, for VQ4P, the int8 table
    // plus one f32 scale per 32 positions.
    const size_t vd = size_t(std::max(q.vecDim, 1));
    auto lutBytes = [&](size_t cols) {
        const size_t nv = cols / vd;
        size_t b = nv * size_t(q.stages) * size_t(q.entries) * 4 + size_t(q.stages) * size_t(q.entries) * vd * 4;
        if (m.int8)
            b += nv * size_t(q.stages) * size_t(q.entries) + (nv + 31) / 32 * 4;
        return b;
    };
    m.lutLat = lutBytes(m.lat);
    m.lutInter = lutBytes(m.inter);
    return m;
}

} // namespace

std::vector<ScratchBuffer> ForwardPass::scratchBuffers(const ModelConfig &cfg, int contextLength)
{
    const Dims m = dimsOf(cfg, contextLength);
    const uint64_t f = 4;
    const size_t attnOut = std::max(m.C, m.nh * m.vd);
    std::vector<ScratchBuffer> s = {
        {"residual stream x, p, h, a (64-token chunk)", 4 * m.n * m.d * f},
        {"AttnRes blocks (64-token chunk)", m.n * m.maxBlocks * m.d * f + (m.maxBlocks + 1) * f},
        {"KDA q/k/v projections (chunk)", 3 * m.n * m.C * f},
        {"KDA decay z, low-rank bottleneck, beta (chunk)", (m.n * m.C + m.n * m.rank + m.n * m.H) * f},
        {"attention gate and output (chunk)", 2 * m.n * attnOut * f},
        {"MLA query, q_lora, latent (chunk)", (m.n * m.nh * m.qd + m.n * m.qLora + m.n * (m.kvl + m.rope)) * f},
        {"MLA absorbed query, context, kv_b rows (per head)", 3 * m.nh * m.kvl * f},
        {"MLA attention scores (heads x context)", m.nh * m.ctx * f},
        {"dense/shared FFN gate and up (chunk)", 2 * m.n * m.ffn * f},
        {"router logits (chunk)", m.n * m.E * f},
        {"expert input latent and routed/shared sum (chunk)", (m.n * m.lat + m.n * std::max(m.lat, m.d)) * f},
        {"expert gate/up LUTs (one pair per chunk token)", 2 * m.n * m.lutLat},
        {"expert down LUT", m.lutInter},
        {"expert gate/up outputs (chunk) and activation", (2 * m.n * m.inter + m.inter) * f},
        {"per-(token, expert) outputs (chunk)", m.n * m.topK * m.lat * f},
        {"logits", m.n * m.vocab * f},
    };
    return s;
}

uint64_t ForwardPass::stateBytes(const ModelConfig &cfg, int contextLength)
{
    const Dims m = dimsOf(cfg, contextLength);
    uint64_t total = 0;
    for (int L = 0; L < cfg.nLayers; ++L) {
        if (cfg.layerIsKda[size_t(L)])
            total += (m.H * m.D * m.D + 3 * m.C * (m.K - 1)) * 4;
        else
            total += m.ctx * (m.kvl + m.rope) * 4;
    }
    return total;
}

ForwardPass::ForwardPass(const ModelConfig &cfg, const ModelWeights &weights, ForwardHooks hooks, int contextLength)
    : m_cfg(cfg), m_w(weights), m_hooks(std::move(hooks)), m_ctx(contextLength)
{
    Dims m = dimsOf(cfg, contextLength);
    // Ranks the config did not carry come from the bound tensors.
    for (const LayerWeights &lw : weights.layers) {
        if (lw.isKda)
            m.rank = std::max({m.rank, lw.kda.fa.rows, lw.kda.ga.rows});
    }
    m_state.resize(size_t(cfg.nLayers));
    for (int L = 0; L < cfg.nLayers; ++L) {
        if (cfg.layerIsKda[size_t(L)]) {
            m_state[size_t(L)].s.assign(m.H * m.D * m.D, 0.0f);
            m_state[size_t(L)].conv.assign(3 * m.C * (m.K - 1), 0.0f);
        } else {
            m_state[size_t(L)].kv.assign(m.ctx * (m.kvl + m.rope), 0.0f);
        }
    }
    const size_t attnOut = std::max(m.C, m.nh * m.vd);
    m_x.resize(m.n * m.d);
    m_p.resize(m.n * m.d);
    m_h.resize(m.n * m.d);
    m_a.resize(m.n * m.d);
    m_blocks.resize(m.n * m.maxBlocks * m.d);
    m_resScores.resize(m.maxBlocks + 1);
    m_q.resize(m.n * m.C);
    m_k.resize(m.n * m.C);
    m_v.resize(m.n * m.C);
    m_z.resize(m.n * m.C);
    m_low.resize(m.n * m.rank);
    m_beta.resize(m.n * m.H);
    m_gate.resize(m.n * attnOut);
    m_o.resize(m.n * attnOut);
    m_mlaQ.resize(m.n * m.nh * m.qd);
    m_mlaQa.resize(m.n * m.qLora);
    m_kva.resize(m.n * (m.kvl + m.rope));
    m_qAbs.resize(m.nh * m.kvl);
    m_cbar.resize(m.nh * m.kvl);
    m_kvbRow.resize(m.nh * m.kvl);
    m_scores.resize(m.nh * m.ctx);
    m_ffG.resize(m.n * m.ffn);
    m_ffU.resize(m.n * m.ffn);
    m_router.resize(m.n * m.E);
    m_latent.resize(m.n * m.lat);
    m_y.resize(m.n * std::max(m.lat, m.d));
    m_lutGate.resize(m.n);
    m_lutUp.resize(m.n);
    m_eG.resize(m.n * m.inter);
    m_eU.resize(m.n * m.inter);
    m_eAct.resize(m.inter);
    m_eOut.resize(m.n * m.topK * m.lat);
}

void ForwardPass::reset()
{
    for (LayerState &s : m_state) {
        std::fill(s.s.begin(), s.s.end(), 0.0f);
        std::fill(s.conv.begin(), s.conv.end(), 0.0f);
        std::fill(s.kv.begin(), s.kv.end(), 0.0f);
    }
    m_pos = 0;
}

Status ForwardPass::matmul(const TrunkMatrixView &w, const float *x, size_t xStride, int n, float *y, size_t yStride)
{
    const auto t0 = Clock::now();
    Status st = n == 1 ? kernels::matvec(w, x, y, m_pool)
                       : kernels::matmul(w, x, xStride, size_t(n), y, yStride, m_pool);
    m_timers.trunk += since(t0);
    return st;
}

Status ForwardPass::run(const int *tokens, int n, float *logits, bool allPositions)
{
    if (n < 1 || n > kMaxChunk)
        return makeError(ErrorCode::InvalidArgument, "forward: chunk of " + std::to_string(n) + " tokens (1.." +
                                                         std::to_string(kMaxChunk) + ")");
    if (m_pos + n > m_ctx)
        return makeError(ErrorCode::ContextFull, "context full: " + std::to_string(m_pos) + " + " +
                                                     std::to_string(n) + " tokens exceed the context length " +
                                                     std::to_string(m_ctx) + " chosen at open");
    for (int t = 0; t < n; ++t) {
        if (tokens[t] < 0 || tokens[t] >= m_cfg.vocab)
            return makeError(ErrorCode::InvalidArgument,
                             "token id " + std::to_string(tokens[t]) + " outside the vocabulary");
    }
    const size_t d = size_t(m_cfg.hidden);
    for (int t = 0; t < n; ++t)
        SLUICE_TRY(m_hooks.embed(tokens[t], m_x.data() + size_t(t) * d));

    const int B = m_cfg.attnResBlock;
    const float eps = m_cfg.rmsEps;
    const size_t maxBlocks = B > 0 ? size_t((m_cfg.nLayers + B - 1) / B) : 0;
    int nBlocks = 0;
    auto blockPtrs = [&](int t, const float **out) {
        for (int i = 0; i < nBlocks; ++i)
            out[i] = m_blocks.data() + (size_t(t) * maxBlocks + size_t(i)) * d;
    };
    std::vector<const float *> ptrs(maxBlocks + 1);

    m_partial = false;
    for (int L = 0; L < m_cfg.nLayers; ++L) {
        if (m_cancel && m_cancel->load(std::memory_order_relaxed))
            return makeError(ErrorCode::Cancelled, "cancelled at layer " + std::to_string(L));
        // From here on an error leaves the state half-advanced.
        m_partial = true;
        const LayerWeights &lw = m_w.layers[size_t(L)];
        if (B > 0) {
            std::memcpy(m_p.data(), m_x.data(), size_t(n) * d * 4);
            if (nBlocks > 0) {
                for (int t = 0; t < n; ++t) {
                    blockPtrs(t, ptrs.data());
                    attnResMix(ptrs.data(), nBlocks, m_p.data() + size_t(t) * d, lw.attnResNorm.data(),
                               lw.attnResProj.data(), d, eps, m_resScores.data(), m_x.data() + size_t(t) * d);
                }
            }
            if (L % B == 0) {
                for (int t = 0; t < n; ++t)
                    std::memcpy(m_blocks.data() + (size_t(t) * maxBlocks + size_t(nBlocks)) * d,
                                m_p.data() + size_t(t) * d, d * 4);
                ++nBlocks;
                std::fill(m_p.begin(), m_p.begin() + ptrdiff_t(size_t(n) * d), 0.0f);
            }
        }
        for (int t = 0; t < n; ++t)
            rmsNorm(m_x.data() + size_t(t) * d, lw.inNorm.data(), d, eps, m_h.data() + size_t(t) * d);
        {
            const auto t0 = Clock::now();
            const double trunk0 = m_timers.trunk;
            Status st = lw.isKda ? layerKda(L, n) : layerMla(L, n);
            m_timers.attention += since(t0) - (m_timers.trunk - trunk0);
            SLUICE_TRY(st.withContext("layer " + std::to_string(L)));
        }
        if (B > 0) {
            for (size_t i = 0; i < size_t(n) * d; ++i)
                m_p[i] += m_a[i];
            for (int t = 0; t < n; ++t) {
                blockPtrs(t, ptrs.data());
                attnResMix(ptrs.data(), nBlocks, m_p.data() + size_t(t) * d, lw.mlpResNorm.data(),
                           lw.mlpResProj.data(), d, eps, m_resScores.data(), m_x.data() + size_t(t) * d);
            }
        } else {
            for (size_t i = 0; i < size_t(n) * d; ++i)
                m_x[i] += m_a[i];
        }
        for (int t = 0; t < n; ++t)
            rmsNorm(m_x.data() + size_t(t) * d, lw.postNorm.data(), d, eps, m_h.data() + size_t(t) * d);
        SLUICE_TRY((lw.isMoe ? ffnMoe(L, n) : ffnDense(L, n)).withContext("layer " + std::to_string(L)));
        if (B > 0) {
            for (size_t i = 0; i < size_t(n) * d; ++i)
                m_p[i] += m_a[i];
            std::memcpy(m_x.data(), m_p.data(), size_t(n) * d * 4);
        } else {
            for (size_t i = 0; i < size_t(n) * d; ++i)
                m_x[i] += m_a[i];
        }
        if (m_dump)
            m_dump->insert(m_dump->end(), m_x.begin(), m_x.begin() + ptrdiff_t(size_t(n) * d));
    }
    // All layers done: the state has advanced by n positions.
    m_pos += n;
    m_partial = false;

    const auto t0 = Clock::now();
    const int first = allPositions ? 0 : n - 1;
    for (int t = first; t < n; ++t) {
        float *xt = m_x.data() + size_t(t) * d;
        if (B > 0) {
            blockPtrs(t, ptrs.data());
            // In place: attnResMix scores everything before it writes.
            attnResMix(ptrs.data(), nBlocks, xt, m_w.outResNorm.data(), m_w.outResProj.data(), d, eps,
                       m_resScores.data(), xt);
        }
        rmsNorm(xt, m_w.finalNorm.data(), d, eps, xt);
    }
    const size_t vocab = size_t(m_cfg.vocab);
    Status st = allPositions
                    ? (n == 1 ? kernels::matvec(m_w.lmHead, m_x.data(), logits, m_pool)
                              : kernels::matmul(m_w.lmHead, m_x.data(), d, size_t(n), logits, vocab, m_pool))
                    : kernels::matvec(m_w.lmHead, m_x.data() + size_t(n - 1) * d, logits, m_pool);
    m_timers.lmHead += since(t0);
    return st;
}

Status ForwardPass::layerKda(int L, int n)
{
    const KdaWeights &w = m_w.layers[size_t(L)].kda;
    LayerState &state = m_state[size_t(L)];
    const size_t d = size_t(m_cfg.hidden);
    const size_t H = size_t(m_cfg.kdaHeads);
    const size_t D = size_t(m_cfg.kdaHeadDim);
    const size_t C = H * D;
    const size_t K = size_t(m_cfg.convKernel);
    const size_t R = K - 1;

    SLUICE_TRY(matmul(w.q, m_h.data(), d, n, m_q.data(), C));
    SLUICE_TRY(matmul(w.k, m_h.data(), d, n, m_k.data(), C));
    SLUICE_TRY(matmul(w.v, m_h.data(), d, n, m_v.data(), C));
    const size_t rank = w.fa.rows;
    SLUICE_TRY(matmul(w.fa, m_h.data(), d, n, m_low.data(), rank));
    SLUICE_TRY(matmul(w.fb, m_low.data(), rank, n, m_z.data(), C));
    SLUICE_TRY(matmul(w.b, m_h.data(), d, n, m_beta.data(), H));
    if (m_cfg.kdaFullRankGate) {
        SLUICE_TRY(matmul(w.g, m_h.data(), d, n, m_gate.data(), C));
    } else {
        const size_t gr = w.ga.rows;
        SLUICE_TRY(matmul(w.ga, m_h.data(), d, n, m_low.data(), gr));
        SLUICE_TRY(matmul(w.gb, m_low.data(), gr, n, m_gate.data(), C));
    }

    // Short causal conv + SiLU, token by token through the ring (oldest first).
    float *rings[3] = {state.conv.data(), state.conv.data() + C * R, state.conv.data() + 2 * C * R};
    float *proj[3] = {m_q.data(), m_k.data(), m_v.data()};
    const float *kern[3] = {w.qConv.data(), w.kConv.data(), w.vConv.data()};
    for (int t = 0; t < n; ++t) {
        for (int j = 0; j < 3; ++j) {
            float *u = proj[j] + size_t(t) * C;
            float *ring = rings[j];
            const float *wk = kern[j];
            for (size_t c = 0; c < C; ++c) {
                float *rc = ring + c * R;
                const float *wc = wk + c * K;
                const float cur = u[c];
                float y = wc[K - 1] * cur;
                for (size_t i = 0; i < R; ++i)
                    y += wc[i] * rc[i];
                for (size_t i = 0; i + 1 < R; ++i)
                    rc[i] = rc[i + 1];
                if (R > 0)
                    rc[R - 1] = cur;
                u[c] = silu(y);
            }
        }
    }

    // Per head: gates, normalisation, delta rule, gated output norm.
    const float scaleQ = 1.0f / std::sqrt(float(D));
    const bool bounded = m_cfg.hasGateLowerBound;
    const float gMin = m_cfg.gateLowerBound;
    const float eps = m_cfg.rmsEps;
    for (int t = 0; t < n; ++t) {
        const size_t base = size_t(t) * C;
        kernels::parallelFor(H * D * D >= kParallelWork ? m_pool : nullptr, H, [&](size_t h0, size_t h1) {
            for (size_t h = h0; h < h1; ++h) {
                float *q = m_q.data() + base + h * D;
                float *k = m_k.data() + base + h * D;
                const float *v = m_v.data() + base + h * D;
                const float *z = m_z.data() + base + h * D;
                const float *dt = w.dtBias.data() + h * D;
                float *o = m_o.data() + base + h * D;
                const float a = std::exp(w.aLog[h]);
                const float beta = sigmoid(m_beta[size_t(t) * H + h]);
                double qq = 0, kk = 0;
                for (size_t i = 0; i < D; ++i) {
                    qq += double(q[i]) * q[i];
                    kk += double(k[i]) * k[i];
                }
                const float qn = float(1.0 / std::sqrt(qq + 1e-12)) * scaleQ;
                const float kn = float(1.0 / std::sqrt(kk + 1e-12));
                float *S = state.s.data() + h * D * D;
                // Pass 1: decay rows, u = S'^T k.
                float u[512];
                float *uu = D <= 512 ? u : nullptr;
                std::vector<float> uHeap;
                if (!uu) {
                    uHeap.resize(D);
                    uu = uHeap.data();
                }
                std::fill(uu, uu + D, 0.0f);
                for (size_t i = 0; i < D; ++i) {
                    const float zi = z[i] + dt[i];
                    float g;
                    if (bounded)
                        g = gMin * sigmoid(a * zi);
                    else
                        g = -a * (zi > 20.0f ? zi : std::log1p(std::exp(zi)));
                    const float decay = std::exp(g);
                    const float ki = k[i] * kn;
                    float *row = S + i * D;
                    for (size_t j = 0; j < D; ++j) {
                        row[j] *= decay;
                        uu[j] += row[j] * ki;
                    }
                }
                for (size_t j = 0; j < D; ++j)
                    uu[j] = beta * (v[j] - uu[j]);
                // Pass 2: S += k (beta (v - u))^T, o = S^T q.
                std::fill(o, o + D, 0.0f);
                for (size_t i = 0; i < D; ++i) {
                    const float ki = k[i] * kn;
                    const float qi = q[i] * qn;
                    float *row = S + i * D;
                    for (size_t j = 0; j < D; ++j) {
                        row[j] += ki * uu[j];
                        o[j] += row[j] * qi;
                    }
                }
                rmsNorm(o, w.oNorm.data(), D, eps, o);
                const float *gate = m_gate.data() + base + h * D;
                for (size_t j = 0; j < D; ++j)
                    o[j] *= sigmoid(gate[j]);
            }
        });
    }
    return matmul(w.o, m_o.data(), C, n, m_a.data(), d);
}

Status ForwardPass::layerMla(int L, int n)
{
    const MlaWeights &w = m_w.layers[size_t(L)].mla;
    LayerState &state = m_state[size_t(L)];
    const size_t d = size_t(m_cfg.hidden);
    const size_t nh = size_t(m_cfg.nHeads);
    const size_t nope = size_t(m_cfg.qkNopeDim);
    const size_t rope = size_t(m_cfg.qkRopeDim);
    const size_t qd = nope + rope;
    const size_t vd = size_t(m_cfg.vHeadDim);
    const size_t kvl = size_t(m_cfg.kvLoraRank);
    const size_t row = kvl + rope;
    const float eps = m_cfg.rmsEps;

    if (m_cfg.qLoraRank > 0) {
        const size_t r = size_t(m_cfg.qLoraRank);
        SLUICE_TRY(matmul(w.qa, m_h.data(), d, n, m_mlaQa.data(), r));
        for (int t = 0; t < n; ++t)
            rmsNorm(m_mlaQa.data() + size_t(t) * r, w.qaNorm.data(), r, eps, m_mlaQa.data() + size_t(t) * r);
        SLUICE_TRY(matmul(w.qb, m_mlaQa.data(), r, n, m_mlaQ.data(), nh * qd));
    } else {
        SLUICE_TRY(matmul(w.q, m_h.data(), d, n, m_mlaQ.data(), nh * qd));
    }
    SLUICE_TRY(matmul(w.kva, m_h.data(), d, n, m_kva.data(), row));
    if (m_cfg.mlaOutputGate)
        SLUICE_TRY(matmul(w.g, m_h.data(), d, n, m_gate.data(), nh * vd));
    // Append every chunk token's latent first; token t only reads s <= pos + t.
    for (int t = 0; t < n; ++t) {
        float *dst = state.kv.data() + size_t(m_pos + t) * row;
        const float *src = m_kva.data() + size_t(t) * row;
        rmsNorm(src, w.kvaNorm.data(), kvl, eps, dst);
        std::memcpy(dst + kvl, src + kvl, rope * 4);
    }
    const float scale = 1.0f / std::sqrt(float(qd));
    const size_t kvbStride = nope + vd;
    for (int t = 0; t < n; ++t) {
        const size_t nkv = size_t(m_pos + t + 1);
        float *out = m_o.data() + size_t(t) * nh * vd;
        kernels::parallelFor(nh * nkv * kvl >= kParallelWork ? m_pool : nullptr, nh, [&](size_t h0, size_t h1) {
            for (size_t h = h0; h < h1; ++h) {
                const float *q = m_mlaQ.data() + size_t(t) * nh * qd + h * qd;
                float *qa = m_qAbs.data() + h * kvl;
                float *wrow = m_kvbRow.data() + h * kvl;
                // q~ = W_UK,h^T q_nope, one dequantised kv_b row at a time.
                std::fill(qa, qa + kvl, 0.0f);
                for (size_t r = 0; r < nope; ++r) {
                    kernels::dequantizeRow(w.kvb, h * kvbStride + r, wrow);
                    const float qr = q[r];
                    for (size_t c = 0; c < kvl; ++c)
                        qa[c] += qr * wrow[c];
                }
                float *sc = m_scores.data() + h * size_t(m_ctx);
                float maxScore = -INFINITY;
                for (size_t s = 0; s < nkv; ++s) {
                    const float *cs = state.kv.data() + s * row;
                    float acc = 0.0f;
                    for (size_t c = 0; c < kvl; ++c)
                        acc += qa[c] * cs[c];
                    float pe = 0.0f;
                    for (size_t c = 0; c < rope; ++c)
                        pe += q[nope + c] * cs[kvl + c];
                    sc[s] = (acc + pe) * scale;
                    maxScore = std::max(maxScore, sc[s]);
                }
                float sum = 0.0f;
                for (size_t s = 0; s < nkv; ++s) {
                    sc[s] = std::exp(sc[s] - maxScore);
                    sum += sc[s];
                }
                const float inv = 1.0f / sum;
                float *cb = m_cbar.data() + h * kvl;
                std::fill(cb, cb + kvl, 0.0f);
                for (size_t s = 0; s < nkv; ++s) {
                    const float a = sc[s] * inv;
                    const float *cs = state.kv.data() + s * row;
                    for (size_t c = 0; c < kvl; ++c)
                        cb[c] += a * cs[c];
                }
                // o_h = W_UV,h c-bar_h: the head's value rows as a sub-matrix.
                TrunkMatrixView uv = w.kvb;
                const size_t r0 = h * kvbStride + nope;
                uv.data = w.kvb.data + r0 * w.kvb.rowBytes;
                if (uv.scales)
                    uv.scales = w.kvb.scales + r0 * ((w.kvb.cols + kTrunkGroup - 1) / kTrunkGroup);
                uv.rows = vd;
                kernels::matmulRows(uv, 0, vd, cb, kvl, 1, out + h * vd, vd);
                if (m_cfg.mlaOutputGate) {
                    const float *g = m_gate.data() + size_t(t) * nh * vd + h * vd;
                    for (size_t j = 0; j < vd; ++j)
                        out[h * vd + j] *= sigmoid(g[j]);
                }
            }
        });
    }
    return matmul(w.o, m_o.data(), nh * vd, n, m_a.data(), d);
}

Status ForwardPass::ffnDense(int L, int n)
{
    const FfnWeights &w = m_w.layers[size_t(L)].dense;
    const size_t d = size_t(m_cfg.hidden);
    const size_t I = w.gate.rows;
    SLUICE_TRY(matmul(w.gate, m_h.data(), d, n, m_ffG.data(), I));
    SLUICE_TRY(matmul(w.up, m_h.data(), d, n, m_ffU.data(), I));
    for (int t = 0; t < n; ++t)
        gluActivate(m_cfg, m_ffG.data() + size_t(t) * I, m_ffU.data() + size_t(t) * I, I, m_ffG.data() + size_t(t) * I);
    return matmul(w.down, m_ffG.data(), I, n, m_a.data(), d);
}

namespace {
// Top-k of the biased scores: descending, ties to the lowest id.
void selectTopK(const float *scores, const float *bias, size_t E, size_t k, int *out, std::vector<int> &idx)
{
    idx.resize(E);
    for (size_t e = 0; e < E; ++e)
        idx[e] = int(e);
    auto better = [&](int a, int b) {
        const float sa = scores[a] + bias[a];
        const float sb = scores[b] + bias[b];
        return sa > sb || (sa == sb && a < b);
    };
    std::partial_sort(idx.begin(), idx.begin() + ptrdiff_t(k), idx.end(), better);
    std::copy(idx.begin(), idx.begin() + ptrdiff_t(k), out);
}
} // namespace

Status ForwardPass::ffnMoe(int L, int n)
{
    const MoeWeights &w = m_w.layers[size_t(L)].moe;
    const size_t d = size_t(m_cfg.hidden);
    const size_t E = size_t(m_cfg.nExperts);
    const size_t k = size_t(m_cfg.topK);
    const size_t lat = size_t(m_cfg.expertInputDim());
    const size_t inter = size_t(m_cfg.moeIntermediate);
    const auto lutKind = m_cfg.expertQuant.fmtName == "VQ4P" ? kernels::VqLut::Kind::Int8
                                                             : kernels::VqLut::Kind::F32;

    // 1. Route every token.
    SLUICE_TRY(matmul(w.router, m_h.data(), d, n, m_router.data(), E));
    std::vector<int> sel(size_t(n) * k);
    std::vector<float> weight(size_t(n) * k);
    std::vector<int> idx;
    for (int t = 0; t < n; ++t) {
        float *s = m_router.data() + size_t(t) * E;
        for (size_t e = 0; e < E; ++e)
            s[e] = sigmoid(s[e]);
        int *st = sel.data() + size_t(t) * k;
        selectTopK(s, w.bias.data(), E, k, st, idx);
        if (m_hooks.route)
            m_hooks.route(L, int64_t(m_pos) + t, std::span<int>(st, k));
        float *wt = weight.data() + size_t(t) * k;
        float sum = 0.0f;
        for (size_t j = 0; j < k; ++j) {
            wt[j] = s[st[j]];
            sum += wt[j];
        }
        for (size_t j = 0; j < k; ++j) {
            if (m_cfg.renormalize)
                wt[j] = wt[j] / (sum + 1e-20f);
            wt[j] *= m_cfg.routedScaling;
        }
    }
    // 2. Order of consumption: selection order for one token, ascending
    // distinct ids for a chunk (each expert read once per chunk).
    std::vector<int> order;
    if (n == 1) {
        order.assign(sel.begin(), sel.end());
    } else {
        order = sel;
        std::sort(order.begin(), order.end());
        order.erase(std::unique(order.begin(), order.end()), order.end());
    }
    if (m_source)
        m_source->hint(L, order);

    // 3. Expert input and the shared gate/up tables, one pair per token.
    const float *z = m_h.data();
    size_t zStride = d;
    if (m_cfg.latentDim > 0) {
        SLUICE_TRY(matmul(w.latentDown, m_h.data(), d, n, m_latent.data(), lat));
        z = m_latent.data();
        zStride = lat;
    }
    bool tablesBuilt = false;
    int tableBook = -1;

    // 4. Each distinct expert once; every (token, rank) routed to it.
    for (int e : order) {
        if (!m_source)
            return makeError(ErrorCode::Internal, "no expert source");
        auto t0 = Clock::now();
        auto rec = m_source->acquire(L, e);
        m_timers.ioWait += since(t0);
        if (!rec)
            return rec.status();
        auto mats = m_hooks.parseRecord(L, e, *rec);
        if (!mats) {
            m_source->release(*rec);
            return mats.status();
        }
        auto gateBooks = m_hooks.codebooks(L, 0, mats->codebookId);
        auto upBooks = m_hooks.codebooks(L, 1, mats->codebookId);
        auto downBooks = m_hooks.codebooks(L, 2, mats->codebookId);
        if (!gateBooks || !upBooks || !downBooks) {
            m_source->release(*rec);
            return !gateBooks ? gateBooks.status() : !upBooks ? upBooks.status() : downBooks.status();
        }
        Status st;
        if (!tablesBuilt || tableBook != mats->codebookId) {
            // Built once per token per layer (records of one layer share books).
            t0 = Clock::now();
            for (int t = 0; t < n && st.isOk(); ++t) {
                st = m_lutGate[size_t(t)].build(*gateBooks, z + size_t(t) * zStride, lat, lutKind, m_pool);
                if (st.isOk())
                    st = m_lutUp[size_t(t)].build(*upBooks, z + size_t(t) * zStride, lat, lutKind, m_pool);
            }
            m_timers.lutBuild += since(t0);
            tablesBuilt = true;
            tableBook = mats->codebookId;
        }
        // Every (token, rank) routed to this expert, each with its own tables.
        // (Measured: kernels::vqMatmul over 2/4/8 tables at once was 1.1x /
        // 1.4x / 2.8x SLOWER than one vqMatvec per table on K3 shapes here -
        // the tables, 1.4 MB each, stop fitting in cache; docs/model.md.)
        std::vector<std::pair<int, size_t>> users;
        for (int t = 0; t < n; ++t) {
            for (size_t j = 0; j < k; ++j) {
                if (sel[size_t(t) * k + j] == e)
                    users.emplace_back(t, j);
            }
        }
        kernels::ThreadPool *vqPool = size_t(inter) * lat >= kParallelWork ? m_pool : nullptr;
        std::vector<const kernels::VqLut *> gl, ul;
        std::vector<float *> gy, uy;
        for (size_t u = 0; u < users.size(); ++u) {
            gl.push_back(&m_lutGate[size_t(users[u].first)]);
            ul.push_back(&m_lutUp[size_t(users[u].first)]);
            gy.push_back(m_eG.data() + u * inter);
            uy.push_back(m_eU.data() + u * inter);
        }
        t0 = Clock::now();
        for (size_t u = 0; u < users.size() && st.isOk(); ++u) {
            st = kernels::vqMatvec(*gl[u], mats->gate, gy[u], vqPool);
            if (st.isOk())
                st = kernels::vqMatvec(*ul[u], mats->up, uy[u], vqPool);
        }
        m_timers.lutApply += since(t0);
        for (size_t u = 0; u < users.size() && st.isOk(); ++u) {
            const auto [t, j] = users[u];
            gluActivate(m_cfg, gy[u], uy[u], inter, m_eAct.data());
            t0 = Clock::now();
            st = m_lutDown.build(*downBooks, m_eAct.data(), inter, lutKind, m_pool);
            m_timers.lutBuild += since(t0);
            t0 = Clock::now();
            if (st.isOk())
                st = kernels::vqMatvec(m_lutDown, mats->down, m_eOut.data() + (size_t(t) * k + j) * lat, vqPool);
            m_timers.lutApply += since(t0);
        }
        if (!st.isOk()) {
            m_source->release(*rec);
            return st.withContext("layer " + std::to_string(L) + ", expert " + std::to_string(e));
        }
        m_source->release(*rec);
    }
    // 5. Weighted sum in selection order, latent norm and up-projection.
    for (int t = 0; t < n; ++t) {
        float *y = m_y.data() + size_t(t) * lat;
        std::fill(y, y + lat, 0.0f);
        for (size_t j = 0; j < k; ++j) {
            const float wj = weight[size_t(t) * k + j];
            const float *o = m_eOut.data() + (size_t(t) * k + j) * lat;
            for (size_t i = 0; i < lat; ++i)
                y[i] += wj * o[i];
        }
    }
    if (m_cfg.latentDim > 0) {
        if (m_cfg.latentNorm) {
            for (int t = 0; t < n; ++t)
                rmsNorm(m_y.data() + size_t(t) * lat, w.latentNorm.data(), lat, m_cfg.rmsEps,
                        m_y.data() + size_t(t) * lat);
        }
        SLUICE_TRY(matmul(w.latentUp, m_y.data(), lat, n, m_a.data(), d));
    } else {
        std::memcpy(m_a.data(), m_y.data(), size_t(n) * d * 4);
    }
    if (w.hasShared) {
        const size_t S = w.shared.gate.rows;
        SLUICE_TRY(matmul(w.shared.gate, m_h.data(), d, n, m_ffG.data(), S));
        SLUICE_TRY(matmul(w.shared.up, m_h.data(), d, n, m_ffU.data(), S));
        for (int t = 0; t < n; ++t)
            gluActivate(m_cfg, m_ffG.data() + size_t(t) * S, m_ffU.data() + size_t(t) * S, S,
                        m_ffG.data() + size_t(t) * S);
        // m_y (sized n * max(lat, d)) is free again once the routed part is in m_a.
        std::vector<float> &shared = m_y;
        SLUICE_TRY(matmul(w.shared.down, m_ffG.data(), S, n, shared.data(), d));
        for (size_t i = 0; i < size_t(n) * d; ++i)
            m_a[i] += shared[i];
    }
    // 6. Router lookahead (decode only): layer L+1's router on this layer's
    // MoE input; the real router of L+1 decides, so this is I/O only.
    if (n == 1 && m_source && m_lookahead > 0 && L + 1 < m_cfg.nLayers && m_cfg.isMoeLayer(L + 1)) {
        const MoeWeights &nw = m_w.layers[size_t(L + 1)].moe;
        SLUICE_TRY(matmul(nw.router, m_h.data(), d, 1, m_router.data(), E));
        for (size_t e = 0; e < E; ++e)
            m_router[e] = sigmoid(m_router[e]);
        const size_t width = std::min(E, size_t(m_lookahead));
        std::vector<int> guess(width);
        selectTopK(m_router.data(), nw.bias.data(), E, width, guess.data(), idx);
        m_source->speculate(L + 1, guess);
    }
    return Status::ok();
}

} // namespace sluice::model
