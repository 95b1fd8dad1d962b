#pragma once
// The text forward pass of Kimi K3 and Kimi-Linear (spec 2), f32, on chunks
// of 1..kMaxChunk tokens. Every token of a chunk goes through exactly the
// arithmetic it would get alone (batched trunk products give each vector the
// bits of a single matvec; KDA and MLA walk the tokens in order; each
// (token, expert) pair uses the token's own tables and the weighted expert
// sum runs in selection order), so chunked prefill equals token-by-token and
// the chunk capacity (what the scratch is sized for) never changes a bit.
//
// This file keeps the chunk loop, Attention Residuals and the layer
// skeleton; the layers themselves are blocks by kind (kdablock, mlablock,
// moeblock, denseffn), each with a scratch struct that sizes its planner
// entries and its buffers from one formula (scratch.h).
//
// Owns the session state (KDA S matrices, conv rings, MLA latent cache,
// position) and every scratch buffer, all sized at construction.
#include "api/modelconfig.h"
#include "kernels/threadpool.h"
#include "kernels/vqlut.h"
#include "model/blockcontext.h"
#include "model/denseffn.h"
#include "model/expertsource.h"
#include "model/kdablock.h"
#include "model/layersource.h"
#include "model/mlablock.h"
#include "model/modelweights.h"
#include "model/moeblock.h"
#include "model/scratch.h"
#include "stream/memoryplanner.h"
#include "util/status.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

namespace sluice::model {

class ForwardPass {
public:
    // `chunkCapacity` (1..kMaxChunk) sizes the chunk-wide scratch; run()
    // takes up to kMaxChunk tokens either way and splits them into pieces of
    // at most chunkCapacity (same bits).
    ForwardPass(const ModelConfig &cfg, const ModelWeights &weights, ForwardHooks hooks, int contextLength,
                int chunkCapacity = kMaxChunk);

    // Every buffer this class allocates besides the session state, by name
    // (the memory planner's enumerated scratch list), for a chunk capacity
    // and the compute threads of the pool it will run on (decode lanes).
    static std::vector<ScratchBuffer> scratchBuffers(const ModelConfig &cfg, int contextLength,
                                                     int chunkCapacity = kMaxChunk, int threads = 1);
    // Bytes of the session state (KDA S + conv rings + MLA cache).
    static uint64_t stateBytes(const ModelConfig &cfg, int contextLength);

    // Also sizes the decode lanes' scratch for the pool's threads (between runs).
    void setThreadPool(kernels::ThreadPool *pool);
    void setExpertSource(ExpertSource *source) { m_source = source; }
    void setLookahead(int width) { m_lookahead = width; }
    void setCancelFlag(const std::atomic<bool> *flag) { m_cancel = flag; }
    // Trunk streaming: layers whose matrices are staged (null = all resident).
    void setLayerSource(LayerSource *layers) { m_layers = layers; }
    // When set, x after every layer is appended for every token ([layer][token][d] per piece).
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
    int chunkCapacity() const { return m_chunk; }
    // Re-sizes the chunk-wide scratch for `chunk` (1..kMaxChunk) between
    // runs: a prefill borrows a larger capacity from the expert cache and
    // gives it back (SessionImpl). Buffers are freed before they are
    // re-allocated and the freed heap goes back to the OS, so RSS follows.
    // Scratch contents do not survive (logitsScratch() included); the session
    // state does, and the bits of every later run are the same at any capacity.
    void setChunkCapacity(int chunk);
    void reset();

    ForwardTimers &timers() { return m_timers; }

    // A vocab-float buffer for last-position logits, counted in the scratch list.
    float *logitsScratch() { return m_io.logits.data(); }
    // The scratch list with the bytes the buffers really hold now (the
    // expert tables grow on their first build): equals scratchBuffers() for
    // this capacity once a full chunk has run.
    std::vector<ScratchBuffer> scratchHeld();

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
    // The residual stream, AttnRes history and logits (this file's own buffers).
    struct StreamScratch {
        std::vector<float> x, p, h, a, blocks, resScores, logits;
        std::vector<const float *> blockPtrs;
        void layout(const ScratchDims &m, size_t n, ScratchSink &sink);
    };
    // Every scratch struct, in planner order.
    struct Scratch {
        StreamScratch io;
        KdaScratch kda;
        AttentionScratch attn;
        MlaScratch mla;
        FfnScratch ffn;
        MoeScratch moe;
        void layout(const ScratchDims &m, size_t n, ScratchSink &sink);
    };

    void layOutScratch();
    Status runChunk(const int *tokens, int n, float *logits, bool allPositions);
    Status layer(int L, int n, int &nBlocks);
    Status attention(int L, int n);
    Status ffn(int L, int n);
    void mixBeforeAttention(int L, int n, int &nBlocks);
    void mixAfter(const float *norm, const float *proj, int n, int nBlocks, bool last);
    Status outputHead(int n, int nBlocks, float *logits, bool allPositions);
    const float *const *blocksOf(int t, int nBlocks);
    BlockContext context() { return BlockContext{m_cfg, m_pool, m_timers}; }

    const ModelConfig &m_cfg;
    const ModelWeights &m_w;
    ForwardHooks m_hooks;
    int m_ctx;
    int m_chunk;
    int m_threads = 1; // the pool's, for the decode lanes' scratch
    int m_pos = 0;
    bool m_partial = false;
    kernels::ThreadPool *m_pool = nullptr;
    ExpertSource *m_source = nullptr;
    LayerSource *m_layers = nullptr;
    int m_lookahead = 0;
    const std::atomic<bool> *m_cancel = nullptr;
    std::vector<float> *m_dump = nullptr;
    ForwardTimers m_timers;

    std::vector<LayerState> m_state;
    Scratch m_scratch;
    StreamScratch &m_io = m_scratch.io;
};

} // namespace sluice::model
