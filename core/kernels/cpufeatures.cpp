#include "cpufeatures.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

#include <atomic>

namespace sluice::kernels {

namespace {

#if defined(__x86_64__) || defined(__i386__)
struct X86Features {
    bool avx2 = false, avx512 = false, vbmi = false;
};

// CPUID plus XGETBV: a feature is usable only if the OS also saves the
// register state (YMM for AVX2, ZMM and opmasks for AVX-512).
X86Features x86Features()
{
    X86Features f;
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d))
        return f;
    const bool fma = c & (1u << 12), osxsave = c & (1u << 27), avx = c & (1u << 28), f16c = c & (1u << 29);
    if (!osxsave || !avx)
        return f;
    unsigned xlo, xhi;
    __asm__ volatile("xgetbv" : "=a"(xlo), "=d"(xhi) : "c"(0));
    const bool ymmState = (xlo & 0x6u) == 0x6u;
    const bool zmmState = (xlo & 0xE6u) == 0xE6u;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d))
        return f;
    f.avx2 = ymmState && fma && f16c && (b & (1u << 5));
    const bool avx512f = b & (1u << 16), avx512bw = b & (1u << 30), avx512vl = b & (1u << 31);
    f.avx512 = f.avx2 && zmmState && avx512f && avx512bw && avx512vl;
    f.vbmi = f.avx512 && (c & (1u << 1));
    return f;
}
#endif

Isa detect()
{
#if defined(__x86_64__) || defined(__i386__)
    const X86Features f = x86Features();
    if (f.avx512)
        return Isa::Avx512;
    if (f.avx2)
        return Isa::Avx2;
    return Isa::Scalar;
#elif defined(__aarch64__) && defined(__ARM_NEON)
    return Isa::Neon;
#else
    return Isa::Scalar;
#endif
}

Isa clampTo(Isa wanted, Isa best)
{
    if (wanted == Isa::Scalar)
        return Isa::Scalar;
    if (best == Isa::Neon)
        return wanted == Isa::Neon ? Isa::Neon : Isa::Scalar;
    if (wanted == Isa::Neon)
        return Isa::Scalar;
    return int(wanted) <= int(best) ? wanted : best;
}

std::atomic<int> &activeSlot()
{
    static std::atomic<int> slot{int(detectedIsa())};
    return slot;
}

} // namespace

const char *isaName(Isa isa)
{
    switch (isa) {
    case Isa::Scalar: return "scalar";
    case Isa::Avx2: return "avx2";
    case Isa::Avx512: return "avx512";
    case Isa::Neon: return "neon";
    }
    return "?";
}

Isa detectedIsa()
{
    static const Isa isa = detect();
    return isa;
}

Isa activeIsa() { return Isa(activeSlot().load(std::memory_order_relaxed)); }

Isa setActiveIsa(Isa isa)
{
    const Isa set = clampTo(isa, detectedIsa());
    activeSlot().store(int(set), std::memory_order_relaxed);
    return set;
}

bool hasAvx512Vbmi()
{
#if defined(__x86_64__) || defined(__i386__)
    static const bool has = x86Features().vbmi;
    return has;
#else
    return false;
#endif
}

} // namespace sluice::kernels
