// AArch64 Advanced SIMD MXFP4 row kernel: the summation order of mxfp4.h with
// the eight lanes as two float32x4 halves (multiplies and adds, no FMA).
// NOTE: compile-checked for aarch64 only; the tests compare every available
// ISA bit for bit with the reference, so the suite on ARM checks it.
#include "kernels/mxfp4.h"

#if defined(__aarch64__) && defined(__ARM_NEON)
#include <arm_neon.h>

namespace sluice::kernels::detail {

namespace {

inline float32x4_t toFloat4(int8x8_t v, bool high)
{
    const int16x8_t w = vmovl_s8(v);
    const int32x4_t i = high ? vmovl_s16(vget_high_s16(w)) : vmovl_s16(vget_low_s16(w));
    return vcvtq_f32_s32(i);
}

} // namespace

void mxfp4RowsNeon(const Mxfp4MatrixView &w, size_t r0, size_t r1, const float *x, size_t xStride, size_t nvec,
                   float *y, size_t yStride)
{
    const size_t groups = w.cols / kMxfp4Block;
    const int8x16_t table = vld1q_s8(kMxfp4Doubled);
    const uint8x16_t mask = vdupq_n_u8(0x0f);
    for (size_t r = r0; r < r1; ++r) {
        const uint8_t *row = w.packed + r * (w.cols / 2);
        const uint8_t *sc = w.scales + r * groups;
        for (size_t j = 0; j < nvec; ++j) {
            const float *xj = x + j * xStride;
            float32x4_t acc[2][2] = {{vdupq_n_f32(0), vdupq_n_f32(0)}, {vdupq_n_f32(0), vdupq_n_f32(0)}};
            for (size_t g = 0; g < groups; ++g) {
                const uint8x16_t b = vld1q_u8(row + g * 16);
                const uint8x16_t even = vandq_u8(b, mask);
                const uint8x16_t odd = vshrq_n_u8(b, 4);
                const int8x16_t lo = vqtbl1q_s8(table, vzip1q_u8(even, odd)); // elements 0..15
                const int8x16_t hi = vqtbl1q_s8(table, vzip2q_u8(even, odd)); // 16..31
                const float *xg = xj + g * 32;
                float32x4_t p[8];
                for (int q = 0; q < 4; ++q) {
                    const int8x8_t v = q < 2 ? (q == 0 ? vget_low_s8(lo) : vget_high_s8(lo))
                                             : (q == 2 ? vget_low_s8(hi) : vget_high_s8(hi));
                    p[2 * q] = vmulq_f32(toFloat4(v, false), vld1q_f32(xg + 8 * q));
                    p[2 * q + 1] = vmulq_f32(toFloat4(v, true), vld1q_f32(xg + 8 * q + 4));
                }
                const float32x4_t h = vdupq_n_f32(mxfp4HalfScale(sc[g]));
                for (int half = 0; half < 2; ++half) {
                    // lanes 4*half..: (p_j + p_{j+16}) + (p_{j+8} + p_{j+24})
                    const float32x4_t t = vaddq_f32(vaddq_f32(p[half], p[4 + half]), vaddq_f32(p[2 + half], p[6 + half]));
                    acc[g & 1][half] = vaddq_f32(acc[g & 1][half], vmulq_f32(h, t));
                }
            }
            const float32x4_t l0 = vaddq_f32(acc[0][0], acc[1][0]); // L0..L3
            const float32x4_t l1 = vaddq_f32(acc[0][1], acc[1][1]); // L4..L7
            const float32x4_t q = vaddq_f32(l0, l1);                // L0+L4, L1+L5, L2+L6, L3+L7
            const float a = vgetq_lane_f32(q, 0) + vgetq_lane_f32(q, 2);
            const float b = vgetq_lane_f32(q, 1) + vgetq_lane_f32(q, 3);
            y[j * yStride + r] = a + b;
        }
    }
}

} // namespace sluice::kernels::detail
#endif
