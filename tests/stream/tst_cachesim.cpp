// The eviction-policy replay: hand-worked traces with known hit counts, the
// invariants on the real routing traces (Belady bounds every policy, hit rates
// grow with the cache, the shipped policy is the best practical one on both
// traces), and the trace reader's refusal of malformed input.
#include "support/testregistry.h"
#include "stream/cachesim.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace sluice;

namespace {

// One MoE layer, top-1: the expert sequence is the access sequence.
RoutingTrace sequenceTrace(const std::vector<int> &experts)
{
    RoutingTrace t;
    t.moeLayers = 1;
    t.topK = 1;
    for (int e : experts) {
        t.tokens.push_back({{e}});
        t.expertCount = std::max(t.expertCount, e + 1);
    }
    return t;
}

QString tracePath(const char *name) { return QStringLiteral(SLUICE_SHARED_DIR "/data/traces/") + name; }

} // namespace

class TestCacheSim : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // Worked by hand. Sequence 0 1 2 0 1 3 0 1 2 3 with 2 slots:
    //  LRU: every access misses except none -> 0 hits (cyclic over 3 > 2 slots, then 3 breaks reuse).
    //  Belady: 0m 1m 2m(evict 1? next uses: 0@4, 1@5 -> evict 1) 0h 1m(evict 2: next 2@9 vs 0@7 -> evict 2)
    //          3m(evict 1: 0@7, 1@8 -> evict 1) 0h 1m(evict 0: 3@10 vs 0 never -> evict 0) 2m 3h
    //          -> hits at positions 4, 7, 10 = 3.
    void handWorkedSequence_data()
    {
        QTest::addColumn<int>("policy");
        QTest::addColumn<int>("expectedHits");
        QTest::newRow("LRU") << int(EvictionPolicy::Lru) << 0;
        QTest::newRow("Belady") << int(EvictionPolicy::Belady) << 3;
    }
    void handWorkedSequence()
    {
        QFETCH(int, policy);
        QFETCH(int, expectedHits);
        const SimResult r = simulateCache(sequenceTrace({0, 1, 2, 0, 1, 3, 0, 1, 2, 3}), EvictionPolicy(policy), 2);
        QCOMPARE(r.accesses, uint64_t(10));
        QCOMPARE(r.hits, uint64_t(expectedHits));
    }

    // S3-FIFO worked by hand: 3 slots, so the small queue S holds 1 key
    // (a tenth, at least one) and the ghost G 2 keys; one layer, top-1.
    // Sequence 0 1 0 2 3 1 4 0 5 1 5 6 1 0 5 (S, M front first; f = use counter):
    //   0m S=[0]  1m S=[1,0]  0h f0=1 (1 hit)  2m S=[2,1,0] (not full before)
    //   3m full: S's tail 0 has f 1 -> M=[0]; tail 1 has f 0 -> out, G=[1]; S=[3,2]
    //   1m full: S's tail 2 -> out, G=[2,1]; 1 is a ghost -> M=[1,0], G=[2]; S=[3]
    //   4m full: 3 -> out, G=[3,2]; S=[4]        0h f0=2 (2)
    //   5m full: 4 -> out, G=[4,3]; S=[5]        1h f1=1 (3)   5h f5=1 (4)
    //   6m full: S's tail 5 (f 1) -> M=[5,1,0], S empty; M's tail 0 (f 2) goes
    //      round at f 1, 1 at f 0, 5 at f 0, 0 at f 0; then 1 (f 0) leaves. S=[6]
    //   1m (not a ghost: M's evictions leave none) full: 6 -> out; S=[1]
    //   0h (5)  5h (6)  -> 6 hits. LRU on the same sequence: 3 (positions 3, 11, 13).
    void s3FifoHandWorked_data()
    {
        QTest::addColumn<int>("policy");
        QTest::addColumn<int>("expectedHits");
        QTest::newRow("S3-FIFO") << int(EvictionPolicy::S3Fifo) << 6;
        QTest::newRow("LRU") << int(EvictionPolicy::Lru) << 3;
    }
    void s3FifoHandWorked()
    {
        QFETCH(int, policy);
        QFETCH(int, expectedHits);
        const SimResult r =
            simulateCache(sequenceTrace({0, 1, 0, 2, 3, 1, 4, 0, 5, 1, 5, 6, 1, 0, 5}), EvictionPolicy(policy), 3);
        QCOMPARE(r.accesses, uint64_t(15));
        QCOMPARE(r.hits, uint64_t(expectedHits));
    }

    // Least-Stale worked by hand: 3 MoE layers (keys a, b, c for layers 0, 1,
    // 2), top-1, 4 slots. Tokens (0,0,0) (1,1,1) (1,2,0) (1,1,0). Staleness =
    // runs of the key's own layer since its last use; ties evict the key whose
    // layer comes round last (the current layer: a whole cycle away).
    //  t1: a0 b0 c0 fill 3 slots.
    //  t2: a1 fills the 4th. b1 (runs 2,2,1): a0 stale 1, b0 1, c0 0, a1 0;
    //      a0 waits 2 layers, b0 a whole cycle (3) -> out b0.
    //      c1 (runs 2,2,2): a0 1, c0 1 (tie, c0 waits 3) -> out c0.
    //  t3: a1 hit (1). b2 (runs 3,3,2): a0 stale 2 -> out.
    //      c0 (runs 3,3,3): b1 1, c1 1 (tie, c1 waits 3) -> out c1.
    //  t4: a1, b1, c0 hit (4 hits).
    // LRU (global clock): t2 evicts a0 then b0; t3 hits a1, evicts c0 for b2
    // and b1 for c0; t4 hits a1, evicts c1 for b1, hits c0: 3 hits.
    void leastStaleHandWorked_data()
    {
        QTest::addColumn<int>("policy");
        QTest::addColumn<int>("expectedHits");
        QTest::newRow("Least-Stale") << int(EvictionPolicy::LeastStale) << 4;
        QTest::newRow("LRU") << int(EvictionPolicy::Lru) << 3;
    }
    void leastStaleHandWorked()
    {
        QFETCH(int, policy);
        QFETCH(int, expectedHits);
        RoutingTrace t;
        t.moeLayers = 3;
        t.topK = 1;
        t.expertCount = 3;
        t.tokens = {{{0}, {0}, {0}}, {{1}, {1}, {1}}, {{1}, {2}, {0}}, {{1}, {1}, {0}}};
        const SimResult r = simulateCache(t, EvictionPolicy(policy), 4);
        QCOMPARE(r.accesses, uint64_t(12));
        QCOMPARE(r.hits, uint64_t(expectedHits));
    }

    // Previous-token prefetch worked by hand (LRU, 2 layers x top-2 = 4 keys
    // a0 a1 b0 b1 per token, 3 slots, pin cap 0). Both tokens route the same.
    // Plain: t1 reads a0 a1 b0, b1 evicts a0; t2's a0 evicts a1, a1 evicts b0,
    // b0 evicts b1, b1 evicts a0: 0 hits, 8 records read.
    // Prefetch: before t2's layer 0, a0 (evicting a1) and a1 (evicting b0) are
    // read and pinned, so both demands hit; before layer 1, b0 (evicting b1)
    // and b1 (evicting a0): 4 hits, 4 prefetch reads, again 8 records read.
    void prefetchPrevHandWorked_data()
    {
        QTest::addColumn<bool>("prefetch");
        QTest::addColumn<int>("expectedHits");
        QTest::addColumn<int>("expectedPrefetches");
        QTest::newRow("plain") << false << 0 << 0;
        QTest::newRow("prefetch-prev") << true << 4 << 4;
    }
    void prefetchPrevHandWorked()
    {
        QFETCH(bool, prefetch);
        QFETCH(int, expectedHits);
        QFETCH(int, expectedPrefetches);
        RoutingTrace t;
        t.moeLayers = 2;
        t.topK = 2;
        t.expertCount = 2;
        t.tokens = {{{0, 1}, {0, 1}}, {{0, 1}, {0, 1}}};
        const SimResult r = simulateCache(t, EvictionPolicy::Lru, 3, 0, true, -1, prefetch);
        QCOMPARE(r.accesses, uint64_t(8));
        QCOMPARE(r.hits, uint64_t(expectedHits));
        QCOMPARE(r.prefetchReads, uint64_t(expectedPrefetches));
        QCOMPARE(r.reads(), uint64_t(8));
    }

    // A hot expert interleaved with a scan of cold ones: frequency-aware
    // policies keep the hot one, LRU with 2 slots also keeps it (it is always
    // among the two most recent). Sequence: 0 1 0 2 0 3 0 4 ... -> 0 hits every time after the first.
    void hotExpertSurvivesScan()
    {
        std::vector<int> seq;
        for (int i = 1; i <= 20; ++i) {
            seq.push_back(0);
            seq.push_back(i);
        }
        for (EvictionPolicy p : allPolicies()) {
            const SimResult r = simulateCache(sequenceTrace(seq), p, 2);
            QVERIFY2(r.hits == 19, policyName(p));
        }
    }

    // The experts of the layer being served are pinned. Tokens {0,1} {0,1} {2,0} {2}
    // with 2 slots: in token 3, expert 0's miss must evict 1, not the just-read 2
    // (which LFU-style policies would otherwise pick: 1 hit against 2), so token
    // 4's expert 2 hits under every policy. Hits: token 2 (both) + token 4 = 3;
    // Belady also keeps 0 in token 3 (it evicts 1, never used again) = 4.
    void currentLayerIsPinned()
    {
        RoutingTrace t;
        t.moeLayers = 1;
        t.topK = 2;
        t.expertCount = 3;
        t.tokens = {{{0, 1}}, {{0, 1}}, {{2, 0}}, {{2}}};
        for (EvictionPolicy p : allPolicies()) {
            const SimResult r = simulateCache(t, p, 2);
            QVERIFY2(r.hits == uint64_t(p == EvictionPolicy::Belady ? 4 : 3), policyName(p));
        }
        // A cache smaller than one layer still works (the overflow is read uncached).
        QCOMPARE(simulateCache(t, kShippedPolicy, 1).accesses, uint64_t(7));
    }

    // The read-ahead pins the layer's resident ids before its misses evict.
    // One layer, top-2, 4 slots (pin cap 1): {3,0} {1,2} fill the cache with 3
    // least recent; in {4,3}, LRU without read-ahead lets 4's miss evict 3
    // and then misses 3 too (0 hits); with read-ahead 3 is pinned first, 4
    // evicts 0 and 3 hits (1 hit).
    void readAheadPinsTheLayer_data()
    {
        QTest::addColumn<bool>("readAhead");
        QTest::addColumn<int>("expectedHits");
        QTest::newRow("demands only") << false << 0;
        QTest::newRow("read-ahead") << true << 1;
    }
    void readAheadPinsTheLayer()
    {
        QFETCH(bool, readAhead);
        QFETCH(int, expectedHits);
        RoutingTrace t;
        t.moeLayers = 1;
        t.topK = 2;
        t.expertCount = 5;
        t.tokens = {{{3, 0}}, {{1, 2}}, {{4, 3}}};
        const SimResult r = simulateCache(t, EvictionPolicy::Lru, 4, 0, readAhead);
        QCOMPARE(r.accesses, uint64_t(6));
        QCOMPARE(r.hits, uint64_t(expectedHits));
    }

    // The oracle horizon (a bound, replay only): told every future use, the
    // shipped policy makes Belady's choices on the hand-worked sequence (3
    // hits); told none, it is the plain replay.
    void horizonBound()
    {
        const RoutingTrace t = sequenceTrace({0, 1, 2, 0, 1, 3, 0, 1, 2, 3});
        QCOMPARE(simulateCache(t, kShippedPolicy, 2, 0, true, 100).hits, uint64_t(3));
        QCOMPARE(simulateCache(t, kShippedPolicy, 2, 0, true, -1).hits, simulateCache(t, kShippedPolicy, 2).hits);
        QVERIFY(simulateCache(t, kShippedPolicy, 2).hits < 3);
    }

    void realTraces_data()
    {
        QTest::addColumn<QString>("path");
        QTest::newRow("kimi-linear") << tracePath("kimi-linear-300tok.jsonl");
        QTest::newRow("olmoe") << tracePath("olmoe-299tok.jsonl");
    }
    void realTraces()
    {
        QFETCH(QString, path);
        if (!QFile::exists(path))
            QSKIP("routing trace not found under SLUICE_SHARED_DIR");
        auto trace = loadRoutingTrace(path.toStdString());
        QVERIFY2(trace.isOk(), trace.status().message().c_str());
        QVERIFY(trace->tokens.size() > 100);
        QCOMPARE(trace->topK, 8);
        const SimTable table = simulateTable(*trace);
        QCOMPARE(table.slotCounts.size(), size_t(4));
        QCOMPARE(table.slotCounts[0], trace->topK * trace->moeLayers);
        size_t beladyRow = 0;
        for (size_t r = 0; r < table.policies.size(); ++r)
            if (table.policies[r] == EvictionPolicy::Belady)
                beladyRow = r;
        for (size_t r = 0; r < table.policies.size(); ++r) {
            for (size_t c = 0; c < table.slotCounts.size(); ++c) {
                const SimResult &res = table.results[r][c];
                QCOMPARE(res.accesses, uint64_t(trace->tokens.size()) * trace->moeLayers * trace->topK);
                QVERIFY2(table.results[beladyRow][c].hits >= res.hits, policyName(table.policies[r]));
                if (c > 0)
                    QVERIFY2(res.hits >= table.results[r][c - 1].hits, policyName(table.policies[r]));
            }
        }
        // The policy ExpertCache ships is the best practical one here, and
        // never below LRU (issue 14's floor) at any size.
        QCOMPARE(QString(policyName(table.bestPractical)), QString(policyName(kShippedPolicy)));
        size_t lruRow = 0, shippedRow = 0;
        for (size_t r = 0; r < table.policies.size(); ++r) {
            if (table.policies[r] == EvictionPolicy::Lru)
                lruRow = r;
            if (table.policies[r] == kShippedPolicy)
                shippedRow = r;
        }
        for (size_t c = 0; c < table.slotCounts.size(); ++c)
            QVERIFY2(table.results[shippedRow][c].hits >= table.results[lruRow][c].hits,
                     qPrintable(QString("below LRU at %1 slots").arg(table.slotCounts[c])));
        // Issue 31: S3-FIFO and Least-Stale are nowhere above the shipped
        // policy on these traces (Least-Stale ties at 1x), which is why the
        // engine does not offer them. If one ever is, re-decide (docs/streaming.md).
        for (size_t r = 0; r < table.policies.size(); ++r) {
            if (table.policies[r] != EvictionPolicy::S3Fifo && table.policies[r] != EvictionPolicy::LeastStale)
                continue;
            for (size_t c = 0; c < table.slotCounts.size(); ++c)
                QVERIFY2(table.results[shippedRow][c].hits >= table.results[r][c].hits,
                         qPrintable(QString("%1 above the shipped policy at %2 slots")
                                        .arg(policyName(table.policies[r]))
                                        .arg(table.slotCounts[c])));
        }
        // Previous-token prefetch under LRU reads nothing from one working set
        // up: LRU keeps the most recent distinct keys, and the previous
        // token's experts of a layer are among the last top-k x layers used.
        for (int n : table.slotCounts) {
            const SimResult plain = simulateCache(*trace, EvictionPolicy::Lru, n);
            const SimResult pf = simulateCache(*trace, EvictionPolicy::Lru, n, 0, true, -1, true);
            QCOMPARE(pf.prefetchReads, uint64_t(0));
            QCOMPARE(pf.hits, plain.hits);
        }
        // The oracle-horizon bound sits between the policy and Belady; knowing
        // only the current layer (horizon 0) adds nothing: the read-ahead
        // already pins it.
        for (size_t c = 0; c < table.slotCounts.size(); ++c) {
            const int n = table.slotCounts[c];
            const uint64_t shipped = table.results[shippedRow][c].hits;
            QCOMPARE(simulateCache(*trace, kShippedPolicy, n, 0, true, 0).hits, shipped);
            const uint64_t token = simulateCache(*trace, kShippedPolicy, n, 0, true, trace->moeLayers).hits;
            QVERIFY(token >= shipped);
            QVERIFY(table.results[beladyRow][c].hits >= token);
        }
    }

    void malformedTracesRefused_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("expected");
        QTest::newRow("not json") << QByteArray("{\"tok\": 0, \"layers\": [[1,2]]}\nnonsense\n") << ":2:";
        QTest::newRow("layer count changes") << QByteArray("{\"layers\": [[1],[2]]}\n{\"layers\": [[1]]}\n") << ":2:";
        QTest::newRow("negative id") << QByteArray("{\"layers\": [[-1]]}\n") << "0..65535";
        QTest::newRow("fractional id") << QByteArray("{\"layers\": [[1.5]]}\n") << "0..65535";
        QTest::newRow("duplicate id") << QByteArray("{\"layers\": [[3,3]]}\n") << "twice";
        QTest::newRow("no layers") << QByteArray("{\"tok\": 1}\n") << "layers";
        QTest::newRow("empty file") << QByteArray("\n") << "no tokens";
        // Bounds (RoutingTraceLimits defaults): checked before anything is kept.
        QTest::newRow("line too long") << (QByteArray("{\"layers\": [[1]]}\n{\"pad\": \"") + QByteArray(5 << 20, 'x') + "\"}\n")
                                       << ":2: line longer than";
        QByteArray manyLayers = "{\"layers\": [[1]";
        for (int i = 0; i < 1024; ++i)
            manyLayers += ",[1]";
        QTest::newRow("too many layers") << (manyLayers + "]}\n") << "1025 layers, more than 1024";
        QByteArray manyIds = "{\"layers\": [[0";
        for (int i = 1; i <= 1024; ++i)
            manyIds += "," + QByteArray::number(i);
        QTest::newRow("too many ids") << (manyIds + "]]}\n") << "1025 ids, more than 1024";
    }
    // The replay mapping of stream/routetrace.h, worked by hand.
    void routeReplayMapping()
    {
        RoutingTrace t;
        t.moeLayers = 2;
        t.tokens = {{{1, 2, 3}, {10, 11}}, {{5, 69, 6}, {7}}};
        const RouteReplay replay(t, 64);
        auto run = [&](int layer, int64_t pos, std::vector<int> router) {
            replay.apply(layer, pos, router);
            return router;
        };
        QCOMPARE(run(0, 0, {40, 41, 42}), (std::vector<int>{1, 2, 3}));
        QCOMPARE(run(2, 2, {40, 41, 42}), (std::vector<int>{1, 2, 3}));     // layer 2 -> 0, position 2 -> line 0
        QCOMPARE(run(1, 0, {10, 41, 42}), (std::vector<int>{10, 11, 41}));  // short: router fills, no repeat
        QCOMPARE(run(0, 1, {6, 40, 41}), (std::vector<int>{5, 6, 40}));     // 69 mod 64 = 5 collides
        QCOMPARE(run(1, 3, {7, 8}), (std::vector<int>{7, 8}));
        QCOMPARE(run(0, 0, {40, 41}), (std::vector<int>{1, 2}));            // long: first k of the trace
    }

    void malformedTracesRefused()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        const QString path = dir.filePath("t.jsonl");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(text);
        f.close();
        auto trace = loadRoutingTrace(path.toStdString());
        QVERIFY(!trace.isOk());
        QVERIFY2(trace.status().message().find(expected.toStdString()) != std::string::npos,
                 trace.status().message().c_str());
        QVERIFY(!loadRoutingTrace(dir.filePath("missing.jsonl").toStdString()).isOk());
    }
};

SLUICE_TEST_GUILESS_MAIN(TestCacheSim)
#include "tst_cachesim.moc"
