#include "convert/kmeans.h"

#include "convert/vqencode.h"
#include "format/vqfit.h"
#include "kernels/threadpool.h"

namespace sluice::convert {

std::vector<float> fitResidualBooks(const std::vector<float> &vectors, int stages, int entries, int dim,
                                    int iterations, uint64_t seed, kernels::ThreadPool &pool, kernels::Isa isa)
{
    return residualKMeans(vectors, stages, entries, dim, iterations, seed,
                          [&](const float *book, const std::vector<float> &residual, std::vector<int> &out) {
                              const PreparedBook prepared = prepareBook(book, entries, dim);
                              pool.parallelFor(out.size(), [&](size_t b, size_t e) {
                                  nearestMany(prepared, residual.data() + b * size_t(dim), e - b, out.data() + b, isa);
                              }, 256);
                          });
}

} // namespace sluice::convert
