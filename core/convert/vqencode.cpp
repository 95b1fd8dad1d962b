#include "convert/vqencode.h"

#include "format/expertrecord.h"
#include "util/half.h"

#include <algorithm>
#include <cmath>

namespace sluice::convert {

namespace {

// max |w| of a row in 16 independent lanes (vectorises; a single running
// std::max, which returns a reference, kept the maximum in memory and cost a
// store-forwarding round trip per element). The maximum of finite values is
// exact and independent of the order, so this equals the serial loop.
float rowAbsMax(const float *row, size_t cols)
{
    constexpr size_t kLanes = 16;
    float lane[kLanes] = {};
    size_t c = 0;
    for (; c + kLanes <= cols; c += kLanes) {
        for (size_t j = 0; j < kLanes; ++j) {
            const float a = std::fabs(row[c + j]);
            lane[j] = lane[j] < a ? a : lane[j];
        }
    }
    float amax = 0.0f;
    for (; c < cols; ++c) {
        const float a = std::fabs(row[c]);
        amax = amax < a ? a : amax;
    }
    for (float l : lane)
        amax = amax < l ? l : amax;
    return amax;
}

} // namespace

PreparedBook prepareBook(const float *book, int entries, int dim)
{
    PreparedBook p;
    p.entries = entries;
    p.dim = dim;
    p.rows = book;
    p.transposed.resize(size_t(entries) * size_t(dim));
    p.norms.resize(size_t(entries));
    for (int e = 0; e < entries; ++e) {
        float n = 0.0f;
        for (int d = 0; d < dim; ++d) {
            const float c = book[size_t(e) * size_t(dim) + size_t(d)];
            p.transposed[size_t(d) * size_t(entries) + size_t(e)] = c;
            n += c * c;
        }
        p.norms[size_t(e)] = n;
    }
    return p;
}

int nearestScalar(const PreparedBook &book, const float *x)
{
    int best = 0;
    float bestScore = 0.0f;
    for (int e = 0; e < book.entries; ++e) {
        float score = book.norms[size_t(e)];
        for (int d = 0; d < book.dim; ++d) {
            const float xd = -2.0f * x[d];
            score += xd * book.transposed[size_t(d) * size_t(book.entries) + size_t(e)];
        }
        if (e == 0 || score < bestScore) {
            bestScore = score;
            best = e;
        }
    }
    return best;
}

int nearest(const PreparedBook &book, const float *x, kernels::Isa isa)
{
    if (isa == kernels::Isa::Avx512 && detail::nearestAvx512Supported(book))
        return detail::nearestAvx512(book, x);
    if ((isa == kernels::Isa::Avx512 || isa == kernels::Isa::Avx2) && detail::nearestAvx2Supported(book))
        return detail::nearestAvx2(book, x);
    return nearestScalar(book, x);
}

void nearestMany(const PreparedBook &book, const float *xs, size_t n, int *out, kernels::Isa isa)
{
    if (isa == kernels::Isa::Avx512 && detail::nearestAvx512Supported(book))
        return detail::nearestManyAvx512(book, xs, n, out);
    if ((isa == kernels::Isa::Avx512 || isa == kernels::Isa::Avx2) && detail::nearestAvx2Supported(book))
        return detail::nearestManyAvx2(book, xs, n, out);
    for (size_t i = 0; i < n; ++i)
        out[i] = nearestScalar(book, xs + i * size_t(book.dim));
}

void encodeRows(const float *w, size_t cols, size_t r0, size_t r1, const PreparedBook *books, int stages,
                TensorFormat fmt, int indexBlock, uint8_t *indices, uint16_t *scales, kernels::Isa isa)
{
    // A row at a time, stage by stage over all its vectors (rather than all
    // stages of one vector, then the next): the same operations on every
    // value, in the same order per vector, so the same bytes; the search then
    // gets a row's worth of independent vectors per call.
    const size_t dim = size_t(books[0].dim), nv = cols / dim;
    std::vector<float> x(nv * dim);
    std::vector<int> idx(size_t(stages) * nv);
    for (size_t r = r0; r < r1; ++r) {
        const float *row = w + r * cols;
        const float sigma = std::max(rowAbsMax(row, cols), 1e-8f);
        scales[r] = floatToHalf(sigma);
        for (size_t c = 0; c < nv * dim; ++c)
            x[c] = row[c] / sigma;
        for (int s = 0; s < stages; ++s) { // greedy: each stage on the residual of the previous
            const PreparedBook &b = books[s];
            int *is = idx.data() + size_t(s) * nv;
            nearestMany(b, x.data(), nv, is, isa);
            for (size_t v = 0; v < nv; ++v) {
                const float *c = b.rows + size_t(is[v]) * dim;
                float *xv = x.data() + v * dim;
                for (size_t d = 0; d < dim; ++d)
                    xv[d] -= c[d];
            }
        }
        int vi[8] = {0};
        for (size_t v = 0; v < nv; ++v) {
            for (int s = 0; s < stages; ++s)
                vi[s] = idx[size_t(s) * nv + v];
            vqWriteIndices(indices, fmt, stages, indexBlock, nv, r, v, vi);
        }
    }
}

} // namespace sluice::convert
