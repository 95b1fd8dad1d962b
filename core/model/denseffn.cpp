#include "model/denseffn.h"

#include "model/modelops.h"

namespace sluice::model {

void FfnScratch::layout(const ScratchDims &m, size_t n, ScratchSink &sink)
{
    sink.entry("dense/shared FFN gate and up (chunk)").buffer(g, n * m.ffn).buffer(u, n * m.ffn);
}

Status denseFfn(const BlockContext &ctx, const FfnWeights &w, const float *h, int n, FfnScratch &s, float *out)
{
    const size_t d = size_t(ctx.cfg.hidden);
    const size_t I = w.gate.rows;
    if (I * size_t(n) > s.g.size())
        return makeError(ErrorCode::Internal, "FFN width exceeds the planned scratch");
    SLUICE_TRY(ctx.matmul(w.gate, h, d, n, s.g.data(), I));
    SLUICE_TRY(ctx.matmul(w.up, h, d, n, s.u.data(), I));
    for (int t = 0; t < n; ++t)
        gluActivate(ctx.cfg, s.g.data() + size_t(t) * I, s.u.data() + size_t(t) * I, I, s.g.data() + size_t(t) * I);
    return ctx.matmul(w.down, s.g.data(), I, n, out, d);
}

} // namespace sluice::model
