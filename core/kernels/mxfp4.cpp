#include "kernels/mxfp4.h"

#include "kernels/isadispatch.h"
#include "kernels/matvec.h"

#include <cmath>
#include <string>

namespace sluice::kernels {

namespace detail {

float mxfp4HalfScale(uint8_t e)
{
    // ldexp is exact for every e (2^-128 is an f32 subnormal; 2^127 is finite).
    return e == 0 ? 0.0f : std::ldexp(1.0f, int(e) - 128);
}

void mxfp4RowsScalar(const Mxfp4MatrixView &w, size_t r0, size_t r1, const float *x, size_t xStride, size_t nvec,
                     float *y, size_t yStride)
{
    const size_t groups = w.cols / kMxfp4Block;
    for (size_t r = r0; r < r1; ++r) {
        const uint8_t *row = w.packed + r * (w.cols / 2);
        const uint8_t *sc = w.scales + r * groups;
        for (size_t j = 0; j < nvec; ++j) {
            const float *xj = x + j * xStride;
            float a[8] = {}, b[8] = {};
            for (size_t g = 0; g < groups; ++g) {
                float p[32];
                for (size_t i = 0; i < 32; ++i) {
                    const uint8_t byte = row[g * 16 + i / 2];
                    const uint8_t code = i % 2 == 0 ? byte & 15 : byte >> 4;
                    p[i] = float(kMxfp4Doubled[code]) * xj[g * 32 + i];
                }
                const float h = mxfp4HalfScale(sc[g]);
                float *acc = g % 2 == 0 ? a : b;
                for (size_t l = 0; l < 8; ++l) {
                    const float t = (p[l] + p[l + 16]) + (p[l + 8] + p[l + 24]);
                    acc[l] = acc[l] + h * t;
                }
            }
            float lane[8];
            for (size_t l = 0; l < 8; ++l)
                lane[l] = a[l] + b[l];
            y[j * yStride + r] = ((lane[0] + lane[4]) + (lane[2] + lane[6])) + ((lane[1] + lane[5]) + (lane[3] + lane[7]));
        }
    }
}

} // namespace detail

Status validateMxfp4(const Mxfp4MatrixView &w)
{
    if (!w.packed || !w.scales)
        return makeError(ErrorCode::InvalidArgument, "MXFP4 matvec: no data");
    if (w.rows == 0 || w.cols == 0 || w.cols % kMxfp4Block != 0)
        return makeError(ErrorCode::InvalidArgument, "MXFP4 matvec: " + std::to_string(w.rows) + " x " +
                                                         std::to_string(w.cols) +
                                                         " (columns must be a positive multiple of 32)");
    return Status::ok();
}

Status mxfp4Matmul(const Mxfp4MatrixView &w, const float *x, size_t xStride, size_t nvec, float *y, size_t yStride,
                   ThreadPool *pool)
{
    SLUICE_TRY(validateMxfp4(w));
    // The variant is chosen once per call, for all of its row ranges.
    const auto rows = detail::forActiveIsa(detail::mxfp4RowsScalar, SLUICE_X86(detail::mxfp4RowsAvx2),
                                           SLUICE_X86(detail::mxfp4RowsAvx512), SLUICE_NEON(detail::mxfp4RowsNeon));
    return detail::batchRows("MXFP4 matmul", w.rows, w.cols, x, xStride, nvec, y, yStride, pool,
                             [&](size_t b, size_t e) { rows(w, b, e, x, xStride, nvec, y, yStride); });
}

Status mxfp4Matvec(const Mxfp4MatrixView &w, const float *x, float *y, ThreadPool *pool)
{
    return mxfp4Matmul(w, x, w.cols, 1, y, w.rows, pool);
}

void mxfp4MatvecReference(const Mxfp4MatrixView &w, const float *x, float *y)
{
    detail::mxfp4RowsScalar(w, 0, w.rows, x, w.cols, 1, y, w.rows);
}

void mxfp4DequantizeRow(const Mxfp4MatrixView &w, size_t r, float *out)
{
    const uint8_t *row = w.packed + r * (w.cols / 2);
    const uint8_t *sc = w.scales + r * (w.cols / kMxfp4Block);
    for (size_t c = 0; c < w.cols; ++c) {
        const uint8_t code = c % 2 == 0 ? row[c / 2] & 15 : row[c / 2] >> 4;
        out[c] = float(detail::kMxfp4Doubled[code]) * detail::mxfp4HalfScale(sc[c / kMxfp4Block]);
    }
}

} // namespace sluice::kernels
