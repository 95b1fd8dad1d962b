#pragma once
// Small scalar vector operations of the forward pass (RMSNorm, sigmoid, the
// GLU activations, AttnRes mixing). Private to the model module: the kernels
// module did not offer them when the forward pass was written; they are O(d)
// per call and nowhere near the hot path, so plain loops are enough. Every
// function is deterministic (fixed summation order) so chunked and
// token-by-token evaluation give the same bits.
#include "api/modelconfig.h"

#include <algorithm>
#include <cmath>
#include <cstddef>

namespace sluice::model {

inline float sigmoid(float z) { return 1.0f / (1.0f + std::exp(-z)); }
inline float silu(float z) { return z / (1.0f + std::exp(-z)); }

// out = v * (mean v^2 + eps)^-1/2 * w   (out may alias v)
inline void rmsNorm(const float *v, const float *w, size_t n, float eps, float *out)
{
    double ss = 0.0;
    for (size_t i = 0; i < n; ++i)
        ss += double(v[i]) * double(v[i]);
    const float inv = float(1.0 / std::sqrt(ss / double(n) + double(eps)));
    for (size_t i = 0; i < n; ++i)
        out[i] = v[i] * inv * w[i];
}

// The GLU activation of the model: SiLU(g)*u, or SiTU (spec 2.5).
inline void gluActivate(const ModelConfig &cfg, const float *g, const float *u, size_t n, float *out)
{
    if (cfg.activation == Activation::SiTU) {
        const float b1 = cfg.situBeta;
        const float b2 = cfg.situLinearBeta;
        for (size_t i = 0; i < n; ++i) {
            const float left = b1 * std::tanh(g[i] / b1) * sigmoid(g[i]);
            const float right = b2 > 0.0f ? b2 * std::tanh(u[i] / b2) : u[i];
            out[i] = left * right;
        }
    } else {
        for (size_t i = 0; i < n; ++i)
            out[i] = silu(g[i]) * u[i];
    }
}

// Attention Residuals (spec 2.8): softmax over RMS-normalised keys of
// [blocks..., p] scored against r*q, then the UNnormalised vectors mixed.
// `out` may alias `p` (the output aggregation writes in place): all scores
// are computed before anything is written.
inline void attnResMix(const float *const *blocks, int nBlocks, const float *p, const float *r, const float *q,
                       size_t d, float eps, float *scores /* nBlocks+1 */, float *out)
{
    const int n = nBlocks + 1;
    float maxScore = -INFINITY;
    for (int i = 0; i < n; ++i) {
        const float *v = i < nBlocks ? blocks[i] : p;
        double ss = 0.0, dot = 0.0;
        for (size_t j = 0; j < d; ++j) {
            ss += double(v[j]) * double(v[j]);
            dot += double(v[j]) * double(r[j]) * double(q[j]);
        }
        const double inv = 1.0 / std::sqrt(ss / double(d) + double(eps));
        scores[i] = float(dot * inv);
        maxScore = std::max(maxScore, scores[i]);
    }
    double sum = 0.0;
    for (int i = 0; i < n; ++i) {
        scores[i] = std::exp(scores[i] - maxScore);
        sum += scores[i];
    }
    for (int i = 0; i < n; ++i)
        scores[i] = float(scores[i] / sum);
    // Walk the elements once; p[j] is read before out[j] is written.
    for (size_t j = 0; j < d; ++j) {
        float acc = 0.0f;
        for (int i = 0; i < nBlocks; ++i)
            acc += scores[i] * blocks[i][j];
        acc += scores[nBlocks] * p[j];
        out[j] = acc;
    }
}

} // namespace sluice::model
