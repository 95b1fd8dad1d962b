#pragma once
// The expert cache (spec 10.1): a fixed number of record-sized slots, sized
// from the RAM budget by the planner (CacheSizing::slotCount) and allocated
// once at open through the MemoryLedger, keyed by (layer, expert).
//
//   auto cache = ExpertCache::open(banks, options, ledger);   // banks[i] = experts-L{firstLayer+i}.bin
//   cache->prefetch(layer, ids, false);   // read-ahead: the router's choice, in compute order (pinned)
//   cache->prefetch(layer + 1, guess, true); // router lookahead: speculative, unpinned
//   Expected<ExpertHandle> h = cache->acquire(layer, expert);  // blocks until the bytes are ready
//   use h->data(), h->size(); the slot is released when the handle goes (or h->release())
//
// Slot states: empty -> in-flight -> ready | failed. Waiters block on the
// in-flight slot. Every completed read goes through the validator; a failed
// read or validation makes the slot `failed`, every acquire waiting on that read
// gets the error naming (layer, expert), and the next acquire reads it again:
// the cache stays usable.
//
// Counting: a demand acquire is a hit when the record was resident or being
// read speculatively; it is a miss when it had to be read for this demand,
// including reads that the read-ahead issued for the same layer. So hit and
// miss counts do not depend on read-ahead being on. Speculative reads that are
// evicted unused count as wasted.
//
// The key index is a direct table over (layer, expert) (the key space is dense
// and known at open, so there is nothing to probe) plus one 80-byte record per
// slot; both live in one ledger allocation of expertCacheIndexBytes().
// Thread-safe: acquire/release from compute threads, completions from readers.
#include "directfile.h"
#include "evictionpolicy.h"
#include "memoryledger.h"
#include "readerpool.h"
#include "util/status.h"
#include "util/virtualmemory.h"

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

namespace sluice {

// Applied to every completed read (e.g. format's record-header check and the
// optional CRC). A failure makes the slot `failed`; the message should say
// what is wrong, the cache prefixes (layer, expert).
using RecordValidator = std::function<Status(int layer, int expert, const uint8_t *bytes, size_t size)>;

// Reads record (layer, expert) into a slot of recordBytes (4 KiB aligned)
// instead of the bank files; returns the bytes it read. Release checkpoints
// use it to gather an expert's tensors from the shards (format/releaseexperts.h).
using RecordReader = std::function<Expected<uint64_t>(int layer, int expert, uint8_t *slot, size_t slotBytes)>;

struct ExpertCacheOptions {
    int firstLayer = 0;          // banks[i] holds layer firstLayer + i (null entries: not a MoE layer)
    int expertsPerLayer = 0;     // records per bank; expert e is at e * recordBytes
    uint64_t recordBytes = 0;    // a multiple of 4096
    int slotCount = 0;           // CacheSizing::slotCount; at least 2 * topK
    int maxSlotCount = 0;        // address space kept for resize() growth (0 = slotCount; never below it)
    int topK = 0;
    bool cacheEnabled = true;    // false: every demand is a fresh read, nothing is kept (testing)
    int ioThreads = 2;
    EvictionPolicy policy = kShippedPolicy; // Belady is refused (it needs the future)
    RecordValidator validator;   // may be empty
    RecordReader reader;         // when set, banks are only layer markers (null entries allowed)
    // Idle reader threads back slots with RAM just ahead of use, lowest slot
    // first (the order empty slots are filled): first-touch page faults then
    // leave the reads (issue 14, docs/performance.md). Only a little ahead of
    // the slots ever filled (prefaultAhead), so memory is taken as the cache
    // fills, not at open (issue 31: the budget is a ceiling, not a target);
    // never beyond the slots the ledger counts; contents and every cache
    // decision unchanged.
    bool prefault = true;
};

struct ExpertCacheStats {
    uint64_t demandHits = 0;
    uint64_t demandMisses = 0;
    uint64_t speculativeIssued = 0;
    uint64_t speculativeUsed = 0;   // speculative reads a later demand used (counted as hits)
    uint64_t speculativeWasted = 0; // speculative reads evicted before any demand
    uint64_t readsCancelled = 0;    // of those, reads evicted before they started: no bytes moved
    uint64_t readAheadIssued = 0;
    uint64_t preloaded = 0;         // records read from a hotlist at open
    uint64_t readsFailed = 0;
    uint64_t bytesRead = 0;
    double ioWaitSeconds = 0;       // time acquire() spent blocked on reads
    // Wall time with at least one record read running: a decode whose reads
    // keep the disk this busy for its whole time is at the disk's bound.
    double readBusySeconds = 0;
    double hitRate() const
    {
        const uint64_t n = demandHits + demandMisses;
        return n ? double(demandHits) / double(n) : 0.0;
    }
};

class ExpertCache;

// A ready record, held: its slot is not evicted while the handle lives.
class ExpertHandle {
public:
    ExpertHandle() = default;
    ExpertHandle(ExpertHandle &&other) noexcept { *this = std::move(other); }
    ExpertHandle &operator=(ExpertHandle &&other) noexcept;
    ExpertHandle(const ExpertHandle &) = delete;
    ExpertHandle &operator=(const ExpertHandle &) = delete;
    ~ExpertHandle() { release(); }

    const uint8_t *data() const { return m_data; }
    size_t size() const { return m_size; }
    // The holder may rewrite the record in place into an equivalent form for
    // its own use (kernels::vqMatvecRewriting) and remember what it did in
    // the slot's note. The cache never looks at either; when the slot is
    // given to a record (or a failed read is retried) the note is zeroed and
    // the stored bytes are read in. Written only by the one thread running
    // the forward pass, while it holds a ready record.
    uint8_t *writableData() const { return m_data; }
    uint8_t *note() const { return m_note; }
    int layer() const { return m_layer; }
    int expert() const { return m_expert; }
    explicit operator bool() const { return m_cache != nullptr; }
    void release();

private:
    friend class ExpertCache;
    ExpertCache *m_cache = nullptr;
    int m_slot = -1;
    uint8_t *m_data = nullptr;
    uint8_t *m_note = nullptr;
    size_t m_size = 0;
    int m_layer = -1;
    int m_expert = -1;
};

class ExpertCache {
public:
    static Expected<std::unique_ptr<ExpertCache>> open(std::vector<std::shared_ptr<DirectFile>> banks,
                                                       const ExpertCacheOptions &options, MemoryLedger &ledger);
    ~ExpertCache();
    ExpertCache(const ExpertCache &) = delete;
    ExpertCache &operator=(const ExpertCache &) = delete;

    // Demand use. Blocks until the record is ready; errors name (layer, expert).
    Expected<ExpertHandle> acquire(int layer, int expert);
    // The same demand - counted, held and told to the policy now, in the
    // caller's order - without waiting for the bytes: a record being read
    // comes back pending (a demand read of one not asked for yet goes to the
    // readers). isReady() says whether its bytes are there; waitReady() blocks
    // until they are (the read's error, if it failed). A layer's records can
    // so be claimed in the router's order and used in the order they arrive,
    // and every cache decision still follows the claims, never the disk.
    Expected<ExpertHandle> claim(int layer, int expert);
    bool isReady(const ExpertHandle &handle) const;
    Status waitReady(const ExpertHandle &handle);

    // Hands reads to the reader threads in the given order. speculative = false
    // is the read-ahead of the layer about to run: it starts a new pin
    // generation (releasing the previous layer's pins) and pins these slots, at
    // most a quarter of the cache. speculative = true (router lookahead) never
    // pins. A hint that finds no free or evictable slot is dropped.
    //
    // A guess is settled once its layer's next read-ahead (or, read-ahead
    // off, its next demand) has begun: from then on a guess nobody claimed is
    // an eviction candidate like any unheld record, whether its read has
    // landed or not. Evicting one still being read cancels the read when it
    // has not started, and makes the next record's read wait for it when it
    // has. So every eviction follows the calls alone, never the disk's timing
    // (tst_expertcache earlyLookaheadIsTimingFree), and the lookahead may run
    // while the layer before it still reads.
    void prefetch(int layer, std::span<const int> experts, bool speculative);

    ExpertCacheStats stats() const;
    void resetStats();
    // Slot bytes the prefault has backed so far (from the arena's start), and a
    // wait until it has backed all it wants for the slots filled now (or the
    // kernel refused): RSS tests and benchmarks measure a settled cache.
    uint64_t prefaultedBytes() const;
    void settlePrefault();
    // Blocks until every read handed to the readers has finished or been
    // cancelled (tests compare a cache whose reads all landed with one whose
    // reads are still running).
    void waitForReads();
    int slotCount() const;
    int maxSlotCount() const { return m_capacity; }

    // The live budget (issue 19): grows or shrinks the cache in place to
    // `slots` (2 * topK .. maxSlotCount()). Shrinking evicts the records the
    // policy would evict first, moves survivors out of the slots that go and
    // hands those pages back to the OS (RSS falls), then gives the bytes back
    // to the ledger; growing reserves the bytes first and fails, changing
    // nothing, when the ledger refuses. The ledger then holds exactly what
    // sizeCache() counts for `slots`. Call between tokens: a slot still held
    // by a handle makes a shrink fail (nothing changed); reads in flight are
    // waited for; read-ahead pins are dropped.
    Status resize(int slots);
    bool isResident(int layer, int expert) const; // ready now
    const ExpertCacheOptions &options() const { return m_options; }

    // Hotlist `usage.waste` (spec 10.1): header {u32 "WUSG" 0x47535557, u32 1,
    // u64 total_tokens} then per ready slot {u16 layer, u16 expert, u32 hits,
    // u32 last_seen, u32 0}. loadHotlist() validates the untrusted file, sorts by
    // hits (ties by layer, expert) and reads records until the cache is full;
    // it returns how many it preloaded.
    Status writeHotlist(const std::string &path, uint64_t totalTokens) const;
    Expected<int> loadHotlist(const std::string &path);

    // Bytes of bookkeeping this cache allocates (== expertCacheIndexBytes()).
    static uint64_t indexBytes(int layerCount, int expertsPerLayer, int slotCount);

private:
    struct Slot;
    struct KeyEntry;
    friend class ExpertHandle;

    ExpertCache() = default;
    Status checkKey(int layer, int expert) const;
    uint32_t keyOf(int layer, int expert) const;
    int findVictim(bool mayWait, std::unique_lock<std::mutex> &lock, bool *dropPins);
    void evictSlot(int slot);
    void assignSlot(int slot, uint32_t key, uint8_t flags);
    Status readRecord(int slot, int layer, int expert);
    void completeRead(int slot, uint32_t seq, const Status &status);
    Status readWhileHeld(std::unique_lock<std::mutex> &lock, int slot, int layer, int expert);
    void submitRead(int slot, int layer, int expert);
    bool isSettledGuess(const Slot &slot) const;
    void dropWrongGuesses(int layer, std::span<const int> experts);
    void readStarted();
    void readEnded();
    void releaseSlot(int slot);
    Expected<ExpertHandle> acquireUncached(int layer, int expert);
    Expected<ExpertHandle> demand(int layer, int expert, bool wait);
    Status readError(int slot, int layer, int expert) const;
    ExpertHandle makeHandle(int slot, int layer, int expert);
    void noteUse(int slot, bool firstUse);
    uint8_t *frame(int slot) const { return m_slotMemory.data() + uint64_t(slot) * m_options.recordBytes; }
    void moveSlot(int from, int to);
    void noteLayerRun(int layerIndex, bool newRun);
    uint64_t policyNow(int layerIndex) const;
    void rescoreForSize();
    bool prefaultStep();
    uint64_t prefaultEnd() const;
    void noteSlotFilled(int slot);

    ExpertCacheOptions m_options;
    std::vector<std::shared_ptr<DirectFile>> m_banks;
    // Slot buffers and the index live in address space reserved for
    // m_capacity slots; the ledger counts only the m_options.slotCount in use.
    MemoryLedger *m_ledger = nullptr;
    VirtualRegion m_slotMemory;
    VirtualRegion m_index;
    uint64_t m_reservedSlotBytes = 0, m_reservedIndexBytes = 0;
    int m_capacity = 0;
    KeyEntry *m_keys = nullptr;
    Slot *m_slots = nullptr;
    uint32_t m_keyCount = 0;

    mutable std::mutex m_mutex;
    std::condition_variable m_cv;
    VictimChooser m_chooser{EvictionPolicy::Lru};
    uint64_t m_clock = 0;   // demand accesses so far (the policies' time)
    double m_lambda = 0;    // LRFU decay per demand access (LRFU-layer: per run of the key's layer)
    bool m_layerTime = false; // LRFU-layer: policy time is the key's layer's run count
    bool m_readAheadSeen = false; // a read-ahead prefetch ran: LRFU-layer uses the size curve
    uint64_t *m_layerRuns = nullptr; // per MoE layer, in the index allocation
    int m_runLayer = -1;    // the layer of the current run
    uint32_t m_generation = 1;
    int m_pinned = 0;
    uint64_t m_prefaulted = 0;  // slot bytes [0, m_prefaulted) backed or being backed by prefaultStep()
    int m_filledSlots = 0;      // slots [0, m_filledSlots) have held a record (since open or the last shrink)
    int m_prefaulting = 0;      // steps running (a shrink waits for them)
    bool m_prefaultOff = false; // the kernel cannot populate: stop trying
    std::unordered_map<int, Status> m_errors; // failed slot -> why
    ExpertCacheStats m_stats;
    int m_readsRunning = 0;                              // record reads running now (readStarted/readEnded)
    std::chrono::steady_clock::time_point m_busySince; // when the running ones began to overlap
    std::unique_ptr<ReaderPool> m_pool;       // last member: its threads stop first
};

} // namespace sluice
