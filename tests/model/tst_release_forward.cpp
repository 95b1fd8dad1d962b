// The forward pass on a release checkpoint (issue 11): the bf16 trunk used as
// stored (kernels' BF16/F32 matvec), routed experts streamed from the shards
// through the expert cache (placeExpert + ExtentReader) and applied as MXFP4
// (K3) or bf16 (Kimi-Linear) by the MoE block. Logits must match the float64
// reference that reads the same safetensors itself (tests/oracle/kimi_ref.py,
// fixtures *-rel-s1.json) within 1e-5 relative with equal argmax everywhere,
// and be bit-identical across cache sizes, threads and chunking.
// (The engine's trunk cache path, Q4G trunk, is not wired yet: see docs/safetensors.md.)
#include "support/testregistry.h"
#include "format/release.h"
#include "format/releaseexperts.h"
#include "kernels/matvec.h"
#include "model/cacheexpertsource.h"
#include "model/forwardpass.h"
#include "model/modelweights.h"
#include "model/releasesource.h"
#include "stream/expertcache.h"
#include "stream/extentreader.h"
#include "stream/memoryledger.h"

#include "modeltestutil.h"
#include "support/synthmodel.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cstring>
#include <map>

using namespace sluice;

namespace {

struct ReleaseRig {
    std::unique_ptr<ReleaseCheckpoint> release;
    std::map<std::string, std::vector<uint8_t>> bytes; // by name without prefix
    std::map<std::string, TrunkMatrixView> views;
    model::ModelWeights weights;
    TrunkMatrixView embedding;
    std::unique_ptr<ExtentReader> reader;
    std::unique_ptr<MemoryLedger> ledger;
    std::unique_ptr<model::CacheExpertSource> source;
    std::unique_ptr<kernels::ThreadPool> pool;
    std::unique_ptr<model::ForwardPass> fp;

    Status open(const std::string &dir, int nSlots, int threads, int chunk)
    {
        auto r = ReleaseCheckpoint::open(dir);
        if (!r)
            return r.status();
        release = std::move(*r);
        const ModelConfig &cfg = release->config();
        for (size_t i = 0; i < release->trunkTensors().size(); ++i) {
            const TensorInfo &t = release->trunkTensors()[i];
            const std::string name = t.name.rfind(cfg.tensorPrefix, 0) == 0 ? t.name.substr(cfg.tensorPrefix.size()) : t.name;
            std::vector<uint8_t> &b = bytes[name];
            SLUICE_TRY(release->safetensors().readBytes(release->trunkSource(i), b));
            TrunkMatrixView v;
            v.fmt = t.fmt;
            v.isBf16 = t.isBf16;
            v.data = b.data();
            v.rows = t.rows;
            v.cols = t.cols;
            v.rowBytes = t.cols * (t.fmt == TensorFormat::F32 ? 4 : 2);
            views[name] = v;
        }
        embedding = views["model.embed_tokens.weight"];
        auto w = model::bindWeights(cfg, [&](const std::string &name) -> Expected<TrunkMatrixView> {
            auto it = views.find(name);
            if (it == views.end())
                return makeError(ErrorCode::NotFound, name + ": missing");
            return it->second;
        });
        if (!w)
            return w.status();
        weights = std::move(*w);

        std::vector<std::string> paths;
        for (const SafetensorsShard &s : release->safetensors().shards())
            paths.push_back(s.path);
        auto rd = ExtentReader::open(paths);
        if (!rd)
            return rd.status();
        reader = std::move(*rd);
        ExpertCacheOptions co;
        co.firstLayer = cfg.firstKDense;
        co.expertsPerLayer = cfg.nExperts;
        co.recordBytes = releaseSlotBytes(*release);
        co.slotCount = nSlots;
        co.topK = cfg.topK;
        const ExtentReader *rdp = reader.get();
        const ReleaseCheckpoint *rp = release.get();
        co.reader = [rdp, rp](int layer, int expert, uint8_t *slot, size_t n) {
            return model::readReleaseExpert(*rp, *rdp, layer, expert, slot, n);
        };
        ledger = std::make_unique<MemoryLedger>(uint64_t(1) << 34);
        auto ec = ExpertCache::open(std::vector<std::shared_ptr<DirectFile>>(size_t(cfg.moeLayerCount())), co, *ledger);
        if (!ec)
            return ec.status();
        source = std::make_unique<model::CacheExpertSource>(std::move(*ec), true);

        model::ForwardHooks hooks;
        hooks.embed = [this](int token, float *out) {
            if (token < 0 || size_t(token) >= embedding.rows)
                return makeError(ErrorCode::InvalidArgument, "token out of range");
            kernels::dequantizeRow(embedding, size_t(token), out);
            return Status::ok();
        };
        hooks.codebooks = [](int, int, int) -> Expected<VqCodebooksView> {
            return makeError(ErrorCode::Internal, "a release has no codebooks");
        };
        hooks.parseRecord = [this](int layer, int expert, const model::ExpertRecordRef &rec) {
            return model::releaseExpertMatrices(*release, layer, expert, rec);
        };
        pool = std::make_unique<kernels::ThreadPool>(threads);
        fp = std::make_unique<model::ForwardPass>(cfg, weights, std::move(hooks), 64, chunk);
        fp->setThreadPool(pool.get());
        fp->setExpertSource(source.get());
        return Status::ok();
    }

    Status evalAll(const std::vector<int> &ids, int piece, std::vector<float> &out)
    {
        const size_t vocab = size_t(release->config().vocab);
        out.assign(ids.size() * vocab, 0.0f);
        for (size_t i = 0; i < ids.size(); i += size_t(piece)) {
            const int n = int(std::min(ids.size() - i, size_t(piece)));
            SLUICE_TRY(fp->run(ids.data() + i, n, out.data() + i * vocab, true));
        }
        return Status::ok();
    }
};

} // namespace

class TestReleaseForward : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void matchesOracle_data()
    {
        QTest::addColumn<QString>("fixture");
        QTest::newRow("k3 mxfp4") << "k3-rel-s1";
        QTest::newRow("kimi-linear bf16") << "kl-rel-s1";
    }
    void matchesOracle()
    {
        QFETCH(QString, fixture);
        const test::RebuiltFixture rebuilt("release/" + fixture + ".json");
        QVERIFY2(rebuilt.why().isEmpty(), qPrintable(rebuilt.why()));
        const std::vector<int> ids = test::toInts(rebuilt.fx["prompt_ids"].toArray());
        const size_t vocab = size_t(rebuilt.fx["vocab"].toInt());

        // Reference run: small cache, 2 threads, token by token.
        ReleaseRig a;
        Status st = a.open(rebuilt.dir.toStdString(), 8, 2, 1);
        QVERIFY2(st.isOk(), st.message().c_str());
        std::vector<float> logits;
        st = a.evalAll(ids, 1, logits);
        QVERIFY2(st.isOk(), st.message().c_str());
        // Argmax at every position, the float64 bar at the stored ones.
        double worst = 0;
        const QString mismatch = test::oracleLogitsMismatch(rebuilt.fx, logits, ids.size(), vocab, 1e-5, worst);
        QVERIFY2(mismatch.isEmpty(), qPrintable(mismatch));
        qInfo("%s: %d positions, max rel %.3g", qPrintable(fixture), int(rebuilt.fx["logit_positions"].toArray().size()),
              worst);

        // When bytes move never changes a bit: all experts resident, 1 thread, chunks of 5.
        ReleaseRig b;
        st = b.open(rebuilt.dir.toStdString(), 128, 1, 8);
        QVERIFY2(st.isOk(), st.message().c_str());
        std::vector<float> other;
        st = b.evalAll(ids, 5, other);
        QVERIFY2(st.isOk(), st.message().c_str());
        QVERIFY(std::memcmp(logits.data(), other.data(), logits.size() * 4) == 0);
    }
};

SLUICE_TEST_GUILESS_MAIN(TestReleaseForward)
#include "tst_release_forward.moc"
