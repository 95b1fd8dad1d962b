#pragma once
// The mixture-of-experts layer (spec 2.6, 5.4), in five steps:
//   route     router on every chunk token, top-k, weights, consumption order
//             (selection order for one token, ascending distinct ids for a
//             chunk, so each expert is read once per chunk), read-ahead hint
//   acquire   each distinct expert's record, held by an ExpertRecord handle
//             (decode: all claimed in the router's order, then applied as
//             their bytes arrive)
//   apply     every (token, rank) routed to it, each with its token's own
//             gate/up tables (built once per token per layer) and a down
//             table per pair; in decode, once the first record has built the
//             tables, one whole record per compute thread (the lanes)
//   combine   weighted sum in selection order, latent norm and up-projection,
//             the shared experts
//   lookahead (decode) the next MoE layer's router on this layer's input,
//             once this layer's records are claimed: speculative reads queued
//             behind this layer's misses; the real router of that layer decides
// Experts are never dequantised (kernels::VqLut; release experts go through
// kernels::mxfp4Matvec or the bf16 trunk matvec, applyDirect).
#include "model/blockcontext.h"
#include "model/denseffn.h"
#include "model/expertsource.h"
#include "model/modelweights.h"
#include "model/scratch.h"

#include <span>
#include <vector>

namespace sluice::model {

// One decode lane's own buffers: a record's gate and up outputs, its
// activation and its down table.
struct MoeLane {
    std::vector<float> gate, up, act;
    kernels::VqLut down;
};

struct MoeScratch {
    std::vector<float> router, weight;             // router scores, routing weights (chunk)
    std::vector<int> sel, order, users, idx, guess; // selection, consumption order, (token, rank) pairs, top-k work
    std::vector<float> latent, y;                  // expert input, routed/shared sum (chunk)
    std::vector<kernels::VqLut> lutGate, lutUp;    // one pair per chunk token
    kernels::VqLut lutDown;
    std::vector<float> eG, eU, eAct, eOut;          // gate/up outputs, activation, per-(token, rank) outputs
    // A replay's picks at the model's own top-k when experts per token is
    // lowered (benchmarks only): at most 64 ids, outside the planned layout.
    std::vector<int> replayed;
    std::vector<MoeLane> lanes; // decode: one per compute thread (MoeBlock::applyOnLanes)
    void layout(const ScratchDims &m, size_t n, ScratchSink &sink);
};

class MoeBlock {
public:
    MoeBlock(const BlockContext &ctx, const ForwardHooks &hooks, ExpertSource *source, MoeScratch &s,
             FfnScratch &ffn)
        : m_ctx(ctx), m_hooks(hooks), m_source(source), m_s(s), m_ffn(ffn)
    {
    }

    // Layer L on n tokens: h (n x d) -> a (n x d). `next` is layer L+1's MoE
    // weights when it is an MoE layer (for the lookahead), else null.
    // `position` is the absolute position of the chunk's first token.
    Status run(int L, const MoeWeights &w, const float *h, int n, float *a, const MoeWeights *next,
               int lookaheadWidth, int64_t position);

    Status route(int L, const MoeWeights &w, const float *h, int n, int64_t position);
    Expected<ExpertRecord> acquire(int L, int expert);
    Status apply(int L, int expert, const ExpertRecord &record, int n);
    Status combine(const MoeWeights &w, const float *h, int n, float *a);
    Status lookahead(int nextLayer, const MoeWeights &next, const float *h, int width);

    // The consumption order of the last route().
    std::span<const int> order() const { return {m_s.order.data(), m_orderCount}; }

private:
    Status expertInput(const MoeWeights &w, const float *h, int n);
    Status applyInOrder(int L, int n);
    Status claimAll(int L);
    Status applyAsReady(int L, int n);
    struct LaneTimes {
        double ioWait = 0, apply = 0, build = 0;
    };
    struct LaneBuffers {
        float *gate, *up, *act;
        kernels::VqLut *down;
    };
    size_t pickRecord(std::span<const char> taken, bool &isReady) const;
    size_t laneCount(size_t records) const;
    LaneBuffers laneBuffers(size_t lane);
    Status applyOnLanes(int L);
    Status applyOnLane(int L, int expert, size_t rank, const ExpertRecord &record, const LaneBuffers &lane,
                       LaneTimes &times, bool &leave);
    Status applyDirect(int expert, const ExpertMatrices &mats, int n);
    Status applyMatrices(int expert, ExpertMatrices &mats, const VqCodebooksView &gate,
                         const VqCodebooksView &up, const VqCodebooksView &down, int n, const ExpertRecordRef &record);
    Status applyDown(const VqCodebooksView &books, VqMatrixView &down, const float *gate, const float *up,
                     const LaneBuffers &buffers, float *out, kernels::ThreadPool *buildPool,
                     kernels::ThreadPool *applyPool, const ExpertRecordRef &record, LaneTimes &times);
    Status applyVq(const kernels::VqLut &lut, VqMatrixView &w, int matrix, float *y, kernels::ThreadPool *pool,
                   const ExpertRecordRef &record);

    const BlockContext &m_ctx;
    const ForwardHooks &m_hooks;
    ExpertSource *m_source;
    MoeScratch &m_s;
    FfnScratch &m_ffn;
    size_t m_orderCount = 0;
    const float *m_z = nullptr; // expert input rows
    size_t m_zStride = 0;
    bool m_tablesBuilt = false;
    int m_tableBook = -1;
    std::vector<ExpertRecord> m_claimed; // applyAsReady's records, in the router's order
};

} // namespace sluice::model
