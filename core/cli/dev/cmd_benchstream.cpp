// sluice-cli benchstream MODEL [-n N] [--ws K] [--prompt-len P] [--disk-seconds S] [--json] [engine options]:
// decode under a RAM budget that holds only part of the experts (issue 5's
// streaming benchmark), with the bound measured in the same run: random
// O_DIRECT record reads on the model's own largest bank at the engine's queue
// depth (t_io = bytes read per token / that bandwidth) and the compute-only
// time per token from the engine's timers (t_c = token time - I/O wait). The
// figure of merit is achieved tok/s / (1 / max(t_io, t_c)). Figures only; no
// assertions (docs/streaming.md records them).
#include "command.h"

#include "format/container.h"
#include "api/model.h"
#include "api/session.h"
#include "options.h"
#include "stream/diskbench.h"
#include "model/modelimpl.h"

#include <QJsonArray>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QSaveFile>
#include <QJsonObject>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <random>

using namespace sluice;

namespace {

// [position][moe layer] -> experts, written as a trace after the run.
using RouteLog = std::vector<std::vector<std::vector<int>>>;

// With no --budget: open once at the floor to learn it, then run at floor + K working sets.
int resolveBudget(EngineOptions &opts, double workingSets)
{
    if (opts.budgetBytes != 0)
        return 0;
    EngineOptions probe = opts;
    probe.budgetBytes = 0;
    auto e = openModelSession(probe);
    if (!e) {
        std::fprintf(stderr, "benchstream: %s\n", e.status().message().c_str());
        return 1;
    }
    const double ws = double(e->info().topK) * e->info().moeLayers * double(e->info().recordBytes);
    opts.budgetBytes = e->info().floorBytes + uint64_t(workingSets * ws);
    return 0;
}

void addTokenStats(TokenStats &t, const TokenStats &s)
{
    t.demandHits += s.demandHits;
    t.demandMisses += s.demandMisses;
    t.speculativeUsed += s.speculativeUsed;
    t.speculativeWasted += s.speculativeWasted;
    t.bytesRead += s.bytesRead;
    t.ioWaitSeconds += s.ioWaitSeconds;
    t.attentionSeconds += s.attentionSeconds;
    t.expertLutBuildSeconds += s.expertLutBuildSeconds;
    t.expertApplySeconds += s.expertApplySeconds;
    t.trunkSeconds += s.trunkSeconds;
    t.lmHeadSeconds += s.lmHeadSeconds;
    t.tokenSeconds += s.tokenSeconds;
    t.residentBytes = std::max(t.residentBytes, s.residentBytes);
}

// A random prompt, then the decode; `t` sums the decode steps after the first
// (which still fills the cache from empty). Returns 0, or 1 after printing the error.
int decodeCounted(ModelSession &e, const ModelConfig &cfg, int promptLen, int decodeTokens, TokenStats &t,
                  int &counted)
{
    std::mt19937 rng(1234);
    std::vector<int> prompt(static_cast<size_t>(promptLen));
    for (int &id : prompt)
        id = int(rng() % uint32_t(std::min(cfg.vocab, 100000)));
    if (Status st = e.session->eval(prompt, nullptr); !st.isOk()) {
        std::fprintf(stderr, "benchstream: %s\n", st.message().c_str());
        return 1;
    }
    SamplingParams sp;
    sp.maxTokens = decodeTokens + 2;
    int seen = 0;
    auto r = e.session->generate(std::span<const int>(), sp, [&](const GeneratedToken &g) {
        const TokenStats &s = g.stats;
        // The final sampled token is not evaluated (no expert lookups): not a decode step.
        if (s.demandHits + s.demandMisses == 0 || seen++ == 0)
            return true;
        addTokenStats(t, s);
        ++counted;
        return true;
    });
    if (!r) {
        std::fprintf(stderr, "benchstream: %s\n", r.status().message().c_str());
        return 1;
    }
    return 0;
}

bool writeRouteTrace(const std::string &path, const RouteLog &routes)
{
    QSaveFile f(QString::fromStdString(path));
    bool ok = f.open(QIODevice::WriteOnly);
    for (size_t p = 0; ok && p < routes.size(); ++p) {
        QJsonArray layers;
        for (const auto &ids : routes[p]) {
            QJsonArray a;
            for (int id : ids)
                a.append(id);
            layers.append(a);
        }
        ok = f.write(QJsonDocument(QJsonObject{{"tok", int(p)}, {"layers", layers}}).toJson(QJsonDocument::Compact) + "\n") > 0;
    }
    return ok && f.commit();
}

// The model's first bank (a release: its largest shard, slot-sized reads);
// returns 0, or 1 after printing the error.
int findBank(const EngineOptions &opts, const ModelInfo &info, const ModelConfig &cfg, std::string &bankPath)
{
    if (info.release) {
        uint64_t largest = 0;
        for (const QFileInfo &fi : QDir(QString::fromStdString(opts.modelPath)).entryInfoList({"*.safetensors"}, QDir::Files))
            if (uint64_t(fi.size()) > largest) {
                largest = uint64_t(fi.size());
                bankPath = fi.filePath().toStdString();
            }
        return 0;
    }
    auto container = Container::open(opts.modelPath);
    if (!container) {
        std::fprintf(stderr, "benchstream: %s\n", container.status().message().c_str());
        return 1;
    }
    for (int L = 0; L < cfg.nLayers && bankPath.empty(); ++L)
        if ((*container)->expertLayer(L).experts > 0)
            bankPath = (*container)->expertLayer(L).path;
    return 0;
}

// The run's figures and the bound measured after it.
struct StreamFigures {
    TokenStats t;
    int counted = 0;
    int n = 1;
    double tokS = 0, hitRate = 0, bytesPerToken = 0, coverage = 0, tc = 0;
    double diskGBps = 0;
    bool diskDirectIo = false;
    int queueDepth = 1;
    double tio = 0, bound = 0, ratio = 0;
};

void computeDecodeFigures(StreamFigures &f)
{
    const TokenStats &t = f.t;
    f.n = std::max(1, f.counted);
    f.tokS = f.counted / std::max(1e-9, t.tokenSeconds);
    const uint64_t lookups = t.demandHits + t.demandMisses;
    f.hitRate = lookups ? double(t.demandHits) / double(lookups) : 0;
    f.bytesPerToken = double(t.bytesRead) / f.n;
    // Speculative reads that a demand use later found: those would have been misses.
    f.coverage = (t.speculativeUsed + t.demandMisses)
                     ? double(t.speculativeUsed) / double(t.speculativeUsed + t.demandMisses)
                     : 0;
    f.tc = (t.tokenSeconds - t.ioWaitSeconds) / f.n;
}

void printStreamJson(const EngineOptions &opts, const ModelInfo &info, const StreamFigures &f)
{
    const TokenStats &t = f.t;
    QJsonObject o{{"model", QString::fromStdString(opts.modelPath)},
                  {"budget_bytes", double(info.budgetBytes)},
                  {"floor_bytes", double(info.floorBytes)},
                  {"cache_slots", info.expertCacheSlots},
                  {"direct_io", info.directIo},
                  {"io_threads", opts.ioThreads},
                  {"lookahead", std::getenv("SLUICE_LOOKAHEAD") ? std::atoi(std::getenv("SLUICE_LOOKAHEAD"))
                                                                : opts.lookahead},
                  {"decode_tokens", f.counted},
                  {"decode_tok_s", f.tokS},
                  {"hit_rate", f.hitRate},
                  {"bytes_read_per_token", f.bytesPerToken},
                  {"io_wait_share", t.ioWaitSeconds / std::max(1e-9, t.tokenSeconds)},
                  {"lookahead_coverage", f.coverage},
                  {"speculative_used", double(t.speculativeUsed)},
                  {"speculative_wasted", double(t.speculativeWasted)},
                  {"disk_gb_s", f.diskGBps},
                  {"disk_direct_io", f.diskDirectIo},
                  {"t_io_s", f.tio},
                  {"t_c_s", f.tc},
                  {"bound_tok_s", f.bound},
                  {"achieved_over_bound", f.ratio}};
    std::printf("%s\n", QJsonDocument(o).toJson(QJsonDocument::Compact).constData());
}

void printStreamText(const EngineOptions &opts, const ModelInfo &info, const StreamFigures &f)
{
    const TokenStats &t = f.t;
    const int n = f.n;
    std::printf("%s: budget %.2f GiB (floor %.2f GiB), %d cache slots, direct I/O %s, %d I/O threads\n",
                opts.modelPath.c_str(), double(info.budgetBytes) / (1 << 30), double(info.floorBytes) / (1 << 30),
                info.expertCacheSlots, info.directIo ? "yes" : "no", opts.ioThreads);
    std::printf("decode: %d tokens (after 1 cache-filling token) in %.3f s = %.3f tok/s\n", f.counted, t.tokenSeconds,
                f.tokS);
    std::printf("  hit rate %.1f%% (%llu hits, %llu misses), %.3f GB read/token, I/O wait %.1f%% of token time\n",
                100 * f.hitRate, (unsigned long long)t.demandHits, (unsigned long long)t.demandMisses,
                f.bytesPerToken / 1e9, 100 * t.ioWaitSeconds / std::max(1e-9, t.tokenSeconds));
    std::printf("  lookahead: %llu speculative reads used, %llu wasted, coverage %.1f%% of would-be misses\n",
                (unsigned long long)t.speculativeUsed, (unsigned long long)t.speculativeWasted, 100 * f.coverage);
    std::printf("  compute/token: attention %.4f, trunk %.4f, LUT build %.4f, LUT apply %.4f, lm_head %.4f s\n",
                t.attentionSeconds / n, t.trunkSeconds / n, t.expertLutBuildSeconds / n, t.expertApplySeconds / n,
                t.lmHeadSeconds / n);
    std::printf("bound: disk %.3f GB/s at QD %d (%s), t_io %.4f s, t_c %.4f s -> %.3f tok/s; achieved/bound %.3f\n",
                f.diskGBps, f.queueDepth, f.diskDirectIo ? "O_DIRECT" : "buffered", f.tio, f.tc, f.bound, f.ratio);
}

// The disk bound on the model's first bank at the readers' queue depth;
// returns 0, or 1 after printing the error.
int measureBound(const EngineOptions &opts, const ModelInfo &info, const ModelConfig &cfg, double diskSeconds,
                 StreamFigures &f)
{
    std::string bankPath;
    if (findBank(opts, info, cfg, bankPath))
        return 1;
    DiskBenchOptions dbo;
    dbo.recordBytes = info.recordBytes;
    dbo.queueDepth = std::max(1, opts.ioThreads);
    dbo.seconds = diskSeconds;
    auto disk = runDiskBench(bankPath, dbo);
    if (!disk) {
        std::fprintf(stderr, "benchstream: %s\n", disk.status().message().c_str());
        return 1;
    }
    f.diskGBps = disk->gbPerSecond();
    f.diskDirectIo = disk->directIo;
    f.queueDepth = dbo.queueDepth;
    const double bw = disk->gbPerSecond() * 1e9;
    f.tio = bw > 0 ? f.bytesPerToken / bw : 0;
    f.bound = 1.0 / std::max(1e-12, std::max(f.tio, f.tc));
    f.ratio = f.tokS / f.bound;
    return 0;
}

int runBenchStream(const std::vector<std::string> &args)
{
    EngineOptions opts;
    opts.vision = false;
    int decodeTokens = 12, promptLen = 4;
    double workingSets = 1, diskSeconds = 5;
    bool json = false;
    cli::OptionParser p("benchstream",
                        "Decode with a cold expert cache under budget floor + K working sets (default K = 1; --budget\n"
                        "overrides), then measure the disk bound (O_DIRECT record reads at queue depth = --io-threads)\n"
                        "on the model's banks.");
    p.positional("MODEL", &opts.modelPath, "a .waste container directory");
    p.integer("--decode-tokens", &decodeTokens, 1, 1 << 20, "tokens to decode", "N").alias("-n");
    p.number("--ws", &workingSets, 0, 1000, "working sets above the floor", "K");
    p.integer("--prompt-len", &promptLen, 1, 1 << 20, "prompt tokens", "P");
    p.number("--disk-seconds", &diskSeconds, 0.1, 3600, "seconds of the disk-bound measurement", "S");
    p.flag("--json", &json, "JSON output");
    std::string routeOut; // the routing this run used, as a trace
    p.text("--route-out", &routeOut, "write the routing this run used as a JSONL trace", "FILE.jsonl");
    cli::addEngineOptions(p, opts);
    if (const int code = p.parse(args); code >= 0)
        return code;
    opts.contextLength = std::max(opts.contextLength, promptLen + decodeTokens + 8);
    if (resolveBudget(opts, workingSets))
        return 1;
    RouteLog routes;
    if (!routeOut.empty())
        opts.routeObserver = [&routes](int moeLayer, int64_t position, std::span<const int> experts) {
            if (routes.size() <= size_t(position))
                routes.resize(size_t(position) + 1);
            auto &layers = routes[size_t(position)];
            if (layers.size() <= size_t(moeLayer))
                layers.resize(size_t(moeLayer) + 1);
            layers[size_t(moeLayer)].assign(experts.begin(), experts.end());
        };
    auto engine = openModelSession(opts);
    if (!engine) {
        std::fprintf(stderr, "benchstream: %s\n", engine.status().message().c_str());
        return 1;
    }
    ModelSession &e = *engine;
    const ModelInfo &info = e.info();
    const ModelConfig &cfg = *model::configOf(*e.model); // a model this library opened
    StreamFigures f;
    if (decodeCounted(e, cfg, promptLen, decodeTokens, f.t, f.counted))
        return 1;
    computeDecodeFigures(f);
    if (!routeOut.empty() && !writeRouteTrace(routeOut, routes)) {
        std::fprintf(stderr, "benchstream: cannot write %s\n", routeOut.c_str());
        return 1;
    }
    if (measureBound(opts, info, cfg, diskSeconds, f))
        return 1;
    if (json)
        printStreamJson(opts, info, f);
    else
        printStreamText(opts, info, f);
    return 0;
}

} // namespace

static const cli::CommandRegistration benchstreamCommand{"benchstream", "Streaming decode benchmark under a RAM budget, with its bound",
                                          runBenchStream};
