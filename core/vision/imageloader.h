#pragma once
// Image decoding for prompts (spec 7.2 step 1): PNG, JPEG, GIF (first frame),
// BMP and TGA into packed 8-bit RGB with stb_image (PSD is refused by name). Untrusted input: the
// file size and the source pixel count are bounded and checked BEFORE the
// pixels are decoded, so a hostile header cannot make us allocate gigabytes.
#include "api/inspecttypes.h" // RgbImage, ImageHeader
#include "util/status.h"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace sluice::vision {

struct ImageLimits {
    uint64_t maxFileBytes = 256ull << 20;     // 256 MiB of encoded data
    uint64_t maxPixels = 64ull * 1000 * 1000; // 64 megapixels of source (spec 9: bounded image decode)
};

// Checks the header and the bounds only (cheap): what the GUI uses to refuse
// a file before it is queued.
Expected<ImageHeader> probeImage(std::span<const uint8_t> data, const ImageLimits &limits = {});
Expected<ImageHeader> probeImageFile(const std::string &path, const ImageLimits &limits = {});

// Full decode to RGB8. `what` names the source in error messages.
Expected<RgbImage> decodeImage(std::span<const uint8_t> data, const ImageLimits &limits = {},
                               const std::string &what = "image");
Expected<RgbImage> loadImageFile(const std::string &path, const ImageLimits &limits = {});

} // namespace sluice::vision
