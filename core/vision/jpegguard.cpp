#include "vision/jpegguard.h"

#include <string>

namespace sluice::vision {

namespace {

// Checks the tables of one DHT segment whose payload is data[begin, end).
// `end` is already clamped to the data: stb reads a truncated segment's missing
// bytes as zeros, so only the bytes present can add to the code count.
Status checkDhtSegment(std::span<const uint8_t> data, size_t begin, size_t end, size_t segmentAt, bool cutShort)
{
    size_t at = begin;
    while (at < end) {
        size_t codes = 0;
        for (size_t i = 1; i <= 16 && at + i < end; ++i)
            codes += data[at + i];
        if (codes > 256)
            return makeError(ErrorCode::Format,
                SLUICE_ERRT("Error",
                    "image: damaged JPEG: Huffman table at byte %1 declares %2 codes (at most 256 are possible)"),
                at, codes);
        if (cutShort && at + 17 + codes > end)
            return Status::ok(); // the file ends inside this table: stb reports the truncation
        if (at + 17 > end)
            return makeError(ErrorCode::Format,
                SLUICE_ERRT("Error", "image: damaged JPEG: Huffman table at byte %1 is truncated"), at);
        at += 17 + codes;
    }
    if (at != end)
        return makeError(ErrorCode::Format,
            SLUICE_ERRT("Error", "image: damaged JPEG: Huffman table segment at byte %1 overruns its length"),
            segmentAt);
    return Status::ok();
}

} // namespace

Expected<JpegWalk> walkJpegMarkers(std::span<const uint8_t> data, const JpegSegmentVisitor &segment)
{
    JpegWalk walk;
    // Where stb sees a JPEG: its marker reader skips 0xFF fill bytes, so
    // FF FF ... FF D8 is a start of image to it too (fuzz_image found the
    // overflow behind such a prefix).
    if (data.size() < 2 || data[0] != 0xFF)
        return walk; // not a JPEG
    size_t soi = 1;
    while (soi < data.size() && data[soi] == 0xFF)
        ++soi;
    if (soi >= data.size() || data[soi] != 0xD8)
        return walk; // not a JPEG
    walk.isJpeg = true;
    // Every marker segment, including those between the scans of a
    // progressive JPEG (each may define new tables): entropy-coded data after a
    // start-of-scan is skipped up to the next marker that is not a stuffed
    // 0xFF00 or a restart marker.
    size_t pos = soi + 1;
    while (pos + 1 < data.size()) {
        if (data[pos] != 0xFF) {
            ++pos; // stb skips junk between segments too
            continue;
        }
        const uint8_t marker = data[pos + 1];
        if (marker == 0xFF) { // fill byte
            ++pos;
            continue;
        }
        if (marker == 0xD8 || (marker >= 0xD0 && marker <= 0xD7) || marker == 0x01 || marker == 0x00) {
            pos += 2; // markers without a length
            continue;
        }
        if (marker == 0xD9) { // end of image
            walk.reachedEnd = true;
            walk.stoppedAt = pos;
            return walk;
        }
        if (pos + 4 > data.size())
            break;
        const size_t length = size_t(data[pos + 2]) << 8 | data[pos + 3];
        const size_t declaredEnd = pos + 2 + length;
        const size_t end = declaredEnd < data.size() ? declaredEnd : data.size();
        if (segment)
            SLUICE_TRY(segment(marker, pos, pos + 4, end, declaredEnd > data.size()));
        pos = end > pos + 2 ? end : pos + 2;
        if (marker == 0xDA) {
            // Entropy-coded data: find the next real marker.
            while (pos + 1 < data.size() &&
                   !(data[pos] == 0xFF && data[pos + 1] != 0x00 && !(data[pos + 1] >= 0xD0 && data[pos + 1] <= 0xD7)))
                ++pos;
        }
    }
    walk.stoppedAt = data.size();
    return walk;
}

Status checkJpegHuffmanTables(std::span<const uint8_t> data)
{
    auto walk = walkJpegMarkers(data, [&data](uint8_t marker, size_t at, size_t begin, size_t end, bool cutShort) {
        if (marker == 0xC4 && end >= begin)
            return checkDhtSegment(data, begin, end, at, cutShort);
        return Status::ok();
    });
    return walk ? Status::ok() : walk.status();
}

} // namespace sluice::vision
