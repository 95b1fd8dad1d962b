// The converter's encoder: the AVX2 and AVX-512 nearest-codeword searches,
// one vector or a batch at a time, pick exactly the scalar reference's entry
// (ties included), the greedy
// residual encoder gives the same bytes on every path and for any row split,
// and equals format/vqfit's encodeVqMatrix (the writer's encoder). K-means
// books do not depend on the thread count.
#include "support/testregistry.h"
#include "convert/kmeans.h"
#include "convert/vqencode.h"
#include "format/expertrecord.h"
#include "format/prng.h"
#include "format/vqfit.h"
#include "kernels/threadpool.h"

#include <QTest>

#include <cmath>
#include <cstring>

using namespace sluice;
using namespace sluice::convert;
using kernels::Isa;

Q_DECLARE_METATYPE(sluice::kernels::Isa)

namespace {

std::vector<float> gaussian(size_t n, uint64_t seed, float scale)
{
    SplitMix64 rng(seed);
    std::vector<float> v(n);
    for (float &x : v) {
        const double u1 = std::max(rng.uniform(), 1e-300), u2 = rng.uniform();
        x = float(std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2)) * scale;
    }
    return v;
}

bool cpuHas(Isa isa)
{
    const Isa have = kernels::detectedIsa();
    if (isa == Isa::Avx512)
        return have == Isa::Avx512;
    if (isa == Isa::Avx2)
        return have == Isa::Avx2 || have == Isa::Avx512;
    return true;
}

} // namespace

class TestVqEncode : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void nearestMatchesScalar_data();
    void nearestMatchesScalar();
    void nearestManyMatchesScalar_data();
    void nearestManyMatchesScalar();
    void encoderPathsAndSplits_data();
    void encoderPathsAndSplits();
    void kmeansIndependentOfThreads();
};

void TestVqEncode::nearestMatchesScalar_data()
{
    QTest::addColumn<Isa>("isa");
    QTest::addColumn<int>("entries");
    QTest::addColumn<bool>("ties");
    for (Isa isa : {Isa::Avx2, Isa::Avx512}) {
        const char *name = isa == Isa::Avx2 ? "avx2" : "avx512";
        for (int entries : {256, 64, 128, 512}) {
            QTest::addRow("%s-%d", name, entries) << isa << entries << false;
            QTest::addRow("%s-%d-ties", name, entries) << isa << entries << true;
        }
    }
}

void TestVqEncode::nearestMatchesScalar()
{
    QFETCH(Isa, isa);
    QFETCH(int, entries);
    QFETCH(bool, ties);
    if (!cpuHas(isa))
        QSKIP("this CPU lacks the instruction set");
    const int dim = 8;
    std::vector<float> book = gaussian(size_t(entries) * dim, 7 + uint64_t(entries), 0.3f);
    if (ties) {
        // Duplicate entries (equal scores): the lowest index must win on every path,
        // including duplicates that land in different lanes and passes.
        for (int e = entries / 2; e < entries; ++e)
            std::memcpy(book.data() + size_t(e) * dim, book.data() + size_t(e - entries / 2) * dim, dim * sizeof(float));
        std::memcpy(book.data() + size_t(entries - 1) * dim, book.data() + 3 * dim, dim * sizeof(float));
    }
    const PreparedBook pb = prepareBook(book.data(), entries, dim);
    const std::vector<float> xs = gaussian(20000 * dim, 99, 0.35f);
    int differ = 0, upperHalf = 0;
    for (size_t i = 0; i < 20000; ++i) {
        const float *x = xs.data() + i * dim;
        const int ref = nearestScalar(pb, x);
        const int got = nearest(pb, x, isa);
        differ += ref != got;
        upperHalf += ref >= entries / 2;
        // The reference really is the argmin of its own scores.
        if (i < 200) {
            float best = INFINITY;
            int arg = -1;
            for (int e = 0; e < entries; ++e) {
                float s = pb.norms[size_t(e)];
                for (int d = 0; d < dim; ++d)
                    s += (-2.0f * x[d]) * book[size_t(e) * dim + size_t(d)];
                if (s < best) {
                    best = s;
                    arg = e;
                }
            }
            QCOMPARE(ref, arg);
        }
    }
    QCOMPARE(differ, 0);
    if (ties)
        QCOMPARE(upperHalf, 0); // every upper entry duplicates a lower one
    else
        QVERIFY(upperHalf > 0);
}

void TestVqEncode::nearestManyMatchesScalar_data()
{
    QTest::addColumn<Isa>("isa");
    QTest::addColumn<int>("entries");
    QTest::addColumn<int>("dim");
    QTest::addColumn<int>("count");
    QTest::addColumn<bool>("ties");
    for (Isa isa : {Isa::Scalar, Isa::Avx2, Isa::Avx512}) {
        const char *name = isa == Isa::Scalar ? "scalar" : (isa == Isa::Avx2 ? "avx2" : "avx512");
        for (int entries : {256, 64, 128, 512}) {
            for (int dim : {8, 4, 16}) {
                // 3001 vectors: whole groups and a partial tail for every group size.
                QTest::addRow("%s-%dx%d", name, entries, dim) << isa << entries << dim << 3001 << false;
                QTest::addRow("%s-%dx%d-ties", name, entries, dim) << isa << entries << dim << 3001 << true;
            }
        }
        for (int count : {1, 7, 8, 9, 17})
            QTest::addRow("%s-256x8-n%d", name, count) << isa << 256 << 8 << count << false;
    }
}

void TestVqEncode::nearestManyMatchesScalar()
{
    QFETCH(Isa, isa);
    QFETCH(int, entries);
    QFETCH(int, dim);
    QFETCH(int, count);
    QFETCH(bool, ties);
    if (!cpuHas(isa))
        QSKIP("this CPU lacks the instruction set");
    std::vector<float> book = gaussian(size_t(entries) * size_t(dim), 11 + uint64_t(entries) + uint64_t(dim), 0.3f);
    if (ties) {
        // Equal scores in every lane, register and pass: the upper half
        // duplicates the lower half, the last entry duplicates entry 3.
        for (int e = entries / 2; e < entries; ++e)
            std::memcpy(book.data() + size_t(e) * size_t(dim), book.data() + size_t(e - entries / 2) * size_t(dim),
                        size_t(dim) * sizeof(float));
        std::memcpy(book.data() + size_t(entries - 1) * size_t(dim), book.data() + 3 * size_t(dim),
                    size_t(dim) * sizeof(float));
    }
    const PreparedBook pb = prepareBook(book.data(), entries, dim);
    std::vector<float> xs = gaussian(size_t(count) * size_t(dim), 123 + uint64_t(dim), 0.35f);
    // Some vectors exactly on book entries, and the zero vector (scores = norms).
    for (int i = 0; i < count; i += 97)
        std::memcpy(xs.data() + size_t(i) * size_t(dim), book.data() + size_t(i % entries) * size_t(dim),
                    size_t(dim) * sizeof(float));
    if (count > 5)
        std::fill(xs.begin() + 5 * dim, xs.begin() + 6 * dim, 0.0f);
    std::vector<int> got(size_t(count), -1);
    nearestMany(pb, xs.data(), size_t(count), got.data(), isa);
    int differ = 0, upperHalf = 0, distinct = 0;
    std::vector<bool> seen(static_cast<size_t>(entries), false);
    for (int i = 0; i < count; ++i) {
        const int ref = nearestScalar(pb, xs.data() + size_t(i) * size_t(dim));
        differ += ref != got[size_t(i)];
        upperHalf += ref >= entries / 2;
        distinct += !seen[size_t(ref)];
        seen[size_t(ref)] = true;
    }
    QCOMPARE(differ, 0);
    if (ties)
        QCOMPARE(upperHalf, 0);
    else if (count > 1000)
        QVERIFY(upperHalf > 0);
    if (count > 1000)
        QVERIFY(distinct > entries / 4); // many lanes and registers produced winners
}

void TestVqEncode::encoderPathsAndSplits_data()
{
    QTest::addColumn<QString>("fmt");
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("cols");
    QTest::newRow("VQ3R-128x256") << "VQ3R" << 128 << 256;
    QTest::newRow("VQ3R-192x64") << "VQ3R" << 192 << 64;
    QTest::newRow("VQ3R-64x104") << "VQ3R" << 64 << 104; // 13 vectors a row: a partial group
    QTest::newRow("VQ2R-64x128") << "VQ2R" << 64 << 128;
    QTest::newRow("VQ4P-128x128") << "VQ4P" << 128 << 128;
}

void TestVqEncode::encoderPathsAndSplits()
{
    QFETCH(QString, fmt);
    QFETCH(int, rows);
    QFETCH(int, cols);
    const bool vq4p = fmt == "VQ4P";
    const VqShape shape{vq4p ? 4 : (fmt == "VQ2R" ? 2 : 3), vq4p ? 64 : 256, 8};
    const TensorFormat tf = vq4p ? TensorFormat::VQ4P : (fmt == "VQ2R" ? TensorFormat::VQ2R : TensorFormat::VQ3R);
    const std::vector<float> w = gaussian(size_t(rows) * size_t(cols), 5, 0.02f);
    std::vector<float> train;
    appendNormalizedVectors(w.data(), size_t(rows), size_t(cols), 8, train);
    const std::vector<float> books = fitResidualCodebooks(train, shape, 3, 1);
    std::vector<PreparedBook> pb;
    for (int s = 0; s < shape.stages; ++s)
        pb.push_back(prepareBook(books.data() + size_t(s) * size_t(shape.entries) * 8, shape.entries, 8));
    const size_t bytes = size_t(vqIndexBytes(uint64_t(rows), uint64_t(cols), shape.stages, 8, 64, vq4p ? 6 : 8));

    std::vector<uint8_t> refIdx(bytes);
    std::vector<uint16_t> refScale(static_cast<size_t>(rows));
    encodeVqMatrix(w.data(), size_t(rows), size_t(cols), books.data(), shape, tf, 64, refIdx.data(), refScale.data());
    for (Isa isa : {Isa::Scalar, Isa::Avx2, Isa::Avx512}) {
        if (!cpuHas(isa))
            continue;
        for (size_t split : {size_t(rows), size_t(64), size_t(1)}) { // one call, block-sized, row by row
            std::vector<uint8_t> idx(bytes, 0);
            std::vector<uint16_t> sc(static_cast<size_t>(rows));
            for (size_t r = 0; r < size_t(rows); r += split)
                encodeRows(w.data(), size_t(cols), r, std::min(size_t(rows), r + split), pb.data(), shape.stages, tf,
                           64, idx.data(), sc.data(), isa);
            QVERIFY2(idx == refIdx, qPrintable(QString("isa %1, split %2").arg(int(isa)).arg(split)));
            QVERIFY(sc == refScale);
        }
    }
    // Not trivially all-zero: several distinct indices were chosen.
    QVERIFY(std::count(refIdx.begin(), refIdx.end(), refIdx[0]) < int(refIdx.size()) / 2);
}

void TestVqEncode::kmeansIndependentOfThreads()
{
    const std::vector<float> v = gaussian(8 * 5000, 3, 0.3f);
    kernels::ThreadPool one(1), two(2);
    const Isa isa = kernels::detectedIsa() == Isa::Neon ? Isa::Scalar : kernels::detectedIsa();
    const std::vector<float> a = fitResidualBooks(v, 3, 256, 8, 4, 0, one, Isa::Scalar);
    const std::vector<float> b = fitResidualBooks(v, 3, 256, 8, 4, 0, two, isa);
    QCOMPARE(a.size(), size_t(3 * 256 * 8));
    QVERIFY(std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0);
    // Each stage lowers the residual error (the books do something).
    double before = 0, after = 0;
    std::vector<float> x(8);
    std::vector<PreparedBook> pb;
    for (int s = 0; s < 3; ++s)
        pb.push_back(prepareBook(a.data() + size_t(s) * 256 * 8, 256, 8));
    for (size_t i = 0; i < 5000; ++i) {
        std::memcpy(x.data(), v.data() + i * 8, 32);
        for (float f : x)
            before += double(f) * f;
        for (int s = 0; s < 3; ++s) {
            const int e = nearestScalar(pb[size_t(s)], x.data());
            for (int d = 0; d < 8; ++d)
                x[size_t(d)] -= a[size_t(s) * 2048 + size_t(e) * 8 + size_t(d)];
        }
        for (float f : x)
            after += double(f) * f;
    }
    QVERIFY2(after < 0.25 * before, qPrintable(QString("relative error %1").arg(std::sqrt(after / before))));
}

SLUICE_TEST_GUILESS_MAIN(TestVqEncode)
#include "tst_vqencode.moc"
