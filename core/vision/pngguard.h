#pragma once
// Checks a PNG's chunk structure and its compressed image data before
// stb_image sees them. The stb_image in Debian 12 sizes its IDAT buffer from
// a chunk's declared length before reading it (a 157-byte file made it ask
// for 2 GiB: found by fuzz_image at 10^6 runs) and inflates the image data
// into a buffer that doubles without bound (a zlib bomb inflates ~1000x).
// Both would break the hard RAM budget, so such files are refused with a
// clear error first.
#include "util/status.h"

#include <cstdint>
#include <span>

namespace sluice::vision {

// Ok for anything that is not a PNG, or a PNG whose chunks up to IEND each fit
// in the bytes that follow them and whose image data does not inflate to more
// than its header's size allows (rows of filter byte + pixels, with room for
// interlacing). Damaged streams that are not over the bound are left to stb,
// which names them.
Status checkPngChunks(std::span<const uint8_t> data);

} // namespace sluice::vision
