#pragma once
// Non-finite values (inf, NaN) in a float buffer: the engine refuses logits
// that hold one, so a damaged weight or state stops generation with an error
// instead of sampling token 0 from NaN.
#include <cmath>
#include <cstddef>

namespace sluice {

// Index of the first non-finite value, or -1.
inline std::ptrdiff_t firstNonFinite(const float *values, size_t count)
{
    for (size_t i = 0; i < count; ++i) {
        if (!std::isfinite(values[i]))
            return std::ptrdiff_t(i);
    }
    return -1;
}

} // namespace sluice
