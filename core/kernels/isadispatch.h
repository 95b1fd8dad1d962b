#pragma once
// Internal: picks the variant of a row kernel for the active ISA
// (cpufeatures.h), one switch for every kernel family that has per-ISA row
// functions (matvec.cpp, mxfp4.cpp). A variant this build does not compile is
// named through SLUICE_X86/SLUICE_NEON, which drop the name elsewhere, and
// falls back to the scalar reference, as a level above the CPU's never happens.
#include "cpufeatures.h"

#include <type_traits>

#if defined(__x86_64__)
#define SLUICE_X86(fn) fn
#else
#define SLUICE_X86(fn) nullptr
#endif
#if defined(__aarch64__) && defined(__ARM_NEON)
#define SLUICE_NEON(fn) fn
#else
#define SLUICE_NEON(fn) nullptr
#endif

namespace sluice::kernels::detail {

template<typename Fn>
Fn *forActiveIsa(Fn *scalar, std::type_identity_t<Fn> *avx2, std::type_identity_t<Fn> *avx512,
                 std::type_identity_t<Fn> *neon)
{
    Fn *chosen = nullptr;
    switch (activeIsa()) {
    case Isa::Avx512:
        chosen = avx512;
        break;
    case Isa::Avx2:
        chosen = avx2;
        break;
    case Isa::Neon:
        chosen = neon;
        break;
    case Isa::Scalar:
        break;
    }
    return chosen ? chosen : scalar;
}

} // namespace sluice::kernels::detail
