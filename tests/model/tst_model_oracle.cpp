// The forward pass against the independent float64 PyTorch oracle
// (tests/oracle/kimi_ref.py) on containers made by `sluice-cli synth`. The
// fixtures record the exact container they were computed on (a hash): the
// test regenerates it with synth and refuses to compare against another one.
//
// Bar, at every stored position: max|dlogit| / max|logit| <= 1e-5, same
// argmax everywhere, identical greedy 16-token continuation. The fixtures
// also record the oracle's own float32-vs-float64 difference (f32_noise,
// <= 6.1e-6 on every fixture since synth's AttnRes queries were scaled to a
// well-conditioned range, docs/model.md); it is informative, not part of the bar.
#include "support/testregistry.h"
#include "modeltestutil.h"
#include "support/synthmodel.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace sluice;

class TestModelOracle : public QObject {
    Q_OBJECT
    QTemporaryDir m_tmp;
private Q_SLOTS:
    void matchesOracle_data()
    {
        QTest::addColumn<QString>("fixture");
        QTest::addColumn<int>("chunk");
        const QDir dir(QStringLiteral(SLUICE_FIXTURES_DIR "/model"));
        const QStringList files = dir.entryList({"*.json"}, QDir::Files, QDir::Name);
        QVERIFY2(!files.isEmpty(), "no oracle fixtures in tests/fixtures/model");
        for (const QString &f : files) {
            QTest::addRow("%s token-by-token", qPrintable(f)) << dir.filePath(f) << 1;
            QTest::addRow("%s chunk-64", qPrintable(f)) << dir.filePath(f) << 64;
        }
    }

    void matchesOracle()
    {
        QFETCH(QString, fixture);
        QFETCH(int, chunk);
        QFile f(fixture);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject fx = QJsonDocument::fromJson(f.readAll()).object();
        QVERIFY2(!fx.isEmpty(), "fixture is not JSON");

        // Rebuild the container exactly as the fixture's was made (once per
        // fixture: both chunk sizes use it).
        const QString out = m_tmp.path() + "/" + QFileInfo(fixture).baseName();
        const QStringList synthArgs = test::fixtureSynthArgs(fx, out);
        if (!QDir(out).exists()) {
            const QString why = test::synthesize(synthArgs);
            QVERIFY2(why.isEmpty(), qPrintable(why));
        }
        if (test::containerHash(out) != fx["container_hash"].toString())
            QFAIL(qPrintable(QString("`sluice-dev synth %1` no longer makes the container this fixture was computed on; "
                                     "regenerate fixtures with: tests/oracle/make_fixtures.sh BUILD_DIR")
                                 .arg(synthArgs.join(' '))));

        ModelOptions o;
        o.modelPath = out.toStdString();
        o.contextLength = 256;
        o.threads = 2;
        auto opened = openModelSession(o);
        QVERIFY2(opened.isOk(), opened.status().message().c_str());
        const std::vector<int> ids = test::toInts(fx["prompt_ids"].toArray());
        const size_t vocab = size_t(fx["vocab"].toInt());
        QCOMPARE(size_t(opened->info().vocab), vocab);
        std::vector<float> all, dump;
        if (chunk == 1)
            (*opened)->setHiddenStateTap({&dump}); // [token][layer][hidden] when fed one at a time
        const Status st = (*opened)->evalAll(ids, all, chunk);
        (*opened)->setHiddenStateTap({nullptr});
        QVERIFY2(st.isOk(), st.message().c_str());
        // Where a position disagrees, the per-layer residual errors say which
        // layer started it (the fixture stores the oracle's residual stream).
        const int nLayers = opened->info().layers;
        const size_t d = size_t(opened->info().hidden);
        auto layerReport = [&](size_t t) {
            QString out;
            if (dump.empty())
                return QString("(run token-by-token for residuals)");
            std::vector<float> res;
            size_t stride = 0, base = 0;
            if (fx.contains("residuals_f32")) {
                res = test::fromB64(fx["residuals_f32"].toString()); // [L][T][d]
                stride = ids.size() * d;
                base = t * d;
            } else if (t + 1 == ids.size() && fx.contains("residuals_last_f32")) {
                res = test::fromB64(fx["residuals_last_f32"].toString()); // [L][d]
                stride = d;
            } else {
                return QString("(no oracle residuals stored for this position)");
            }
            for (int L = 0; L < nLayers; ++L) {
                const float *mine = dump.data() + (t * size_t(nLayers) + size_t(L)) * d;
                out += QString(" L%1 %2").arg(L).arg(test::relError(mine, res.data() + size_t(L) * stride + base, d), 0, 'g', 2);
            }
            return out;
        };

        const std::vector<int> argmax = test::toInts(fx["argmax"].toArray());
        for (size_t t = 0; t < ids.size(); ++t)
            QVERIFY2(test::argmax(all.data() + t * vocab, vocab) == argmax[t],
                     qPrintable(QString("argmax differs at position %1; per-layer residual rel error:%2")
                                    .arg(t)
                                    .arg(layerReport(t))));
        const std::vector<int> positions = test::toInts(fx["logit_positions"].toArray());
        const std::vector<float> ref = test::fromB64(fx["logits_f32"].toString());
        QCOMPARE(ref.size(), positions.size() * vocab);
        constexpr double bar = 1e-5;
        double worst = 0;
        for (size_t i = 0; i < positions.size(); ++i) {
            const size_t t = size_t(positions[i]);
            const double rel = test::relError(all.data() + t * vocab, ref.data() + i * vocab, vocab);
            worst = std::max(worst, rel);
            QVERIFY2(rel <= bar, qPrintable(QString("position %1: rel %2 > bar %3; per-layer residual rel error:%4")
                                                .arg(t)
                                                .arg(rel)
                                                .arg(bar)
                                                .arg(layerReport(t))));
        }
        qInfo("%s chunk %d: %zu positions, max rel %.3g (%.0f%% of the bar)", qPrintable(QFileInfo(fixture).fileName()),
              chunk, positions.size(), worst, 100 * worst / bar);

        if (chunk == 1) {
            SamplingParams sp;
            sp.maxTokens = 16;
            auto r = (*opened)->generate(std::span<const int>(), sp, nullptr);
            QVERIFY2(r.isOk(), r.status().message().c_str());
            const std::vector<int> want = test::toInts(fx["greedy"].toArray());
            QCOMPARE(r->tokens, std::vector<int>(want.begin(), want.begin() + ptrdiff_t(r->tokens.size())));
            QVERIFY(r->tokens.size() == want.size() || r->reason == StopReason::EndOfSequence);
        }
    }
};

SLUICE_TEST_GUILESS_MAIN(TestModelOracle)
#include "tst_model_oracle.moc"
