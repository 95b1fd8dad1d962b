#pragma once
// Image preprocessing for the K3 vision tower (spec 7.2): choose an even patch
// grid under a patch budget, resize bilinearly to the grid (half-pixel
// centres, edge clamp, no antialiasing), normalise with the release constants
// and cut the result into channel-major patch vectors, patches row-major.
// Plain f32/f64 code, no Qt: it runs once per image, a few milliseconds.
#include "api/modelconfig.h"
#include "util/status.h"
#include "vision/imageloader.h"

#include <cstdint>
#include <vector>

namespace sluice::vision {

struct PatchGrid {
    int gw = 0; // patches across
    int gh = 0; // patches down
    int patches() const { return gw * gh; }
};

// Spec 7.2 step 2: scale = min(1, sqrt(maxPatches / (W*H/p^2))); gw, gh =
// round(W*scale/p), round(H*scale/p) (half away from zero), each >= 2, then
// down to even; while gw*gh > maxPatches the larger side loses 2 (width on a
// tie). maxPatches must be >= 4 (the smallest even grid is 2x2).
Expected<PatchGrid> choosePatchGrid(int width, int height, int maxPatches, int patchSize = 14);

// Bilinear resize of packed RGB8 to outW x outH, f32 RGB on the 0..255 scale
// (not rounded back to 8 bits): src = (dst + 0.5) * in/out - 0.5, clamped to
// [0, in-1]; both axes separable; no antialiasing filter when shrinking.
// `out` holds outW * outH * 3 floats.
void resizeBilinear(const uint8_t *rgb, int width, int height, int outW, int outH, float *out);

struct PreprocessedImage {
    int sourceWidth = 0;  // the original size, for the media markup (spec 6.5)
    int sourceHeight = 0;
    int patchSize = 14;
    PatchGrid grid;
    // [grid.patches()][3 * patchSize^2]; element c*p*p + j*p + i is channel c,
    // row j, column i of the patch (the conv kernel's flattened order).
    std::vector<float> patches;

    int patchDim() const { return 3 * patchSize * patchSize; }
    // Embeddings the tower makes from it (one per merge window).
    int tokenCount(int mergeH, int mergeW) const
    {
        return mergeH > 0 && mergeW > 0 ? (grid.gh / mergeH) * (grid.gw / mergeW) : 0;
    }
};

// The whole of spec 7.2 after decoding. maxPatches <= 0 takes cfg.maxPatches.
Expected<PreprocessedImage> preprocessImage(const RgbImage &image, const VisionConfig &cfg, int maxPatches = 0);

} // namespace sluice::vision
