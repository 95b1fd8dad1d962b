// Numerics of converted containers (issue 12). For each architecture the
// synthetic release of tests/fixtures/release/*-rel-s1 is converted (default
// options: the spec's sample, 10 Lloyd iterations) and
//  * the engine on the converted container matches the float64 oracle run on
//    that same container (tests/fixtures/convert/*-conv-s1.json, which records
//    the container's hash): <= 1e-5 relative on every position's logits,
//    argmax equal everywhere — the bar;
//  * its distance from the oracle on the *source* release (the release
//    fixture, same prompt) is measured and printed: the quantisation error
//    (VQ experts + Q4G/Q8G trunk), reported in docs/converter.md, not a bar.
#include "support/testregistry.h"
#include "convert/converter.h"
#include "../model/modeltestutil.h"
#include "support/synthmodel.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace sluice;

class TestConvertOracle : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void matchesOracle_data();
    void matchesOracle();
};

void TestConvertOracle::matchesOracle_data()
{
    QTest::addColumn<QString>("name");
    QTest::newRow("k3") << "k3";
    QTest::newRow("kl") << "kl";
}

void TestConvertOracle::matchesOracle()
{
    QFETCH(QString, name);
    const QJsonObject conv = test::readFixture("convert/" + name + "-conv-s1.json");
    const QJsonObject rel = test::readFixture("release/" + name + "-rel-s1.json");
    QVERIFY2(!conv.isEmpty() && !rel.isEmpty(), "fixtures missing");
    QTemporaryDir tmp;
    const QString src = tmp.path() + "/rel", out = tmp.path() + "/out";
    const QString why = test::synthFromFixture(conv, src);
    QVERIFY2(why.isEmpty(), qPrintable(why));

    convert::ConvertOptions o;
    o.jobs = 2;
    auto r = convert::convertRelease(src.toStdString(), out.toStdString(), o);
    QVERIFY2(r.isOk(), r.isOk() ? "" : r.status().message().c_str());
    if (test::containerHash(out) != conv["container_hash"].toString())
        QFAIL("the converter no longer makes the container this fixture was computed on; regenerate with "
              "tests/oracle/make_fixtures.sh BUILD_DIR");

    ModelOptions mo;
    mo.modelPath = out.toStdString();
    mo.contextLength = 256;
    mo.threads = 2;
    auto opened = openModelSession(mo);
    QVERIFY2(opened.isOk(), opened.isOk() ? "" : opened.status().message().c_str());
    const std::vector<int> ids = test::toInts(conv["prompt_ids"].toArray());
    QVERIFY(ids == test::toInts(rel["prompt_ids"].toArray())); // the same prompt on both sides
    const size_t vocab = size_t(conv["vocab"].toInt());
    std::vector<float> all;
    const Status st = (*opened)->evalAll(ids, all, 1);
    QVERIFY2(st.isOk(), st.message().c_str());

    // The bar: the oracle on the converted container.
    const std::vector<int> positions = test::toInts(conv["logit_positions"].toArray());
    const std::vector<float> ref = test::fromB64(conv["logits_f32"].toString());
    double worst = 0;
    const QString mismatch = test::oracleLogitsMismatch(conv, all, ids.size(), vocab, 1e-5, worst);
    QVERIFY2(mismatch.isEmpty(), qPrintable(mismatch));

    // The quantisation error: against the oracle on the source release.
    const std::vector<int> relPositions = test::toInts(rel["logit_positions"].toArray());
    const std::vector<float> relLogits = test::fromB64(rel["logits_f32"].toString());
    const std::vector<int> relArgmax = test::toInts(rel["argmax"].toArray());
    double qWorst = 0, qSum = 0, oracleWorst = 0;
    int agree = 0;
    for (size_t i = 0; i < relPositions.size(); ++i) {
        const size_t t = size_t(relPositions[i]);
        const double e = test::relError(all.data() + t * vocab, relLogits.data() + i * vocab, vocab);
        qWorst = std::max(qWorst, e);
        qSum += e;
        const auto it = std::find(positions.begin(), positions.end(), int(t));
        if (it != positions.end())
            oracleWorst = std::max(oracleWorst, test::relError(ref.data() + size_t(it - positions.begin()) * vocab,
                                                               relLogits.data() + i * vocab, vocab));
    }
    for (size_t t = 0; t < ids.size(); ++t)
        agree += test::argmax(all.data() + t * vocab, vocab) == relArgmax[t];
    qInfo("%s: engine vs oracle on the converted container: max rel %.3g (bar 1e-5). Quantisation error vs the "
          "oracle on the source release: max rel %.3g, mean %.3g (oracle vs oracle max %.3g), argmax equal at %d of "
          "%zu positions",
          qPrintable(name), worst, qWorst, qSum / double(relPositions.size()), oracleWorst, agree, ids.size());
    QVERIFY(qWorst > 0); // the release fixture really is another model's output
}

SLUICE_TEST_GUILESS_MAIN(TestConvertOracle)
#include "tst_convert_oracle.moc"
