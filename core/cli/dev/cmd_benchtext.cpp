// The text-model half of `sluice-cli bench MODEL [-n N] [--prompt-len P]
// [--json]`: prefill and decode tok/s on a container, measured after a warm-up
// pass so that, with a budget that holds the working set, every expert is
// cached and the figures are compute-bound; plus the compute split and the
// VQ LUT apply throughput (index bytes per second per thread). No assertion,
// only figures (docs/model.md records them). Dispatched from cmd_bench.cpp.
#include "command.h"

#include "api/model.h"
#include "api/session.h"
#include "options.h"
#include "model/modelimpl.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <thread>

using namespace sluice;

namespace sluice::cli {

namespace {

using Clock = std::chrono::steady_clock;

// A warm-up pass, then the measured one: prefill seconds and the decode's
// result of the second. Returns 0, or 1 after printing the error.
int prefillAndDecode(ModelSession &e, const std::vector<int> &prompt, const SamplingParams &sp, GenerationResult &run,
                     double &prefill)
{
    GenerationResult warm;
    for (int pass = 0; pass < 2; ++pass) {
        e.session->reset();
        const auto t0 = Clock::now();
        Status st = e.session->eval(prompt, nullptr);
        prefill = std::chrono::duration<double>(Clock::now() - t0).count();
        if (!st.isOk()) {
            std::fprintf(stderr, "bench: %s\n", st.message().c_str());
            return 1;
        }
        auto r = e.session->generate(std::span<const int>(), sp, nullptr);
        if (!r) {
            std::fprintf(stderr, "bench: %s\n", r.status().message().c_str());
            return 1;
        }
        (pass == 0 ? warm : run) = *r;
    }
    return 0;
}

// A chat turn (api/chat.h Conversation) parses the reply by id after every
// token to stream its deltas: the same parses on these ids, timed.
double chatParseSeconds(const ModelSession &e, const std::vector<int> &tokens)
{
    ChatOptions co;
    co.thinking = false;
    const auto p0 = Clock::now();
    size_t chars = 0;
    for (size_t i = 1; i <= tokens.size(); ++i)
        chars += e.model->parseReply(std::span<const int>(tokens.data(), i), co).content.size();
    const double seconds = std::chrono::duration<double>(Clock::now() - p0).count();
    if (chars == size_t(-1))
        std::printf("\n"); // keeps the loop from being optimised away
    return seconds;
}

struct TextBenchFigures {
    int promptLen = 0;
    int n = 0; // decoded tokens that were evaluated
    int threads = 0;
    double prefill = 0, prefillTokS = 0, decodeTokS = 0, applyPerThread = 0, hitRate = 0, parseSeconds = 0;
    size_t sampled = 0; // every sampled token
};

void printTextBenchJson(const EngineOptions &opts, const ModelSession &e, const TokenStats &t,
                        const TextBenchFigures &f)
{
    const ModelInfo &info = e.info();
    QJsonObject o{{"model", QString::fromStdString(opts.modelPath)},
                  {"architecture", QString::fromStdString(info.architecture)},
                  {"threads", f.threads},
                  {"prompt_tokens", f.promptLen},
                  {"prefill_tok_s", f.prefillTokS},
                  {"decode_tokens", f.n},
                  {"decode_tok_s", f.decodeTokS},
                  {"hit_rate", f.hitRate},
                  {"bytes_read_per_token", double(t.bytesRead) / std::max(1, f.n)},
                  {"attention_s", t.attentionSeconds},
                  {"trunk_s", t.trunkSeconds},
                  {"lut_build_s", t.expertLutBuildSeconds},
                  {"lut_apply_s", t.expertApplySeconds},
                  {"lm_head_s", t.lmHeadSeconds},
                  {"io_wait_s", t.ioWaitSeconds},
                  {"trunk_wait_s", t.trunkWaitSeconds},
                  {"vq_apply_index_bytes_per_s_per_thread", f.applyPerThread},
                  {"budget_bytes", double(info.budgetBytes)},
                  {"cache_slots", info.expertCacheSlots},
                  {"experts_per_token", info.topK},
                  {"model_experts_per_token", info.modelTopK},
                  {"layers", info.layers},
                  {"resident_layers", info.residentLayers},
                  {"trunk_stream_bytes_per_token", double(info.trunkStreamBytes)},
                  {"lm_head_streamed", info.lmHeadStreamed},
                  {"lm_head_stream_bytes_per_token", double(info.lmHeadStreamBytes)},
                  {"chat_parse_s", f.parseSeconds}};
    std::printf("%s\n", QJsonDocument(o).toJson(QJsonDocument::Compact).constData());
}

void printTextBench(const EngineOptions &opts, const ModelSession &e, const TokenStats &t, const TextBenchFigures &f)
{
    const ModelInfo &info = e.info();
    const int n = f.n;
    std::printf("%s (%s), %d threads, budget %.2f GiB, %d cache slots\n", opts.modelPath.c_str(),
                info.architecture.c_str(), f.threads, double(info.budgetBytes) / (1 << 30), info.expertCacheSlots);
    if (info.topK < info.modelTopK)
        std::printf("experts per token: %d of the model's %d (--experts-per-token)\n", info.topK, info.modelTopK);
    if (info.residentLayers < info.layers)
        std::printf("trunk: %d of %d layers resident, %.2f MB streamed per token (O_DIRECT, staging %.2f MB)\n",
                    info.residentLayers, info.layers, double(info.trunkStreamBytes) / 1e6,
                    double(info.trunkStagingBytes) / 1e6);
    if (info.lmHeadStreamed)
        std::printf("lm_head: streamed in row blocks, %.2f MB of the trunk's read per token\n",
                    double(info.lmHeadStreamBytes) / 1e6);
    std::printf("prefill: %d tokens in %.3f s = %.2f tok/s (chunks of 64, after a warm-up pass)\n", f.promptLen,
                f.prefill, f.prefillTokS);
    std::printf("decode:  %d tokens in %.3f s = %.2f tok/s, hit rate %.1f%%, %.2f MB read/token\n", n,
                t.tokenSeconds, f.decodeTokS, 100 * f.hitRate, double(t.bytesRead) / 1e6 / std::max(1, n));
    std::printf("decode split: attention %.3f s, trunk matvec %.3f s, LUT build %.3f s, LUT apply %.3f s, "
                "lm_head %.3f s, I/O wait %.3f s\n",
                t.attentionSeconds, t.trunkSeconds, t.expertLutBuildSeconds, t.expertApplySeconds,
                t.lmHeadSeconds, t.ioWaitSeconds);
    if (info.residentLayers < info.layers)
        std::printf("trunk streaming: %.3f s waiting for streamed layers, %.2f s/token\n", t.trunkWaitSeconds,
                    t.tokenSeconds / std::max(1, n));
    std::printf("VQ LUT apply: %.2f GB/s of index bytes per thread\n", f.applyPerThread / 1e9);
    std::printf("chat turn: parsing the reply by id after each of %zu tokens takes %.3f s (%.2f%% of decode)\n",
                f.sampled, f.parseSeconds, 100 * f.parseSeconds / std::max(1e-9, t.tokenSeconds));
}

} // namespace

int runTextBench(const std::vector<std::string> &args)
{
    EngineOptions opts;
    int decodeTokens = 32, promptLen = 64;
    bool json = false;
    cli::OptionParser p("bench", "Prefill and decode tokens per second on random token ids (--image: the vision\n"
                                 "benchmark, see bench --image --help).");
    p.positional("MODEL", &opts.modelPath, "a .waste container directory");
    p.integer("--decode-tokens", &decodeTokens, 1, 1 << 20, "tokens to decode", "N").alias("-n");
    p.integer("--prompt-len", &promptLen, 1, 1 << 20, "prompt tokens to prefill", "P");
    p.flag("--json", &json, "JSON output");
    cli::addEngineOptions(p, opts);
    if (const int code = p.parse(args); code >= 0)
        return code;
    opts.contextLength = std::max(opts.contextLength, promptLen + decodeTokens + 8);
    auto engine = openModelSession(opts);
    if (!engine) {
        std::fprintf(stderr, "bench: %s\n", engine.status().message().c_str());
        return 1;
    }
    ModelSession &e = *engine;
    const ModelConfig &cfg = *model::configOf(*e.model); // a model this library opened
    std::mt19937 rng(1234);
    std::vector<int> prompt(static_cast<size_t>(promptLen));
    for (int &id : prompt)
        id = int(rng() % uint32_t(std::min(cfg.vocab, 100000)));
    SamplingParams sp;
    sp.maxTokens = decodeTokens;
    GenerationResult run;
    TextBenchFigures f;
    f.promptLen = promptLen;
    if (prefillAndDecode(e, prompt, sp, run, f.prefill))
        return 1;
    f.n = int(run.tokens.size()) - 1; // the last sampled token is not evaluated
    f.sampled = run.tokens.size();
    const TokenStats &t = run.totals;
    f.decodeTokS = f.n / std::max(1e-9, t.tokenSeconds);
    f.prefillTokS = promptLen / std::max(1e-9, f.prefill);
    const int vecDim = std::max(1, cfg.expertQuant.vecDim);
    const double bytesPerPos = cfg.expertQuant.fmtName == "VQ4P" ? 3.0 : double(cfg.expertQuant.stages);
    const double indexBytes = 3.0 * double(cfg.moeIntermediate) * double(cfg.expertInputDim()) / vecDim * bytesPerPos;
    const double uses = double(f.n) * cfg.topK * cfg.moeLayerCount();
    f.threads = opts.threads > 0 ? opts.threads : int(std::thread::hardware_concurrency());
    f.applyPerThread = uses * indexBytes / std::max(1e-9, t.expertApplySeconds) / std::max(1, f.threads);
    const uint64_t lookups = t.demandHits + t.demandMisses;
    f.hitRate = lookups ? double(t.demandHits) / double(lookups) : 0;
    f.parseSeconds = chatParseSeconds(e, run.tokens);
    if (json)
        printTextBenchJson(opts, e, t, f);
    else
        printTextBench(opts, e, t, f);
    return 0;
}

} // namespace sluice::cli
