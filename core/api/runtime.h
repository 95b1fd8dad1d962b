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

namespace sluice::kernels {

// The kernel levels by value (api/convert.h ConvertOptions::isa); detection
// and dispatch are internal (kernels/cpufeatures.h).
enum class Isa {
    Scalar = 0, // the plain reference path
    Avx2 = 1,   // AVX2 + FMA + F16C
    Avx512 = 2, // AVX-512 F/BW/VL on top of Avx2
    Neon = 3,   // AArch64 Advanced SIMD
};

} // namespace sluice::kernels
