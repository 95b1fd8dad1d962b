#include "util/virtualmemory.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string>
#include <utility>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#if defined(_WIN32)
#include <windows.h>
#else
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace sluice {

uint64_t VirtualRegion::pageSize()
{
#if defined(_WIN32)
    SYSTEM_INFO si;
    GetSystemInfo(&si);
    return si.dwPageSize;
#else
    const long p = sysconf(_SC_PAGESIZE);
    return p > 0 ? uint64_t(p) : 4096;
#endif
}

VirtualRegion::~VirtualRegion()
{
    release();
}

VirtualRegion::VirtualRegion(VirtualRegion &&other) noexcept
    : m_data(std::exchange(other.m_data, nullptr))
    , m_bytes(std::exchange(other.m_bytes, 0))
{
}

VirtualRegion &VirtualRegion::operator=(VirtualRegion &&other) noexcept
{
    if (this != &other) {
        release();
        m_data = std::exchange(other.m_data, nullptr);
        m_bytes = std::exchange(other.m_bytes, 0);
    }
    return *this;
}

Expected<VirtualRegion> VirtualRegion::reserve(uint64_t bytes)
{
    const uint64_t page = pageSize();
    if (bytes == 0 || bytes > (uint64_t(1) << 47))
        return makeError(
            ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "virtual region of %1 B is out of range"), bytes);
    const uint64_t rounded = (bytes + page - 1) / page * page;
    VirtualRegion r;
#if defined(_WIN32)
    // Committed pages still cost RAM only when touched; DiscardVirtualMemory gives them back.
    void *p = VirtualAlloc(nullptr, SIZE_T(rounded), MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    if (!p)
        return makeError(ErrorCode::Budget, SLUICE_ERRT("Error", "cannot reserve %1 B of address space"), rounded);
#else
    // MAP_NORESERVE: nothing is charged to swap or overcommit until touched.
    void *p = ::mmap(nullptr, size_t(rounded), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED)
        return makeError(ErrorCode::Budget, SLUICE_ERRT("Error", "cannot reserve %1 B of address space (%2)"), rounded,
            std::strerror(errno));
#endif
    r.m_data = static_cast<uint8_t *>(p);
    r.m_bytes = rounded;
    return r;
}

void VirtualRegion::discard(uint64_t offset, uint64_t bytes)
{
    if (!m_data || offset >= m_bytes)
        return;
    const uint64_t page = pageSize();
    uint64_t begin = (offset + page - 1) / page * page;
    uint64_t end = std::min(m_bytes, offset + bytes) / page * page;
    if (end <= begin)
        return;
#if defined(_WIN32)
    DiscardVirtualMemory(m_data + begin, SIZE_T(end - begin));
#else
    // Private anonymous memory: DONTNEED frees the pages at once (MADV_FREE
    // would leave them counted in RSS until the kernel needs them).
    ::madvise(m_data + begin, size_t(end - begin), MADV_DONTNEED);
#endif
}

bool VirtualRegion::populate(uint64_t offset, uint64_t bytes)
{
#if defined(__linux__)
    // The constant is Linux's (5.14); older headers lack the name.
    constexpr int kMadvPopulateWrite = 23;
    if (!m_data || offset >= m_bytes)
        return true;
    const uint64_t page = pageSize();
    const uint64_t begin = offset / page * page;
    const uint64_t end = std::min(m_bytes, (offset + bytes + page - 1) / page * page);
    if (end <= begin)
        return true;
    // A write fault without a write: pages a concurrent read is filling keep
    // their bytes (a touch loop would race with the read's data).
    for (int attempt = 0; attempt < 3; ++attempt) {
        if (::madvise(m_data + begin, size_t(end - begin), kMadvPopulateWrite) == 0)
            return true;
        if (errno != EINTR && errno != EAGAIN)
            return false;
    }
    return false;
#else
    (void)offset;
    (void)bytes;
    return false;
#endif
}

void VirtualRegion::release()
{
    if (!m_data)
        return;
#if defined(_WIN32)
    VirtualFree(m_data, 0, MEM_RELEASE);
#else
    ::munmap(m_data, size_t(m_bytes));
#endif
    m_data = nullptr;
    m_bytes = 0;
}

void zeroWithoutTouching(void *data, size_t bytes)
{
    if (!data || bytes == 0)
        return;
    auto *p = static_cast<uint8_t *>(data);
#if defined(__linux__)
    const uintptr_t page = uintptr_t(VirtualRegion::pageSize());
    const uintptr_t start = reinterpret_cast<uintptr_t>(p);
    const uintptr_t begin = (start + page - 1) / page * page;
    const uintptr_t end = (start + bytes) / page * page;
    if (end > begin && ::madvise(reinterpret_cast<void *>(begin), size_t(end - begin), MADV_DONTNEED) == 0) {
        std::memset(p, 0, size_t(begin - start));
        std::memset(reinterpret_cast<void *>(end), 0, size_t(start + bytes - end));
        return;
    }
#endif
    std::memset(p, 0, bytes);
}

void returnFreedHeapMemory()
{
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}

} // namespace sluice
