#pragma once
// Command-line options every engine-driving command shares (run, eval, chat,
// bench): one parser so they spell them the same way. No printing: an error
// comes back as a message.
#include "model/engine.h"

#include <cstdio>
#include <cstdlib>
#include <algorithm>
#include <string>
#include <vector>

namespace sluice {

// If args[i] is an engine option, consumes it (and its value), advancing i,
// and returns true. `error` is set when the option is malformed.
inline bool parseEngineArg(const std::vector<std::string> &args, size_t &i, EngineOptions &o, std::string &error)
{
    const std::string &a = args[i];
    auto value = [&](std::string &out) {
        if (i + 1 >= args.size()) {
            error = a + " needs a value";
            return false;
        }
        out = args[++i];
        return true;
    };
    auto intValue = [&](int &out, int lo, int hi) {
        std::string v;
        if (!value(v))
            return;
        char *end = nullptr;
        const long n = std::strtol(v.c_str(), &end, 10);
        if (end == v.c_str() || *end || n < lo || n > hi)
            error = a + ": bad value '" + v + "'";
        else
            out = int(n);
    };
    if (a == "--threads") {
        intValue(o.threads, 0, 1024);
    } else if (a == "--ctx") {
        intValue(o.contextLength, 1, 1 << 24);
    } else if (a == "--lookahead") {
        intValue(o.lookahead, 0, 4096);
    } else if (a == "--io-threads") {
        intValue(o.ioThreads, 1, 64);
    } else if (a == "--budget") {
        std::string v;
        if (!value(v))
            return true;
        char *end = nullptr;
        double x = std::strtod(v.c_str(), &end);
        std::string unit = end ? end : "";
        double scale = 1;
        if (unit == "G" || unit == "GiB" || unit == "g")
            scale = 1024.0 * 1024 * 1024;
        else if (unit == "M" || unit == "MiB" || unit == "m")
            scale = 1024.0 * 1024;
        else if (!unit.empty())
            x = -1;
        if (end == v.c_str() || x < 0)
            error = "--budget: bad size '" + v + "' (e.g. 48G, 512M)";
        else
            o.budgetBytes = uint64_t(x * scale);
    } else if (a == "--verify") {
        o.verifyChecksums = true;
    } else if (a == "--no-cache") {
        o.cacheEnabled = false;
    } else if (a == "--no-read-ahead") {
        o.readAhead = false;
    } else if (a == "--buffered") {
        o.directIo = false;
    } else {
        return false;
    }
    return true;
}

// Host concerns the library no longer has: the environment variables the CLI
// honours, applied BEFORE the command line is parsed so an explicit option
// always wins (SLUICE_LOOKAHEAD used to override --lookahead inside the engine).
inline void applyEngineEnvironment(EngineOptions &o)
{
    if (const char *env = std::getenv("SLUICE_THREADS"); env && *env)
        o.threads = std::max(0, std::atoi(env));
    if (const char *env = std::getenv("SLUICE_VERIFY"); env && std::string(env) == "1")
        o.verifyChecksums = true;
    if (const char *env = std::getenv("SLUICE_LOOKAHEAD"); env && *env)
        o.lookahead = std::max(0, std::atoi(env));
}

// SLUICE_PROFILE=1: the per-token breakdown on stderr (the library returns it as data).
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

inline const char *kEngineArgsHelp = "  --threads N  --ctx N  --budget SIZE  --lookahead N  --io-threads N\n"
                                     "  --verify  --no-cache  --no-read-ahead  --buffered\n";

} // namespace sluice
