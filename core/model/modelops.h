#pragma once
// Small scalar vector operations of the forward pass (RMSNorm, sigmoid, the
// GLU activations; the AttnRes mix is kernels::attnResMix). Private to the
// model module: the kernels module did not offer them when the forward pass was written; they are O(d)
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

} // namespace sluice::model
