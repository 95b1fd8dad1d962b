#pragma once
// The converter's nearest-codeword search and greedy residual encoder
// (spec 5.3). One distance definition for every path:
//   score(e) = ||c_e||^2 + sum_{d ascending} (-2 x_d) * c_e[d]
// (multiplies then adds, never FMA; ranks entries like ||x - c_e||^2), the
// lowest score wins and ties go to the lowest index. The scalar reference and
// the AVX2 / AVX-512 paths compute exactly that, so they pick the same index
// for every input (bit-identical output, tested). It is also the definition
// format/vqfit.cpp uses, so the converter's indices equal encodeVqMatrix's.
#include "kernels/cpufeatures.h"
#include "util/tensorformat.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace sluice::convert {

// One stage book prepared for search: transposed [dim][entries] (the AVX-512
// path keeps 256 scores in 16 registers and streams this 8 KB table from L1)
// and the entries' squared norms.
struct PreparedBook {
    int entries = 0;
    int dim = 0;
    std::vector<float> transposed; // [dim][entries]
    std::vector<float> norms;      // [entries]
    const float *rows = nullptr;   // the book itself [entries][dim], not owned
};

PreparedBook prepareBook(const float *book, int entries, int dim);

// Scalar reference.
int nearestScalar(const PreparedBook &book, const float *x);
// Dispatched on `isa` (Avx512, Avx2; anything else, or a shape the SIMD code
// does not cover, runs the scalar reference).
int nearest(const PreparedBook &book, const float *x, kernels::Isa isa);
// The nearest entries of n vectors xs [n][dim] into out[n]: for every vector
// exactly nearest()'s index. The SIMD paths score a group of vectors per pass
// over the book (the book's columns are loaded once per group, and the
// groups' independent dependency chains keep the FP pipes busy).
void nearestMany(const PreparedBook &book, const float *xs, size_t n, int *out, kernels::Isa isa);

// Greedy residual encoding of rows [r0, r1) of w [rows, cols] into the
// blocked index layout of (fmt, indexBlock) and fp16 row scales. `books` are
// the stages' prepared books. `indices` must be zeroed by the caller (padding
// rows stay 0). Rows are independent, so any split over threads gives the
// same bytes.
void encodeRows(const float *w, size_t cols, size_t r0, size_t r1, const PreparedBook *books, int stages,
                TensorFormat fmt, int indexBlock, uint8_t *indices, uint16_t *scales, kernels::Isa isa);

namespace detail {
bool nearestAvx2Supported(const PreparedBook &book);
bool nearestAvx512Supported(const PreparedBook &book);
int nearestAvx2(const PreparedBook &book, const float *x);
int nearestAvx512(const PreparedBook &book, const float *x);
void nearestManyAvx2(const PreparedBook &book, const float *xs, size_t n, int *out);
void nearestManyAvx512(const PreparedBook &book, const float *xs, size_t n, int *out);
} // namespace detail

} // namespace sluice::convert
