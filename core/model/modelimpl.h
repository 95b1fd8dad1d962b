#pragma once
// The Model of api/model.h over a weight store (a WASTE container or a release
// folder, model/weightstore.h; internal: sessions reach the shared parts
// through this class). Trunk loaded tensor by tensor, embedding rows read on
// demand, experts through the shared expert cache.
#include "api/model.h"
#include "api/session.h"

#include "kernels/threadpool.h"
#include "model/cacheexpertsource.h"
#include "model/expertspertoken.h"
#include "model/imageencoder.h"
#include "model/modelweights.h"
#include "model/plannerinputs.h"
#include "model/weightstore.h"
#include "model/trunkstreamer.h"
#include "stream/memoryledger.h"
#include "stream/memoryplanner.h"
#include "stream/processfootprint.h"
#include "stream/routetrace.h"
#include "format/verifiedrecords.h"
#include "text/tokenizer.h"

#include <atomic>
#include <map>
#include <mutex>
#include <optional>

namespace sluice::model {

struct LoadedTensor {
    std::vector<uint8_t> payload;
    std::vector<uint16_t> scales;
    TrunkMatrixView view;
};

class ModelImpl final : public Model, public std::enable_shared_from_this<ModelImpl> {
public:
    ~ModelImpl() override;
    Status init(const ModelOptions &o);

    const ModelInfo &info() const override { return m_info; }
    const ModelOptions &options() const override { return m_options; }
    std::vector<int> tokenize(const std::string &text) const override
    {
        return m_tokenizer ? m_tokenizer->encode(text) : std::vector<int>{};
    }
    std::string detokenize(std::span<const int> tokens) const override
    {
        return m_tokenizer ? m_tokenizer->decode(tokens) : std::string{};
    }
    std::vector<int> imagePrompt(const std::vector<std::pair<int, int>> &imageSizes,
                                 const std::string &text) const override;
    Expected<int> imagePositions(int width, int height) const override;
    std::vector<int> renderChat(const std::vector<ChatMessage> &messages, const ChatOptions &options,
                                const std::vector<std::pair<int, int>> &imageSizes) const override;
    Expected<std::vector<int>> renderChatChecked(const std::vector<ChatMessage> &messages, const ChatOptions &options,
                                                 const std::vector<std::pair<int, int>> &imageSizes) const override;
    ChatReply parseReply(std::span<const int> generated, const ChatOptions &options) const override;
    Expected<std::unique_ptr<Session>> createSession(const SessionOptions &options) override;
    Status setBudget(uint64_t bytes) override;

    // Where the weights come from (container or release alike), for sessions.
    const WeightStore &store() const { return *m_store; }
    // The model's config with the effective experts per token (ModelOptions::expertsPerToken).
    const ModelConfig &config() const { return m_config; }
    Status readEmbeddingRow(int token, float *out) const
    {
        return m_store->readEmbeddingRow(token, out);
    }
    const ModelWeights &weights() const { return m_weights; }
    kernels::ThreadPool *pool() const { return m_pool.get(); }
    MemoryLedger &ledger() { return *m_ledger; }
    CacheExpertSource &source() { return *m_source; }
    TrunkStreamer *trunkStreamer() const { return m_trunk.get(); } // null when the trunk is resident
    ImageEncoder *images() { return m_images.get(); }
    const text::Tokenizer *tokenizer() const { return m_tokenizer ? &*m_tokenizer : nullptr; }
    // Scaled with a lowered experts-per-token (model/expertspertoken.h).
    int lookahead() const { return scaledLookahead(m_config, m_options.lookahead); }
    int prefillChunk() const { return m_prefillChunk; }
    // The chunk capacity a session's forward pass holds between prefills:
    // decode-sized when prefill borrows its scratch, else the planned chunk.
    int sessionChunkCapacity() const { return m_prefillBorrows ? 1 : m_prefillChunk; }
    // A prefill of `tokens` borrows its chunk's scratch from the expert cache
    // (BudgetPlan::prefillBorrowBytes): the largest power-of-two chunk up to
    // the planned one (no larger than the prompt needs) whose scratch fits
    // beside the cache the budget then leaves; the cache is shrunk to that
    // (the policy's first victims go, RSS falls) and the scratch is counted
    // in the ledger. Returns the capacity to run at: sessionChunkCapacity()
    // when nothing was borrowed (one token, no borrowing plan, no room).
    // returnPrefillScratch() gives the cache its slots back. Under computeMutex().
    int borrowPrefillScratch(int tokens);
    void returnPrefillScratch();
    void releaseSession() { --m_sessionsAlive; }
    // The MoE routing hooks for a session's forward pass (ForwardHooks):
    // the routing-trace replay and the observer of ModelOptions, each empty
    // when not set.
    std::function<void(int layer, int64_t position, std::span<int> sel)> replayHook() const;
    std::function<void(int layer, int64_t position, std::span<int> sel)> routeHook() const;

    // Sessions of one model share its thread pool, expert cache, trunk
    // streamer and vision tower, so their computations must not overlap:
    // every SessionImpl entry that computes (prefill, eval, evalAll,
    // generate, addImage) and setBudget hold this for their whole run. Two
    // clients on one model (the window and the server) are so serialised,
    // each waiting for the other's call to end. Recursive: generate calls prefill.
    std::recursive_mutex &computeMutex() { return m_compute; }

private:
    using OpenProgress = std::function<bool(double, const char *)>;
    // What init's planning step hands to the steps that load.
    struct OpenPlan {
        PlannerInputsOptions inputOptions;
        BudgetPlan budget;
        CheckpointPlan checkpoints; // its sizing is the cache's
        int maxSlots = 0;           // the live budget's growth room (setBudget)
    };
    Status openStore(const ModelOptions &o, const OpenProgress &progress);
    Status readSideTables(const ModelOptions &o);
    Expected<OpenPlan> planOpen(const ModelOptions &o, const ProcessFootprint &before);
    Expected<uint64_t> loadTrunk(const std::vector<TensorInfo> &tensors, const TrunkSplit &split,
                                 const OpenProgress &progress);
    Status reserveLedger(const OpenPlan &p, uint64_t trunkBytes);
    Status bindTrunk(const ModelOptions &o, const std::vector<TensorInfo> &tensors, const OpenPlan &p);
    Status openExpertCache(const ModelOptions &o, const OpenPlan &p);
    void openVision(const OpenPlan &p);
    void describe(const ModelOptions &o, const OpenPlan &p);

    std::recursive_mutex m_compute;
    ModelOptions m_options;
    ModelInfo m_info;
    std::unique_ptr<WeightStore> m_store;
    ModelConfig m_config; // the source's, with the effective experts per token (set once the source is open)
    std::map<std::string, LoadedTensor> m_tensors;
    ModelWeights m_weights;
    std::unique_ptr<kernels::ThreadPool> m_pool;
    std::unique_ptr<MemoryLedger> m_ledger;
    std::unique_ptr<TrunkStreamer> m_trunk; // null unless layers stream; its views are in m_weights
    std::unique_ptr<CacheExpertSource> m_source;
    std::unique_ptr<ImageEncoder> m_images; // null without vision
    std::unique_ptr<RouteReplay> m_routeReplay; // null unless ModelOptions::routeTracePath
    // Records whose CRC passed (ModelOptions::verifyOnFirstRead), and its sidecar ("" = kept in memory only).
    std::unique_ptr<VerifiedRecords> m_verified;
    std::string m_verifiedPath;
    std::optional<text::Tokenizer> m_tokenizer;
    int m_prefillChunk = 1;
    bool m_prefillBorrows = false; // BudgetPlan::prefillBorrowBytes > 0
    uint64_t m_borrowedBytes = 0;  // a prefill's scratch now in the ledger
    int m_slotsBeforeBorrow = 0;
    // The plan at open's prefill chunk and the checkpoints granted then:
    // setBudget() sizes the cache from these, so only the cache moves.
    MemoryPlan m_plan;
    uint64_t m_checkpointGrantBytes = 0;
    std::atomic<int> m_sessionsAlive{0}; // of m_options.sessions, all in the ledger since open (sessions of two threads)
};

// The internal config of a model this library opened, for the developer
// tools and tests (clients read ModelInfo); null for any other Model.
const ModelConfig *configOf(const Model &model);

} // namespace sluice::model
