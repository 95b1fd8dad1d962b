#include "format/vqfit.h"

#include "format/expertrecord.h"
#include "format/prng.h"
#include "util/half.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>

namespace sluice {

namespace {

// Nearest-entry search over one book, laid out [dim][entries] so the distance
// loop runs across entries (vectorises) instead of across 8 dims per entry.
// Uses ||c||^2 - 2 x.c, which ranks entries exactly like ||x - c||^2 up to
// rounding; ties go to the lowest index.
class BookSearch {
public:
    BookSearch(const float *book, int entries, int dim)
        : m_entries(size_t(entries)), m_dim(size_t(dim)), m_t(size_t(entries) * size_t(dim)), m_norm(size_t(entries)),
          m_score(size_t(entries))
    {
        for (size_t e = 0; e < m_entries; ++e) {
            float n = 0.0f;
            for (size_t d = 0; d < m_dim; ++d) {
                const float c = book[e * m_dim + d];
                m_t[d * m_entries + e] = c;
                n += c * c;
            }
            m_norm[e] = n;
        }
    }

    int nearest(const float *x)
    {
        float *score = m_score.data();
        const float *norm = m_norm.data();
        for (size_t e = 0; e < m_entries; ++e)
            score[e] = norm[e];
        for (size_t d = 0; d < m_dim; ++d) {
            const float xd = -2.0f * x[d];
            const float *col = m_t.data() + d * m_entries;
            for (size_t e = 0; e < m_entries; ++e)
                score[e] += xd * col[e];
        }
        size_t best = 0;
        for (size_t e = 1; e < m_entries; ++e) {
            if (score[e] < score[best])
                best = e;
        }
        return int(best);
    }

private:
    size_t m_entries, m_dim;
    std::vector<float> m_t, m_norm, m_score;
};

} // namespace

void appendNormalizedVectors(const float *w, size_t rows, size_t cols, int vecDim, std::vector<float> &out,
                             size_t maxVectors, uint64_t seed)
{
    const size_t nv = cols / size_t(vecDim);
    const size_t total = rows * nv;
    std::vector<size_t> pick(total);
    std::iota(pick.begin(), pick.end(), size_t(0));
    if (maxVectors > 0 && maxVectors < total) {
        SplitMix64 rng(seed);
        for (size_t i = 0; i < maxVectors; ++i) // partial Fisher-Yates
            std::swap(pick[i], pick[i + size_t(rng.below(total - i))]);
        pick.resize(maxVectors);
        std::sort(pick.begin(), pick.end());
    }
    std::vector<float> inv(rows);
    for (size_t r = 0; r < rows; ++r) {
        float amax = 0.0f;
        for (size_t c = 0; c < cols; ++c)
            amax = std::max(amax, std::fabs(w[r * cols + c]));
        inv[r] = 1.0f / std::max(amax, 1e-8f);
    }
    for (size_t p : pick) {
        const size_t r = p / nv, v = p % nv;
        for (int d = 0; d < vecDim; ++d)
            out.push_back(w[r * cols + v * size_t(vecDim) + size_t(d)] * inv[r]);
    }
}

int nearestEntry(const float *x, const float *book, int entries, int dim)
{
    int best = 0;
    float bestDist = INFINITY;
    for (int e = 0; e < entries; ++e) {
        const float *c = book + size_t(e) * size_t(dim);
        float dist = 0.0f;
        for (int d = 0; d < dim; ++d) {
            const float diff = x[d] - c[d];
            dist += diff * diff;
        }
        if (dist < bestDist) {
            bestDist = dist;
            best = e;
        }
    }
    return best;
}

std::vector<float> residualKMeans(const std::vector<float> &vectors, int stages, int entries, int dim, int iterations,
                                  uint64_t seed, const AssignNearest &assign)
{
    const size_t d = size_t(dim), k = size_t(entries);
    const size_t n = vectors.size() / d;
    std::vector<float> books(size_t(stages) * k * d, 0.0f);
    if (n == 0)
        return books;
    std::vector<float> residual = vectors;
    std::vector<int> assigned(n);
    std::vector<double> sums(k * d);
    std::vector<size_t> counts(k);
    SplitMix64 rng(seed);
    for (int s = 0; s < stages; ++s) {
        float *book = books.data() + size_t(s) * k * d;
        std::vector<size_t> order(n);
        std::iota(order.begin(), order.end(), size_t(0));
        for (size_t i = 0; i + 1 < n; ++i)
            std::swap(order[i], order[i + size_t(rng.below(n - i))]);
        for (size_t e = 0; e < k; ++e)
            std::memcpy(book + e * d, residual.data() + order[e % n] * d, d * sizeof(float));
        for (int it = 0; it < iterations; ++it) {
            assign(book, residual, assigned);
            std::fill(sums.begin(), sums.end(), 0.0);
            std::fill(counts.begin(), counts.end(), size_t(0));
            for (size_t i = 0; i < n; ++i) {
                const size_t a = size_t(assigned[i]);
                ++counts[a];
                for (size_t j = 0; j < d; ++j)
                    sums[a * d + j] += residual[i * d + j];
            }
            for (size_t e = 0; e < k; ++e) {
                if (counts[e] == 0)
                    continue;
                for (size_t j = 0; j < d; ++j)
                    book[e * d + j] = float(sums[e * d + j] / double(counts[e]));
            }
        }
        assign(book, residual, assigned);
        for (size_t i = 0; i < n; ++i) {
            const float *c = book + size_t(assigned[i]) * d;
            for (size_t j = 0; j < d; ++j)
                residual[i * d + j] -= c[j];
        }
    }
    return books;
}

std::vector<float> fitResidualCodebooks(const std::vector<float> &vectors, const VqShape &shape, int iterations,
                                        uint64_t seed)
{
    const int entries = shape.entries, dim = shape.vecDim;
    return residualKMeans(vectors, shape.stages, entries, dim, iterations, seed,
                          [&](const float *book, const std::vector<float> &residual, std::vector<int> &out) {
                              BookSearch search(book, entries, dim);
                              for (size_t i = 0; i < out.size(); ++i)
                                  out[i] = search.nearest(residual.data() + i * size_t(dim));
                          });
}

void encodeVqMatrix(const float *w, size_t rows, size_t cols, const float *books, const VqShape &shape,
                    TensorFormat fmt, int indexBlock, uint8_t *indices, uint16_t *scales)
{
    const size_t dim = size_t(shape.vecDim), nv = cols / dim;
    const int bits = fmt == TensorFormat::VQ4P ? 6 : 8;
    std::memset(indices, 0, size_t(vqIndexBytes(rows, cols, shape.stages, shape.vecDim, indexBlock, bits)));
    std::vector<float> x(dim);
    int idx[8] = {0};
    std::vector<BookSearch> search;
    for (int s = 0; s < shape.stages; ++s)
        search.emplace_back(books + size_t(s) * size_t(shape.entries) * dim, shape.entries, int(dim));
    for (size_t r = 0; r < rows; ++r) {
        float amax = 0.0f;
        for (size_t c = 0; c < cols; ++c)
            amax = std::max(amax, std::fabs(w[r * cols + c]));
        const float sigma = std::max(amax, 1e-8f);
        scales[r] = floatToHalf(sigma);
        for (size_t v = 0; v < nv; ++v) {
            for (size_t d = 0; d < dim; ++d)
                x[d] = w[r * cols + v * dim + d] / sigma;
            for (int s = 0; s < shape.stages; ++s) { // greedy: stage by stage on the residual
                const float *book = books + size_t(s) * size_t(shape.entries) * dim;
                idx[s] = search[size_t(s)].nearest(x.data());
                for (size_t d = 0; d < dim; ++d)
                    x[d] -= book[size_t(idx[s]) * dim + d];
            }
            vqWriteIndices(indices, fmt, shape.stages, indexBlock, nv, r, v, idx);
        }
    }
}

} // namespace sluice
