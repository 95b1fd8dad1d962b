#pragma once
// Checks a JPEG's Huffman table segments before stb_image sees them.
// The stb_image in Debian 12 (2022-09-08) sums a DHT segment's 16 code-length
// counts without bounding the total, then writes that many entries into a
// 257-byte array inside its decoder state: a hostile file overwrites
// neighbouring fields (found by our libFuzzer target with UBSan; upstream
// later added the same bound). We refuse such files with a clear error.
#include "util/status.h"

#include <cstdint>
#include <span>

namespace sluice::vision {

// Ok for anything that is not a JPEG, or a JPEG whose DHT segments are sane
// (tables of at most 256 codes that fit their segment), in every segment
// including those between the scans of a progressive JPEG and a segment cut
// short by the end of the file.
Status checkJpegHuffmanTables(std::span<const uint8_t> data);

} // namespace sluice::vision
