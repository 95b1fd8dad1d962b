#include "convert/kmeans.h"

#include "convert/vqencode.h"
#include "format/prng.h"
#include "kernels/threadpool.h"

#include <cstring>
#include <numeric>

namespace sluice::convert {

std::vector<float> fitResidualBooks(const std::vector<float> &vectors, int stages, int entries, int dim,
                                    int iterations, uint64_t seed, kernels::ThreadPool &pool, kernels::Isa isa)
{
    const size_t d = size_t(dim), k = size_t(entries);
    const size_t n = vectors.size() / d;
    std::vector<float> books(size_t(stages) * k * d, 0.0f);
    if (n == 0)
        return books;
    std::vector<float> residual = vectors;
    std::vector<int> assign(n);
    std::vector<double> sums(k * d);
    std::vector<size_t> counts(k);
    SplitMix64 rng(seed);
    auto assignAll = [&](const PreparedBook &book) {
        pool.parallelFor(n, [&](size_t b, size_t e) {
            for (size_t i = b; i < e; ++i)
                assign[i] = nearest(book, residual.data() + i * d, isa);
        }, 256);
    };
    for (int s = 0; s < stages; ++s) {
        float *book = books.data() + size_t(s) * k * d;
        std::vector<size_t> order(n);
        std::iota(order.begin(), order.end(), size_t(0));
        for (size_t i = 0; i + 1 < n; ++i)
            std::swap(order[i], order[i + size_t(rng.next() % (n - i))]);
        for (size_t e = 0; e < k; ++e)
            std::memcpy(book + e * d, residual.data() + order[e % n] * d, d * sizeof(float));
        for (int it = 0; it < iterations; ++it) {
            assignAll(prepareBook(book, entries, dim));
            std::fill(sums.begin(), sums.end(), 0.0);
            std::fill(counts.begin(), counts.end(), size_t(0));
            for (size_t i = 0; i < n; ++i) {
                const size_t a = size_t(assign[i]);
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
        assignAll(prepareBook(book, entries, dim));
        for (size_t i = 0; i < n; ++i) {
            const float *c = book + size_t(assign[i]) * d;
            for (size_t j = 0; j < d; ++j)
                residual[i * d + j] -= c[j];
        }
    }
    return books;
}

} // namespace sluice::convert
