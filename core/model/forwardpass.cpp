#include "model/forwardpass.h"

#include "kernels/elementwise.h"
#include "kernels/matvec.h"
#include "model/modelops.h"
#include "util/virtualmemory.h"

#include <algorithm>
#include <cstring>

namespace sluice::model {

void ForwardPass::StreamScratch::layout(const ScratchDims &m, size_t n, ScratchSink &sink)
{
    sink.entry("residual stream x, p, h, a (chunk)")
        .buffer(x, n * m.d)
        .buffer(p, n * m.d)
        .buffer(h, n * m.d)
        .buffer(a, n * m.d);
    sink.entry("AttnRes blocks (chunk)")
        .buffer(blocks, n * m.maxBlocks * m.d)
        .buffer(resScores, m.maxBlocks + 1)
        .buffer(blockPtrs, m.maxBlocks + 1);
}

void ForwardPass::Scratch::layout(const ScratchDims &m, size_t n, ScratchSink &sink)
{
    io.layout(m, n, sink);
    kda.layout(m, n, sink);
    attn.layout(m, n, sink);
    mla.layout(m, n, sink);
    ffn.layout(m, n, sink);
    moe.layout(m, n, sink);
    // The last position's logits only: all-position logits go to the caller's buffer.
    sink.entry("logits (last position)").buffer(io.logits, m.vocab);
}

namespace {

int clampChunk(int chunk) { return std::clamp(chunk, 1, kMaxChunk); }

} // namespace

std::vector<ScratchBuffer> ForwardPass::scratchBuffers(const ModelConfig &cfg, int contextLength, int chunkCapacity,
                                                       int threads)
{
    ScratchSink sink(ScratchSink::Mode::List);
    Scratch unallocated;
    unallocated.layout(scratchDims(cfg, contextLength, threads), size_t(clampChunk(chunkCapacity)), sink);
    return sink.entries();
}

std::vector<ScratchBuffer> ForwardPass::scratchHeld()
{
    ScratchSink sink(ScratchSink::Mode::Measure);
    m_scratch.layout(scratchDims(m_cfg, m_ctx, m_threads), size_t(m_chunk), sink);
    return sink.entries();
}

uint64_t ForwardPass::stateBytes(const ModelConfig &cfg, int contextLength)
{
    const ScratchDims m = scratchDims(cfg, contextLength);
    uint64_t total = 0;
    for (int L = 0; L < cfg.nLayers; ++L) {
        if (cfg.layerIsKda[size_t(L)])
            total += (m.H * m.D * m.D + 3 * m.C * (m.K - 1)) * 4;
        else
            total += m.ctx * (m.kvl + m.rope) * 4;
    }
    return total;
}

ForwardPass::ForwardPass(const ModelConfig &cfg, const ModelWeights &weights, ForwardHooks hooks, int contextLength,
                         int chunkCapacity)
    : m_cfg(cfg), m_w(weights), m_hooks(std::move(hooks)), m_ctx(contextLength), m_chunk(clampChunk(chunkCapacity))
{
    const ScratchDims m = scratchDims(cfg, contextLength);
    m_state.resize(size_t(cfg.nLayers));
    for (int L = 0; L < cfg.nLayers; ++L) {
        if (cfg.layerIsKda[size_t(L)]) {
            m_state[size_t(L)].s.assign(m.H * m.D * m.D, 0.0f);
            m_state[size_t(L)].conv.assign(3 * m.C * (m.K - 1), 0.0f);
        } else {
            // The whole context's latent cache; RAM only for the positions written.
            std::vector<float> &kv = m_state[size_t(L)].kv;
            kv.assign(m.ctx * (m.kvl + m.rope), 0.0f);
            zeroWithoutTouching(kv.data(), kv.size() * sizeof(float));
        }
    }
    ScratchSink sink(ScratchSink::Mode::Allocate);
    m_scratch.layout(m, size_t(m_chunk), sink);
}

void ForwardPass::setChunkCapacity(int chunk)
{
    const int c = clampChunk(chunk);
    if (c == m_chunk)
        return;
    m_chunk = c;
    layOutScratch();
}

// The scratch buffers for the current chunk capacity and thread count (the
// lanes); what a smaller layout frees goes back to the system.
void ForwardPass::layOutScratch()
{
    ScratchSink sink(ScratchSink::Mode::Allocate);
    m_scratch.layout(scratchDims(m_cfg, m_ctx, m_threads), size_t(m_chunk), sink);
    returnFreedHeapMemory();
}

void ForwardPass::setThreadPool(kernels::ThreadPool *pool)
{
    m_pool = pool;
    const int threads = pool ? pool->threadCount() : 1;
    if (threads == m_threads)
        return;
    m_threads = threads;
    layOutScratch();
}

void ForwardPass::reset()
{
    for (LayerState &s : m_state) {
        std::fill(s.s.begin(), s.s.end(), 0.0f);
        std::fill(s.conv.begin(), s.conv.end(), 0.0f);
        zeroWithoutTouching(s.kv.data(), s.kv.size() * sizeof(float)); // hands back what the last sequence used
    }
    m_pos = 0;
}

Status ForwardPass::run(const int *tokens, int n, float *logits, bool allPositions)
{
    if (n < 1 || n > kMaxChunk)
        return makeError(
            ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "forward: chunk of %1 tokens (1..%2)"), n, kMaxChunk);
    if (m_pos + n > m_ctx)
        return makeError(ErrorCode::ContextFull,
                         SLUICE_ERRT("Error", "context full: %1 + %2 tokens exceed the context length %3 chosen at open"),
                         m_pos, n, m_ctx);
    for (int t = 0; t < n; ++t) {
        if (tokens[t] < 0 || tokens[t] >= m_cfg.vocab)
            return makeError(
                ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "token id %1 outside the vocabulary"), tokens[t]);
    }
    // Pieces of at most the chunk capacity; every token gets the same bits
    // whatever the piece size, so this is invisible in the output.
    const size_t vocab = size_t(m_cfg.vocab);
    for (int i = 0; i < n; i += m_chunk) {
        const int c = std::min(m_chunk, n - i);
        float *out = allPositions ? logits + size_t(i) * vocab : (i + c == n ? logits : nullptr);
        SLUICE_TRY(runChunk(tokens + i, c, out, allPositions));
    }
    return Status::ok();
}

Status ForwardPass::runChunk(const int *tokens, int n, float *logits, bool allPositions)
{
    const size_t d = size_t(m_cfg.hidden);
    for (int t = 0; t < n; ++t)
        SLUICE_TRY(m_hooks.embed(tokens[t], m_io.x.data() + size_t(t) * d));
    int nBlocks = 0;
    m_partial = false;
    std::unique_lock<std::mutex> staging; // the streamed layers' slots, for this chunk
    if (m_layers)
        staging = m_layers->lockRun();
    for (int L = 0; L < m_cfg.nLayers; ++L) {
        if (m_cancel && m_cancel->load(std::memory_order_relaxed))
            return makeError(ErrorCode::Cancelled, SLUICE_ERRT("Error", "cancelled at layer %1"), L);
        // From here on an error leaves the state half-advanced.
        m_partial = true;
        if (m_layers) {
            const auto t0 = Clock::now();
            SLUICE_TRY(m_layers->acquire(L));
            m_timers.trunkWait += since(t0);
        }
        SLUICE_TRY(layer(L, n, nBlocks));
        if (m_dump)
            m_dump->insert(m_dump->end(), m_io.x.begin(), m_io.x.begin() + ptrdiff_t(size_t(n) * d));
    }
    // With lm_head streamed, its blocks follow the last layer through the
    // slots; the next chunk's read-ahead starts after them (outputHead).
    if (m_layers && !(logits && m_layers->outputHeadBlocks() > 0))
        m_layers->layersDone();
    // All layers done: the state has advanced by n positions.
    m_pos += n;
    m_partial = false;
    // A piece before the last one of a last-position run needs no logits.
    return logits ? outputHead(n, nBlocks, logits, allPositions) : Status::ok();
}

// One layer: AttnRes (K3) or plain residual around attention and the FFN.
Status ForwardPass::layer(int L, int n, int &nBlocks)
{
    const LayerWeights &lw = m_w.layers[size_t(L)];
    const size_t d = size_t(m_cfg.hidden);
    const size_t nd = size_t(n) * d;
    const float eps = m_cfg.rmsEps;
    const bool attnRes = m_cfg.attnResBlock > 0;
    if (attnRes)
        mixBeforeAttention(L, n, nBlocks);
    for (int t = 0; t < n; ++t)
        rmsNorm(m_io.x.data() + size_t(t) * d, lw.inNorm.data(), d, eps, m_io.h.data() + size_t(t) * d);
    SLUICE_TRY(attention(L, n).withContext("layer " + std::to_string(L)));
    if (attnRes) {
        for (size_t i = 0; i < nd; ++i)
            m_io.p[i] += m_io.a[i];
        mixAfter(lw.mlpResNorm.data(), lw.mlpResProj.data(), n, nBlocks, false);
    } else {
        for (size_t i = 0; i < nd; ++i)
            m_io.x[i] += m_io.a[i];
    }
    for (int t = 0; t < n; ++t)
        rmsNorm(m_io.x.data() + size_t(t) * d, lw.postNorm.data(), d, eps, m_io.h.data() + size_t(t) * d);
    SLUICE_TRY(ffn(L, n).withContext("layer " + std::to_string(L)));
    if (attnRes) {
        for (size_t i = 0; i < nd; ++i)
            m_io.p[i] += m_io.a[i];
        std::memcpy(m_io.x.data(), m_io.p.data(), nd * 4);
    } else {
        for (size_t i = 0; i < nd; ++i)
            m_io.x[i] += m_io.a[i];
    }
    return Status::ok();
}

const float *const *ForwardPass::blocksOf(int t, int nBlocks)
{
    const size_t d = size_t(m_cfg.hidden);
    const size_t maxBlocks = m_io.blockPtrs.size() - 1;
    for (int i = 0; i < nBlocks; ++i)
        m_io.blockPtrs[size_t(i)] = m_io.blocks.data() + (size_t(t) * maxBlocks + size_t(i)) * d;
    return m_io.blockPtrs.data();
}

// Attention Residuals before attention (spec 2.8): x = mix of the completed
// blocks and the running partial p; every attnResBlock layers p becomes a
// new block and restarts from zero.
void ForwardPass::mixBeforeAttention(int L, int n, int &nBlocks)
{
    const LayerWeights &lw = m_w.layers[size_t(L)];
    const size_t d = size_t(m_cfg.hidden);
    const size_t maxBlocks = m_io.blockPtrs.size() - 1;
    std::memcpy(m_io.p.data(), m_io.x.data(), size_t(n) * d * 4);
    if (nBlocks > 0)
        mixAfter(lw.attnResNorm.data(), lw.attnResProj.data(), n, nBlocks, false);
    if (L % m_cfg.attnResBlock == 0) {
        for (int t = 0; t < n; ++t)
            std::memcpy(m_io.blocks.data() + (size_t(t) * maxBlocks + size_t(nBlocks)) * d,
                        m_io.p.data() + size_t(t) * d, d * 4);
        ++nBlocks;
        std::fill(m_io.p.begin(), m_io.p.begin() + ptrdiff_t(size_t(n) * d), 0.0f);
    }
}

// x[t] = AttnRes mix of the blocks and p[t] (in place on x when `inPlace`:
// the output aggregation mixes x itself).
void ForwardPass::mixAfter(const float *norm, const float *proj, int n, int nBlocks, bool inPlace)
{
    const size_t d = size_t(m_cfg.hidden);
    for (int t = 0; t < n; ++t) {
        float *xt = m_io.x.data() + size_t(t) * d;
        const float *src = inPlace ? xt : m_io.p.data() + size_t(t) * d;
        kernels::attnResMix(blocksOf(t, nBlocks), size_t(nBlocks), src, norm, proj, d, m_cfg.rmsEps,
                            m_io.resScores.data(), xt);
    }
}

Status ForwardPass::attention(int L, int n)
{
    const LayerWeights &lw = m_w.layers[size_t(L)];
    LayerState &state = m_state[size_t(L)];
    const BlockContext ctx = context();
    const auto t0 = Clock::now();
    const double trunk0 = m_timers.trunk;
    Status st = lw.isKda ? kdaBlock(ctx, lw.kda, state.s.data(), state.conv.data(), m_io.h.data(), n,
                                    m_scratch.kda, m_scratch.attn, m_io.a.data())
                         : mlaBlock(ctx, lw.mla, state.kv.data(), m_pos, m_ctx, m_io.h.data(), n, m_scratch.mla,
                                    m_scratch.attn, m_io.a.data());
    m_timers.attention += since(t0) - (m_timers.trunk - trunk0);
    return st;
}

Status ForwardPass::ffn(int L, int n)
{
    const LayerWeights &lw = m_w.layers[size_t(L)];
    const BlockContext ctx = context();
    if (!lw.isMoe)
        return denseFfn(ctx, lw.dense, m_io.h.data(), n, m_scratch.ffn, m_io.a.data());
    // A streamed next layer's router is not in memory yet: no lookahead into it.
    const bool nextHere = L + 1 < m_cfg.nLayers && m_cfg.isMoeLayer(L + 1) && !(m_layers && m_layers->streamed(L + 1));
    const MoeWeights *next = nextHere ? &m_w.layers[size_t(L + 1)].moe : nullptr;
    MoeBlock moe(ctx, m_hooks, m_source, m_scratch.moe, m_scratch.ffn);
    return moe.run(L, lw.moe, m_io.h.data(), n, m_io.a.data(), next, m_lookahead, m_pos);
}

// Output aggregation (K3), final norm and the LM head.
Status ForwardPass::outputHead(int n, int nBlocks, float *logits, bool allPositions)
{
    const size_t d = size_t(m_cfg.hidden);
    const float eps = m_cfg.rmsEps;
    const auto t0 = Clock::now();
    const int first = allPositions ? 0 : n - 1;
    for (int t = first; t < n; ++t) {
        float *xt = m_io.x.data() + size_t(t) * d;
        if (m_cfg.attnResBlock > 0) {
            // In place: attnResMix scores everything before it writes.
            kernels::attnResMix(blocksOf(t, nBlocks), size_t(nBlocks), xt, m_w.outResNorm.data(),
                                m_w.outResProj.data(), d, eps, m_io.resScores.data(), xt);
        }
        rmsNorm(xt, m_w.finalNorm.data(), d, eps, xt);
    }
    const size_t vocab = size_t(m_cfg.vocab);
    // The same kernels on the whole matrix or on a block of its rows: each
    // logit row is one thread's dot product in a fixed order whatever the
    // row range (kernels/matvec.h), so a streamed lm_head gives the same bits.
    auto rows = [&](const TrunkMatrixView &w, float *out) {
        return allPositions ? (n == 1 ? kernels::matvec(w, m_io.x.data(), out, m_pool)
                                      : kernels::matmul(w, m_io.x.data(), d, size_t(n), out, vocab, m_pool))
                            : kernels::matvec(w, m_io.x.data() + size_t(n - 1) * d, out, m_pool);
    };
    const int blocks = m_layers ? m_layers->outputHeadBlocks() : 0;
    Status st = Status::ok();
    double waited = 0;
    if (blocks == 0) {
        st = rows(m_w.lmHead, logits);
    } else {
        for (int b = 0; b < blocks && st.isOk(); ++b) {
            const auto w0 = Clock::now();
            auto block = m_layers->acquireOutputHead(b);
            waited += since(w0);
            st = block ? rows(block->view, logits + block->firstRow) : block.status();
        }
        m_layers->layersDone();
        m_timers.trunkWait += waited;
    }
    m_timers.lmHead += since(t0) - waited;
    return st;
}

} // namespace sluice::model
