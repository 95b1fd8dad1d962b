#pragma once
// FNV-1a (64-bit): the session file's model fingerprint and checksum, and the
// synthetic generator's per-tensor seeds. Not cryptographic; cheap and stable.
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace sluice {

inline constexpr uint64_t kFnv64Offset = 0xcbf29ce484222325ull;
inline constexpr uint64_t kFnv64Prime = 0x100000001b3ull;

// Continues a hash `h` over `bytes` bytes (start with kFnv64Offset).
inline uint64_t fnv1a64(const void *data, size_t bytes, uint64_t h = kFnv64Offset)
{
    const auto *p = static_cast<const uint8_t *>(data);
    for (size_t i = 0; i < bytes; ++i)
        h = (h ^ p[i]) * kFnv64Prime;
    return h;
}

inline uint64_t fnv1a64(std::string_view text, uint64_t h = kFnv64Offset)
{
    return fnv1a64(text.data(), text.size(), h);
}

} // namespace sluice
