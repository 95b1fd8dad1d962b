#include "cpufeatures.h"

#include <atomic>
#include <cstdlib>
#include <cstring>

namespace sluice::kernels {

namespace {

Isa detect()
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_cpu_init();
    // __builtin_cpu_supports also checks that the OS saves the wider registers.
    const bool avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")
        && __builtin_cpu_supports("f16c");
    const bool avx512 = avx2 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw")
        && __builtin_cpu_supports("avx512vl");
    if (avx512)
        return Isa::Avx512;
    if (avx2)
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

Isa initialIsa()
{
    const Isa best = detectedIsa();
    const char *env = std::getenv("SLUICE_KERNELS");
    if (!env || !*env)
        return best;
    if (!std::strcmp(env, "scalar") || !std::strcmp(env, "reference"))
        return Isa::Scalar;
    if (!std::strcmp(env, "avx2"))
        return clampTo(Isa::Avx2, best);
    if (!std::strcmp(env, "avx512"))
        return clampTo(Isa::Avx512, best);
    if (!std::strcmp(env, "neon"))
        return clampTo(Isa::Neon, best);
    return best; // unknown value: ignore rather than fail in a hot path
}

std::atomic<int> &activeSlot()
{
    static std::atomic<int> slot{int(initialIsa())};
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
    static const bool has = detectedIsa() == Isa::Avx512 && __builtin_cpu_supports("avx512vbmi");
    return has;
#else
    return false;
#endif
}

} // namespace sluice::kernels
