// The stream module's CLI commands end to end: cachesim, diskbench and plan
// produce well-formed output, report what they must (direct_io, the floor),
// and fail with a clear message on bad input.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Run {
    int exitCode = -1;
    QByteArray out, err;
};

Run runCli(const QStringList &args)
{
    QProcess p;
    p.start(QStringLiteral(SLUICE_CLI_PATH), args);
    Run r;
    if (!p.waitForFinished(120000))
        return r;
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

const QString kTrace = QStringLiteral(SLUICE_SHARED_DIR "/data/traces/olmoe-299tok.jsonl");
const QString kContainer = QStringLiteral(SLUICE_SHARED_DIR "/data/compat/kimi-linear-s0-tokenizer/container.waste");

} // namespace

class TestStreamCli : public QObject {
    Q_OBJECT
private slots:
    void cachesimJson()
    {
        if (!QFile::exists(kTrace))
            QSKIP("routing trace not found");
        const Run r = runCli({"cachesim", kTrace, "--json", "--sizes", "1,2"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject root = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(root["moe_layers"].toInt(), 16);
        QCOMPARE(root["sizes"].toArray().size(), 2);
        QCOMPARE(root["best_practical"].toString(), root["shipped"].toString());
        const QJsonArray policies = root["policies"].toArray();
        QVERIFY(policies.size() >= 4);
        QCOMPARE(policies.last().toObject()["policy"].toString(), QString("Belady"));
    }

    void cachesimBadInput()
    {
        QTemporaryDir dir;
        QFile f(dir.filePath("bad.jsonl"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"layers\": [[1, 1]]}\n");
        f.close();
        const Run r = runCli({"cachesim", f.fileName()});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("bad.jsonl:1"), r.err.constData());
        QCOMPARE(runCli({"cachesim"}).exitCode, 2);
        QCOMPARE(runCli({"cachesim", kTrace, "--sizes", "0"}).exitCode, 2);
    }

    void diskbenchReportsDirectIo_data()
    {
        QTest::addColumn<bool>("buffered");
        QTest::newRow("direct") << false;
        QTest::newRow("buffered") << true;
    }
    void diskbenchReportsDirectIo()
    {
        QFETCH(bool, buffered);
        QTemporaryDir dir(QDir::tempPath() + "/sluice-diskbench-XXXXXX");
        QFile f(dir.filePath("bank.bin"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(8 * 8192, 'x'));
        f.close();
        QStringList args{"diskbench", f.fileName(), "--record-bytes", "8192", "--qd", "1,2", "--seconds", "0.1",
                         "--engine", "threads", "--json"};
        if (buffered)
            args << "--buffered";
        const Run r = runCli(args);
        QCOMPARE(r.exitCode, 0);
        const QJsonArray results = QJsonDocument::fromJson(r.out).object()["results"].toArray();
        QCOMPARE(results.size(), 2);
        for (const QJsonValue &v : results) {
            QVERIFY(v.toObject().contains("direct_io"));
            QVERIFY(v.toObject()["reads"].toInteger() > 0);
            if (buffered)
                QCOMPARE(v.toObject()["direct_io"].toBool(), false);
        }
        if (buffered)
            QVERIFY2(r.err.contains("page cache"), r.err.constData()); // never silently
        QCOMPARE(runCli({"diskbench", f.fileName(), "--record-bytes", "1000"}).exitCode, 2);
        QCOMPARE(runCli({"diskbench", dir.filePath("missing.bin"), "--seconds", "0.1"}).exitCode, 1);
    }

    void planJsonAddsUp()
    {
        if (!QFile::exists(kContainer + "/manifest.json"))
            QSKIP("compat container not found");
        const Run r = runCli({"plan", kContainer, "--json", "--ctx", "512"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject root = QJsonDocument::fromJson(r.out).object();
        qint64 sum = 0;
        for (const QJsonValue &t : root["terms"].toArray())
            sum += t.toObject()["bytes"].toInteger();
        QCOMPARE(sum, root["floor_bytes"].toInteger());
        QVERIFY(root["engine_bytes"].toInteger() <= root["budget_bytes"].toInteger());
        QCOMPARE(root["budget_bytes"].toInteger(), root["default_budget_bytes"].toInteger());
        QVERIFY(root["usable_ram_bytes"].toInteger() > 0);
    }

    void planRefusesUnderFloor()
    {
        if (!QFile::exists(kContainer + "/manifest.json"))
            QSKIP("compat container not found");
        const Run r = runCli({"plan", kContainer, "--budget", "64K"});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("below this model's floor") && r.err.contains("sluice-cli plan MODEL"), r.err.constData());
        QCOMPARE(runCli({"plan", QDir::tempPath() + "/no-such-model"}).exitCode, 1);
    }
};

QTEST_GUILESS_MAIN(TestStreamCli)
#include "tst_streamcli.moc"
