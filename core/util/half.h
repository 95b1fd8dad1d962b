#pragma once
// IEEE binary16 and bfloat16 conversions. fp16 subnormals are decoded exactly
// (mantissa * 2^-24): 1% of K3's trunk group scales are subnormal and flushing
// them zeroes whole groups of weights (spec 2.11).
#include <cstdint>
#include <cstring>

namespace sluice {

// Exact fp16 -> f32, subnormals, infinities and NaN included.
inline float halfToFloat(uint16_t h)
{
    const uint32_t sign = uint32_t(h & 0x8000u) << 16;
    const uint32_t exponent = (h >> 10) & 0x1fu;
    uint32_t mantissa = h & 0x3ffu;
    uint32_t bits;
    if (exponent == 0) {
        if (mantissa == 0) {
            bits = sign;
        } else {
            // Subnormal: normalise the mantissa into an f32 normal number.
            int e = -1;
            do {
                ++e;
                mantissa <<= 1;
            } while ((mantissa & 0x400u) == 0);
            bits = sign | uint32_t(127 - 15 - e) << 23 | (mantissa & 0x3ffu) << 13;
        }
    } else if (exponent == 31) {
        bits = sign | 0x7f800000u | mantissa << 13;
    } else {
        bits = sign | (exponent + 127 - 15) << 23 | mantissa << 13;
    }
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
}

// f32 -> fp16 with round-half-to-even, producing subnormals and infinities.
uint16_t floatToHalf(float f);

inline float bf16ToFloat(uint16_t h)
{
    const uint32_t bits = uint32_t(h) << 16;
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
}

// f32 -> bf16 with round-half-to-even (NaN stays NaN).
uint16_t floatToBf16(float f);

} // namespace sluice
