#pragma once
// Checks a JPEG's Huffman table segments before stb_image sees them.
// The stb_image in Debian 12 (2022-09-08) sums a DHT segment's 16 code-length
// counts without bounding the total, then writes that many entries into a
// 257-byte array inside its decoder state: a hostile file overwrites
// neighbouring fields (found by our libFuzzer target with UBSan; upstream
// later added the same bound). We refuse such files with a clear error.
#include "util/status.h"

#include <cstdint>
#include <functional>
#include <span>

namespace sluice::vision {

// Ok for anything that is not a JPEG, or a JPEG whose DHT segments are sane
// (tables of at most 256 codes that fit their segment), in every segment
// including those between the scans of a progressive JPEG and a segment cut
// short by the end of the file.
Status checkJpegHuffmanTables(std::span<const uint8_t> data);

// The marker walk both checks share, as stb walks a JPEG: 0xFF fill bytes
// skipped, junk between segments skipped, the entropy-coded data after each
// start-of-scan skipped up to the next real marker. `segment` sees each
// segment with a length: its marker, where it starts, its payload
// [payloadBegin, end) clamped to the data, and whether the file cut it short;
// an error from it ends the walk.
struct JpegWalk {
    bool isJpeg = false;     // starts with (fill bytes and) a start-of-image marker
    bool reachedEnd = false; // an end-of-image marker was reached
    size_t stoppedAt = 0;    // where the walk stopped (the end-of-image marker, or the data's end)
};
using JpegSegmentVisitor =
    std::function<Status(uint8_t marker, size_t at, size_t payloadBegin, size_t end, bool cutShort)>;
Expected<JpegWalk> walkJpegMarkers(std::span<const uint8_t> data, const JpegSegmentVisitor &segment = {});

} // namespace sluice::vision
