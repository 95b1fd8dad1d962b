#pragma once
// Element-wise and small reduction ops of the forward pass (spec 2.1, 2.3,
// 2.4, 2.5, 2.8). Plain f32 code (reductions accumulate in double); they are
// a negligible share of a token next to the matvecs. Unless stated, `out` may
// alias an input element-for-element (out == x is fine).
#include <cstddef>

namespace sluice::kernels {

// out = x * (mean(x^2) + eps)^-1/2 * w   (w may be null: no weight).
void rmsNorm(const float *x, const float *w, float eps, size_t n, float *out);

// out = SiLU(g) * u.
void siluGlu(const float *g, const float *u, size_t n, float *out);

// out = [b1 tanh(g/b1) sigmoid(g)] * [b2 tanh(u/b2)]; b2 <= 0 means the model
// has no activation_situ_linear_beta and the second factor is just u.
void situGlu(const float *g, const float *u, float beta1, float beta2, size_t n, float *out);

void sigmoid(const float *x, size_t n, float *out);
void silu(const float *x, size_t n, float *out);
// softplus(z) = ln(1 + e^z), and z itself for z > 20 (as WASTE).
void softplus(const float *x, size_t n, float *out);
// out = x * sigmoid(gate) (output gates of KDA and MLA).
void mulSigmoid(const float *x, const float *gate, size_t n, float *out);

// Numerically stable softmax of scale * x (max subtracted first).
void softmax(const float *x, size_t n, float *out, float scale = 1.0f);

// GELU, tanh approximation: 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))).
void geluTanh(const float *x, size_t n, float *out);
// GELU, exact: 0.5 x (1 + erf(x / sqrt 2)).
void geluErf(const float *x, size_t n, float *out);

// Short causal depthwise conv, kernel 4 (spec 2.3 step 2), one token:
//   y[c] = w[c][0] u_{t-3}[c] + w[c][1] u_{t-2}[c] + w[c][2] u_{t-1}[c] + w[c][3] u[c]
// w is [channels][4] (the stored [C,1,4] kernel). ring is [channels][3]
// holding u_{t-3}, u_{t-2}, u_{t-1} (zeros at sequence start) and is shifted
// to hold the three latest values afterwards. With applySilu, y = SiLU(conv).
// y must not alias u.
void causalConv4Step(const float *u, const float *w, float *ring, size_t channels, float *y, bool applySilu = true);

// Attention Residuals (spec 2.8): V = [blocks[0..nBlocks), p];
//   score_i = sum_j (V_i[j] / rms(V_i)) * normW[j] * projW[j];  alpha = softmax(score);
//   out = sum_i alpha_i V_i   (unnormalised vectors; summed in order, p last).
// scores (nBlocks + 1 floats, the caller's: no allocation here) receives alpha.
// out may alias p or any block (alias-safe per element): every score is
// computed before anything is written. The forward pass's mix (fixed
// summation order, so chunked and token-by-token runs give the same bits).
void attnResMix(const float *const *blocks, size_t nBlocks, const float *p, const float *normW, const float *projW,
                size_t d, float eps, float *scores, float *out);

// Small linear-algebra helpers for the attention code (MLA scores and sums).
float dot(const float *a, const float *b, size_t n);       // sum in order, f32 with 8 partial sums
void axpy(float a, const float *x, size_t n, float *y);    // y += a x
void scale(float a, size_t n, float *x);                   // x *= a
void add(const float *a, const float *b, size_t n, float *out); // out = a + b

} // namespace sluice::kernels
