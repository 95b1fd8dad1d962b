// Trunk matvec: the reference against an independent float64 dequantise-and-
// dot written from spec 4.3; the active SIMD path against the reference;
// bitwise invariance over thread counts; matmul == matvec per vector.
#include "support/testregistry.h"
#include "testmetatypes.h"
#include "kernels/cpufeatures.h"
#include "kernels/matvec.h"
#include "util/half.h"
#include "normalvector.h"

#include <QTest>
#include <cmath>
#include <cstring>
#include <random>
#include <vector>

using namespace sluice;
using namespace sluice::kernels;

namespace {

// A random matrix stored in one trunk format, plus its weights decoded here
// straight from the spec (not through the kernels' decoder).
struct Stored {
    TensorFormat fmt;
    bool bf16 = false;
    size_t rows, cols, rowBytes;
    std::vector<uint8_t> data;
    std::vector<uint16_t> scales;
    std::vector<double> dense; // [rows][cols]
    TrunkMatrixView view() const
    {
        TrunkMatrixView v;
        v.fmt = fmt;
        v.isBf16 = bf16;
        v.data = data.data();
        v.scales = scales.empty() ? nullptr : scales.data();
        v.rows = rows;
        v.cols = cols;
        v.rowBytes = rowBytes;
        return v;
    }
};

Stored makeStored(TensorFormat fmt, bool bf16, size_t rows, size_t cols, uint32_t seed)
{
    std::mt19937 rng(seed);
    std::normal_distribution<float> normal(0.0f, 1.0f);
    Stored s{fmt, bf16, rows, cols, 0, {}, {}, {}};
    const size_t groups = (cols + 127) / 128;
    // Deliberately give the stride some slack beyond the minimum.
    s.rowBytes = trunkRowBytes(fmt, cols) + 8;
    s.data.assign(rows * s.rowBytes, 0);
    s.dense.assign(rows * cols, 0.0);
    const bool grouped = fmt == TensorFormat::Q8G || fmt == TensorFormat::Q4G || fmt == TensorFormat::Q3G;
    if (grouped) {
        s.scales.resize(rows * groups);
        for (size_t i = 0; i < s.scales.size(); ++i) {
            // Every 7th scale is an fp16 subnormal (1% of K3's are, spec 2.11).
            s.scales[i] = (i % 7 == 3) ? uint16_t(1 + rng() % 1023) : floatToHalf(0.01f + 0.05f * float(rng() % 100) / 100.0f);
        }
    }
    const int lo = fmt == TensorFormat::Q8G ? -127 : fmt == TensorFormat::Q4G ? -8 : -4;
    const int hi = fmt == TensorFormat::Q8G ? 127 : fmt == TensorFormat::Q4G ? 7 : 3;
    for (size_t r = 0; r < rows; ++r) {
        uint8_t *row = s.data.data() + r * s.rowBytes;
        for (size_t c = 0; c < cols; ++c) {
            double value = 0;
            if (fmt == TensorFormat::F32) {
                const float f = normal(rng);
                std::memcpy(row + 4 * c, &f, 4);
                value = f;
            } else if (fmt == TensorFormat::F16) {
                const uint16_t h = bf16 ? floatToBf16(normal(rng)) : floatToHalf(normal(rng));
                std::memcpy(row + 2 * c, &h, 2);
                // Decode from the bit definitions, not from util/half.h.
                if (bf16) {
                    const uint32_t bits = uint32_t(h) << 16;
                    float f;
                    std::memcpy(&f, &bits, 4);
                    value = f;
                } else {
                    const int e = (h >> 10) & 31, m = h & 1023;
                    value = (e == 0 ? std::ldexp(double(m), -24) : std::ldexp(1.0 + m / 1024.0, e - 15));
                    if (h & 0x8000)
                        value = -value;
                }
            } else {
                const int q = lo + int(rng() % uint32_t(hi - lo + 1));
                const uint16_t h = s.scales[r * groups + c / 128];
                const int e = (h >> 10) & 31, m = h & 1023;
                const double scale = e == 0 ? std::ldexp(double(m), -24) : std::ldexp(1.0 + m / 1024.0, e - 15);
                value = q * scale;
                if (fmt == TensorFormat::Q8G) {
                    row[c] = uint8_t(int8_t(q));
                } else if (fmt == TensorFormat::Q4G) {
                    row[c / 2] |= uint8_t((q + 8) << ((c % 2) * 4));
                } else { // Q3G: LSB-first bitstream, weight c at bit 3c
                    const unsigned code = unsigned(q + 4);
                    for (int b = 0; b < 3; ++b)
                        if (code >> b & 1)
                            row[(3 * c + b) / 8] |= uint8_t(1u << ((3 * c + b) % 8));
                }
            }
            s.dense[r * cols + c] = value;
        }
    }
    return s;
}

} // namespace


class TestMatvec : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void cleanup() { setActiveIsa(detectedIsa()); }

    void matchesReference_data()
    {
        QTest::addColumn<TensorFormat>("fmt");
        QTest::addColumn<bool>("bf16");
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("cols");
        const struct { const char *name; TensorFormat fmt; bool bf16; } formats[] = {
            {"F32", TensorFormat::F32, false}, {"F16", TensorFormat::F16, false},
            {"BF16", TensorFormat::F16, true},  {"Q8G", TensorFormat::Q8G, false},
            {"Q4G", TensorFormat::Q4G, false}, {"Q3G", TensorFormat::Q3G, false},
        };
        for (const auto &f : formats) {
            QTest::addRow("%s 67x1024", f.name) << f.fmt << f.bf16 << 67 << 1024;
            QTest::addRow("%s 33x300 (partial group)", f.name) << f.fmt << f.bf16 << 33 << 300;
            QTest::addRow("%s 5x7 (tiny)", f.name) << f.fmt << f.bf16 << 5 << 7;
            QTest::addRow("%s 11x2200 (column blocks)", f.name) << f.fmt << f.bf16 << 11 << 2200;
        }
    }
    void matchesReference()
    {
        QFETCH(TensorFormat, fmt);
        QFETCH(bool, bf16);
        QFETCH(int, rows);
        QFETCH(int, cols);
        const Stored s = makeStored(fmt, bf16, size_t(rows), size_t(cols), 42u + uint32_t(rows));
        const TrunkMatrixView w = s.view();
        const std::vector<float> x = test::normalVector(size_t(cols), 7);

        // 1. Reference vs float64 from the spec's decode formula.
        std::vector<float> ref(rows);
        matvecReference(w, x.data(), ref.data());
        std::vector<double> magnitude(rows);
        for (int r = 0; r < rows; ++r) {
            double exact = 0, mag = 0;
            for (int c = 0; c < cols; ++c) {
                exact += s.dense[size_t(r) * cols + c] * x[c];
                mag += std::fabs(s.dense[size_t(r) * cols + c] * x[c]);
            }
            magnitude[r] = mag;
            QVERIFY2(std::fabs(ref[r] - exact) <= 1e-6 * mag + 1e-30,
                     qPrintable(QString("row %1: ref %2 exact %3").arg(r).arg(ref[r]).arg(exact)));
        }

        // 2. Every available ISA vs the reference, thread-count invariant.
        for (Isa isa : {Isa::Scalar, Isa::Avx2, Isa::Avx512, Isa::Neon}) {
            if (setActiveIsa(isa) != isa)
                continue;
            std::vector<float> y1(rows), y2(rows), y3(rows);
            {
                ThreadPool p1(1), p2(2), p3(3);
                QVERIFY(matvec(w, x.data(), y1.data(), &p1));
                QVERIFY(matvec(w, x.data(), y2.data(), &p2));
                QVERIFY(matvec(w, x.data(), y3.data(), &p3));
            }
            QVERIFY2(std::memcmp(y1.data(), y2.data(), rows * 4) == 0, isaName(isa));
            QVERIFY2(std::memcmp(y1.data(), y3.data(), rows * 4) == 0, isaName(isa));
            for (int r = 0; r < rows; ++r)
                QVERIFY2(std::fabs(y1[r] - ref[r]) <= 2e-6 * magnitude[r] + 1e-30,
                         qPrintable(QString("%1 row %2: %3 vs ref %4").arg(isaName(isa)).arg(r).arg(y1[r]).arg(ref[r])));

            // 3. Batched product: each vector gets exactly matvec's bits.
            const size_t nvec = 5, xStride = size_t(cols) + 3, yStride = size_t(rows) + 1;
            std::vector<float> xs(nvec * xStride), ys(nvec * yStride, -1.0f);
            for (size_t j = 0; j < nvec; ++j) {
                const auto v = test::normalVector(size_t(cols), 100 + uint32_t(j));
                std::copy(v.begin(), v.end(), xs.begin() + j * xStride);
            }
            ThreadPool p2(2);
            QVERIFY(matmul(w, xs.data(), xStride, nvec, ys.data(), yStride, &p2));
            for (size_t j = 0; j < nvec; ++j) {
                std::vector<float> single(rows);
                QVERIFY(matvec(w, xs.data() + j * xStride, single.data()));
                QVERIFY2(std::memcmp(single.data(), ys.data() + j * yStride, rows * 4) == 0, isaName(isa));
            }
        }
    }

    // A streamed lm_head (issue 13) computes its logits block by block on
    // row-range views: every row must get the whole matrix's bits whatever
    // the block's first row and row count (1 row, odd sizes, a tile
    // boundary, the whole matrix), for matvec and matmul, every ISA.
    void rowBlocksMatchWholeMatrix_data()
    {
        QTest::addColumn<TensorFormat>("fmt");
        QTest::addColumn<bool>("bf16");
        const struct {
            const char *name;
            TensorFormat fmt;
            bool bf16;
        } formats[] = {
            { "F32", TensorFormat::F32, false },
            { "F16", TensorFormat::F16, false },
            { "BF16", TensorFormat::F16, true },
            { "Q8G", TensorFormat::Q8G, false },
            { "Q4G", TensorFormat::Q4G, false },
            { "Q3G", TensorFormat::Q3G, false },
        };
        for (const auto &f : formats)
            QTest::addRow("%s", f.name) << f.fmt << f.bf16;
    }
    void rowBlocksMatchWholeMatrix()
    {
        QFETCH(TensorFormat, fmt);
        QFETCH(bool, bf16);
        const size_t rows = 97, cols = 300;
        const Stored s = makeStored(fmt, bf16, rows, cols, 9u);
        const TrunkMatrixView w = s.view();
        const size_t groups = (cols + 127) / 128;
        const size_t nvec = 5;
        std::vector<float> xs(nvec * cols);
        for (size_t j = 0; j < nvec; ++j) {
            const auto v = test::normalVector(cols, 300 + uint32_t(j));
            std::copy(v.begin(), v.end(), xs.begin() + j * cols);
        }
        for (Isa isa : { Isa::Scalar, Isa::Avx2, Isa::Avx512, Isa::Neon }) {
            if (setActiveIsa(isa) != isa)
                continue;
            ThreadPool pool(2);
            std::vector<float> whole(rows), wholeBatch(nvec * rows);
            QVERIFY(matvec(w, xs.data(), whole.data(), &pool));
            QVERIFY(matmul(w, xs.data(), cols, nvec, wholeBatch.data(), rows, &pool));
            for (size_t block : { size_t(1), size_t(3), size_t(16), size_t(17), size_t(50), rows }) {
                std::vector<float> y(rows, -1.0f), yb(nvec * rows, -1.0f);
                for (size_t first = 0; first < rows; first += block) {
                    TrunkMatrixView v = w;
                    v.rows = std::min(block, rows - first);
                    v.data = w.data + first * w.rowBytes;
                    v.scales = w.scales ? w.scales + first * groups : nullptr;
                    QVERIFY(matvec(v, xs.data(), y.data() + first, &pool));
                    QVERIFY(matmul(v, xs.data(), cols, nvec, yb.data() + first, rows, &pool));
                }
                const QByteArray what = QByteArray(isaName(isa)) + " block " + QByteArray::number(qulonglong(block));
                QVERIFY2(std::memcmp(y.data(), whole.data(), rows * 4) == 0, what.constData());
                QVERIFY2(std::memcmp(yb.data(), wholeBatch.data(), nvec * rows * 4) == 0, what.constData());
            }
        }
    }

    void dequantizeRowMatchesSpec()
    {
        const Stored s = makeStored(TensorFormat::Q3G, false, 3, 260, 5);
        std::vector<float> row(260);
        dequantizeRow(s.view(), 2, row.data());
        for (int c = 0; c < 260; ++c)
            QCOMPARE(double(row[c]), s.dense[2 * 260 + c]);
    }

    void rejectsBadViews()
    {
        Stored s = makeStored(TensorFormat::Q4G, false, 4, 128, 1);
        std::vector<float> x(128), y(4);
        TrunkMatrixView w = s.view();
        w.fmt = TensorFormat::VQ3R;
        Status st = matvec(w, x.data(), y.data());
        QCOMPARE(st.code(), ErrorCode::Unsupported);
        QVERIFY(QString::fromStdString(st.message()).contains("format code 4"));
        w = s.view();
        w.rowBytes = 10;
        QCOMPARE(matvec(w, x.data(), y.data()).code(), ErrorCode::InvalidArgument);
        w = s.view();
        w.scales = nullptr;
        QCOMPARE(matvec(w, x.data(), y.data()).code(), ErrorCode::InvalidArgument);
        QCOMPARE(matmul(s.view(), x.data(), 128, 65, y.data(), 4).code(), ErrorCode::InvalidArgument);
    }
};

SLUICE_TEST_APPLESS_MAIN(TestMatvec)
#include "tst_matvec.moc"
