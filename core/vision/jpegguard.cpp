#include "vision/jpegguard.h"

#include <string>

namespace sluice::vision {

Status checkJpegHuffmanTables(std::span<const uint8_t> data)
{
    if (data.size() < 2 || data[0] != 0xFF || data[1] != 0xD8)
        return Status::ok(); // not a JPEG
    size_t pos = 2;
    while (pos + 4 <= data.size()) {
        if (data[pos] != 0xFF)
            return Status::ok(); // not a marker where one belongs: stb reports the damage
        const uint8_t marker = data[pos + 1];
        if (marker == 0xFF) { // fill byte
            ++pos;
            continue;
        }
        if (marker == 0xD8 || (marker >= 0xD0 && marker <= 0xD7) || marker == 0x01) {
            pos += 2; // markers without a length
            continue;
        }
        if (marker == 0xD9 || marker == 0xDA)
            return Status::ok(); // end of image, or start of scan: headers are done
        const size_t length = size_t(data[pos + 2]) << 8 | data[pos + 3];
        if (length < 2 || pos + 2 + length > data.size())
            return Status::ok(); // truncated segment: stb reports it
        if (marker == 0xC4) {
            size_t at = pos + 4;
            const size_t end = pos + 2 + length;
            while (at < end) {
                if (at + 17 > end)
                    return makeError(ErrorCode::Format, "image: JPEG Huffman table at byte " + std::to_string(at) +
                                                            " is truncated");
                size_t codes = 0;
                for (int i = 1; i <= 16; ++i)
                    codes += data[at + i];
                if (codes > 256)
                    return makeError(ErrorCode::Format, "image: JPEG Huffman table at byte " + std::to_string(at) +
                                                            " declares " + std::to_string(codes) +
                                                            " codes (at most 256 are possible)");
                at += 17 + codes;
            }
            if (at != end)
                return makeError(ErrorCode::Format, "image: JPEG Huffman table segment at byte " +
                                                        std::to_string(pos) + " overruns its length");
        }
        pos += 2 + length;
    }
    return Status::ok();
}

} // namespace sluice::vision
