#pragma once
// CRC-32 (the gzip/zlib polynomial, reflected) of the expert records and the
// fingerprints. ISA-L's crc32_gzip_refl when the build found it (Debian
// libisal-dev: ~10x zlib's speed, which makes a CRC on the first read of
// every expert cheap next to the read itself), else zlib; both give the same
// value (tested), so files written with one verify with the other.
#include <cstddef>
#include <cstdint>

namespace sluice {

// crc32Gzip(0, p, n) == zlib's crc32(0, p, n); chaining like zlib's.
uint32_t crc32Gzip(uint32_t crc, const uint8_t *data, size_t bytes);
// zlib's implementation, for tests and benchmarks.
uint32_t crc32GzipZlib(uint32_t crc, const uint8_t *data, size_t bytes);
// "isa-l" or "zlib": what crc32Gzip uses.
const char *crc32Backend();

} // namespace sluice
