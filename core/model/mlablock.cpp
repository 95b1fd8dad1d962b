#include "model/mlablock.h"

#include "kernels/matvec.h"
#include "model/modelops.h"

#include <cmath>
#include <cstring>

namespace sluice::model {

void MlaScratch::layout(const ScratchDims &m, size_t n, ScratchSink &sink)
{
    sink.entry("MLA query, q_lora, latent (chunk)")
        .buffer(q, n * m.nh * m.qd)
        .buffer(qa, n * m.qLora)
        .buffer(kva, n * (m.kvl + m.rope));
    sink.entry("MLA absorbed query, context, kv_b rows (per head)")
        .buffer(qAbs, m.nh * m.kvl)
        .buffer(cbar, m.nh * m.kvl)
        .buffer(kvbRow, m.nh * m.kvl);
    sink.entry("MLA attention scores (heads x context)").buffer(scores, m.nh * m.ctx);
}

namespace {

struct MlaShape {
    size_t nh, nope, rope, qd, vd, kvl, row;
};

// Head h of the token whose query is q, over the first nkv cached positions.
void attendHead(const ModelConfig &cfg, const MlaWeights &w, const MlaShape &m, size_t h, const float *q,
                const float *cache, size_t nkv, size_t ctxLen, MlaScratch &s, const float *gate, float *out)
{
    const float scale = 1.0f / std::sqrt(float(m.qd));
    const size_t kvbStride = m.nope + m.vd;
    float *qa = s.qAbs.data() + h * m.kvl;
    float *wrow = s.kvbRow.data() + h * m.kvl;
    // q~ = W_UK,h^T q_nope, one dequantised kv_b row at a time.
    std::fill(qa, qa + m.kvl, 0.0f);
    for (size_t r = 0; r < m.nope; ++r) {
        kernels::dequantizeRow(w.kvb, h * kvbStride + r, wrow);
        const float qr = q[r];
        for (size_t c = 0; c < m.kvl; ++c)
            qa[c] += qr * wrow[c];
    }
    float *sc = s.scores.data() + h * ctxLen;
    float maxScore = -INFINITY;
    for (size_t p = 0; p < nkv; ++p) {
        const float *cs = cache + p * m.row;
        float acc = 0.0f;
        for (size_t c = 0; c < m.kvl; ++c)
            acc += qa[c] * cs[c];
        float pe = 0.0f;
        for (size_t c = 0; c < m.rope; ++c)
            pe += q[m.nope + c] * cs[m.kvl + c];
        sc[p] = (acc + pe) * scale;
        maxScore = std::max(maxScore, sc[p]);
    }
    float sum = 0.0f;
    for (size_t p = 0; p < nkv; ++p) {
        sc[p] = std::exp(sc[p] - maxScore);
        sum += sc[p];
    }
    const float inv = 1.0f / sum;
    float *cb = s.cbar.data() + h * m.kvl;
    std::fill(cb, cb + m.kvl, 0.0f);
    for (size_t p = 0; p < nkv; ++p) {
        const float a = sc[p] * inv;
        const float *cs = cache + p * m.row;
        for (size_t c = 0; c < m.kvl; ++c)
            cb[c] += a * cs[c];
    }
    // o_h = W_UV,h c-bar_h: the head's value rows as a sub-matrix.
    TrunkMatrixView uv = w.kvb;
    const size_t r0 = h * kvbStride + m.nope;
    uv.data = w.kvb.data + r0 * w.kvb.rowBytes;
    if (uv.scales)
        uv.scales = w.kvb.scales + r0 * ((w.kvb.cols + kTrunkGroup - 1) / kTrunkGroup);
    uv.rows = m.vd;
    kernels::matmulRows(uv, 0, m.vd, cb, m.kvl, 1, out + h * m.vd, m.vd);
    if (cfg.mlaOutputGate) {
        const float *g = gate + h * m.vd;
        for (size_t j = 0; j < m.vd; ++j)
            out[h * m.vd + j] *= sigmoid(g[j]);
    }
}

} // namespace

Status mlaBlock(const BlockContext &ctx, const MlaWeights &w, float *cache, int pos, int contextLength,
                const float *h, int n, MlaScratch &s, AttentionScratch &io, float *a)
{
    const ModelConfig &cfg = ctx.cfg;
    const size_t d = size_t(cfg.hidden);
    MlaShape m{};
    m.nh = size_t(cfg.nHeads);
    m.nope = size_t(cfg.qkNopeDim);
    m.rope = size_t(cfg.qkRopeDim);
    m.qd = m.nope + m.rope;
    m.vd = size_t(cfg.vHeadDim);
    m.kvl = size_t(cfg.kvLoraRank);
    m.row = m.kvl + m.rope;
    const float eps = cfg.rmsEps;

    if (cfg.qLoraRank > 0) {
        const size_t r = size_t(cfg.qLoraRank);
        SLUICE_TRY(ctx.matmul(w.qa, h, d, n, s.qa.data(), r));
        for (int t = 0; t < n; ++t)
            rmsNorm(s.qa.data() + size_t(t) * r, w.qaNorm.data(), r, eps, s.qa.data() + size_t(t) * r);
        SLUICE_TRY(ctx.matmul(w.qb, s.qa.data(), r, n, s.q.data(), m.nh * m.qd));
    } else {
        SLUICE_TRY(ctx.matmul(w.q, h, d, n, s.q.data(), m.nh * m.qd));
    }
    SLUICE_TRY(ctx.matmul(w.kva, h, d, n, s.kva.data(), m.row));
    if (cfg.mlaOutputGate)
        SLUICE_TRY(ctx.matmul(w.g, h, d, n, io.gate.data(), m.nh * m.vd));
    // Append every chunk token's latent first; token t only reads p <= pos + t.
    for (int t = 0; t < n; ++t) {
        float *dst = cache + size_t(pos + t) * m.row;
        const float *src = s.kva.data() + size_t(t) * m.row;
        rmsNorm(src, w.kvaNorm.data(), m.kvl, eps, dst);
        std::memcpy(dst + m.kvl, src + m.kvl, m.rope * 4);
    }
    for (int t = 0; t < n; ++t) {
        const size_t nkv = size_t(pos + t + 1);
        float *out = io.o.data() + size_t(t) * m.nh * m.vd;
        const float *q = s.q.data() + size_t(t) * m.nh * m.qd;
        const float *gate = io.gate.data() + size_t(t) * m.nh * m.vd;
        kernels::parallelFor(ctx.poolFor(m.nh * nkv * m.kvl), m.nh, [&](size_t h0, size_t h1) {
            for (size_t hd = h0; hd < h1; ++hd)
                attendHead(cfg, w, m, hd, q + hd * m.qd, cache, nkv, size_t(contextLength), s, gate, out);
        });
    }
    return ctx.matmul(w.o, io.o.data(), m.nh * m.vd, n, a, d);
}

} // namespace sluice::model
