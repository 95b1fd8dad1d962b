#include "format/mxfp4pack.h"

#include <cmath>

namespace sluice {

namespace {

// Nearest E2M1 code of |x| (already divided by the scale, <= 6); ties go to
// the even code, as round-half-to-even does on the value grid.
uint8_t nearestMagnitude(float a)
{
    uint8_t best = 0;
    float bestErr = a;
    for (uint8_t code = 1; code < 8; ++code) {
        const float err = std::fabs(a - kE2M1Magnitude[code]);
        if (err < bestErr || (err == bestErr && code % 2 == 0)) {
            best = code;
            bestErr = err;
        }
    }
    return best;
}

} // namespace

void quantizeMxfp4(const float *w, size_t rows, size_t cols, uint8_t *packed, uint8_t *scales)
{
    const size_t groups = cols / kMxfp4Group;
    for (size_t r = 0; r < rows; ++r) {
        const float *row = w + r * cols;
        for (size_t g = 0; g < groups; ++g) {
            float amax = 0.0f;
            for (int i = 0; i < kMxfp4Group; ++i)
                amax = std::fmax(amax, std::fabs(row[g * kMxfp4Group + size_t(i)]));
            int e = 0; // all-zero group
            if (amax > 0.0f) {
                // Smallest k with amax / 2^k <= 6: ceil(log2(amax / 6)), exactly.
                int k = 0;
                const float m = std::frexp(amax / 6.0f, &k); // amax/6 = m * 2^k, m in [0.5, 1)
                if (m == 0.5f)
                    k -= 1;
                e = k + 127;
                if (e < 1)
                    e = 1;
                if (e > 254)
                    e = 254;
            }
            scales[r * groups + g] = uint8_t(e);
            const float inv = e == 0 ? 0.0f : std::ldexp(1.0f, 127 - e);
            for (int i = 0; i < kMxfp4Group; i += 2) {
                uint8_t nib[2];
                for (int j = 0; j < 2; ++j) {
                    const float x = row[g * kMxfp4Group + size_t(i + j)] * inv;
                    const uint8_t mag = nearestMagnitude(std::fmin(std::fabs(x), 6.0f));
                    nib[j] = uint8_t(mag | (x < 0.0f && mag != 0 ? 8 : 0));
                }
                packed[r * (cols / 2) + (g * kMxfp4Group + size_t(i)) / 2] = uint8_t(nib[0] | nib[1] << 4);
            }
        }
    }
}

void dequantizeMxfp4Row(const uint8_t *packedRow, const uint8_t *scaleRow, size_t cols, float *out)
{
    for (size_t c = 0; c < cols; ++c) {
        const uint8_t byte = packedRow[c / 2];
        const uint8_t code = c % 2 == 0 ? byte & 15 : byte >> 4;
        const uint8_t e = scaleRow[c / kMxfp4Group];
        const float scale = e == 0 ? 0.0f : std::ldexp(1.0f, int(e) - 127);
        const float v = kE2M1Magnitude[code & 7] * scale;
        out[c] = code & 8 ? -v : v;
    }
}

} // namespace sluice
