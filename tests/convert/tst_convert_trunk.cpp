// The converter's trunk pass in bands of rows (convert/trunkpass.h): any band
// size and checkpoint interval give the same trunk.bin bytes (the default's
// bytes are pinned to the pre-banding converter by tst_convert_oracle's
// container hash); on a release whose embedding is far larger than the band,
// the process's peak memory stays within the stated bound; stopped through
// the callback or SIGKILLed during the trunk pass, a rerun continues from the
// last checkpoint (the checkpoint only moves forward) and the container is
// byte-identical to an uninterrupted run.
#include "support/testregistry.h"
#include "testmetatypes.h"
#include "testfiles.h"
#include "convert/converter.h"
#include "convert/trunkpass.h"
#include "format/release.h"
#include "format/safetensors.h"
#include "format/safetensorswriter.h"
#include "format/synth.h"
#include "format/releasetestutil.h"
#include "util/half.h"

#include "converttestutil.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <cstring>
#include <malloc.h>
#include <utility>

using namespace sluice;
using namespace sluice::test;

namespace {

constexpr int64_t kWideVocab = 65536; // 65536 x 256 f32 = 64 MiB per vocabulary matrix

std::string writeSynthRelease(const QString &dir, Architecture arch, bool vision)
{
    SynthOptions s;
    s.arch = arch;
    s.seed = 1;
    s.withVision = vision;
    s.tokenizerModel = "dG9rZW4= 0\n";
    const std::string path = (dir + "/rel").toStdString();
    const Status st = writeSyntheticRelease(path, s);
    if (!st.isOk())
        qFatal("synth release: %s", st.message().c_str());
    return path;
}

// The tiny K3 release with its vocabulary widened to kWideVocab rows: the
// embedding and lm_head (bf16 on disk, 32 MiB each) become the largest trunk
// tensors by far, as embed_tokens is on the real model.
std::string writeWideRelease(const QString &dir)
{
    const std::string path = writeRelease(dir, Architecture::KimiK3);
    const QString qpath = QString::fromStdString(path);
    QFile f(qpath + "/config.json");
    if (!f.open(QIODevice::ReadOnly))
        qFatal("config.json");
    QJsonObject root = QJsonDocument::fromJson(f.readAll()).object();
    f.close();
    QJsonObject text = root["text_config"].toObject();
    text["vocab_size"] = qint64(kWideVocab);
    root["text_config"] = text;
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        qFatal("config.json");
    f.write(QJsonDocument(root).toJson());
    f.close();
    for (const char *name : {"language_model.model.embed_tokens.weight", "language_model.lm_head.weight"}) {
        rewriteTensor(qpath, name, [](SafetensorsWriteTensor &w) {
            const size_t cols = size_t(w.shape.back()), oldBytes = w.data.size();
            w.shape[0] = kWideVocab;
            w.data.resize(size_t(kWideVocab) * cols * 2);
            uint32_t x = 0x9e3779b9u;
            for (size_t i = oldBytes; i < w.data.size(); i += 2) { // new rows: small deterministic values
                x ^= x << 13, x ^= x >> 17, x ^= x << 5;
                const float v = (float(x % 2001) - 1000.0f) * 2e-5f;
                uint32_t bits;
                std::memcpy(&bits, &v, 4);
                w.data[i] = uint8_t(bits >> 16);
                w.data[i + 1] = uint8_t(bits >> 24);
            }
            return true;
        });
    }
    return path;
}

// The trunk checkpoint's (tensor, row), or (-1, -1) when there is none.
std::pair<long long, long long> trunkCheckpoint(const std::string &out)
{
    QFile f(QString::fromStdString(convert::workDirectory(out) + "/trunk.progress"));
    if (!f.open(QIODevice::ReadOnly))
        return {-1, -1};
    const QList<QByteArray> parts = f.readAll().simplified().split(' ');
    if (parts.size() != 5)
        return {-2, -2};
    return {parts[3].toLongLong(), parts[4].toLongLong()};
}

} // namespace


class TestConvertTrunk : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void bandsGiveSameBytes_data();
    void bandsGiveSameBytes();
    void peakMemoryWideEmbedding();
    void resumesAfterStop();
    void resumesAfterSigkill();
};

void TestConvertTrunk::bandsGiveSameBytes_data()
{
    QTest::addColumn<Architecture>("arch");
    QTest::addColumn<bool>("vision");
    QTest::addColumn<int>("bits");
    QTest::newRow("k3-q4") << Architecture::KimiK3 << false << 4;
    QTest::newRow("k3-vision-q8") << Architecture::KimiK3 << true << 8;
    QTest::newRow("kl-q3") << Architecture::KimiLinear << false << 3;
}

void TestConvertTrunk::bandsGiveSameBytes()
{
    QFETCH(Architecture, arch);
    QFETCH(bool, vision);
    QFETCH(int, bits);
    QTemporaryDir tmp;
    const std::string src = writeSynthRelease(tmp.path(), arch, vision);
    auto rel = ReleaseCheckpoint::open(src);
    QVERIFY2(rel.isOk(), rel.isOk() ? "" : rel.status().message().c_str());
    convert::ConvertOptions o = testOptions();
    o.trunkBits = bits;
    const std::vector<TensorInfo> plan = convert::planTrunk(**rel, o);
    QVERIFY(!plan.empty());
    int n = 0;
    auto write = [&](uint64_t band, uint64_t checkpoint) {
        const QString base = tmp.path() + "/t" + QString::number(n++);
        const convert::TrunkPassFiles files{(base + ".tmp").toStdString(), (base + ".progress").toStdString(),
                                            (base + ".bin").toStdString()};
        auto r = convert::writeTrunk(**rel, plan, files, {band, checkpoint}, {});
        if (!r.isOk())
            qWarning("%s", r.status().message().c_str());
        if (QFile::exists(base + ".progress") || QFile::exists(base + ".tmp"))
            return QByteArray("working files left behind");
        return sluice::test::readFile(base + ".bin");
    };
    const QByteArray whole = write(uint64_t(1) << 40, uint64_t(1) << 40);
    QCOMPARE(uint64_t(whole.size()), convert::trunkFileBytes(plan));

    // 1 KiB: every band is one row of the vocabulary matrices.
    bool oneRow = false;
    for (size_t i = 0; i < plan.size(); ++i) {
        if (plan[i].name.find("embed_tokens") != std::string::npos) {
            QCOMPARE(convert::trunkBandRows(plan[i], (*rel)->trunkSource(i), 1024), uint64_t(1));
            oneRow = true;
        }
    }
    QVERIFY(oneRow);
    // Bands shrink the pass's working set: the whole-tensor figure is larger.
    const uint64_t small = convert::trunkPeakBytes(**rel, plan, 65536);
    QVERIFY2(small <= 65536, qPrintable(QString::number(small)));
    QVERIFY(convert::trunkPeakBytes(**rel, plan, uint64_t(1) << 40) > 4 * small);

    // (each checkpoint is two fsyncs: a few dozen per pass keep this quick)
    for (auto [band, checkpoint] : {std::pair<uint64_t, uint64_t>{1024, uint64_t(1) << 40},
                                    {1024, 4u << 20}, {65536, 2u << 20}, {1 << 20, 1 << 20}, {100000, 3u << 20}}) {
        const QByteArray b = write(band, checkpoint);
        QVERIFY2(b == whole, qPrintable(QString("band %1, checkpoint %2: %3 bytes differ from the whole-tensor pass")
                                            .arg(band)
                                            .arg(checkpoint)
                                            .arg(b.size())));
    }
}

void TestConvertTrunk::peakMemoryWideEmbedding()
{
    if (SLUICE_TEST_SANITIZED)
        QSKIP("a sanitizer's allocator inflates VmHWM; the main suite checks this memory bound");
    QTemporaryDir tmp;
    const std::string src = writeWideRelease(tmp.path());
    QVERIFY(!QTest::currentTestFailed());
    const std::string out = (tmp.path() + "/out").toStdString();
    convert::ConvertOptions o = testOptions(2);
    o.trunkBandBytes = 8u << 20;
    uint64_t bound = 0, largestF32 = 0;
    {
        auto rel = ReleaseCheckpoint::open(src);
        QVERIFY2(rel.isOk(), rel.isOk() ? "" : rel.status().message().c_str());
        bound = convert::peakWorkingSetBytes(**rel, o);
        for (const TensorInfo &t : (*rel)->trunkTensors())
            largestF32 = std::max<uint64_t>(largestF32, t.elements() * 4);
    }
    QCOMPARE(largestF32, uint64_t(kWideVocab) * 256 * 4);
    QVERIFY2(bound <= o.trunkBandBytes, qPrintable(QString::number(bound)));
    const ChildPeak c = convertInChildFromLowWater(src, out, o);
    QVERIFY(c.answered);
    QVERIFY(c.converted);
    QCOMPARE(c.statedBound, bound); // the result states the same bound as the planner
    QVERIFY(c.peak > 0);
    const uint64_t growth = c.growth();
    // Thread stacks, malloc arenas, Qt JSON, the safetensors index: none
    // scales with the tensors. The slack plus the bound stays well below one
    // vocabulary matrix as f32, so holding a whole one would fail.
    const uint64_t slack = 16ull << 20;
    QVERIFY(bound + slack < largestF32 / 2);
    qInfo("largest trunk tensor %.0f MiB as f32; peak growth %.2f MiB, stated bound %.2f MiB + %.0f MiB slack",
          double(largestF32) / 1048576.0, double(growth) / 1048576.0, double(bound) / 1048576.0,
          double(slack) / 1048576.0);
    QVERIFY2(growth <= bound + slack, qPrintable(QString("growth %1 > bound %2 + slack").arg(growth).arg(bound)));
}

void TestConvertTrunk::resumesAfterStop()
{
    QTemporaryDir tmp;
    const std::string src = writeRelease(tmp.path(), Architecture::KimiK3);
    const std::string ref = (tmp.path() + "/ref").toStdString(), out = (tmp.path() + "/out").toStdString();
    QVERIFY(convert::convertRelease(src, ref, testOptions()).isOk());
    convert::ConvertOptions o = testOptions();
    o.trunkBandBytes = 256u << 10;
    o.trunkCheckpointBytes = 1u << 20;
    std::pair<long long, long long> last{-1, -1};
    int stops = 0;
    for (int run = 0; run < 100; ++run) {
        int calls = 0;
        uint64_t resumedSeen = 0;
        o.progress = [&](const convert::ConvertProgress &p) {
            if (p.phase != "trunk")
                return true;
            resumedSeen = p.trunkBytesResumed;
            return ++calls < 40;
        };
        auto r = convert::convertRelease(src, out, o);
        if (r.isOk()) {
            QVERIFY2(r->trunkBytesResumed > 0, "the last run restarted the trunk pass");
            QCOMPARE(r->trunkBytesResumed, resumedSeen);
            break;
        }
        QCOMPARE(r.status().code(), ErrorCode::Cancelled);
        const auto at = trunkCheckpoint(out);
        QVERIFY2(at > last, qPrintable(QString("checkpoint (%1, %2) after (%3, %4)")
                                           .arg(at.first).arg(at.second).arg(last.first).arg(last.second)));
        QVERIFY(run == 0 || resumedSeen > 0);
        last = at;
        ++stops;
    }
    QVERIFY2(stops >= 3, qPrintable(QString::number(stops)));
    QVERIFY(!QFile::exists(QString::fromStdString(convert::workDirectory(out) + "/trunk.progress")));
    const auto a = snapshot(QString::fromStdString(ref)), b = snapshot(QString::fromStdString(out));
    QVERIFY2(diff(a, b).isEmpty(), qPrintable(diff(a, b)));
}

void TestConvertTrunk::resumesAfterSigkill()
{
    QTemporaryDir tmp;
    const std::string src = writeWideRelease(tmp.path());
    QVERIFY(!QTest::currentTestFailed());
    const std::string ref = (tmp.path() + "/ref").toStdString(), out = (tmp.path() + "/out").toStdString();
    // The reference with whole-tensor bands and no checkpoints in the way.
    convert::ConvertOptions refOptions = testOptions(2);
    refOptions.trunkBandBytes = uint64_t(1) << 40;
    refOptions.trunkCheckpointBytes = uint64_t(1) << 40;
    const auto t0 = std::chrono::steady_clock::now();
    QVERIFY(convertInChild(src, ref, -1, refOptions));
    const int fullMs = int(std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count());

    convert::ConvertOptions o = testOptions(2);
    o.trunkBandBytes = 1u << 20;
    o.trunkCheckpointBytes = 2u << 20;
    // Self-inflicted SIGKILL at the 25th band of each run: were a run to
    // restart the pass, the checkpoint would land at the same place each time.
    std::pair<long long, long long> last{-1, -1};
    int trunkCalls = 0;
    convert::ConvertOptions killer = o;
    killer.progress = [&trunkCalls](const convert::ConvertProgress &p) {
        if (p.phase == "trunk" && ++trunkCalls == 25)
            ::raise(SIGKILL);
        return true;
    };
    for (int i = 0; i < 4; ++i) {
        QVERIFY(!convertInChild(src, out, -1, killer));
        const auto at = trunkCheckpoint(out);
        QVERIFY2(at.first >= 0 && at > last, qPrintable(QString("kill %1: checkpoint (%2, %3) after (%4, %5)")
                                                            .arg(i).arg(at.first).arg(at.second)
                                                            .arg(last.first).arg(last.second)));
        last = at;
    }
    // Then kills at random moments (mid-write, mid-checkpoint, after the trunk).
    QRandomGenerator rng(7);
    int killed = 0, advanced = 0;
    for (int i = 0; i < 4; ++i) {
        // (a run spends its first ~tenth opening and checking the release)
        if (!convertInChild(src, out, fullMs / 8 + int(rng.bounded(std::max(20, fullMs / 4))), o))
            ++killed;
        const auto at = trunkCheckpoint(out);
        advanced += at > last ? 1 : 0;
        QVERIFY2(at >= last || (at.first == -1 && QFile::exists(QString::fromStdString(out + "/trunk.bin"))),
                 qPrintable(QString("checkpoint went back to (%1, %2)").arg(at.first).arg(at.second)));
        if (at.first >= 0)
            last = at;
    }
    qInfo("full run %d ms; 4 kills at the 25th band, %d of 4 timed kills before the end (%d moved the checkpoint "
          "on); last checkpoint (%lld, %lld)",
          fullMs, killed, advanced, last.first, last.second);
    auto r = convert::convertRelease(src, out, o);
    QVERIFY2(r.isOk(), r.isOk() ? "" : r.status().message().c_str());
    // Resumed from a checkpoint, or the trunk (or everything) was finished by a child.
    QVERIFY(r->alreadyComplete || r->trunkReused || r->trunkBytesResumed > 0);
    const auto a = snapshot(QString::fromStdString(ref)), b = snapshot(QString::fromStdString(out));
    QVERIFY2(diff(a, b).isEmpty(), qPrintable(diff(a, b)));
}

SLUICE_TEST_GUILESS_MAIN(TestConvertTrunk)
#include "tst_convert_trunk.moc"
