// The vision tower + projector (spec 7.3-7.5) on the synthetic K3 tower that
// `sluice-cli synth --with-vision` writes, against the float64 oracle
// (tests/oracle/vision_ref.py tower): encoder output and final embeddings
// within 1e-5 relative for images of several sizes and aspect ratios
// (upscaled, downscaled, with and without position-embedding interpolation).
// Also: thread counts and attention slicing do not change a bit, the memory
// figure the planner counts equals what the tower allocates, K3's figure is
// the spec's, and bad input is refused.
#include "support/testregistry.h"
#include "format/container.h"
#include "kernels/cpufeatures.h"
#include "kernels/threadpool.h"
#include "vision/imagepreprocess.h"
#include "vision/visiontower.h"
#include "visiontestutil.h"

#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

#include <cstring>

using namespace sluice;
using namespace sluice::vision;

class TestVisionTower : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_tmp;
    QJsonObject m_fx;
    std::unique_ptr<Container> m_container;

    QString synthArgs() const { return m_fx["regenerate"].toString(); }

    std::unique_ptr<VisionTower> tower(int slices = 1, int maxPatches = 0)
    {
        VisionTowerOptions o;
        o.attentionSlices = slices;
        o.maxPatches = maxPatches;
        auto t = VisionTower::load(*m_container, o);
        if (!t) {
            qWarning("%s", t.status().message().c_str());
            return nullptr;
        }
        return std::move(*t);
    }

    PreprocessedImage image(const QJsonObject &o)
    {
        const RgbImage img = test::genImage(o["width"].toInt(), o["height"].toInt(), o["seed"].toInt());
        auto pre = preprocessImage(img, m_container->config().vision, o["max_patches"].toInt());
        return pre ? std::move(*pre) : PreprocessedImage{};
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_fx = test::readFixture("vision/tower.json");
        QVERIFY2(!m_fx.isEmpty(), "tests/fixtures/vision/tower.json missing");
        QVERIFY(m_tmp.isValid());
        const QString dir = m_tmp.filePath("k3v.waste");
        const QString err = test::runSynth(dir, synthArgs());
        QVERIFY2(err.isEmpty(), qPrintable(err));
        // The fixture belongs to exactly these bytes: if synth changed, the
        // oracle must be rerun (command in the fixture's "regenerate").
        QVERIFY2(test::containerHash(dir) == m_fx["container_hash"].toString(),
                 qPrintable("synth " + synthArgs() + " no longer writes the container the fixture was made from; "
                            "regenerate: /usr/bin/python3 tests/oracle/vision_ref.py tower DIR tests/fixtures/vision/tower.json --synth \"" +
                            synthArgs() + "\""));
        auto c = Container::open(dir.toStdString());
        QVERIFY2(c.isOk(), c.status().message().c_str());
        m_container = std::move(*c);
        QVERIFY(m_container->config().vision.present);
    }

    void matchesOracle_data()
    {
        QTest::addColumn<int>("index");
        const QJsonArray images = m_fx["images"].toArray();
        for (int i = 0; i < images.size(); ++i) {
            const QJsonObject o = images[i].toObject();
            QTest::addRow("%dx%d grid %dx%d", o["width"].toInt(), o["height"].toInt(), o["gw"].toInt(), o["gh"].toInt())
                << i;
        }
    }

    void matchesOracle()
    {
        QFETCH(int, index);
        const QJsonObject o = m_fx["images"].toArray()[index].toObject();
        auto t = tower(2);
        QVERIFY(t);
        const PreprocessedImage pre = image(o);
        QCOMPARE(pre.grid.gw, o["gw"].toInt());
        QCOMPARE(pre.grid.gh, o["gh"].toInt());
        std::vector<float> enc;
        auto emb = t->encode(pre, nullptr, &enc);
        QVERIFY2(emb.isOk(), emb.status().message().c_str());
        const std::vector<float> refEnc = test::fromB64(o["encoder_f32"]);
        const std::vector<float> refEmb = test::fromB64(o["embeddings_f32"]);
        QCOMPARE(enc.size(), refEnc.size());
        QCOMPARE(emb->size(), refEmb.size());
        QCOMPARE(int(emb->size() / size_t(t->outputWidth())), o["tokens"].toInt());
        QCOMPARE(o["tokens"].toInt(), pre.tokenCount(2, 2));
        const double relEnc = test::relError(enc.data(), refEnc.data(), enc.size());
        // Per token: the bar is 1e-5 relative on every embedding row.
        double relEmb = 0;
        const size_t w = size_t(t->outputWidth());
        for (size_t r = 0; r < emb->size() / w; ++r)
            relEmb = std::max(relEmb, test::relError(emb->data() + r * w, refEmb.data() + r * w, w));
        qInfo("encoder rel %.3g, embeddings rel %.3g (worst row)", relEnc, relEmb);
        QVERIFY2(relEnc <= 1e-5, qPrintable(QString("encoder rel %1").arg(relEnc)));
        QVERIFY2(relEmb <= 1e-5, qPrintable(QString("embeddings rel %1").arg(relEmb)));
    }

    void threadsAndSlicesBitIdentical()
    {
        const QJsonObject o = m_fx["images"].toArray()[1].toObject();
        const PreprocessedImage pre = image(o);
        auto a = tower(1);
        auto b = tower(5);
        QVERIFY(a && b);
        kernels::ThreadPool pool(3);
        auto ra = a->encode(pre, nullptr);
        auto rb = b->encode(pre, &pool);
        QVERIFY(ra.isOk() && rb.isOk());
        QCOMPARE(ra->size(), rb->size());
        QVERIFY(std::memcmp(ra->data(), rb->data(), ra->size() * 4) == 0);
        // Encoding again reuses the buffers and gives the same bits.
        auto again = b->encode(pre, &pool);
        QVERIFY(again.isOk());
        QVERIFY(std::memcmp(ra->data(), again->data(), ra->size() * 4) == 0);
    }

    void isaPathsAgree()
    {
        // Every dispatch level (the trunk kernels' and the attention's own
        // baseline/AVX2 loops) gives the tower's output; the trunk kernels sum
        // in ISA-specific orders, so agreement is to f32 rounding, not bits.
        const QJsonObject o = m_fx["images"].toArray()[3].toObject();
        const PreprocessedImage pre = image(o);
        auto t = tower(3);
        QVERIFY(t);
        const kernels::Isa before = kernels::activeIsa();
        kernels::setActiveIsa(kernels::Isa::Scalar);
        auto scalar = t->encode(pre);
        kernels::setActiveIsa(kernels::detectedIsa());
        auto best = t->encode(pre);
        kernels::setActiveIsa(before);
        QVERIFY(scalar.isOk() && best.isOk());
        qInfo("compared scalar with %s", kernels::isaName(kernels::detectedIsa()));
        const double rel = test::relError(best->data(), scalar->data(), scalar->size());
        QVERIFY2(rel <= 1e-6, qPrintable(QString("rel %1").arg(rel)));
    }

    void memoryPlanIsWhatLoadAllocates()
    {
        for (int slices : {1, 4}) {
            for (int maxPatches : {16, 1024}) {
                VisionTowerOptions o;
                o.attentionSlices = slices;
                o.maxPatches = maxPatches;
                auto plan = VisionTower::memoryPlan(m_container->config(), m_container->tensors(), o);
                QVERIFY2(plan.isOk(), plan.status().message().c_str());
                auto t = tower(slices, maxPatches);
                QVERIFY(t);
                QCOMPARE(plan->weights + plan->activations, t->residentBytes());
                QVERIFY(plan->decode >= 64ull * 1000 * 1000 * 3); // the 64 Mpx RGB bound at least
                QCOMPARE(plan->queue, uint64_t(32) * uint64_t(maxPatches / 4) * 256 * 4);
            }
        }
    }

    void k3MemoryFigure()
    {
        // The release tower in Q8G (spec 4.3, 7.1): "434 MB", which is MiB
        // (454.6e6 bytes: 588-wide patch rows pad to 640); with
        // decode, activations and a 32-image queue ~1.12 GiB (spec 9).
        ModelConfig cfg;
        cfg.hidden = 7168;
        cfg.vision.present = true;
        std::vector<TensorInfo> tensors;
        auto add = [&](const std::string &name, uint64_t rows, uint64_t cols) {
            TensorInfo t;
            t.name = name;
            t.fmt = rows > 1 ? TensorFormat::Q8G : TensorFormat::F32;
            t.rows = rows;
            t.cols = cols;
            tensors.push_back(t);
        };
        add("vision_tower.patch_embed.proj.weight", 1024, 588);
        add("vision_tower.patch_embed.pos_emb.weight", 4096, 1024);
        for (int b = 0; b < 27; ++b) {
            const std::string p = "vision_tower.encoder.blocks." + std::to_string(b) + ".";
            add(p + "norm0.weight", 1, 1024);
            add(p + "wqkv.weight", 4608, 1024);
            add(p + "wo.weight", 1024, 1536);
            add(p + "norm1.weight", 1, 1024);
            add(p + "mlp.fc0.weight", 4096, 1024);
            add(p + "mlp.fc1.weight", 1024, 4096);
        }
        add("vision_tower.encoder.final_layernorm.weight", 1, 1024);
        add("mm_projector.proj.0.weight", 4096, 4096);
        add("mm_projector.proj.2.weight", 7168, 4096);
        add("mm_projector.post_norm.weight", 1, 7168);
        VisionTowerOptions o;
        o.attentionSlices = 8;
        auto plan = VisionTower::memoryPlan(cfg, tensors, o);
        QVERIFY2(plan.isOk(), plan.status().message().c_str());
        qInfo("K3 vision: weights %.1f MB, activations %.1f MB, decode %.1f MB, queue %.1f MB, total %.3f GiB",
              plan->weights / 1e6, plan->activations / 1e6, plan->decode / 1e6, plan->queue / 1e6,
              plan->total() / double(1ull << 30));
        QVERIFY(plan->weights > 430ull << 20 && plan->weights < 438ull << 20);
        QVERIFY(plan->total() > uint64_t(0.95 * (1ull << 30)) && plan->total() < uint64_t(1.3 * (1ull << 30)));
        tensors.pop_back();
        QVERIFY(!VisionTower::memoryPlan(cfg, tensors, o).isOk());
    }

    void badImages()
    {
        auto t = tower(1, 16);
        QVERIFY(t);
        // More patches than the tower was sized for.
        auto big = preprocessImage(test::genImage(200, 200, 1), m_container->config().vision, 64);
        QVERIFY(big.isOk());
        auto r = t->encode(*big);
        QVERIFY(!r.isOk());
        QVERIFY(r.status().message().find("patches") != std::string::npos);
        // Inconsistent patch data.
        PreprocessedImage broken = *preprocessImage(test::genImage(56, 56, 1), m_container->config().vision, 16);
        broken.patches.pop_back();
        QVERIFY(!t->encode(broken).isOk());
        // Cancelled before the first block.
        std::atomic<bool> cancel{true};
        PreprocessedImage ok = *preprocessImage(test::genImage(56, 56, 1), m_container->config().vision, 16);
        auto c = t->encode(ok, nullptr, nullptr, &cancel);
        QVERIFY(!c.isOk());
        QCOMPARE(c.status().code(), ErrorCode::Cancelled);
        QVERIFY(t->encode(ok).isOk());
    }

    void modelWithoutVision()
    {
        const QString dir = m_tmp.filePath("k3.waste");
        const QString err = test::runSynth(dir, "--arch k3 --seed 1");
        QVERIFY2(err.isEmpty(), qPrintable(err));
        auto c = Container::open(dir.toStdString());
        QVERIFY(c.isOk());
        auto t = VisionTower::load(**c);
        QVERIFY(!t.isOk());
        QVERIFY(t.status().message().find("vision") != std::string::npos);
        QVERIFY(!VisionTower::memoryPlan((*c)->config(), (*c)->tensors()).isOk());
    }
};

SLUICE_TEST_GUILESS_MAIN(TestVisionTower)
#include "tst_visiontower.moc"
