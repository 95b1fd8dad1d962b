#include "matvec.h"

#include "isadispatch.h"
#include "matvec_impl.h"
#include "util/half.h"

#include <cstring>

#include <string>

namespace sluice::kernels {

namespace detail {

float trunkWeight(const TrunkMatrixView &w, const uint8_t *row, const uint16_t *rowScales, size_t c)
{
    switch (w.fmt) {
    case TensorFormat::F32: {
        float f;
        std::memcpy(&f, row + 4 * c, 4);
        return f;
    }
    case TensorFormat::F16: {
        uint16_t h;
        std::memcpy(&h, row + 2 * c, 2);
        return w.isBf16 ? bf16ToFloat(h) : halfToFloat(h);
    }
    case TensorFormat::Q8G:
        return float(int8_t(row[c])) * halfToFloat(rowScales[c / kTrunkGroup]);
    case TensorFormat::Q4G: {
        const int nibble = (c & 1) ? row[c >> 1] >> 4 : row[c >> 1] & 15;
        return float(nibble - 8) * halfToFloat(rowScales[c / kTrunkGroup]);
    }
    case TensorFormat::Q3G: {
        const size_t o = 3 * c;
        const unsigned v = (unsigned(row[o >> 3]) >> (o & 7)) | (unsigned(row[(o >> 3) + 1]) << (8 - (o & 7)));
        return float(int(v & 7) - 4) * halfToFloat(rowScales[c / kTrunkGroup]);
    }
    default:
        return 0.0f;
    }
}

void matmulRowsScalar(const TrunkMatrixView &w, size_t r0, size_t r1, const float *x, size_t xStride,
                      size_t nvec, float *y, size_t yStride)
{
    const size_t groups = (w.cols + kTrunkGroup - 1) / kTrunkGroup;
    for (size_t r = r0; r < r1; ++r) {
        const uint8_t *row = w.data + r * w.rowBytes;
        const uint16_t *scales = w.scales ? w.scales + r * groups : nullptr;
        for (size_t j = 0; j < nvec; ++j) {
            const float *xj = x + j * xStride;
            float acc = 0.0f;
            for (size_t c = 0; c < w.cols; ++c)
                acc += trunkWeight(w, row, scales, c) * xj[c];
            y[j * yStride + r] = acc;
        }
    }
}

} // namespace detail

Status validateTrunk(const TrunkMatrixView &w)
{
    switch (w.fmt) {
    case TensorFormat::F32:
    case TensorFormat::F16:
    case TensorFormat::Q8G:
    case TensorFormat::Q4G:
    case TensorFormat::Q3G:
        break;
    default:
        return makeError(ErrorCode::Unsupported,
                         "trunk matvec: format code " + std::to_string(int(w.fmt)) + " is not a trunk format");
    }
    if (w.rows == 0 || w.cols == 0)
        return makeError(ErrorCode::InvalidArgument, "trunk matvec: empty matrix");
    if (!w.data)
        return makeError(ErrorCode::InvalidArgument, "trunk matvec: no data");
    const bool grouped = w.fmt == TensorFormat::Q8G || w.fmt == TensorFormat::Q4G || w.fmt == TensorFormat::Q3G;
    if (grouped && !w.scales)
        return makeError(ErrorCode::InvalidArgument, "trunk matvec: grouped format without scales");
    const size_t need = trunkRowBytes(w.fmt, w.cols, w.isBf16);
    if (w.rowBytes < need)
        return makeError(ErrorCode::InvalidArgument, "trunk matvec: row stride " + std::to_string(w.rowBytes)
                                                         + " < " + std::to_string(need) + " bytes for "
                                                         + std::to_string(w.cols) + " columns");
    return Status::ok();
}

void matmulRows(const TrunkMatrixView &w, size_t rowBegin, size_t rowEnd, const float *x, size_t xStride,
                size_t nvec, float *y, size_t yStride)
{
    const auto rows = detail::forActiveIsa(detail::matmulRowsScalar, SLUICE_X86(detail::matmulRowsAvx2),
                                           SLUICE_X86(detail::matmulRowsAvx512), SLUICE_NEON(detail::matmulRowsNeon));
    rows(w, rowBegin, rowEnd, x, xStride, nvec, y, yStride);
}

Status matmul(const TrunkMatrixView &w, const float *x, size_t xStride, size_t nvec, float *y, size_t yStride,
              ThreadPool *pool)
{
    SLUICE_TRY(validateTrunk(w));
    return detail::batchRows("trunk matmul", w.rows, w.cols, x, xStride, nvec, y, yStride, pool,
                             [&](size_t b, size_t e) { matmulRows(w, b, e, x, xStride, nvec, y, yStride); });
}

Status matvec(const TrunkMatrixView &w, const float *x, float *y, ThreadPool *pool)
{
    return matmul(w, x, w.cols, 1, y, w.rows, pool);
}

void dequantizeRow(const TrunkMatrixView &w, size_t r, float *out)
{
    const size_t groups = (w.cols + kTrunkGroup - 1) / kTrunkGroup;
    const uint8_t *row = w.data + r * w.rowBytes;
    const uint16_t *scales = w.scales ? w.scales + r * groups : nullptr;
    for (size_t c = 0; c < w.cols; ++c)
        out[c] = detail::trunkWeight(w, row, scales, c);
}

void matvecReference(const TrunkMatrixView &w, const float *x, float *y)
{
    detail::matmulRowsScalar(w, 0, w.rows, x, w.cols, 1, y, w.rows);
}

} // namespace sluice::kernels
