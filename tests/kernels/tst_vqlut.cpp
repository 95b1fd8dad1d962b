// VQ LUT matvec against an independent dequantise-then-dot (spec 5.1), for
// VQ3R/VQ2R (f32 table) and VQ4P (int8 table, spec 5.5), both index layouts
// (index_block 64 and 0); bitwise invariance over thread counts, ISAs,
// layouts and batching.
#include "support/testregistry.h"
#include "testmetatypes.h"
#include "kernels/cpufeatures.h"
#include "kernels/vqlut.h"
#include "util/half.h"

#include <QTest>
#include <cmath>
#include <cstring>
#include <random>
#include <vector>

using namespace sluice;
using namespace sluice::kernels;

namespace {

double halfValue(uint16_t h) // from the binary16 definition
{
    const int e = (h >> 10) & 31, m = h & 1023;
    const double v = e == 0 ? std::ldexp(double(m), -24) : std::ldexp(1.0 + m / 1024.0, e - 15);
    return (h & 0x8000) ? -v : v;
}

struct Expert {
    TensorFormat fmt;
    int stages, entries, block;
    size_t rows, cols, nv;
    std::vector<float> books;            // [stage][entry][8]
    std::vector<int> idx;                // logical [r][v][s]
    std::vector<uint8_t> indices;        // stored layout
    std::vector<uint16_t> sigma;         // row scales
    VqCodebooksView booksView() const { return {books.data(), stages, entries, 8}; }
    VqMatrixView view() const { return {fmt, indices.data(), sigma.data(), rows, cols, stages, 8, block}; }
    // Re-encode the same logical indices in another layout.
    void encode(int indexBlock)
    {
        block = indexBlock;
        const size_t bpv = fmt == TensorFormat::VQ4P ? 3 : size_t(stages);
        const size_t paddedRows = block ? (rows + 63) / 64 * 64 : rows;
        indices.assign(paddedRows * nv * bpv, 0);
        for (size_t r = 0; r < rows; ++r) {
            for (size_t v = 0; v < nv; ++v) {
                // Byte address from spec 5.3.
                const size_t at = block ? ((r / 64) * nv + v) * 64 * bpv + (r % 64) * bpv : (r * nv + v) * bpv;
                const int *i = &idx[(r * nv + v) * size_t(stages)];
                if (fmt == TensorFormat::VQ4P) { // spec 4.6
                    indices[at] = uint8_t((i[0] | i[1] << 6) & 0xFF);
                    indices[at + 1] = uint8_t((i[1] >> 2 | i[2] << 4) & 0xFF);
                    indices[at + 2] = uint8_t((i[2] >> 4 | i[3] << 2) & 0xFF);
                } else {
                    for (int s = 0; s < stages; ++s)
                        indices[at + size_t(s)] = uint8_t(i[s]);
                }
            }
        }
    }
    // W_hat[r][c] = sigma_r * sum_s C_s[i_s(r, c/8)][c%8], in double.
    double weight(size_t r, size_t c) const
    {
        double sum = 0;
        for (int s = 0; s < stages; ++s)
            sum += books[(size_t(s) * entries + size_t(idx[(r * nv + c / 8) * stages + s])) * 8 + c % 8];
        return halfValue(sigma[r]) * sum;
    }
};

Expert makeExpert(TensorFormat fmt, int stages, size_t rows, size_t cols, int block, uint32_t seed)
{
    std::mt19937 rng(seed);
    std::normal_distribution<float> normal(0.0f, 1.0f);
    Expert e{fmt, stages, fmt == TensorFormat::VQ4P ? 64 : 256, block, rows, cols, cols / 8, {}, {}, {}, {}};
    e.books.resize(size_t(stages) * e.entries * 8);
    for (size_t i = 0; i < e.books.size(); ++i) // fp16-representable, shrinking per stage like residual VQ
        e.books[i] = halfToFloat(floatToHalf(normal(rng) * 0.3f / float(1 + i / (size_t(e.entries) * 8))));
    e.idx.resize(rows * e.nv * size_t(stages));
    for (auto &i : e.idx)
        i = int(rng() % uint32_t(e.entries));
    e.sigma.resize(rows);
    for (size_t r = 0; r < rows; ++r)
        e.sigma[r] = r % 13 == 5 ? uint16_t(1 + rng() % 1023) : floatToHalf(0.02f + 0.001f * float(rng() % 100));
    e.encode(block);
    return e;
}

std::vector<float> input(size_t n, uint32_t seed)
{
    std::mt19937 rng(seed);
    std::normal_distribution<float> normal(0.0f, 1.0f);
    std::vector<float> x(n);
    for (size_t i = 0; i < n; ++i) // magnitudes varying by orders, like real activations
        x[i] = normal(rng) * (i % 97 == 0 ? 30.0f : (i / 8) % 5 == 0 ? 0.01f : 1.0f);
    return x;
}

// Runs every (isa, thread count) combination; all outputs must equal `first` bitwise.
std::vector<float> runEverywhere(const Expert &e, const std::vector<float> &x, bool &identical)
{
    identical = true;
    std::vector<float> first;
    const VqLut::Kind kind = e.fmt == TensorFormat::VQ4P ? VqLut::Kind::Int8 : VqLut::Kind::F32;
    for (Isa isa : {Isa::Scalar, Isa::Avx2, Isa::Avx512, Isa::Neon}) {
        if (setActiveIsa(isa) != isa)
            continue;
        for (int threads : {1, 2, 3}) {
            ThreadPool pool(threads);
            VqLut lut;
            if (!lut.build(e.booksView(), x.data(), x.size(), kind, &pool).isOk())
                qFatal("build failed");
            std::vector<float> y(e.rows, -1.0f);
            if (!vqMatvec(lut, e.view(), y.data(), &pool).isOk())
                qFatal("apply failed");
            if (first.empty())
                first = y;
            else if (std::memcmp(first.data(), y.data(), y.size() * 4) != 0) {
                qWarning("%s with %d threads differs", isaName(isa), threads);
                identical = false;
            }
        }
    }
    setActiveIsa(detectedIsa());
    return first;
}

} // namespace


class TestVqLut : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void cleanup() { setActiveIsa(detectedIsa()); }

    void matchesDequantisedDot_data()
    {
        QTest::addColumn<TensorFormat>("fmt");
        QTest::addColumn<int>("stages");
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("cols");
        QTest::addColumn<int>("block");
        for (int block : {64, 0}) {
            QTest::addRow("VQ3R 192x512 block %d", block) << TensorFormat::VQ3R << 3 << 192 << 512 << block;
            QTest::addRow("VQ3R 100x264 block %d", block) << TensorFormat::VQ3R << 3 << 100 << 264 << block;
            QTest::addRow("VQ2R 128x256 block %d", block) << TensorFormat::VQ2R << 2 << 128 << 256 << block;
            QTest::addRow("VQ4P 192x512 block %d", block) << TensorFormat::VQ4P << 4 << 192 << 512 << block;
            QTest::addRow("VQ4P 100x264 block %d", block) << TensorFormat::VQ4P << 4 << 100 << 264 << block;
        }
    }
    void matchesDequantisedDot()
    {
        QFETCH(TensorFormat, fmt);
        QFETCH(int, stages);
        QFETCH(int, rows);
        QFETCH(int, cols);
        QFETCH(int, block);
        const Expert e = makeExpert(fmt, stages, size_t(rows), size_t(cols), block, 11u + uint32_t(rows));
        const std::vector<float> x = input(size_t(cols), 3);
        bool identical = false;
        const std::vector<float> y = runEverywhere(e, x, identical);
        QVERIFY2(identical, "results differ between ISAs or thread counts");

        VqLut lut;
        const bool int8 = fmt == TensorFormat::VQ4P;
        QVERIFY(lut.build(e.booksView(), x.data(), x.size(), int8 ? VqLut::Kind::Int8 : VqLut::Kind::F32));
        const size_t nv = e.nv;
        for (size_t r = 0; r < size_t(rows); ++r) {
            double exact = 0, mag = 0;
            for (size_t c = 0; c < size_t(cols); ++c) {
                exact += e.weight(r, c) * x[c];
                mag += std::fabs(e.weight(r, c) * x[c]);
            }
            double bound = 1e-6 * mag + 1e-30;
            if (int8) {
                // Each of the 4 lookups per position is off by at most half a step of its block's scale.
                double steps = 0;
                for (size_t v = 0; v < nv; ++v)
                    steps += 4 * 0.5 * lut.blockScales()[v / kVq4pLutBlock];
                bound += std::fabs(halfValue(e.sigma[r])) * steps * (1 + 1e-5);
            }
            QVERIFY2(std::fabs(y[r] - exact) <= bound,
                     qPrintable(QString("row %1: %2 vs exact %3 (bound %4)").arg(r).arg(y[r]).arg(exact).arg(bound)));
        }
    }

    // The table itself: f32 entries vs float64 sums, and the int8 quantisation
    // rule (scale = max|T|/127 per 32 positions, round half to even, +-127).
    void tableBuildAndQuantisation()
    {
        const Expert e = makeExpert(TensorFormat::VQ4P, 4, 64, 8 * 70, 64, 5);
        const std::vector<float> x = input(8 * 70, 9);
        VqLut lut;
        QVERIFY(lut.build(e.booksView(), x.data(), x.size(), VqLut::Kind::Int8));
        QCOMPARE(lut.positions(), size_t(70));
        const size_t perV = 4 * 64;
        for (size_t v = 0; v < 70; ++v)
            for (size_t i = 0; i < perV; ++i) {
                double t = 0, mag = 0;
                for (int d = 0; d < 8; ++d) {
                    t += double(x[8 * v + size_t(d)]) * e.books[i * 8 + size_t(d)];
                    mag += std::fabs(double(x[8 * v + size_t(d)]) * e.books[i * 8 + size_t(d)]);
                }
                QVERIFY(std::fabs(lut.table()[v * perV + i] - t) <= 1e-6 * mag + 1e-30);
            }
        for (size_t b = 0; b < 3; ++b) {
            const size_t v1 = std::min<size_t>(70, 32 * (b + 1));
            float amax = 0;
            for (size_t i = 32 * b * perV; i < v1 * perV; ++i)
                amax = std::max(amax, std::fabs(lut.table()[i]));
            QCOMPARE(lut.blockScales()[b], amax / 127.0f);
            bool sawExtreme = false;
            for (size_t i = 32 * b * perV; i < v1 * perV; ++i) {
                const double q = double(lut.table()[i]) / double(lut.blockScales()[b]);
                const int8_t got = lut.table8()[i];
                QVERIFY(got >= -127 && got <= 127);
                QVERIFY2(std::fabs(q - got) <= 0.5 + 1e-6, qPrintable(QString("entry %1: %2 -> %3").arg(i).arg(q).arg(got)));
                sawExtreme = sawExtreme || std::abs(got) == 127;
            }
            QVERIFY(sawExtreme);
        }
    }

    void layoutsAndBatchingAreBitIdentical_data()
    {
        QTest::addColumn<TensorFormat>("fmt");
        QTest::addColumn<int>("stages");
        QTest::newRow("VQ3R") << TensorFormat::VQ3R << 3;
        QTest::newRow("VQ4P") << TensorFormat::VQ4P << 4;
    }
    void layoutsAndBatchingAreBitIdentical()
    {
        QFETCH(TensorFormat, fmt);
        QFETCH(int, stages);
        Expert e = makeExpert(fmt, stages, 130, 320, 64, 77);
        const VqLut::Kind kind = fmt == TensorFormat::VQ4P ? VqLut::Kind::Int8 : VqLut::Kind::F32;
        std::vector<VqLut> luts(3);
        std::vector<std::vector<float>> single(3, std::vector<float>(130));
        for (size_t j = 0; j < 3; ++j) {
            const auto x = input(320, 20 + uint32_t(j));
            QVERIFY(luts[j].build(e.booksView(), x.data(), x.size(), kind));
            QVERIFY(vqMatvec(luts[j], e.view(), single[j].data()));
        }
        ThreadPool pool(2);
        std::vector<std::vector<float>> batched(3, std::vector<float>(130));
        const VqLut *lp[3] = {&luts[0], &luts[1], &luts[2]};
        float *yp[3] = {batched[0].data(), batched[1].data(), batched[2].data()};
        QVERIFY(vqMatmul(lp, 3, e.view(), yp, &pool));
        for (size_t j = 0; j < 3; ++j)
            QVERIFY(std::memcmp(single[j].data(), batched[j].data(), 130 * 4) == 0);
        // Row ranges that cut index blocks (callers parallelising themselves).
        std::vector<float> pieces(130);
        vqMatvecRows(luts[0], e.view(), 0, 37, pieces.data());
        vqMatvecRows(luts[0], e.view(), 37, 129, pieces.data());
        vqMatvecRows(luts[0], e.view(), 129, 130, pieces.data());
        QVERIFY(std::memcmp(single[0].data(), pieces.data(), 130 * 4) == 0);
        // The same matrix in the plain [row][v][stage] layout.
        e.encode(0);
        std::vector<float> plain(130);
        QVERIFY(vqMatvec(luts[0], e.view(), plain.data()));
        QVERIFY(std::memcmp(single[0].data(), plain.data(), 130 * 4) == 0);
        QCOMPARE(vqIndex(e.view(), 129, 39, stages - 1), e.idx[(129 * 40 + 39) * size_t(stages) + size_t(stages) - 1]);
    }

    // The byte-plane table and its in-register lookup kernel (AVX-512 VBMI)
    // against the linear table and the scalar loop, bit for bit: several
    // tiles of index blocks with a partial last tile, a ragged last block,
    // 1 to 4 stages, both index layouts, 1 and 3 threads.
    void bytePlanesMatchLinear_data()
    {
        QTest::addColumn<int>("stages");
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("cols");
        QTest::newRow("3 stages, 11 blocks x 33 positions") << 3 << 704 << 264;
        QTest::newRow("3 stages, ragged 100 x 64") << 3 << 100 << 64;
        QTest::newRow("3 stages, 1 position") << 3 << 64 << 8;
        QTest::newRow("2 stages, 9 blocks + 7 rows") << 2 << 583 << 136;
        QTest::newRow("1 stage") << 1 << 128 << 64;
        QTest::newRow("4 stages") << 4 << 192 << 72;
    }
    void bytePlanesMatchLinear()
    {
        QFETCH(int, stages);
        QFETCH(int, rows);
        QFETCH(int, cols);
        if (!(detectedIsa() == Isa::Avx512 && hasAvx512Vbmi()))
            QSKIP("no AVX-512 VBMI on this CPU: the byte-plane layout is never chosen");
        const TensorFormat fmt = stages == 2 ? TensorFormat::VQ2R : TensorFormat::VQ3R;
        Expert e = makeExpert(fmt, stages, size_t(rows), size_t(cols), 64, 300u + uint32_t(rows));
        const std::vector<float> x = input(size_t(cols), 31);
        QCOMPARE(setActiveIsa(Isa::Scalar), Isa::Scalar);
        VqLut linear;
        QVERIFY(linear.build(e.booksView(), x.data(), x.size()));
        QVERIFY(linear.layout() == VqLut::Layout::Linear);
        std::vector<float> want(static_cast<size_t>(rows));
        QVERIFY(vqMatvec(linear, e.view(), want.data()));
        QCOMPARE(setActiveIsa(Isa::Avx512), Isa::Avx512);
        ThreadPool pool(3);
        VqLut planes;
        QVERIFY(planes.build(e.booksView(), x.data(), x.size(), VqLut::Kind::F32, &pool));
        QVERIFY(planes.layout() == VqLut::Layout::BytePlanes);
        for (size_t v = 0; v < e.nv; ++v)
            for (int st = 0; st < stages; ++st)
                for (int c = 0; c < 256; ++c) {
                    const float a = linear.entry(v, st, c), b = planes.entry(v, st, c);
                    QVERIFY2(std::memcmp(&a, &b, 4) == 0, qPrintable(QString("entry %1/%2/%3").arg(v).arg(st).arg(c)));
                    QCOMPARE(a, linear.table()[(v * size_t(stages) + size_t(st)) * 256 + size_t(c)]);
                }
        for (int threads : {1, 3}) {
            ThreadPool p(threads);
            std::vector<float> got(size_t(rows), -1.0f);
            QVERIFY(vqMatvec(planes, e.view(), got.data(), &p));
            QVERIFY2(std::memcmp(want.data(), got.data(), want.size() * 4) == 0,
                     qPrintable(QString("%1 threads").arg(threads)));
        }
        std::vector<float> ref(size_t(rows), -1.0f);
        vqMatvecReference(planes, e.view(), ref.data()); // scalar loop reading the planes
        QVERIFY(std::memcmp(want.data(), ref.data(), want.size() * 4) == 0);
        e.encode(0); // plain layout: scalar loop on the planes
        std::vector<float> plain(size_t(rows), -1.0f);
        QVERIFY(vqMatvec(planes, e.view(), plain.data(), &pool));
        QVERIFY(std::memcmp(want.data(), plain.data(), want.size() * 4) == 0);
    }

    // vqMatvecRewriting: the apply that leaves a matrix's indices in the
    // stage-planar order gives the scalar loop's bits, writes exactly the
    // planar bytes (checked against an encoding written here from the row
    // order's definition), and every later apply of the planar bytes - VBMI
    // kernel at 1 and 3 threads, scalar ISA, reference, a second rewriting
    // call - gives the same bits. Ragged matrices and other ISAs are left
    // untouched.
    void stagePlanarRewriteIsBitIdentical_data()
    {
        QTest::addColumn<int>("stages");
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("cols");
        QTest::addColumn<bool>("rewrites");
        QTest::newRow("3 stages, 11 blocks x 33 positions") << 3 << 704 << 264 << true;
        QTest::newRow("3 stages, 1 position") << 3 << 64 << 8 << true;
        QTest::newRow("2 stages, 9 blocks") << 2 << 576 << 136 << true;
        QTest::newRow("1 stage") << 1 << 128 << 64 << true;
        QTest::newRow("4 stages") << 4 << 192 << 72 << true;
        QTest::newRow("3 stages, ragged 100 rows: left as stored") << 3 << 100 << 64 << false;
    }
    void stagePlanarRewriteIsBitIdentical()
    {
        QFETCH(int, stages);
        QFETCH(int, rows);
        QFETCH(int, cols);
        QFETCH(bool, rewrites);
        if (!(detectedIsa() == Isa::Avx512 && hasAvx512Vbmi()))
            QSKIP("no AVX-512 VBMI on this CPU: indices are never rewritten (the kernel that reads them is absent)");
        const TensorFormat fmt = stages == 2 ? TensorFormat::VQ2R : TensorFormat::VQ3R;
        Expert e = makeExpert(fmt, stages, size_t(rows), size_t(cols), 64, 500u + uint32_t(rows));
        const std::vector<float> x = input(size_t(cols), 37);
        QCOMPARE(setActiveIsa(Isa::Scalar), Isa::Scalar);
        VqLut linear;
        QVERIFY(linear.build(e.booksView(), x.data(), x.size()));
        std::vector<float> want(static_cast<size_t>(rows));
        QVERIFY(vqMatvec(linear, e.view(), want.data()));
        // Another ISA: no rewrite, bytes untouched.
        const std::vector<uint8_t> stored = e.indices;
        std::vector<float> got(size_t(rows), -1.0f);
        auto scalarCall = vqMatvecRewriting(linear, e.view(), e.indices.data(), got.data());
        QVERIFY(scalarCall);
        QVERIFY(!*scalarCall);
        QVERIFY(e.indices == stored);
        QVERIFY(std::memcmp(want.data(), got.data(), want.size() * 4) == 0);

        QCOMPARE(setActiveIsa(Isa::Avx512), Isa::Avx512);
        VqLut planes;
        QVERIFY(planes.build(e.booksView(), x.data(), x.size()));
        QCOMPARE(vqRewritable(planes, e.view()), rewrites);
        ThreadPool pool(3);
        std::fill(got.begin(), got.end(), -1.0f);
        auto rewrote = vqMatvecRewriting(planes, e.view(), e.indices.data(), got.data(), &pool);
        QVERIFY(rewrote);
        QCOMPARE(*rewrote, rewrites);
        QVERIFY(std::memcmp(want.data(), got.data(), want.size() * 4) == 0);
        if (!rewrites) {
            QVERIFY(e.indices == stored);
            return;
        }
        // The planar bytes from the definition: per block and position, stage s
        // at 64 s, row 16j + 4k + d at byte 16k + 4j + d.
        std::vector<uint8_t> planar(stored.size(), 0);
        for (size_t r = 0; r < size_t(rows); ++r)
            for (size_t v = 0; v < e.nv; ++v)
                for (int s = 0; s < stages; ++s) {
                    const size_t j = (r % 64) / 16, k = (r % 16) / 4, d = r % 4;
                    const size_t at = ((r / 64) * e.nv + v) * 64 * size_t(stages) + 64 * size_t(s) + 16 * k + 4 * j + d;
                    planar[at] = uint8_t(e.idx[(r * e.nv + v) * size_t(stages) + size_t(s)]);
                }
        QVERIFY2(e.indices == planar, "the rewritten bytes are not the stage-planar encoding");
        VqMatrixView pv = e.view();
        pv.order = VqIndexOrder::StagePlanes;
        QVERIFY(!vqRewritable(planes, pv));
        for (size_t r : {size_t(0), size_t(5), size_t(rows - 1)})
            for (int s = 0; s < stages; ++s)
                QCOMPARE(vqIndex(pv, r, e.nv - 1, s), e.idx[(r * e.nv + e.nv - 1) * size_t(stages) + size_t(s)]);
        auto check = [&](const char *what, const std::vector<float> &y) {
            QVERIFY2(std::memcmp(want.data(), y.data(), want.size() * 4) == 0, what);
        };
        for (int threads : {1, 3}) {
            ThreadPool p(threads);
            std::vector<float> y(size_t(rows), -1.0f);
            QVERIFY(vqMatvec(planes, pv, y.data(), &p));
            check(threads == 1 ? "planar, VBMI, 1 thread" : "planar, VBMI, 3 threads", y);
        }
        std::vector<float> y(size_t(rows), -1.0f);
        auto again = vqMatvecRewriting(planes, pv, e.indices.data(), y.data(), &pool);
        QVERIFY(again && !*again);
        check("planar, rewriting call again", y);
        QVERIFY(e.indices == planar);
        vqMatvecReference(planes, pv, y.data());
        check("planar, reference on the byte planes", y);
        vqMatvecRows(planes, pv, 0, 37, y.data()); // a cut block: the scalar planar loop
        vqMatvecRows(planes, pv, 37, size_t(rows), y.data());
        check("planar, rows cut inside a block", y);
        QCOMPARE(setActiveIsa(Isa::Scalar), Isa::Scalar);
        std::fill(y.begin(), y.end(), -1.0f);
        QVERIFY(vqMatvec(linear, pv, y.data()));
        check("planar, scalar ISA on the linear table", y);
    }

    // Stage-planar order exists for VQ3R/VQ2R blocks of 64 only.
    void stagePlanarRefusedWhereUndefined()
    {
        Expert e = makeExpert(TensorFormat::VQ3R, 3, 64, 64, 0, 9);
        const auto x = input(64, 3);
        VqLut lut;
        QVERIFY(lut.build(e.booksView(), x.data(), x.size()));
        VqMatrixView w = e.view();
        w.order = VqIndexOrder::StagePlanes;
        const Status s = validateVq(lut, w);
        QVERIFY(!s.isOk());
        QVERIFY2(s.message().find("stage-planar") != std::string::npos, s.message().c_str());
        Expert p = makeExpert(TensorFormat::VQ4P, 4, 64, 64, 64, 9);
        VqLut lut8;
        QVERIFY(lut8.build(p.booksView(), x.data(), x.size(), VqLut::Kind::Int8));
        VqMatrixView pw = p.view();
        QVERIFY(!vqRewritable(lut8, pw));
        pw.order = VqIndexOrder::StagePlanes;
        QVERIFY(!validateVq(lut8, pw).isOk());
    }

    // Gate and up style jobs (different tables, shapes and formats) in one
    // fork-join give the bits of one vqMatvec each, for any thread count.
    void jobsMatchSingleApplies()
    {
        const Expert a = makeExpert(TensorFormat::VQ3R, 3, 200, 136, 64, 41);   // ragged last block
        const Expert b = makeExpert(TensorFormat::VQ2R, 2, 64 * 5, 64, 64, 42);
        const Expert c = makeExpert(TensorFormat::VQ4P, 4, 130, 96, 0, 43);     // plain layout, int8 table
        const Expert *ex[3] = {&a, &b, &c};
        std::vector<VqLut> luts(3);
        std::vector<std::vector<float>> want(3);
        for (size_t j = 0; j < 3; ++j) {
            const auto x = input(ex[j]->cols, 50 + uint32_t(j));
            QVERIFY(luts[j].build(ex[j]->booksView(), x.data(), x.size(),
                                  ex[j]->fmt == TensorFormat::VQ4P ? VqLut::Kind::Int8 : VqLut::Kind::F32));
            want[j].assign(ex[j]->rows, 0.0f);
            QVERIFY(vqMatvec(luts[j], ex[j]->view(), want[j].data()));
        }
        for (int threads : {1, 2, 3}) {
            ThreadPool pool(threads);
            std::vector<std::vector<float>> got(3);
            VqJob jobs[3];
            for (size_t j = 0; j < 3; ++j) {
                got[j].assign(ex[j]->rows, -1.0f);
                jobs[j] = {&luts[j], ex[j]->view(), got[j].data()};
            }
            QVERIFY(vqMatvecJobs(jobs, 3, &pool));
            for (size_t j = 0; j < 3; ++j)
                QVERIFY2(std::memcmp(want[j].data(), got[j].data(), want[j].size() * 4) == 0,
                         qPrintable(QString("job %1, %2 threads").arg(j).arg(threads)));
        }
        QVERIFY(vqMatvecJobs(nullptr, 0));
        VqJob bad[1] = {{&luts[0], b.view(), want[1].data()}}; // table built for another width
        QCOMPARE(vqMatvecJobs(bad, 1).code(), ErrorCode::InvalidArgument);
    }

    void rejectsMismatches()
    {
        const Expert e = makeExpert(TensorFormat::VQ3R, 3, 64, 128, 64, 1);
        const auto x = input(128, 1);
        std::vector<float> y(64);
        VqLut lut;
        QCOMPARE(vqMatvec(lut, e.view(), y.data()).code(), ErrorCode::InvalidArgument); // not built
        QCOMPARE(lut.build(e.booksView(), x.data(), 100).code(), ErrorCode::InvalidArgument);
        QVERIFY(lut.build(e.booksView(), x.data(), 128));
        VqMatrixView w = e.view();
        w.stages = 2;
        QCOMPARE(vqMatvec(lut, w, y.data()).code(), ErrorCode::InvalidArgument);
        w = e.view();
        w.cols = 136;
        QCOMPARE(vqMatvec(lut, w, y.data()).code(), ErrorCode::InvalidArgument);
        w = e.view();
        w.indexBlock = 32;
        QCOMPARE(vqMatvec(lut, w, y.data()).code(), ErrorCode::Unsupported);
        w = e.view();
        w.fmt = TensorFormat::VQ4P;
        w.stages = 3;
        Status st = vqMatvec(lut, w, y.data());
        QCOMPARE(st.code(), ErrorCode::InvalidArgument);
        QVERIFY(QString::fromStdString(st.message()).contains("int8"));
        w = e.view();
        w.fmt = TensorFormat::Q4G;
        QCOMPARE(vqMatvec(lut, w, y.data()).code(), ErrorCode::Unsupported);
    }
};

SLUICE_TEST_APPLESS_MAIN(TestVqLut)
#include "tst_vqlut.moc"
