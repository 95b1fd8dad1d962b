#pragma once
// Host concerns the library does not have (it reads no environment variable
// and prints nothing): the environment variables sluice-cli honours, and the
// per-token profile it prints from the statistics the session returns.
#include "api/runtime.h"
#include "api/types.h"
#include "options.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace sluice::cli {

// SLUICE_THREADS, SLUICE_VERIFY=1, SLUICE_LOOKAHEAD: applied as defaults
// BEFORE the command line is parsed, so an explicit option always wins
// (SLUICE_LOOKAHEAD used to override --lookahead inside the engine).
inline void applyEngineEnvironment(ModelOptions &o)
{
    if (const char *env = std::getenv("SLUICE_THREADS"); env && *env)
        o.threads = std::max(0, std::atoi(env));
    if (const char *env = std::getenv("SLUICE_VERIFY"); env && std::string(env) == "1")
        o.verifyChecksums = true;
    if (const char *env = std::getenv("SLUICE_LOOKAHEAD"); env && *env)
        o.lookahead = std::max(0, std::atoi(env));
}

// SLUICE_KERNELS=scalar|avx2|avx512|neon: the kernel level for the whole run
// (clamped to what the CPU has). An unknown value is named and ignored.
inline void applyKernelEnvironment()
{
    const char *env = std::getenv("SLUICE_KERNELS");
    if (!env || !*env)
        return;
    if (setKernelLevel(env).empty())
        std::fprintf(stderr, "%s: SLUICE_KERNELS=%s is not a kernel level (scalar, avx2, avx512, neon); ignored\n",
                     programName().c_str(), env);
}

// SLUICE_PROFILE=1: one line per generated token on stderr.
inline bool profileRequested()
{
    const char *env = std::getenv("SLUICE_PROFILE");
    return env && std::string(env) == "1";
}

inline void printTokenProfile(int index, const TokenStats &s)
{
    const double compute = s.attentionSeconds + s.expertLutBuildSeconds + s.expertApplySeconds + s.trunkSeconds +
                           s.lmHeadSeconds;
    std::fprintf(stderr,
                 "[profile] token %d: %.2f ms = I/O wait %.2f + attention %.2f + trunk %.2f + LUT build %.2f + "
                 "LUT apply %.2f + lm_head %.2f + other %.2f ms; hits %llu misses %llu spec used %llu wasted %llu, "
                 "%.1f MB read\n",
                 index, s.tokenSeconds * 1e3, s.ioWaitSeconds * 1e3, s.attentionSeconds * 1e3, s.trunkSeconds * 1e3,
                 s.expertLutBuildSeconds * 1e3, s.expertApplySeconds * 1e3, s.lmHeadSeconds * 1e3,
                 (s.tokenSeconds - s.ioWaitSeconds - compute) * 1e3, (unsigned long long)s.demandHits,
                 (unsigned long long)s.demandMisses, (unsigned long long)s.speculativeUsed,
                 (unsigned long long)s.speculativeWasted, double(s.bytesRead) / 1e6);
}

} // namespace sluice::cli
