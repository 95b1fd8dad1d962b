#include "elementwise.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace sluice::kernels {

namespace {
inline float sig(float z) { return 1.0f / (1.0f + std::exp(-z)); }
}

void rmsNorm(const float *x, const float *w, float eps, size_t n, float *out)
{
    double ss = 0;
    for (size_t i = 0; i < n; ++i)
        ss += double(x[i]) * x[i];
    const float inv = float(1.0 / std::sqrt(ss / double(n) + double(eps)));
    for (size_t i = 0; i < n; ++i)
        out[i] = w ? x[i] * inv * w[i] : x[i] * inv;
}

void siluGlu(const float *g, const float *u, size_t n, float *out)
{
    for (size_t i = 0; i < n; ++i)
        out[i] = g[i] * sig(g[i]) * u[i];
}

void situGlu(const float *g, const float *u, float beta1, float beta2, size_t n, float *out)
{
    for (size_t i = 0; i < n; ++i) {
        const float gate = beta1 * std::tanh(g[i] / beta1) * sig(g[i]);
        const float up = beta2 > 0.0f ? beta2 * std::tanh(u[i] / beta2) : u[i];
        out[i] = gate * up;
    }
}

void sigmoid(const float *x, size_t n, float *out)
{
    for (size_t i = 0; i < n; ++i)
        out[i] = sig(x[i]);
}

void silu(const float *x, size_t n, float *out)
{
    for (size_t i = 0; i < n; ++i)
        out[i] = x[i] * sig(x[i]);
}

void softplus(const float *x, size_t n, float *out)
{
    for (size_t i = 0; i < n; ++i)
        out[i] = x[i] > 20.0f ? x[i] : std::log1p(std::exp(x[i]));
}

void mulSigmoid(const float *x, const float *gate, size_t n, float *out)
{
    for (size_t i = 0; i < n; ++i)
        out[i] = x[i] * sig(gate[i]);
}

void softmax(const float *x, size_t n, float *out, float scale)
{
    if (n == 0)
        return;
    float m = scale * x[0];
    for (size_t i = 1; i < n; ++i)
        m = std::max(m, scale * x[i]);
    double sum = 0;
    for (size_t i = 0; i < n; ++i) {
        out[i] = std::exp(scale * x[i] - m);
        sum += out[i];
    }
    const float inv = float(1.0 / sum);
    for (size_t i = 0; i < n; ++i)
        out[i] *= inv;
}

void geluTanh(const float *x, size_t n, float *out)
{
    const float c = 0.7978845608028654f; // sqrt(2/pi)
    for (size_t i = 0; i < n; ++i) {
        const float v = x[i];
        out[i] = 0.5f * v * (1.0f + std::tanh(c * (v + 0.044715f * v * v * v)));
    }
}

void geluErf(const float *x, size_t n, float *out)
{
    for (size_t i = 0; i < n; ++i)
        out[i] = 0.5f * x[i] * (1.0f + std::erf(x[i] * 0.7071067811865476f));
}

void causalConv4Step(const float *u, const float *w, float *ring, size_t channels, float *y, bool applySilu)
{
    for (size_t c = 0; c < channels; ++c) {
        float *r = ring + 3 * c;
        const float *k = w + 4 * c;
        const float cur = u[c];
        const float s = k[0] * r[0] + k[1] * r[1] + k[2] * r[2] + k[3] * cur;
        r[0] = r[1];
        r[1] = r[2];
        r[2] = cur;
        y[c] = applySilu ? s * sig(s) : s;
    }
}

void attnResMix(const float *const *blocks, size_t nBlocks, const float *p, const float *normW, const float *projW,
                size_t d, float eps, float *scores, float *out)
{
    const size_t n = nBlocks + 1;
    float maxScore = -INFINITY;
    for (size_t i = 0; i < n; ++i) {
        const float *v = i < nBlocks ? blocks[i] : p;
        double ss = 0.0, dot = 0.0;
        for (size_t j = 0; j < d; ++j) {
            ss += double(v[j]) * double(v[j]);
            dot += double(v[j]) * double(normW[j]) * double(projW[j]);
        }
        const double inv = 1.0 / std::sqrt(ss / double(d) + double(eps));
        scores[i] = float(dot * inv);
        maxScore = std::max(maxScore, scores[i]);
    }
    double sum = 0.0;
    for (size_t i = 0; i < n; ++i) {
        scores[i] = std::exp(scores[i] - maxScore);
        sum += scores[i];
    }
    for (size_t i = 0; i < n; ++i)
        scores[i] = float(scores[i] / sum);
    // Per element: read every V_i[j] before writing out[j] (alias-safe).
    for (size_t j = 0; j < d; ++j) {
        float acc = 0.0f;
        for (size_t i = 0; i < nBlocks; ++i)
            acc += scores[i] * blocks[i][j];
        acc += scores[nBlocks] * p[j];
        out[j] = acc;
    }
}

float dot(const float *a, const float *b, size_t n)
{
    float part[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    size_t i = 0;
    for (; i + 8 <= n; i += 8)
        for (int k = 0; k < 8; ++k)
            part[k] += a[i + k] * b[i + k];
    float s = ((part[0] + part[1]) + (part[2] + part[3])) + ((part[4] + part[5]) + (part[6] + part[7]));
    for (; i < n; ++i)
        s += a[i] * b[i];
    return s;
}

void axpy(float a, const float *x, size_t n, float *y)
{
    for (size_t i = 0; i < n; ++i)
        y[i] += a * x[i];
}

void scale(float a, size_t n, float *x)
{
    for (size_t i = 0; i < n; ++i)
        x[i] *= a;
}

void add(const float *a, const float *b, size_t n, float *out)
{
    for (size_t i = 0; i < n; ++i)
        out[i] = a[i] + b[i];
}

} // namespace sluice::kernels
