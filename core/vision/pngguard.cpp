#include "vision/pngguard.h"
#include "vision/byteorder.h"

#include <zlib.h>

#include <algorithm>
#include <string>
#include <vector>

namespace sluice::vision {

namespace {

constexpr uint8_t kSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

std::string chunkName(const uint8_t *type)
{
    std::string s;
    for (int i = 0; i < 4; ++i)
        s += (type[i] >= 0x20 && type[i] < 0x7f) ? char(type[i]) : '?';
    return s;
}

int channelsOf(uint8_t colorType)
{
    switch (colorType) {
    case 2: return 3;
    case 4: return 2;
    case 6: return 4;
    default: return 1; // gray, palette
    }
}

// Exactly the bytes the image data inflates to in a whole file: every row's
// filter byte and pixels, per Adam7 pass when interlaced (a pass with no
// pixels has no rows).
uint64_t inflatedSize(uint32_t width, uint32_t height, uint8_t colorType, uint8_t depth, bool interlaced)
{
    const uint64_t bitsPerPixel = uint64_t(channelsOf(colorType)) * std::max<uint64_t>(depth, 1);
    auto image = [&](uint64_t w, uint64_t h) { return w == 0 || h == 0 ? 0 : h * (1 + (w * bitsPerPixel + 7) / 8); };
    if (!interlaced)
        return image(width, height);
    static const int x0[7] = {0, 4, 0, 2, 0, 1, 0}, y0[7] = {0, 0, 4, 0, 2, 0, 1};
    static const int dx[7] = {8, 8, 4, 4, 2, 2, 1}, dy[7] = {8, 8, 8, 4, 4, 2, 2};
    uint64_t total = 0;
    for (int p = 0; p < 7; ++p)
        total += image(width > uint32_t(x0[p]) ? (uint64_t(width) - x0[p] + dx[p] - 1) / dx[p] : 0,
                       height > uint32_t(y0[p]) ? (uint64_t(height) - y0[p] + dy[p] - 1) / dy[p] : 0);
    return total;
}

// Inflates the concatenated IDAT payloads, counting the output only. The
// stream must end (zlib checks its Adler-32) having produced exactly `size`
// bytes: stb reads past a cut or damaged stream as zeros and fills the rest
// of the picture with them.
Status checkInflatedSize(std::span<const uint8_t> data, const std::vector<std::pair<size_t, size_t>> &idat,
                         bool rawDeflate, uint64_t size)
{
    const uint64_t bound = size;
    z_stream z{};
    if (inflateInit2(&z, rawDeflate ? -15 : 15) != Z_OK)
        return Status::ok(); // leave it to stb
    std::vector<uint8_t> out(64 * 1024);
    uint64_t produced = 0;
    int rc = Z_OK;
    for (const auto &[at, length] : idat) {
        if (rc == Z_BUF_ERROR)
            rc = Z_OK; // no progress at the end of the last chunk: this one brings input
        z.next_in = const_cast<Bytef *>(data.data() + at);
        z.avail_in = uInt(length);
        while (z.avail_in > 0 && rc == Z_OK) {
            z.next_out = out.data();
            z.avail_out = uInt(out.size());
            rc = inflate(&z, Z_NO_FLUSH);
            produced += out.size() - z.avail_out;
            if (produced > bound) {
                inflateEnd(&z);
                return makeError(ErrorCode::Format,
                    SLUICE_ERRT("Error",
                        "image: damaged PNG: its image data inflates to more than %1 bytes, the most its header's size "
                        "allows"),
                    bound);
            }
            if (rc == Z_BUF_ERROR && z.avail_in > 0)
                rc = Z_OK; // output was full; go on
        }
        if (rc != Z_OK)
            break; // the stream ended or is damaged
    }
    // All input given: output zlib still holds (the window was full when the
    // input ran out) is drained and counted before judging the stream.
    while (rc == Z_OK) {
        z.next_out = out.data();
        z.avail_out = uInt(out.size());
        rc = inflate(&z, Z_NO_FLUSH);
        const uint64_t n = out.size() - z.avail_out;
        produced += n;
        if (produced > bound) {
            inflateEnd(&z);
            return makeError(ErrorCode::Format,
                SLUICE_ERRT("Error",
                    "image: damaged PNG: its image data inflates to more than %1 bytes, the most its header's size "
                    "allows"),
                bound);
        }
        if (rc == Z_OK && n == 0)
            break; // no progress without more input: the stream is cut
    }
    inflateEnd(&z);
    if (rc == Z_STREAM_END && produced == size)
        return Status::ok();
    if (rc == Z_STREAM_END)
        return makeError(ErrorCode::Format,
            SLUICE_ERRT("Error", "image: damaged PNG: its image data inflates to %1 bytes, its header's size needs %2"),
            produced, size);
    if (rc == Z_OK || rc == Z_BUF_ERROR)
        return makeError(ErrorCode::Format,
            SLUICE_ERRT("Error", "image: truncated PNG: its image data ends after %1 of %2 bytes"), produced, size);
    return makeError(ErrorCode::Format,
        SLUICE_ERRT("Error", "image: damaged PNG: its image data does not inflate (%1)"),
        (z.msg ? z.msg : "zlib error " + std::to_string(rc)));
}

} // namespace

Status checkPngChunks(std::span<const uint8_t> data)
{
    if (data.size() < 8 || !std::equal(kSignature, kSignature + 8, data.begin()))
        return Status::ok(); // not a PNG
    size_t at = 8;
    uint32_t width = 0, height = 0;
    uint8_t depth = 0, colorType = 0;
    bool rawDeflate = false, haveHeader = false, interlaced = false, haveEnd = false;
    std::vector<std::pair<size_t, size_t>> idat;
    while (data.size() - at >= 8) {
        const uint32_t length = readBe32(&data[at]);
        const uint8_t *type = &data[at + 4];
        const size_t left = data.size() - at - 8;
        if (std::equal(type, type + 4, "IEND")) {
            // IEND holds no data, so a file cut right after its type has lost
            // nothing (some writers drop that CRC: tst_pngguard keeps them
            // readable); a CRC that is there must match.
            if (left >= 4 && (length != 0 || readBe32(&data[at + 8]) != uint32_t(crc32(0, type, 4))))
                return makeError(ErrorCode::Format,
                    SLUICE_ERRT("Error", "image: damaged PNG: chunk 'IEND' at byte %1 fails its CRC"), at);
            haveEnd = true;
            break; // stb stops here
        }
        // Every chunk stb reads must fit in what follows its header (its data
        // and CRC): stb allocates for IDAT's declared length before reading.
        if (uint64_t(length) + 4 > left)
            return makeError(ErrorCode::Format,
                SLUICE_ERRT("Error",
                    "image: truncated or damaged PNG: chunk '%1' at byte %2 declares %3 bytes, the file has %4 after "
                    "it"),
                chunkName(type), at, length, left);
        // Every chunk's CRC (over type and data) before stb reads it: stb
        // skips the CRC, so a flipped bit in the image data became a wrong
        // picture instead of an error.
        if (readBe32(&data[at + 8 + length]) != uint32_t(crc32(0, type, uInt(4 + length))))
            return makeError(ErrorCode::Format,
                SLUICE_ERRT("Error", "image: damaged PNG: chunk '%1' at byte %2 fails its CRC"), chunkName(type), at);
        const std::string name(reinterpret_cast<const char *>(type), 4);
        if (name == "CgBI")
            rawDeflate = true; // Apple's PNGs: raw deflate, no zlib header (stb reads them too)
        else if (name == "IHDR" && length >= 13 && !haveHeader) {
            width = readBe32(&data[at + 8]);
            height = readBe32(&data[at + 12]);
            depth = data[at + 16];
            colorType = data[at + 17];
            interlaced = data[at + 20] != 0;
            haveHeader = true;
        } else if (name == "IDAT" && length > 0)
            idat.emplace_back(at + 8, length);
        at += 12 + size_t(length);
    }
    if (!haveEnd)
        return makeError(ErrorCode::Format,
            SLUICE_ERRT("Error", "image: truncated PNG: the file ends at byte %1 before its IEND chunk"), data.size());
    if (!haveHeader || idat.empty())
        return Status::ok(); // stb names what is missing
    return checkInflatedSize(data, idat, rawDeflate, inflatedSize(width, height, colorType, depth, interlaced));
}

} // namespace sluice::vision
