#pragma once
// Big- and little-endian integers read from image headers (PNG, JPEG, BMP,
// GIF, PSD...): one definition shared by the module's header readers.
#include <cstdint>

namespace sluice::vision {

inline uint32_t readBe32(const uint8_t *p)
{
    return uint32_t(p[0]) << 24 | uint32_t(p[1]) << 16 | uint32_t(p[2]) << 8 | uint32_t(p[3]);
}
inline uint32_t readLe16(const uint8_t *p) { return uint32_t(p[0]) | uint32_t(p[1]) << 8; }
inline uint32_t readLe32(const uint8_t *p) { return readLe16(p) | readLe16(p + 2) << 16; }

} // namespace sluice::vision
