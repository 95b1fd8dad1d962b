#pragma once
// Binary size units for the tests (a module's tests share one translation
// unit in the unity build, so each file cannot define its own).
#include <cstdint>

namespace sluice::test {
constexpr uint64_t KiB = 1ull << 10;
constexpr uint64_t MiB = 1ull << 20;
constexpr uint64_t GiB = 1ull << 30;
constexpr double kGiB = double(GiB); // for sizes shown as fractional GiB
} // namespace sluice::test
