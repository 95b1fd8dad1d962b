#pragma once
// Little-endian loads and stores for the on-disk formats (container records,
// session files, the cache's hotlist). Byte by byte, so they are correct on
// any host and for any alignment; compilers turn them into one move on x86.
#include <cstdint>
#include <string>

namespace sluice {

inline uint16_t loadLe16(const uint8_t *p) { return uint16_t(p[0] | (p[1] << 8)); }

inline uint32_t loadLe32(const uint8_t *p)
{
    return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
}

inline uint64_t loadLe64(const uint8_t *p) { return uint64_t(loadLe32(p)) | uint64_t(loadLe32(p + 4)) << 32; }

inline void storeLe16(uint8_t *p, uint16_t v)
{
    p[0] = uint8_t(v);
    p[1] = uint8_t(v >> 8);
}

inline void storeLe32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; ++i)
        p[i] = uint8_t(v >> (8 * i));
}

inline void storeLe64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; ++i)
        p[i] = uint8_t(v >> (8 * i));
}

// Appends v to a byte string (file images built in memory).
inline void appendLe32(std::string &out, uint32_t v)
{
    uint8_t b[4];
    storeLe32(b, v);
    out.append(reinterpret_cast<const char *>(b), 4);
}

inline void appendLe64(std::string &out, uint64_t v)
{
    uint8_t b[8];
    storeLe64(b, v);
    out.append(reinterpret_cast<const char *>(b), 8);
}

// Reads from a byte string at `offset` (the caller has checked the length).
inline uint32_t loadLe32(const std::string &in, size_t offset)
{
    return loadLe32(reinterpret_cast<const uint8_t *>(in.data()) + offset);
}

inline uint64_t loadLe64(const std::string &in, size_t offset)
{
    return loadLe64(reinterpret_cast<const uint8_t *>(in.data()) + offset);
}

} // namespace sluice
