#include "model/moeblock.h"

#include "kernels/matvec.h"
#include "kernels/mxfp4.h"

#include "model/modelops.h"

#include <algorithm>
#include <cstring>
#include <mutex>

namespace sluice::model {

void MoeScratch::layout(const ScratchDims &m, size_t n, ScratchSink &sink)
{
    sink.entry("router logits (chunk)").buffer(router, n * m.E);
    sink.entry("MoE routing: ids, weights, order (chunk)")
        .buffer(sel, n * m.topK)
        .buffer(weight, n * m.topK)
        .buffer(order, n * m.topK)
        .buffer(users, 2 * n * m.topK)
        .buffer(idx, m.E)
        .buffer(guess, m.E);
    sink.entry("expert input latent and routed/shared sum (chunk)")
        .buffer(latent, n * m.lat)
        .buffer(y, n * std::max(m.lat, m.d));
    sink.entry("expert gate/up LUTs (one pair per chunk token)")
        .tables(lutGate, n, m.lutLat)
        .tables(lutUp, n, m.lutLat);
    sink.entry("expert down LUT").table(lutDown, m.lutInter);
    sink.entry("expert gate/up outputs (chunk) and activation")
        .buffer(eG, n * m.inter)
        .buffer(eU, n * m.inter)
        .buffer(eAct, m.inter);
    sink.entry("per-(token, expert) outputs (chunk)").buffer(eOut, n * m.topK * m.lat);
    // Decode lane 0 is the buffers above; every further compute thread has
    // its own (MoeBlock::applyOnLanes).
    lanes.resize(m.lanes - 1);
    if (!lanes.empty()) {
        ScratchSink::Entry e = sink.entry("decode lanes (one per further compute thread)");
        for (MoeLane &l : lanes)
            e.buffer(l.gate, m.inter).buffer(l.up, m.inter).buffer(l.act, m.inter).table(l.down, m.lutInter);
    }
}

namespace {

// The router's order: higher biased score first, ties to the lowest id.
struct Better {
    const float *scores, *bias;
    bool operator()(int a, int b) const
    {
        const float sa = scores[a] + bias[a];
        const float sb = scores[b] + bias[b];
        return sa > sb || (sa == sb && a < b);
    }
};

// Top-k of the biased scores: descending, ties to the lowest id. `idx` has room for E.
void selectTopK(const float *scores, const float *bias, size_t E, size_t k, int *out, std::vector<int> &idx)
{
    idx.resize(E);
    for (size_t e = 0; e < E; ++e)
        idx[e] = int(e);
    std::partial_sort(idx.begin(), idx.begin() + ptrdiff_t(k), idx.end(), Better{scores, bias});
    std::copy(idx.begin(), idx.begin() + ptrdiff_t(k), out);
}

// The down table's kind: VQ4P applies through int8 tables.
kernels::VqLut::Kind lutKind(const ModelConfig &cfg)
{
    return cfg.expertQuant.fmtName == "VQ4P" ? kernels::VqLut::Kind::Int8 : kernels::VqLut::Kind::F32;
}

// A matrix rewritten stage-planar by an earlier apply of this slot's record
// (a hit) is read so (MoeBlock::applyVq).
void readRewritten(ExpertMatrices &mats, const ExpertRecordRef &record)
{
    VqMatrixView *views[3] = {&mats.gate, &mats.up, &mats.down};
    for (int k = 0; k < 3; ++k)
        if (record.note && (*record.note & (1u << k)))
            views[k]->order = VqIndexOrder::StagePlanes;
}

} // namespace

Status MoeBlock::run(int L, const MoeWeights &w, const float *h, int n, float *a, const MoeWeights *next,
                     int lookaheadWidth, int64_t position)
{
    SLUICE_TRY(route(L, w, h, n, position));
    SLUICE_TRY(expertInput(w, h, n));
    m_tablesBuilt = false;
    m_tableBook = -1;
    if (n == 1 && m_source) {
        struct Claims { // every record given back on every way out
            std::vector<ExpertRecord> &v;
            ~Claims() { v.clear(); }
        } claims{m_claimed};
        SLUICE_TRY(claimAll(L));
        // The next layer's guesses are read behind this layer's misses, so
        // the disk has work while this layer's last records are applied and
        // the next layer's attention runs. After the claims: this layer's
        // records are held, so what the guesses evict never depends on how
        // far this layer's reads have got (ExpertCache::prefetch).
        if (lookaheadWidth > 0 && next)
            SLUICE_TRY(lookahead(L + 1, *next, h, lookaheadWidth));
        SLUICE_TRY(applyAsReady(L, n));
    } else {
        SLUICE_TRY(applyInOrder(L, n));
    }
    return combine(w, h, n, a);
}

Status MoeBlock::route(int L, const MoeWeights &w, const float *h, int n, int64_t position)
{
    const ModelConfig &cfg = m_ctx.cfg;
    const size_t E = size_t(cfg.nExperts);
    const size_t k = size_t(cfg.topK);
    SLUICE_TRY(m_ctx.matmul(w.router, h, size_t(cfg.hidden), n, m_s.router.data(), E));
    for (int t = 0; t < n; ++t) {
        float *s = m_s.router.data() + size_t(t) * E;
        for (size_t e = 0; e < E; ++e)
            s[e] = sigmoid(s[e]);
        int *st = m_s.sel.data() + size_t(t) * k;
        if (m_hooks.replay && cfg.expertsReduced()) {
            // A replay names the model's own top-k; the lowered count keeps
            // the best-scoring of those, as the router would rank them.
            const size_t own = size_t(cfg.shippedTopK());
            m_s.replayed.resize(own);
            selectTopK(s, w.bias.data(), E, own, m_s.replayed.data(), m_s.idx);
            m_hooks.replay(L, position + t, std::span<int>(m_s.replayed.data(), own));
            std::partial_sort(m_s.replayed.begin(), m_s.replayed.begin() + ptrdiff_t(k), m_s.replayed.end(),
                              Better{s, w.bias.data()});
            std::copy(m_s.replayed.begin(), m_s.replayed.begin() + ptrdiff_t(k), st);
        } else {
            selectTopK(s, w.bias.data(), E, k, st, m_s.idx);
            if (m_hooks.replay)
                m_hooks.replay(L, position + t, std::span<int>(st, k));
        }
        if (m_hooks.route)
            m_hooks.route(L, position + t, std::span<int>(st, k));
        float *wt = m_s.weight.data() + size_t(t) * k;
        float sum = 0.0f;
        for (size_t j = 0; j < k; ++j) {
            wt[j] = s[st[j]];
            sum += wt[j];
        }
        for (size_t j = 0; j < k; ++j) {
            if (cfg.renormalize)
                wt[j] = wt[j] / (sum + 1e-20f);
            wt[j] *= cfg.routedScaling;
        }
    }
    // Order of consumption: selection order for one token, ascending
    // distinct ids for a chunk (each expert read once per chunk).
    const size_t picks = size_t(n) * k;
    std::copy(m_s.sel.begin(), m_s.sel.begin() + ptrdiff_t(picks), m_s.order.begin());
    m_orderCount = picks;
    if (n > 1) {
        auto first = m_s.order.begin(), last = first + ptrdiff_t(picks);
        std::sort(first, last);
        m_orderCount = size_t(std::unique(first, last) - first);
    }
    if (m_source)
        m_source->hint(L, order());
    return Status::ok();
}

Status MoeBlock::expertInput(const MoeWeights &w, const float *h, int n)
{
    const ModelConfig &cfg = m_ctx.cfg;
    m_z = h;
    m_zStride = size_t(cfg.hidden);
    if (cfg.latentDim > 0) {
        const size_t lat = size_t(cfg.expertInputDim());
        SLUICE_TRY(m_ctx.matmul(w.latentDown, h, size_t(cfg.hidden), n, m_s.latent.data(), lat));
        m_z = m_s.latent.data();
        m_zStride = lat;
    }
    return Status::ok();
}

Status MoeBlock::applyInOrder(int L, int n)
{
    for (int e : order()) {
        auto record = acquire(L, e);
        if (!record)
            return record.status();
        // The handle gives the record back on every way out of this scope.
        SLUICE_TRY(apply(L, e, *record, n));
    }
    return Status::ok();
}

// One token's experts (top-k: the cache has room for twice that) are claimed
// in the router's order - every hit, miss and eviction decided as acquire()
// would, never by the disk's timing - then applied as their bytes arrive:
// the hits while the misses are still being read. Each (token, rank) writes
// its own output row and combine() sums them in the router's order, so the
// order of the applies changes no bit (tst_forwardpass).
Status MoeBlock::claimAll(int L)
{
    const auto t0 = Clock::now();
    for (int e : order()) {
        auto record = m_source->claim(L, e);
        if (!record)
            return record.status();
        m_claimed.push_back(std::move(*record));
    }
    m_ctx.timers.ioWait += since(t0);
    return Status::ok();
}

// The records claimed by claimAll(), applied as they arrive.
Status MoeBlock::applyAsReady(int L, int n)
{
    const std::span<const int> experts = order();
    Clock::time_point t0;
    for (size_t left = experts.size(); left > 0; --left) {
        // Once the first record has built the layer's shared tables, the
        // rest go to the lanes when there are two of them.
        if (m_tablesBuilt && laneCount(left) > 1)
            return applyOnLanes(L);
        bool isReady = false;
        const size_t next = pickRecord({}, isReady);
        t0 = Clock::now();
        SLUICE_TRY(m_source->waitReady(m_claimed[next])); // at once when ready: the read's error, if any
        if (!isReady)
            m_ctx.timers.ioWait += since(t0);
        SLUICE_TRY(apply(L, experts[next], m_claimed[next], n));
        m_claimed[next].release();
    }
    return Status::ok();
}

// The first record still held and not `taken` whose bytes are here, else the
// first one still pending (isReady false); order().size() when none is left.
// Reads finish about in the router's order (the read-ahead's).
size_t MoeBlock::pickRecord(std::span<const char> taken, bool &isReady) const
{
    const size_t count = m_claimed.size();
    size_t first = count;
    for (size_t i = 0; i < count; ++i) {
        if (!m_claimed[i] || (!taken.empty() && taken[i]))
            continue;
        if (m_source->ready(m_claimed[i])) {
            isReady = true;
            return i;
        }
        first = std::min(first, i);
    }
    isReady = false;
    return first;
}

// As many lanes as threads, records and lane buffers allow, when the
// records' work is worth a fork-join (BlockContext::poolFor).
size_t MoeBlock::laneCount(size_t records) const
{
    const size_t work = records * 3 * size_t(m_ctx.cfg.moeIntermediate) * size_t(m_ctx.cfg.expertInputDim());
    kernels::ThreadPool *pool = m_ctx.poolFor(work);
    if (!pool)
        return 1;
    return std::min({records, size_t(pool->threadCount()), 1 + m_s.lanes.size()});
}

MoeBlock::LaneBuffers MoeBlock::laneBuffers(size_t lane)
{
    if (lane == 0) // the serial path's own buffers: it never runs beside the lanes
        return {m_s.eG.data(), m_s.eU.data(), m_s.eAct.data(), &m_s.lutDown};
    MoeLane &l = m_s.lanes[lane - 1];
    return {l.gate.data(), l.up.data(), l.act.data(), &l.down};
}

// Decode's records, one whole record per compute thread at a time: no
// fork-join per matrix (each costs tens of microseconds on a VM, and splits
// a matrix's rows unevenly when a core is interrupted). Each lane takes the
// first ready record in the router's order (else the first pending one and
// waits for it), applies gate, up and down single-threaded with its own
// activation and down table, and writes the record's own output row. The
// kernels give the same bits for any thread count, so lanes change none.
Status MoeBlock::applyOnLanes(int L)
{
    const std::span<const int> experts = order();
    const size_t lanes = laneCount(experts.size());
    std::mutex mutex;
    std::vector<char> taken(experts.size(), 0);
    std::vector<size_t> serial; // records the lanes leave: not VQ, or other books than the built tables
    Status error;
    std::vector<LaneTimes> times(lanes);
    auto runLane = [&](size_t lane) {
        for (;;) {
            size_t next;
            bool isReady = false;
            {
                std::lock_guard lock(mutex);
                if (!error.isOk())
                    return;
                next = pickRecord(taken, isReady);
                if (next == experts.size())
                    return;
                taken[next] = 1;
            }
            const auto t0 = Clock::now();
            Status st = m_source->waitReady(m_claimed[next]);
            if (!isReady)
                times[lane].ioWait += since(t0);
            bool leave = false;
            if (st.isOk())
                st = applyOnLane(L, experts[next], next, m_claimed[next], laneBuffers(lane), times[lane], leave);
            std::lock_guard lock(mutex);
            if (!st.isOk()) {
                if (error.isOk())
                    error = st;
                return;
            }
            if (leave) {
                serial.push_back(next);
            } else {
                m_claimed[next].release();
                ++m_ctx.timers.laneRecords;
            }
        }
    };
    m_ctx.pool->parallelFor(lanes, [&](size_t begin, size_t end) {
        for (size_t lane = begin; lane < end; ++lane)
            runLane(lane);
    });
    // The timers are per token, not per thread: the lanes' mean.
    for (const LaneTimes &t : times) {
        m_ctx.timers.ioWait += t.ioWait / double(lanes);
        m_ctx.timers.lutApply += t.apply / double(lanes);
        m_ctx.timers.lutBuild += t.build / double(lanes);
    }
    if (!error.isOk())
        return error;
    for (size_t i : serial) {
        SLUICE_TRY(apply(L, experts[i], m_claimed[i], 1));
        m_claimed[i].release();
    }
    return Status::ok();
}

Status MoeBlock::applyOnLane(int L, int expert, size_t rank, const ExpertRecord &record, const LaneBuffers &lane,
                             LaneTimes &times, bool &leave)
{
    auto mats = m_hooks.parseRecord(L, expert, record.ref());
    if (!mats)
        return mats.status();
    if (mats->kind != ExpertRecordKind::Vq || mats->codebookId != m_tableBook) {
        leave = true; // applied serially after the lanes (its own tables)
        return Status::ok();
    }
    auto downBooks = m_hooks.codebooks(L, 2, mats->codebookId);
    if (!downBooks)
        return downBooks.status();
    const ExpertRecordRef &ref = record.ref();
    readRewritten(*mats, ref);
    const auto t0 = Clock::now();
    Status st = applyVq(m_s.lutGate[0], mats->gate, 0, lane.gate, nullptr, ref);
    if (st.isOk())
        st = applyVq(m_s.lutUp[0], mats->up, 1, lane.up, nullptr, ref);
    times.apply += since(t0);
    if (st.isOk())
        st = applyDown(*downBooks, mats->down, lane.gate, lane.up, lane,
                       m_s.eOut.data() + rank * size_t(m_ctx.cfg.expertInputDim()), nullptr, nullptr, ref, times);
    return st.withContext("layer " + std::to_string(L) + ", expert " + std::to_string(expert));
}

// One (token, rank)'s down projection from its gate and up outputs: the
// activation, its down table (built over `buildPool`) and the apply.
Status MoeBlock::applyDown(const VqCodebooksView &books, VqMatrixView &down, const float *gate, const float *up,
                           const LaneBuffers &buffers, float *out, kernels::ThreadPool *buildPool,
                           kernels::ThreadPool *applyPool, const ExpertRecordRef &record, LaneTimes &times)
{
    const size_t inter = size_t(m_ctx.cfg.moeIntermediate);
    gluActivate(m_ctx.cfg, gate, up, inter, buffers.act);
    auto t0 = Clock::now();
    SLUICE_TRY(buffers.down->build(books, buffers.act, inter, lutKind(m_ctx.cfg), buildPool));
    times.build += since(t0);
    t0 = Clock::now();
    SLUICE_TRY(applyVq(*buffers.down, down, 2, out, applyPool, record));
    times.apply += since(t0);
    return Status::ok();
}

Expected<ExpertRecord> MoeBlock::acquire(int L, int expert)
{
    if (!m_source)
        return makeError(ErrorCode::Internal, "no expert source");
    const auto t0 = Clock::now();
    auto record = m_source->acquire(L, expert);
    m_ctx.timers.ioWait += since(t0);
    return record;
}

Status MoeBlock::apply(int L, int expert, const ExpertRecord &record, int n)
{
    auto mats = m_hooks.parseRecord(L, expert, record.ref());
    if (!mats)
        return mats.status();
    if (mats->kind != ExpertRecordKind::Vq)
        return applyDirect(expert, *mats, n).withContext("layer " + std::to_string(L) + ", expert " + std::to_string(expert));
    auto gateBooks = m_hooks.codebooks(L, 0, mats->codebookId);
    auto upBooks = m_hooks.codebooks(L, 1, mats->codebookId);
    auto downBooks = m_hooks.codebooks(L, 2, mats->codebookId);
    if (!gateBooks || !upBooks || !downBooks)
        return !gateBooks ? gateBooks.status() : !upBooks ? upBooks.status() : downBooks.status();
    readRewritten(*mats, record.ref());
    return applyMatrices(expert, *mats, *gateBooks, *upBooks, *downBooks, n, record.ref())
        .withContext("layer " + std::to_string(L) + ", expert " + std::to_string(expert));
}

// One VQ matrix apply. In a record its source lets us rewrite (a cache
// slot), a matrix's first apply leaves its indices stage-planar
// (kernels::vqMatvecRewriting, while reading them anyway) and notes it in the
// slot; every later apply - the chunk's other tokens, the record's later hits
// - skips the de-interleave. Same bits either way (tst_forwardpass).
Status MoeBlock::applyVq(const kernels::VqLut &lut, VqMatrixView &w, int matrix, float *y, kernels::ThreadPool *pool,
                         const ExpertRecordRef &record)
{
    if (!record.writable || !record.note || w.order == VqIndexOrder::StagePlanes)
        return kernels::vqMatvec(lut, w, y, pool);
    uint8_t *indices = record.writable + (w.indices - record.data);
    auto rewrote = kernels::vqMatvecRewriting(lut, w, indices, y, pool);
    if (!rewrote)
        return rewrote.status();
    if (*rewrote) {
        *record.note = uint8_t(*record.note | (1u << matrix));
        w.order = VqIndexOrder::StagePlanes;
    }
    return Status::ok();
}

Status MoeBlock::applyMatrices(int expert, ExpertMatrices &mats, const VqCodebooksView &gate,
                               const VqCodebooksView &up, const VqCodebooksView &down, int n,
                               const ExpertRecordRef &record)
{
    const ModelConfig &cfg = m_ctx.cfg;
    const size_t k = size_t(cfg.topK);
    const size_t lat = size_t(cfg.expertInputDim());
    const size_t inter = size_t(cfg.moeIntermediate);
    const auto kind = lutKind(cfg);
    if (!m_tablesBuilt || m_tableBook != mats.codebookId) {
        // Built once per token per layer (records of one layer share books).
        const auto t0 = Clock::now();
        for (int t = 0; t < n; ++t) {
            const float *zt = m_z + size_t(t) * m_zStride;
            SLUICE_TRY(m_s.lutGate[size_t(t)].build(gate, zt, lat, kind, m_ctx.pool));
            SLUICE_TRY(m_s.lutUp[size_t(t)].build(up, zt, lat, kind, m_ctx.pool));
        }
        m_ctx.timers.lutBuild += since(t0);
        m_tablesBuilt = true;
        m_tableBook = mats.codebookId;
    }
    // Every (token, rank) routed to this expert, each with its own tables.
    // (Measured: kernels::vqMatmul over 2/4/8 tables at once was 1.1x /
    // 1.4x / 2.8x SLOWER than one vqMatvec per table on K3 shapes here -
    // the tables, 1.4 MB each, stop fitting in cache; docs/model.md.)
    size_t count = 0;
    for (int t = 0; t < n; ++t) {
        for (size_t j = 0; j < k; ++j) {
            if (m_s.sel[size_t(t) * k + j] == expert) {
                m_s.users[2 * count] = t;
                m_s.users[2 * count + 1] = int(j);
                ++count;
            }
        }
    }
    // Top-k ids are distinct, so an expert serves each token at most once.
    if (count > size_t(n))
        return makeError(ErrorCode::Internal, "an expert was routed twice for one token");
    kernels::ThreadPool *vqPool = m_ctx.poolFor(inter * lat);
    auto t0 = Clock::now();
    for (size_t u = 0; u < count; ++u) {
        const size_t t = size_t(m_s.users[2 * u]);
        SLUICE_TRY(applyVq(m_s.lutGate[t], mats.gate, 0, m_s.eG.data() + u * inter, vqPool, record));
        SLUICE_TRY(applyVq(m_s.lutUp[t], mats.up, 1, m_s.eU.data() + u * inter, vqPool, record));
    }
    m_ctx.timers.lutApply += since(t0);
    LaneTimes times;
    for (size_t u = 0; u < count; ++u) {
        const size_t t = size_t(m_s.users[2 * u]), j = size_t(m_s.users[2 * u + 1]);
        SLUICE_TRY(applyDown(down, mats.down, m_s.eG.data() + u * inter, m_s.eU.data() + u * inter, laneBuffers(0),
                             m_s.eOut.data() + (t * k + j) * lat, m_ctx.pool, vqPool, record, times));
    }
    m_ctx.timers.lutBuild += times.build;
    m_ctx.timers.lutApply += times.apply;
    return Status::ok();
}

// Release experts (MXFP4 or bf16) straight from the slot: no tables, one
// matvec per matrix per (token, rank), in the same user order as the VQ path.
Status MoeBlock::applyDirect(int expert, const ExpertMatrices &mats, int n)
{
    const ModelConfig &cfg = m_ctx.cfg;
    const size_t k = size_t(cfg.topK);
    const size_t lat = size_t(cfg.expertInputDim());
    const size_t inter = size_t(cfg.moeIntermediate);
    kernels::ThreadPool *pool = m_ctx.poolFor(inter * lat);
    auto matvec = [&](int kind, const float *x, float *y) -> Status {
        if (mats.kind == ExpertRecordKind::Mxfp4)
            return kernels::mxfp4Matvec(mats.mx[kind], x, y, pool);
        return kernels::matvec(mats.bf[kind], x, y, pool);
    };
    const auto t0 = Clock::now();
    for (int t = 0; t < n; ++t) {
        for (size_t j = 0; j < k; ++j) {
            if (m_s.sel[size_t(t) * k + j] != expert)
                continue;
            const float *zt = m_z + size_t(t) * m_zStride;
            SLUICE_TRY(matvec(0, zt, m_s.eG.data()));
            SLUICE_TRY(matvec(1, zt, m_s.eU.data()));
            gluActivate(cfg, m_s.eG.data(), m_s.eU.data(), inter, m_s.eAct.data());
            SLUICE_TRY(matvec(2, m_s.eAct.data(), m_s.eOut.data() + (size_t(t) * k + j) * lat));
        }
    }
    m_ctx.timers.lutApply += since(t0);
    return Status::ok();
}

Status MoeBlock::combine(const MoeWeights &w, const float *h, int n, float *a)
{
    const ModelConfig &cfg = m_ctx.cfg;
    const size_t d = size_t(cfg.hidden);
    const size_t k = size_t(cfg.topK);
    const size_t lat = size_t(cfg.expertInputDim());
    // Weighted sum in selection order.
    for (int t = 0; t < n; ++t) {
        float *y = m_s.y.data() + size_t(t) * lat;
        std::fill(y, y + lat, 0.0f);
        for (size_t j = 0; j < k; ++j) {
            const float wj = m_s.weight[size_t(t) * k + j];
            const float *o = m_s.eOut.data() + (size_t(t) * k + j) * lat;
            for (size_t i = 0; i < lat; ++i)
                y[i] += wj * o[i];
        }
    }
    if (cfg.latentDim > 0) {
        if (cfg.latentNorm) {
            for (int t = 0; t < n; ++t)
                rmsNorm(m_s.y.data() + size_t(t) * lat, w.latentNorm.data(), lat, cfg.rmsEps,
                        m_s.y.data() + size_t(t) * lat);
        }
        SLUICE_TRY(m_ctx.matmul(w.latentUp, m_s.y.data(), lat, n, a, d));
    } else {
        std::memcpy(a, m_s.y.data(), size_t(n) * d * 4);
    }
    if (w.hasShared) {
        // y (sized n * max(lat, d)) is free again once the routed part is in a.
        SLUICE_TRY(denseFfn(m_ctx, w.shared, h, n, m_ffn, m_s.y.data()));
        for (size_t i = 0; i < size_t(n) * d; ++i)
            a[i] += m_s.y[i];
    }
    return Status::ok();
}

Status MoeBlock::lookahead(int nextLayer, const MoeWeights &next, const float *h, int width)
{
    const size_t E = size_t(m_ctx.cfg.nExperts);
    SLUICE_TRY(m_ctx.matmul(next.router, h, size_t(m_ctx.cfg.hidden), 1, m_s.router.data(), E));
    for (size_t e = 0; e < E; ++e)
        m_s.router[e] = sigmoid(m_s.router[e]);
    const size_t count = std::min(E, size_t(width));
    selectTopK(m_s.router.data(), next.bias.data(), E, count, m_s.guess.data(), m_s.idx);
    m_source->speculate(nextLayer, std::span<const int>(m_s.guess.data(), count));
    return Status::ok();
}

} // namespace sluice::model
