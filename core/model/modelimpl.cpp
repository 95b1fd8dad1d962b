// Model (api/model.h) over a weight store: what EngineImpl::init did for
// the model's half. The per-conversation half is in sessionimpl.cpp.
#include "model/modelimpl.h"
#include "util/threadstart.h"

#include "format/generationconfig.h"

#include "api/inspect.h"

#include "stream/routetrace.h"

#include "model/expertspertoken.h"
#include "model/forwardpass.h"
#include "model/openweightstore.h"
#include "model/plannerinputs.h"
#include "model/session.h"
#include "model/sessionimpl.h"
#include "stream/directfile.h"
#include "stream/expertcache.h"
#include "stream/processfootprint.h"
#include "api/budget.h"
#include "text/chatformat.h"

#include <algorithm>
#include <fstream>

namespace sluice {

namespace model {

namespace {

// MoE layer index (0 = the first MoE layer) of each layer, -1 for dense ones.
std::vector<int> moeIndexOf(const ModelConfig &cfg)
{
    std::vector<int> moeIndex(size_t(cfg.nLayers), -1);
    for (int L = 0, m = 0; L < cfg.nLayers; ++L)
        if (cfg.isMoeLayer(L))
            moeIndex[size_t(L)] = m++;
    return moeIndex;
}

} // namespace

std::function<void(int, int64_t, std::span<int>)> ModelImpl::replayHook() const
{
    if (!m_routeReplay)
        return {};
    return [replay = m_routeReplay.get(), moeIndex = moeIndexOf(config())](int layer, int64_t position,
                                                                          std::span<int> sel) {
        replay->apply(moeIndex[size_t(layer)], position, sel);
    };
}

std::function<void(int, int64_t, std::span<int>)> ModelImpl::routeHook() const
{
    if (!m_options.routeObserver)
        return {};
    return [observer = m_options.routeObserver, moeIndex = moeIndexOf(config())](int layer, int64_t position,
                                                                                std::span<int> sel) {
        observer(moeIndex[size_t(layer)], position, sel);
    };
}

ModelImpl::~ModelImpl()
{
    // The readers call the validator, which marks m_verified: stop them first.
    m_source.reset();
    // Best effort: a sidecar that cannot be written only means the CRCs are
    // checked again next time.
    if (m_verified && !m_verifiedPath.empty())
        (void)m_verified->save(m_verifiedPath);
}

// Opening a model, step by step: the weight store and what
// the model keeps outside the ledger, the memory plan for the budget, then —
// only once the plan accepted the budget — the trunk, the ledger's terms, the
// trunk's views, the expert cache, the vision tower and the description.
Status ModelImpl::init(const ModelOptions &o)
{
    m_options = o;
    const OpenProgress progress = [&o](double f, const char *stage) { return !o.progress || o.progress(f, stage); };
    if (o.contextLength < 1)
        return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "context length must be at least 1"));
    // The process before the open (ModelOptions::reserveProcess): whether
    // reading the container raises the process's peak is judged against it.
    ProcessFootprint before;
    if (o.reserveProcess) {
        auto f = readProcessFootprint();
        if (!f)
            return f.status();
        before = *f;
    }
    SLUICE_TRY(openStore(o, progress));
    SLUICE_TRY(readSideTables(o));
    auto plan = planOpen(o, before);
    if (!plan)
        return plan.status();
    // Trunk: every tensor the text model reads, except the embedding (rows on
    // demand). A release's comes from its trunk cache (offsets into that file).
    const auto &tensors = m_store->trunkTensors();
    auto trunkBytes = loadTrunk(tensors, plan->budget.split, progress);
    if (!trunkBytes)
        return trunkBytes.status();
    SLUICE_TRY(reserveLedger(*plan, *trunkBytes));
    SLUICE_TRY(bindTrunk(o, tensors, *plan));
    SLUICE_TRY(openExpertCache(o, *plan));
    openVision(*plan);
    describe(o, *plan);
    progress(1.0, "ready");
    return Status::ok();
}

Status ModelImpl::openStore(const ModelOptions &o, const OpenProgress &progress)
{
    auto store = openWeightStore(o, progress);
    if (!store)
        return store.status();
    m_store = std::move(*store);
    auto effective = withExpertsPerToken(m_store->config(), o.expertsPerToken);
    if (!effective)
        return effective.status();
    m_config = std::move(*effective);
    auto id = m_store->identify(o);
    if (!id)
        return id.status();
    m_info.fingerprint = id->fingerprint;
    m_verifiedPath = id->verifiedPath;
    return Status::ok();
}

// Everything the model keeps outside the ledger is read before the process is
// measured (planOpen): the verified-records map, the tokenizer's tables and a
// routing trace.
Status ModelImpl::readSideTables(const ModelOptions &o)
{
    const ModelConfig &cfg = config();
    if (o.verifyOnFirstRead && !o.verifyChecksums) {
        // Keyed by the bank files too: a bank rewritten since the map was
        // saved forgets what was verified (the fingerprint does not cover banks).
        m_verified = std::make_unique<VerifiedRecords>(
            m_info.fingerprint, m_store->verifiedRecordsKey(), cfg.nLayers - cfg.firstKDense, cfg.nExperts);
        if (!m_verifiedPath.empty())
            m_verified->load(m_verifiedPath);
    }
    auto tok = m_store->tokenizer();
    if (tok)
        m_tokenizer = std::move(*tok);
    else // kept so a command can say why there are no tokens
        m_info.tokenizerError = tok.status().message();
    // Release folder or container folder alike: the converter copies the
    // file across. A damaged one is a message, never a failed open.
    m_info.recommendedSampling = readGenerationConfig(o.modelPath);
    if (!o.routeTracePath.empty()) {
        auto trace = loadRoutingTrace(o.routeTracePath);
        if (!trace)
            return trace.status();
        m_routeReplay = std::make_unique<RouteReplay>(std::move(*trace), cfg.nExperts);
    }
    return Status::ok();
}

// The memory plan (spec 9): the same function `sluice-cli plan` and the GUI
// show; the ledger then counts every allocation against the budget.
Expected<ModelImpl::OpenPlan> ModelImpl::planOpen(const ModelOptions &o, const ProcessFootprint &before)
{
    const ModelConfig &cfg = config();
    const auto &tensors = m_store->trunkTensors();
    if (Status st = checkCpus(o.cpus); !st.isOk())
        return makeError(st.code(), SLUICE_ERRT("Error", "thread placement: %1"), st.message());
    const int threads = o.threads > 0 || o.cpus.empty() ? o.threads : int(o.cpus.size());
    m_pool = std::make_unique<kernels::ThreadPool>(threads, o.cpus);
    if (!m_pool->startStatus().isOk()) // the thread count asked for is a promise the system refused
        return makeError(m_pool->startStatus().code(), SLUICE_ERRT("Error", "%1; ask for fewer threads"),
            m_pool->startStatus().message());
    m_info.recordBytes = m_store->recordBytes();
    OpenPlan p;
    PlannerInputsOptions &pio = p.inputOptions;
    pio.contextLength = o.contextLength;
    pio.vision = o.vision; // a release's tower comes from its trunk cache
    pio.maxImagePatches = o.maxImagePatches;
    pio.attentionSlices = m_pool->threadCount();
    pio.sessions = o.sessions;
    pio.residentLayers = o.residentTrunkLayers;
    pio.streamLmHead = o.streamLmHead;
    pio.lmHeadBlockRows = o.lmHeadBlockRows;
    pio.expertsPerToken = o.expertsPerToken;
    if (o.reserveProcess) {
        // The process now holds everything it keeps besides the engine's
        // ledger allocations, which all come after this point (the trunk too).
        auto now = readProcessFootprint();
        if (!now)
            return now.status();
        // Compute threads, expert readers, and one for the read-ahead and the caller.
        const int threads = m_pool->threadCount() + std::max(o.ioThreads, 1) + 2;
        pio.processBytes = processReserveBytes(before, *now, threads, cfg.vocab);
    }
    auto ram = detectUsableRam();
    if (!ram)
        return ram.status();
    // The decode floor decides whether the budget opens the model; prefill
    // gets the chunk the rest of the budget allows (plannerinputs.h).
    auto budgetPlan = planForBudget(cfg, tensors, m_info.recordBytes, pio, ram->usableBytes, o.budgetBytes);
    if (!budgetPlan)
        return budgetPlan.status();
    p.budget = std::move(*budgetPlan);
    auto checkpoints = planCheckpoints(p.budget, cfg, o.checkpoints, o.sessions);
    if (!checkpoints)
        return checkpoints.status();
    p.checkpoints = std::move(*checkpoints);
    const CacheSizing *sizing = &p.checkpoints.sizing;
    m_info.checkpoints = p.checkpoints.perSession;
    m_prefillChunk = p.budget.prefillChunk;
    m_prefillBorrows = p.budget.prefillBorrowBytes > 0;
    m_plan = p.budget.plan;
    m_checkpointGrantBytes = p.checkpoints.bytes;
    // The live budget's growth room (setBudget): the slots the capacity budget
    // would size, never fewer than now. Address space only: ExpertCache
    // touches and counts just the slots in use.
    int &maxSlots = p.maxSlots;
    maxSlots = sizing->slotCount;
    {
        const uint64_t capacity = o.budgetCapacityBytes ? o.budgetCapacityBytes : m_plan.capBytes;
        if (capacity > m_checkpointGrantBytes && capacity - m_checkpointGrantBytes >= m_plan.floorBytes)
            if (auto cs = sizeCache(m_plan, capacity - m_checkpointGrantBytes))
                maxSlots = std::max(maxSlots, cs->slotCount);
    }
    m_info.liveBudgetMinBytes = m_plan.floorBytes + m_checkpointGrantBytes;
    {
        const uint64_t keys = uint64_t(std::max(m_plan.moeLayers, 0)) * uint64_t(std::max(m_plan.expertsPerLayer, 0));
        // Just under the budget that would buy one slot more than the address space holds.
        m_info.liveBudgetMaxBytes = uint64_t(maxSlots) >= std::max<uint64_t>(keys, uint64_t(2 * m_plan.topK))
                                        ? 0 // the cache can already hold every record
                                        : budgetForCacheSlots(m_plan, maxSlots + 1) + m_checkpointGrantBytes - 1;
    }
    return p;
}

// Loads the resident trunk (streamed layers' matrices stay on disk: the
// streamer's slots hold them) and answers its bytes.
Expected<uint64_t> ModelImpl::loadTrunk(const std::vector<TensorInfo> &tensors, const TrunkSplit &split,
                                        const OpenProgress &progress)
{
    const ModelConfig &cfg = config();
    const int residentLayers = split.residentLayers;
    const std::string lmHead = split.lmHeadStreamed ? lmHeadTensorName(cfg) : std::string();
    uint64_t trunkBytes = 0;
    size_t done = 0;
    for (const TensorInfo &t : tensors) {
        ++done;
        if (isTrunkTensor(cfg, t) && streamableLayer(cfg, t) < residentLayers && t.name != lmHead) {
            LoadedTensor lt;
            SLUICE_TRY(m_store->readTensorBytes(t, lt.payload, lt.scales));
            const std::string key = t.name.substr(cfg.tensorPrefix.size());
            auto &slot = m_tensors[key];
            slot = std::move(lt);
            slot.view = Container::matrixView(t, slot.payload, slot.scales);
            trunkBytes += t.bytes;
        }
        const double from = m_store->trunkLoadProgressFrom(); // a release spent the first half preparing the trunk
        if (!progress(from + (0.9 - from) * double(done) / double(tensors.size()), "loading trunk"))
            return makeError(ErrorCode::Cancelled, SLUICE_ERRT("Error", "open cancelled"));
    }
    return trunkBytes;
}

// The ledger's terms besides the expert cache (which ExpertCache::open takes).
Status ModelImpl::reserveLedger(const OpenPlan &p, uint64_t trunkBytes)
{
    const ModelConfig &cfg = config();
    const PlannerInputs &in = p.budget.inputs;
    // The planner counts the trunk from the manifest; the ledger below counts
    // what was loaded. They are the same tensors (isTrunkTensor), so the same sum.
    if (in.trunkBytes != trunkBytes)
        return makeError(ErrorCode::Internal, "trunk: planner counts " + std::to_string(in.trunkBytes) +
                                                  " B, loaded " + std::to_string(trunkBytes) + " B");
    m_ledger = std::make_unique<MemoryLedger>(p.checkpoints.sizing.budgetBytes);
    if (in.processBytes)
        SLUICE_TRY(m_ledger->reserve(kProcessTermName, in.processBytes));
    SLUICE_TRY(m_ledger->reserve("trunk", trunkBytes));
    // The planned sessions (state, scratch, checkpoints): held for the
    // model's life, taken by createSession.
    SLUICE_TRY(m_ledger->reserve("session state", ForwardPass::stateBytes(cfg, m_options.contextLength)));
    for (const ScratchBuffer &b : in.scratch)
        if (b.name != kTrunkStagingName) // allocated by the streamer below, under this name
            SLUICE_TRY(m_ledger->reserve(b.name, b.bytes));
    if (p.checkpoints.bytes)
        SLUICE_TRY(m_ledger->reserve(kCheckpointScratchName, p.checkpoints.bytes));
    if (in.visionBytes) // held for the tower, loaded on the first image
        SLUICE_TRY(m_ledger->reserve("vision", in.visionBytes));
    return Status::ok();
}

// The trunk's views for the forward pass: resident tensors, and the streamed
// layers' views pointing into the streamer's staging slots.
Status ModelImpl::bindTrunk(const ModelOptions &o, const std::vector<TensorInfo> &tensors, const OpenPlan &p)
{
    const ModelConfig &cfg = config();
    std::map<std::string, TrunkMatrixView> streamedViews;
    if (p.budget.split.streaming()) {
        DirectFileOptions tfo;
        tfo.forceBuffered = !o.directIo;
        auto ts = TrunkStreamer::open({m_store->trunkFilePath()}, cfg, tensors, p.budget.split, *m_ledger, tfo,
                                      streamedViews);
        if (!ts)
            return ts.status();
        m_trunk = std::move(*ts);
    }
    auto weights = bindWeights(cfg, [&](const std::string &name) -> Expected<TrunkMatrixView> {
        if (auto sv = streamedViews.find(name); sv != streamedViews.end())
            return sv->second;
        auto it = m_tensors.find(name);
        if (it == m_tensors.end())
            return makeError(ErrorCode::NotFound, SLUICE_ERRT("Error", "%1%2: tensor missing from the container"),
                cfg.tensorPrefix, name);
        return it->second.view;
    });
    if (!weights)
        return weights.status();
    m_weights = std::move(*weights);
    return Status::ok();
}

// The expert banks (or a release's shards) behind the bounded cache.
Status ModelImpl::openExpertCache(const ModelOptions &o, const OpenPlan &p)
{
    const ModelConfig &cfg = config();
    DirectFileOptions dfo;
    dfo.forceBuffered = !o.directIo;
    auto banks = m_store->openExpertBanks(dfo);
    if (!banks)
        return banks.status();
    ExpertCacheOptions co;
    co.firstLayer = cfg.firstKDense;
    co.expertsPerLayer = cfg.nExperts;
    co.recordBytes = m_info.recordBytes;
    co.slotCount = p.checkpoints.sizing.slotCount;
    co.maxSlotCount = p.maxSlots;
    co.topK = cfg.topK;
    co.cacheEnabled = o.cacheEnabled;
    co.ioThreads = o.ioThreads;
    m_store->wireExpertReads(co, o.verifyChecksums, m_verified.get());
    auto cache = ExpertCache::open(std::move(banks->banks), co, *m_ledger);
    if (!cache)
        return cache.status();
    m_source = std::make_unique<CacheExpertSource>(std::move(*cache), o.readAhead);
    m_info.directIo = banks->directIo;
    return Status::ok();
}

// The vision tower, loaded on the first image (its bytes are in the ledger).
void ModelImpl::openVision(const OpenPlan &p)
{
    const ModelConfig &cfg = config();
    const PlannerInputs &in = p.budget.inputs;
    const PlannerInputsOptions &pio = p.inputOptions;
    if (in.visionBytes)
        m_images = m_store->openImageEncoder(cfg, m_pool.get(), pio.maxImagePatches, pio.attentionSlices);
}

// ModelInfo: what clients show and plan with.
void ModelImpl::describe(const ModelOptions &o, const OpenPlan &p)
{
    const ModelConfig &cfg = config();
    const PlannerInputs &in = p.budget.inputs;
    const BudgetPlan *budgetPlan = &p.budget;
    const CacheSizing *sizing = &p.checkpoints.sizing;
    m_info.architecture = cfg.arch == Architecture::KimiK3 ? "kimi-k3" : "kimi-linear";
    m_info.layers = cfg.nLayers;
    m_info.kdaLayers = int(std::count(cfg.layerIsKda.begin(), cfg.layerIsKda.end(), true));
    m_info.experts = cfg.nExperts;
    m_info.moeLayers = cfg.moeLayerCount();
    m_info.topK = cfg.topK;
    m_info.modelTopK = cfg.shippedTopK();
    m_info.vocab = cfg.vocab;
    m_info.hidden = cfg.hidden;
    m_info.contextMax = int(std::min<int64_t>(cfg.maxPositions, 1 << 30));
    m_info.contextLength = o.contextLength;
    m_info.eosId = cfg.eosId;
    m_info.endOfMsgId = cfg.endOfMsgId;
    m_info.mediaPadId = cfg.mediaPadId;
    m_store->describe(m_info);
    m_info.hasVision = cfg.vision.present;
    m_info.visionEnabled = m_images != nullptr;
    m_info.visionError = cfg.vision.disabledReason;
    if (!m_images)
        m_info.visionDisabledReason = !cfg.vision.disabledReason.empty() ? "images are off: " + cfg.vision.disabledReason
                                      : !cfg.vision.present ? "this model has no vision tower"
                                      : !o.vision ? "vision was not enabled when the model was opened (ModelOptions::vision)"
                                                  : "the model has no <|media_pad|> token";
    m_info.hasTokenizer = m_tokenizer.has_value();
    m_info.floorBytes = budgetPlan->floorBytes;
    m_info.residentLayers = budgetPlan->split.residentLayers;
    m_info.trunkStreamBytes = budgetPlan->split.readBytesPerToken;
    m_info.trunkStagingBytes = budgetPlan->split.stagingBytes;
    m_info.lmHeadStreamed = budgetPlan->split.lmHeadStreamed;
    m_info.lmHeadStreamBytes = budgetPlan->split.lmHeadReadBytes;
    m_info.streamingFloorBytes = budgetPlan->streamingFloorBytes;
    m_info.processBytes = in.processBytes;
    m_info.budgetBytes = sizing->budgetBytes;
    m_info.expertCacheBytes = sizing->slotBufferBytes;
    m_info.expertCacheSlots = sizing->slotCount;
    m_info.checkpointBytes = checkpointBytes(cfg);
}

Expected<std::unique_ptr<Session>> ModelImpl::createSession(const SessionOptions &so)
{
    const int ctx = so.contextLength > 0 ? so.contextLength : m_options.contextLength;
    const int checkpoints = so.checkpoints >= 0 ? so.checkpoints : m_info.checkpoints;
    if (ctx > m_options.contextLength || checkpoints > m_info.checkpoints)
        return makeError(ErrorCode::InvalidArgument,
            SLUICE_ERRT("Error",
                "a session of %1 positions and %2 checkpoints exceeds what was planned at open (%3, %4; "
                "ModelOptions::contextLength and the checkpoints the budget allows)"),
            ctx, checkpoints, m_options.contextLength, m_info.checkpoints);
    // Every planned session's memory has been in the ledger since open.
    if (m_sessionsAlive.fetch_add(1) >= m_options.sessions) { // atomic: clients on two threads
        --m_sessionsAlive;
        return makeError(ErrorCode::Budget,
            SLUICE_ERRT("Error", "%1 session(s) planned and alive (ModelOptions::sessions); close one first"),
            m_options.sessions);
    }
    return std::unique_ptr<Session>(new SessionImpl(shared_from_this(), ctx, checkpoints));
}

Status ModelImpl::setBudget(uint64_t bytes)
{
    const std::lock_guard lock(m_compute); // not while a session computes
    if (bytes < m_info.liveBudgetMinBytes)
        return makeError(ErrorCode::Budget,
                         SLUICE_ERRT("Error", "RAM budget %1 (%2 B) is below this model's floor of %3 (%4 B) as opened "
                                              "(context %5, prefill chunk %6, %7 checkpoint(s) per session); reopen "
                                              "the model for a smaller budget"),
                         formatGiB(bytes), bytes, formatGiB(m_info.liveBudgetMinBytes), m_info.liveBudgetMinBytes,
                         m_options.contextLength, m_prefillChunk, m_info.checkpoints);
    // The same plan as at open (chunk, checkpoints): only the cache moves.
    auto sizing = sizeCache(m_plan, bytes - m_checkpointGrantBytes);
    if (!sizing)
        return sizing.status();
    ExpertCache &cache = m_source->cache();
    if (sizing->slotCount > cache.maxSlotCount())
        return makeError(ErrorCode::Budget,
                         SLUICE_ERRT("Error", "RAM budget %1 (%2 B) needs %3 expert cache slots; the cache was opened "
                                              "with room for %4; reopen the model to grow beyond %5 (%6 B)"),
                         formatGiB(bytes), bytes, sizing->slotCount, cache.maxSlotCount(),
                         formatGiB(m_info.liveBudgetMaxBytes), m_info.liveBudgetMaxBytes);
    const int slotsBefore = cache.slotCount();
    const uint64_t ceilingBefore = m_ledger->ceiling();
    // The ledger never holds more than the ceiling: a shrink gives the slots
    // back before the ceiling falls, a grow raises the ceiling before taking them.
    if (bytes < ceilingBefore) {
        SLUICE_TRY(cache.resize(sizing->slotCount));
        if (Status st = m_ledger->setCeiling(bytes); !st.isOk()) {
            (void)cache.resize(slotsBefore); // put the cache back as it was
            return st;
        }
    } else {
        SLUICE_TRY(m_ledger->setCeiling(bytes));
        if (Status st = cache.resize(sizing->slotCount); !st.isOk()) {
            (void)m_ledger->setCeiling(ceilingBefore);
            return st;
        }
    }
    m_info.budgetBytes = bytes;
    m_info.expertCacheBytes = sizing->slotBufferBytes;
    m_info.expertCacheSlots = sizing->slotCount;
    return Status::ok();
}

Expected<int> ModelImpl::imagePositions(int width, int height) const
{
    return sluice::imagePositions(config(), width, height, m_options.maxImagePatches);
}

const ModelConfig *configOf(const Model &model)
{
    const auto *impl = dynamic_cast<const ModelImpl *>(&model);
    return impl ? &impl->config() : nullptr;
}

int ModelImpl::borrowPrefillScratch(int tokens)
{
    if (!m_prefillBorrows || tokens < 2 || m_borrowedBytes)
        return sessionChunkCapacity();
    int chunk = 1;
    while (chunk < tokens && chunk < m_prefillChunk)
        chunk *= 2;
    ExpertCache *cache = m_source ? &m_source->cache() : nullptr;
    // The same sizing as setBudget, with the scratch taken off the budget; a
    // smaller chunk when that leaves the cache under its floor.
    for (chunk = std::min(chunk, m_prefillChunk); chunk > 1; chunk /= 2) {
        const uint64_t extra = prefillExtraBytes(config(), m_options.contextLength, chunk);
        const uint64_t ceiling = m_ledger->ceiling();
        if (ceiling < m_checkpointGrantBytes + extra)
            continue;
        auto sizing = sizeCache(m_plan, ceiling - m_checkpointGrantBytes - extra);
        if (!sizing)
            continue;
        const int before = cache ? cache->slotCount() : 0;
        if (cache && sizing->slotCount < before && !cache->resize(sizing->slotCount).isOk())
            continue;
        if (m_ledger->reserve(kPrefillBorrowName, extra).isOk()) {
            m_borrowedBytes = extra;
            m_slotsBeforeBorrow = before;
            return chunk;
        }
        if (cache && cache->slotCount() != before)
            (void)cache->resize(before);
    }
    return 1;
}

void ModelImpl::returnPrefillScratch()
{
    if (!m_borrowedBytes)
        return;
    m_ledger->unreserve(kPrefillBorrowName, m_borrowedBytes);
    m_borrowedBytes = 0;
    // Cannot be refused: the ledger holds what it held before the borrow.
    if (m_source && m_source->cache().slotCount() < m_slotsBeforeBorrow)
        (void)m_source->cache().resize(m_slotsBeforeBorrow);
}

std::vector<int> ModelImpl::imagePrompt(const std::vector<std::pair<int, int>> &imageSizes, const std::string &text) const
{
    if (!m_tokenizer)
        return {};
    std::vector<int> ids;
    for (const auto &[w, h] : imageSizes) {
        const auto media = m_tokenizer->encodeMarkup("<|media_begin|>image " + std::to_string(w) + "x" +
                                                     std::to_string(h) +
                                                     "<|media_content|><|media_pad|><|media_end|>");
        ids.insert(ids.end(), media.begin(), media.end());
    }
    const auto body = m_tokenizer->encode(text);
    ids.insert(ids.end(), body.begin(), body.end());
    return ids;
}

std::vector<int> ModelImpl::renderChat(const std::vector<ChatMessage> &messages, const ChatOptions &options,
                                       const std::vector<std::pair<int, int>> &sizes) const
{
    auto ids = renderChatChecked(messages, options, sizes);
    return ids ? *ids : std::vector<int>{};
}

Expected<std::vector<int>> ModelImpl::renderChatChecked(const std::vector<ChatMessage> &messages,
                                                        const ChatOptions &options,
                                                        const std::vector<std::pair<int, int>> &sizes) const
{
    if (!m_tokenizer)
        return makeError(
            ErrorCode::Unsupported, SLUICE_ERRT("Error", "the model has no tokenizer (%1)"), m_info.tokenizerError);
    std::vector<text::ChatTurn> turns;
    size_t total = 0;
    for (const ChatMessage &m : messages) {
        text::ChatTurn t;
        t.role = m.role;
        t.content = m.content;
        t.reasoning = m.reasoning;
        t.images.resize(size_t(std::max(0, m.imageCount)));
        for (const ChatToolCall &c : m.toolCalls)
            t.toolCalls.push_back({c.id, c.name, c.arguments});
        t.toolCallId = m.toolCallId;
        if (m.role == "tool")
            t.toolName = m.name;
        else
            t.name = m.name;
        total += t.images.size();
        turns.push_back(std::move(t));
    }
    // Media markup carries each image's original size: the last sizes given
    // belong to the last images of the conversation (a whole conversation
    // re-rendered, or just the new turn).
    size_t index = 0;
    for (auto &t : turns) {
        for (auto &img : t.images) {
            const ptrdiff_t k = ptrdiff_t(sizes.size()) - ptrdiff_t(total) + ptrdiff_t(index++);
            if (k >= 0) {
                img.width = sizes[size_t(k)].first;
                img.height = sizes[size_t(k)].second;
            }
        }
    }
    const auto flavor = config().arch == Architecture::KimiK3 ? text::ChatFlavor::K3 : text::ChatFlavor::KimiLinear;
    return text::renderChat(*m_tokenizer, flavor, turns, options);
}

ChatReply ModelImpl::parseReply(std::span<const int> generated, const ChatOptions &options) const
{
    ChatReply out;
    if (!m_tokenizer)
        return out;
    const text::ParsedReply r =
        config().arch == Architecture::KimiK3
            ? text::parseK3Reply(*m_tokenizer, generated,
                                 options.thinking ? text::ReplyStart::InThink : text::ReplyStart::InResponse)
            : text::parseKimiLinearReply(*m_tokenizer, generated);
    out.reasoning = r.reasoning;
    out.content = r.content;
    for (const text::ChatToolCall &c : r.toolCalls)
        out.toolCalls.push_back({c.id, c.name, c.arguments});
    out.finished = r.finished;
    out.truncated = r.truncated;
    return out;
}

} // namespace model

Expected<std::shared_ptr<Model>> Model::open(const ModelOptions &options)
{
    auto m = std::make_shared<model::ModelImpl>();
    SLUICE_TRY(m->init(options));
    return std::shared_ptr<Model>(std::move(m));
}

Expected<ModelSession> openModelSession(const ModelOptions &options, const SessionOptions &sessionOptions)
{
    auto model = Model::open(options);
    if (!model)
        return model.status();
    auto session = (*model)->createSession(sessionOptions);
    if (!session)
        return session.status();
    return ModelSession{std::move(*model), std::move(*session)};
}

} // namespace sluice
