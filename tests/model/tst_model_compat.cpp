// The containers in ../shared/data/compat were written by the WASTE engine's
// own tools; WASTE recorded its logits on them. Sluice must read containers
// it did not write and compute the same numbers: within 1e-4 relative at every
// position, same argmax everywhere, same greedy continuation.
#include "support/testregistry.h"
#include "modeltestutil.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace sluice;

class TestModelCompat : public QObject {
    Q_OBJECT
private:
    QString compatDir() const { return QStringLiteral(SLUICE_SHARED_DIR "/data/compat"); }

    QJsonObject expected(const QString &name)
    {
        QFile f(compatDir() + "/" + name + "/expected-waste-0.6.6.json");
        if (!f.open(QIODevice::ReadOnly))
            return {};
        return QJsonDocument::fromJson(f.readAll()).object();
    }

    ModelSession open(const QString &name, int threads)
    {
        ModelOptions o;
        o.modelPath = (compatDir() + "/" + name + "/container.waste").toStdString();
        o.contextLength = 256;
        o.threads = threads;
        return test::openModelSessionOrWarn(o);
    }

private Q_SLOTS:
    void initTestCase()
    {
        if (!QDir(compatDir()).exists())
            QSKIP("../shared/data/compat is absent (SLUICE_SHARED_DIR); WASTE compatibility not checked");
    }

    void stepLogits_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("threads");
        QTest::addColumn<int>("chunk");
        for (const char *n : {"kimi-linear-s0-tokenizer", "kimi-linear-s3-prefixed"}) {
            QTest::addRow("%s token-by-token 1 thread", n) << QString(n) << 1 << 1;
            QTest::addRow("%s chunk-64 2 threads", n) << QString(n) << 2 << 64;
        }
    }

    void stepLogits()
    {
        QFETCH(QString, name);
        QFETCH(int, threads);
        QFETCH(int, chunk);
        const QJsonObject exp = expected(name);
        QVERIFY2(!exp.isEmpty(), "expected-waste-0.6.6.json missing");
        auto opened = open(name, threads);
        QVERIFY(opened);
        const std::vector<int> ids = test::toInts(exp["prompt_ids"].toArray());
        const QJsonArray steps = exp["step_logits"].toArray();
        QCOMPARE(size_t(steps.size()), ids.size());
        const size_t vocab = size_t(opened.info().vocab);
        std::vector<float> all;
        const Status st = opened->evalAll(ids, all, chunk);
        QVERIFY2(st.isOk(), st.message().c_str());
        double worst = 0;
        for (size_t i = 0; i < ids.size(); ++i) {
            const std::vector<float> ref = test::toFloats(steps[int(i)].toArray());
            QCOMPARE(ref.size(), vocab);
            const double rel = test::relError(all.data() + i * vocab, ref.data(), vocab);
            worst = std::max(worst, rel);
            QVERIFY2(rel <= 1e-4, qPrintable(QString("position %1: rel %2").arg(i).arg(rel)));
            QCOMPARE(test::argmax(all.data() + i * vocab, vocab), test::argmax(ref.data(), vocab));
        }
        const std::vector<float> last = test::toFloats(exp["prefill_last_logits"].toArray());
        const double relLast = test::relError(all.data() + (ids.size() - 1) * vocab, last.data(), vocab);
        QVERIFY(relLast <= 1e-4);
        qInfo("%s: %zu positions, max rel %.3g, prefill-last rel %.3g", qPrintable(name), ids.size(), worst, relLast);
    }

    void greedy_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("s0") << QString("kimi-linear-s0-tokenizer");
        QTest::newRow("s3") << QString("kimi-linear-s3-prefixed");
    }

    void greedy()
    {
        QFETCH(QString, name);
        const QJsonObject exp = expected(name);
        auto opened = open(name, 2);
        QVERIFY(opened);
        const std::vector<int> ids = test::toInts(exp["prompt_ids"].toArray());
        const std::vector<int> want = test::toInts(exp["greedy"].toArray());
        SamplingParams p;
        p.maxTokens = int(want.size());
        auto r = opened->generate(ids, p, nullptr);
        QVERIFY2(r.isOk(), r.status().message().c_str());
        // EOS may end the run early; compare what was produced.
        QVERIFY(!r->tokens.empty());
        const std::vector<int> head(want.begin(), want.begin() + ptrdiff_t(r->tokens.size()));
        QCOMPARE(r->tokens, head);
    }
};

SLUICE_TEST_GUILESS_MAIN(TestModelCompat)
#include "tst_model_compat.moc"
