#pragma once
// MXFP4 as the K3 release stores its routed experts (spec 3): a [rows, cols]
// matrix is `weight_packed` uint8 [rows, cols/2] (two E2M1 codes per byte, low
// nibble = even element) and `weight_scale` uint8 [rows, cols/32] (one E8M0
// exponent per 32 consecutive elements of a row). Value = E2M1(code) *
// 2^(e - 127); e = 0 is exactly zero here (as WASTE decodes it; OCP MX says
// 2^-127, which no real group uses).
#include <cstddef>
#include <cstdint>

namespace sluice {

inline constexpr int kMxfp4Group = 32;

// |E2M1| magnitudes by the low three bits of a code; bit 3 is the sign.
inline constexpr float kE2M1Magnitude[8] = {0.0f, 0.5f, 1.0f, 1.5f, 2.0f, 3.0f, 4.0f, 6.0f};

// Quantises rows x cols floats (cols a multiple of 32): per group the smallest
// power-of-two scale with amax / scale <= 6, then round to the nearest E2M1
// value (ties to the even code). Writers of synthetic checkpoints use it.
void quantizeMxfp4(const float *w, size_t rows, size_t cols, uint8_t *packed, uint8_t *scales);

// Exact dequantisation of one row (reference for tests).
void dequantizeMxfp4Row(const uint8_t *packedRow, const uint8_t *scaleRow, size_t cols, float *out);

} // namespace sluice
