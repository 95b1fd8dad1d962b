// ExpertCache on synthetic banks: every byte delivered is the record asked
// for under every placement (cache on/off, read-ahead, 1 or 2 readers, direct
// or buffered, minimum or large cache); hit counts equal the trace replay's;
// speculative accounting; fault paths (failed validation, bank truncated after
// open, all nSlots held) leave the cache usable; the hotlist round-trips and a
// hostile one is refused; the ledger holds exactly the planner's figure; and
// peak RSS stays within the budget in a child process.
#include "support/testregistry.h"
#include "stream/cachesim.h"
#include "stream/expertcache.h"
#include "stream/memoryplanner.h"

#include "stream/bankfixture.h"

#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <array>
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <fstream>
#include <sys/resource.h>
#include <thread>
#include <unistd.h>

#include "procstatus.h"
#include "testsanitized.h"

using namespace sluice;
using namespace sluice::testing;

namespace {

constexpr int kFirstLayer = 1;
constexpr int kLayers = 4;
constexpr int kExperts = 32;
constexpr int kTopK = 4;
constexpr uint64_t kRecord = 2 * 4096;

std::vector<std::shared_ptr<DirectFile>> openBanks(const QString &dir, int first, int layers, bool buffered)
{
    std::vector<std::shared_ptr<DirectFile>> banks;
    for (int l = first; l < first + layers; ++l) {
        auto f = DirectFile::open(bankPath(dir, l).toStdString(), {buffered});
        if (!f)
            return {};
        banks.push_back(std::shared_ptr<DirectFile>(std::move(*f)));
    }
    return banks;
}

// A deterministic routing pattern with reuse: token t, layer l picks kTopK
// distinct experts.
std::vector<int> route(int token, int layer)
{
    std::vector<int> ids;
    uint32_t x = uint32_t(token * 7919 + layer * 104729 + 17);
    while (int(ids.size()) < kTopK) {
        x = x * 1103515245u + 12345u;
        const int e = int((x >> 16) % 12) + (token % 3 == 0 ? int((x >> 8) % 20) : 0); // a hot set plus a cold tail
        if (std::find(ids.begin(), ids.end(), e % kExperts) == ids.end())
            ids.push_back(e % kExperts);
    }
    return ids;
}

bool recordIs(const ExpertHandle &h, int layer, int expert)
{
    const auto expected = expectedRecord(layer, expert, kRecord);
    return h.size() == kRecord && std::memcmp(h.data(), expected.data(), kRecord) == 0;
}

using test::currentRssBytes;

} // namespace

class TestExpertCache : public QObject {
    Q_OBJECT
private:
    // Banks of 256 KiB records for the RSS tests, written once per run; empty on failure.
    static constexpr uint64_t bigRecord = 256 * 1024;
    QString bigBanks()
    {
        const QString dir = m_dir.filePath("big");
        if (!QFile::exists(bankPath(dir, kFirstLayer))) {
            QDir().mkpath(dir);
            for (int l = kFirstLayer; l < kFirstLayer + kLayers; ++l)
                if (!writeBank(dir, l, kExperts, bigRecord))
                    return QString();
        }
        return dir;
    }

    // The options every cache here shares: the test banks' layers and experts.
    static ExpertCacheOptions bankOptions(int nSlots, uint64_t recordBytes = kRecord, int topK = kTopK)
    {
        ExpertCacheOptions o;
        o.firstLayer = kFirstLayer;
        o.expertsPerLayer = kExperts;
        o.recordBytes = recordBytes;
        o.slotCount = nSlots;
        o.topK = topK;
        return o;
    }

    // The planner's inputs for a model made of the test banks (1 MiB trunk, one
    // 4 KiB scratch buffer).
    static PlannerInputs bankPlannerInputs()
    {
        PlannerInputs in;
        in.trunkBytes = 1 << 20;
        in.scratch = {{"logits", 4096}};
        in.topK = kTopK;
        in.moeLayers = kLayers;
        in.expertsPerLayer = kExperts;
        in.recordBytes = kRecord;
        return in;
    }

    QTemporaryDir m_dir{QDir::tempPath() + "/sluice-expertcache-XXXXXX"};

    // A cache over the banks in `dir`, or null with the error as a warning.
    static std::unique_ptr<ExpertCache> openCache(
        MemoryLedger &ledger, const ExpertCacheOptions &o, const QString &dir, bool buffered)
    {
        auto cache = ExpertCache::open(openBanks(dir, kFirstLayer, kLayers, buffered), o, ledger);
        if (!cache) {
            qWarning("%s", cache.status().message().c_str());
            return nullptr;
        }
        return std::move(*cache);
    }

    std::unique_ptr<ExpertCache> makeCache(MemoryLedger &ledger, int nSlots, bool cacheEnabled = true, int threads = 2,
                                           bool buffered = false, RecordValidator validator = {},
                                           const QString &dir = QString())
    {
        ExpertCacheOptions o = bankOptions(nSlots);
        o.cacheEnabled = cacheEnabled;
        o.ioThreads = threads;
        o.validator = validator ? validator : [](int l, int e, const uint8_t *b, size_t) {
            return headerMatches(l, e, b) ? Status::ok()
                                          : makeError(ErrorCode::Format, "header names another record");
        };
        return openCache(ledger, o, dir.isEmpty() ? m_dir.path() : dir, buffered);
    }

    std::unique_ptr<ExpertCache> makeCacheWithCapacity(MemoryLedger &ledger, int nSlots, int capacity)
    {
        ExpertCacheOptions o = bankOptions(nSlots);
        o.maxSlotCount = capacity;
        return openCache(ledger, o, m_dir.path(), false);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        for (int l = kFirstLayer; l < kFirstLayer + kLayers; ++l)
            QVERIFY(writeBank(m_dir.path(), l, kExperts, kRecord));
    }

    // Placement never changes the bytes.
    void deliversExactRecords_data()
    {
        QTest::addColumn<int>("nSlots");
        QTest::addColumn<bool>("cacheEnabled");
        QTest::addColumn<bool>("readAhead");
        QTest::addColumn<bool>("lookahead");
        QTest::addColumn<int>("threads");
        QTest::addColumn<bool>("buffered");
        QTest::newRow("minimum cache") << 2 * kTopK << true << false << false << 2 << false;
        QTest::newRow("minimum cache, read-ahead") << 2 * kTopK << true << true << false << 2 << false;
        QTest::newRow("minimum cache, read-ahead + lookahead") << 2 * kTopK << true << true << true << 2 << false;
        QTest::newRow("one working set, read-ahead + lookahead") << kTopK * kLayers << true << true << true << 2 << false;
        QTest::newRow("everything cached") << kLayers * kExperts << true << true << false << 2 << false;
        QTest::newRow("no cache") << 2 * kTopK << false << true << true << 2 << false;
        QTest::newRow("1 reader thread") << kTopK * kLayers << true << true << true << 1 << false;
        QTest::newRow("buffered I/O") << kTopK * kLayers << true << true << true << 2 << true;
    }
    void deliversExactRecords()
    {
        QFETCH(int, nSlots);
        QFETCH(bool, cacheEnabled);
        QFETCH(bool, readAhead);
        QFETCH(bool, lookahead);
        QFETCH(int, threads);
        QFETCH(bool, buffered);
        MemoryLedger ledger(1ull << 30);
        QElapsedTimer wall;
        wall.start();
        auto cache = makeCache(ledger, nSlots, cacheEnabled, threads, buffered);
        QVERIFY(cache);
        uint64_t accesses = 0;
        for (int t = 0; t < 12; ++t) {
            for (int l = 0; l < kLayers; ++l) {
                const int layer = kFirstLayer + l;
                const std::vector<int> ids = route(t, l);
                if (readAhead)
                    cache->prefetch(layer, ids, false);
                for (int e : ids) {
                    auto h = cache->acquire(layer, e);
                    QVERIFY2(h.isOk(), h.status().message().c_str());
                    QVERIFY(recordIs(*h, layer, e));
                    ++accesses;
                }
                if (lookahead && l + 1 < kLayers) {
                    std::vector<int> guess = route(t, l + 1);
                    guess.resize(2);
                    guess.push_back((t * 5) % kExperts); // sometimes wrong
                    cache->prefetch(layer + 1, guess, true);
                }
            }
        }
        const ExpertCacheStats s = cache->stats();
        QCOMPARE(s.demandHits + s.demandMisses, accesses);
        QCOMPARE(s.readsFailed, uint64_t(0));
        if (!cacheEnabled) {
            QCOMPARE(s.demandMisses, accesses);
            QCOMPARE(s.bytesRead, accesses * kRecord);
        }
        if (nSlots == kLayers * kExperts && cacheEnabled) // everything fits: only cold misses
            QVERIFY(s.bytesRead <= uint64_t(kLayers * kExperts) * kRecord);
        QVERIFY(s.speculativeUsed + s.speculativeWasted <= s.speculativeIssued);
        QVERIFY(s.bytesRead >= s.demandMisses * kRecord);
        // The reads' busy time is the union of their intervals: some, and
        // never more than the wall time they ran in, however many overlap.
        const double elapsed = double(wall.nsecsElapsed()) / 1e9;
        QVERIFY(s.readBusySeconds > 0.0);
        QVERIFY2(s.readBusySeconds <= elapsed, qPrintable(QString("busy %1 s in %2 s").arg(s.readBusySeconds).arg(elapsed)));
    }

    // The real cache and the trace replay agree hit for hit: the replay pins a
    // layer's experts while the layer runs, which here means holding its handles.
    // The real cache and the replay agree hit for hit, in both of the engine's
    // flows: demands only (read-ahead off) and read-ahead first (the default:
    // prefetch(layer, ids, false) pins the layer's resident records before its
    // reads evict, then the demands). Read-ahead rows need top-k <= a quarter
    // of the slots (the pin cap), as every decode cache of one working set or
    // more has; below that, un-pinned read-ahead reads race their completion.
    void matchesReplay_data()
    {
        QTest::addColumn<int>("policy");
        QTest::addColumn<int>("nSlots");
        QTest::addColumn<bool>("readAhead");
        QTest::addColumn<bool>("claim"); // a layer's records claimed first, waited for after
        QTest::newRow("LRFU-layer minimum") << int(EvictionPolicy::LrfuLayer) << 2 * kTopK << false << false;
        QTest::newRow("LRFU-layer 1 ws") << int(EvictionPolicy::LrfuLayer) << kTopK * kLayers << false << false;
        QTest::newRow("LRFU-layer 1.5 ws") << int(EvictionPolicy::LrfuLayer) << kTopK * kLayers * 3 / 2 << false << false;
        QTest::newRow("LRFU-layer 2.5 ws") << int(EvictionPolicy::LrfuLayer) << kTopK * kLayers * 5 / 2 << false << false;
        QTest::newRow("LRFU minimum") << int(EvictionPolicy::Lrfu) << 2 * kTopK << false << false;
        QTest::newRow("LRFU 1 ws") << int(EvictionPolicy::Lrfu) << kTopK * kLayers << false << false;
        QTest::newRow("LRFU 2.5 ws") << int(EvictionPolicy::Lrfu) << kTopK * kLayers * 5 / 2 << false << false;
        QTest::newRow("LRU-2 minimum") << int(EvictionPolicy::Lru2) << 2 * kTopK << false << false;
        QTest::newRow("LRU-2 1 ws") << int(EvictionPolicy::Lru2) << kTopK * kLayers << false << false;
        QTest::newRow("LRU 1 ws") << int(EvictionPolicy::Lru) << kTopK * kLayers << false << false;
        QTest::newRow("LFRU-scan 1.5 ws") << int(EvictionPolicy::LfruScan) << kTopK * kLayers * 3 / 2 << false << false;
        QTest::newRow("read-ahead LRFU-layer 1 ws") << int(EvictionPolicy::LrfuLayer) << kTopK * kLayers << true << false;
        QTest::newRow("read-ahead LRFU-layer 1.5 ws") << int(EvictionPolicy::LrfuLayer) << kTopK * kLayers * 3 / 2 << true << false;
        QTest::newRow("read-ahead LRFU-layer 2.5 ws") << int(EvictionPolicy::LrfuLayer) << kTopK * kLayers * 5 / 2 << true << false;
        QTest::newRow("read-ahead LRFU 1 ws") << int(EvictionPolicy::Lrfu) << kTopK * kLayers << true << false;
        QTest::newRow("read-ahead LRU-2 1.5 ws") << int(EvictionPolicy::Lru2) << kTopK * kLayers * 3 / 2 << true << false;
        QTest::newRow("read-ahead LRU 1 ws") << int(EvictionPolicy::Lru) << kTopK * kLayers << true << false;
        QTest::newRow("claimed, LRFU-layer minimum") << int(EvictionPolicy::LrfuLayer) << 2 * kTopK << false << true;
        QTest::newRow("claimed, LRFU-layer 1.5 ws") << int(EvictionPolicy::LrfuLayer) << kTopK * kLayers * 3 / 2 << false << true;
        QTest::newRow("claimed, read-ahead LRFU-layer minimum") << int(EvictionPolicy::LrfuLayer) << 2 * kTopK << true << true;
        QTest::newRow("claimed, read-ahead LRFU-layer 1.5 ws") << int(EvictionPolicy::LrfuLayer) << kTopK * kLayers * 3 / 2 << true << true;
        QTest::newRow("claimed, read-ahead LRU 1 ws") << int(EvictionPolicy::Lru) << kTopK * kLayers << true << true;
        QTest::newRow("read-ahead LFRU-scan 1.5 ws") << int(EvictionPolicy::LfruScan) << kTopK * kLayers * 3 / 2 << true << false;
    }
    void matchesReplay()
    {
        QFETCH(int, policy);
        QFETCH(int, nSlots);
        QFETCH(bool, readAhead);
        QFETCH(bool, claim);
        RoutingTrace trace;
        trace.moeLayers = kLayers;
        trace.topK = kTopK;
        trace.expertCount = kExperts;
        for (int t = 0; t < 40; ++t) {
            std::vector<std::vector<int>> token;
            for (int l = 0; l < kLayers; ++l)
                token.push_back(route(t, l));
            trace.tokens.push_back(token);
        }
        MemoryLedger ledger(1ull << 30);
        ExpertCacheOptions o = bankOptions(nSlots);
        o.policy = EvictionPolicy(policy);
        auto cache = ExpertCache::open(openBanks(m_dir.path(), kFirstLayer, kLayers, false), o, ledger);
        QVERIFY(cache.isOk());
        for (const auto &token : trace.tokens) {
            for (int l = 0; l < kLayers; ++l) {
                if (readAhead)
                    (*cache)->prefetch(kFirstLayer + l, token[size_t(l)], false);
                std::vector<ExpertHandle> held;
                for (int e : token[size_t(l)]) {
                    auto h = claim ? (*cache)->claim(kFirstLayer + l, e) : (*cache)->acquire(kFirstLayer + l, e);
                    QVERIFY(h.isOk());
                    if (!claim)
                        QVERIFY(recordIs(*h, kFirstLayer + l, e));
                    held.push_back(std::move(*h));
                }
                // Claimed: the bytes are there once waited for (in reverse,
                // so some are found ready rather than waited on).
                for (size_t i = held.size(); claim && i-- > 0;) {
                    QVERIFY((*cache)->waitReady(held[i]).isOk());
                    QVERIFY((*cache)->isReady(held[i]));
                    QVERIFY(recordIs(held[i], kFirstLayer + l, token[size_t(l)][i]));
                }
            }
        }
        const SimResult sim = simulateCache(trace, EvictionPolicy(policy), nSlots, 0, readAhead);
        QCOMPARE((*cache)->stats().demandHits, sim.hits);
        QCOMPARE((*cache)->stats().demandMisses, sim.accesses - sim.hits);
    }

    void speculativeAccounting()
    {
        MemoryLedger ledger(1ull << 30);
        // One reader thread: reads complete in submission order, so (2, 9) is
        // ready before the demand for (3, 5) returns. With two readers a loaded
        // machine could leave it in flight (not evictable, not resident) through
        // the whole loop below, and the wasted count stayed 0 (CI, session 8).
        auto cache = makeCache(ledger, 2 * kTopK, true, 1);
        QVERIFY(cache);
        const int guess[] = {3, 9};
        cache->prefetch(2, guess, true);
        {
            auto h = cache->acquire(2, 3); // used: a hit, not a miss
            QVERIFY(h.isOk() && recordIs(*h, 2, 3));
        }
        // Read-ahead of the same layer: its demand still counts as a miss.
        const int ahead[] = {5};
        cache->prefetch(3, ahead, false);
        QVERIFY(cache->acquire(3, 5).isOk());
        ExpertCacheStats s = cache->stats();
        QCOMPARE(s.speculativeIssued, uint64_t(2));
        QCOMPARE(s.speculativeUsed, uint64_t(1));
        QCOMPARE(s.demandHits, uint64_t(1));
        QCOMPARE(s.demandMisses, uint64_t(1));
        // Push (2, 9) out unused: wasted. The demands cycle through layers
        // 2..4 as decode does (under LRFU-layer a key ages with its own layer's runs).
        for (int i = 0; i < 4 * kTopK; ++i)
            QVERIFY(cache->acquire(2 + i % 3, 10 + i).isOk());
        QVERIFY(!cache->isResident(2, 9));
        QCOMPARE(cache->stats().speculativeWasted, uint64_t(1));
    }

    // Decode's order (the read-ahead, the layer's claims, then the router
    // lookahead into the next layer while this layer's records are applied):
    // every cache figure is the same whether the wrong guesses have landed or
    // are still being read when the next layer settles them, and every record
    // delivered is the one asked for - a wrong guess's late read never lands
    // in a slot given to another record. The "in flight" runs hold each wrong
    // guess's read at a gate (it writes only after the next layer's
    // read-ahead), so with one reader the guesses queued behind it are
    // cancelled, and with two a new record's read waits for the late one.
    void earlyLookaheadIsTimingFree_data()
    {
        QTest::addColumn<int>("nSlots");
        QTest::addColumn<int>("threads");
        QTest::newRow("1 ws, 1 reader") << kTopK * kLayers << 1;
        QTest::newRow("1 ws, 2 readers") << kTopK * kLayers << 2;
        QTest::newRow("2 ws, 1 reader") << 2 * kTopK * kLayers << 1;
        QTest::newRow("2 ws, 2 readers") << 2 * kTopK * kLayers << 2;
    }
    void earlyLookaheadIsTimingFree()
    {
        QFETCH(int, nSlots);
        QFETCH(int, threads);
        struct Gate { // the wrong guesses of the step running now, held until opened
            std::mutex mutex;
            std::condition_variable cv;
            std::vector<std::pair<int, int>> wrong;
            uint64_t step = 0; // advances as each step's gate opens
        };
        auto decode = [&](bool holdWrongGuesses, ExpertCacheStats &out) -> bool {
            MemoryLedger ledger(1ull << 30);
            auto banks = openBanks(m_dir.path(), kFirstLayer, kLayers, false);
            if (banks.empty())
                return false;
            Gate gate;
            ExpertCacheOptions o = bankOptions(nSlots);
            o.ioThreads = threads;
            o.reader = [&gate, banks](int layer, int expert, uint8_t *slot, size_t bytes) -> Expected<uint64_t> {
                {
                    std::unique_lock lock(gate.mutex);
                    const bool wrong = std::find(gate.wrong.begin(), gate.wrong.end(), std::pair{layer, expert}) !=
                                       gate.wrong.end();
                    const uint64_t step = gate.step;
                    gate.cv.wait(lock, [&] { return !wrong || gate.step != step; });
                }
                SLUICE_TRY(banks[size_t(layer - kFirstLayer)]->readAt(uint64_t(expert) * kRecord, slot, bytes));
                return uint64_t(bytes);
            };
            auto cache = ExpertCache::open(banks, o, ledger);
            if (!cache)
                return false;
            for (int t = 0; t < 16; ++t) {
                for (int l = 0; l < kLayers; ++l) {
                    const int layer = kFirstLayer + l;
                    const std::vector<int> ids = route(t, l);
                    (*cache)->prefetch(layer, ids, false); // settles this layer's guesses
                    {
                        std::lock_guard lock(gate.mutex);
                        ++gate.step;
                        gate.wrong.clear();
                    }
                    gate.cv.notify_all();
                    std::vector<ExpertHandle> held;
                    for (int e : ids) {
                        auto h = (*cache)->claim(layer, e);
                        if (!h)
                            return false;
                        held.push_back(std::move(*h));
                    }
                    if (l + 1 < kLayers) {
                        const std::vector<int> next = route(t, l + 1);
                        std::vector<int> guess(next.begin(), next.begin() + 2);
                        for (int e : {(t * 5 + l) % kExperts, (t * 11 + 7) % kExperts, (t * 3 + 29) % kExperts})
                            if (std::find(next.begin(), next.end(), e) == next.end() &&
                                std::find(guess.begin(), guess.end(), e) == guess.end())
                                guess.push_back(e);
                        if (holdWrongGuesses) {
                            std::lock_guard lock(gate.mutex);
                            for (size_t i = 2; i < guess.size(); ++i)
                                gate.wrong.push_back({layer + 1, guess[i]});
                        }
                        (*cache)->prefetch(layer + 1, guess, true);
                        if (!holdWrongGuesses)
                            (*cache)->waitForReads(); // every guess landed before anything else happens
                    }
                    for (size_t i = held.size(); i-- > 0;) {
                        if (!(*cache)->waitReady(held[i]).isOk() || !recordIs(held[i], layer, ids[i]))
                            return false;
                    }
                }
            }
            (*cache)->waitForReads();
            out = (*cache)->stats();
            return true;
        };
        ExpertCacheStats landed, inFlight;
        QVERIFY(decode(false, landed));
        QVERIFY(decode(true, inFlight));
        QCOMPARE(inFlight.demandHits, landed.demandHits);
        QCOMPARE(inFlight.demandMisses, landed.demandMisses);
        QCOMPARE(inFlight.readAheadIssued, landed.readAheadIssued);
        QCOMPARE(inFlight.speculativeIssued, landed.speculativeIssued);
        QCOMPARE(inFlight.speculativeUsed, landed.speculativeUsed);
        QCOMPARE(inFlight.speculativeWasted, landed.speculativeWasted);
        QVERIFY(landed.speculativeWasted > 0); // wrong guesses were made and dropped
        QCOMPARE(landed.readsCancelled, uint64_t(0));
        // Every read handed out either ran or was cancelled before it began.
        QCOMPARE(inFlight.bytesRead / kRecord + inFlight.readsCancelled, landed.bytesRead / kRecord);
        if (threads == 1) // the reader is held at the first wrong guess: those behind it never start
            QVERIFY(inFlight.readsCancelled > 0);
    }

    // Concurrent demands for one record: one read, everyone gets the bytes.
    void waitersShareOneRead()
    {
        MemoryLedger ledger(1ull << 30);
        auto cache = makeCache(ledger, 2 * kTopK);
        QVERIFY(cache);
        std::atomic<int> good{0};
        std::vector<std::thread> threads;
        for (int i = 0; i < 6; ++i)
            threads.emplace_back([&] {
                auto h = cache->acquire(3, 17);
                if (h.isOk() && recordIs(*h, 3, 17))
                    ++good;
            });
        for (auto &t : threads)
            t.join();
        QCOMPARE(good.load(), 6);
        QCOMPARE(cache->stats().bytesRead, kRecord);
        QCOMPARE(cache->stats().demandMisses, uint64_t(1));
        QCOMPARE(cache->stats().demandHits, uint64_t(5));
    }

    // A record that fails validation mid-run: the error names (layer, expert),
    // other records keep coming, and once the cause is gone it reads again.
    void failedValidationKeepsCacheUsable_data()
    {
        QTest::addColumn<bool>("viaReadAhead");
        QTest::addColumn<bool>("claim");
        QTest::newRow("demand read") << false << false;
        QTest::newRow("read-ahead") << true << false;
        QTest::newRow("claimed, demand read") << false << true;
        QTest::newRow("claimed, read-ahead") << true << true;
    }
    void failedValidationKeepsCacheUsable()
    {
        QFETCH(bool, viaReadAhead);
        QFETCH(bool, claim);
        std::atomic<bool> corrupt{true};
        MemoryLedger ledger(1ull << 30);
        auto cache = makeCache(ledger, 2 * kTopK, true, 2, false, [&](int l, int e, const uint8_t *b, size_t) {
            if (corrupt && l == 2 && e == 7)
                return makeError(ErrorCode::Checksum, "checksum mismatch");
            return headerMatches(l, e, b) ? Status::ok() : makeError(ErrorCode::Format, "wrong header");
        });
        QVERIFY(cache);
        if (viaReadAhead) {
            const int ids[] = {6, 7, 8};
            cache->prefetch(2, ids, false);
        }
        QVERIFY(cache->acquire(2, 6).isOk());
        Status badStatus;
        if (claim) { // the claim succeeds; waiting for its bytes says what failed
            auto pending = cache->claim(2, 7);
            QVERIFY(pending.isOk());
            badStatus = cache->waitReady(*pending);
        } else {
            badStatus = cache->acquire(2, 7).status();
        }
        QVERIFY(!badStatus.isOk());
        QCOMPARE(badStatus.code(), ErrorCode::Checksum);
        QVERIFY2(badStatus.message().find("layer 2, expert 7") != std::string::npos, badStatus.message().c_str());
        auto next = cache->acquire(2, 8);
        QVERIFY(next.isOk() && recordIs(*next, 2, 8));
        QVERIFY(!cache->acquire(2, 7).isOk()); // still corrupt: still refused
        corrupt = false;
        auto fixed = cache->acquire(2, 7);
        QVERIFY(fixed.isOk() && recordIs(*fixed, 2, 7));
        QVERIFY(cache->stats().readsFailed >= 2);
    }

    void bankTruncatedAfterOpen()
    {
        QTemporaryDir dir(QDir::tempPath() + "/sluice-trunc-XXXXXX");
        for (int l = kFirstLayer; l < kFirstLayer + kLayers; ++l)
            QVERIFY(writeBank(dir.path(), l, kExperts, kRecord));
        MemoryLedger ledger(1ull << 30);
        auto cache = makeCache(ledger, 2 * kTopK, true, 2, false, {}, dir.path());
        QVERIFY(cache);
        QVERIFY(::truncate(bankPath(dir.path(), 3).toLocal8Bit().constData(), off_t(20 * kRecord)) == 0);
        auto cut = cache->acquire(3, 25);
        QVERIFY(!cut.isOk());
        QCOMPARE(cut.status().code(), ErrorCode::Io);
        const std::string m = cut.status().message();
        QVERIFY2(m.find("layer 3, expert 25") != std::string::npos && m.find("short read") != std::string::npos, m.c_str());
        auto fine = cache->acquire(3, 2);
        QVERIFY(fine.isOk() && recordIs(*fine, 3, 2));
        // A bank already too short at open is refused up front.
        ExpertCacheOptions o = cache->options();
        MemoryLedger other(1ull << 30);
        QVERIFY(!ExpertCache::open(openBanks(dir.path(), kFirstLayer, kLayers, false), o, other).isOk());
    }

    void allSlotsHeldIsAnError()
    {
        MemoryLedger ledger(1ull << 30);
        auto cache = makeCache(ledger, 2 * kTopK);
        QVERIFY(cache);
        std::vector<ExpertHandle> held;
        for (int e = 0; e < 2 * kTopK; ++e) {
            auto h = cache->acquire(1, e);
            QVERIFY(h.isOk());
            held.push_back(std::move(*h));
        }
        auto more = cache->acquire(1, 30);
        QVERIFY(!more.isOk());
        QVERIFY(more.status().message().find("layer 1, expert 30") != std::string::npos);
        held.pop_back();
        QVERIFY(cache->acquire(1, 30).isOk());
    }

    void badKeysAndOptionsRefused()
    {
        MemoryLedger ledger(1ull << 30);
        auto cache = makeCache(ledger, 2 * kTopK);
        QVERIFY(cache);
        QCOMPARE(cache->acquire(0, 1).status().code(), ErrorCode::InvalidArgument); // dense layer
        QCOMPARE(cache->acquire(2, kExperts).status().code(), ErrorCode::InvalidArgument);
        ExpertCacheOptions o = cache->options();
        o.slotCount = 2 * kTopK - 1;
        QVERIFY(!ExpertCache::open(openBanks(m_dir.path(), kFirstLayer, kLayers, false), o, ledger).isOk());
        o.slotCount = 2 * kTopK;
        o.policy = EvictionPolicy::Belady;
        QVERIFY(!ExpertCache::open(openBanks(m_dir.path(), kFirstLayer, kLayers, false), o, ledger).isOk());
        o.policy = EvictionPolicy::Arc; // replay only
        QVERIFY(!ExpertCache::open(openBanks(m_dir.path(), kFirstLayer, kLayers, false), o, ledger).isOk());
        o.policy = EvictionPolicy::S3Fifo; // replay only (issue 31: below LRFU-layer)
        QVERIFY(!ExpertCache::open(openBanks(m_dir.path(), kFirstLayer, kLayers, false), o, ledger).isOk());
        o.policy = EvictionPolicy::LeastStale; // replay only (issue 31: below LRFU-layer)
        QVERIFY(!ExpertCache::open(openBanks(m_dir.path(), kFirstLayer, kLayers, false), o, ledger).isOk());
    }

    void hotlistRoundTrip()
    {
        const QString path = m_dir.filePath("usage.waste");
        {
            MemoryLedger ledger(1ull << 30);
            auto cache = makeCache(ledger, 3 * kTopK);
            QVERIFY(cache);
            for (int round = 0; round < 3; ++round)
                for (int e : {4, 5, 6})
                    QVERIFY(cache->acquire(2, e).isOk());
            QVERIFY(cache->acquire(3, 1).isOk());
            QVERIFY(cache->writeHotlist(path.toStdString(), 42).isOk());
        }
        QCOMPARE(QFileInfo(path).size(), qint64(16 + 4 * 16));
        // A smaller cache preloads the hottest first: (2,4..6) have 3 hits, (3,1) one.
        MemoryLedger ledger(1ull << 30);
        ExpertCacheOptions o = bankOptions(3, kRecord, 1);
        auto cache = ExpertCache::open(openBanks(m_dir.path(), kFirstLayer, kLayers, false), o, ledger);
        QVERIFY(cache.isOk());
        auto loaded = (*cache)->loadHotlist(path.toStdString());
        QVERIFY2(loaded.isOk(), loaded.status().message().c_str());
        QCOMPARE(*loaded, 3);
        QVERIFY((*cache)->isResident(2, 4) && (*cache)->isResident(2, 5) && (*cache)->isResident(2, 6));
        QVERIFY(!(*cache)->isResident(3, 1));
        QVERIFY((*cache)->acquire(2, 5).isOk());
        QCOMPARE((*cache)->stats().demandHits, uint64_t(1));
    }

    void hostileHotlistRefused_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("expected");
        auto header = [](uint32_t magic, uint32_t version) {
            QByteArray b(16, '\0');
            std::memcpy(b.data(), &magic, 4);
            std::memcpy(b.data() + 4, &version, 4);
            return b;
        };
        auto entry = [](uint16_t layer, uint16_t expert) {
            QByteArray b(16, '\0');
            std::memcpy(b.data(), &layer, 2);
            std::memcpy(b.data() + 2, &expert, 2);
            return b;
        };
        QTest::newRow("empty") << QByteArray() << "not a hotlist";
        QTest::newRow("bad magic") << header(0x12345678, 1) << "magic";
        QTest::newRow("version 2") << header(0x47535557, 2) << "version";
        QTest::newRow("ragged") << header(0x47535557, 1) + QByteArray(7, 'x') << "not a hotlist";
        QTest::newRow("layer out of range") << header(0x47535557, 1) + entry(9, 1) << "entry 0";
        QTest::newRow("dense layer") << header(0x47535557, 1) + entry(2, 1) + entry(0, 1) << "entry 1";
        QTest::newRow("expert out of range") << header(0x47535557, 1) + entry(2, 40) << "expert id out of range";
        QByteArray huge = header(0x47535557, 1);
        for (int i = 0; i < kLayers * kExperts + 1; ++i)
            huge += entry(2, 1);
        QTest::newRow("more entries than keys") << huge << "not a hotlist";
    }
    void hostileHotlistRefused()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, expected);
        const QString path = m_dir.filePath("hostile.waste");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(bytes);
        f.close();
        MemoryLedger ledger(1ull << 30);
        auto cache = makeCache(ledger, 2 * kTopK);
        QVERIFY(cache);
        auto loaded = cache->loadHotlist(path.toStdString());
        QVERIFY(!loaded.isOk());
        QVERIFY2(loaded.status().message().find(expected.toStdString()) != std::string::npos,
                 loaded.status().message().c_str());
        QVERIFY(cache->acquire(2, 1).isOk()); // still usable
    }

    // The ledger holds exactly what the planner said the cache costs.
    void ledgerEqualsPlanner_data()
    {
        QTest::addColumn<qulonglong>("extraBudget");
        QTest::newRow("floor") << qulonglong(0);
        QTest::newRow("floor + 3 records") << qulonglong(3 * (kRecord + kCacheIndexBytesPerSlot));
        QTest::newRow("floor + 1 ws") << qulonglong(kTopK * kLayers * kRecord);
    }
    void ledgerEqualsPlanner()
    {
        QFETCH(qulonglong, extraBudget);
        const PlannerInputs in = bankPlannerInputs();
        auto plan = planMemory(in, 1ull << 34);
        QVERIFY(plan.isOk());
        auto sizing = sizeCache(*plan, plan->floorBytes + extraBudget);
        QVERIFY(sizing.isOk());
        MemoryLedger ledger(sizing->budgetBytes);
        QVERIFY(ledger.reserve("trunk", in.trunkBytes).isOk());
        QVERIFY(ledger.reserve("scratch: logits", 4096).isOk());
        ExpertCacheOptions o = bankOptions(sizing->slotCount);
        auto cache = ExpertCache::open(openBanks(m_dir.path(), kFirstLayer, kLayers, false), o, ledger);
        QVERIFY2(cache.isOk(), cache.status().message().c_str());
        QCOMPARE(ledger.total(), sizing->engineBytes);
        QCOMPARE(ledger.bytesFor("expert cache slots"), sizing->slotBufferBytes);
        QCOMPARE(ledger.bytesFor("expert cache index"), sizing->indexBytes);
        QVERIFY(ledger.total() <= sizing->budgetBytes);
        // One slot more than the plan does not fit the budget.
        MemoryLedger tight(sizing->budgetBytes);
        QVERIFY(tight.reserve("rest", sizing->engineBytes - sizing->slotBufferBytes - sizing->indexBytes).isOk());
        o.slotCount = sizing->slotCount + 1;
        auto over = ExpertCache::open(openBanks(m_dir.path(), kFirstLayer, kLayers, false), o, tight);
        QVERIFY(!over.isOk());
        QCOMPARE(over.status().code(), ErrorCode::Budget);
    }

    // Live budget (issue 19): a shrink keeps the records the policy values
    // most (LRU here, so the most recent ones), moves them intact, and costs
    // no read; growing back gives usable empty slots.
    void resizeKeepsWhatThePolicyKeeps()
    {
        MemoryLedger ledger(1ull << 30);
        ExpertCacheOptions o = bankOptions(32);
        o.maxSlotCount = 64;
        o.policy = EvictionPolicy::Lru;
        auto c = ExpertCache::open(openBanks(m_dir.path(), kFirstLayer, kLayers, false), o, ledger);
        QVERIFY2(c.isOk(), c.status().message().c_str());
        ExpertCache &cache = **c;
        // 32 distinct records, used in a known order: (layer, expert) = (1 + i % 4, i).
        for (int i = 0; i < 32; ++i) {
            auto h = cache.acquire(kFirstLayer + i % kLayers, i);
            QVERIFY(h.isOk() && recordIs(*h, kFirstLayer + i % kLayers, i));
        }
        const uint64_t readBefore = cache.stats().bytesRead;
        QVERIFY(cache.resize(12).isOk());
        QCOMPARE(cache.slotCount(), 12);
        for (int i = 0; i < 32; ++i)
            QCOMPARE(cache.isResident(kFirstLayer + i % kLayers, i), i >= 20); // the 12 most recent survive
        for (int i = 20; i < 32; ++i) {
            auto h = cache.acquire(kFirstLayer + i % kLayers, i);
            QVERIFY(h.isOk() && recordIs(*h, kFirstLayer + i % kLayers, i)); // moved intact
        }
        QCOMPARE(cache.stats().bytesRead, readBefore); // survivors were hits, nothing re-read
        // Grow past the open size (within the address space kept), then use every slot.
        QVERIFY(cache.resize(64).isOk());
        QCOMPARE(cache.slotCount(), 64);
        for (int t = 0; t < 40; ++t)
            for (int l = 0; l < kLayers; ++l)
                for (int e : route(t, l)) {
                    auto h = cache.acquire(kFirstLayer + l, e);
                    QVERIFY(h.isOk() && recordIs(*h, kFirstLayer + l, e));
                }
        // Out of range: below 2 x top-k, above the capacity.
        QCOMPARE(cache.resize(2 * kTopK - 1).code(), ErrorCode::InvalidArgument);
        const Status above = cache.resize(65);
        QCOMPARE(above.code(), ErrorCode::InvalidArgument);
        QVERIFY(QString::fromStdString(above.message()).contains("without reopening"));
        QCOMPARE(cache.slotCount(), 64);
    }

    // After every resize the ledger holds exactly what the planner counts for
    // the new slot count; a grow the ledger refuses changes nothing.
    void resizeLedgerFollowsThePlanner()
    {
        const PlannerInputs in = bankPlannerInputs();
        auto plan = planMemory(in, 1ull << 34);
        QVERIFY(plan.isOk());
        auto big = sizeCache(*plan, plan->floorBytes + 100 * kRecord);
        auto small = sizeCache(*plan, plan->floorBytes + 10 * kRecord);
        QVERIFY(big.isOk() && small.isOk());
        MemoryLedger ledger(big->budgetBytes);
        QVERIFY(ledger.reserve("rest", big->engineBytes - big->slotBufferBytes - big->indexBytes).isOk());
        auto cache = makeCacheWithCapacity(ledger, big->slotCount, big->slotCount);
        QVERIFY(cache);
        QCOMPARE(ledger.total(), big->engineBytes);
        for (int t = 0; t < 30; ++t)
            for (int l = 0; l < kLayers; ++l)
                for (int e : route(t, l))
                    QVERIFY(cache->acquire(kFirstLayer + l, e).isOk());
        QVERIFY(cache->resize(small->slotCount).isOk());
        QCOMPARE(ledger.total(), small->engineBytes);
        QCOMPARE(ledger.bytesFor("expert cache slots"), small->slotBufferBytes);
        QCOMPARE(ledger.bytesFor("expert cache index"), small->indexBytes);
        QVERIFY(ledger.setCeiling(small->budgetBytes).isOk());
        // The ceiling is now the small budget: growing back is refused whole.
        const Status refused = cache->resize(big->slotCount);
        QCOMPARE(refused.code(), ErrorCode::Budget);
        QCOMPARE(cache->slotCount(), small->slotCount);
        QCOMPARE(ledger.total(), small->engineBytes);
        QVERIFY(ledger.setCeiling(big->budgetBytes).isOk());
        QVERIFY(cache->resize(big->slotCount).isOk());
        QCOMPARE(ledger.total(), big->engineBytes);
        // A ceiling under what is held is refused too.
        QCOMPARE(ledger.setCeiling(small->budgetBytes).code(), ErrorCode::Budget);
    }

    void resizeRefusedWhileARecordIsHeld()
    {
        MemoryLedger ledger(1ull << 30);
        auto cache = makeCacheWithCapacity(ledger, 32, 32);
        QVERIFY(cache);
        for (int e = 0; e < 32; ++e)
            QVERIFY(cache->acquire(kFirstLayer, e).isOk());
        {
            auto held = cache->acquire(kFirstLayer, 3);
            QVERIFY(held.isOk());
            const Status st = cache->resize(8);
            QCOMPARE(st.code(), ErrorCode::InvalidArgument);
            QVERIFY(QString::fromStdString(st.message()).contains("held"));
            QCOMPARE(cache->slotCount(), 32);
            QVERIFY(recordIs(*held, kFirstLayer, 3));
        }
        QVERIFY(cache->resize(8).isOk());
    }

    // RSS really falls: a child fills 128 slots of 256 KiB, shrinks to the
    // minimum and reports its RSS before and after.
    void shrinkReturnsMemoryToTheOs()
    {
#if SLUICE_TEST_SANITIZED
        QSKIP("RSS under a sanitizer measures its shadow memory");
#endif
        const QString dir = bigBanks();
        QVERIFY(!dir.isEmpty());
        std::array<long long, 4> result{};
        QVERIFY(test::runInChild(
            [&](std::array<long long, 4> &r) {
                r = {-1, 0, 0, (long long)currentRssBytes()};
                MemoryLedger ledger(1ull << 30);
                const ExpertCacheOptions o = bankOptions(kLayers * kExperts, bigRecord);
                auto cache = ExpertCache::open(openBanks(dir, kFirstLayer, kLayers, false), o, ledger);
                bool ok = cache.isOk();
                // Warm up the readers on one record, so the baseline holds everything but the slots.
                ok = ok && (*cache)->acquire(kFirstLayer, 0).isOk();
                r[3] = (long long)currentRssBytes();
                for (int l = 0; ok && l < kLayers; ++l)
                    for (int e = 0; ok && e < kExperts; ++e)
                        ok = (*cache)->acquire(kFirstLayer + l, e).isOk();
                if (ok) {
                    r[1] = (long long)currentRssBytes();
                    ok = (*cache)->resize(2 * kTopK).isOk();
                    r[2] = (long long)currentRssBytes();
                    r[0] = ok ? 1 : 0;
                }
            },
            result));
        QCOMPARE(result[0], 1ll);
        const double fell = double(result[1] - result[2]) / 1048576;
        qInfo("child RSS %.1f MiB after open, %.1f MiB full, %.1f MiB after shrinking 128 -> 8 slots of 256 KiB "
              "(%.1f MiB given back)",
              double(result[3]) / 1048576, double(result[1]) / 1048576, double(result[2]) / 1048576, fell);
        // After the shrink the child is within one slot of its baseline plus
        // the new cache (8 slots and the index), and most of the 30 MiB went.
        const uint64_t newCache = 2 * kTopK * bigRecord + ExpertCache::indexBytes(kLayers, kExperts, 2 * kTopK);
        QVERIFY2(uint64_t(result[2]) <= uint64_t(result[3]) + newCache + bigRecord, "RSS after the shrink is above the new budget");
        QVERIFY2(result[1] - result[2] >= (long long)(100 * bigRecord), "RSS did not fall with the cache");
    }

    // Memory is taken as the cache fills, never at open (issue 31): idle
    // readers back slots only a little ahead of the slots filled so far
    // (issue 14's prefault, made lazy), and never past the counted slots. A
    // child opens a cache of 32 slots of 256 KiB (room for 128), reads 24
    // records, shrinks to 8, grows to 64 and reads 40 more; after each step it
    // waits for the prefault to settle (a condition, no sleep) and reports its
    // RSS over the baseline and the bytes the prefault backed. Without
    // prefault nothing but the reads' own pages is backed.
    void memoryFollowsTheFill_data()
    {
        QTest::addColumn<bool>("prefault");
        QTest::newRow("prefault") << true;
        QTest::newRow("off") << false;
    }
    void memoryFollowsTheFill()
    {
        QFETCH(bool, prefault);
#if SLUICE_TEST_SANITIZED
        QSKIP("RSS under a sanitizer measures its shadow memory (and TSan cannot fork a threaded process)");
#endif
        const QString dir = bigBanks();
        QVERIFY(!dir.isEmpty());
        struct Step {
            long long rss = 0, backed = 0;
        };
        struct Report {
            long long ok = -1;
            Step open, filled24, after8, grown64, filled48;
        } result;
        QVERIFY(test::runInChild(
            [&](Report &r) {
                MemoryLedger ledger(1ull << 30);
                ExpertCacheOptions o = bankOptions(32, bigRecord);
                o.maxSlotCount = 128;
                o.prefault = prefault;
                const uint64_t base = currentRssBytes();
                auto cache = ExpertCache::open(openBanks(dir, kFirstLayer, kLayers, false), o, ledger);
                if (!cache.isOk()) {
                    r.ok = 0;
                    return;
                }
                ExpertCache &c = **cache;
                const auto measure = [&](Step &s) {
                    c.settlePrefault();
                    s.rss = (long long)(currentRssBytes() - base);
                    s.backed = (long long)c.prefaultedBytes();
                };
                // Reads `count` records not cached yet, layer by layer from `from`.
                bool ok = true;
                const auto read = [&](int from, int count) {
                    for (int i = from; i < from + count; ++i)
                        ok = ok && c.acquire(kFirstLayer + i / kExperts, i % kExperts).isOk();
                };
                measure(r.open);
                read(0, 24);
                measure(r.filled24);
                ok = ok && c.resize(8).isOk();
                measure(r.after8);
                ok = ok && c.resize(64).isOk();
                measure(r.grown64);
                read(24, 40); // 8 survivors + 40 = 48 slots filled
                measure(r.filled48);
                ok = ok && c.stats().demandMisses == 64 && c.stats().demandHits == 0;
                r.ok = ok ? 1 : 0;
            },
            result));
        QCOMPARE(result.ok, 1ll);
        const auto mib = [](long long b) { return double(b) / 1048576; };
        for (const auto &[name, s] : {std::pair<const char *, Step>{"at open", result.open},
                                      {"24 read", result.filled24},
                                      {"shrunk to 8", result.after8},
                                      {"grown to 64", result.grown64},
                                      {"48 filled", result.filled48}})
            qInfo("%-12s RSS over the baseline %6.2f MiB, prefault backed %6.2f MiB", name, mib(s.rss), mib(s.backed));
        const auto slotBytesOf = [](double n) { return (long long)(n * double(bigRecord)); };
        // Besides the slots: the index (~12 KiB), the readers' stacks and heap
        // arenas (1.2-2 MiB on Debian 12, depending on the build and the
        // machine). At open that is checked against a fixed 2 MiB; after the
        // reads, against what this process held at open besides its slots plus
        // 1 MiB for the arenas the reads touch (a fixed 2 MiB failed by 10 KiB).
        const long long slack = 2 << 20;
        const long long heldBesidesSlots = std::max(result.open.rss - result.open.backed, 0LL) + (1 << 20);
        // What the prefault wants: the filled slots plus an eighth, at least
        // one slot (ExpertCache::prefaultEnd).
        const auto wanted = [&](int filled) { return prefault ? slotBytesOf(filled + std::max(filled / 8, 1)) : 0; };
        QCOMPARE(result.open.backed, wanted(0));
        QCOMPARE(result.filled24.backed, wanted(24));
        QCOMPARE(result.after8.backed, std::min(wanted(24), slotBytesOf(8)));
        QCOMPARE(result.grown64.backed, std::max(std::min(wanted(24), slotBytesOf(8)), wanted(8)));
        QCOMPARE(result.filled48.backed, wanted(48));
        QVERIFY2(result.open.rss <= slotBytesOf(1) + slack, "memory was taken at open, before any read");
        QVERIFY2(result.filled24.rss >= slotBytesOf(24) && result.filled24.rss <= wanted(24) + slotBytesOf(24) * !prefault + heldBesidesSlots,
                 "RSS does not follow 24 filled slots");
        QVERIFY2(result.after8.rss <= slotBytesOf(8) + heldBesidesSlots, "RSS after the shrink is above the 8 counted slots");
        QVERIFY2(result.grown64.rss <= slotBytesOf(9) + heldBesidesSlots, "a grow took memory before any read");
        QVERIFY2(result.filled48.rss >= slotBytesOf(48) && result.filled48.rss <= wanted(48) + slotBytesOf(48) * !prefault + heldBesidesSlots,
                 "RSS does not follow 48 filled slots");
    }

    // Peak RSS of a child that runs the cache through a long trace, touching
    // every slot, stays within the cache's budget over the process baseline.
    // Records of 256 KiB make the cache, not the test harness, the bulk of it.
    void peakRssWithinBudget_data()
    {
        QTest::addColumn<int>("nSlots");
        QTest::newRow("minimum (8 slots, 2 MiB)") << 2 * kTopK;
        QTest::newRow("1 ws (16 slots, 4 MiB)") << kTopK * kLayers;
        QTest::newRow("3 ws (48 slots, 12 MiB)") << 3 * kTopK * kLayers;
        QTest::newRow("all (128 slots, 32 MiB)") << kLayers * kExperts;
        QTest::newRow("no cache (8 slots)") << -2 * kTopK;
    }
    void peakRssWithinBudget()
    {
        QFETCH(int, nSlots);
#if SLUICE_TEST_SANITIZED
        QSKIP("peak RSS under a sanitizer measures its shadow memory (and TSan cannot fork a threaded process)");
#endif
        const QString dir = bigBanks();
        QVERIFY(!dir.isEmpty());
        const bool cacheEnabled = nSlots > 0;
        nSlots = std::abs(nSlots);
        const uint64_t budget = uint64_t(nSlots) * bigRecord + ExpertCache::indexBytes(kLayers, kExperts, nSlots);
        const uint64_t before = currentRssBytes();
        std::array<long long, 3> result{};
        QVERIFY(test::runInChild(
            [&](std::array<long long, 3> &r) {
                r = {-1, 0, 0};
                MemoryLedger ledger(budget);
                ExpertCacheOptions o = bankOptions(nSlots, bigRecord);
                o.cacheEnabled = cacheEnabled;
                auto cache = ExpertCache::open(openBanks(dir, kFirstLayer, kLayers, false), o, ledger);
                bool ok = cache.isOk();
                for (int t = 0; ok && t < 30; ++t)
                    for (int l = 0; ok && l < kLayers; ++l) {
                        (*cache)->prefetch(kFirstLayer + l, route(t, l), false);
                        for (int e : route(t, l))
                            ok = ok && (*cache)->acquire(kFirstLayer + l, e).isOk();
                    }
                if (ok) {
                    r[1] = (long long)ledger.peak();
                    r[2] = (long long)(*cache)->stats().bytesRead;
                }
                struct rusage usage {};
                getrusage(RUSAGE_SELF, &usage);
                if (ok)
                    r[0] = usage.ru_maxrss * 1024ll;
            },
            result));
        QVERIFY(result[0] > 0);
        qInfo("%d slots, budget %.2f MiB: child peak RSS %.2f MiB, parent baseline %.2f MiB, %.1f MiB read", nSlots,
              double(budget) / 1048576, double(result[0]) / 1048576, double(before) / 1048576,
              double(result[2]) / 1048576);
        QCOMPARE(uint64_t(result[1]), budget);
        QVERIFY2(uint64_t(result[0]) <= before + budget, "peak RSS exceeded the budget");
        // The cache's slots really were filled (otherwise the bound proves nothing).
        QVERIFY(uint64_t(result[2]) >= std::min<uint64_t>(budget / bigRecord, 64) * bigRecord);
    }
};

SLUICE_TEST_GUILESS_MAIN(TestExpertCache)
#include "tst_expertcache.moc"
