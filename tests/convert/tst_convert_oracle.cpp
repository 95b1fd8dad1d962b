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
#include "convert/converter.h"
#include "../model/modeltestutil.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace sluice;

namespace {

// The oracle's Container.file_hash(): sha256 over the sorted names and bytes
// of manifest.json, trunk.bin, codebooks.bin and the banks.
QByteArray containerHash(const QString &dir)
{
    std::vector<std::string> names;
    for (const QString &n : QDir(dir).entryList(QDir::Files)) {
        if (n == "manifest.json" || n == "trunk.bin" || n == "codebooks.bin" ||
            (n.startsWith("experts-L") && n.endsWith(".bin")))
            names.push_back(n.toStdString());
    }
    std::sort(names.begin(), names.end());
    QCryptographicHash h(QCryptographicHash::Sha256);
    for (const std::string &n : names) {
        h.addData(QByteArray::fromStdString(n));
        QFile f(dir + "/" + QString::fromStdString(n));
        if (!f.open(QIODevice::ReadOnly))
            return {};
        h.addData(f.readAll());
    }
    return h.result().toHex();
}

QJsonObject readJson(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

} // namespace

class TestConvertOracle : public QObject {
    Q_OBJECT
private slots:
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
    const QJsonObject conv = readJson(QStringLiteral(SLUICE_FIXTURES_DIR "/convert/") + name + "-conv-s1.json");
    const QJsonObject rel = readJson(QStringLiteral(SLUICE_FIXTURES_DIR "/release/") + name + "-rel-s1.json");
    QVERIFY2(!conv.isEmpty() && !rel.isEmpty(), "fixtures missing");
    QTemporaryDir tmp;
    const QString src = tmp.path() + "/rel", out = tmp.path() + "/out";
    QStringList synthArgs{"synth"};
    for (const auto &a : conv["synth_args"].toArray())
        synthArgs << a.toString();
    synthArgs << "--out" << src;
    QProcess p;
    p.start(QStringLiteral(SLUICE_CLI_PATH), synthArgs);
    QVERIFY(p.waitForFinished(60000));
    QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());

    convert::ConvertOptions o;
    o.jobs = 2;
    auto r = convert::convertRelease(src.toStdString(), out.toStdString(), o);
    QVERIFY2(r.isOk(), r.isOk() ? "" : r.status().message().c_str());
    if (containerHash(out) != conv["container_hash"].toString().toLatin1())
        QFAIL("the converter no longer makes the container this fixture was computed on; regenerate with "
              "tests/oracle/make_fixtures.sh BUILD_DIR");

    ModelOptions mo;
    mo.modelPath = out.toStdString();
    mo.contextLength = 256;
    mo.threads = 2;
    auto opened = test::openModelSession(mo);
    QVERIFY2(opened.isOk(), opened.isOk() ? "" : opened.status().message().c_str());
    const std::vector<int> ids = test::toInts(conv["prompt_ids"].toArray());
    QVERIFY(ids == test::toInts(rel["prompt_ids"].toArray())); // the same prompt on both sides
    const size_t vocab = size_t(conv["vocab"].toInt());
    std::vector<float> all;
    const Status st = (*opened)->evalAll(ids, all, 1);
    QVERIFY2(st.isOk(), st.message().c_str());

    // The bar: the oracle on the converted container.
    const std::vector<int> argmax = test::toInts(conv["argmax"].toArray());
    const std::vector<int> positions = test::toInts(conv["logit_positions"].toArray());
    const std::vector<float> ref = test::fromB64(conv["logits_f32"].toString());
    QCOMPARE(ref.size(), positions.size() * vocab);
    double worst = 0;
    for (size_t t = 0; t < ids.size(); ++t)
        QVERIFY2(test::argmax(all.data() + t * vocab, vocab) == argmax[t], qPrintable(QString("position %1").arg(t)));
    for (size_t i = 0; i < positions.size(); ++i) {
        const double e = test::relError(all.data() + size_t(positions[i]) * vocab, ref.data() + i * vocab, vocab);
        worst = std::max(worst, e);
        QVERIFY2(e <= 1e-5, qPrintable(QString("position %1: rel %2").arg(positions[i]).arg(e)));
    }

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

QTEST_GUILESS_MAIN(TestConvertOracle)
#include "tst_convert_oracle.moc"
