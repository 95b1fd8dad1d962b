#include "model/blockcontext.h"

#include "kernels/matvec.h"

namespace sluice::model {

Status BlockContext::matmul(const TrunkMatrixView &w, const float *x, size_t xStride, int n, float *y,
                            size_t yStride) const
{
    const auto t0 = Clock::now();
    Status st = n == 1 ? kernels::matvec(w, x, y, pool) : kernels::matmul(w, x, xStride, size_t(n), y, yStride, pool);
    timers.trunk += since(t0);
    return st;
}

} // namespace sluice::model
