// Release experts streamed from the shards (issue 11): the placement of every
// expert's tensors in a slot (coalesced, 4 KiB aligned), the extent reader and
// the expert cache reading through it. The bytes that land in the slot must be
// exactly the tensors the safetensors reader returns, whatever the cache size.
#include "support/testregistry.h"
#include "format/release.h"
#include "format/releaseexperts.h"
#include "format/synth.h"
#include "stream/expertcache.h"
#include "stream/extentreader.h"
#include "stream/memoryledger.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cstring>

using namespace sluice;

class TestReleaseRead : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<ReleaseCheckpoint> m_release;

    std::unique_ptr<ExtentReader> reader(const ReleaseCheckpoint &r)
    {
        std::vector<std::string> paths;
        for (const SafetensorsShard &s : r.safetensors().shards())
            paths.push_back(s.path);
        auto reader = ExtentReader::open(paths);
        if (!reader)
            qFatal("%s", reader.status().message().c_str());
        return std::move(*reader);
    }

    // Each tensor of (layer, expert) as the safetensors reader returns it vs the slot.
    bool slotHoldsTensors(const ReleaseCheckpoint &r, int layer, int expert, const uint8_t *slot)
    {
        const ExpertPlacement p = placeExpert(r, layer, expert);
        const ReleaseExpertTensors &x = r.expert(layer, expert);
        for (int k = 0; k < 3; ++k) {
            for (int s = 0; s < 2; ++s) {
                const SafetensorsTensor *t = s ? x.scale[k] : x.weight[k];
                if (!t)
                    continue;
                std::vector<uint8_t> bytes;
                if (!r.safetensors().readBytes(*t, bytes).isOk())
                    return false;
                if (std::memcmp(slot + p.tensorOffset[2 * k + s], bytes.data(), bytes.size()) != 0)
                    return false;
            }
        }
        return true;
    }

private Q_SLOTS:
    void initTestCase()
    {
        SynthOptions o;
        o.arch = Architecture::KimiK3;
        QVERIFY(writeSyntheticRelease(m_dir.path().toStdString(), o).isOk());
        auto r = ReleaseCheckpoint::open(m_dir.path().toStdString());
        QVERIFY2(r.isOk(), r.status().message().c_str());
        m_release = std::move(*r);
    }

    void placement()
    {
        const ReleaseCheckpoint &r = *m_release;
        const ModelConfig &c = r.config();
        const uint64_t slot = releaseSlotBytes(r);
        QCOMPARE(slot % 4096, uint64_t(0));
        for (int layer = c.firstKDense; layer < c.nLayers; ++layer) {
            for (int e = 0; e < c.nExperts; ++e) {
                const ExpertPlacement p = placeExpert(r, layer, e);
                QCOMPARE(p.payloadBytes, r.expertBytes());
                QVERIFY(p.slotBytes <= slot);
                // Expert 1 is split across two shards by the writer; the others are contiguous.
                QCOMPARE(p.extentCount, e == 1 ? 2 : 1);
                for (int i = 0; i < p.extentCount; ++i) {
                    QCOMPARE(p.extents[i].fileOffset % 4096, uint64_t(0));
                    QCOMPARE(p.extents[i].bytes % 4096, uint64_t(0));
                    QCOMPARE(p.extents[i].slotOffset % 4096, uint64_t(0));
                }
                // A contiguous expert costs at most one page beyond its payload.
                if (p.extentCount == 1)
                    QVERIFY(p.slotBytes <= (p.payloadBytes + 4095) / 4096 * 4096 + 4096);
            }
        }
    }

    void extentReader()
    {
        const ReleaseCheckpoint &r = *m_release;
        auto rd = reader(r);
        const uint64_t slotBytes = releaseSlotBytes(r);
        MemoryLedger ledger(1ull << 30);
        auto slot = ledger.allocate("slot", slotBytes);
        QVERIFY(slot.isOk());
        const ModelConfig &c = r.config();
        for (int layer = c.firstKDense; layer < c.nLayers; ++layer) {
            for (int e = 0; e < c.nExperts; ++e) {
                const ExpertPlacement p = placeExpert(r, layer, e);
                std::vector<FileExtent> ex;
                for (int i = 0; i < p.extentCount; ++i)
                    ex.push_back({p.extents[i].shard, p.extents[i].fileOffset, p.extents[i].bytes, p.extents[i].slotOffset});
                std::memset(slot->data(), 0xA5, slotBytes);
                auto n = rd->read(ex, slot->data(), slotBytes);
                QVERIFY2(n.isOk(), n.status().message().c_str());
                QVERIFY(*n >= p.payloadBytes);
                QVERIFY2(slotHoldsTensors(r, layer, e, slot->data()),
                         qPrintable(QString("layer %1 expert %2").arg(layer).arg(e)));
            }
        }
    }

    void throughCache_data()
    {
        QTest::addColumn<int>("nSlots");
        QTest::addColumn<bool>("cacheEnabled");
        QTest::newRow("minimum") << 8 << true;
        QTest::newRow("all resident") << 64 << true;
        QTest::newRow("no cache") << 8 << false;
    }
    void throughCache()
    {
        QFETCH(int, nSlots);
        QFETCH(bool, cacheEnabled);
        const ReleaseCheckpoint &r = *m_release;
        const ModelConfig &c = r.config();
        auto rd = reader(r);
        const ExtentReader *rdp = rd.get();
        const ReleaseCheckpoint *rp = &r;
        ExpertCacheOptions o;
        o.firstLayer = c.firstKDense;
        o.expertsPerLayer = c.nExperts;
        o.recordBytes = releaseSlotBytes(r);
        o.slotCount = nSlots;
        o.topK = c.topK;
        o.cacheEnabled = cacheEnabled;
        o.reader = [rdp, rp](int layer, int expert, uint8_t *slot, size_t bytes) -> Expected<uint64_t> {
            const ExpertPlacement p = placeExpert(*rp, layer, expert);
            FileExtent ex[6];
            for (int i = 0; i < p.extentCount; ++i)
                ex[i] = {p.extents[i].shard, p.extents[i].fileOffset, p.extents[i].bytes, p.extents[i].slotOffset};
            return rdp->read(std::span<const FileExtent>(ex, size_t(p.extentCount)), slot, bytes);
        };
        MemoryLedger ledger(1ull << 30);
        std::vector<std::shared_ptr<DirectFile>> markers(size_t(c.moeLayerCount()));
        auto cache = ExpertCache::open(markers, o, ledger);
        QVERIFY2(cache.isOk(), cache.status().message().c_str());
        for (int round = 0; round < 2; ++round) {
            for (int layer = c.firstKDense; layer < c.nLayers; ++layer) {
                const int ids[4] = {1, 5, 2, 14};
                (*cache)->prefetch(layer, ids, false);
                for (int e : ids) {
                    auto h = (*cache)->acquire(layer, e);
                    QVERIFY2(h.isOk(), h.status().message().c_str());
                    QVERIFY(slotHoldsTensors(r, layer, e, h->data()));
                }
            }
        }
        QVERIFY(!(*cache)->acquire(0, 0).isOk()); // the dense layer has no experts
    }

    void truncatedShard()
    {
        QTemporaryDir tmp;
        SynthOptions o;
        QVERIFY(writeSyntheticRelease(tmp.path().toStdString(), o).isOk());
        auto r = ReleaseCheckpoint::open(tmp.path().toStdString());
        QVERIFY(r.isOk());
        auto rd = reader(**r);
        // The shard shrinks after open: the read must fail, naming the file.
        const std::string victim = (*r)->safetensors().shards()[0].path;
        QVERIFY(QFile::resize(QString::fromStdString(victim), 4096));
        const ModelConfig &c = (*r)->config();
        bool failed = false;
        MemoryLedger ledger(1ull << 30);
        auto slot = ledger.allocate("slot", releaseSlotBytes(**r));
        for (int e = 0; e < c.nExperts && !failed; ++e) {
            const ExpertPlacement p = placeExpert(**r, c.firstKDense, e);
            if (p.extents[0].shard != 0)
                continue;
            const FileExtent ex{0, p.extents[0].fileOffset, p.extents[0].bytes, 0};
            auto n = rd->read(std::span<const FileExtent>(&ex, 1), slot->data(), slot->size());
            QVERIFY(!n.isOk());
            QVERIFY2(QString::fromStdString(n.status().message()).contains("model-00001-of-00003.safetensors"),
                     n.status().message().c_str());
            failed = true;
        }
        QVERIFY(failed);
    }
};

SLUICE_TEST_GUILESS_MAIN(TestReleaseRead)
#include "tst_releaseread.moc"
