#pragma once
// Address space reserved up front, backed by RAM only where it is touched,
// and handed back to the OS on request. The expert cache keeps its slots here
// so the live budget (issue 19) can grow the cache without moving it and
// shrink it with RSS really falling (MADV_DONTNEED), not just the ledger's
// figure. Bytes are counted against the budget by the owner, not here.
#include "util/status.h"

#include <cstddef>
#include <cstdint>

namespace sluice {

class VirtualRegion {
public:
    VirtualRegion() = default;
    ~VirtualRegion();
    VirtualRegion(VirtualRegion &&other) noexcept;
    VirtualRegion &operator=(VirtualRegion &&other) noexcept;
    VirtualRegion(const VirtualRegion &) = delete;
    VirtualRegion &operator=(const VirtualRegion &) = delete;

    // Page-aligned, zero-filled on first touch. `bytes` is rounded up to pages.
    static Expected<VirtualRegion> reserve(uint64_t bytes);
    // Drops the pages of [offset, offset + bytes) (whole pages inside the
    // range only): RSS falls now, the next touch reads zeros.
    void discard(uint64_t offset, uint64_t bytes);
    // Backs the whole pages of [offset, offset + bytes) with RAM now
    // (MADV_POPULATE_WRITE; contents unchanged, zeros where untouched), so a
    // later O_DIRECT read into them does not fault page by page. Returns
    // false when the kernel cannot do it (before Linux 5.14, other systems):
    // nothing changed, the pages are faulted on first touch as before.
    bool populate(uint64_t offset, uint64_t bytes);

    uint8_t *data() const { return m_data; }
    uint64_t size() const { return m_bytes; }
    static uint64_t pageSize();

private:
    void release();
    uint8_t *m_data = nullptr;
    uint64_t m_bytes = 0;
};

// Sets [data, data + bytes) to zero without keeping its pages resident:
// the whole pages inside the range are handed back (Linux: MADV_DONTNEED on
// heap or private anonymous memory, whose next touch reads a fresh zero
// page), the partial pages at its ends are cleared. A buffer sized for the
// most it may ever hold (a context's latent cache, a prefill chunk's
// scratch) then costs RAM only where it is written (issue 31). Elsewhere it
// is a memset. Never for memory shared with another mapping or a file.
void zeroWithoutTouching(void *data, size_t bytes);

// Hands the heap's free pages back to the OS (glibc: malloc_trim), so memory
// freed by a temporary buffer leaves RSS before the budget gives it to
// someone else (the prefill scratch borrowed from the expert cache). Freed
// blocks below the heap's top otherwise stay resident; large blocks mapped
// on their own are unmapped at free() already. A no-op elsewhere.
void returnFreedHeapMemory();

} // namespace sluice
