// AArch64 VQ4P apply: a 64-entry int8 stage table is exactly one vqtbl4q
// operand (spec 5.5). vld3q de-interleaves the 3 packed index bytes of 16
// rows; int16 row sums per 32 positions, then the scalar path's f32
// multiply-then-add, so results are bit-identical to it.
// NOTE: compile-checked for aarch64 only (the x86 CI cannot run it); the
// VQ tests compare every available ISA bitwise, so running them on ARM
// checks it.
#include "vqlut_impl.h"

#if defined(__aarch64__) && defined(__ARM_NEON)
#include "kernels/vqlut.h"

#include <arm_neon.h>

namespace sluice::kernels::detail {

void vq4pBlocksNeon(const int8_t *table8, const float *blockScales, const VqMatrixView &w, size_t nv, size_t block0,
                    size_t block1, float *y)
{
    const uint8x16_t m63 = vdupq_n_u8(63), m15 = vdupq_n_u8(15), m3 = vdupq_n_u8(3);
    for (size_t block = block0; block < block1; ++block) {
        const uint8_t *base = w.indices + block * nv * 192;
        float acc[64] = {};
        for (size_t b0 = 0; b0 < nv; b0 += kVq4pLutBlock) {
            const size_t b1 = b0 + kVq4pLutBlock < nv ? b0 + kVq4pLutBlock : nv;
            int16x8_t sum[8];
            for (int k = 0; k < 8; ++k)
                sum[k] = vdupq_n_s16(0);
            for (size_t v = b0; v < b1; ++v) {
                const int8_t *t = table8 + v * 256;
                const int8x16x4_t tab[4] = {vld1q_s8_x4(t), vld1q_s8_x4(t + 64), vld1q_s8_x4(t + 128),
                                            vld1q_s8_x4(t + 192)};
                for (int q = 0; q < 4; ++q) { // 16 rows each
                    const uint8x16x3_t b = vld3q_u8(base + v * 192 + 48 * q);
                    const uint8x16_t s0 = vandq_u8(b.val[0], m63);
                    const uint8x16_t s1 = vorrq_u8(vshrq_n_u8(b.val[0], 6), vshlq_n_u8(vandq_u8(b.val[1], m15), 2));
                    const uint8x16_t s2 = vorrq_u8(vshrq_n_u8(b.val[1], 4), vshlq_n_u8(vandq_u8(b.val[2], m3), 4));
                    const uint8x16_t s3 = vshrq_n_u8(b.val[2], 2);
                    const int8x16_t l[4] = {vqtbl4q_s8(tab[0], s0), vqtbl4q_s8(tab[1], s1), vqtbl4q_s8(tab[2], s2),
                                            vqtbl4q_s8(tab[3], s3)};
                    for (int k = 0; k < 4; ++k) {
                        sum[2 * q] = vaddw_s8(sum[2 * q], vget_low_s8(l[k]));
                        sum[2 * q + 1] = vaddw_high_s8(sum[2 * q + 1], l[k]);
                    }
                }
            }
            const float32x4_t scale = vdupq_n_f32(blockScales[b0 / kVq4pLutBlock]);
            for (int k = 0; k < 8; ++k) { // rows 8k .. 8k+7
                const float32x4_t f0 = vcvtq_f32_s32(vmovl_s16(vget_low_s16(sum[k])));
                const float32x4_t f1 = vcvtq_f32_s32(vmovl_high_s16(sum[k]));
                vst1q_f32(acc + 8 * k, vaddq_f32(vld1q_f32(acc + 8 * k), vmulq_f32(scale, f0)));
                vst1q_f32(acc + 8 * k + 4, vaddq_f32(vld1q_f32(acc + 8 * k + 4), vmulq_f32(scale, f1)));
            }
        }
        const uint16_t *sigma = w.rowScales + block * 64;
        float *out = y + block * 64;
        for (int k = 0; k < 16; ++k) {
            const float32x4_t s = vcvt_f32_f16(vreinterpret_f16_u16(vld1_u16(sigma + 4 * k)));
            vst1q_f32(out + 4 * k, vmulq_f32(s, vld1q_f32(acc + 4 * k)));
        }
    }
}

} // namespace sluice::kernels::detail
#endif
