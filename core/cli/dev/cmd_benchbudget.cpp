// sluice-cli bench-budget MODEL: decode speed as the budget rises and falls
// (issue 31, "more memory is never slower"). One process, one model, the
// live budget (Model::setBudget) stepped over floor + k working sets for the
// given k, ascending then descending, --rounds times. Every visit decodes the
// same sequence (reset, the same prompt, the same seeded sampling: output
// does not depend on the budget), so the budgets differ only in what the
// cache holds: --warmup tokens first, then --tokens measured. Each visit
// prints one line (decode tok/s, hit rate, MB read, minor faults, system
// CPU, RSS); the summary gives each budget's median over its visits and the
// spread of one budget's visits (the noise a monotonicity claim is held to).
// Figures: docs/performance.md "Budget monotonicity".
#include "benchmeasure.h"
#include "command.h"

#include "api/model.h"
#include "api/session.h"
#include "options.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#ifdef __linux__
#include <sys/resource.h>
#endif

using namespace sluice;

namespace {

using cli::bench::median;
using cli::bench::mib;
using cli::bench::rssBytes;

struct ProcessCounters {
    uint64_t minorFaults = 0;
    double systemSeconds = 0;
    double cpuSeconds = 0; // user + system, every thread
};

ProcessCounters processCounters()
{
    ProcessCounters c;
#ifdef __linux__
    struct rusage u {};
    getrusage(RUSAGE_SELF, &u);
    c.minorFaults = uint64_t(u.ru_minflt);
    c.systemSeconds = double(u.ru_stime.tv_sec) + double(u.ru_stime.tv_usec) * 1e-6;
    c.cpuSeconds = c.systemSeconds + double(u.ru_utime.tv_sec) + double(u.ru_utime.tv_usec) * 1e-6;
#endif
    return c;
}


// "0,1,2,4,8" -> {0, 1, 2, 4, 8}; empty on a malformed or unsorted list.
std::vector<double> parseSteps(const std::string &text)
{
    std::vector<double> steps;
    std::stringstream in(text);
    std::string item;
    while (std::getline(in, item, ',')) {
        try {
            size_t used = 0;
            const double v = std::stod(item, &used);
            if (used != item.size() || !(v >= 0 && v <= 1000))
                return {};
            steps.push_back(v);
        } catch (...) {
            return {};
        }
    }
    if (steps.empty() || !std::is_sorted(steps.begin(), steps.end()) ||
        std::adjacent_find(steps.begin(), steps.end()) != steps.end())
        return {};
    return steps;
}

struct Visit {
    double step = 0;
    double tokPerSec = 0, hitRate = 0, sysSeconds = 0, cpuPerToken = 0;
    uint64_t bytesRead = 0, minorFaults = 0, rss = 0;
};

// One visit: the same sequence decoded again, --warmup tokens first, then the
// measured ones. Returns 0, or 1 after printing the error.
int decodeVisit(Session &s, const std::vector<int> &prompt, const SamplingParams &sp, int warmup, Visit &v)
{
    s.reset();
    int seen = 0;
    TokenStats measured;
    double seconds = 0;
    ProcessCounters before;
    auto r = s.generate(prompt, sp, [&](const GeneratedToken &t) {
        if (seen == warmup)
            before = processCounters();
        if (seen++ >= warmup) {
            seconds += t.stats.tokenSeconds;
            measured.demandHits += t.stats.demandHits;
            measured.demandMisses += t.stats.demandMisses;
            measured.bytesRead += t.stats.bytesRead;
        }
        return true;
    });
    if (!r) {
        std::fprintf(stderr, "bench-budget: %s\n", r.status().message().c_str());
        return 1;
    }
    const ProcessCounters after = processCounters();
    const int counted = std::max(seen - warmup, 0);
    if (counted == 0) {
        std::fprintf(stderr, "bench-budget: the sequence ended (end of sequence or context) during the "
                             "warm-up; give a smaller --warmup\n");
        return 1;
    }
    v.tokPerSec = seconds > 0 ? counted / seconds : 0;
    const uint64_t uses = measured.demandHits + measured.demandMisses;
    v.hitRate = uses ? 100.0 * double(measured.demandHits) / double(uses) : 0;
    v.bytesRead = measured.bytesRead;
    v.minorFaults = after.minorFaults - before.minorFaults;
    v.sysSeconds = after.systemSeconds - before.systemSeconds;
    // CPU time per token: on a shared machine wall time follows the
    // neighbours' load, CPU time much less.
    v.cpuPerToken = (after.cpuSeconds - before.cpuSeconds) / counted;
    v.rss = rssBytes();
    return 0;
}

// Per budget: the median and the range of its visits; a step is "not
// slower" when its median is within the larger of the two neighbours'
// spreads (the measured noise), and the verdict says where it is not.
void printBudgetSummary(const std::vector<double> &steps, const std::vector<Visit> &visits)
{
    std::printf("# summary: ws\tmedian_tok_s\tmin\tmax\tmedian_hit_pct\tmedian_minflt\tmedian_cpu_s_per_tok\n");
    std::vector<double> medians, spreads;
    for (double k : steps) {
        std::vector<double> tps, hits, faults, cpu;
        for (const Visit &v : visits)
            if (v.step == k) {
                tps.push_back(v.tokPerSec);
                hits.push_back(v.hitRate);
                faults.push_back(double(v.minorFaults));
                cpu.push_back(v.cpuPerToken);
            }
        const auto [lo, hi] = std::minmax_element(tps.begin(), tps.end());
        medians.push_back(median(tps));
        spreads.push_back(*hi - *lo);
        std::printf("# %g\t%.3f\t%.3f\t%.3f\t%.1f\t%.0f\t%.3f\n", k, medians.back(), *lo, *hi, median(hits),
                    median(faults), median(cpu));
    }
    bool monotone = true;
    for (size_t i = 1; i < steps.size(); ++i) {
        const double noise = std::max(spreads[i], spreads[i - 1]);
        if (medians[i] + noise < medians[i - 1]) {
            monotone = false;
            std::printf("# slower: %g working sets decode %.3f tok/s, %g decode %.3f (noise %.3f)\n", steps[i],
                        medians[i], steps[i - 1], medians[i - 1], noise);
        }
    }
    std::printf("# verdict: %s\n", monotone ? "no step slower than the one below it, within the measured noise"
                                            : "a larger budget decoded slower (see above)");
}

struct BudgetBenchOptions {
    EngineOptions opts;
    std::string stepsText = "0,1,2,4,8";
    int tokens = 32, warmup = 16, rounds = 2;
    float temperature = 1.0f;
};

// The budgets ascending then descending, --rounds times, one line a visit.
// Returns 0, or 1 after printing the error.
int visitBudgets(Model &m, Session &s, const BudgetBenchOptions &o, const std::vector<double> &steps,
                 const std::vector<int> &prompt, const SamplingParams &sp, uint64_t floor, uint64_t workingSet,
                 std::vector<Visit> &visits)
{
    const auto budgetOf = [&](double k) { return floor + uint64_t(k * double(workingSet)); };
    std::vector<double> order(steps);
    order.insert(order.end(), steps.rbegin(), steps.rend());
    for (int round = 1; round <= o.rounds; ++round) {
        for (size_t i = 0; i < order.size(); ++i) {
            const double k = order[i];
            if (Status st = m.setBudget(budgetOf(k)); !st.isOk()) {
                std::fprintf(stderr, "bench-budget: budget %.0f MiB: %s\n", mib(budgetOf(k)), st.message().c_str());
                return 1;
            }
            Visit v;
            v.step = k;
            if (decodeVisit(s, prompt, sp, o.warmup, v))
                return 1;
            visits.push_back(v);
            std::printf("%d\t%s\t%g\t%.1f\t%d\t%.3f\t%.1f\t%.1f\t%llu\t%.3f\t%.3f\t%.1f\n", round,
                        i < steps.size() ? "up" : "down", k, mib(m.info().budgetBytes), m.info().expertCacheSlots,
                        v.tokPerSec, v.hitRate, mib(v.bytesRead), (unsigned long long)v.minorFaults, v.sysSeconds,
                        v.cpuPerToken, mib(v.rss));
            std::fflush(stdout);
        }
    }
    return 0;
}

int runBenchBudget(const std::vector<std::string> &args)
{
    BudgetBenchOptions o;
    cli::OptionParser p("bench-budget", "Decode tok/s at floor + k working sets, budgets ascending then descending.");
    p.positional("MODEL", &o.opts.modelPath, "a .waste container directory or a release folder");
    p.text("--steps", &o.stepsText, "working sets over the floor, ascending (default 0,1,2,4,8)", "LIST");
    p.integer("--tokens", &o.tokens, 1, 100000, "tokens measured per visit (default 32)");
    p.integer("--warmup", &o.warmup, 0, 100000, "tokens decoded first at each visit, not measured (default 16)");
    p.integer("--rounds", &o.rounds, 1, 100, "ascending + descending passes (default 2)");
    p.number("--temp", &o.temperature, 0, 10, "sampling temperature, seed fixed (default 1: the tokens keep moving)");
    cli::addEngineOptions(p, o.opts);
    if (const int code = p.parse(args); code >= 0)
        return code;
    const std::vector<double> steps = parseSteps(o.stepsText);
    if (steps.empty())
        return p.usageError("--steps: give ascending, distinct working-set counts like 0,1,2,4,8");

    auto model = Model::open(o.opts);
    if (!model) {
        std::fprintf(stderr, "bench-budget: %s\n", model.status().message().c_str());
        return 1;
    }
    Model &m = **model;
    const ModelInfo info = m.info();
    const uint64_t workingSet = uint64_t(info.topK) * uint64_t(info.moeLayers) * info.recordBytes;
    // The live budget's floor: the decode floor at the prefill chunk and
    // checkpoints this open granted (what setBudget accepts).
    const uint64_t floor = info.liveBudgetMinBytes;
    const uint64_t top = floor + uint64_t(steps.back() * double(workingSet));
    if (info.liveBudgetMaxBytes && top > info.liveBudgetMaxBytes) { // 0 = no limit
        std::fprintf(stderr,
                     "bench-budget: floor + %g working sets = %.0f MiB is above the most this open model can grow to "
                     "(%.0f MiB); open it with a larger --budget or give smaller --steps\n",
                     steps.back(), mib(top), mib(info.liveBudgetMaxBytes));
        return 1;
    }
    auto session = m.createSession();
    if (!session) {
        std::fprintf(stderr, "bench-budget: %s\n", session.status().message().c_str());
        return 1;
    }
    std::vector<int> prompt;
    for (int i = 0; i < 8; ++i)
        prompt.push_back(int((17 + 7919 * uint64_t(i)) % uint64_t(std::max(info.vocab - 1, 1))));
    SamplingParams sp;
    sp.maxTokens = o.warmup + o.tokens;
    sp.temperature = o.temperature;
    sp.seed = 1234;
    std::printf("# bench-budget %s: floor %.1f MiB, working set %.1f MiB (top-%d x %d MoE layers x %.2f MiB), "
                "%d threads (0 = one per hardware thread); %d warm-up + %d measured tokens per visit, temperature %g, seed %llu\n",
                o.opts.modelPath.c_str(), mib(floor), mib(workingSet), info.topK, info.moeLayers,
                mib(info.recordBytes), o.opts.threads, o.warmup, o.tokens, double(o.temperature),
                (unsigned long long)sp.seed);
    std::printf("round\tdir\tws\tbudget_mib\tslots\ttok_s\thit_pct\tread_mib\tminflt\tsys_s\tcpu_s_per_tok\trss_mib\n");
    std::vector<Visit> visits;
    if (visitBudgets(m, **session, o, steps, prompt, sp, floor, workingSet, visits))
        return 1;
    printBudgetSummary(steps, visits);
    return 0;
}

} // namespace

static const cli::CommandRegistration benchBudgetCommand{"bench-budget",
                                          "Decode tok/s as the live budget steps up and down (floor + k working sets)",
                                          runBenchBudget};
