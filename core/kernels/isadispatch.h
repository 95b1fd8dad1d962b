#pragma once
// Internal: what the batched matrix kernels with per-ISA row functions
// (trunk matvec.cpp, mxfp4.cpp) share. forActiveIsa() picks the row variant
// for the active ISA (cpufeatures.h): a variant this build does not compile is
// named through SLUICE_X86/SLUICE_NEON, which drop the name elsewhere, and
// falls back to the scalar reference. batchRows() checks a batch and splits
// its rows over the pool.
#include "cpufeatures.h"
#include "matvec.h"

#include <string>
#include <type_traits>

#if defined(__x86_64__)
#define SLUICE_X86(fn) fn
#else
#define SLUICE_X86(fn) nullptr
#endif
#if defined(__aarch64__) && defined(__ARM_NEON)
#define SLUICE_NEON(fn) fn
#else
#define SLUICE_NEON(fn) nullptr
#endif

namespace sluice::kernels::detail {

template<typename Fn>
Fn *forActiveIsa(Fn *scalar, std::type_identity_t<Fn> *avx2, std::type_identity_t<Fn> *avx512,
                 std::type_identity_t<Fn> *neon)
{
    Fn *chosen = nullptr;
    switch (activeIsa()) {
    case Isa::Avx512:
        chosen = avx512;
        break;
    case Isa::Avx2:
        chosen = avx2;
        break;
    case Isa::Neon:
        chosen = neon;
        break;
    case Isa::Scalar:
        break;
    }
    return chosen ? chosen : scalar;
}

// y[j * yStride + r] for the rows of a rows x cols matrix and nvec vectors
// x[j * xStride + c], through rowRange(begin, end). `what` names the kernel in
// errors. Small row ranges per task (16) keep a batch's rows hot in L1/L2
// while all vectors consume them.
template<typename RowRange>
Status batchRows(const char *what, size_t rows, size_t cols, const float *x, size_t xStride, size_t nvec, float *y,
                 size_t yStride, ThreadPool *pool, RowRange &&rowRange)
{
    if (nvec == 0 || nvec > kMaxBatch)
        return makeError(ErrorCode::InvalidArgument, std::string(what) + ": batch of " + std::to_string(nvec) +
                                                         " vectors (1.." + std::to_string(kMaxBatch) + ")");
    if (!x || !y || (nvec > 1 && (xStride < cols || yStride < rows)))
        return makeError(ErrorCode::InvalidArgument, std::string(what) + ": bad input/output buffers or strides");
    parallelFor(pool, rows, rowRange, 16);
    return Status::ok();
}

} // namespace sluice::kernels::detail
