#include "half.h"

namespace sluice {

uint16_t floatToHalf(float f)
{
    uint32_t x;
    std::memcpy(&x, &f, 4);
    const uint16_t sign = uint16_t((x >> 16) & 0x8000u);
    const uint32_t absBits = x & 0x7fffffffu;
    if (absBits >= 0x7f800000u) // inf or NaN
        return uint16_t(sign | 0x7c00u | (absBits > 0x7f800000u ? 0x200u : 0u));
    if (absBits >= 0x477ff000u) // rounds to >= 65520: overflow to infinity
        return uint16_t(sign | 0x7c00u);
    const int exponent = int(absBits >> 23) - 127;
    if (exponent < -25) // below half of the smallest subnormal: zero
        return sign;
    uint32_t mantissa = (absBits & 0x7fffffu) | 0x800000u; // implicit one
    int shift;
    uint32_t base;
    if (exponent < -14) { // subnormal result
        shift = 13 + (-14 - exponent);
        base = 0;
    } else {
        shift = 13;
        base = uint32_t(exponent + 15) << 10;
        mantissa &= 0x7fffffu;
    }
    const uint32_t truncated = mantissa >> shift;
    const uint32_t remainder = mantissa & ((1u << shift) - 1);
    const uint32_t halfway = 1u << (shift - 1);
    uint32_t result = base + truncated;
    if (remainder > halfway || (remainder == halfway && (truncated & 1u)))
        ++result; // carries into the exponent correctly
    return uint16_t(sign | result);
}

uint16_t floatToBf16(float f)
{
    uint32_t x;
    std::memcpy(&x, &f, 4);
    if ((x & 0x7fffffffu) > 0x7f800000u)
        return uint16_t((x >> 16) | 0x40u);
    const uint32_t roundingBias = 0x7fffu + ((x >> 16) & 1u);
    return uint16_t((x + roundingBias) >> 16);
}

} // namespace sluice
