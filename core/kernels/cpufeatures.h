#pragma once
// Runtime CPU feature detection and the kernel dispatch level. SIMD code is
// compiled per function with target attributes, so one binary runs on any
// x86-64 and picks the widest path the CPU (and OS) supports.
// The host may lower the level (api/runtime.h setKernelLevel; sluice-cli and
// the app map SLUICE_KERNELS onto it); a request above what the CPU has is
// clamped to what it has. The library itself reads no environment variable.
#include "api/runtime.h" // kernels::Isa

namespace sluice::kernels {

const char *isaName(Isa isa);

// The best level this CPU supports (ignores the environment).
Isa detectedIsa();

// The level kernels use now: detectedIsa(), or the last setActiveIsa(). Read on every kernel call (one relaxed atomic load).
Isa activeIsa();

// Force a level (tests, benchmarks); clamped to what the CPU supports.
// Returns the level actually set.
Isa setActiveIsa(Isa isa);

// True if this CPU has AVX-512 VBMI (64-entry byte permutes, used by VQ4P).
bool hasAvx512Vbmi();

} // namespace sluice::kernels
