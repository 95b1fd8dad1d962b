// The forward pass's own contracts, on synthetic containers built here:
// the scratch it really holds equals the planner's scratch list for every
// chunk capacity (one formula), the chunk capacity never changes a bit, an
// error mid-layer gives every expert record back, and the engine's budget
// (which picks the prefill chunk) never changes the logits while the ledger
// stays equal to the plan.
#include "support/testregistry.h"
#include "format/container.h"
#include "format/expertrecord.h"
#include "format/synth.h"
#include "kernels/cpufeatures.h"
#include "model/cacheexpertsource.h"
#include "model/forwardpass.h"
#include "model/modelimpl.h"
#include "modeltestutil.h"
#include "model/plannerinputs.h"
#include "stream/directfile.h"
#include "stream/expertcache.h"
#include "stream/memoryledger.h"

#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>

using namespace sluice;

namespace {

// Forwards to another source, holding its records, and can fail on purpose.
class ProbeSource : public model::ExpertSource {
public:
    explicit ProbeSource(model::ExpertSource &inner) : m_inner(inner) {}
    int failAcquireAt = -1; // 0-based acquire call that fails, -1 = never
    int acquires = 0;
    bool readOnly = false;  // hand records out without their writable bytes (never rewritten)
    bool inOrder = false;   // claims block like acquires: decode applies in the router's order
    // Decode: the first record claimed after each read-ahead hint says "not
    // ready" until it is waited for, and every other one is ready when asked:
    // the block must apply the others first, every time (no timing involved).
    bool holdBackFirst = false;
    int rewrittenAtAcquire = 0, rewrittenAtRelease = 0; // records whose note was set then
    int outOfOrderReleases = 0; // released while an earlier-claimed record was still held
    int outstanding() const
    {
        std::lock_guard lock(m_mutex);
        return int(m_held.size());
    }

    void hint(int layer, std::span<const int> experts) override
    {
        m_holdNext = holdBackFirst;
        m_inner.hint(layer, experts);
    }
    Expected<model::ExpertRecord> acquire(int layer, int expert) override { return take(layer, expert, false); }
    // Claims go through to the cache (decode's ready-first path).
    Expected<model::ExpertRecord> claim(int layer, int expert) override
    {
        auto r = take(layer, expert, !inOrder);
        if (r && m_holdNext) {
            std::lock_guard lock(m_mutex);
            m_heldBack = r->ref().token;
            m_holdNext = false;
        }
        return r;
    }
    // Decode's lanes ask from several threads (ExpertSource): the map and
    // the counters under one lock, the inner wait outside it.
    bool ready(const model::ExpertRecord &record) const override
    {
        if (inOrder)
            return true;
        std::lock_guard lock(m_mutex);
        auto it = m_held.find(record.ref().token);
        if (it == m_held.end())
            return false;
        if (holdBackFirst)
            return record.ref().token != m_heldBack && m_inner.waitReady(it->second).isOk();
        return m_inner.ready(it->second);
    }
    Status waitReady(const model::ExpertRecord &record) override
    {
        const model::ExpertRecord *inner = nullptr;
        {
            std::lock_guard lock(m_mutex);
            auto it = m_held.find(record.ref().token);
            if (it == m_held.end())
                return makeError(ErrorCode::Internal, "probe: not a record of this source");
            if (record.ref().token == m_heldBack)
                m_heldBack = kNone;
            inner = &it->second; // erased only by this record's own release, after the wait
        }
        return m_inner.waitReady(*inner);
    }

protected:
    void release(const model::ExpertRecordRef &ref) override
    {
        std::lock_guard lock(m_mutex);
        rewrittenAtRelease += ref.note && *ref.note ? 1 : 0;
        outOfOrderReleases += !m_held.empty() && m_held.begin()->first < ref.token ? 1 : 0;
        m_held.erase(ref.token);
    }

private:
    Expected<model::ExpertRecord> take(int layer, int expert, bool claim)
    {
        if (acquires++ == failAcquireAt)
            return makeError(ErrorCode::Io, "probe: injected read error");
        auto inner = claim ? m_inner.claim(layer, expert) : m_inner.acquire(layer, expert);
        if (!inner)
            return inner.status();
        model::ExpertRecordRef ref = inner->ref();
        rewrittenAtAcquire += ref.note && *ref.note ? 1 : 0;
        if (readOnly)
            ref.writable = ref.note = nullptr;
        std::lock_guard lock(m_mutex);
        ref.token = m_next++;
        m_held.emplace(ref.token, std::move(*inner));
        return model::ExpertRecord(this, ref);
    }

    static constexpr uint64_t kNone = ~uint64_t(0);
    mutable std::mutex m_mutex;
    model::ExpertSource &m_inner;
    std::map<uint64_t, model::ExpertRecord> m_held; // by token: claim order
    uint64_t m_next = 0;
    bool m_holdNext = false;
    uint64_t m_heldBack = kNone;
};

// A ForwardPass over a container, wired like Model::open (trunk loaded,
// experts through the stream cache), with hooks that can fail on purpose.
struct Rig {
    std::unique_ptr<Container> container;
    std::map<std::string, std::pair<std::vector<uint8_t>, std::vector<uint16_t>>> tensors;
    model::ModelWeights weights;
    std::unique_ptr<MemoryLedger> ledger;
    std::unique_ptr<model::CacheExpertSource> cache;
    std::unique_ptr<ProbeSource> probe;
    std::unique_ptr<kernels::ThreadPool> pool;
    std::unique_ptr<model::ForwardPass> fp;
    std::atomic<int> parses = 0, downBooks = 0; // the hooks run on decode's lanes too
    int failParseAt = -1, failDownBooksAt = -1;

    // `threads` > 1: a pool of that many, as Model::open gives the pass (decode's lanes).
    Status open(const std::string &path, int ctx, int chunk, int threads = 1)
    {
        auto c = Container::open(path);
        if (!c)
            return c.status();
        container = std::move(*c);
        const ModelConfig &cfg = container->config();
        for (const TensorInfo &t : container->tensors()) {
            if (!model::isTrunkTensor(cfg, t))
                continue;
            auto &slot = tensors[t.name.substr(cfg.tensorPrefix.size())];
            SLUICE_TRY(container->readTensorBytes(t, slot.first, slot.second));
        }
        auto w = model::bindWeights(cfg, [&](const std::string &name) -> Expected<TrunkMatrixView> {
            auto it = tensors.find(name);
            if (it == tensors.end())
                return makeError(ErrorCode::NotFound, name + ": missing");
            const TensorInfo *info = nullptr;
            for (const TensorInfo &t : container->tensors())
                if (t.name == cfg.tensorPrefix + name)
                    info = &t;
            return Container::matrixView(*info, it->second.first, it->second.second);
        });
        if (!w)
            return w.status();
        weights = std::move(*w);

        std::vector<std::shared_ptr<DirectFile>> banks;
        uint64_t recordBytes = 0;
        for (int L = cfg.firstKDense; L < cfg.nLayers; ++L) {
            const ExpertBank bank = container->expertLayer(L);
            recordBytes = std::max<uint64_t>(recordBytes, bank.recordBytes);
            if (bank.experts == 0) {
                banks.push_back(nullptr);
                continue;
            }
            DirectFileOptions dfo;
            dfo.forceBuffered = true;
            auto f = DirectFile::open(bank.path, dfo);
            if (!f)
                return f.status();
            banks.push_back(std::shared_ptr<DirectFile>(std::move(*f)));
        }
        ExpertCacheOptions co;
        co.firstLayer = cfg.firstKDense;
        co.expertsPerLayer = cfg.nExperts;
        co.recordBytes = recordBytes;
        co.slotCount = 2 * cfg.topK;
        co.topK = cfg.topK;
        ledger = std::make_unique<MemoryLedger>(uint64_t(1) << 34);
        auto ec = ExpertCache::open(std::move(banks), co, *ledger);
        if (!ec)
            return ec.status();
        cache = std::make_unique<model::CacheExpertSource>(std::move(*ec), true);
        probe = std::make_unique<ProbeSource>(*cache);

        model::ForwardHooks hooks;
        hooks.embed = [this](int token, float *out) { return container->readEmbeddingRow(token, out); };
        hooks.codebooks = [this](int layer, int kind, int id) -> Expected<VqCodebooksView> {
            if (kind == 2 && downBooks++ == failDownBooksAt)
                return makeError(ErrorCode::Format, "probe: injected codebook error");
            return container->codebooksById(id + kind * container->expertLayout(layer).stages);
        };
        hooks.parseRecord = [this](int layer, int expert,
                                   const model::ExpertRecordRef &rec) -> Expected<model::ExpertMatrices> {
            if (parses++ == failParseAt)
                return makeError(ErrorCode::Format, "probe: injected record error");
            const ExpertLayout &lay = container->expertLayout(layer);
            SLUICE_TRY(validateRecordHeader(rec.data, rec.bytes, layer, expert, lay));
            const ExpertRecordView v = parseRecord(rec.data, lay);
            model::ExpertMatrices m; // a VQ record: the MXFP4 and bf16 views stay empty
            m.gate = v.matrix[kGate];
            m.up = v.matrix[kUp];
            m.down = v.matrix[kDown];
            m.codebookId = v.codebookId;
            return m;
        };
        fp = std::make_unique<model::ForwardPass>(cfg, weights, std::move(hooks), ctx, chunk);
        fp->setExpertSource(probe.get());
        if (threads > 1) {
            pool = std::make_unique<kernels::ThreadPool>(threads);
            fp->setThreadPool(pool.get());
        }
        return Status::ok();
    }

    const ModelConfig &cfg() const { return container->config(); }

    // Logits of every position, fed in runs of `piece` tokens.
    Status evalAll(const std::vector<int> &ids, int piece, std::vector<float> &out)
    {
        const size_t vocab = size_t(cfg().vocab);
        out.assign(ids.size() * vocab, 0.0f);
        for (size_t i = 0; i < ids.size(); i += size_t(piece)) {
            const int n = int(std::min(ids.size() - i, size_t(piece)));
            SLUICE_TRY(fp->run(ids.data() + i, n, out.data() + i * vocab, true));
        }
        return Status::ok();
    }
};

std::vector<int> promptFor(const ModelConfig &cfg, size_t n)
{
    std::vector<int> ids(n);
    for (size_t i = 0; i < n; ++i)
        ids[i] = int((i * 7919 + 13) % size_t(cfg.vocab));
    return ids;
}

} // namespace

class TestForwardPass : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::map<QString, std::string> m_models;

    std::string model(const QString &name)
    {
        auto it = m_models.find(name);
        if (it != m_models.end())
            return it->second;
        SynthOptions so;
        so.tokenizerModel.clear();
        if (name.startsWith("kl"))
            so.arch = Architecture::KimiLinear;
        if (name.endsWith("vq4p"))
            so.expertFmt = "VQ4P";
        if (name.endsWith("vq2r"))
            so.expertFmt = "VQ2R";
        if (name == "k3-many-experts") { // large mode: the cache can use more than the chunk scratch
            so.recordBytes = 262144;
            so.layers = 2;
            so.experts = 256;
        }
        const std::string path = m_dir.filePath(name).toStdString();
        const Status st = writeSyntheticModel(path, so);
        if (!st.isOk())
            qWarning("synth %s: %s", qPrintable(name), st.message().c_str());
        return m_models[name] = st.isOk() ? path : std::string();
    }

    // What Model::open plans for `budget` at a context of 128 and one
    // thread, as openAtBudget opens (0 = the default budget).
    static Expected<model::BudgetPlan> planAtBudget(const Container &container, uint64_t budget)
    {
        model::PlannerInputsOptions pio;
        pio.contextLength = 128;
        pio.attentionSlices = 1;
        auto ram = detectUsableRam();
        if (!ram)
            return ram.status();
        return model::planForBudget(container, pio, ram->usableBytes, budget);
    }

    // A model and its session at a context of 128 and one thread, at `budget` (0 = the default).
    static Expected<ModelSession> openAtBudget(const std::string &path, uint64_t budget)
    {
        ModelOptions o;
        o.modelPath = path;
        o.contextLength = 128;
        o.budgetBytes = budget;
        o.threads = 1;
        return openModelSession(o);
    }

    // The model of the current data row's "name" column.
    std::string rowModel()
    {
        QFETCH(QString, name);
        return model(name);
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // One formula: after a full chunk has run (the expert tables grow on
    // their first build), every entry holds exactly the planned bytes, and
    // the planner's inputs carry the same list.
    void scratchHeldEqualsPlan_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("chunk");
        QTest::addColumn<int>("threads");
        QTest::newRow("K3 VQ3R, decode") << "k3" << 1 << 1;
        QTest::newRow("K3 VQ3R, chunk 5") << "k3" << 5 << 1;
        QTest::newRow("K3 VQ3R, chunk 64") << "k3" << 64 << 1;
        QTest::newRow("K3 VQ4P (int8 tables), chunk 16") << "k3-vq4p" << 16 << 1;
        QTest::newRow("Kimi-Linear VQ3R, chunk 3") << "kl" << 3 << 1;
        QTest::newRow("Kimi-Linear VQ2R, chunk 64") << "kl-vq2r" << 64 << 1;
        QTest::newRow("K3 VQ3R, decode, 2 threads") << "k3" << 1 << 2;
        QTest::newRow("K3 VQ4P, chunk 5, 3 threads") << "k3-vq4p" << 5 << 3;
    }
    void scratchHeldEqualsPlan()
    {
        QFETCH(int, chunk);
        QFETCH(int, threads);
        const std::string path = rowModel();
        QVERIFY(!path.empty());
        const int ctx = 96;
        Rig rig;
        const Status st = rig.open(path, ctx, chunk, threads);
        QVERIFY2(st.isOk(), st.message().c_str());
        const auto planned = model::ForwardPass::scratchBuffers(rig.cfg(), ctx, chunk, threads);
        const auto ids = promptFor(rig.cfg(), size_t(chunk));
        std::vector<float> logits(size_t(rig.cfg().vocab) * size_t(chunk));
        QVERIFY(rig.fp->run(ids.data(), chunk, logits.data(), true).isOk());
        const auto held = rig.fp->scratchHeld();
        QCOMPARE(held.size(), planned.size());
        uint64_t total = 0;
        for (size_t i = 0; i < held.size(); ++i) {
            QCOMPARE(held[i].name, planned[i].name);
            if (held[i].name.starts_with("decode lanes")) {
                // A lane's down table grows on its first record, and which
                // threads take records is the scheduler's: at most the plan.
                QCOMPARE(threads > 1, true);
                QVERIFY(held[i].bytes <= planned[i].bytes);
                total += held[i].bytes;
                continue;
            }
            QVERIFY2(held[i].bytes == planned[i].bytes,
                     qPrintable(QString("%1: holds %2 B, planned %3 B")
                                    .arg(QString::fromStdString(held[i].name))
                                    .arg(held[i].bytes)
                                    .arg(planned[i].bytes)));
            total += held[i].bytes;
        }
        QVERIFY(total > 0);
        model::PlannerInputsOptions pio;
        pio.contextLength = ctx;
        pio.prefillChunk = chunk;
        pio.attentionSlices = threads;
        auto in = model::plannerInputs(*rig.container, pio);
        QVERIFY(in);
        QCOMPARE(in->scratch.size(), planned.size());
        for (size_t i = 0; i < planned.size(); ++i)
            QCOMPARE(in->scratch[i].bytes, planned[i].bytes);
    }

    // Decode scratch is sized for decode: every chunk-wide entry grows with
    // the capacity, none shrinks, and the per-token tables dominate.
    void decodeScratchIsSmaller()
    {
        const std::string path = model("k3");
        QVERIFY(!path.empty());
        auto c = Container::open(path);
        QVERIFY(c);
        const auto one = model::ForwardPass::scratchBuffers((*c)->config(), 256, 1);
        const auto full = model::ForwardPass::scratchBuffers((*c)->config(), 256, 64);
        QCOMPARE(one.size(), full.size());
        uint64_t a = 0, b = 0;
        for (size_t i = 0; i < one.size(); ++i) {
            QVERIFY(one[i].bytes <= full[i].bytes);
            a += one[i].bytes;
            b += full[i].bytes;
        }
        QVERIFY2(a * 8 < b, qPrintable(QString("decode %1 B vs chunk 64 %2 B").arg(a).arg(b)));
        QCOMPARE(model::prefillExtraBytes((*c)->config(), 256, 64), b - a);
    }

    // Every chunk capacity the engine may pick gives the bits of token by token.
    void chunkCapacityNeverChangesBits_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("chunk");
        for (const char *name : {"k3", "kl"})
            for (int c = 1; c <= model::kMaxChunk; c *= 2)
                QTest::addRow("%s, capacity %d", name, c) << QString(name) << c;
    }
    void chunkCapacityNeverChangesBits()
    {
        QFETCH(int, chunk);
        const std::string path = rowModel();
        QVERIFY(!path.empty());
        const int ctx = 96;
        Rig ref, rig;
        QVERIFY(ref.open(path, ctx, model::kMaxChunk).isOk());
        QVERIFY(rig.open(path, ctx, chunk).isOk());
        const auto ids = promptFor(rig.cfg(), 80); // more than one run of kMaxChunk
        std::vector<float> a, b;
        QVERIFY(ref.evalAll(ids, 1, a).isOk());
        QVERIFY(rig.evalAll(ids, model::kMaxChunk, b).isOk());
        QCOMPARE(b.size(), a.size());
        QVERIFY(std::memcmp(a.data(), b.data(), a.size() * 4) == 0);
        // Last-position runs too (the pieces before the last skip the head).
        model::ForwardPass &fp = *rig.fp;
        fp.reset();
        std::vector<float> last(size_t(rig.cfg().vocab));
        QVERIFY(fp.run(ids.data(), model::kMaxChunk, last.data(), false).isOk());
        QVERIFY(std::memcmp(last.data(), a.data() + size_t(model::kMaxChunk - 1) * last.size(), last.size() * 4) == 0);
        QCOMPARE(fp.position(), model::kMaxChunk);
    }

    // Where the AVX-512 VBMI kernel runs, a matrix's first apply in a cache
    // slot rewrites its indices stage-planar and later applies (the chunk's
    // other tokens, hits on the record) read them so: the logits of every
    // position equal, bit for bit, those of a run that never rewrites. The
    // small cache (2 x top-k slots) also re-reads evicted records, whose
    // note must start again from the stored bytes.
    void rewrittenIndicesNeverChangeBits_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("piece");
        for (const char *name : {"k3", "kl", "k3-vq2r", "k3-vq4p"})
            for (int piece : {1, 16})
                QTest::addRow("%s, runs of %d", name, piece) << QString(name) << piece;
    }
    void rewrittenIndicesNeverChangeBits()
    {
        QFETCH(QString, name);
        QFETCH(int, piece);
        const std::string path = rowModel();
        QVERIFY(!path.empty());
        Rig plain, rewriting;
        QVERIFY(plain.open(path, 96, 16).isOk());
        QVERIFY(rewriting.open(path, 96, 16).isOk());
        plain.probe->readOnly = true;
        const auto ids = promptFor(plain.cfg(), 40);
        std::vector<float> a, b;
        QVERIFY(plain.evalAll(ids, piece, a).isOk());
        QVERIFY(rewriting.evalAll(ids, piece, b).isOk());
        QCOMPARE(b.size(), a.size());
        QVERIFY2(std::memcmp(a.data(), b.data(), a.size() * 4) == 0, "rewritten indices changed the logits");
        QCOMPARE(plain.probe->rewrittenAtRelease, 0);
        const bool vbmi = kernels::detectedIsa() == kernels::Isa::Avx512 && kernels::hasAvx512Vbmi();
        qInfo("records released rewritten: %d, acquired already rewritten (hits): %d of %d acquires",
              rewriting.probe->rewrittenAtRelease, rewriting.probe->rewrittenAtAcquire, rewriting.probe->acquires);
        if (name.endsWith("vq4p") || !vbmi) {
            QCOMPARE(rewriting.probe->rewrittenAtRelease, 0); // no kernel reads the planar order there
            if (!vbmi)
                QSKIP("no AVX-512 VBMI on this CPU: indices are never rewritten (bits compared all the same)");
            return;
        }
        QVERIFY(rewriting.probe->rewrittenAtRelease > 0);
        // Token by token, records stay in the cache across tokens: hits find
        // them rewritten, re-reads as stored. (A chunk acquires each expert
        // once; its tokens after the first read the rewritten bytes.)
        if (piece == 1)
            QVERIFY(rewriting.probe->rewrittenAtAcquire > 0);
        QVERIFY(rewriting.probe->rewrittenAtAcquire < rewriting.probe->acquires);
    }

    // Decode applies a token's experts as their bytes arrive; a record held
    // back (reported not ready until waited for) is applied after all the
    // others at every MoE layer of every token, and the logits equal, bit
    // for bit, those of a run applying in the router's order on one thread.
    // With two threads every record after a layer's first goes to the lanes
    // (one record per thread, single-threaded kernels, own down tables):
    // counted exactly, the same bits.
    void readyFirstNeverChangesBits_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("threads");
        for (const char *name : {"k3", "kl", "k3-vq4p", "k3-vq2r"})
            for (int threads : {1, 2, 3})
                QTest::addRow("%s, %d threads", name, threads) << QString(name) << threads;
    }
    void readyFirstNeverChangesBits()
    {
        QFETCH(int, threads);
        const std::string path = rowModel();
        QVERIFY(!path.empty());
        Rig inOrder, heldBack;
        QVERIFY(inOrder.open(path, 96, 16).isOk());
        QVERIFY(heldBack.open(path, 96, 16, threads).isOk());
        inOrder.probe->inOrder = true;
        heldBack.probe->holdBackFirst = true;
        const auto ids = promptFor(inOrder.cfg(), 24);
        std::vector<float> a, b;
        QVERIFY(inOrder.evalAll(ids, 1, a).isOk());
        QVERIFY(heldBack.evalAll(ids, 1, b).isOk());
        QCOMPARE(b.size(), a.size());
        QVERIFY2(std::memcmp(a.data(), b.data(), a.size() * 4) == 0, "the order of the applies changed the logits");
        QCOMPARE(inOrder.probe->outOfOrderReleases, 0);
        const int moeLayers = inOrder.cfg().nLayers - inOrder.cfg().firstKDense;
        const int layerRuns = int(ids.size()) * moeLayers;
        QCOMPARE(heldBack.probe->outstanding(), 0);
        QCOMPARE(inOrder.fp->timers().laneRecords, uint64_t(0));
        if (threads == 1) {
            // Every layer of every token applied its first record last.
            QCOMPARE(heldBack.probe->outOfOrderReleases, layerRuns * (inOrder.cfg().topK - 1));
            QCOMPARE(heldBack.fp->timers().laneRecords, uint64_t(0));
        } else {
            // Which lane ends last is the scheduler's business, not counted.
            QCOMPARE(heldBack.fp->timers().laneRecords, uint64_t(layerRuns * (inOrder.cfg().topK - 1)));
        }
    }

    // An error anywhere in the expert loop gives every record back: the
    // probe holds none and the cache's source has no handle parked.
    void errorMidLayerReleasesEveryRecord_data()
    {
        QTest::addColumn<int>("failAcquire");
        QTest::addColumn<int>("failParse");
        QTest::addColumn<int>("failDownBooks");
        QTest::addColumn<int>("chunk");
        QTest::addColumn<int>("threads");
        QTest::newRow("read error, decode") << 5 << -1 << -1 << 1 << 1;
        QTest::newRow("damaged record, decode") << -1 << 6 << -1 << 1 << 1;
        QTest::newRow("damaged record, chunk 8") << -1 << 9 << -1 << 8 << 1;
        QTest::newRow("codebook error, chunk 8") << -1 << -1 << 10 << 8 << 1;
        // On decode's lanes (the first record of a layer is applied before them).
        QTest::newRow("damaged record, decode lanes") << -1 << 6 << -1 << 1 << 2;
        QTest::newRow("codebook error, decode lanes") << -1 << -1 << 10 << 1 << 2;
    }
    void errorMidLayerReleasesEveryRecord()
    {
        QFETCH(int, failAcquire);
        QFETCH(int, failParse);
        QFETCH(int, failDownBooks);
        QFETCH(int, chunk);
        QFETCH(int, threads);
        const std::string path = model("k3");
        QVERIFY(!path.empty());
        Rig rig;
        QVERIFY(rig.open(path, 96, chunk, threads).isOk());
        rig.probe->failAcquireAt = failAcquire;
        rig.failParseAt = failParse;
        rig.failDownBooksAt = failDownBooks;
        const auto ids = promptFor(rig.cfg(), size_t(chunk));
        std::vector<float> logits(size_t(rig.cfg().vocab));
        Status st = Status::ok();
        for (int step = 0; step < 8 && st.isOk(); ++step)
            st = rig.fp->run(ids.data(), chunk, logits.data(), false);
        QVERIFY2(!st.isOk(), "the injected error never fired");
        QVERIFY2(st.message().find("probe: injected") != std::string::npos, st.message().c_str());
        QVERIFY(st.message().find("layer ") != std::string::npos);
        QVERIFY(rig.probe->acquires > 1); // records were held before the failure
        QCOMPARE(rig.probe->outstanding(), 0);
        QCOMPARE(rig.cache->heldCount(), 0);
        QVERIFY(rig.fp->stateDamaged());
        if (threads > 1)
            QVERIFY(rig.fp->timers().laneRecords > 0); // the records before the injected one went to the lanes
    }

    // The handle itself: one release per acquired record, whatever happens to it.
    void expertRecordReleasesOnce()
    {
        struct Counting : model::ExpertSource {
            std::vector<uint64_t> released;
            Expected<model::ExpertRecord> acquire(int, int expert) override
            {
                return model::ExpertRecord(this, {nullptr, 0, uint64_t(expert)});
            }
            void release(const model::ExpertRecordRef &ref) override { released.push_back(ref.token); }
        } src;
        {
            auto a = src.acquire(0, 1);
            auto b = src.acquire(0, 2);
            model::ExpertRecord moved(std::move(*a));
            QVERIFY(!*a && moved);
            QVERIFY(src.released.empty());
            moved = std::move(*b); // releases 1, now holds 2
            QCOMPARE(src.released, std::vector<uint64_t>({1}));
            moved.release();
            moved.release();
            QCOMPARE(src.released, std::vector<uint64_t>({1, 2}));
            auto c = src.acquire(0, 3);
            QVERIFY(c);
        } // c's record goes here
        QCOMPARE(src.released, std::vector<uint64_t>({1, 2, 3}));
    }

    // The budget picks the prefill chunk; logits stay identical bit for bit
    // and the ledger after open equals the plan for that budget.
    void budgetsNeverChangeLogits()
    {
        const std::string path = model("k3");
        QVERIFY(!path.empty());
        auto c = Container::open(path);
        QVERIFY(c);
        auto base = planAtBudget(**c, 0);
        QVERIFY2(base, base ? "" : base.status().message().c_str());
        const uint64_t floor = base->floorBytes;
        const uint64_t extra64 = model::prefillExtraBytes((*c)->config(), 128, 64);
        const std::vector<uint64_t> budgets = {floor, floor + 4 * model::prefillExtraBytes((*c)->config(), 128, 4),
                                               floor + 4 * extra64, 0};
        std::vector<int> chunks;
        std::vector<float> want;
        const auto ids = promptFor((*c)->config(), 70);
        for (uint64_t budget : budgets) {
            auto bp = planAtBudget(**c, budget);
            QVERIFY(bp);
            QCOMPARE(bp->floorBytes, floor);
            chunks.push_back(bp->prefillChunk);
            auto e = openAtBudget(path, budget);
            QVERIFY2(e, e ? "" : e.status().message().c_str());
            QCOMPARE(e->info().floorBytes, floor);
            QCOMPARE(e->info().expertCacheSlots, bp->sizing.slotCount);
            std::vector<float> got;
            QVERIFY((*e)->evalAll(ids, got, 64).isOk());
            if (want.empty())
                want = got;
            QCOMPARE(got.size(), want.size());
            QVERIFY2(std::memcmp(got.data(), want.data(), got.size() * 4) == 0,
                     qPrintable(QString("budget %1 (chunk %2)").arg(budget).arg(bp->prefillChunk)));
            SamplingParams sp;
            sp.maxTokens = 2; // the first token is fed (the last one only sampled)
            uint64_t resident = 0;
            auto r = (*e)->generate(std::span<const int>(), sp, [&](const GeneratedToken &t) {
                resident = std::max(resident, t.stats.residentBytes);
                return true;
            });
            QVERIFY(r);
            QCOMPARE(resident, bp->sizing.engineBytes);
        }
        qInfo("prefill chunks at the budgets: %d %d %d %d", chunks[0], chunks[1], chunks[2], chunks[3]);
        QCOMPARE(chunks.front(), 1); // at the floor prefill runs token by token
        QCOMPARE(chunks[2], 64);
        QVERIFY(chunks[1] > 1 && chunks[1] < 64);
    }

    // An explicit budget's prefill chunk borrows its scratch from the expert
    // cache: the cache holds every byte above decode scratch between prompts,
    // shrinks while a prompt of several tokens prefills (the scratch then in
    // the ledger, never above the ceiling), and is whole again afterwards;
    // a single-token feed borrows nothing. The default budget never borrows.
    void prefillBorrowsFromTheCache_data()
    {
        QTest::addColumn<int>("promptTokens");
        QTest::newRow("70 tokens") << 70;
        QTest::newRow("11 tokens") << 11;
        QTest::newRow("2 tokens") << 2;
    }
    void prefillBorrowsFromTheCache()
    {
        QFETCH(int, promptTokens);
        const std::string path = model("k3-many-experts");
        QVERIFY(!path.empty());
        auto c = Container::open(path);
        QVERIFY(c);
        const ModelConfig &cfg = (*c)->config();
        auto base = planAtBudget(**c, 0);
        QVERIFY2(base, base ? "" : base.status().message().c_str());
        QCOMPARE(base->prefillBorrowBytes, uint64_t(0)); // the default budget keeps chunk-64 scratch resident
        // A budget whose spare bytes (above the decode floor) the cache can
        // use exactly: every record but the minimum cache's.
        const MemoryPlan &p = base->plan;
        const uint64_t records = uint64_t(p.moeLayers) * uint64_t(p.expertsPerLayer);
        QVERIFY(records > uint64_t(2 * p.topK));
        const uint64_t perSlot = base->sizing.slotBytes + kCacheIndexBytesPerSlot;
        const uint64_t budget = base->floorBytes + (records - uint64_t(2 * p.topK)) * perSlot;
        auto bp = planAtBudget(**c, budget);
        QVERIFY(bp);
        QVERIFY2(bp->prefillChunk >= 16, "the spare must buy a prefill chunk of 16 or more");
        const uint64_t borrowMax = model::prefillExtraBytes(cfg, 128, bp->prefillChunk);
        QCOMPARE(bp->prefillBorrowBytes, borrowMax);
        QCOMPARE(bp->sizing.engineBytes, budget); // every spare byte is cache
        int wantChunk = 1;
        while (wantChunk < promptTokens && wantChunk < bp->prefillChunk)
            wantChunk *= 2;
        qInfo("budget %llu B: %d cache slots, prefill chunk %d (borrows %llu B); this prompt: chunk %d",
              (unsigned long long)budget, bp->sizing.slotCount, bp->prefillChunk, (unsigned long long)borrowMax,
              wantChunk);

        auto e = openAtBudget(path, budget);
        QVERIFY2(e, e ? "" : e.status().message().c_str());
        auto *impl = dynamic_cast<model::ModelImpl *>(e->model.get());
        QVERIFY(impl);
        MemoryLedger &ledger = impl->ledger();
        ExpertCache &cache = impl->source().cache();
        const int cacheSlots = bp->sizing.slotCount;
        QCOMPARE(cache.slotCount(), cacheSlots);
        QCOMPARE(ledger.total(), bp->sizing.engineBytes);
        const uint64_t wantBorrow = model::prefillExtraBytes(cfg, 128, wantChunk);

        int calls = 0;
        bool ok = true;
        const auto during = [&](int done, int) {
            if (done == 0) // before the first chunk: nothing computed or borrowed yet
                return true;
            ++calls;
            ok = ok && ledger.bytesFor(model::kPrefillBorrowName) == wantBorrow && cache.slotCount() < cacheSlots &&
                 ledger.total() <= ledger.ceiling();
            return true;
        };
        const auto ids = promptFor(cfg, promptTokens);
        auto first = (*e)->prefill(ids, nullptr, during);
        QVERIFY2(first, first ? "" : first.status().message().c_str());
        QVERIFY(calls >= 1);
        QVERIFY2(ok, "while prefilling: the scratch of the prompt's chunk borrowed, the cache smaller, the ledger within its ceiling");
        QCOMPARE(ledger.bytesFor(model::kPrefillBorrowName), uint64_t(0));
        QCOMPARE(cache.slotCount(), cacheSlots);
        QCOMPARE(ledger.total(), bp->sizing.engineBytes);
        QVERIFY(ledger.peak() <= budget);

        // One more token: decode-sized, nothing borrowed.
        std::vector<int> longer = ids;
        longer.push_back(ids.front());
        calls = 0;
        bool borrowed = false;
        auto next = (*e)->prefill(longer, nullptr, [&](int, int) {
            ++calls;
            borrowed = borrowed || ledger.bytesFor(model::kPrefillBorrowName) > 0 || cache.slotCount() != cacheSlots;
            return true;
        });
        QVERIFY(next);
        QVERIFY(calls >= 1);
        QVERIFY(!borrowed);
    }
};

SLUICE_TEST_GUILESS_MAIN(TestForwardPass)
#include "tst_forwardpass.moc"
