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

// Ok for anything that is not a PNG, or a whole PNG: every chunk up to IEND
// fits in the bytes that follow it and passes its CRC, IEND is there, and
// the image data is one complete zlib stream that inflates to exactly the
// size its header gives (rows of filter byte + pixels, per Adam7 pass when
// interlaced). stb_image checks none of this: it fills what is missing.
Status checkPngChunks(std::span<const uint8_t> data);

} // namespace sluice::vision
