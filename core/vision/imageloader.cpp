#include "vision/imageloader.h"
#include "vision/byteorder.h"

#include "util/regularfile.h"
#include "vision/imageextent.h"
#include "vision/jpegguard.h"
#include "vision/pngguard.h"

#include <climits>
#include <cstdio>
#include <cstdlib>
#include <unistd.h>
#include <cstring>
#include <memory>

// stb_image is compiled here and nowhere else. Only the formats we promise,
// (not PSD: Debian 12's stb un-premultiplies a PSD's alpha with a float→byte
// cast that overflows for ordinary non-premultiplied pixels — undefined
// behaviour, found by fuzz_image in CI, tests/fuzz/findings/image/),
// no stdio (we read the file ourselves so its size is bounded first), and a
// dimension cap as a second line of defence behind our own pixel bound.
#define STB_IMAGE_IMPLEMENTATION
#define STB_IMAGE_STATIC
#define STBI_NO_STDIO
#define STBI_NO_HDR
#define STBI_NO_LINEAR
#define STBI_ONLY_PNG
#define STBI_ONLY_JPEG
#define STBI_ONLY_GIF
#define STBI_ONLY_BMP
#define STBI_ONLY_TGA
#define STBI_MAX_DIMENSIONS (1 << 16) // kMaxSide below
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#pragma GCC diagnostic ignored "-Wsign-compare"
#endif
#include <stb_image.h>
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

namespace sluice::vision {

namespace {

// Recognise the container from its magic bytes. TGA has no magic, so it is
// the fallback when stb accepts the header and nothing else matched.
std::string sniffFormat(std::span<const uint8_t> d)
{
    auto starts = [&](const char *magic, size_t n) { return d.size() >= n && std::memcmp(d.data(), magic, n) == 0; };
    if (starts("\x89PNG\r\n\x1a\n", 8))
        return "png";
    if (starts("\xff\xd8\xff", 3))
        return "jpeg";
    if (starts("GIF87a", 6) || starts("GIF89a", 6))
        return "gif";
    if (starts("BM", 2))
        return "bmp";
    return "tga";
}

// stb's per-side cap (STBI_MAX_DIMENSIONS): a longer side is refused by
// stb as "too large", which its info call reports as "unknown image type".
constexpr uint64_t kMaxSide = 1 << 16;

// The size limits, checked on the sizes a header declares: the error names
// the limit that was hit (a 1x100000 PNG is under the megapixel limit but
// over the per-side one; a PNG bomb declaring 100000x100000 is over both).
Status checkDeclaredSize(uint64_t w, uint64_t h, const ImageLimits &limits)
{
    const uint64_t pixels = w * h; // each side < 2^32: no overflow
    const std::string size = std::to_string(w) + "x" + std::to_string(h);
    if (w == 0 || h == 0)
        return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "image: zero width or height in the header"));
    if (w > kMaxSide || h > kMaxSide)
        return makeError(ErrorCode::InvalidArgument,
            SLUICE_ERRT("Error",
                "image: %1 has a side longer than %2 pixels; the limits are %3 pixels a side and %4 megapixels"),
            size, kMaxSide, kMaxSide, limits.maxPixels / 1000000);
    if (pixels > limits.maxPixels)
        return makeError(ErrorCode::InvalidArgument,
            SLUICE_ERRT("Error", "image: %1 is %2 megapixels, more than the limit of %3 megapixels"), size,
            pixels / 1000000, limits.maxPixels / 1000000);
    return Status::ok();
}


// The sizes of the formats whose header can declare more than stb's cap
// (PNG and BMP sizes are 32-bit; GIF and TGA ones are 16-bit), checked
// before stb parses the header so the refusal names the real limit.
Status checkHeaderSize(std::span<const uint8_t> d, const std::string &format, const ImageLimits &limits)
{
    if (format == "png" && d.size() >= 24 && std::memcmp(&d[12], "IHDR", 4) == 0)
        return checkDeclaredSize(readBe32(&d[16]), readBe32(&d[20]), limits);
    if (format == "bmp" && d.size() >= 26 && readLe32(&d[14]) >= 40)
        return checkDeclaredSize(uint64_t(std::llabs(int64_t(int32_t(readLe32(&d[18]))))),
                                 uint64_t(std::llabs(int64_t(int32_t(readLe32(&d[22]))))), limits);
    return Status::ok();
}

std::string reasonText()
{
    const char *r = stbi_failure_reason();
    return r ? std::string(r) : std::string("unknown decoder error");
}

Expected<std::vector<uint8_t>> readBounded(const std::string &path, const ImageLimits &limits)
{
    // Only a regular file: a FIFO would block, /dev/zero would never end.
    uint64_t size = 0;
    auto fd = openRegularFile(path, path, 0, &size);
    if (!fd)
        return fd.status();
    std::unique_ptr<FILE, int (*)(FILE *)> f(::fdopen(*fd, "rb"), &std::fclose);
    if (!f) {
        ::close(*fd);
        return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: cannot open the image file"), path);
    }
    if (size == 0)
        return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1: the file is empty"), path);
    if (size > limits.maxFileBytes)
        return makeError(ErrorCode::InvalidArgument,
            SLUICE_ERRT("Error", "%1: the file is %2 bytes, more than the limit of %3 bytes"), path, size,
            limits.maxFileBytes);
    std::vector<uint8_t> data(static_cast<size_t>(size));
    if (std::fread(data.data(), 1, data.size(), f.get()) != data.size())
        return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: short read"), path);
    return data;
}

} // namespace

Expected<ImageHeader> probeImage(std::span<const uint8_t> data, const ImageLimits &limits)
{
    if (data.empty())
        return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "image: no data (zero-sized file)"));
    if (data.size() > limits.maxFileBytes)
        return makeError(ErrorCode::InvalidArgument,
            SLUICE_ERRT("Error", "image: %1 bytes, more than the limit of %2 bytes"), data.size(), limits.maxFileBytes);
    if (data.size() > static_cast<size_t>(INT32_MAX))
        return makeError(
            ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "image: larger than the decoder can address"));
    // The declared size first: a PNG bomb is refused for its megapixels, not
    // for the image data that cannot fill them.
    const std::string format = sniffFormat(data);
    SLUICE_TRY(checkHeaderSize(data, format, limits));
    // Before stb parses anything: its JPEG table parser trusts one count it must not.
    SLUICE_TRY(checkJpegHuffmanTables(data));
    // Its PNG reader allocates for a chunk's declared length, and inflates without a bound.
    SLUICE_TRY(checkPngChunks(data));
    // TGA has no magic, so a PSD would otherwise reach the TGA reader; say what it is instead.
    if (data.size() >= 4 && std::memcmp(data.data(), "8BPS", 4) == 0)
        return makeError(ErrorCode::Unsupported,
            SLUICE_ERRT("Error", "image: Photoshop (PSD) files are not supported; save the image as PNG or JPEG"));
    // A truncated file is named as such, before stb reads its zeros past the
    // end. TGA has no magic: only once stb has read its header as a TGA.
    if (format != "tga")
        SLUICE_TRY(checkImageExtent(data, format));
    int w = 0, h = 0, c = 0;
    if (!stbi_info_from_memory(data.data(), static_cast<int>(data.size()), &w, &h, &c))
        return makeError(ErrorCode::Unsupported,
            SLUICE_ERRT("Error", "image: not a PNG, JPEG, GIF, BMP or TGA file, or a damaged one (%1)"), reasonText());
    // stb's BMP info passes a top-down bitmap's height through negative (its
    // loader takes the absolute value and reads the rows in order).
    if (format == "bmp" && h < 0 && h != INT32_MIN)
        h = -h;
    if (w <= 0 || h <= 0)
        return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "image: zero width or height in the header"));
    SLUICE_TRY(checkDeclaredSize(uint64_t(w), uint64_t(h), limits));
    // After the size bound: a TGA's RLE walk is linear in its pixels.
    if (format == "tga")
        SLUICE_TRY(checkImageExtent(data, format));
    ImageHeader header;
    header.width = w;
    header.height = h;
    header.channels = c;
    header.format = format;
    return header;
}

Expected<RgbImage> decodeImage(std::span<const uint8_t> data, const ImageLimits &limits, const std::string &what)
{
    // The bounds are checked on the header before a single pixel is decoded.
    Expected<ImageHeader> header = probeImage(data, limits);
    if (!header)
        return header.status().withContext(what);
    int w = 0, h = 0, c = 0;
    stbi_uc *pixels = stbi_load_from_memory(data.data(), static_cast<int>(data.size()), &w, &h, &c, 3);
    if (!pixels)
        return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1: %2 data is damaged or truncated (%3)"), what,
            header->format, reasonText());
    std::unique_ptr<stbi_uc, void (*)(void *)> guard(pixels, &stbi_image_free);
    // The decoder must agree with the header we bounded; anything else is a damaged file.
    if (w != header->width || h != header->height)
        return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1: decoded size differs from the header"), what);
    RgbImage image;
    image.width = w;
    image.height = h;
    image.rgb.assign(pixels, pixels + static_cast<size_t>(w) * static_cast<size_t>(h) * 3);
    return image;
}

Expected<ImageHeader> probeImageFile(const std::string &path, const ImageLimits &limits)
{
    Expected<std::vector<uint8_t>> data = readBounded(path, limits);
    if (!data)
        return data.status();
    Expected<ImageHeader> header = probeImage(*data, limits);
    if (!header)
        return header.status().withContext(path);
    return header;
}

Expected<RgbImage> loadImageFile(const std::string &path, const ImageLimits &limits)
{
    Expected<std::vector<uint8_t>> data = readBounded(path, limits);
    if (!data)
        return data.status();
    return decodeImage(*data, limits, path);
}

} // namespace sluice::vision
