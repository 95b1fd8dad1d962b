#include "vision/imagepreprocess.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace sluice::vision {

namespace {

// One output coordinate's two source taps and the weight of the second.
struct Tap {
    int i0 = 0;
    int i1 = 0;
    double frac = 0;
};

std::vector<Tap> taps(int in, int out)
{
    std::vector<Tap> t(static_cast<size_t>(out));
    const double ratio = double(in) / double(out);
    for (int d = 0; d < out; ++d) {
        double src = (d + 0.5) * ratio - 0.5;
        src = std::clamp(src, 0.0, double(in - 1));
        const int i0 = int(std::floor(src));
        t[size_t(d)] = {i0, std::min(i0 + 1, in - 1), src - i0};
    }
    return t;
}

// Calls put(x, y, c, value) for every output sample; value on 0..255.
template <typename Put>
void resample(const uint8_t *rgb, int width, int height, int outW, int outH, Put &&put)
{
    const std::vector<Tap> tx = taps(width, outW);
    const std::vector<Tap> ty = taps(height, outH);
    const size_t stride = size_t(width) * 3;
    for (int y = 0; y < outH; ++y) {
        const Tap &v = ty[size_t(y)];
        const uint8_t *r0 = rgb + size_t(v.i0) * stride;
        const uint8_t *r1 = rgb + size_t(v.i1) * stride;
        for (int x = 0; x < outW; ++x) {
            const Tap &h = tx[size_t(x)];
            for (int c = 0; c < 3; ++c) {
                const double top = r0[h.i0 * 3 + c] * (1 - h.frac) + r0[h.i1 * 3 + c] * h.frac;
                const double bottom = r1[h.i0 * 3 + c] * (1 - h.frac) + r1[h.i1 * 3 + c] * h.frac;
                put(x, y, c, top * (1 - v.frac) + bottom * v.frac);
            }
        }
    }
}

} // namespace

Expected<PatchGrid> choosePatchGrid(int width, int height, int maxPatches, int patchSize)
{
    if (width < 1 || height < 1)
        return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "image size %1x%2 is empty"), width, height);
    if (maxPatches < 4)
        return makeError(ErrorCode::InvalidArgument,
            SLUICE_ERRT("Error", "max_patches %1 is below 4 (the smallest grid is 2x2)"), maxPatches);
    if (patchSize < 1)
        return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "patch size %1 is not positive"), patchSize);
    const double p = patchSize;
    const double natural = double(width) * double(height) / (p * p);
    const double scale = std::min(1.0, std::sqrt(double(maxPatches) / natural));
    // Half away from zero; the values are positive, so floor(x + 0.5).
    auto roundHalfUp = [](double x) { return int64_t(std::floor(x + 0.5)); };
    int64_t gw = std::max<int64_t>(2, roundHalfUp(width * scale / p));
    int64_t gh = std::max<int64_t>(2, roundHalfUp(height * scale / p));
    gw -= gw % 2;
    gh -= gh % 2;
    while (gw * gh > maxPatches) {
        if (gw >= gh)
            gw -= 2;
        else
            gh -= 2;
    }
    return PatchGrid{int(gw), int(gh)};
}

void resizeBilinear(const uint8_t *rgb, int width, int height, int outW, int outH, float *out)
{
    resample(rgb, width, height, outW, outH, [&](int x, int y, int c, double value) {
        out[(size_t(y) * size_t(outW) + size_t(x)) * 3 + size_t(c)] = float(value);
    });
}

Expected<PreprocessedImage> preprocessImage(const RgbImage &image, const VisionConfig &cfg, int maxPatches)
{
    if (image.width < 1 || image.height < 1 ||
        image.rgb.size() != size_t(image.width) * size_t(image.height) * 3)
        return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "image %1x%2 has %3 bytes of RGB"),
            image.width, image.height, image.rgb.size());
    const int p = cfg.patchSize;
    if (cfg.mergeH < 1 || cfg.mergeW < 1 || cfg.mergeH > 2 || cfg.mergeW > 2)
        return makeError(ErrorCode::Unsupported,
            SLUICE_ERRT("Error", "vision merge kernel %1x%2 (the even grid only fits merges of 1 or 2)"), cfg.mergeH,
            cfg.mergeW);
    auto grid = choosePatchGrid(image.width, image.height, maxPatches > 0 ? maxPatches : cfg.maxPatches, p);
    if (!grid)
        return grid.status().withContext("vision preprocessing");

    PreprocessedImage out;
    out.sourceWidth = image.width;
    out.sourceHeight = image.height;
    out.patchSize = p;
    out.grid = *grid;
    const int dim = out.patchDim();
    out.patches.assign(size_t(grid->patches()) * size_t(dim), 0.0f);

    // v = (pixel/255 - mean) / std, written straight into its patch slot.
    double mul[3], add[3];
    for (int c = 0; c < 3; ++c) {
        mul[c] = 1.0 / (255.0 * double(cfg.imageStd[c]));
        add[c] = -double(cfg.imageMean[c]) / double(cfg.imageStd[c]);
    }
    const int gw = grid->gw;
    float *dst = out.patches.data();
    resample(image.rgb.data(), image.width, image.height, gw * p, grid->gh * p,
             [&](int x, int y, int c, double value) {
                 const size_t patch = size_t(y / p) * size_t(gw) + size_t(x / p);
                 const size_t inner = size_t(c) * size_t(p) * size_t(p) + size_t(y % p) * size_t(p) + size_t(x % p);
                 dst[patch * size_t(dim) + inner] = float(value * mul[c] + add[c]);
             });
    return out;
}

} // namespace sluice::vision
