#pragma once
// Reference trunk quantisation (spec 4.3): rows cut into groups of 128,
// one fp16 scale per (row, group) from the group's amax (clamped >= 1e-8),
// codes rounded half-to-even. Q8G: amax/127, int8. Q4G: amax/7, q+8 in
// nibbles, element 2i low. Q3G: amax/3, q+4 as a 3-bit LSB-first bitstream
// with a guard byte. These are the definitions the writer uses and the
// kernels are tested against.
#include "util/tensorformat.h"

#include <cstddef>
#include <cstdint>

namespace sluice {

// Quantises one row of `cols` floats. `row` receives trunkRowBytes(fmt, cols)
// bytes (zero-padded), `scales` ceil(cols/128) fp16 values. For F32/F16
// `scales` is unused; F16 with `bf16` writes bfloat16.
void quantizeTrunkRow(TensorFormat fmt, bool bf16, const float *src, size_t cols, uint8_t *row, uint16_t *scales);

// Decodes one stored row back to `cols` floats.
void dequantizeTrunkRow(TensorFormat fmt, bool bf16, const uint8_t *row, const uint16_t *scales, size_t cols, float *dst);

// Q3G code of element i of a row (in [-4, 3]).
inline int q3gCode(const uint8_t *row, size_t i)
{
    const size_t o = 3 * i;
    const unsigned v = unsigned(row[o >> 3] >> (o & 7)) | unsigned(row[(o >> 3) + 1]) << (8 - (o & 7));
    return int(v & 7u) - 4;
}

// The converter's format choice (spec 4.3): F32 for 1-D or < 65536
// elements, Q8G for embed_tokens / lm_head and anything vision, else the
// trunk default (Q4G, or Q8G / Q3G with --trunk-bits 8 / 3).
TensorFormat defaultTrunkFormat(const char *name, size_t ndim, uint64_t elements, int trunkBits);

} // namespace sluice
