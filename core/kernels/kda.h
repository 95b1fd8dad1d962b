#pragma once
// Kimi Delta Attention pieces (spec 2.3): decay gates, beta, per-head L2
// normalisation and the recurrent step. The state of one layer is
// heads x [dim x dim] f32, row i = key dimension, column j = value dimension,
// zero at sequence start.
#include "kernels/threadpool.h"

#include <cstddef>

namespace sluice::kernels {

// Kimi-Linear decay: g[n*dim+i] = -exp(aLog[n]) * softplus(z[n*dim+i])
// (softplus(z) = z for z > 20). aLog is indexed per HEAD, never per channel.
void kdaDecayKimiLinear(const float *z, const float *aLog, int heads, int dim, float *g);

// K3 bounded decay: g[n*dim+i] = gMin * sigmoid(exp(aLog[n]) * z[n*dim+i]),
// gMin = gate_lower_bound (-5 on K3), so exp(g) is in (e^gMin, 1).
void kdaDecayBounded(const float *z, const float *aLog, float gMin, int heads, int dim, float *g);

// beta[n] = sigmoid(b[n]). In place allowed.
void kdaBeta(const float *b, int heads, float *beta);

// Per head: x_n <- x_n * scale / sqrt(sum x_n^2 + eps) (q: scale = dim^-1/2;
// k: scale = 1). In place.
void l2NormalizeHeads(float *x, int heads, int dim, float scale = 1.0f, float eps = 1e-12f);

// One token for all heads (q, k already L2-normalised, v raw, g log-decay per
// channel, beta per head). Per head n:
//   S' = diag(exp(g_n)) S_n;  u = S'^T k_n;  S_n = S' + k_n (beta_n (v_n - u))^T;
//   out_n = S_n^T q_n   (decay first, delta rule vs the decayed state, read
//   after the update). Heads run in parallel; results do not depend on the
//   thread count.
void kdaStep(float *state, const float *q, const float *k, const float *v, const float *g, const float *beta,
             int heads, int dim, float *out, ThreadPool *pool = nullptr);

// The same recurrence written literally (separate loops, no SIMD, one thread).
void kdaStepReference(float *state, const float *q, const float *k, const float *v, const float *g,
                      const float *beta, int heads, int dim, float *out);

} // namespace sluice::kernels
