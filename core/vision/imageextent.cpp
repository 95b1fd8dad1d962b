#include "vision/imageextent.h"
#include "vision/byteorder.h"

#include "vision/jpegguard.h"

#include <algorithm>
#include <cstdlib>

namespace sluice::vision {

namespace {


Status truncated(const std::string &format, const std::string &what, uint64_t need, size_t have)
{
    return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "image: truncated %1: %2 needs %3 bytes, the file has %4"),
        format, what, need, have);
}

Status checkBmp(std::span<const uint8_t> d)
{
    if (d.size() < 18)
        return truncated("BMP", "the header", 18, d.size());
    const uint32_t headerSize = readLe32(&d[14]);
    if (d.size() < 14ull + std::max<uint32_t>(headerSize, 12))
        return truncated("BMP", "the header", 14ull + headerSize, d.size());
    uint64_t width = 0, height = 0, bits = 0, compression = 0;
    if (headerSize == 12) { // OS/2 BITMAPCOREHEADER: 16-bit sizes
        width = readLe16(&d[18]);
        height = readLe16(&d[20]);
        bits = readLe16(&d[24]);
    } else if (headerSize >= 40) {
        width = uint64_t(std::llabs(int64_t(int32_t(readLe32(&d[18])))));
        height = uint64_t(std::llabs(int64_t(int32_t(readLe32(&d[22]))))); // negative: rows top-down
        bits = readLe16(&d[28]);
        compression = readLe32(&d[30]);
    } else {
        return Status::ok(); // stb names the header it does not know
    }
    if (compression != 0 && compression != 3)
        return Status::ok(); // RLE and the rest: stb refuses them by name
    const uint64_t stride = (width * bits + 31) / 32 * 4;
    const uint64_t need = uint64_t(readLe32(&d[10])) + stride * height;
    if (need > d.size())
        return truncated("BMP", "its pixel data", need, d.size());
    return Status::ok();
}

Status checkTga(std::span<const uint8_t> d)
{
    if (d.size() < 18)
        return truncated("TGA", "the header", 18, d.size());
    const uint32_t type = d[2];
    const uint64_t width = readLe16(&d[12]), height = readLe16(&d[14]);
    const uint64_t pixelBytes = (uint64_t(d[16]) + 7) / 8;
    uint64_t at = 18 + uint64_t(d[0]);
    if (d[1] == 1)
        at += uint64_t(readLe16(&d[5])) * ((uint64_t(d[7]) + 7) / 8);
    const uint64_t pixels = width * height;
    if (type >= 1 && type <= 3) {
        if (at + pixels * pixelBytes > d.size())
            return truncated("TGA", "its pixel data", at + pixels * pixelBytes, d.size());
        return Status::ok();
    }
    if (type < 9 || type > 11 || pixelBytes == 0)
        return Status::ok(); // stb names the type it does not read
    // RLE: packets of a count byte and one pixel (a run) or `count` pixels
    // (raw), until width × height pixels are covered (runs may cross rows).
    // O(packets): pixels is already bounded by ImageLimits::maxPixels.
    for (uint64_t covered = 0; covered < pixels;) {
        if (at >= d.size())
            return truncated("TGA", "its RLE pixel data", at + 1, d.size());
        const uint8_t head = d[at++];
        const uint64_t count = (head & 0x7f) + 1u;
        at += (head & 0x80) ? pixelBytes : count * pixelBytes;
        if (at > d.size())
            return truncated("TGA", "its RLE pixel data", at, d.size());
        covered += count;
    }
    return Status::ok();
}

// Skips a chain of GIF data sub-blocks (a size byte, that many bytes; 0 ends it).
bool skipSubBlocks(std::span<const uint8_t> d, uint64_t &at)
{
    for (;;) {
        if (at >= d.size())
            return false;
        const uint8_t n = d[at++];
        if (n == 0)
            return true;
        at += n;
    }
}

Status checkGif(std::span<const uint8_t> d)
{
    if (d.size() < 13)
        return truncated("GIF", "the header", 13, d.size());
    uint64_t at = 13;
    if (d[10] & 0x80)
        at += 3ull << ((d[10] & 7) + 1);
    for (;;) {
        if (at >= d.size())
            return truncated("GIF", "the block structure up to its trailer", at + 1, d.size());
        const uint8_t block = d[at++];
        if (block == 0x3b)
            return Status::ok();
        if (block == 0x21) { // extension: a label, then sub-blocks
            ++at;
        } else if (block == 0x2c) { // image: descriptor, local colour table, LZW code size, sub-blocks
            if (at + 9 > d.size())
                return truncated("GIF", "an image descriptor", at + 9, d.size());
            const uint8_t flags = d[at + 8];
            at += 9;
            if (flags & 0x80)
                at += 3ull << ((flags & 7) + 1);
            ++at;
        } else {
            return Status::ok(); // not a block stb knows: it names it
        }
        if (!skipSubBlocks(d, at))
            return truncated("GIF", "the block structure up to its trailer", at + 1, d.size());
    }
}

// A JPEG is whole when the marker walk reaches its end-of-image marker: a
// file cut inside its last scan (or anywhere before it) ends without one,
// and stb would decode the missing rows as grey.
Status checkJpeg(std::span<const uint8_t> d)
{
    auto walk = walkJpegMarkers(d);
    if (!walk)
        return walk.status();
    if (!walk->isJpeg || walk->reachedEnd)
        return Status::ok();
    return makeError(ErrorCode::Format,
        SLUICE_ERRT("Error",
            "image: truncated JPEG: the file ends at byte %1 before its end-of-image marker (a download or copy cut "
            "short?)"),
        d.size());
}

} // namespace

Status checkImageExtent(std::span<const uint8_t> data, const std::string &format)
{
    if (format == "bmp")
        return checkBmp(data);
    if (format == "tga")
        return checkTga(data);
    if (format == "gif")
        return checkGif(data);
    if (format == "jpeg")
        return checkJpeg(data);
    return Status::ok();
}

} // namespace sluice::vision
