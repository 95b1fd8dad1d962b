#pragma once
// Process-wide settings of the library that a host decides: the kernel level
// (tests, benchmarks and bug reports force the plain reference paths with
// it). The library reads no environment variable; sluice-cli and the app map
// SLUICE_KERNELS=scalar|avx2|avx512|neon onto setKernelLevel.
#include <string>

namespace sluice {

// "scalar" (also "reference"), "avx2", "avx512" or "neon"; a level above what
// the CPU has is clamped to what it has. Returns the level in force after the
// call, or "" (and changes nothing) for a name it does not know.
std::string setKernelLevel(const std::string &name);
// The level kernels use now, and the best this CPU supports.
std::string kernelLevel();
std::string detectedKernelLevel();

} // namespace sluice
