#include "expertcache.h"
#include "util/regularfile.h"

#include "memoryplanner.h"
#include "util/bytes.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <new>

namespace sluice {

// Outside the anonymous namespace: ExpertCache::Slot (a member type) holds one,
// and GCC warns about such a field when a unity batch includes this file.
enum class SlotState : uint8_t { Empty, InFlight, Ready, Failed };

namespace {

enum SlotFlags : uint8_t {
    Speculative = 1, // read by the lookahead, no demand yet
    ReadAhead = 2,   // read by the layer's read-ahead, no demand yet (the demand counts as a miss)
};

constexpr uint32_t kNoKey = 0xffffffffu;
constexpr uint32_t kHotlistMagic = 0x47535557u; // "WUSG"

using Clock = std::chrono::steady_clock;

std::string where(int layer, int expert)
{
    return "layer " + std::to_string(layer) + ", expert " + std::to_string(expert);
}

} // namespace

// One record per slot; kCacheIndexBytesPerSlot bounds its size so the planner's
// figure is exact.
struct ExpertCache::Slot {
    SlotUsage usage;
    uint32_t key = kNoKey;
    SlotState state = SlotState::Empty;
    uint8_t flags = 0;
    uint8_t note = 0; // the holder's (ExpertHandle::note), zeroed when the slot changes record
    int16_t holders = 0;
    // Read jobs handed to the readers for this slot and not finished (queued,
    // running, or about to find they were cancelled): a read of the slot's
    // next record waits until the frame has no other writer.
    int16_t jobs = 0;
    uint32_t pinGeneration = 0;
    uint32_t readSeq = 0;
    // A speculative read's layer-run count when it was issued: once that
    // layer runs again the guess is settled (used, or known wrong).
    uint32_t speculatedAtRun = 0;
};

// One record per (layer, expert): where it lives, and its use history,
// remembered across evictions for LRU-2 and LRFU.
struct ExpertCache::KeyEntry {
    int32_t slot = -1;
    float crf = 0;         // UseHistory::crf
    uint64_t lastUse = 0;  // UseHistory::lastUse
};

uint64_t ExpertCache::indexBytes(int layerCount, int expertsPerLayer, int slotCount)
{
    static_assert(sizeof(Slot) <= kCacheIndexBytesPerSlot && sizeof(KeyEntry) <= kCacheIndexBytesPerKey);
    return expertCacheIndexBytes(layerCount, expertsPerLayer, slotCount);
}

ExpertHandle &ExpertHandle::operator=(ExpertHandle &&other) noexcept
{
    if (this != &other) {
        release();
        m_cache = other.m_cache;
        m_slot = other.m_slot;
        m_data = other.m_data;
        m_note = other.m_note;
        m_size = other.m_size;
        m_layer = other.m_layer;
        m_expert = other.m_expert;
        other.m_cache = nullptr;
        other.m_slot = -1;
        other.m_data = nullptr;
        other.m_note = nullptr;
    }
    return *this;
}

void ExpertHandle::release()
{
    if (m_cache)
        m_cache->releaseSlot(m_slot);
    m_cache = nullptr;
    m_slot = -1;
    m_data = nullptr;
    m_note = nullptr;
}

Expected<std::unique_ptr<ExpertCache>> ExpertCache::open(std::vector<std::shared_ptr<DirectFile>> banks,
                                                         const ExpertCacheOptions &options, MemoryLedger &ledger)
{
    const ExpertCacheOptions &o = options;
    if (banks.empty() || o.expertsPerLayer <= 0 || o.expertsPerLayer > 65536 || o.firstLayer < 0 ||
        o.firstLayer + int(banks.size()) > 65536)
        return makeError(ErrorCode::InvalidArgument,
            SLUICE_ERRT("Error", "expert cache: no banks, or layer/expert counts out of range"));
    if (o.recordBytes == 0 || o.recordBytes % DirectFile::kAlignment != 0)
        return makeError(ErrorCode::InvalidArgument,
            SLUICE_ERRT("Error", "expert cache: record size %1 B is not a multiple of 4096"), o.recordBytes);
    if (o.topK <= 0 || o.slotCount < 2 * o.topK)
        return makeError(ErrorCode::InvalidArgument,
            SLUICE_ERRT("Error", "expert cache: %1 slots is below the minimum of 2 x top-k = %2"), o.slotCount,
            2 * std::max(o.topK, 0));
    if (o.policy == EvictionPolicy::Belady || o.policy == EvictionPolicy::Arc || o.policy == EvictionPolicy::S3Fifo ||
        o.policy == EvictionPolicy::LeastStale)
        return makeError(ErrorCode::InvalidArgument,
            SLUICE_ERRT("Error",
                "expert cache: %1 exists only in cachesim (Belady needs the future; ARC's and S3-FIFO's lists are not "
                "per-slot scores; Least-Stale is replay only, docs/streaming.md)"),
            policyName(o.policy));
    for (size_t i = 0; i < banks.size(); ++i) {
        if (!banks[i])
            continue;
        const uint64_t need = uint64_t(o.expertsPerLayer) * o.recordBytes;
        if (banks[i]->sizeAtOpen() < need)
            return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1: %2 B, expected at least %3 B (%4 records)"),
                banks[i]->path(), banks[i]->sizeAtOpen(), need, o.expertsPerLayer);
    }

    std::unique_ptr<ExpertCache> cache(new ExpertCache);
    cache->m_options = o;
    cache->m_banks = std::move(banks);
    cache->m_keyCount = uint32_t(cache->m_banks.size()) * uint32_t(o.expertsPerLayer);

    // Address space for the largest cache resize() may grow to; only the
    // slots in use are counted (and touched), so RSS follows the ledger.
    const int capacity = std::max(o.slotCount, o.maxSlotCount);
    cache->m_capacity = capacity;
    cache->m_ledger = &ledger;
    const uint64_t slotBytes = uint64_t(o.slotCount) * o.recordBytes;
    const uint64_t indexBytesNow = indexBytes(int(cache->m_banks.size()), o.expertsPerLayer, o.slotCount);
    SLUICE_TRY(ledger.reserve("expert cache slots", slotBytes));
    cache->m_reservedSlotBytes = slotBytes;
    SLUICE_TRY(ledger.reserve("expert cache index", indexBytesNow));
    cache->m_reservedIndexBytes = indexBytesNow;
    auto memory = VirtualRegion::reserve(uint64_t(capacity) * o.recordBytes);
    if (!memory)
        return memory.status();
    cache->m_slotMemory = std::move(*memory);
    auto index = VirtualRegion::reserve(indexBytes(int(cache->m_banks.size()), o.expertsPerLayer, capacity));
    if (!index)
        return index.status();
    cache->m_index = std::move(*index);
    uint8_t *base = cache->m_index.data();
    cache->m_keys = reinterpret_cast<KeyEntry *>(base);
    for (uint32_t k = 0; k < cache->m_keyCount; ++k)
        new (&cache->m_keys[k]) KeyEntry();
    // Keys, then the per-layer run clocks, then the slot records last: the
    // slot records are the part resize() grows into the reserved space.
    cache->m_layerRuns = reinterpret_cast<uint64_t *>(base + uint64_t(cache->m_keyCount) * kCacheIndexBytesPerKey);
    for (size_t l = 0; l < cache->m_banks.size(); ++l)
        cache->m_layerRuns[l] = 0;
    cache->m_slots = reinterpret_cast<Slot *>(base + uint64_t(cache->m_keyCount) * kCacheIndexBytesPerKey +
                                              uint64_t(cache->m_banks.size()) * kCacheIndexBytesPerLayer);
    for (int s = 0; s < o.slotCount; ++s)
        new (&cache->m_slots[s]) Slot();
    cache->m_chooser = VictimChooser(o.policy);
    cache->m_layerTime = o.policy == EvictionPolicy::LrfuLayer;
    // LRFU-layer starts with the demands-only decay; the first read-ahead
    // switches it to the size curve (rescoreForSize).
    cache->m_lambda = cache->m_layerTime ? kLrfuLayerLambda
                                         : kLrfuLambdaPerToken / double(o.topK * int(cache->m_banks.size()));
    cache->m_pool = std::make_unique<ReaderPool>(std::max(1, o.ioThreads));
    if (!cache->m_pool->startStatus().isOk())
        return makeError(cache->m_pool->startStatus().code(), SLUICE_ERRT("Error", "%1; ask for fewer I/O threads"),
            cache->m_pool->startStatus().message());
    if (o.prefault)
        cache->m_pool->setIdleWork([c = cache.get()] { return c->prefaultStep(); });
    return cache;
}

ExpertCache::~ExpertCache()
{
    m_pool.reset(); // running reads complete into slots that still exist
    if (m_ledger) {
        m_ledger->unreserve("expert cache slots", m_reservedSlotBytes);
        m_ledger->unreserve("expert cache index", m_reservedIndexBytes);
    }
}

int ExpertCache::slotCount() const
{
    std::lock_guard lock(m_mutex);
    return m_options.slotCount;
}

// Called with the mutex held; both slots idle (no holders, no read in flight).
void ExpertCache::moveSlot(int from, int to)
{
    Slot &src = m_slots[from];
    Slot &dst = m_slots[to];
    if (src.state == SlotState::Ready)
        std::memcpy(frame(to), frame(from), size_t(m_options.recordBytes));
    const uint32_t seq = dst.readSeq; // sequence numbers only grow per slot
    dst = src;
    dst.readSeq = std::max(seq, src.readSeq) + 1;
    if (dst.key != kNoKey)
        m_keys[dst.key].slot = to;
    if (auto it = m_errors.find(from); it != m_errors.end()) {
        m_errors[to] = it->second;
        m_errors.erase(from);
    }
    src = Slot();
}

Status ExpertCache::resize(int slots)
{
    std::unique_lock lock(m_mutex);
    const int current = m_options.slotCount;
    if (slots < 2 * m_options.topK || slots > m_capacity)
        return makeError(ErrorCode::InvalidArgument,
            SLUICE_ERRT("Error",
                "expert cache: %1 slots is outside 2 x top-k = %2 .. %3 (the most this cache can grow to without "
                "reopening the model)"),
            slots, 2 * m_options.topK, m_capacity);
    const int layers = int(m_banks.size());
    const uint64_t newSlotBytes = uint64_t(slots) * m_options.recordBytes;
    const uint64_t newIndexBytes = indexBytes(layers, m_options.expertsPerLayer, slots);
    if (slots == current)
        return Status::ok();
    if (slots > current) {
        SLUICE_TRY(m_ledger->reserve("expert cache slots", newSlotBytes - m_reservedSlotBytes));
        if (Status st = m_ledger->reserve("expert cache index", newIndexBytes - m_reservedIndexBytes); !st.isOk()) {
            m_ledger->unreserve("expert cache slots", newSlotBytes - m_reservedSlotBytes);
            return st;
        }
        for (int i = current; i < slots; ++i)
            new (&m_slots[i]) Slot();
        m_reservedSlotBytes = newSlotBytes;
        m_reservedIndexBytes = newIndexBytes;
        m_options.slotCount = slots;
        rescoreForSize();
        if (m_options.prefault)
            m_pool->wakeIdle();
        return Status::ok();
    }
    // Shrink. Reads in flight finish first; a held slot is the caller's
    // mistake (between tokens nothing is held), refused before any change.
    m_cv.wait(lock, [&] {
        if (m_prefaulting > 0)
            return false; // a step backing pages the shrink hands back
        for (int i = 0; i < current; ++i)
            if (m_slots[i].state == SlotState::InFlight || m_slots[i].jobs > 0)
                return false;
        return true;
    });
    for (int i = 0; i < current; ++i)
        if (m_slots[i].holders > 0)
            return makeError(ErrorCode::InvalidArgument,
                SLUICE_ERRT("Error", "expert cache: cannot shrink while a record is held (slot %1)"), i);
    ++m_generation; // pins are a hint; they do not survive a resize
    m_pinned = 0;
    // Evict current - slots records in the policy's order (empty and failed
    // slots first), then pack the survivors into the first `slots` slots.
    int toFree = current - slots;
    std::vector<char> freed(size_t(current), 0);
    for (int i = 0; i < current && toFree > 0; ++i)
        if (m_slots[i].state == SlotState::Empty || m_slots[i].state == SlotState::Failed) {
            evictSlot(i);
            freed[size_t(i)] = 1;
            --toFree;
        }
    for (int i = 0; i < current; ++i)
        m_slots[i].usage.evictable = !freed[size_t(i)] && m_slots[i].state == SlotState::Ready;
    while (toFree > 0) {
        const int victim = m_chooser.choose(current, [this](int i) -> const SlotUsage & { return m_slots[i].usage; });
        if (victim < 0)
            return makeError(ErrorCode::Internal, "expert cache: the policy found no record to evict while shrinking");
        evictSlot(victim);
        m_slots[victim].usage.evictable = false;
        freed[size_t(victim)] = 1;
        --toFree;
    }
    int hole = 0;
    for (int from = slots; from < current; ++from) {
        if (freed[size_t(from)])
            continue;
        while (!freed[size_t(hole)])
            ++hole;
        moveSlot(from, hole);
        freed[size_t(hole)] = 0;
        freed[size_t(from)] = 1;
    }
    for (int i = slots; i < current; ++i)
        m_slots[i].~Slot();
    m_options.slotCount = slots;
    // The pages of the slots that went go back to the OS now.
    m_slotMemory.discard(uint64_t(slots) * m_options.recordBytes, uint64_t(current - slots) * m_options.recordBytes);
    m_prefaulted = std::min(m_prefaulted, newSlotBytes);
    m_filledSlots = std::min(m_filledSlots, slots);
    m_ledger->unreserve("expert cache slots", m_reservedSlotBytes - newSlotBytes);
    m_ledger->unreserve("expert cache index", m_reservedIndexBytes - newIndexBytes);
    m_reservedSlotBytes = newSlotBytes;
    m_reservedIndexBytes = newIndexBytes;
    rescoreForSize();
    return Status::ok();
}

// How far the prefault backs slots (bytes from the arena's start), called
// with the mutex held: the slots filled so far plus an eighth of them, at
// least one slot. Empty slots are filled lowest
// first, so this stays just ahead of the fill. Backing every counted slot at
// open (issue 14's first form) made peak RSS the budget on a model whose
// records fit a fraction of it, and at 6 GiB zeroed 1.5 M pages that
// competed with the prompt's compute on two cores (issue 31). Whatever is
// backed ahead stays under 1/8 of what the cache holds.
uint64_t ExpertCache::prefaultEnd() const
{
    const int ahead = std::max(1, m_filledSlots / 8);
    const int slots = std::min(m_options.slotCount, m_filledSlots + ahead);
    return uint64_t(slots) * m_options.recordBytes;
}

// Called with the mutex held when `slot` takes a record; moves the prefault
// mark's target and wakes an idle reader when it rose.
void ExpertCache::noteSlotFilled(int slot)
{
    if (slot < m_filledSlots)
        return;
    m_filledSlots = slot + 1;
    if (m_options.prefault && !m_prefaultOff && m_prefaulted < prefaultEnd())
        m_pool->wakeIdle();
}

// One idle-reader step of prefaulting: backs the next 2 MiB up to
// prefaultEnd(). The claim and the count change under the lock, the populate
// runs outside it; a shrink waits for running steps, so no step backs a page
// the shrink has handed back (RSS stays within the ledger's slots).
bool ExpertCache::prefaultStep()
{
    constexpr uint64_t kStepBytes = uint64_t(2) << 20; // a read queued meanwhile waits ~1 ms, not a slot's worth
    uint64_t begin = 0, bytes = 0;
    {
        std::lock_guard lock(m_mutex);
        const uint64_t end = prefaultEnd();
        if (m_prefaultOff || m_prefaulted >= end)
            return false;
        begin = m_prefaulted;
        bytes = std::min(kStepBytes, end - begin);
        m_prefaulted += bytes;
        ++m_prefaulting;
    }
    const bool ok = m_slotMemory.populate(begin, bytes);
    bool last = false;
    {
        std::lock_guard lock(m_mutex);
        last = --m_prefaulting == 0;
        if (!ok)
            m_prefaultOff = true;
    }
    if (last)
        m_cv.notify_all();
    return ok;
}

// LRFU-layer's decay: with read-ahead (a client that calls prefetch(layer,
// ids, false), the engine's default) it follows the cache size
// (lrfuLayerLambda); demands only, the fixed kLrfuLayerLambda (the size curve
// is worse there at 1x: it relies on the layer being pinned before its misses).
// After a change every resident record is ranked again from its key's history
// under the new decay, so the order stays one scale. Placement only.
void ExpertCache::rescoreForSize()
{
    if (!m_layerTime)
        return;
    m_lambda = m_readAheadSeen ? lrfuLayerLambda(m_options.slotCount, m_options.topK * int(m_banks.size()))
                               : kLrfuLayerLambda;
    for (int i = 0; i < m_options.slotCount; ++i) {
        Slot &s = m_slots[i];
        if (s.key == kNoKey || m_keys[s.key].lastUse == 0)
            continue;
        const KeyEntry &k = m_keys[s.key];
        s.usage.score = std::log2(double(k.crf)) + m_lambda * double(k.lastUse);
    }
    if (m_runLayer >= 0)
        m_chooser.setLayerClock(m_layerRuns, int(m_banks.size()), m_runLayer, m_lambda);
}

Status ExpertCache::checkKey(int layer, int expert) const
{
    const int rel = layer - m_options.firstLayer;
    if (rel < 0 || rel >= int(m_banks.size()) || (!m_banks[size_t(rel)] && !m_options.reader))
        return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "%1: not a MoE layer with an expert bank"),
            where(layer, expert));
    if (expert < 0 || expert >= m_options.expertsPerLayer)
        return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "%1: expert id out of range 0..%2"),
            where(layer, expert), m_options.expertsPerLayer - 1);
    return Status::ok();
}

uint32_t ExpertCache::keyOf(int layer, int expert) const
{
    return uint32_t(layer - m_options.firstLayer) * uint32_t(m_options.expertsPerLayer) + uint32_t(expert);
}

Status ExpertCache::readRecord(int slot, int layer, int expert)
{
    uint8_t *dst = frame(slot);
    Status status;
    if (m_options.reader) {
        Expected<uint64_t> read = m_options.reader(layer, expert, dst, size_t(m_options.recordBytes));
        status = read.status();
    } else {
        const DirectFile &bank = *m_banks[size_t(layer - m_options.firstLayer)];
        status = bank.readAt(uint64_t(expert) * m_options.recordBytes, dst, size_t(m_options.recordBytes));
    }
    if (status.isOk() && m_options.validator)
        status = m_options.validator(layer, expert, dst, size_t(m_options.recordBytes));
    return status.withContext("expert record (" + where(layer, expert) + ")");
}

// Called with the mutex held.
void ExpertCache::completeRead(int slot, uint32_t seq, const Status &status)
{
    Slot &s = m_slots[slot];
    if (status.isOk())
        m_stats.bytesRead += m_options.recordBytes; // moved from disk, even for a record evicted meanwhile
    if (s.readSeq != seq || s.state != SlotState::InFlight)
        return;
    if (status.isOk()) {
        s.state = SlotState::Ready;
    } else {
        s.state = SlotState::Failed;
        ++m_stats.readsFailed;
        m_errors[slot] = status;
    }
    m_cv.notify_all();
}

// Called with the mutex held. -1 when no slot can be had; with mayWait, waits
// for in-flight reads and as a last resort drops the pins.
int ExpertCache::findVictim(bool mayWait, std::unique_lock<std::mutex> &lock, bool *droppedPins)
{
    while (true) {
        int empty = -1, inFlight = 0;
        for (int i = 0; i < m_options.slotCount; ++i) {
            Slot &s = m_slots[i];
            if (s.state == SlotState::Empty && s.holders == 0) {
                empty = i;
                break;
            }
            if (s.state == SlotState::InFlight)
                ++inFlight;
            s.usage.evictable = (s.state == SlotState::Ready || s.state == SlotState::Failed || isSettledGuess(s)) &&
                                s.holders == 0 && s.pinGeneration != m_generation;
        }
        if (empty >= 0)
            return empty;
        // A failed slot is the best victim: it holds nothing.
        for (int i = 0; i < m_options.slotCount; ++i)
            if (m_slots[i].state == SlotState::Failed && m_slots[i].usage.evictable)
                return i;
        const int victim = m_chooser.choose(m_options.slotCount, [this](int i) -> const SlotUsage & { return m_slots[i].usage; });
        if (victim >= 0 || !mayWait)
            return victim;
        if (m_pinned > 0) {
            // Pins are a hint; a demand must not fail because of them.
            ++m_generation;
            m_pinned = 0;
            if (droppedPins)
                *droppedPins = true;
            continue;
        }
        if (inFlight == 0)
            return -1; // every slot is held by a handle
        m_cv.wait(lock);
    }
}

void ExpertCache::evictSlot(int slot)
{
    Slot &s = m_slots[slot];
    if (s.key != kNoKey) {
        if (s.flags & Speculative)
            ++m_stats.speculativeWasted;
        m_keys[s.key].slot = -1;
    }
    m_errors.erase(slot);
    s.key = kNoKey;
    s.state = SlotState::Empty;
    s.flags = 0;
    s.note = 0; // the next record comes as stored (under the mutex, nobody holds it)
}

void ExpertCache::assignSlot(int slot, uint32_t key, uint8_t flags)
{
    evictSlot(slot);
    Slot &s = m_slots[slot];
    KeyEntry &k = m_keys[key];
    if (k.slot >= 0 && k.slot != slot)
        m_slots[k.slot].key = kNoKey; // a failed slot whose waiters still read its error
    s.key = key;
    s.state = SlotState::InFlight;
    s.flags = flags;
    ++s.readSeq;
    // Until its first demand the record ranks as if used now; the key's history
    // is only updated by demand uses (noteUse).
    s.usage.hits = 1;
    s.usage.layer = int32_t(key / uint32_t(m_options.expertsPerLayer));
    s.usage.lastUse = s.usage.inserted = m_clock;
    s.usage.previousUse = k.lastUse;
    UseHistory h{k.crf, 0, k.lastUse};
    s.usage.score = recordUse(h, std::max<uint64_t>(policyNow(s.usage.layer), 1), m_lambda);
    s.usage.evictable = false;
    s.speculatedAtRun = uint32_t(m_layerRuns[s.usage.layer]);
    k.slot = slot;
    noteSlotFilled(slot);
}

// A demand read on the caller's thread: the slot is held and in flight, so
// the lock is released for the read and taken again to complete it.
Status ExpertCache::readWhileHeld(std::unique_lock<std::mutex> &lock, int slot, int layer, int expert)
{
    Slot &s = m_slots[slot];
    const uint32_t seq = s.readSeq;
    m_cv.wait(lock, [&] { return s.jobs == 0; }); // an evicted guess still being read into the frame
    readStarted();
    lock.unlock();
    const Status status = readRecord(slot, layer, expert);
    lock.lock();
    readEnded();
    completeRead(slot, seq, status);
    return status;
}

// Called with the mutex held, around every record read: the time with at
// least one read running (ExpertCacheStats::readBusySeconds).
void ExpertCache::readStarted()
{
    if (m_readsRunning++ == 0)
        m_busySince = Clock::now();
}

void ExpertCache::readEnded()
{
    if (--m_readsRunning == 0)
        m_stats.readBusySeconds += std::chrono::duration<double>(Clock::now() - m_busySince).count();
}

// Called with the mutex held, as the read-ahead of `layer` settles the
// lookahead's guesses for it: a guess the router did not choose is dropped,
// read or not, so a read not started yet never runs (the queue is FIFO: the
// layer's own reads would wait behind it) and the slot is the first free one
// for the reads below. Which guesses are dropped follows the calls alone.
void ExpertCache::dropWrongGuesses(int layer, std::span<const int> experts)
{
    const int32_t layerIndex = layer - m_options.firstLayer;
    for (int i = 0; i < m_options.slotCount; ++i) {
        Slot &s = m_slots[i];
        if (!(s.flags & Speculative) || s.holders > 0 || s.key == kNoKey || s.usage.layer != layerIndex)
            continue;
        const int expert = int(s.key % uint32_t(m_options.expertsPerLayer));
        if (std::find(experts.begin(), experts.end(), expert) != experts.end())
            continue;
        evictSlot(i); // a read still running ends before the slot's next read starts (submitRead)
        ++s.readSeq;  // and one not started is cancelled
    }
}

// Called with the mutex held.
bool ExpertCache::isSettledGuess(const Slot &s) const
{
    return s.state == SlotState::InFlight && (s.flags & Speculative) &&
           uint32_t(m_layerRuns[s.usage.layer]) != s.speculatedAtRun;
}

// Called with the mutex held. The job reads only while its record still owns
// the slot (a settled guess evicted before its read started costs nothing),
// and only once no earlier job writes into the frame.
void ExpertCache::submitRead(int slot, int layer, int expert)
{
    const uint32_t seq = m_slots[slot].readSeq;
    ++m_slots[slot].jobs;
    m_pool->submit([this, slot, seq, layer, expert] {
        std::unique_lock lock(m_mutex);
        Slot &s = m_slots[slot];
        m_cv.wait(lock, [&] { return s.readSeq != seq || s.jobs == 1; });
        if (s.readSeq != seq) {
            ++m_stats.readsCancelled;
            --s.jobs;
            m_cv.notify_all();
            return;
        }
        readStarted();
        lock.unlock();
        const Status status = readRecord(slot, layer, expert);
        lock.lock();
        readEnded();
        --s.jobs;
        completeRead(slot, seq, status);
        m_cv.notify_all();
    });
}

// LRFU-layer's clock: a run of a layer starts with its read-ahead (one per
// layer run in the forward pass) or with a demand for a layer other than the
// last one (read-ahead off). Called under the lock.
void ExpertCache::noteLayerRun(int layerIndex, bool newRun)
{
    if (!newRun && layerIndex == m_runLayer)
        return;
    m_runLayer = layerIndex;
    ++m_layerRuns[layerIndex];
    m_chooser.setLayerClock(m_layerRuns, int(m_banks.size()), layerIndex, m_lambda);
}

uint64_t ExpertCache::policyNow(int layerIndex) const
{
    return m_layerTime ? m_layerRuns[layerIndex] : m_clock;
}

// A demand use of the record in `slot` at the current clock: the slot's
// ranking and the key's history move together, as in the replay.
void ExpertCache::noteUse(int slot, bool firstUse)
{
    Slot &s = m_slots[slot];
    KeyEntry &k = m_keys[s.key];
    UseHistory h{k.crf, 0, k.lastUse};
    const uint64_t previous = h.lastUse;
    s.usage.score = recordUse(h, policyNow(s.usage.layer), m_lambda);
    k.crf = h.crf;
    k.lastUse = h.lastUse;
    if (firstUse) {
        s.usage.previousUse = previous;
        s.usage.lastUse = s.usage.inserted = m_clock;
    } else {
        ++s.usage.hits;
        s.usage.previousUse = s.usage.lastUse;
        s.usage.lastUse = m_clock;
    }
}

ExpertHandle ExpertCache::makeHandle(int slot, int layer, int expert)
{
    ExpertHandle h;
    h.m_cache = this;
    h.m_slot = slot;
    h.m_data = frame(slot);
    h.m_note = &m_slots[slot].note;
    h.m_size = size_t(m_options.recordBytes);
    h.m_layer = layer;
    h.m_expert = expert;
    return h;
}

Expected<ExpertHandle> ExpertCache::acquire(int layer, int expert)
{
    return demand(layer, expert, true);
}

Expected<ExpertHandle> ExpertCache::claim(int layer, int expert)
{
    return demand(layer, expert, false);
}

bool ExpertCache::isReady(const ExpertHandle &handle) const
{
    if (handle.m_cache != this)
        return false;
    std::lock_guard lock(m_mutex);
    return m_slots[handle.m_slot].state != SlotState::InFlight;
}

Status ExpertCache::waitReady(const ExpertHandle &handle)
{
    if (handle.m_cache != this)
        return makeError(ErrorCode::InvalidArgument, "expert cache: waiting on a handle of another cache");
    std::unique_lock lock(m_mutex);
    Slot &s = m_slots[handle.m_slot];
    const auto started = Clock::now();
    m_cv.wait(lock, [&] { return s.state != SlotState::InFlight; });
    m_stats.ioWaitSeconds += std::chrono::duration<double>(Clock::now() - started).count();
    return s.state == SlotState::Failed ? readError(handle.m_slot, handle.m_layer, handle.m_expert) : Status::ok();
}

// Called with the mutex held: why the read of a failed slot failed.
Status ExpertCache::readError(int slot, int layer, int expert) const
{
    auto it = m_errors.find(slot);
    return it != m_errors.end()
        ? it->second
        : makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: read failed"), where(layer, expert));
}

// acquire (wait) or claim (no wait): the same decisions in the same order.
Expected<ExpertHandle> ExpertCache::demand(int layer, int expert, bool wait)
{
    SLUICE_TRY(checkKey(layer, expert));
    if (!m_options.cacheEnabled)
        return acquireUncached(layer, expert);
    const uint32_t key = keyOf(layer, expert);
    std::unique_lock lock(m_mutex);
    noteLayerRun(layer - m_options.firstLayer, false);
    const auto started = Clock::now();
    auto addWait = [&] { m_stats.ioWaitSeconds += std::chrono::duration<double>(Clock::now() - started).count(); };
    bool counted = false; // hit/miss is decided once per acquire
    // The first look at a resident or in-flight record decides hit or miss and
    // records the use for the eviction policy.
    auto countDemand = [&](int si) {
        if (counted)
            return;
        counted = true;
        ++m_clock;
        Slot &s = m_slots[si];
        // Waiting on (or finding) the read-ahead of this very layer is a miss;
        // a speculative read is a hit (spec 10.1).
        if (s.flags & ReadAhead)
            ++m_stats.demandMisses;
        else
            ++m_stats.demandHits;
        if (s.flags & Speculative)
            ++m_stats.speculativeUsed;
        noteUse(si, s.flags != 0); // a prefetched record's insertion stands for this first use
        s.flags = 0;
    };
    while (true) {
        const int si = m_keys[key].slot;
        if (si >= 0 && m_slots[si].state == SlotState::InFlight) {
            Slot &s = m_slots[si];
            countDemand(si);
            ++s.holders; // keeps the slot from being re-assigned while we wait
            if (!wait)
                return makeHandle(si, layer, expert); // pending: waitReady()
            const uint32_t seq = s.readSeq;
            m_cv.wait(lock, [&] { return s.readSeq != seq || s.state != SlotState::InFlight; });
            --s.holders;
            if (s.readSeq == seq && s.state == SlotState::Failed) {
                addWait();
                m_cv.notify_all();
                return readError(si, layer, expert);
            }
            continue;
        }
        if (si >= 0 && m_slots[si].state == SlotState::Ready) {
            Slot &s = m_slots[si];
            countDemand(si);
            ++s.holders;
            addWait();
            return makeHandle(si, layer, expert);
        }
        // Not resident, or failed earlier (read it again): this demand reads it.
        int slot = si;
        if (slot < 0 || m_slots[slot].holders > 0) {
            slot = findVictim(true, lock, nullptr);
            if (slot < 0)
                return makeError(ErrorCode::Internal, where(layer, expert) + ": all " +
                                                          std::to_string(m_options.slotCount) +
                                                          " expert cache slots are held; release handles sooner");
            const int now = m_keys[key].slot;
            if (now >= 0 && now != slot && m_slots[now].state != SlotState::Failed)
                continue; // another thread brought it in while we waited
        }
        if (!counted) {
            ++m_stats.demandMisses;
            ++m_clock;
        }
        counted = true;
        assignSlot(slot, key, 0);
        noteUse(slot, true);
        Slot &s = m_slots[slot];
        ++s.holders;
        if (!wait) {
            submitRead(slot, layer, expert);
            return makeHandle(slot, layer, expert); // pending: waitReady()
        }
        const Status status = readWhileHeld(lock, slot, layer, expert);
        addWait();
        if (!status.isOk()) {
            --s.holders;
            m_cv.notify_all();
            return status;
        }
        return makeHandle(slot, layer, expert);
    }
}

// No cache: every demand reads into a free slot, which is emptied on release.
Expected<ExpertHandle> ExpertCache::acquireUncached(int layer, int expert)
{
    std::unique_lock lock(m_mutex);
    const auto started = Clock::now();
    int slot = -1;
    for (int i = 0; i < m_options.slotCount && slot < 0; ++i)
        if (m_slots[i].state == SlotState::Empty && m_slots[i].holders == 0)
            slot = i;
    if (slot < 0)
        return makeError(ErrorCode::Internal, where(layer, expert) + ": all " + std::to_string(m_options.slotCount) +
                                                  " expert cache slots are held; release handles sooner");
    ++m_stats.demandMisses;
    noteSlotFilled(slot);
    Slot &s = m_slots[slot];
    s.state = SlotState::InFlight;
    s.key = kNoKey;
    ++s.readSeq;
    ++s.holders;
    const Status status = readWhileHeld(lock, slot, layer, expert);
    m_stats.ioWaitSeconds += std::chrono::duration<double>(Clock::now() - started).count();
    if (!status.isOk()) {
        --s.holders;
        evictSlot(slot);
        return status;
    }
    return makeHandle(slot, layer, expert);
}

void ExpertCache::releaseSlot(int slot)
{
    std::lock_guard lock(m_mutex);
    Slot &s = m_slots[slot];
    if (s.holders > 0)
        --s.holders;
    if (!m_options.cacheEnabled && s.holders == 0)
        evictSlot(slot);
    m_cv.notify_all();
}

void ExpertCache::prefetch(int layer, std::span<const int> experts, bool speculative)
{
    if (!m_options.cacheEnabled)
        return;
    std::unique_lock lock(m_mutex);
    if (!speculative) {
        ++m_generation; // the previous layer's pins lapse
        m_pinned = 0;
        if (!m_readAheadSeen) {
            m_readAheadSeen = true;
            rescoreForSize();
        }
        if (layer >= m_options.firstLayer && layer < m_options.firstLayer + int(m_banks.size()))
            noteLayerRun(layer - m_options.firstLayer, true);
    }
    if (!speculative && layer >= m_options.firstLayer && layer < m_options.firstLayer + int(m_banks.size()))
        dropWrongGuesses(layer, experts);
    const int maxPins = m_options.slotCount / 4;
    // The read-ahead knows the whole layer before any read: pin its resident
    // records first, so the reads below never evict a record this very layer
    // is about to use (cachesim replays the same order).
    if (!speculative)
        for (int expert : experts) {
            if (m_pinned >= maxPins)
                break;
            if (!checkKey(layer, expert).isOk())
                continue;
            const int slot = m_keys[keyOf(layer, expert)].slot;
            if (slot >= 0 && m_slots[slot].state != SlotState::Failed && m_slots[slot].pinGeneration != m_generation) {
                m_slots[slot].pinGeneration = m_generation;
                ++m_pinned;
            }
        }
    for (int expert : experts) {
        if (!checkKey(layer, expert).isOk())
            continue; // a hint is never an error
        const uint32_t key = keyOf(layer, expert);
        int slot = m_keys[key].slot;
        if (slot >= 0 && m_slots[slot].state != SlotState::Failed)
            continue; // resident: pinned above (or speculative: nothing to do)
        if (slot < 0 || m_slots[slot].holders > 0)
            slot = findVictim(false, lock, nullptr);
        if (slot < 0)
            break; // the cache is full of pinned, held or in-flight records
        assignSlot(slot, key, speculative ? Speculative : ReadAhead);
        if (speculative) {
            ++m_stats.speculativeIssued;
        } else {
            ++m_stats.readAheadIssued;
            if (m_pinned < maxPins) {
                m_slots[slot].pinGeneration = m_generation;
                ++m_pinned;
            }
        }
        submitRead(slot, layer, expert);
    }
}

ExpertCacheStats ExpertCache::stats() const
{
    std::lock_guard lock(m_mutex);
    ExpertCacheStats s = m_stats;
    if (m_readsRunning > 0) // the interval running now, up to now
        s.readBusySeconds += std::chrono::duration<double>(Clock::now() - m_busySince).count();
    return s;
}

uint64_t ExpertCache::prefaultedBytes() const
{
    std::lock_guard lock(m_mutex);
    return m_prefaulted;
}

void ExpertCache::settlePrefault()
{
    std::unique_lock lock(m_mutex);
    if (!m_options.prefault)
        return;
    m_pool->wakeIdle();
    m_cv.wait(lock, [&] { return m_prefaultOff || (m_prefaulted >= prefaultEnd() && m_prefaulting == 0); });
}

void ExpertCache::waitForReads()
{
    std::unique_lock lock(m_mutex);
    m_cv.wait(lock, [&] {
        for (int i = 0; i < m_options.slotCount; ++i)
            if (m_slots[i].jobs > 0)
                return false;
        return true;
    });
}

void ExpertCache::resetStats()
{
    std::lock_guard lock(m_mutex);
    m_stats = {};
}

bool ExpertCache::isResident(int layer, int expert) const
{
    if (!checkKey(layer, expert).isOk())
        return false;
    std::lock_guard lock(m_mutex);
    const int slot = m_keys[keyOf(layer, expert)].slot;
    return slot >= 0 && m_slots[slot].state == SlotState::Ready;
}

Status ExpertCache::writeHotlist(const std::string &path, uint64_t totalTokens) const
{
    std::vector<uint8_t> bytes(16);
    storeLe32(bytes.data(), kHotlistMagic);
    storeLe32(bytes.data() + 4, 1);
    storeLe32(bytes.data() + 8, uint32_t(totalTokens));
    storeLe32(bytes.data() + 12, uint32_t(totalTokens >> 32));
    {
        std::lock_guard lock(m_mutex);
        for (int i = 0; i < m_options.slotCount; ++i) {
            const Slot &s = m_slots[i];
            if (s.state != SlotState::Ready || s.key == kNoKey)
                continue;
            uint8_t e[16] = {};
            storeLe16(e, uint16_t(m_options.firstLayer + int(s.key / uint32_t(m_options.expertsPerLayer))));
            storeLe16(e + 2, uint16_t(s.key % uint32_t(m_options.expertsPerLayer)));
            storeLe32(e + 4, s.usage.hits);
            storeLe32(e + 8, uint32_t(std::min<uint64_t>(s.usage.lastUse, 0xffffffffu)));
            bytes.insert(bytes.end(), e, e + 16);
        }
    }
    // Write beside and rename, so a crash never leaves half a hotlist.
    const std::string temp = path + ".tmp";
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    if (!out)
        return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: cannot create"), temp);
    out.write(reinterpret_cast<const char *>(bytes.data()), std::streamsize(bytes.size()));
    out.close();
    if (!out)
        return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: write failed"), temp);
    if (std::rename(temp.c_str(), path.c_str()) != 0)
        return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: cannot replace"), path);
    return Status::ok();
}

Expected<int> ExpertCache::loadHotlist(const std::string &path)
{
    if (const Status regular = checkRegularFile(path, path + " (hotlist)"); !regular.isOk())
        return regular;
    std::ifstream in(path, std::ios::binary | std::ios::ate);
    if (!in)
        return makeError(ErrorCode::NotFound, SLUICE_ERRT("Error", "%1: cannot open hotlist"), path);
    const std::streamoff size = in.tellg();
    const uint64_t maxEntries = uint64_t(m_keyCount);
    if (size < 16 || (size - 16) % 16 != 0 || uint64_t(size - 16) / 16 > maxEntries)
        return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1: %2 B is not a hotlist of at most %3 entries"),
            path, size, maxEntries);
    std::vector<uint8_t> bytes(static_cast<size_t>(size));
    in.seekg(0);
    if (!in.read(reinterpret_cast<char *>(bytes.data()), size))
        return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: read failed"), path);
    if (loadLe32(bytes.data()) != kHotlistMagic || loadLe32(bytes.data() + 4) != 1)
        return makeError(ErrorCode::Format,
            SLUICE_ERRT("Error", "%1: not a version-1 usage.waste hotlist (bad magic or version)"), path);
    struct Entry {
        int layer, expert;
        uint32_t hits;
    };
    std::vector<Entry> entries;
    for (size_t off = 16; off < bytes.size(); off += 16) {
        const Entry e{loadLe16(&bytes[off]), loadLe16(&bytes[off + 2]), loadLe32(&bytes[off + 4])};
        const Status ok = checkKey(e.layer, e.expert);
        if (!ok.isOk())
            return makeError(
                ErrorCode::Format, SLUICE_ERRT("Error", "%1: entry %2: %3"), path, (off - 16) / 16, ok.message());
        entries.push_back(e);
    }
    std::sort(entries.begin(), entries.end(), [](const Entry &a, const Entry &b) {
        if (a.hits != b.hits)
            return a.hits > b.hits;
        return a.layer != b.layer ? a.layer < b.layer : a.expert < b.expert;
    });
    int loaded = 0;
    std::vector<std::pair<int, uint32_t>> issued;
    {
        std::unique_lock lock(m_mutex);
        for (const Entry &e : entries) {
            const uint32_t key = keyOf(e.layer, e.expert);
            if (m_keys[key].slot >= 0)
                continue; // duplicate entry
            int slot = -1;
            for (int i = 0; i < m_options.slotCount; ++i)
                if (m_slots[i].state == SlotState::Empty && m_slots[i].holders == 0) {
                    slot = i;
                    break;
                }
            if (slot < 0)
                break; // full
            assignSlot(slot, key, 0);
            submitRead(slot, e.layer, e.expert);
            issued.push_back({slot, m_slots[slot].readSeq});
        }
        for (const auto &issuedRead : issued) {
            // Plain copies: clang 14 cannot capture structured bindings in a lambda.
            const int slot = issuedRead.first;
            const auto seq = issuedRead.second;
            m_cv.wait(lock, [&] { return m_slots[slot].readSeq != seq || m_slots[slot].state != SlotState::InFlight; });
            if (m_slots[slot].readSeq == seq && m_slots[slot].state == SlotState::Ready) {
                ++loaded;
                ++m_stats.preloaded;
            }
        }
    }
    return loaded;
}

} // namespace sluice
