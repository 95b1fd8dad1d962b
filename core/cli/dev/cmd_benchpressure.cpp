// sluice-cli bench-pressure MODEL: the budget under memory pressure (issue 19).
// A bounded memory hog (a child forked before the model opens: it waits
// --hog-start s, maps and touches min(MemAvailable - --hog-leave, --hog-max)
// and exits after --hog-seconds, killed with its parent) takes most of the
// free RAM while the model decodes in short turns. Each turn prints one line:
// time, tok/s, Sluice's RSS, MemAvailable, the budget and the cache. With
// --adapt-budget the monitor (cli/budgetadapt.h) moves the budget between
// turns. Because the hog is capped for safety, its pressure is measured
// against thresholds scaled to it: pressure below (MemAvailable during the
// hog + 1 GiB), calm above (that + 1 GiB), unless --adapt-low/--adapt-high are
// given. Linux only. Figures: docs/streaming.md "Live budget".
#include "benchmeasure.h"
#include "command.h"

#include "api/model.h"
#include "api/session.h"
#include "budgetadapt.h"
#include "options.h"
#include "stream/memoryplanner.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>
#include <thread>

#ifdef __linux__
#include <csignal>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#endif

using namespace sluice;

namespace {

using cli::bench::mib;
using cli::bench::rssBytes;

using Clock = std::chrono::steady_clock;

#ifdef __linux__
uint64_t memAvailableBytes()
{
    std::ifstream f("/proc/meminfo");
    std::string key;
    uint64_t kib = 0;
    std::string unit;
    while (f >> key >> kib) {
        std::getline(f, unit);
        if (key == "MemAvailable:")
            return kib * 1024;
    }
    return 0;
}

void sleepSeconds(double s)
{
    timespec ts { time_t(s), long((s - double(time_t(s))) * 1e9) };
    while (nanosleep(&ts, &ts) != 0) { }
}

// The child: only async-signal-safe calls (it is forked before any thread
// exists, but stays minimal anyway). Dies with the parent.
// Writes one byte to `ready` once every page is touched, so the parent can
// mark when the memory was really taken (touching GiBs takes seconds under load).
[[noreturn]] void runHog(uint64_t bytes, double startAfter, double holdFor, int ready)
{
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    sleepSeconds(startAfter);
    void *p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
    if (p != MAP_FAILED) {
        const long page = sysconf(_SC_PAGESIZE);
        for (uint64_t off = 0; off < bytes; off += uint64_t(page))
            static_cast<volatile char *>(p)[off] = 1;
        const char one = 1;
        (void)!write(ready, &one, 1);
        sleepSeconds(holdFor);
    }
    _exit(0);
}
#endif

} // namespace

#ifdef __linux__
namespace {

// The forked hog: its pid, the read end of its "memory taken" pipe, and
// whether it has been reaped already.
struct Hog {
    pid_t child = -1;
    int readyFd = -1;
    bool exited = false;

    void reap()
    {
        if (!exited) {
            kill(child, SIGKILL);
            waitpid(child, nullptr, 0);
        }
        close(readyFd);
    }
};

// Forks the hog taking `bytes` after hogStart s for hogSeconds s; false after printing why not.
bool startHog(uint64_t bytes, double hogStart, double hogSeconds, Hog &hog)
{
    int ready[2];
    if (pipe(ready) != 0) {
        std::fprintf(stderr, "bench-pressure: pipe failed\n");
        return false;
    }
    const pid_t child = fork();
    if (child < 0) {
        std::fprintf(stderr, "bench-pressure: fork failed\n");
        return false;
    }
    if (child == 0)
        runHog(bytes, hogStart, hogSeconds, ready[1]);
    close(ready[1]);
    fcntl(ready[0], F_SETFL, O_NONBLOCK);
    hog.child = child;
    hog.readyFd = ready[0];
    return true;
}

// Short decode turns until `seconds` from t0, one line each; returns the failed turns.
int decodeTurns(Model &m, Session &s, BudgetAdapter &adapter, Hog &hog, Clock::time_point t0, double seconds,
                int turnTokens)
{
    SamplingParams sp;
    sp.maxTokens = turnTokens;
    sp.temperature = 0;
    const std::vector<int> prompt { 1, 2, 3, 4 };
    int failures = 0;
    while (std::chrono::duration<double>(Clock::now() - t0).count() < seconds) {
        std::string event = adapter.applyPending().describe();
        std::replace(event.begin(), event.end(), '\n', ';');
        auto note = [&event](const std::string &what) {
            if (!event.empty())
                event += ';';
            event += what;
        };
        char byte;
        if (read(hog.readyFd, &byte, 1) == 1)
            note("hog holds its memory");
        if (!hog.exited && waitpid(hog.child, nullptr, WNOHANG) == hog.child) {
            hog.exited = true;
            note("hog exited");
        }
        s.reset();
        const auto g0 = Clock::now();
        auto r = s.generate(prompt, sp, [](const GeneratedToken &) { return true; });
        const double g = std::chrono::duration<double>(Clock::now() - g0).count();
        if (!r) {
            ++failures;
            note("error: " + r.status().message());
        }
        const double tps = r && g > 0 ? double(r->tokens.size()) / g : 0.0;
        std::printf("%.2f\t%.2f\t%.0f\t%.0f\t%.0f\t%.0f\t%s\n",
            std::chrono::duration<double>(Clock::now() - t0).count(), tps, mib(rssBytes()), mib(memAvailableBytes()),
            mib(m.info().budgetBytes), mib(m.info().expertCacheBytes), event.c_str());
        std::fflush(stdout);
        if (failures > 3)
            break;
    }
    return failures;
}

struct PressureOptions {
    EngineOptions opts;
    double seconds = 30, hogStart = 6, hogSeconds = 12;
    uint64_t hogLeave = 2ull << 30, hogMax = 8ull << 30;
    int turnTokens = 8;
    cli::AdaptOptions adapt;
};

void declarePressureOptions(cli::OptionParser &p, PressureOptions &o)
{
    p.positional("MODEL", &o.opts.modelPath, "a .waste container directory");
    p.number("--seconds", &o.seconds, 5, 600, "length of the run (default 30)", "S");
    p.number("--hog-start", &o.hogStart, 0, 600, "the hog starts S after the run (default 6)", "S");
    p.number("--hog-seconds", &o.hogSeconds, 1, 600, "the hog holds its memory S seconds (default 12)", "S");
    p.size("--hog-leave", &o.hogLeave, 1ull << 30, 1ull << 50,
        "the hog leaves SIZE of MemAvailable (default 2G, at least 1G)");
    p.size("--hog-max", &o.hogMax, 1ull << 20, 64ull << 30, "the hog takes at most SIZE (default 8G)");
    p.integer("--turn-tokens", &o.turnTokens, 2, 4096, "tokens per decode turn (default 8)");
    cli::addEngineOptions(p, o.opts);
    cli::addAdaptOptions(p, o.adapt);
}

// The model and its session open, the adapter started with thresholds scaled
// to the capped hog unless given; then the turns. Returns the exit status.
int runUnderHog(const cli::OptionParser &p, PressureOptions &o, Hog &hog, uint64_t avail0, uint64_t hogBytes,
                Clock::time_point t0)
{
    auto model = Model::open(o.opts);
    if (!model) {
        std::fprintf(stderr, "bench-pressure: %s\n", model.status().message().c_str());
        return 1;
    }
    Model &m = **model;
    auto session = m.createSession();
    if (!session) {
        std::fprintf(stderr, "bench-pressure: %s\n", session.status().message().c_str());
        return 1;
    }
    cli::AdaptOptions &adapt = o.adapt;
    const uint64_t during = avail0 > hogBytes ? avail0 - hogBytes : 0;
    if (!p.wasGiven("--adapt-low"))
        adapt.settings.lowAvailableBytes = during + (1ull << 30);
    if (!p.wasGiven("--adapt-high"))
        adapt.settings.highAvailableBytes = adapt.settings.lowAvailableBytes + (1ull << 30);
    BudgetAdapter adapter;
    if (Status st = cli::startAdapter(adapter, budgetTarget(m), adapt); !st.isOk()) {
        std::fprintf(stderr, "bench-pressure: %s\n", st.message().c_str());
        return 1;
    }
    std::printf("# bench-pressure: hog %.0f MiB from %.1f s for %.1f s (MemAvailable at start %.0f MiB); adapt %s "
                "(pressure under %.0f MiB, calm over %.0f MiB); budget %.0f MiB, cache %.0f MiB\n",
        mib(hogBytes), o.hogStart, o.hogSeconds, mib(avail0), adapt.enabled ? "on" : "off",
        mib(adapt.settings.lowAvailableBytes), mib(adapt.settings.highAvailableBytes), mib(m.info().budgetBytes),
        mib(m.info().expertCacheBytes));
    std::printf("t_s\ttok_s\trss_mib\tavail_mib\tbudget_mib\tcache_mib\tevent\n");
    const int failures = decodeTurns(m, **session, adapter, hog, t0, o.seconds, o.turnTokens);
    return failures ? 1 : 0;
}

} // namespace
#endif

static int runBenchPressure(const std::vector<std::string> &args)
{
#ifndef __linux__
    std::fprintf(stderr, "bench-pressure: Linux only (it forks a memory hog and reads /proc)\n");
    return 1;
#else
    PressureOptions o;
    o.adapt.settings.intervalSeconds = 0.5;
    o.adapt.settings.calmSeconds = 3;
    cli::OptionParser p("bench-pressure", "Decode in short turns while a bounded memory hog takes most free RAM.");
    declarePressureOptions(p, o);
    if (const int code = p.parse(args); code >= 0)
        return code;
    if (o.hogStart + o.hogSeconds >= o.seconds)
        return p.usageError("--hog-start + --hog-seconds must end before --seconds");

    // The hog first, before the engine starts any thread.
    const uint64_t avail0 = memAvailableBytes();
    if (avail0 <= o.hogLeave + (256ull << 20)) {
        std::fprintf(stderr, "bench-pressure: MemAvailable %.0f MiB leaves no room for a hog (--hog-leave %.0f MiB)\n",
            mib(avail0), mib(o.hogLeave));
        return 1;
    }
    const uint64_t hogBytes = std::min(avail0 - o.hogLeave, o.hogMax);
    const auto t0 = Clock::now();
    Hog hog;
    if (!startHog(hogBytes, o.hogStart, o.hogSeconds, hog))
        return 1;
    const int code = runUnderHog(p, o, hog, avail0, hogBytes, t0);
    hog.reap();
    return code;
#endif
}

static const cli::CommandRegistration benchPressureCommand { "bench-pressure",
    "Decode under a bounded memory hog, with and without --adapt-budget", runBenchPressure };
