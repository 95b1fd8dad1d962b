#include "format/trunkquant.h"

#include "util/half.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string_view>

namespace sluice {

namespace {

struct GroupSpec {
    float levels; // amax / levels = scale
    int lo, hi;   // code range
};

GroupSpec groupSpec(TensorFormat fmt)
{
    switch (fmt) {
    case TensorFormat::Q8G: return {127.0f, -127, 127};
    case TensorFormat::Q4G: return {7.0f, -8, 7};
    default: return {3.0f, -4, 3}; // Q3G
    }
}

} // namespace

void quantizeTrunkRow(TensorFormat fmt, bool bf16, const float *src, size_t cols, uint8_t *row, uint16_t *scales)
{
    switch (fmt) {
    case TensorFormat::F32:
        std::memcpy(row, src, cols * 4);
        return;
    case TensorFormat::F16:
        for (size_t i = 0; i < cols; ++i) {
            const uint16_t h = bf16 ? floatToBf16(src[i]) : floatToHalf(src[i]);
            row[2 * i] = uint8_t(h);
            row[2 * i + 1] = uint8_t(h >> 8);
        }
        return;
    default:
        break;
    }
    const GroupSpec spec = groupSpec(fmt);
    const size_t groups = (cols + kTrunkGroup - 1) / kTrunkGroup;
    std::memset(row, 0, trunkRowBytes(fmt, cols));
    for (size_t g = 0; g < groups; ++g) {
        const size_t begin = g * kTrunkGroup, end = std::min(cols, begin + kTrunkGroup);
        float amax = 0.0f;
        for (size_t i = begin; i < end; ++i)
            amax = std::max(amax, std::fabs(src[i]));
        // The scale is computed in f32 and codes are rounded against it; the
        // stored scale is its fp16 rounding (what the decoder multiplies by).
        const float scale = std::max(amax, 1e-8f) / spec.levels;
        scales[g] = floatToHalf(scale);
        for (size_t i = begin; i < begin + kTrunkGroup; ++i) {
            int q = 0;
            if (i < end) {
                const float r = std::nearbyint(src[i] / scale); // default rounding mode: half to even
                // A NaN weight codes as 0 (converting NaN to int is undefined);
                // NaN in weights is refused by the finiteness checks, not here.
                q = std::isnan(r) ? 0 : int(std::clamp(r, float(spec.lo), float(spec.hi)));
            }
            switch (fmt) {
            case TensorFormat::Q8G:
                row[i] = uint8_t(int8_t(q));
                break;
            case TensorFormat::Q4G:
                row[i / 2] |= uint8_t((q + 8) << ((i & 1) * 4));
                break;
            default: { // Q3G: 3-bit codes LSB-first; padding codes are q = 0 (stored 4)
                const size_t o = 3 * i;
                const unsigned v = unsigned(q + 4) << (o & 7);
                row[o >> 3] |= uint8_t(v);
                row[(o >> 3) + 1] |= uint8_t(v >> 8);
                break;
            }
            }
        }
    }
}

void dequantizeTrunkRow(TensorFormat fmt, bool bf16, const uint8_t *row, const uint16_t *scales, size_t cols, float *dst)
{
    switch (fmt) {
    case TensorFormat::F32:
        std::memcpy(dst, row, cols * 4);
        return;
    case TensorFormat::F16:
        for (size_t i = 0; i < cols; ++i) {
            const uint16_t h = uint16_t(row[2 * i] | row[2 * i + 1] << 8);
            dst[i] = bf16 ? bf16ToFloat(h) : halfToFloat(h);
        }
        return;
    case TensorFormat::Q8G:
        for (size_t i = 0; i < cols; ++i)
            dst[i] = float(int8_t(row[i])) * halfToFloat(scales[i / kTrunkGroup]);
        return;
    case TensorFormat::Q4G:
        for (size_t i = 0; i < cols; ++i)
            dst[i] = float(int((row[i / 2] >> ((i & 1) * 4)) & 15) - 8) * halfToFloat(scales[i / kTrunkGroup]);
        return;
    case TensorFormat::Q3G:
        for (size_t i = 0; i < cols; ++i)
            dst[i] = float(q3gCode(row, i)) * halfToFloat(scales[i / kTrunkGroup]);
        return;
    default:
        std::fill(dst, dst + cols, 0.0f);
        return;
    }
}

TensorFormat defaultTrunkFormat(const char *name, size_t ndim, uint64_t elements, int trunkBits)
{
    const std::string_view n(name);
    auto endsWith = [&](std::string_view suffix) {
        return n.size() >= suffix.size() && n.substr(n.size() - suffix.size()) == suffix;
    };
    if (ndim <= 1)
        return TensorFormat::F32;
    // Vision stays at 8 bits (spec 4.3: 4-bit loses 12-18% on wqkv/pos_emb).
    if (n.substr(0, 13) == "vision_tower." || n.substr(0, 13) == "mm_projector.")
        return TensorFormat::Q8G;
    if (elements < 65536)
        return TensorFormat::F32;
    if (endsWith("embed_tokens.weight") || endsWith("lm_head.weight"))
        return TensorFormat::Q8G;
    return trunkBits == 8 ? TensorFormat::Q8G : trunkBits == 3 ? TensorFormat::Q3G : TensorFormat::Q4G;
}

} // namespace sluice
