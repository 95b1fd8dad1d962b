#pragma once
// Seeded test inputs: the same standard-normal floats for a seed on every run.
#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

namespace sluice::test {

// `n` draws of N(0, 1) from a std::mt19937 seeded with `seed`, in order.
inline std::vector<float> normalVector(size_t n, uint32_t seed)
{
    std::mt19937 rng(seed);
    std::normal_distribution<float> normal(0.0f, 1.0f);
    std::vector<float> v(n);
    for (float &f : v)
        f = normal(rng);
    return v;
}

} // namespace sluice::test
