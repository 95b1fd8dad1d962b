#pragma once
// The text forward pass of Kimi K3 and Kimi-Linear (spec 2), f32, on chunks
// of 1..kMaxChunk tokens. Every token of a chunk goes through exactly the
// arithmetic it would get alone (batched trunk products give each vector the
// bits of a single matvec; KDA and MLA walk the tokens in order; each
// (token, expert) pair uses the token's own tables and the weighted expert
// sum runs in selection order), so chunked prefill equals token-by-token.
//
// Owns the session state (KDA S matrices, conv rings, MLA latent cache,
// position) and every scratch buffer, all sized at construction.
#include "format/modelconfig.h"
#include "kernels/threadpool.h"
#include "kernels/vqlut.h"
#include "model/expertsource.h"
#include "model/modelweights.h"
#include "stream/memoryplanner.h"
#include "util/status.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

namespace sluice::model {

inline constexpr int kMaxChunk = 64;

struct ForwardHooks {
    // Writes the embedding row of `token` (d floats).
    std::function<Status(int token, float *out)> embed;
    // Codebooks of (layer, kind 0 gate / 1 up / 2 down) starting at `codebookId` (from the record).
    std::function<Expected<VqCodebooksView>(int layer, int kind, int codebookId)> codebooks;
    // Splits a record into its three matrices, validating it for (layer, expert).
    std::function<Expected<ExpertMatrices>(int layer, int expert, const ExpertRecordRef &rec)> parseRecord;
    // Optional (routing-trace replay): may replace the router's top-k choice
    // `sel` of `layer` for the token at absolute `position`, in place; the
    // routing weights are then computed over the ids it leaves there.
    std::function<void(int layer, int64_t position, std::span<int> sel)> route;
};

// Compute-time buckets, accumulated until reset.
struct ForwardTimers {
    double attention = 0, lutBuild = 0, lutApply = 0, trunk = 0, lmHead = 0, ioWait = 0;
};

class ForwardPass {
public:
    ForwardPass(const ModelConfig &cfg, const ModelWeights &weights, ForwardHooks hooks, int contextLength);

    // Every buffer this class allocates besides the session state, by name
    // (the memory planner's enumerated scratch list).
    static std::vector<ScratchBuffer> scratchBuffers(const ModelConfig &cfg, int contextLength);
    // Bytes of the session state (KDA S + conv rings + MLA cache).
    static uint64_t stateBytes(const ModelConfig &cfg, int contextLength);

    void setThreadPool(kernels::ThreadPool *pool) { m_pool = pool; }
    void setExpertSource(ExpertSource *source) { m_source = source; }
    void setLookahead(int width) { m_lookahead = width; }
    void setCancelFlag(const std::atomic<bool> *flag) { m_cancel = flag; }
    // When set, x after every layer is appended for every token ([layer][token][d] per call).
    void setResidualDump(std::vector<float> *dump) { m_dump = dump; }

    // Feeds n (1..kMaxChunk) tokens at the current position. `logits` gets
    // vocab floats for the last token, or n*vocab when allPositions. On error
    // (I/O, cancel) the state may be partly advanced: the caller must treat
    // the session as damaged.
    Status run(const int *tokens, int n, float *logits, bool allPositions);

    int position() const { return m_pos; }
    // True when the last run() failed after changing the state (mid-token).
    bool stateDamaged() const { return m_partial; }
    int contextLength() const { return m_ctx; }
    void reset();

    ForwardTimers &timers() { return m_timers; }

    // Session state access for save/load (KDA S, conv rings per KDA layer; MLA cache per MLA layer).
    struct LayerState {
        std::vector<float> s;    // KDA: H*D*D
        std::vector<float> conv; // KDA: 3*C*(k-1), oldest sample first per channel
        std::vector<float> kv;   // MLA: ctx*(kvLora+rope)
    };
    std::vector<LayerState> &layerStates() { return m_state; }
    const std::vector<LayerState> &layerStates() const { return m_state; }
    void setPosition(int pos) { m_pos = pos; }

private:
    Status layerKda(int L, int n);
    Status layerMla(int L, int n);
    Status ffnDense(int L, int n);
    Status ffnMoe(int L, int n);
    Status matmul(const TrunkMatrixView &w, const float *x, size_t xStride, int n, float *y, size_t yStride);

    const ModelConfig &m_cfg;
    const ModelWeights &m_w;
    ForwardHooks m_hooks;
    int m_ctx;
    int m_pos = 0;
    bool m_partial = false;
    kernels::ThreadPool *m_pool = nullptr;
    ExpertSource *m_source = nullptr;
    int m_lookahead = 0;
    const std::atomic<bool> *m_cancel = nullptr;
    std::vector<float> *m_dump = nullptr;
    ForwardTimers m_timers;

    std::vector<LayerState> m_state;

    // Scratch (see scratchBuffers()).
    std::vector<float> m_x, m_p, m_h, m_a, m_blocks, m_resScores;
    std::vector<float> m_q, m_k, m_v, m_low, m_z, m_beta, m_gate, m_o;
    std::vector<float> m_mlaQ, m_mlaQa, m_kva, m_qAbs, m_scores, m_cbar, m_kvbRow;
    std::vector<float> m_ffG, m_ffU;
    std::vector<float> m_router, m_latent, m_eG, m_eU, m_eAct, m_eOut, m_y;
    std::vector<kernels::VqLut> m_lutGate, m_lutUp; // one per chunk token
    kernels::VqLut m_lutDown;
};

} // namespace sluice::model
