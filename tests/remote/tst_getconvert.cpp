// Convert while downloading (`sluice-cli get REPO --to STAGING --convert OUT`,
// api/download.h downloadAndConvert, issue 26) against the mock hub on
// loopback in this process serving a release written by our own synth writer
// (`synth --release --by-layer`: one shard per MoE layer with its trunk
// tensors and experts, as K3's release is laid out, after one with the rest).
// The container must be byte-identical to `sluice-cli convert` of the
// complete release; the staging folder holds at most the first shard plus
// the other shards' trunk tensors (fetched by range for the trunk pass); a
// bound one byte under that is refused naming the step, the exact bound
// works; a range that differs from its shard is caught; SIGKILLed at three
// points, a rerun finishes with the same bytes.
#include "support/testregistry.h"
#include "remote/mockhub.h"
#include "support/synthmodel.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace sluicetest;

namespace {

// Small k-means sample: the same pipeline, a second per conversion.
const QStringList kGetConvertSample{"--sample-vectors", "4096", "--iterations", "4"};

// Every file of a container folder but the converter's work folder.
QMap<QString, QByteArray> containerFiles(const QString &dir)
{
    QMap<QString, QByteArray> files;
    QDirIterator it(dir, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next(), rel = QDir(dir).relativeFilePath(path);
        if (rel.startsWith(".sluice-convert/"))
            continue;
        QFile f(path);
        if (f.open(QIODevice::ReadOnly))
            files.insert(rel, f.readAll());
    }
    return files;
}

QString containerDifference(const QString &a, const QString &b)
{
    const auto x = containerFiles(a), y = containerFiles(b);
    if (x.keys() != y.keys())
        return QString("files differ: %1 vs %2").arg(x.keys().join(','), y.keys().join(','));
    for (auto it = x.begin(); it != x.end(); ++it)
        if (y.value(it.key()) != it.value())
            return it.key() + " differs";
    return x.isEmpty() ? QString("no container in %1").arg(a) : QString();
}

struct CliRun {
    int exit = -1;
    QJsonObject json;
    QString err;
};

// The bytes of the trunk tensors in every shard but the first (what the trunk
// pass reads by range), from the shards' safetensors headers; with `headers`,
// the bytes of all the shards' headers (what the stubs are made of).
qint64 trunkBytesOutsideFirstShard(const QString &src, qint64 *headers = nullptr)
{
    qint64 n = 0;
    const QStringList shards = QDir(src).entryList({"*.safetensors"}, QDir::Files, QDir::Name);
    for (const QString &name : shards) {
        QFile f(src + "/" + name);
        if (!f.open(QIODevice::ReadOnly))
            return -1;
        quint64 length = 0;
        const QByteArray head = f.read(8);
        for (int i = 7; i >= 0; --i)
            length = (length << 8) | quint8(head[i]);
        if (headers)
            *headers += 8 + qint64(length);
        const QJsonObject header = QJsonDocument::fromJson(f.read(qint64(length))).object();
        if (name == shards.first())
            continue;
        for (auto it = header.begin(); it != header.end(); ++it) {
            if (it.key() == "__metadata__" || it.key().contains(".experts."))
                continue;
            const QJsonArray at = it.value().toObject()["data_offsets"].toArray();
            n += qint64(at[1].toDouble() - at[0].toDouble());
        }
    }
    return n;
}

QStringList shardFilesIn(const QString &dir)
{
    return QDir(dir).entryList({"*.safetensors", "*.safetensors.part"}, QDir::Files, QDir::Name);
}

} // namespace

class TestGetConvert : public QObject {
    Q_OBJECT

    QProcessEnvironment env(const MockHub &hub) const
    {
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        e.insert("HF_ENDPOINT", hub.url());
        e.remove("HF_TOKEN");
        return e;
    }

    // Runs the CLI to the end while this thread's event loop serves the mock.
    CliRun cli(const MockHub &hub, const QStringList &args) const
    {
        QProcess p;
        p.setProcessEnvironment(env(hub));
        p.start(QStringLiteral(SLUICE_CLI_PATH), args);
        QSignalSpy done(&p, &QProcess::finished);
        CliRun r;
        if (!done.wait(60000)) {
            p.kill();
            r.err = "hung";
            return r;
        }
        r.exit = p.exitCode();
        r.err = QString::fromUtf8(p.readAllStandardError());
        r.json = QJsonDocument::fromJson(p.readAllStandardOutput().trimmed().split('\n').last()).object();
        return r;
    }

    // The release in `src`, served by `hub`, and `sluice-cli convert` of it in `ref`.
    void prepare(const QString &arch, const QString &src, const QString &ref, MockHub &hub) const
    {
        const QString why = sluice::test::synthesize({"--release", "--by-layer", "--arch", arch, "--out", src});
        QVERIFY2(why.isEmpty(), qPrintable(why));
        QVERIFY(hub.start());
        hub.serveFolder(src);
        QProcess p;
        p.start(QStringLiteral(SLUICE_CLI_PATH), QStringList{"convert", src, ref} + kGetConvertSample);
        QVERIFY(p.waitForFinished(60000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
    }

    static uint64_t largestShard(const MockHub &hub)
    {
        uint64_t n = 0;
        for (auto it = hub.files.begin(); it != hub.files.end(); ++it)
            if (it.key().endsWith(".safetensors"))
                n = std::max(n, uint64_t(it.value().size()));
        return n;
    }

    // The staging the trunk step needs: the first shard (no experts) whole,
    // and the trunk tensors of the others.
    static uint64_t trunkStep(const MockHub &hub, const QString &src)
    {
        const qint64 ranges = trunkBytesOutsideFirstShard(src);
        const QString first = QDir(src).entryList({"*.safetensors"}, QDir::Files, QDir::Name).value(0);
        return ranges < 0 ? 0 : uint64_t(hub.files.value(first).size() + ranges);
    }

private Q_SLOTS:
    void sameContainerAsConvert_data()
    {
        QTest::addColumn<QString>("arch");
        QTest::newRow("Kimi K3") << "k3";
        QTest::newRow("Kimi-Linear") << "kimi-linear";
    }

    // Converted while downloading: the container equals `convert` of the
    // whole release file for file; the source bytes on disk peak at the trunk
    // step (the first shard, and the trunk tensors of the others by range;
    // later, one layer's shard and what is left of those ranges) and no shard
    // is left at the end; the mock sent the repository, the headers and the
    // ranges, nothing else.
    void sameContainerAsConvert()
    {
        QFETCH(QString, arch);
        QTemporaryDir tmp;
        const QString src = tmp.filePath("src"), ref = tmp.filePath("ref");
        MockHub hub;
        prepare(arch, src, ref, hub);
        const QString staging = tmp.filePath("staging"), out = tmp.filePath("out");
        const CliRun r =
            cli(hub, QStringList{"get", "org/model", "--to", staging, "--convert", out, "--json"} + kGetConvertSample);
        QVERIFY2(r.exit == 0, qPrintable(r.err));
        const QString differs = containerDifference(out, ref);
        QVERIFY2(differs.isEmpty(), qPrintable(differs));
        QVERIFY2(shardFilesIn(staging).isEmpty(), qPrintable(shardFilesIn(staging).join(',')));
        const uint64_t peak = uint64_t(r.json["peak_staging_bytes"].toDouble());
        const uint64_t headers = uint64_t(r.json["header_bytes"].toDouble());
        const uint64_t ranges = uint64_t(r.json["range_bytes"].toDouble());
        qInfo("%s: repository %llu bytes, largest shard %llu, peak staging %llu (trunk ranges %llu, headers %llu), "
              "%d converter runs",
              qPrintable(arch), qulonglong(hub.totalBytes()), qulonglong(largestShard(hub)), qulonglong(peak),
              qulonglong(ranges), qulonglong(headers), r.json["convert_runs"].toInt());
        QCOMPARE(ranges, uint64_t(trunkBytesOutsideFirstShard(src)));
        QCOMPARE(peak, trunkStep(hub, src));
        QCOMPARE(uint64_t(r.json["bytes_fetched"].toDouble()), hub.totalBytes());
        QCOMPARE(uint64_t(hub.bytesServed), hub.totalBytes() + headers + ranges);
        // Again: nothing to fetch, nothing to convert.
        const CliRun again =
            cli(hub, QStringList{"get", "org/model", "--to", staging, "--convert", out, "--json"} + kGetConvertSample);
        QVERIFY2(again.exit == 0, qPrintable(again.err));
        QVERIFY(again.json["already_converted"].toBool());
        QCOMPARE(again.json["bytes_fetched"].toDouble(), 0.0);
    }

    // A bound one byte below the trunk step is refused when that step comes,
    // naming it and the bound; a rerun with exactly that bound finishes. A
    // bound below one layer's shard is refused from the index before any
    // shard is fetched.
    void stagingBoundRefused()
    {
        QTemporaryDir tmp;
        const QString src = tmp.filePath("src"), ref = tmp.filePath("ref");
        MockHub hub;
        prepare("k3", src, ref, hub);
        const QString staging = tmp.filePath("staging"), out = tmp.filePath("out");
        const QString bound = QString::number(trunkStep(hub, src) - 1);
        const CliRun r = cli(hub, QStringList{"get", "org/model", "--to", staging, "--convert", out, "--max-staging",
                                              bound, "--json"} + kGetConvertSample);
        QCOMPARE(r.exit, 1);
        QVERIFY2(r.err.contains("more than the staging bound of " + bound + " bytes (--max-staging)") &&
                     r.err.contains("the trunk reads "),
                 qPrintable(r.err));
        QVERIFY(!QFile::exists(out + "/manifest.json"));
        const CliRun ok = cli(hub, QStringList{"get", "org/model", "--to", staging, "--convert", out, "--max-staging",
                                               QString::number(trunkStep(hub, src)), "--json"} + kGetConvertSample);
        QVERIFY2(ok.exit == 0, qPrintable(ok.err));
        QVERIFY(uint64_t(ok.json["peak_staging_bytes"].toDouble()) <= trunkStep(hub, src));
        const QString differs = containerDifference(out, ref);
        QVERIFY2(differs.isEmpty(), qPrintable(differs));
        // A bound below a layer's shard is refused from the index, before any shard is fetched.
        uint64_t layerShard = 0;
        for (auto it = hub.files.begin(); it != hub.files.end(); ++it)
            if (it.key().endsWith(".safetensors") && !it.key().startsWith("model-00001-"))
                layerShard = std::max(layerShard, uint64_t(it.value().size()));
        const QString fresh = tmp.filePath("staging2");
        const qint64 before = hub.bytesServed;
        const CliRun early = cli(hub, QStringList{"get", "org/model", "--to", fresh, "--convert", tmp.filePath("out2"),
                                                  "--max-staging", QString::number(layerShard - 1)} +
                                          kGetConvertSample);
        QCOMPARE(early.exit, 1);
        QVERIFY2(early.err.contains(QRegularExpression("layer \\d+ needs the shards model-000\\d\\d-of-00008"
                                                       "\\.safetensors: \\d+ bytes, more than the staging bound")) &&
                     early.err.contains("before any shard was fetched"),
                 qPrintable(early.err));
        QVERIFY(shardFilesIn(fresh).isEmpty());
        uint64_t small = 0;
        for (auto it = hub.files.begin(); it != hub.files.end(); ++it)
            small += it.key().endsWith(".safetensors") ? 0 : uint64_t(it.value().size());
        QCOMPARE(uint64_t(hub.bytesServed - before), small); // the small files only
        const CliRun usage = cli(hub, {"get", "org/model", "--to", staging, "--max-staging", "1MiB"});
        QCOMPARE(usage.exit, 2);
        QVERIFY2(usage.err.contains("needs --convert OUT"), qPrintable(usage.err));
    }

    // The trunk is converted from ranges before their shard can be checked;
    // a hub that sends other bytes in a range than in the whole shard is
    // caught when the shard arrives, naming it, and nothing is committed.
    void rangeCheckedAgainstItsShard()
    {
        QTemporaryDir tmp;
        const QString src = tmp.filePath("src"), ref = tmp.filePath("ref");
        MockHub hub;
        prepare("k3", src, ref, hub);
        // Its header length, its header, then its first trunk range: corrupted.
        const QString shard = "model-00002-of-00008.safetensors";
        hub.faults[shard] = {Fault::None, Fault::None, Fault::Corrupt};
        const CliRun r = cli(hub, QStringList{"get", "org/model", "--to", tmp.filePath("staging"), "--convert",
                                              tmp.filePath("out")} + kGetConvertSample);
        QCOMPARE(r.exit, 1);
        QVERIFY2(r.err.contains(shard + ": the bytes the trunk was converted from") &&
                     r.err.contains("differ from the verified shard"),
                 qPrintable(r.err));
        QVERIFY(hub.faults[shard].isEmpty());
        QVERIFY(!QFile::exists(tmp.filePath("out/manifest.json")));
    }

    // SIGKILLed at three points (when the mock has sent k/4 of what an
    // uninterrupted run is sent, k = 1..3, watched by polling its counter
    // while this thread serves it;
    // the mock trickles so a run can be caught anywhere), then run to the end:
    // the container equals `convert` of the whole release, no shard is left,
    // and all runs together were sent at most 1.1 x what an uninterrupted run
    // is sent (the repository, the headers and the trunk ranges).
    void killNineThenFinish_data()
    {
        QTest::addColumn<bool>("midRangeFills");
        QTest::newRow("at quarters of the bytes") << false;
        QTest::newRow("at quarters of the trunk ranges fetched ahead") << true;
    }

    void killNineThenFinish()
    {
        QFETCH(bool, midRangeFills);
        QTemporaryDir tmp;
        const QString src = tmp.filePath("src"), ref = tmp.filePath("ref");
        MockHub hub;
        prepare("k3", src, ref, hub);
        const QString staging = tmp.filePath("staging"), out = tmp.filePath("out");
        const QStringList args =
            QStringList{"get", "org/model", "--to", staging, "--convert", out, "--json"} + kGetConvertSample;
        // What an uninterrupted run is sent (sameContainerAsConvert checks it).
        qint64 headers = 0;
        const qint64 ranges = trunkBytesOutsideFirstShard(src, &headers);
        const qint64 total = qint64(hub.totalBytes()) + ranges + headers;
        hub.trickleBytes = 8192;
        hub.trickleMs = 2;
        for (int k = 1; k <= 3; ++k) {
            const qint64 point = (midRangeFills ? ranges : total) * k / 4;
            const qint64 &counter = midRangeFills ? hub.rangeBytesServed : hub.bytesServed;
            QProcess p;
            p.setProcessEnvironment(env(hub));
            p.start(QStringLiteral(SLUICE_CLI_PATH), args);
            QVERIFY(p.waitForStarted());
            QVERIFY2(QTest::qWaitFor([&] { return counter >= point || p.state() == QProcess::NotRunning; }, 30000),
                     qPrintable(QString("kill %1: %2 of %3 bytes sent").arg(k).arg(counter).arg(point)));
            QVERIFY2(p.state() == QProcess::Running, qPrintable(QString("run %1 ended before its kill point").arg(k)));
            p.kill(); // SIGKILL
            QVERIFY(p.waitForFinished(5000));
            QVERIFY(!QFile::exists(out + "/manifest.json"));
        }
        hub.trickleBytes = 0;
        const CliRun r = cli(hub, args);
        QVERIFY2(r.exit == 0, qPrintable(r.err));
        const QString differs = containerDifference(out, ref);
        QVERIFY2(differs.isEmpty(), qPrintable(differs));
        QVERIFY2(shardFilesIn(staging).isEmpty(), qPrintable(shardFilesIn(staging).join(',')));
        qInfo("uninterrupted run sent %lld bytes, 4 runs %lld (%.3f x)", total, hub.bytesServed,
              double(hub.bytesServed) / double(total));
        QVERIFY2(hub.bytesServed * 10 <= total * 11,
                 qPrintable(QString("%1 bytes sent for %2").arg(hub.bytesServed).arg(total)));
        // A run killed mid-fill resumes the fill (its .trunk.part record) instead of starting it over.
        qInfo("trunk ranges: %lld bytes, 4 runs were sent %lld", ranges, hub.rangeBytesServed);
        QVERIFY2(hub.rangeBytesServed * 10 <= ranges * 11,
                 qPrintable(QString("%1 range bytes sent for %2").arg(hub.rangeBytesServed).arg(ranges)));
    }
};

SLUICE_TEST_GUILESS_MAIN(TestGetConvert)
#include "tst_getconvert.moc"
