#include "vision/pngguard.h"

#include <zlib.h>

#include <algorithm>
#include <string>
#include <vector>

namespace sluice::vision {

namespace {

constexpr uint8_t kSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

uint32_t be32(const uint8_t *p)
{
    return uint32_t(p[0]) << 24 | uint32_t(p[1]) << 16 | uint32_t(p[2]) << 8 | uint32_t(p[3]);
}

std::string chunkName(const uint8_t *type)
{
    std::string s;
    for (int i = 0; i < 4; ++i)
        s += (type[i] >= 0x20 && type[i] < 0x7f) ? char(type[i]) : '?';
    return s;
}

// The most bytes the image data may inflate to: every row's filter byte and
// pixels, plus the extra rows and filter bytes of Adam7's seven passes.
uint64_t inflateBound(uint32_t width, uint32_t height, uint8_t colorType, uint8_t depth)
{
    int channels = 1;
    switch (colorType) {
    case 2: channels = 3; break;
    case 4: channels = 2; break;
    case 6: channels = 4; break;
    default: channels = 1; break; // gray, palette
    }
    const uint64_t rowBytes = (uint64_t(width) * uint64_t(channels) * std::max<uint64_t>(depth, 1) + 7) / 8;
    const uint64_t plain = uint64_t(height) * (1 + rowBytes);
    return plain + plain / 2 + 7 * (uint64_t(height) + 8) * 2 + 4096;
}

// Inflates the concatenated IDAT payloads, counting the output only.
Status checkInflatedSize(std::span<const uint8_t> data, const std::vector<std::pair<size_t, size_t>> &idat,
                         bool rawDeflate, uint64_t bound)
{
    z_stream z{};
    if (inflateInit2(&z, rawDeflate ? -15 : 15) != Z_OK)
        return Status::ok(); // leave it to stb
    std::vector<uint8_t> out(64 * 1024);
    uint64_t produced = 0;
    int rc = Z_OK;
    for (const auto &[at, length] : idat) {
        z.next_in = const_cast<Bytef *>(data.data() + at);
        z.avail_in = uInt(length);
        while (z.avail_in > 0 && rc == Z_OK) {
            z.next_out = out.data();
            z.avail_out = uInt(out.size());
            rc = inflate(&z, Z_NO_FLUSH);
            produced += out.size() - z.avail_out;
            if (produced > bound) {
                inflateEnd(&z);
                return makeError(ErrorCode::Format, "image: damaged PNG: its image data inflates to more than " +
                                                        std::to_string(bound) +
                                                        " bytes, the most its header's size allows");
            }
            if (rc == Z_BUF_ERROR && z.avail_in > 0)
                rc = Z_OK; // output was full; go on
        }
        if (rc != Z_OK)
            break; // the stream ended or is damaged: stb decides
    }
    inflateEnd(&z);
    return Status::ok();
}

} // namespace

Status checkPngChunks(std::span<const uint8_t> data)
{
    if (data.size() < 8 || !std::equal(kSignature, kSignature + 8, data.begin()))
        return Status::ok(); // not a PNG
    size_t at = 8;
    uint32_t width = 0, height = 0;
    uint8_t depth = 0, colorType = 0;
    bool rawDeflate = false, haveHeader = false;
    std::vector<std::pair<size_t, size_t>> idat;
    while (data.size() - at >= 8) {
        const uint32_t length = be32(&data[at]);
        const uint8_t *type = &data[at + 4];
        const size_t left = data.size() - at - 8;
        if (std::equal(type, type + 4, "IEND"))
            break; // stb stops here without reading the CRC
        // Every chunk stb reads must fit in what follows its header (its data
        // and CRC): stb allocates for IDAT's declared length before reading.
        if (uint64_t(length) + 4 > left)
            return makeError(ErrorCode::Format, "image: damaged PNG: chunk '" + chunkName(type) + "' at byte " +
                                                    std::to_string(at) + " declares " + std::to_string(length) +
                                                    " bytes, the file has " + std::to_string(left) + " after it");
        const std::string name(reinterpret_cast<const char *>(type), 4);
        if (name == "CgBI")
            rawDeflate = true; // Apple's PNGs: raw deflate, no zlib header (stb reads them too)
        else if (name == "IHDR" && length >= 13 && !haveHeader) {
            width = be32(&data[at + 8]);
            height = be32(&data[at + 12]);
            depth = data[at + 16];
            colorType = data[at + 17];
            haveHeader = true;
        } else if (name == "IDAT" && length > 0)
            idat.emplace_back(at + 8, length);
        at += 12 + size_t(length);
    }
    if (!haveHeader || idat.empty())
        return Status::ok(); // stb names what is missing
    return checkInflatedSize(data, idat, rawDeflate, inflateBound(width, height, colorType, depth));
}

} // namespace sluice::vision
