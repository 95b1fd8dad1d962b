// Spec 7.2 preprocessing: the grid rule (spec examples and the oracle's own
// grid choices), the bilinear resize on hand-worked cases, the patch layout
// (channel-major inside a patch, patches row-major) and the whole pipeline
// against tests/oracle/vision_ref.py, which resizes with torch's
// F.interpolate and patches with tensor reshapes.
#include "support/testregistry.h"
#include "vision/imagepreprocess.h"
#include "visiontestutil.h"

#include <QJsonArray>
#include <QTest>

using namespace sluice;
using namespace sluice::vision;

class TestVisionPreprocess : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void specGridExamples_data()
    {
        QTest::addColumn<int>("w");
        QTest::addColumn<int>("h");
        QTest::addColumn<int>("maxPatches");
        QTest::addColumn<int>("gw");
        QTest::addColumn<int>("gh");
        // Spec 7.2: 896x896 -> 32x32 (256 tokens); 354x354 -> 24x24 (144 tokens).
        QTest::newRow("896x896") << 896 << 896 << 1024 << 32 << 32;
        QTest::newRow("354x354") << 354 << 354 << 1024 << 24 << 24;
        // 1x1: rounds to 0, floored at 2.
        QTest::newRow("1x1") << 1 << 1 << 1024 << 2 << 2;
        // 28x28 at budget 4: exactly the image, 2x2.
        QTest::newRow("28x28 budget 4") << 28 << 28 << 4 << 2 << 2;
        // 5000x20: scale 1, gw 357 -> 356, gh 1 -> 2; 712 <= 1024 so no reduction.
        QTest::newRow("5000x20") << 5000 << 20 << 1024 << 356 << 2;
        // 300x41 budget 12: gw 9 -> 8, gh 1 -> 2, 16 > 12 so the larger side gives 2: 6x2.
        QTest::newRow("300x41 budget 12") << 300 << 41 << 12 << 6 << 2;
    }

    void specGridExamples()
    {
        QFETCH(int, w);
        QFETCH(int, h);
        QFETCH(int, maxPatches);
        QFETCH(int, gw);
        QFETCH(int, gh);
        auto g = choosePatchGrid(w, h, maxPatches);
        QVERIFY2(g.isOk(), g.status().message().c_str());
        QCOMPARE(g->gw, gw);
        QCOMPARE(g->gh, gh);
    }

    void gridsMatchOracle()
    {
        const QJsonObject fx = test::readFixture("vision/preprocess.json");
        if (fx.isEmpty())
            QFAIL("tests/fixtures/vision/preprocess.json missing");
        const QJsonArray grids = fx["grids"].toArray();
        QVERIFY(grids.size() >= 10);
        for (const QJsonValue &v : grids) {
            const QJsonArray g = v.toArray();
            auto got = choosePatchGrid(g[0].toInt(), g[1].toInt(), g[2].toInt());
            QVERIFY(got.isOk());
            const QString what = QString("%1x%2 budget %3").arg(g[0].toInt()).arg(g[1].toInt()).arg(g[2].toInt());
            QVERIFY2(got->gw == g[3].toInt() && got->gh == g[4].toInt(),
                     qPrintable(what + QString(": got %1x%2, oracle %3x%4")
                                           .arg(got->gw).arg(got->gh).arg(g[3].toInt()).arg(g[4].toInt())));
        }
    }

    void gridInvariants()
    {
        // Every grid is even, >= 2 per side and within the budget.
        for (int w : {1, 13, 14, 15, 99, 640, 1023, 4096, 9000}) {
            for (int h : {1, 7, 28, 333, 720, 2000}) {
                for (int budget : {4, 5, 16, 100, 1024}) {
                    auto g = choosePatchGrid(w, h, budget);
                    QVERIFY(g.isOk());
                    QVERIFY(g->gw >= 2 && g->gh >= 2);
                    QVERIFY(g->gw % 2 == 0 && g->gh % 2 == 0);
                    QVERIFY2(g->patches() <= budget, qPrintable(QString("%1x%2 budget %3").arg(w).arg(h).arg(budget)));
                }
            }
        }
    }

    void gridErrors()
    {
        QVERIFY(!choosePatchGrid(0, 10, 1024).isOk());
        QVERIFY(!choosePatchGrid(10, -1, 1024).isOk());
        auto small = choosePatchGrid(100, 100, 3);
        QVERIFY(!small.isOk());
        QVERIFY(small.status().message().find("max_patches") != std::string::npos);
    }

    void resizeUpsampleByHand()
    {
        // 2x1 -> 4x1: src = (d + 0.5) / 2 - 0.5 = -0.25 (clamped 0), 0.25, 0.75, 1.25 (clamped 1).
        const uint8_t rgb[6] = {0, 0, 0, 100, 200, 40};
        float out[12];
        resizeBilinear(rgb, 2, 1, 4, 1, out);
        const float expectR[4] = {0, 25, 75, 100};
        const float expectG[4] = {0, 50, 150, 200};
        for (int x = 0; x < 4; ++x) {
            QCOMPARE(out[x * 3 + 0], expectR[x]);
            QCOMPARE(out[x * 3 + 1], expectG[x]);
        }
    }

    void resizeDownsampleNoAntialias()
    {
        // 4x1 -> 2x1: src = 0.5 and 2.5, each the mean of two neighbours only
        // (an antialiasing filter would blend in the outer pixels too).
        const uint8_t rgb[12] = {0, 0, 0, 10, 10, 10, 100, 100, 100, 250, 250, 250};
        float out[6];
        resizeBilinear(rgb, 4, 1, 2, 1, out);
        QCOMPARE(out[0], 5.0f);
        QCOMPARE(out[3], 175.0f);
        // 1x3 -> 1x2 vertical: src = 0.25 and 1.75.
        const uint8_t col[9] = {0, 0, 0, 80, 80, 80, 160, 160, 160};
        float v[6];
        resizeBilinear(col, 1, 3, 1, 2, v);
        QCOMPARE(v[0], 20.0f);
        QCOMPARE(v[3], 140.0f);
    }

    void resizeIdentityAndConstant()
    {
        const RgbImage img = test::genImage(17, 9, 3);
        std::vector<float> out(img.rgb.size());
        resizeBilinear(img.rgb.data(), 17, 9, 17, 9, out.data());
        for (size_t i = 0; i < out.size(); ++i)
            QCOMPARE(out[i], float(img.rgb[i]));
        RgbImage flat;
        flat.width = 5;
        flat.height = 3;
        flat.rgb.assign(45, 77);
        std::vector<float> big(29 * 31 * 3);
        resizeBilinear(flat.rgb.data(), 5, 3, 29, 31, big.data());
        for (float f : big)
            QCOMPARE(f, 77.0f);
    }

    void patchLayout()
    {
        // 28x28 under budget 4 is a 2x2 grid with no resampling, so every patch
        // value is one source pixel: patch (py, px), element c*196 + j*14 + i
        // is pixel (x = 14 px + i, y = 14 py + j), channel c.
        VisionConfig cfg;
        cfg.imageMean[0] = 0.25f;
        cfg.imageStd[2] = 2.0f;
        const RgbImage img = test::genImage(28, 28, 9);
        auto pre = preprocessImage(img, cfg, 4);
        QVERIFY2(pre.isOk(), pre.status().message().c_str());
        QCOMPARE(pre->grid.gw, 2);
        QCOMPARE(pre->grid.gh, 2);
        QCOMPARE(pre->patchDim(), 588);
        QCOMPARE(pre->sourceWidth, 28);
        QCOMPARE(pre->tokenCount(2, 2), 1);
        QCOMPARE(pre->patches.size(), size_t(4 * 588));
        for (int py = 0; py < 2; ++py) {
            for (int px = 0; px < 2; ++px) {
                for (int c = 0; c < 3; ++c) {
                    for (int j = 0; j < 14; ++j) {
                        for (int i = 0; i < 14; ++i) {
                            const int x = px * 14 + i, y = py * 14 + j;
                            const double pixel = img.rgb[size_t(y * 28 + x) * 3 + size_t(c)];
                            const double expect = (pixel / 255.0 - cfg.imageMean[c]) / cfg.imageStd[c];
                            const float got = pre->patches[size_t(py * 2 + px) * 588 + size_t(c * 196 + j * 14 + i)];
                            QVERIFY(std::fabs(got - expect) <= 1e-6);
                        }
                    }
                }
            }
        }
    }

    void normalisationRange()
    {
        // mean = std = 0.5 maps 0 -> -1 and 255 -> +1 (the release constants).
        VisionConfig cfg;
        RgbImage img;
        img.width = 28;
        img.height = 28;
        img.rgb.assign(28 * 28 * 3, 0);
        for (size_t i = 0; i < img.rgb.size(); i += 2)
            img.rgb[i] = 255;
        auto pre = preprocessImage(img, cfg, 4);
        QVERIFY(pre.isOk());
        for (float v : pre->patches)
            QVERIFY(v == -1.0f || v == 1.0f);
    }

    void matchesOracle()
    {
        const QJsonObject fx = test::readFixture("vision/preprocess.json");
        if (fx.isEmpty())
            QFAIL("tests/fixtures/vision/preprocess.json missing");
        const QJsonArray images = fx["images"].toArray();
        QVERIFY(images.size() >= 3);
        for (const QJsonValue &v : images) {
            const QJsonObject o = v.toObject();
            VisionConfig cfg;
            for (int c = 0; c < 3; ++c) {
                cfg.imageMean[c] = float(o["mean"].toArray()[c].toDouble());
                cfg.imageStd[c] = float(o["std"].toArray()[c].toDouble());
            }
            const RgbImage img = test::genImage(o["width"].toInt(), o["height"].toInt(), o["seed"].toInt());
            auto pre = preprocessImage(img, cfg, o["max_patches"].toInt());
            QVERIFY2(pre.isOk(), pre.status().message().c_str());
            QCOMPARE(pre->grid.gw, o["gw"].toInt());
            QCOMPARE(pre->grid.gh, o["gh"].toInt());
            const std::vector<float> ref = test::fromB64(o["patches_f32"]);
            QCOMPARE(pre->patches.size(), ref.size());
            // The oracle's float64 values rounded once to f32 vs ours: a few ulps.
            const double diff = test::maxAbsDiff(pre->patches.data(), ref.data(), ref.size());
            const QString what = QString("%1x%2: max abs diff %3").arg(o["width"].toInt()).arg(o["height"].toInt()).arg(diff);
            qInfo("%s", qPrintable(what));
            QVERIFY2(diff <= 2e-6, qPrintable(what));
        }
    }

    void badInput()
    {
        VisionConfig cfg;
        RgbImage img;
        img.width = 10;
        img.height = 10;
        img.rgb.resize(10); // too short
        auto r = preprocessImage(img, cfg);
        QVERIFY(!r.isOk());
        QVERIFY(r.status().message().find("10x10") != std::string::npos);
        RgbImage empty;
        QVERIFY(!preprocessImage(empty, cfg).isOk());
    }
};

SLUICE_TEST_APPLESS_MAIN(TestVisionPreprocess)
#include "tst_visionpreprocess.moc"
