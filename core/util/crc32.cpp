#include "util/crc32.h"

#include <zlib.h>

#if defined(SLUICE_HAVE_ISAL)
#include <isa-l/crc.h>
#endif

namespace sluice {

uint32_t crc32GzipZlib(uint32_t crc, const uint8_t *data, size_t bytes)
{
    uLong c = crc;
    while (bytes > 0) { // zlib takes a uInt length
        const uInt chunk = uInt(bytes > (1u << 30) ? (1u << 30) : bytes);
        c = crc32(c, data, chunk);
        data += chunk;
        bytes -= chunk;
    }
    return uint32_t(c);
}

uint32_t crc32Gzip(uint32_t crc, const uint8_t *data, size_t bytes)
{
#if defined(SLUICE_HAVE_ISAL)
    while (bytes > 0) { // ISA-L takes a uint64_t length; chunked like zlib for symmetry
        const size_t chunk = bytes > (size_t(1) << 30) ? (size_t(1) << 30) : bytes;
        crc = crc32_gzip_refl(crc, data, chunk);
        data += chunk;
        bytes -= chunk;
    }
    return crc;
#else
    return crc32GzipZlib(crc, data, bytes);
#endif
}

const char *crc32Backend()
{
#if defined(SLUICE_HAVE_ISAL)
    return "isa-l";
#else
    return "zlib";
#endif
}

} // namespace sluice
