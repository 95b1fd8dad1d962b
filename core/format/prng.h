#pragma once
// The synthetic models' own random numbers: splitmix64 for bits and
// Box-Muller for normals, so a seed gives the same container on every
// platform and standard library (std::normal_distribution is not specified
// bit-for-bit).
#include "util/hash.h"

#include <cmath>
#include <cstdint>
#include <string_view>

namespace sluice {

class SplitMix64 {
public:
    explicit SplitMix64(uint64_t seed) : m_state(seed) {}

    uint64_t next()
    {
        uint64_t z = (m_state += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
    // Uniform in [0, 1) with 53 random bits.
    double uniform() { return double(next() >> 11) * (1.0 / 9007199254740992.0); }
    // Uniform integer in [0, n).
    uint64_t below(uint64_t n) { return n ? next() % n : 0; }
    // Standard normal (Box-Muller; the second value is cached).
    double normal()
    {
        if (m_haveSpare) {
            m_haveSpare = false;
            return m_spare;
        }
        double u1 = uniform();
        if (u1 < 1e-300)
            u1 = 1e-300;
        const double u2 = uniform();
        const double radius = std::sqrt(-2.0 * std::log(u1));
        const double angle = 6.283185307179586 * u2;
        m_spare = radius * std::sin(angle);
        m_haveSpare = true;
        return radius * std::cos(angle);
    }

private:
    uint64_t m_state;
    double m_spare = 0;
    bool m_haveSpare = false;
};

// FNV-1a of a name mixed with a seed: per-tensor streams that do not depend
// on the order tensors are generated in.
inline uint64_t seedFor(uint64_t seed, std::string_view name)
{
    return SplitMix64(fnv1a64(name, kFnv64Offset ^ seed)).next();
}

} // namespace sluice
