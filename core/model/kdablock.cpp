#include "model/kdablock.h"

#include "model/modelops.h"

#include <algorithm>
#include <cmath>

namespace sluice::model {

void KdaScratch::layout(const ScratchDims &m, size_t n, ScratchSink &sink)
{
    sink.entry("KDA q/k/v projections (chunk)").buffer(q, n * m.C).buffer(k, n * m.C).buffer(v, n * m.C);
    sink.entry("KDA decay z, low-rank bottleneck, beta (chunk)")
        .buffer(z, n * m.C)
        .buffer(low, n * m.rank)
        .buffer(beta, n * m.H);
}

namespace {

// Projections of every chunk token (trunk products, one matvec each).
Status project(const BlockContext &ctx, const KdaWeights &w, const float *h, int n, KdaScratch &s,
               AttentionScratch &io)
{
    const size_t d = size_t(ctx.cfg.hidden);
    const size_t C = size_t(ctx.cfg.kdaChannels());
    const size_t H = size_t(ctx.cfg.kdaHeads);
    // The bottleneck buffer is sized for the config's rank (from the tensor shapes).
    if (std::max(w.fa.rows, w.ga.rows) * size_t(n) > s.low.size())
        return makeError(ErrorCode::Internal, "KDA rank exceeds the planned scratch");
    SLUICE_TRY(ctx.matmul(w.q, h, d, n, s.q.data(), C));
    SLUICE_TRY(ctx.matmul(w.k, h, d, n, s.k.data(), C));
    SLUICE_TRY(ctx.matmul(w.v, h, d, n, s.v.data(), C));
    const size_t rank = w.fa.rows;
    SLUICE_TRY(ctx.matmul(w.fa, h, d, n, s.low.data(), rank));
    SLUICE_TRY(ctx.matmul(w.fb, s.low.data(), rank, n, s.z.data(), C));
    SLUICE_TRY(ctx.matmul(w.b, h, d, n, s.beta.data(), H));
    if (ctx.cfg.kdaFullRankGate)
        return ctx.matmul(w.g, h, d, n, io.gate.data(), C);
    const size_t gr = w.ga.rows;
    SLUICE_TRY(ctx.matmul(w.ga, h, d, n, s.low.data(), gr));
    return ctx.matmul(w.gb, s.low.data(), gr, n, io.gate.data(), C);
}

// Short causal conv + SiLU, token by token through the ring (oldest first).
void convolve(const ModelConfig &cfg, const KdaWeights &w, float *conv, int n, KdaScratch &s)
{
    const size_t C = size_t(cfg.kdaChannels());
    const size_t K = size_t(cfg.convKernel);
    const size_t R = K - 1;
    float *rings[3] = {conv, conv + C * R, conv + 2 * C * R};
    float *proj[3] = {s.q.data(), s.k.data(), s.v.data()};
    const float *kern[3] = {w.qConv.data(), w.kConv.data(), w.vConv.data()};
    for (int t = 0; t < n; ++t) {
        for (int j = 0; j < 3; ++j) {
            float *u = proj[j] + size_t(t) * C;
            for (size_t c = 0; c < C; ++c) {
                float *rc = rings[j] + c * R;
                const float *wc = kern[j] + c * K;
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
}

// One head of one token: gates, normalisation, delta rule on S (D x D),
// gated output norm into o.
void headStep(const ModelConfig &cfg, const KdaWeights &w, size_t h, const float *q, const float *k, const float *v,
              const float *z, float betaLogit, const float *gate, float *S, float *o)
{
    const size_t D = size_t(cfg.kdaHeadDim);
    const float scaleQ = 1.0f / std::sqrt(float(D));
    const float *dt = w.dtBias.data() + h * D;
    const float a = std::exp(w.aLog[h]);
    const float beta = sigmoid(betaLogit);
    double qq = 0, kk = 0;
    for (size_t i = 0; i < D; ++i) {
        qq += double(q[i]) * q[i];
        kk += double(k[i]) * k[i];
    }
    const float qn = float(1.0 / std::sqrt(qq + 1e-12)) * scaleQ;
    const float kn = float(1.0 / std::sqrt(kk + 1e-12));
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
        if (cfg.hasGateLowerBound)
            g = cfg.gateLowerBound * sigmoid(a * zi);
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
    rmsNorm(o, w.oNorm.data(), D, cfg.rmsEps, o);
    for (size_t j = 0; j < D; ++j)
        o[j] *= sigmoid(gate[j]);
}

} // namespace

Status kdaBlock(const BlockContext &ctx, const KdaWeights &w, float *S, float *conv, const float *h, int n,
                KdaScratch &s, AttentionScratch &io, float *a)
{
    const ModelConfig &cfg = ctx.cfg;
    const size_t H = size_t(cfg.kdaHeads);
    const size_t D = size_t(cfg.kdaHeadDim);
    const size_t C = H * D;
    SLUICE_TRY(project(ctx, w, h, n, s, io));
    convolve(cfg, w, conv, n, s);
    for (int t = 0; t < n; ++t) {
        const size_t base = size_t(t) * C;
        kernels::parallelFor(ctx.poolFor(H * D * D), H, [&](size_t h0, size_t h1) {
            for (size_t hd = h0; hd < h1; ++hd) {
                const size_t at = base + hd * D;
                headStep(cfg, w, hd, s.q.data() + at, s.k.data() + at, s.v.data() + at, s.z.data() + at,
                         s.beta[size_t(t) * H + hd], io.gate.data() + at, S + hd * D * D, io.o.data() + at);
            }
        });
    }
    return ctx.matmul(w.o, io.o.data(), C, n, a, size_t(cfg.hidden));
}

} // namespace sluice::model
