#pragma once
// Aligned heap buffers. O_DIRECT needs 4 KiB-aligned destinations; SIMD
// kernels like 64-byte alignment. Every engine allocation goes through here
// (or MemoryLedger in stream/) so the RAM budget can account for it.
#include <cstddef>
#include <cstdint>
#include <memory>

namespace sluice {

void *alignedAlloc(size_t alignment, size_t bytes); // nullptr on failure
void alignedFree(void *p);

struct AlignedDeleter {
    void operator()(void *p) const { alignedFree(p); }
};

template <typename T>
using AlignedPtr = std::unique_ptr<T[], AlignedDeleter>;

template <typename T>
AlignedPtr<T> makeAligned(size_t count, size_t alignment = 64)
{
    return AlignedPtr<T>(static_cast<T *>(alignedAlloc(alignment, count * sizeof(T))));
}

inline constexpr uint64_t roundUp(uint64_t value, uint64_t multiple)
{
    return (value + multiple - 1) / multiple * multiple;
}

} // namespace sluice
