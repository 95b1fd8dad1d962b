#pragma once
// Round half to even, written out plainly: the tests' independent reference
// for the quantisers (which round with the FPU's default mode).
#include <cmath>
#include <cstdint>

namespace sluice::test {

inline int roundHalfEven(double x)
{
    const double f = std::floor(x);
    if (x - f > 0.5)
        return int(f) + 1;
    if (x - f < 0.5)
        return int(f);
    return int64_t(f) % 2 == 0 ? int(f) : int(f) + 1;
}

} // namespace sluice::test
