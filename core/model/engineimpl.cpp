// Engine (engine.h) over a WASTE container: trunk loaded tensor by tensor,
// embedding rows read on demand, experts through an ExpertSource, the forward
// pass in ForwardPass, sessions in session.cpp.
#include "model/engine.h"

#include "format/container.h"
#include "kernels/threadpool.h"
#include "model/forwardpass.h"
#include "model/imageinput.h"
#include "model/modelweights.h"
#include "model/plannerinputs.h"
#include "model/cacheexpertsource.h"
#include "model/session.h"
#include "stream/directfile.h"
#include "stream/expertcache.h"
#include "stream/memoryledger.h"
#include "stream/memoryplanner.h"
#include "stream/routetrace.h"
#include "text/chatformat.h"
#include "text/sampler.h"
#include "format/fingerprint.h"
#include "text/tokenizer.h"
#include "util/finite.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <optional>
#include <random>
#include <sys/stat.h>

namespace sluice {

namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t0)
{
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

struct LoadedTensor {
    std::vector<uint8_t> payload;
    std::vector<uint16_t> scales;
    TrunkMatrixView view;
};

class EngineImpl final : public Engine {
public:
    Status init(const EngineOptions &o);
    void printProfile(int index, const TokenStats &stats) const;

    const ModelInfo &info() const override { return m_info; }
    std::vector<int> tokenize(const std::string &text) const override
    {
        return m_tokenizer ? m_tokenizer->encode(text) : std::vector<int>{};
    }
    std::string detokenize(std::span<const int> tokens) const override
    {
        return m_tokenizer ? m_tokenizer->decode(tokens) : std::string{};
    }
    std::vector<int> renderChat(const std::vector<ChatMessage> &messages, const ChatOptions &options) const override;
    Status eval(std::span<const int> tokens, std::vector<float> *lastLogits) override;
    Expected<GenerationResult> generate(std::span<const int> prompt, const SamplingParams &params,
                                        const TokenCallback &onToken) override;
    void cancel() override { m_cancel.store(true); }
    int position() const override { return m_forward->position(); }
    void resetSession() override
    {
        m_forward->reset();
        m_lastLogits.clear();
        m_damaged = false;
        if (m_images)
            m_images->dropPlaced();
    }
    Status saveSession(const std::string &path) const override
    {
        if (m_damaged)
            return makeError(ErrorCode::InvalidArgument, "the session was interrupted mid-token; nothing to save");
        return model::saveSession(path, m_container->config(), m_fingerprint, *m_forward);
    }
    Status loadSession(const std::string &path) override
    {
        SLUICE_TRY(model::loadSession(path, m_container->config(), m_fingerprint, *m_forward));
        m_lastLogits.clear(); // not part of the saved state: the next eval recomputes them
        m_damaged = false;
        if (m_images)
            m_images->dropPlaced();
        return Status::ok();
    }
    Status addImage(const std::string &imagePath) override
    {
        if (!m_images)
            return makeError(ErrorCode::Unsupported,
                             m_info.hasVision ? "vision was not enabled when the model was opened (EngineOptions::vision)"
                                              : m_info.visionError.empty()
                                                    ? "this model has no vision tower"
                                                    : "images are off: " + m_info.visionError);
        m_cancel.store(false);
        return m_images->addFile(imagePath, &m_cancel);
    }
    void clearImages() override
    {
        if (m_images)
            m_images->clear();
    }
    model::ImageInput *imageInput() { return m_images.get(); }
    std::vector<int> imagePrompt(const std::string &text) const
    {
        if (!m_tokenizer)
            return {};
        std::vector<int> ids;
        if (m_images) {
            for (const auto &s : m_images->pendingSizes()) {
                const auto media = m_tokenizer->encodeMarkup("<|media_begin|>image " + std::to_string(s.width) + "x" +
                                                             std::to_string(s.height) +
                                                             "<|media_content|><|media_pad|><|media_end|>");
                ids.insert(ids.end(), media.begin(), media.end());
            }
        }
        const auto body = m_tokenizer->encode(text);
        ids.insert(ids.end(), body.begin(), body.end());
        return ids;
    }

    void setResidualDump(std::vector<float> *dump) { m_forward->setResidualDump(dump); }
    // Extension for tests and `eval --all-logits`: logits of every position.
    Status evalAll(std::span<const int> tokens, std::vector<float> &allLogits, int chunk);

private:
    Status feed(std::span<const int> tokens, std::vector<float> *logits, bool all, int chunk);

    EngineOptions m_options;
    ModelInfo m_info;
    std::unique_ptr<Container> m_container;
    std::map<std::string, LoadedTensor> m_tensors;
    model::ModelWeights m_weights;
    std::unique_ptr<kernels::ThreadPool> m_pool;
    std::unique_ptr<MemoryLedger> m_ledger;
    bool m_profile = false; // SLUICE_PROFILE=1
    std::unique_ptr<model::CacheExpertSource> m_source;
    std::unique_ptr<model::ForwardPass> m_forward;
    std::unique_ptr<RouteReplay> m_routeReplay; // null unless EngineOptions::routeTracePath
    std::unique_ptr<model::ImageInput> m_images; // null without vision
    std::optional<text::Tokenizer> m_tokenizer;
    uint64_t m_fingerprint = 0;
    std::atomic<bool> m_cancel{false};
    bool m_damaged = false;
    std::vector<float> m_lastLogits; // after the session's last token (empty after reset)
};

Status EngineImpl::init(const EngineOptions &o)
{
    m_options = o;
    auto progress = [&](double f, const char *stage) {
        return !o.progress || o.progress(f, stage);
    };
    if (o.contextLength < 1)
        return makeError(ErrorCode::InvalidArgument, "context length must be at least 1");
    auto c = Container::open(o.modelPath);
    if (!c)
        return c.status();
    m_container = std::move(*c);
    const ModelConfig &cfg = m_container->config();
    {
        // Sessions bind to what determines the numbers (manifest + trunk +
        // codebooks), cached in a sidecar so the trunk is hashed once.
        FingerprintOptions fo;
        fo.cacheDir = o.cacheDir;
        auto fp = containerFingerprint(*m_container, fo);
        if (!fp)
            return fp.status();
        m_fingerprint = fp->value;
    }
    // Trunk: every tensor the text model reads, except the embedding (rows on demand).
    const auto &tensors = m_container->tensors();
    uint64_t trunkBytes = 0;
    size_t done = 0;
    for (const TensorInfo &t : tensors) {
        ++done;
        if (model::isTrunkTensor(cfg, t)) {
            LoadedTensor lt;
            SLUICE_TRY(m_container->readTensorBytes(t, lt.payload, lt.scales));
            const std::string key = t.name.substr(cfg.tensorPrefix.size());
            auto &slot = m_tensors[key];
            slot = std::move(lt);
            slot.view = Container::matrixView(t, slot.payload, slot.scales);
            trunkBytes += t.bytes;
        }
        if (!progress(0.9 * double(done) / double(tensors.size()), "loading trunk"))
            return makeError(ErrorCode::Cancelled, "open cancelled");
    }
    auto weights = model::bindWeights(cfg, [&](const std::string &name) -> Expected<TrunkMatrixView> {
        auto it = m_tensors.find(name);
        if (it == m_tensors.end())
            return makeError(ErrorCode::NotFound, cfg.tensorPrefix + name + ": tensor missing from the container");
        return it->second.view;
    });
    if (!weights)
        return weights.status();
    m_weights = std::move(*weights);

    int threads = o.threads;
    if (const char *env = std::getenv("SLUICE_THREADS"); env && threads == 0)
        threads = std::atoi(env);
    m_pool = std::make_unique<kernels::ThreadPool>(threads);
    bool verify = o.verifyChecksums;
    if (const char *env = std::getenv("SLUICE_VERIFY"); env && std::string(env) == "1")
        verify = true;

    // Memory plan (spec 9): the same function the CLI and GUI show; the
    // ledger then counts every allocation against the budget.
    for (int L = 0; L < cfg.nLayers; ++L)
        m_info.recordBytes = std::max<uint64_t>(m_info.recordBytes, m_container->expertLayer(L).recordBytes);
    model::PlannerInputsOptions pio;
    pio.contextLength = o.contextLength;
    pio.vision = o.vision;
    pio.maxImagePatches = o.maxImagePatches;
    pio.attentionSlices = m_pool->threadCount();
    auto ram = detectUsableRam();
    if (!ram)
        return ram.status();
    // The decode floor decides whether the budget opens the model; prefill
    // gets the chunk the rest of the budget allows (plannerinputs.h).
    auto budgetPlan = model::planForBudget(*m_container, pio, ram->usableBytes, o.budgetBytes);
    if (!budgetPlan)
        return budgetPlan.status();
    const PlannerInputs &in = budgetPlan->inputs;
    const CacheSizing *sizing = &budgetPlan->sizing;
    // The planner counts the trunk from the manifest; the ledger below counts
    // what was loaded. They are the same tensors (isTrunkTensor), so the same sum.
    if (in.trunkBytes != trunkBytes)
        return makeError(ErrorCode::Internal, "trunk: planner counts " + std::to_string(in.trunkBytes) +
                                                  " B, loaded " + std::to_string(trunkBytes) + " B");
    m_ledger = std::make_unique<MemoryLedger>(sizing->budgetBytes);
    SLUICE_TRY(m_ledger->reserve("trunk", trunkBytes));
    SLUICE_TRY(m_ledger->reserve("session state", model::ForwardPass::stateBytes(cfg, o.contextLength)));
    for (const ScratchBuffer &b : in.scratch)
        SLUICE_TRY(m_ledger->reserve(b.name, b.bytes));
    if (in.visionBytes) // held for the tower, loaded on the first image
        SLUICE_TRY(m_ledger->reserve("vision", in.visionBytes));

    std::vector<std::shared_ptr<DirectFile>> banks;
    DirectFileOptions dfo;
    dfo.forceBuffered = !o.directIo;
    bool direct = true;
    for (int L = cfg.firstKDense; L < cfg.nLayers; ++L) {
        const ExpertBank bank = m_container->expertLayer(L);
        if (bank.experts == 0) {
            banks.push_back(nullptr);
            continue;
        }
        auto f = DirectFile::open(bank.path, dfo);
        if (!f)
            return f.status();
        direct = direct && (*f)->directIo();
        banks.push_back(std::shared_ptr<DirectFile>(std::move(*f)));
    }
    ExpertCacheOptions co;
    co.firstLayer = cfg.firstKDense;
    co.expertsPerLayer = cfg.nExperts;
    co.recordBytes = m_info.recordBytes;
    co.slotCount = sizing->slotCount;
    co.topK = cfg.topK;
    co.cacheEnabled = o.cacheEnabled;
    co.ioThreads = o.ioThreads;
    const Container *container = m_container.get();
    co.validator = [container, verify](int layer, int expert, const uint8_t *bytes, size_t size) {
        const ExpertLayout &lay = container->expertLayout(layer);
        SLUICE_TRY(validateRecordHeader(bytes, size, layer, expert, lay));
        if (verify)
            SLUICE_TRY(verifyRecordCrc(bytes, size, layer, expert, lay));
        return Status::ok();
    };
    auto cache = ExpertCache::open(std::move(banks), co, *m_ledger);
    if (!cache)
        return cache.status();
    m_source = std::make_unique<model::CacheExpertSource>(std::move(*cache), o.readAhead);
    m_info.directIo = direct;
    m_info.floorBytes = budgetPlan->floorBytes;
    m_info.budgetBytes = sizing->budgetBytes;
    m_info.expertCacheBytes = sizing->slotBufferBytes;
    m_info.expertCacheSlots = sizing->slotCount;

    model::ForwardHooks hooks;
    if (!o.routeTracePath.empty()) {
        auto trace = loadRoutingTrace(o.routeTracePath);
        if (!trace)
            return trace.status();
        m_routeReplay = std::make_unique<RouteReplay>(std::move(*trace), cfg.nExperts);
    }
    if (m_routeReplay || o.routeObserver) {
        std::vector<int> moeIndex(size_t(cfg.nLayers), -1);
        for (int L = 0, m = 0; L < cfg.nLayers; ++L)
            if (cfg.isMoeLayer(L))
                moeIndex[size_t(L)] = m++;
        hooks.route = [this, moeIndex, observer = o.routeObserver](int layer, int64_t position, std::span<int> sel) {
            const int m = moeIndex[size_t(layer)];
            if (m_routeReplay)
                m_routeReplay->apply(m, position, sel);
            if (observer)
                observer(m, position, sel);
        };
    }
    if (in.visionBytes)
        m_images = std::make_unique<model::ImageInput>(*m_container, m_pool.get(), pio.maxImagePatches,
                                                       vision::kDefaultImageQueue, pio.attentionSlices);
    // A <|media_pad|> position takes the next unused image row (spec 7.6), in
    // prefill chunks and single-token steps alike; otherwise the table row.
    hooks.embed = [this](int token, float *out) {
        if (m_images && token == m_images->mediaPadId() && m_images->hasRow())
            return m_images->takeRow(out);
        return m_container->readEmbeddingRow(token, out);
    };
    hooks.codebooks = [this](int layer, int kind, int codebookId) -> Expected<VqCodebooksView> {
        const ExpertLayout &lay = m_container->expertLayout(layer);
        const int first = codebookId + kind * lay.stages;
        if (codebookId < 0 || first + lay.stages > m_container->codebookCount())
            return makeError(ErrorCode::Format, "layer " + std::to_string(layer) + ": codebook id " +
                                                    std::to_string(codebookId) + " out of range");
        return m_container->codebooksById(first);
    };
    hooks.parseRecord = [this](int layer, int expert, const model::ExpertRecordRef &rec) -> Expected<model::ExpertMatrices> {
        const ExpertLayout &lay = m_container->expertLayout(layer);
        SLUICE_TRY(validateRecordHeader(rec.data, rec.bytes, layer, expert, lay));
        const ExpertRecordView v = parseRecord(rec.data, lay);
        return model::ExpertMatrices{v.matrix[kGate], v.matrix[kUp], v.matrix[kDown], v.codebookId};
    };
    m_forward = std::make_unique<model::ForwardPass>(cfg, m_weights, std::move(hooks), o.contextLength,
                                                     budgetPlan->prefillChunk);
    m_forward->setThreadPool(m_pool.get());
    m_forward->setExpertSource(m_source.get());
    if (const char *env = std::getenv("SLUICE_PROFILE"))
        m_profile = std::string(env) == "1";
    int lookahead = o.lookahead;
    if (const char *env = std::getenv("SLUICE_LOOKAHEAD"))
        lookahead = std::atoi(env);
    m_forward->setLookahead(lookahead);
    m_forward->setCancelFlag(&m_cancel);

    auto tok = text::Tokenizer::fromModelDirectory(o.modelPath);
    if (tok)
        m_tokenizer = std::move(*tok);
    else // kept so a command can say why there are no tokens
        m_info.tokenizerError = tok.status().code() == ErrorCode::NotFound && m_container->paths().tokenizer.empty()
                                    ? "the model has no tokenizer (no tokenizer.model)"
                                    : tok.status().message();

    m_info.architecture = cfg.arch == Architecture::KimiK3 ? "kimi-k3" : "kimi-linear";
    m_info.config = cfg;
    m_info.parameters = m_container->parameterCount();
    m_info.containerBytes = m_container->containerBytes();
    m_info.hasVision = cfg.vision.present;
    m_info.visionError = cfg.vision.disabledReason;
    progress(1.0, "ready");
    return Status::ok();
}

Status EngineImpl::feed(std::span<const int> prompt, std::vector<float> *logits, bool all, int chunk)
{
    if (m_damaged)
        return makeError(ErrorCode::InvalidArgument,
                         "the session was interrupted mid-token; reset it or load a saved session");
    // Each <|media_pad|> becomes one position per embedding row of the next
    // queued image (spec 7.6); all-positions logits follow the expanded ids.
    std::vector<int> expanded;
    int placed = 0;
    if (m_images) {
        auto e = m_images->expand(prompt, placed);
        if (!e)
            return e.status();
        expanded = std::move(*e);
    }
    const std::span<const int> tokens = m_images ? std::span<const int>(expanded) : prompt;
    const int vocab = m_container->config().vocab;
    if (m_forward->position() + int(tokens.size()) > m_forward->contextLength())
        return makeError(ErrorCode::ContextFull, "context full: " + std::to_string(m_forward->position()) + " + " +
                                                     std::to_string(tokens.size()) +
                                                     " tokens exceed the context length " +
                                                     std::to_string(m_forward->contextLength()));
    if (m_images)
        m_images->commit(placed);
    if (all && logits)
        logits->assign(tokens.size() * size_t(vocab), 0.0f);
    size_t i = 0;
    while (i < tokens.size()) {
        const int n = int(std::min<size_t>(size_t(std::max(1, std::min(chunk, model::kMaxChunk))), tokens.size() - i));
        float *dst = all && logits ? logits->data() + i * size_t(vocab) : m_forward->logitsScratch();
        Status st = m_forward->run(tokens.data() + i, n, dst, all && logits);
        if (!st.isOk()) {
            if (m_forward->stateDamaged())
                m_damaged = true;
            return st;
        }
        i += size_t(n);
    }
    if (!tokens.empty()) {
        const float *last =
            all && logits ? logits->data() + (tokens.size() - 1) * size_t(vocab) : m_forward->logitsScratch();
        // NaN/inf logits (weights or state damaged past every load check) end
        // the request with an error; sampling them would emit token 0.
        if (firstNonFinite(last, size_t(vocab)) >= 0)
            return makeError(ErrorCode::Format, "non-finite logits at position " +
                                                    std::to_string(m_forward->position() - 1) +
                                                    " (the weights or the session state hold inf/NaN)");
        m_lastLogits.assign(last, last + vocab);
        if (!all && logits)
            logits->assign(m_lastLogits.begin(), m_lastLogits.end());
    }
    return Status::ok();
}

Status EngineImpl::eval(std::span<const int> tokens, std::vector<float> *lastLogits)
{
    m_cancel.store(false);
    return feed(tokens, lastLogits, false, model::kMaxChunk);
}

Status EngineImpl::evalAll(std::span<const int> tokens, std::vector<float> &allLogits, int chunk)
{
    m_cancel.store(false);
    return feed(tokens, &allLogits, true, chunk);
}

std::vector<int> EngineImpl::renderChat(const std::vector<ChatMessage> &messages, const ChatOptions &options) const
{
    if (!m_tokenizer)
        return {};
    std::vector<text::ChatTurn> turns;
    for (const ChatMessage &m : messages) {
        text::ChatTurn t;
        t.role = m.role;
        t.content = m.content;
        t.reasoning = m.reasoning;
        t.images.resize(size_t(std::max(0, m.imageCount)));
        turns.push_back(std::move(t));
    }
    // Media markup carries each image's original size: the last images of
    // the conversation are the queued ones, earlier ones those this session
    // has already placed (a whole conversation re-rendered or just the new turn).
    if (m_images) {
        const auto sizes = m_images->knownSizes();
        size_t total = 0;
        for (const auto &t : turns)
            total += t.images.size();
        size_t index = 0;
        for (auto &t : turns) {
            for (auto &img : t.images) {
                const ptrdiff_t k = ptrdiff_t(sizes.size()) - ptrdiff_t(total) + ptrdiff_t(index++);
                if (k >= 0) {
                    img.width = sizes[size_t(k)].width;
                    img.height = sizes[size_t(k)].height;
                }
            }
        }
    }
    text::ChatRenderOptions ro;
    ro.thinking = options.thinking;
    ro.thinkingEffort = options.thinkingEffort;
    ro.addGenerationPrompt = options.addGenerationPrompt;
    const auto flavor = m_container->config().arch == Architecture::KimiK3 ? text::ChatFlavor::K3
                                                                           : text::ChatFlavor::KimiLinear;
    auto ids = text::renderChat(*m_tokenizer, flavor, turns, ro);
    return ids ? *ids : std::vector<int>{};
}

void EngineImpl::printProfile(int index, const TokenStats &s) const
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

Expected<GenerationResult> EngineImpl::generate(std::span<const int> prompt, const SamplingParams &params,
                                                const TokenCallback &onToken)
{
    m_cancel.store(false);
    GenerationResult result;
    result.promptTokens = int(prompt.size());
    std::vector<float> logits;
    const auto t0 = Clock::now();
    Status st = feed(prompt, &logits, false, model::kMaxChunk);
    result.prefillSeconds = since(t0);
    if (!st.isOk()) {
        if (st.code() == ErrorCode::Cancelled) {
            result.reason = StopReason::Cancelled;
            return result;
        }
        // A prompt that does not fit is a failed request, not a stop: the
        // caller gets the error (nothing was generated, nothing evaluated).
        return st;
    }
    if (prompt.empty() && m_forward->position() > 0 && !m_lastLogits.empty())
        logits = m_lastLogits; // continue from the session's last position
    if (logits.empty())
        return makeError(ErrorCode::InvalidArgument, "generate: empty prompt and empty session");
    text::SamplerConfig sc;
    sc.temperature = params.temperature;
    sc.topP = params.topP;
    sc.topK = params.topK;
    sc.seed = params.seed;
    text::Sampler sampler(sc);
    text::StopMatcher stops(params.stopStrings);
    const auto d0 = Clock::now();
    const int eos = m_container->config().eosId;
    for (int i = 0; i < params.maxTokens; ++i) {
        const auto tt = Clock::now();
        const int id = sampler.sample(logits);
        result.tokens.push_back(id);
        GeneratedToken gt;
        gt.id = id;
        const int one[1] = {id};
        gt.text = detokenize(one);
        if (id == eos || (m_container->config().endOfMsgId >= 0 && id == m_container->config().endOfMsgId)) {
            gt.stats.tokenSeconds = since(tt);
            if (onToken)
                onToken(gt);
            result.reason = StopReason::EndOfSequence;
            break;
        }
        // Stop strings are matched across token boundaries.
        const bool stop = stops.push(gt.text).stopped;
        if (i + 1 >= params.maxTokens || stop) {
            gt.stats.tokenSeconds = since(tt);
            if (onToken)
                onToken(gt);
            result.reason = stop ? StopReason::StopString : StopReason::MaxTokens;
            break;
        }
        const ExpertCacheStats c0 = m_source->cache().stats();
        const model::ForwardTimers before = m_forward->timers();
        st = feed(std::span<const int>(one, 1), &logits, false, 1);
        const model::ForwardTimers &after = m_forward->timers();
        const ExpertCacheStats c1 = m_source->cache().stats();
        gt.stats.bytesRead = c1.bytesRead - c0.bytesRead;
        gt.stats.demandHits = c1.demandHits - c0.demandHits;
        gt.stats.demandMisses = c1.demandMisses - c0.demandMisses;
        gt.stats.speculativeUsed = c1.speculativeUsed - c0.speculativeUsed;
        gt.stats.speculativeWasted = c1.speculativeWasted - c0.speculativeWasted;
        gt.stats.residentBytes = m_ledger->total();
        gt.stats.attentionSeconds = after.attention - before.attention;
        gt.stats.expertLutBuildSeconds = after.lutBuild - before.lutBuild;
        gt.stats.expertApplySeconds = after.lutApply - before.lutApply;
        gt.stats.trunkSeconds = after.trunk - before.trunk;
        gt.stats.lmHeadSeconds = after.lmHead - before.lmHead;
        gt.stats.ioWaitSeconds = c1.ioWaitSeconds - c0.ioWaitSeconds;
        gt.stats.tokenSeconds = since(tt);
        result.totals.bytesRead += gt.stats.bytesRead;
        result.totals.demandMisses += gt.stats.demandMisses;
        result.totals.demandHits += gt.stats.demandHits;
        result.totals.speculativeUsed += gt.stats.speculativeUsed;
        result.totals.speculativeWasted += gt.stats.speculativeWasted;
        result.totals.tokenSeconds += gt.stats.tokenSeconds;
        result.totals.attentionSeconds += gt.stats.attentionSeconds;
        result.totals.expertLutBuildSeconds += gt.stats.expertLutBuildSeconds;
        result.totals.expertApplySeconds += gt.stats.expertApplySeconds;
        result.totals.trunkSeconds += gt.stats.trunkSeconds;
        result.totals.lmHeadSeconds += gt.stats.lmHeadSeconds;
        result.totals.ioWaitSeconds += gt.stats.ioWaitSeconds;
        result.totals.residentBytes = gt.stats.residentBytes;
        if (m_profile) // SLUICE_PROFILE=1: the per-token breakdown the issue asks for, on stderr
            printProfile(i, gt.stats);
        const bool keepGoing = !onToken || onToken(gt);
        if (!st.isOk()) {
            if (st.code() == ErrorCode::Cancelled) {
                result.reason = StopReason::Cancelled;
                break;
            }
            if (st.code() == ErrorCode::ContextFull) {
                result.reason = StopReason::ContextFull;
                break;
            }
            return st;
        }
        if (!keepGoing) {
            result.reason = StopReason::Cancelled;
            break;
        }
    }
    result.decodeSeconds = since(d0);
    return result;
}

} // namespace

Expected<std::unique_ptr<Engine>> Engine::open(const EngineOptions &options)
{
    auto e = std::make_unique<EngineImpl>();
    SLUICE_TRY(e->init(options));
    return std::unique_ptr<Engine>(std::move(e));
}

void engineSetResidualDump(Engine &engine, std::vector<float> *dump)
{
    if (auto *impl = dynamic_cast<EngineImpl *>(&engine))
        impl->setResidualDump(dump);
}

// Test/CLI extension: logits of every position, fed in chunks of `chunk`.
Status engineEvalAll(Engine &engine, std::span<const int> tokens, std::vector<float> &allLogits, int chunk)
{
    auto *impl = dynamic_cast<EngineImpl *>(&engine);
    if (!impl)
        return makeError(ErrorCode::InvalidArgument, "not a Sluice engine");
    return impl->evalAll(tokens, allLogits, chunk);
}

std::vector<int> engineImagePrompt(Engine &engine, const std::string &text)
{
    auto *impl = dynamic_cast<EngineImpl *>(&engine);
    return impl ? impl->imagePrompt(text) : std::vector<int>{};
}

} // namespace sluice
