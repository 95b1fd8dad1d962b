#include "kda.h"

#include "cpufeatures.h"

#include <cmath>
#include <vector>

namespace sluice::kernels {

namespace {

float softplus20(float z) { return z > 20.0f ? z : std::log1p(std::exp(z)); }
float sigmoidf(float z) { return 1.0f / (1.0f + std::exp(-z)); }

// The fused step for one head: two passes over the state instead of four.
// Written as plain loops over the value dimension so the compiler vectorises
// them; instantiated once for the baseline ISA and once for AVX2+FMA.
__attribute__((always_inline)) inline void stepHead(float *S, const float *q, const float *k, const float *v,
                                                    const float *g, float beta, int D, float *out, float *u)
{
    for (int j = 0; j < D; ++j)
        u[j] = 0.0f;
    // Pass 1: decay each key row and accumulate u = S'^T k.
    for (int i = 0; i < D; ++i) {
        float *row = S + size_t(i) * D;
        const float e = std::exp(g[i]);
        const float ki = k[i];
        for (int j = 0; j < D; ++j) {
            row[j] *= e;
            u[j] += ki * row[j];
        }
    }
    // delta = beta (v - u), kept in u.
    for (int j = 0; j < D; ++j)
        u[j] = beta * (v[j] - u[j]);
    for (int j = 0; j < D; ++j)
        out[j] = 0.0f;
    // Pass 2: rank-1 update and read-out o = S^T q.
    for (int i = 0; i < D; ++i) {
        float *row = S + size_t(i) * D;
        const float ki = k[i], qi = q[i];
        for (int j = 0; j < D; ++j) {
            row[j] += ki * u[j];
            out[j] += qi * row[j];
        }
    }
}

void stepHeadBase(float *S, const float *q, const float *k, const float *v, const float *g, float beta, int D,
                  float *out, float *u)
{
    stepHead(S, q, k, v, g, beta, D, out, u);
}

#if defined(__x86_64__)
__attribute__((target("avx2,fma"))) void stepHeadAvx2(float *S, const float *q, const float *k, const float *v,
                                                       const float *g, float beta, int D, float *out, float *u)
{
    stepHead(S, q, k, v, g, beta, D, out, u);
}
#endif

} // namespace

void kdaDecayKimiLinear(const float *z, const float *aLog, int heads, int dim, float *g)
{
    for (int n = 0; n < heads; ++n) {
        const float a = std::exp(aLog[n]);
        for (int i = 0; i < dim; ++i) {
            const size_t c = size_t(n) * dim + i;
            g[c] = -a * softplus20(z[c]);
        }
    }
}

void kdaDecayBounded(const float *z, const float *aLog, float gMin, int heads, int dim, float *g)
{
    for (int n = 0; n < heads; ++n) {
        const float a = std::exp(aLog[n]);
        for (int i = 0; i < dim; ++i) {
            const size_t c = size_t(n) * dim + i;
            g[c] = gMin * sigmoidf(a * z[c]);
        }
    }
}

void kdaBeta(const float *b, int heads, float *beta)
{
    for (int n = 0; n < heads; ++n)
        beta[n] = sigmoidf(b[n]);
}

void l2NormalizeHeads(float *x, int heads, int dim, float scale, float eps)
{
    for (int n = 0; n < heads; ++n) {
        float *h = x + size_t(n) * dim;
        double ss = 0;
        for (int i = 0; i < dim; ++i)
            ss += double(h[i]) * h[i];
        const float f = float(double(scale) / std::sqrt(ss + double(eps)));
        for (int i = 0; i < dim; ++i)
            h[i] *= f;
    }
}

void kdaStep(float *state, const float *q, const float *k, const float *v, const float *g, const float *beta,
             int heads, int dim, float *out, ThreadPool *pool)
{
    const size_t D = size_t(dim);
#if defined(__x86_64__)
    const bool avx2 = activeIsa() == Isa::Avx2 || activeIsa() == Isa::Avx512;
#endif
    parallelFor(pool, size_t(heads), [&](size_t h0, size_t h1) {
        std::vector<float> u(D);
        for (size_t n = h0; n < h1; ++n) {
            float *S = state + n * D * D;
            const size_t o = n * D;
#if defined(__x86_64__)
            if (avx2) {
                stepHeadAvx2(S, q + o, k + o, v + o, g + o, beta[n], dim, out + o, u.data());
                continue;
            }
#endif
            stepHeadBase(S, q + o, k + o, v + o, g + o, beta[n], dim, out + o, u.data());
        }
    });
}

void kdaStepReference(float *state, const float *q, const float *k, const float *v, const float *g,
                      const float *beta, int heads, int dim, float *out)
{
    const size_t D = size_t(dim);
    std::vector<float> u(D);
    for (size_t n = 0; n < size_t(heads); ++n) {
        float *S = state + n * D * D;
        const float *qn = q + n * D, *kn = k + n * D, *vn = v + n * D, *gn = g + n * D;
        for (size_t i = 0; i < D; ++i) { // S' = diag(exp(g)) S
            const float decay = std::exp(gn[i]);
            for (size_t j = 0; j < D; ++j)
                S[i * D + j] = decay * S[i * D + j];
        }
        for (size_t j = 0; j < D; ++j) { // u = S'^T k
            float a = 0.0f;
            for (size_t i = 0; i < D; ++i)
                a += S[i * D + j] * kn[i];
            u[j] = a;
        }
        for (size_t i = 0; i < D; ++i) // S = S' + k (beta (v - u))^T
            for (size_t j = 0; j < D; ++j)
                S[i * D + j] += kn[i] * (beta[n] * (vn[j] - u[j]));
        for (size_t j = 0; j < D; ++j) { // o = S^T q
            float a = 0.0f;
            for (size_t i = 0; i < D; ++i)
                a += S[i * D + j] * qn[i];
            out[n * D + j] = a;
        }
    }
}

} // namespace sluice::kernels
