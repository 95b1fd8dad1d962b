#pragma once
// The RAM budget as a hard ceiling (spec 9): every buffer the engine owns is
// registered here under a name, and a registration that would take the total
// over the ceiling fails with ErrorCode::Budget instead of letting the process
// grow into swap or the OOM killer. After Engine::open, total() equals the
// planner's CacheSizing::engineBytes exactly; a test compares them.
//
//   MemoryLedger ledger(budgetBytes);
//   Expected<LedgerBuffer> buf = ledger.allocate("logits", vocab * 4);   // aligned, owned, released on destruction
//   Status s = ledger.reserve("trunk", bytes);  ...  ledger.unreserve("trunk", bytes);  // memory allocated elsewhere
//   ledger.total(), ledger.peak(), ledger.ceiling(), ledger.entries()
//
// Thread-safe. The ledger must outlive every LedgerBuffer it hands out.
#include "util/aligned.h"
#include "util/status.h"

#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

namespace sluice {

class MemoryLedger;

// An aligned heap buffer whose bytes are counted against a ledger.
class LedgerBuffer {
public:
    LedgerBuffer() = default;
    LedgerBuffer(LedgerBuffer &&other) noexcept;
    LedgerBuffer &operator=(LedgerBuffer &&other) noexcept;
    LedgerBuffer(const LedgerBuffer &) = delete;
    LedgerBuffer &operator=(const LedgerBuffer &) = delete;
    ~LedgerBuffer();

    uint8_t *data() const { return m_data.get(); }
    uint64_t size() const { return m_bytes; }
    const std::string &name() const { return m_name; }
    explicit operator bool() const { return bool(m_data); }
    void reset();

private:
    friend class MemoryLedger;
    MemoryLedger *m_ledger = nullptr;
    AlignedPtr<uint8_t> m_data;
    uint64_t m_bytes = 0;
    std::string m_name;
};

class MemoryLedger {
public:
    struct Entry {
        std::string name;
        uint64_t bytes = 0;
    };

    explicit MemoryLedger(uint64_t ceilingBytes);
    MemoryLedger(const MemoryLedger &) = delete;
    MemoryLedger &operator=(const MemoryLedger &) = delete;

    // Counts `bytes` under `name` (several reservations of one name add up).
    // Fails, changing nothing, when total() + bytes would exceed the ceiling.
    Status reserve(const std::string &name, uint64_t bytes);
    // Gives back bytes reserved under `name` (clamped to what that name holds).
    void unreserve(const std::string &name, uint64_t bytes);

    // reserve() + an aligned allocation (alignment a power of two, >= sizeof(void*)).
    // The bytes counted are exactly `bytes`: callers pass multiples of the
    // alignment where the planner counts whole slots.
    Expected<LedgerBuffer> allocate(const std::string &name, uint64_t bytes, size_t alignment = 4096);

    // The live budget (issue 19): a new ceiling below total() is refused,
    // changing nothing — give the memory back first (ExpertCache::resize).
    Status setCeiling(uint64_t ceilingBytes);
    uint64_t ceiling() const;
    uint64_t total() const;
    uint64_t peak() const;
    uint64_t bytesFor(const std::string &name) const;
    std::vector<Entry> entries() const; // in first-registration order, zero entries dropped

private:
    mutable std::mutex m_mutex;
    uint64_t m_ceiling;
    uint64_t m_total = 0;
    uint64_t m_peak = 0;
    std::vector<Entry> m_entries;
};

} // namespace sluice
