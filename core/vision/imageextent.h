#pragma once
// Whether a GIF, BMP, TGA or JPEG file holds all the bytes its headers promise.
// The stb_image in Debian 12 reads past the end of its buffer as zeros, so a
// truncated file decodes into a picture whose missing part is black (or the
// last colour repeated) instead of failing. PNG has its own, stricter check
// (pngguard.h: chunk CRCs and the whole zlib stream).
#include "util/status.h"

#include <cstdint>
#include <span>
#include <string>

namespace sluice::vision {

// The rule, per format (what stb reads to decode the first image):
//  - BMP (uncompressed or bit fields; stb refuses RLE): the pixel data offset
//    plus |height| rows of the 4-byte aligned stride fit in the file.
//  - TGA uncompressed: header, image ID, colour map and width × height
//    pixels fit; RLE: the packets that cover width × height pixels fit.
//  - GIF: the block structure, walked to its trailer (0x3B), fits: every
//    image's data sub-blocks and every extension are whole. An animation cut
//    after its first frame is refused too: the file is not whole.
//  - JPEG: the marker walk (jpegguard.h) reaches the end-of-image marker.
// Bytes after what the rule needs are allowed (padding, metadata). Ok for any
// other format. `format` is vision::ImageHeader::format ("bmp", "tga", "gif", "jpeg").
Status checkImageExtent(std::span<const uint8_t> data, const std::string &format);

} // namespace sluice::vision
