// AArch64 Advanced SIMD trunk row kernels (NEON is part of the base ISA, so
// no target attributes are needed). Same structure as the x86 kernels:
// 32 weights per step in eight 4-lane accumulators per vector.
// NOTE: compile-checked for aarch64 only; the x86 CI cannot run it. The
// tests compare every available ISA with the reference, so running the
// suite on an ARM machine checks it.
#include "matvec_impl.h"

#if defined(__aarch64__) && defined(__ARM_NEON)
#include "util/half.h"

#include <arm_neon.h>
#include <cstring>

namespace sluice::kernels::detail {

namespace {

enum Kind { KF32, KF16, KBF16, KQ8, KQ4, KQ3 };

inline float32x4_t u8x4ToFloat(uint32x4_t v) { return vcvtq_f32_u32(v); }

// Decodes the 32 weights at columns [c0, c0+32) (inside one 128-group).
// offset = -8 s (Q4G) or -4 s (Q3G).
template <int K>
inline void decode32(const uint8_t *row, size_t c0, float32x4_t s, float32x4_t offset, float32x4_t *w)
{
    if constexpr (K == KF32) {
        const float *p = reinterpret_cast<const float *>(row) + c0;
        for (int k = 0; k < 8; ++k)
            w[k] = vld1q_f32(p + 4 * k);
    } else if constexpr (K == KF16) {
        const uint8_t *p = row + 2 * c0;
        for (int k = 0; k < 8; ++k) {
            uint16_t h[4];
            std::memcpy(h, p + 8 * k, 8);
            w[k] = vcvt_f32_f16(vreinterpret_f16_u16(vld1_u16(h)));
        }
    } else if constexpr (K == KBF16) {
        const uint8_t *p = row + 2 * c0;
        for (int k = 0; k < 8; ++k) {
            uint16_t h[4];
            std::memcpy(h, p + 8 * k, 8);
            w[k] = vreinterpretq_f32_u32(vshll_n_u16(vld1_u16(h), 16));
        }
    } else if constexpr (K == KQ8) {
        const int8_t *p = reinterpret_cast<const int8_t *>(row + c0);
        for (int h = 0; h < 2; ++h) {
            const int8x16_t b = vld1q_s8(p + 16 * h);
            const int16x8_t lo = vmovl_s8(vget_low_s8(b)), hi = vmovl_s8(vget_high_s8(b));
            w[4 * h + 0] = vmulq_f32(vcvtq_f32_s32(vmovl_s16(vget_low_s16(lo))), s);
            w[4 * h + 1] = vmulq_f32(vcvtq_f32_s32(vmovl_s16(vget_high_s16(lo))), s);
            w[4 * h + 2] = vmulq_f32(vcvtq_f32_s32(vmovl_s16(vget_low_s16(hi))), s);
            w[4 * h + 3] = vmulq_f32(vcvtq_f32_s32(vmovl_s16(vget_high_s16(hi))), s);
        }
    } else if constexpr (K == KQ4) {
        // Element 2i is the low nibble of byte i: zip low and high nibbles.
        const uint8x16_t b = vld1q_u8(row + c0 / 2);
        const uint8x16_t lo = vandq_u8(b, vdupq_n_u8(15)), hi = vshrq_n_u8(b, 4);
        const uint8x16_t e[2] = {vzip1q_u8(lo, hi), vzip2q_u8(lo, hi)};
        for (int h = 0; h < 2; ++h) {
            const uint16x8_t a = vmovl_u8(vget_low_u8(e[h])), c = vmovl_u8(vget_high_u8(e[h]));
            w[4 * h + 0] = vfmaq_f32(offset, u8x4ToFloat(vmovl_u16(vget_low_u16(a))), s);
            w[4 * h + 1] = vfmaq_f32(offset, u8x4ToFloat(vmovl_u16(vget_high_u16(a))), s);
            w[4 * h + 2] = vfmaq_f32(offset, u8x4ToFloat(vmovl_u16(vget_low_u16(c))), s);
            w[4 * h + 3] = vfmaq_f32(offset, u8x4ToFloat(vmovl_u16(vget_high_u16(c))), s);
        }
    } else {
        // Q3G: 8 weights = 3 bytes from bit 0; 4-byte loads stay inside the
        // row's guard byte.
        const uint8_t *p = row + c0 / 8 * 3;
        const int32_t sh0[4] = {0, -3, -6, -9}, sh1[4] = {-12, -15, -18, -21};
        const int32x4_t s0 = vld1q_s32(sh0), s1 = vld1q_s32(sh1);
        const uint32x4_t seven = vdupq_n_u32(7);
        for (int k = 0; k < 4; ++k) {
            uint32_t bits;
            std::memcpy(&bits, p + 3 * k, 4);
            const uint32x4_t v = vdupq_n_u32(bits);
            w[2 * k] = vfmaq_f32(offset, u8x4ToFloat(vandq_u32(vshlq_u32(v, s0), seven)), s);
            w[2 * k + 1] = vfmaq_f32(offset, u8x4ToFloat(vandq_u32(vshlq_u32(v, s1), seven)), s);
        }
    }
}

inline float hsum(const float32x4_t *a)
{
    const float32x4_t s = vaddq_f32(vaddq_f32(vaddq_f32(a[0], a[1]), vaddq_f32(a[2], a[3])),
                                    vaddq_f32(vaddq_f32(a[4], a[5]), vaddq_f32(a[6], a[7])));
    return vaddvq_f32(s);
}

template <int K, int NV>
void dotRow(const TrunkMatrixView &w, const uint8_t *row, const uint16_t *scales, const float *const *xs, float *out)
{
    float32x4_t acc[NV][8];
    for (int j = 0; j < NV; ++j)
        for (int k = 0; k < 8; ++k)
            acc[j][k] = vdupq_n_f32(0.0f);
    const size_t full = w.cols / 32 * 32;
    float32x4_t s = vdupq_n_f32(1.0f), offset = vdupq_n_f32(0.0f);
    for (size_t c0 = 0; c0 < full; c0 += 32) {
        if constexpr (K == KQ8 || K == KQ4 || K == KQ3) {
            if (c0 % kTrunkGroup == 0) {
                const float sc = halfToFloat(scales[c0 / kTrunkGroup]);
                s = vdupq_n_f32(sc);
                offset = vdupq_n_f32(K == KQ4 ? -8.0f * sc : -4.0f * sc);
            }
        }
        float32x4_t wv[8];
        decode32<K>(row, c0, s, offset, wv);
        for (int j = 0; j < NV; ++j)
            for (int k = 0; k < 8; ++k)
                acc[j][k] = vfmaq_f32(acc[j][k], wv[k], vld1q_f32(xs[j] + c0 + 4 * k));
    }
    for (int j = 0; j < NV; ++j) {
        float sum = hsum(acc[j]);
        for (size_t c = full; c < w.cols; ++c)
            sum += trunkWeight(w, row, scales, c) * xs[j][c];
        out[j] = sum;
    }
}

template <int K>
void rowsKernel(const TrunkMatrixView &w, size_t r0, size_t r1, const float *x, size_t xStride, size_t nvec,
                float *y, size_t yStride)
{
    const size_t groups = (w.cols + kTrunkGroup - 1) / kTrunkGroup;
    constexpr size_t kTile = 16;
    for (size_t t0 = r0; t0 < r1; t0 += kTile) {
        const size_t t1 = t0 + kTile < r1 ? t0 + kTile : r1;
        for (size_t j = 0; j < nvec; j += 2) {
            const int nv = nvec - j >= 2 ? 2 : 1;
            const float *xs[2] = {x + j * xStride, x + (j + size_t(nv) - 1) * xStride};
            for (size_t r = t0; r < t1; ++r) {
                const uint8_t *row = w.data + r * w.rowBytes;
                const uint16_t *sc = w.scales ? w.scales + r * groups : nullptr;
                float out[2];
                if (nv == 2)
                    dotRow<K, 2>(w, row, sc, xs, out);
                else
                    dotRow<K, 1>(w, row, sc, xs, out);
                for (int k = 0; k < nv; ++k)
                    y[(j + size_t(k)) * yStride + r] = out[k];
            }
        }
    }
}

} // namespace

void matmulRowsNeon(const TrunkMatrixView &w, size_t r0, size_t r1, const float *x, size_t xStride, size_t nvec,
                    float *y, size_t yStride)
{
    switch (w.fmt) {
    case TensorFormat::F32: rowsKernel<KF32>(w, r0, r1, x, xStride, nvec, y, yStride); return;
    case TensorFormat::F16:
        if (w.isBf16)
            rowsKernel<KBF16>(w, r0, r1, x, xStride, nvec, y, yStride);
        else
            rowsKernel<KF16>(w, r0, r1, x, xStride, nvec, y, yStride);
        return;
    case TensorFormat::Q8G: rowsKernel<KQ8>(w, r0, r1, x, xStride, nvec, y, yStride); return;
    case TensorFormat::Q4G: rowsKernel<KQ4>(w, r0, r1, x, xStride, nvec, y, yStride); return;
    case TensorFormat::Q3G: rowsKernel<KQ3>(w, r0, r1, x, xStride, nvec, y, yStride); return;
    default: matmulRowsScalar(w, r0, r1, x, xStride, nvec, y, yStride); return;
    }
}

} // namespace sluice::kernels::detail
#endif
