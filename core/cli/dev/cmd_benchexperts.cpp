// sluice-cli bench-experts MODEL [--tokens N] [--prompt TEXT] [--json]:
// experts per token as a speed/quality trade (issue 31). The full model
// (its own top-k) decodes N tokens greedily; then the model is opened again
// at 3/4, 1/2 and 1/4 of its top-k (K3: 12, 8, 4) and teacher-forced on that
// same continuation, one token per step as decode runs. Per top-k: the mean
// KL(full || reduced) of the next-token distributions, the share of steps
// whose argmax is the full model's token (top-1 agreement), expert bytes
// read per token, the cache hit rate and decode tok/s. Each top-k opens a
// fresh model (a cold cache) with the same engine options and budget (the
// engine's alone: the process term is not counted), so the byte counts compare. Figures only; docs/model.md and docs/performance.md
// record them.
#include "command.h"

#include "api/model.h"
#include "api/session.h"
#include "model/modelimpl.h"
#include "options.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <random>

using namespace sluice;

namespace {

using Clock = std::chrono::steady_clock;

// The greedy sampler's rule: the largest logit, the lowest id on ties.
int argmax(const std::vector<float> &logits)
{
    return int(std::max_element(logits.begin(), logits.end()) - logits.begin());
}

// log-softmax in double (the KL of near-equal distributions is a small
// difference of large terms).
std::vector<double> logSoftmax(const std::vector<float> &logits)
{
    const double m = *std::max_element(logits.begin(), logits.end());
    double sum = 0;
    for (float l : logits)
        sum += std::exp(double(l) - m);
    const double lse = m + std::log(sum);
    std::vector<double> out(logits.size());
    for (size_t i = 0; i < logits.size(); ++i)
        out[i] = double(logits[i]) - lse;
    return out;
}

double klDivergence(const std::vector<double> &logP, const std::vector<double> &logQ)
{
    double kl = 0;
    for (size_t i = 0; i < logP.size(); ++i)
        if (std::isfinite(logP[i]))
            kl += std::exp(logP[i]) * (logP[i] - logQ[i]);
    return std::max(0.0, kl);
}

struct Run {
    int k = 0;
    std::vector<std::vector<float>> logits; // one distribution per step
    double decodeSeconds = 0;
    int decodeSteps = 0;
    ExpertCacheStats cache; // over the decode steps
    int cacheSlots = 0;
    uint64_t budgetBytes = 0;
};

// Opens the model at top-k `k`, prefills `prompt` and decodes `steps`
// distributions: each next token is `forced[i]` when given, else the argmax
// (the full model's greedy run, which fills `forced`).
Expected<Run> runAt(ModelOptions opts, int k, const std::vector<int> &prompt, int steps, std::vector<int> &forced)
{
    opts.expertsPerToken = k;
    auto engine = openModelSession(opts);
    if (!engine)
        return engine.status();
    ModelSession &e = *engine;
    auto *impl = dynamic_cast<model::ModelImpl *>(e.model.get());
    if (!impl)
        return makeError(ErrorCode::Internal, "not a model this library opened");
    Run r;
    r.k = e.info().topK;
    r.cacheSlots = e.info().expertCacheSlots;
    r.budgetBytes = e.info().budgetBytes;
    std::vector<float> logits;
    SLUICE_TRY(e.session->eval(prompt, &logits));
    const bool teacher = !forced.empty();
    const ExpertCacheStats c0 = impl->source().cache().stats();
    for (int i = 0; i < steps; ++i) {
        r.logits.push_back(logits);
        if (!teacher)
            forced.push_back(argmax(logits));
        if (i + 1 == steps)
            break;
        const int next = forced[size_t(i)];
        const auto t0 = Clock::now();
        SLUICE_TRY(e.session->eval(std::span<const int>(&next, 1), &logits));
        r.decodeSeconds += std::chrono::duration<double>(Clock::now() - t0).count();
        ++r.decodeSteps;
    }
    const ExpertCacheStats c1 = impl->source().cache().stats();
    r.cache.bytesRead = c1.bytesRead - c0.bytesRead;
    r.cache.demandHits = c1.demandHits - c0.demandHits;
    r.cache.demandMisses = c1.demandMisses - c0.demandMisses;
    return r;
}

// The prompt: the model's tokenizer (probed with a small open of the full
// model), else random ids with a fixed seed; also the model's own top-k.
// Returns 0, or 1 after printing the error.
int probePrompt(EngineOptions &opts, const std::string &promptText, int tokens, std::vector<int> &prompt, int &ownK)
{
    ModelOptions o = opts;
    o.contextLength = std::max(opts.contextLength, 1);
    auto probe = openModelSession(o);
    if (!probe) {
        std::fprintf(stderr, "bench-experts: %s\n", probe.status().message().c_str());
        return 1;
    }
    ownK = probe->info().modelTopK;
    if (probe->info().hasTokenizer)
        prompt = probe->model->tokenize(promptText);
    if (prompt.empty()) {
        std::mt19937 rng(1234);
        prompt.resize(16);
        for (int &id : prompt)
            id = int(rng() % uint32_t(std::max(1, std::min(probe->info().vocab, 100000))));
    }
    opts.contextLength = std::max(opts.contextLength, int(prompt.size()) + tokens + 8);
    return 0;
}

// --ks K,K,... or 3/4, 1/2 and 1/4 of the model's top-k; "" or the usage error.
std::string topKLadder(const std::string &ladderText, int ownK, std::vector<int> &ladder)
{
    if (ladderText.empty()) {
        for (int k : {(3 * ownK + 3) / 4, (ownK + 1) / 2, (ownK + 3) / 4})
            if (k >= 1 && k < ownK && std::find(ladder.begin(), ladder.end(), k) == ladder.end())
                ladder.push_back(k);
        return {};
    }
    size_t at = 0;
    while (at <= ladderText.size()) {
        const size_t comma = std::min(ladderText.find(',', at), ladderText.size());
        int64_t v = 0;
        if (const std::string err = cli::parseInteger(ladderText.substr(at, comma - at), 1, ownK, v); !err.empty())
            return "--ks: " + err;
        ladder.push_back(int(v));
        at = comma + 1;
    }
    return {};
}

// The reference (the model's own top-k, greedy), then each reduced top-k
// teacher-forced on its continuation. Returns 0, or 1 after printing the error.
int runLadder(const EngineOptions &opts, const std::vector<int> &ladder, const std::vector<int> &prompt, int tokens,
              std::vector<int> &continuation, std::vector<Run> &runs)
{
    auto full = runAt(opts, 0, prompt, tokens, continuation);
    if (!full) {
        std::fprintf(stderr, "bench-experts: %s\n", full.status().message().c_str());
        return 1;
    }
    runs.push_back(std::move(*full));
    for (int k : ladder) {
        auto r = runAt(opts, k, prompt, tokens, continuation);
        if (!r) {
            std::fprintf(stderr, "bench-experts: top-%d: %s\n", k, r.status().message().c_str());
            return 1;
        }
        runs.push_back(std::move(*r));
    }
    return 0;
}

// One row per top-k against the reference's distributions: a table, or JSON rows.
void printRows(const std::vector<Run> &runs, const std::vector<int> &continuation, bool json, QJsonArray &rows)
{
    std::vector<std::vector<double>> refLog;
    for (const auto &l : runs.front().logits)
        refLog.push_back(logSoftmax(l));
    for (const Run &r : runs) {
        double klSum = 0, klMax = 0;
        int agree = 0;
        for (size_t i = 0; i < r.logits.size(); ++i) {
            const double kl = klDivergence(refLog[i], logSoftmax(r.logits[i]));
            klSum += kl;
            klMax = std::max(klMax, kl);
            agree += argmax(r.logits[i]) == continuation[i];
        }
        const double n = double(r.logits.size());
        const double steps = std::max(1, r.decodeSteps);
        const uint64_t lookups = r.cache.demandHits + r.cache.demandMisses;
        const double hit = lookups ? double(r.cache.demandHits) / double(lookups) : 0;
        const double tokS = r.decodeSeconds > 0 ? r.decodeSteps / r.decodeSeconds : 0;
        if (json) {
            rows.append(QJsonObject{{"experts_per_token", r.k},
                                    {"mean_kl", klSum / n},
                                    {"max_kl", klMax},
                                    {"top1_agreement", agree / n},
                                    {"expert_bytes_read_per_token", double(r.cache.bytesRead) / steps},
                                    {"hit_rate", hit},
                                    {"decode_tok_s", tokS},
                                    {"cache_slots", r.cacheSlots}});
        } else {
            std::printf("%6d %12.6f %12.6f %9.1f%% %12.2f %8.1f%% %9.2f %7d\n", r.k, klSum / n, klMax, 100 * agree / n,
                        double(r.cache.bytesRead) / 1e6 / steps, 100 * hit, tokS, r.cacheSlots);
        }
    }
}

void printExpertsBench(const EngineOptions &opts, const std::vector<Run> &runs, const std::vector<int> &prompt,
                       const std::vector<int> &continuation, int tokens, int ownK, bool json)
{
    QJsonArray rows;
    if (!json) {
        std::printf("%s: %zu prompt tokens, %d compared, the model routes %d experts per token\n", opts.modelPath.c_str(),
                    prompt.size(), tokens, ownK);
        std::printf("budget %.2f GiB; each top-k opens the model again (cold cache); decode = %d teacher-forced steps\n",
                    double(runs.front().budgetBytes) / double(1ull << 30), runs.front().decodeSteps);
        std::printf("%6s %12s %12s %10s %12s %9s %9s %7s\n", "top-k", "mean KL", "max KL", "top-1 agr", "MB read/tok",
                    "hit rate", "tok/s", "slots");
    }
    printRows(runs, continuation, json, rows);
    if (json) {
        QJsonObject root{{"model", QString::fromStdString(opts.modelPath)},
                         {"model_experts_per_token", ownK},
                         {"prompt_tokens", int(prompt.size())},
                         {"tokens", tokens},
                         {"budget_bytes", double(runs.front().budgetBytes)},
                         {"rows", rows}};
        std::printf("%s\n", QJsonDocument(root).toJson(QJsonDocument::Compact).constData());
    }
}

int runBenchExperts(const std::vector<std::string> &args)
{
    EngineOptions opts;
    int tokens = 32;
    std::string promptText = "The history of the river begins in the mountains, where";
    bool json = false;
    std::string ladderText;
    cli::OptionParser p("bench-experts",
                        "Experts per token as a speed/quality trade: the full model decodes --tokens greedily, then\n"
                        "top-k = 3/4, 1/2 and 1/4 of the model's are teacher-forced on that continuation. Per top-k:\n"
                        "mean KL(full || reduced) per token, top-1 agreement, expert bytes read per token, decode tok/s.",
                        "MODEL [options]");
    p.positional("MODEL", &opts.modelPath, "a .waste container directory or a release folder");
    p.integer("--tokens", &tokens, 2, 4096, "tokens decoded (and compared)", "N");
    p.text("--prompt", &promptText, "the prompt (random ids with a fixed seed when the model has no tokenizer)", "TEXT");
    p.text("--ks", &ladderText, "top-k values instead of the model's, 3/4, 1/2, 1/4 (comma-separated)", "K,K,...");
    p.flag("--json", &json, "JSON output");
    cli::addEngineOptions(p, opts);
    if (const int code = p.parse(args); code >= 0)
        return code;
    // One process opens the model once per top-k and keeps the reference's
    // logits: its own memory grows from run to run, so the budget here is
    // the engine's alone (the same figure for every top-k).
    opts.reserveProcess = false;
    opts.vision = false; // text only: the tower's plan would only raise the floor
    if (opts.expertsPerToken != 0)
        return p.usageError("--experts-per-token: bench-experts runs the model's own top-k and its fractions (--ks to choose)");
    std::vector<int> prompt;
    int ownK = 0;
    if (probePrompt(opts, promptText, tokens, prompt, ownK))
        return 1;
    std::vector<int> ladder;
    if (const std::string err = topKLadder(ladderText, ownK, ladder); !err.empty())
        return p.usageError(err);
    std::vector<int> continuation;
    std::vector<Run> runs;
    if (runLadder(opts, ladder, prompt, tokens, continuation, runs))
        return 1;
    printExpertsBench(opts, runs, prompt, continuation, tokens, ownK, json);
    return 0;
}

const sluice::cli::CommandRegistration benchExpertsCommand{"bench-experts",
                                           "Experts per token: KL to the full model, bytes read and tok/s per top-k",
                                           runBenchExperts};

} // namespace
