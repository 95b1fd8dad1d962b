// The release trunk quantised once into a trunk cache (issue 11): spec 4.3
// formats, the same bytes as quantising the bf16 values directly, resumable
// after a cancel with bit-identical output, refused when stale or truncated.
#include "support/testregistry.h"
#include "format/release.h"
#include "format/synth.h"
#include "format/trunkcache.h"
#include "format/trunkquant.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sys/time.h>

using namespace sluice;

namespace {

TrunkCacheOptions tinyOptions()
{
    TrunkCacheOptions o;
    o.minQuantElements = 4096; // tiny models: quantise what a real trunk would
    return o;
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    f.open(QIODevice::ReadOnly);
    return f.readAll();
}

} // namespace

class TestTrunkCache : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<ReleaseCheckpoint> m_release;

private Q_SLOTS:
    void initTestCase()
    {
        SynthOptions o;
        o.withVision = true;
        QVERIFY(writeSyntheticRelease(m_dir.path().toStdString(), o).isOk());
        auto r = ReleaseCheckpoint::open(m_dir.path().toStdString());
        QVERIFY2(r.isOk(), r.status().message().c_str());
        m_release = std::move(*r);
    }

    void buildAndCheck()
    {
        QTemporaryDir out;
        const std::string path = out.path().toStdString() + "/trunk.cache";
        const TrunkCacheOptions o = tinyOptions();
        QVERIFY(!openTrunkCache(path, *m_release, o).isOk());
        auto cache = buildTrunkCache(path, *m_release, o);
        QVERIFY2(cache.isOk(), cache.status().message().c_str());
        QCOMPARE(cache->bytes, trunkCacheBytes(*m_release, o));
        QVERIFY(!QFile::exists(out.path() + "/trunk.cache.partial"));
        const QByteArray data = readAll(QString::fromStdString(path));
        QCOMPARE(uint64_t(data.size()), cache->bytes);
        int q4 = 0, q8 = 0, f32 = 0;
        for (const TensorInfo &t : cache->tensors) {
            if (t.name.find("embed_tokens") != std::string::npos || t.name.find("lm_head") != std::string::npos ||
                t.name.rfind("vision_tower.", 0) == 0)
                QVERIFY2(t.fmt == TensorFormat::Q8G || t.fmt == TensorFormat::F32, t.name.c_str());
            q4 += t.fmt == TensorFormat::Q4G;
            q8 += t.fmt == TensorFormat::Q8G;
            f32 += t.fmt == TensorFormat::F32;
            // Bytes = the reference quantiser on the release's bf16 values.
            auto values = m_release->readTrunkFloat(t);
            QVERIFY(values.isOk());
            std::vector<uint8_t> row(t.rowBytes());
            std::vector<uint16_t> scales(t.isGrouped() ? t.groups() : 0);
            for (uint64_t r = 0; r < t.rows; r += std::max<uint64_t>(1, t.rows / 7)) {
                quantizeTrunkRow(t.fmt, false, values->data() + r * t.cols, t.cols, row.data(),
                                 t.isGrouped() ? scales.data() : nullptr);
                QVERIFY2(std::memcmp(data.constData() + t.offset + r * t.rowBytes(), row.data(), row.size()) == 0,
                         t.name.c_str());
                if (t.isGrouped())
                    QVERIFY(std::memcmp(data.constData() + t.scaleOffset + r * t.groups() * 2, scales.data(),
                                        scales.size() * 2) == 0);
            }
        }
        QVERIFY(q4 > 0 && q8 > 0 && f32 > 0);
        // A second open reuses it.
        auto again = buildTrunkCache(path, *m_release, o);
        QVERIFY(again.isOk());
        QVERIFY(!again->resumed);
        QCOMPARE(readAll(QString::fromStdString(path)), data);
    }

    // trunkBits 16: every tensor exactly as the shards store it (bf16 / f32),
    // the cache Model::open uses against the float64 reference.
    void asStored()
    {
        QTemporaryDir out;
        const std::string path = out.path().toStdString() + "/trunk.cache";
        TrunkCacheOptions o = tinyOptions();
        o.trunkBits = 16;
        auto cache = buildTrunkCache(path, *m_release, o);
        QVERIFY2(cache.isOk(), cache.status().message().c_str());
        QCOMPARE(cache->bytes, trunkCacheBytes(*m_release, o));
        QVERIFY(cache->fingerprint != releaseFingerprint(*m_release, tinyOptions()));
        const QByteArray data = readAll(QString::fromStdString(path));
        QCOMPARE(cache->tensors.size(), m_release->trunkTensors().size());
        int bf16 = 0;
        for (size_t i = 0; i < cache->tensors.size(); ++i) {
            const TensorInfo &t = cache->tensors[i];
            const TensorInfo &src = m_release->trunkTensors()[i];
            QCOMPARE(int(t.fmt), int(src.fmt));
            QCOMPARE(t.isBf16, src.isBf16);
            bf16 += t.isBf16;
            std::vector<uint8_t> stored;
            QVERIFY(m_release->safetensors().readBytes(m_release->trunkSource(i), stored).isOk());
            QCOMPARE(uint64_t(stored.size()), t.bytes);
            QVERIFY2(std::memcmp(data.constData() + t.offset, stored.data(), stored.size()) == 0, t.name.c_str());
        }
        QVERIFY(bf16 > 0);
        auto again = openTrunkCache(path, *m_release, o);
        QVERIFY2(again.isOk(), again.status().message().c_str());
    }

    void cancelAndResume()
    {
        QTemporaryDir a, b;
        const TrunkCacheOptions plain = tinyOptions();
        const std::string fresh = a.path().toStdString() + "/t";
        QVERIFY(buildTrunkCache(fresh, *m_release, plain).isOk());
        TrunkCacheOptions o = tinyOptions();
        int calls = 0;
        bool fractionsInRange = true;
        o.progress = [&](double fraction, const std::string &) -> bool {
            fractionsInRange = fractionsInRange && fraction > 0 && fraction <= 1.0;
            return ++calls < 20;
        };
        const std::string path = b.path().toStdString() + "/t";
        auto cancelled = buildTrunkCache(path, *m_release, o);
        QVERIFY(!cancelled.isOk());
        QCOMPARE(cancelled.status().code(), ErrorCode::Cancelled);
        QVERIFY(!openTrunkCache(path, *m_release, plain).isOk()); // not committed
        calls = -100000;
        auto resumed = buildTrunkCache(path, *m_release, o);
        QVERIFY2(resumed.isOk(), resumed.status().message().c_str());
        QVERIFY(resumed->resumed);
        QVERIFY(fractionsInRange);
        QCOMPARE(readAll(QString::fromStdString(path)), readAll(QString::fromStdString(fresh)));
        QCOMPARE(readAll(QString::fromStdString(path + ".json")), readAll(QString::fromStdString(fresh + ".json")));
    }

    void staleAndDamaged()
    {
        QTemporaryDir out;
        const std::string path = out.path().toStdString() + "/t";
        const TrunkCacheOptions o = tinyOptions();
        QVERIFY(buildTrunkCache(path, *m_release, o).isOk());
        // Other options: another fingerprint.
        TrunkCacheOptions eight = o;
        eight.trunkBits = 8;
        auto stale = openTrunkCache(path, *m_release, eight);
        QVERIFY(!stale.isOk());
        QVERIFY(QString::fromStdString(stale.status().message()).contains("stale"));
        // Truncated data.
        QVERIFY(QFile::resize(QString::fromStdString(path), 1000));
        auto cut = openTrunkCache(path, *m_release, o);
        QVERIFY(!cut.isOk());
        QVERIFY2(QString::fromStdString(cut.status().message()).contains("truncated"), cut.status().message().c_str());
        // A rebuild repairs it.
        QVERIFY(buildTrunkCache(path, *m_release, o).isOk());
        QVERIFY(openTrunkCache(path, *m_release, o).isOk());
    }
};

SLUICE_TEST_GUILESS_MAIN(TestTrunkCache)
#include "tst_trunkcache.moc"
