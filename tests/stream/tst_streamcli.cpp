// The stream module's commands end to end: sluice-dev's cachesim, diskbench
// and benchmarks and sluice-cli's plan produce well-formed output, report
// what they must (direct_io, the floor), and fail with a clear message on
// bad input.
#include "support/testregistry.h"
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

#include "clirun.h"
#include "support/synthmodel.h"
#include "testsanitized.h"

namespace {

using Run = sluice::test::CliRun;

Run runCli(const QStringList &args)
{
    return sluice::test::runProgram(QStringLiteral(SLUICE_CLI_PATH), args, 120000);
}

// The developer tools under test (cachesim, diskbench, the benchmarks).
Run runDev(const QStringList &args)
{
    return sluice::test::runProgram(QStringLiteral(SLUICE_DEV_PATH), args, 120000);
}

const QString kTrace = QStringLiteral(SLUICE_SHARED_DIR "/data/traces/olmoe-299tok.jsonl");
const QString kContainer = QStringLiteral(SLUICE_SHARED_DIR "/data/compat/kimi-linear-s0-tokenizer/container.waste");

} // namespace

class TestStreamCli : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void cachesimJson()
    {
        if (!QFile::exists(kTrace))
            QSKIP("routing trace not found");
        const Run r = runDev({"cachesim", kTrace, "--json", "--sizes", "1,2"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject root = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(root["moe_layers"].toInt(), 16);
        QCOMPARE(root["sizes"].toArray().size(), 2);
        QCOMPARE(root["best_practical"].toString(), root["shipped"].toString());
        const QJsonArray policies = root["policies"].toArray();
        QVERIFY(policies.size() >= 4);
        QCOMPARE(policies.last().toObject()["policy"].toString(), QString("Belady"));
    }

    // --prefetch-prev adds the prefetch rows (ARC has no prefetch path) with
    // the records they read; LRU reads nothing extra from one working set up.
    void cachesimPrefetchPrevJson()
    {
        if (!QFile::exists(kTrace))
            QSKIP("routing trace not found");
        const Run r = runDev({"cachesim", kTrace, "--json", "--sizes", "1,2", "--prefetch-prev"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject root = QJsonDocument::fromJson(r.out).object();
        const QJsonArray rows = root["prefetch_prev"].toArray();
        QCOMPARE(rows.size(), root["policies"].toArray().size() - 1);
        bool sawLru = false, sawPrefetch = false;
        for (const QJsonValue &row : rows) {
            const QString policy = row.toObject()["policy"].toString();
            QVERIFY(policy != "ARC");
            for (const QJsonValue &cell : row.toObject()["results"].toArray()) {
                const QJsonObject c = cell.toObject();
                QCOMPARE(c["reads"].toInteger(),
                         c["accesses"].toInteger() - c["hits"].toInteger() + c["prefetch_reads"].toInteger());
                sawPrefetch = sawPrefetch || c["prefetch_reads"].toInteger() > 0;
                if (policy == "LRU") {
                    sawLru = true;
                    QCOMPARE(c["prefetch_reads"].toInteger(), qint64(0));
                    QCOMPARE(c["extra_reads"].toDouble(), 0.0);
                }
            }
        }
        QVERIFY(sawLru);
        QVERIFY(sawPrefetch);
        QVERIFY(!QJsonDocument::fromJson(runDev({"cachesim", kTrace, "--json", "--sizes", "1"}).out)
                     .object()
                     .contains("prefetch_prev"));
    }

    void cachesimBadInput()
    {
        QTemporaryDir dir;
        QFile f(dir.filePath("bad.jsonl"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"layers\": [[1, 1]]}\n");
        f.close();
        const Run r = runDev({"cachesim", f.fileName()});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("bad.jsonl:1"), r.err.constData());
        QCOMPARE(runDev({"cachesim"}).exitCode, 2);
        QCOMPARE(runDev({"cachesim", kTrace, "--sizes", "0"}).exitCode, 2);
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
        const Run r = runDev(args);
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
        QCOMPARE(runDev({"diskbench", f.fileName(), "--record-bytes", "1000"}).exitCode, 2);
        QCOMPARE(runDev({"diskbench", dir.filePath("missing.bin"), "--seconds", "0.1"}).exitCode, 1);
    }

    // bench-faults: a read into fresh memory faults every page; after the
    // populate the same read faults none (what the cache's prefault buys).
    void benchFaultsSeparatesTheFaults()
    {
        QTemporaryDir dir(QDir::tempPath() + "/sluice-benchfaults-XXXXXX");
        QFile f(dir.filePath("bank.bin"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(8 * 65536, 'x'));
        f.close();
        const Run r = runDev({"bench-faults", f.fileName(), "--record-bytes", "65536", "--records", "8"});
        QCOMPARE(r.exitCode, 0);
        // "<name>  wall-ms  sys-ms  minflt" per row; the minor faults per record are the last column.
        const auto faultsOf = [&](const char *name) {
            for (const QByteArray &line : r.out.split('\n'))
                if (line.startsWith(name))
                    return line.simplified().split(' ').last().toDouble();
            return -1.0;
        };
        QVERIFY2(faultsOf("read into fresh memory") >= 16, r.out.constData()); // 64 KiB = 16 pages
        QVERIFY2(faultsOf("populate (MADV_POPULATE_WRITE)") >= 16, r.out.constData());
#if !SLUICE_TEST_SANITIZED
        // (A sanitizer's interceptor touches shadow pages around the read.)
        QVERIFY2(faultsOf("read into populated memory") == 0, r.out.constData());
#endif
        QCOMPARE(runDev({"bench-faults", f.fileName(), "--record-bytes", "1000"}).exitCode, 2);
        QCOMPARE(runDev({"bench-faults", dir.filePath("missing.bin")}).exitCode, 1);
        const Run small = runDev({"bench-faults", f.fileName(), "--record-bytes", "1048576"});
        QCOMPARE(small.exitCode, 1);
        QVERIFY2(small.err.contains("smaller than one record"), small.err.constData());
    }

    // bench-budget: one line per visit, the budgets up then down, the cache
    // growing with the budget; bad steps are refused.
    void benchBudgetStepsUpAndDown()
    {
        QTemporaryDir dir(QDir::tempPath() + "/sluice-benchbudget-XXXXXX");
        const QString model = dir.filePath("m.waste");
        const QString why = sluice::test::synthesize({"--out", model, "--record-bytes", "64K", "--layers", "2",
                                                      "--experts", "32"});
        QVERIFY2(why.isEmpty(), qPrintable(why));
        const Run r = runDev({"bench-budget", model, "--steps", "0,1,4", "--tokens", "4", "--warmup", "2",
                              "--rounds", "1", "--ctx", "64", "--threads", "1"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QList<QList<QByteArray>> rows;
        for (const QByteArray &line : r.out.split('\n'))
            if (line.startsWith("1\t"))
                rows << line.split('\t');
        QCOMPARE(rows.size(), 6);
        const QList<QByteArray> ws{"0", "1", "4", "4", "1", "0"};
        for (int i = 0; i < 6; ++i) {
            QCOMPARE(rows[i][1], QByteArray(i < 3 ? "up" : "down"));
            QCOMPARE(rows[i][2], ws[i]);
        }
        for (int i = 1; i < 3; ++i)
            QVERIFY2(rows[i][4].toInt() > rows[i - 1][4].toInt(), r.out.constData()); // slots
        QVERIFY2(r.out.contains("# verdict: "), r.out.constData());
        const Run bad = runDev({"bench-budget", model, "--steps", "4,1"});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains("ascending"), bad.err.constData());
        // A zero-second disk measurement was accepted by the parser, then refused
        // by the disk benchmark after the whole decode (exit 1): now a usage error.
        const Run zero = runDev({"benchstream", model, "--disk-seconds", "0"});
        QCOMPARE(zero.exitCode, 2);
        QVERIFY2(zero.err.contains("--disk-seconds"), zero.err.constData());
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

    // Plan before download: a built-in model, a given RAM size, a disk speed.
    void planBuiltinModel()
    {
        Run r = runCli({"plan", "--model", "k3", "--ram", "64G", "--json"});
        QCOMPARE(r.exitCode, 0);
        QJsonObject root = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(root["model"].toString(), QStringLiteral("Kimi K3 (VQ3R container)"));
        QCOMPARE(root["usable_ram_bytes"].toInteger(), qint64(64) << 30);
        QCOMPARE(root["fits"].toBool(), true);
        QCOMPARE(root["default_working_sets"].toInt(), 1);
        QCOMPARE(root["record_bytes"].toInteger(), 12406784);
        QVERIFY(root["engine_bytes"].toInteger() <= root["budget_bytes"].toInteger());
        QVERIFY(!root.contains("speed"));

        // 16 GiB cannot hold the K3 floor: it says so and names the RAM it needs.
        r = runCli({"plan", "--model", "k3", "--ram", "16G", "--json"});
        QCOMPARE(r.exitCode, 0);
        root = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(root["fits"].toBool(), false);
        const qint64 floor = root["floor_bytes"].toInteger();
        QVERIFY(floor > qint64(28) << 30);
        QCOMPARE(root["ram_needed_bytes"].toInteger(), floor + floor / 7);
        r = runCli({"plan", "--model", "k3", "--ram", "16G"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("does not fit: the floor ") && r.out.contains("it needs at least "), r.out.constData());
        // A budget under the resident floor streams the trunk (issue 13)...
        r = runCli({"plan", "--model", "kimi-linear", "--budget", "1G", "--json"});
        QCOMPARE(r.exitCode, 0);
        root = QJsonDocument::fromJson(r.out).object();
        QVERIFY(root["resident_layers"].toInt() < root["layers"].toInt());
        QVERIFY(root["trunk_stream_bytes_per_token"].toInteger() > 0);
        QVERIFY(root["streaming_floor_bytes"].toInteger() <= qint64(1) << 30);
        QVERIFY(root["resident_floor_bytes"].toInteger() > qint64(1) << 30);
        // ...and one under the streaming floor is refused naming it.
        r = runCli({"plan", "--model", "kimi-linear", "--budget", "256M"});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("streaming floor"), r.err.constData());
        // Under the floor with lm_head resident (K3: 3.34 GiB with the process term) lm_head streams
        // in row blocks: exactly its bytes (163,840 x 7,168 Q8G + scales) off the floor.
        r = runCli({"plan", "--model", "k3", "--ram", "16G", "--budget", "3G", "--json"});
        QCOMPARE(r.exitCode, 0);
        root = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(root["resident_layers"].toInt(), 0);
        QVERIFY(root["lm_head_streamed"].toBool());
        const qint64 headBytes = qint64(163840) * 7168 + qint64(163840) * 56 * 2;
        QVERIFY(root["lm_head_stream_bytes_per_token"].toInteger() >= headBytes);
        QCOMPARE(root["lm_head_blocks"].toInteger(), qint64(2));
        QCOMPARE(root["layers_streaming_floor_bytes"].toInteger() - root["streaming_floor_bytes"].toInteger(), headBytes);
        r = runCli({"plan", "--model", "k3", "--ram", "16G", "--budget", "3G"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("lm_head streamed in row blocks") && r.out.contains("with lm_head resident"),
            r.out.constData());
        // Kept resident on request, the same budget is under that split's floor.
        r = runCli({"plan", "--model", "k3", "--ram", "16G", "--budget", "3G", "--resident-layers", "0",
            "--stream-lm-head", "0"});
        QCOMPARE(r.exitCode, 1);

        if (!QFile::exists(kTrace))
            QSKIP("routing trace not found");
        r = runCli({"plan", "--model", "k3", "--format", "mxfp4", "--ram", "256G", "--disk-gbps", "3.5", "--trace", kTrace,
                    "--json"});
        QCOMPARE(r.exitCode, 0);
        root = QJsonDocument::fromJson(r.out).object();
        const QJsonObject speed = root["speed"].toObject();
        QCOMPARE(speed["trace"].toString(), QStringLiteral("olmoe-299tok.jsonl"));
        const double hit = speed["hit_rate_warm"].toDouble();
        QVERIFY(hit > 0 && hit < 1);
        const double ws = root["working_set_bytes"].toDouble();
        QVERIFY(std::fabs(speed["bytes_per_token_warm"].toDouble() - (1 - hit) * ws) < 16);
        QVERIFY(std::fabs(speed["seconds_per_token_warm"].toDouble() - (1 - hit) * ws / 3.5e9) < 1e-6);
    }

    void planBuiltinModelErrors()
    {
        Run r = runCli({"plan", "--model", "k2"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--model"), r.err.constData());
        r = runCli({"plan", "--model", "kimi-linear", "--format", "mxfp4"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("Kimi-Linear release is bf16"), r.err.constData());
        r = runCli({"plan"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("either a container MODEL or --model"), r.err.constData());
        r = runCli({"plan", "--model", "k3", "--disk-gbps", "3", "--trace", QDir::tempPath() + "/no-such-trace.jsonl"});
        QCOMPARE(r.exitCode, 1);
    }
};

SLUICE_TEST_GUILESS_MAIN(TestStreamCli)
#include "tst_streamcli.moc"
