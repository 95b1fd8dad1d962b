// Fuzzes image decoding (core/vision/imageloader, stb_image behind it) and
// the preprocessing that follows: PNG, JPEG, GIF, BMP and TGA (and a PSD, refused) come
// in through the same entry point, chosen by the bytes themselves. Any input
// must either be refused with a Status or give an image whose size and
// buffer agree, which then preprocesses without touching memory it does not
// own. Limits are small so each run stays fast and allocation stays bounded.
#include "api/modelconfig.h"
#include "vision/imageloader.h"
#include "vision/imagepreprocess.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sluice::vision::ImageLimits limits;
    limits.maxFileBytes = 1u << 20;
    limits.maxPixels = 1u << 20; // 1 Mpx: enough for every code path, cheap per run
    const std::span<const uint8_t> bytes(data, size);
    auto header = sluice::vision::probeImage(bytes, limits);
    auto image = sluice::vision::decodeImage(bytes, limits, "fuzz input");
    if (!image.isOk())
        return 0;
    const auto &img = *image;
    if (img.width < 1 || img.height < 1 || uint64_t(img.width) * uint64_t(img.height) > limits.maxPixels ||
        img.rgb.size() != size_t(img.width) * size_t(img.height) * 3)
        std::abort();
    // What the probe promised is what the decoder delivered.
    if (!header.isOk() || header->width != img.width || header->height != img.height)
        std::abort();
    sluice::VisionConfig cfg;
    auto pre = sluice::vision::preprocessImage(img, cfg, 16);
    if (!pre.isOk() || pre->grid.patches() > 16 || pre->patches.size() != size_t(pre->grid.patches()) * 588)
        std::abort();
    return 0;
}
