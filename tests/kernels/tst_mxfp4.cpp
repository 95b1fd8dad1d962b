// MXFP4 expert kernels (issue 11): every ISA path bit-identical to the scalar
// reference (which follows the summation order defined in mxfp4.h), for any
// thread count and batch size, at odd sizes; the reference against a float64
// dot product of the exactly dequantised row; every E2M1 code and the
// extreme scales decoded exactly.
#include "support/testregistry.h"
#include "kernels/cpufeatures.h"
#include "kernels/mxfp4.h"
#include "kernels/matvec.h"
#include "normalvector.h"

#include <QTest>

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

using namespace sluice::kernels;

namespace {

struct Matrix {
    std::vector<uint8_t> packed, scales;
    Mxfp4MatrixView view;
};

Matrix randomMatrix(size_t rows, size_t cols, uint32_t seed, int eLo, int eHi)
{
    Matrix m;
    std::mt19937 rng(seed);
    m.packed.resize(rows * cols / 2);
    m.scales.resize(rows * cols / 32);
    for (uint8_t &b : m.packed)
        b = uint8_t(rng());
    std::uniform_int_distribution<int> e(eLo, eHi);
    for (uint8_t &s : m.scales)
        s = uint8_t(e(rng));
    m.view = {m.packed.data(), m.scales.data(), rows, cols};
    return m;
}

bool sameBits(const std::vector<float> &a, const std::vector<float> &b)
{
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * 4) == 0;
}

} // namespace

class TestMxfp4 : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void cleanup() { setActiveIsa(detectedIsa()); }

    void matchesReference_data()
    {
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("cols");
        QTest::addColumn<int>("eLo");
        QTest::addColumn<int>("eHi");
        QTest::newRow("1x32") << 1 << 32 << 120 << 130;
        QTest::newRow("7x64") << 7 << 64 << 100 << 150;
        QTest::newRow("33x96 odd groups") << 33 << 96 << 110 << 135;
        QTest::newRow("17x224 seven groups") << 17 << 224 << 118 << 128;
        QTest::newRow("130x3584 K3 w1") << 130 << 3584 << 115 << 125;
        QTest::newRow("96x3072 K3 w2") << 96 << 3072 << 115 << 125;
        QTest::newRow("scale 0 and tiny") << 9 << 160 << 0 << 3;
        QTest::newRow("huge scales") << 5 << 64 << 200 << 230;
    }
    void matchesReference()
    {
        QFETCH(int, rows);
        QFETCH(int, cols);
        QFETCH(int, eLo);
        QFETCH(int, eHi);
        const Matrix m = randomMatrix(size_t(rows), size_t(cols), uint32_t(rows * 7919 + cols), eLo, eHi);
        const size_t nvec = 3;
        const std::vector<float> x = sluice::test::normalVector(size_t(cols) * nvec, uint32_t(cols));
        std::vector<float> ref(size_t(rows) * nvec);
        for (size_t j = 0; j < nvec; ++j) {
            std::vector<float> y(static_cast<size_t>(rows));
            mxfp4MatvecReference(m.view, x.data() + j * size_t(cols), y.data());
            std::memcpy(ref.data() + j * size_t(rows), y.data(), y.size() * 4);
        }
        // The reference against float64 on the exact weights.
        std::vector<float> w(static_cast<size_t>(cols));
        for (int r = 0; r < rows; ++r) {
            mxfp4DequantizeRow(m.view, size_t(r), w.data());
            double exact = 0, norm = 0;
            for (int c = 0; c < cols; ++c) {
                exact += double(w[size_t(c)]) * double(x[size_t(c)]);
                norm += std::fabs(double(w[size_t(c)]) * double(x[size_t(c)]));
            }
            QVERIFY2(std::fabs(double(ref[size_t(r)]) - exact) <= 1e-6 * norm + 1e-300,
                     qPrintable(QString("row %1: %2 vs %3").arg(r).arg(ref[size_t(r)]).arg(exact)));
        }
        int tested = 0;
        for (Isa isa : {Isa::Scalar, Isa::Avx2, Isa::Avx512, Isa::Neon}) {
            if (setActiveIsa(isa) != isa)
                continue;
            ++tested;
            ThreadPool p1(1), p2(2), p3(3);
            for (ThreadPool *pool : {static_cast<ThreadPool *>(nullptr), &p1, &p2, &p3}) {
                std::vector<float> y(size_t(rows) * nvec, -1.0f);
                QVERIFY(mxfp4Matmul(m.view, x.data(), size_t(cols), nvec, y.data(), size_t(rows), pool).isOk());
                QVERIFY2(sameBits(y, ref), isaName(isa));
                std::vector<float> y1(static_cast<size_t>(rows));
                QVERIFY(mxfp4Matvec(m.view, x.data(), y1.data(), pool).isOk());
                QVERIFY2(std::memcmp(y1.data(), ref.data(), y1.size() * 4) == 0, isaName(isa));
            }
        }
        QVERIFY(tested >= 1);
    }

    void everyCode()
    {
        // Row 0: each group holds all 16 codes twice (element i has code i % 16).
        const size_t cols = 64;
        std::vector<uint8_t> packed(cols / 2), scales(2);
        for (size_t i = 0; i < cols; i += 2)
            packed[i / 2] = uint8_t((i % 16) | ((i + 1) % 16) << 4);
        const float magnitude[8] = {0, 0.5f, 1, 1.5f, 2, 3, 4, 6};
        for (int e : {1, 100, 127, 128, 200}) {
            scales[0] = scales[1] = uint8_t(e);
            const Mxfp4MatrixView v{packed.data(), scales.data(), 1, cols};
            std::vector<float> out(cols);
            mxfp4DequantizeRow(v, 0, out.data());
            for (size_t i = 0; i < cols; ++i) {
                const int code = int(i % 16);
                const float expected = float((code & 8 ? -1.0 : 1.0) * magnitude[code & 7] * std::ldexp(1.0, e - 127));
                QCOMPARE(out[i], expected);
            }
            // A one-hot x reads each weight back through every kernel path.
            for (Isa isa : {Isa::Scalar, Isa::Avx2, Isa::Avx512}) {
                if (setActiveIsa(isa) != isa)
                    continue;
                for (size_t i = 0; i < cols; ++i) {
                    std::vector<float> x(cols, 0.0f);
                    x[i] = 1.0f;
                    float y = 0;
                    QVERIFY(mxfp4Matvec(v, x.data(), &y).isOk());
                    QCOMPARE(y, out[i] == 0.0f ? 0.0f : out[i]);
                }
            }
        }
        // Extremes: e = 0 is zero; e = 254 with 0.5 is 2^126; e = 1 with 0.5 is 2^-127.
        packed.assign(cols / 2, 0x11);
        const Mxfp4MatrixView v{packed.data(), scales.data(), 1, cols};
        std::vector<float> out(cols);
        scales[0] = 0;
        scales[1] = 254;
        mxfp4DequantizeRow(v, 0, out.data());
        QCOMPARE(out[0], 0.0f);
        QCOMPARE(out[32], std::ldexp(1.0f, 126));
        scales[1] = 1;
        mxfp4DequantizeRow(v, 0, out.data());
        QCOMPARE(out[63], std::ldexp(1.0f, -127));
    }

    void refusesBadShapes()
    {
        std::vector<uint8_t> b(64);
        std::vector<float> x(48), y(2);
        QVERIFY(!mxfp4Matvec({b.data(), b.data(), 2, 48}, x.data(), y.data()).isOk());
        QVERIFY(!mxfp4Matvec({nullptr, b.data(), 2, 32}, x.data(), y.data()).isOk());
        QVERIFY(!mxfp4Matmul({b.data(), b.data(), 2, 32}, x.data(), 32, 0, y.data(), 2).isOk());
    }

    // Kimi-Linear's bf16 experts use the trunk BF16 matvec: every thread count
    // gives the same bits.
    void bf16ExpertThreads()
    {
        const size_t rows = 75, cols = 2304;
        std::vector<uint16_t> w(rows * cols);
        std::mt19937 rng(5);
        for (uint16_t &v : w)
            v = uint16_t(0x3c00 + (rng() & 0x7ff)) ^ uint16_t(rng() & 0x8000);
        const std::vector<float> x = sluice::test::normalVector(cols, 9);
        sluice::TrunkMatrixView view;
        view.fmt = sluice::TensorFormat::F16;
        view.isBf16 = true;
        view.data = reinterpret_cast<const uint8_t *>(w.data());
        view.rows = rows;
        view.cols = cols;
        view.rowBytes = cols * 2;
        std::vector<float> y1(rows), y3(rows);
        ThreadPool p1(1), p3(3);
        QVERIFY(matvec(view, x.data(), y1.data(), &p1).isOk());
        QVERIFY(matvec(view, x.data(), y3.data(), &p3).isOk());
        QVERIFY(sameBits(y1, y3));
    }
};

SLUICE_TEST_GUILESS_MAIN(TestMxfp4)
#include "tst_mxfp4.moc"
