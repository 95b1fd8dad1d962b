// Trunk quantisation against formulas written out again here, independently
// of core/format/trunkquant.cpp (spec 4.3): scale = max(amax, 1e-8) / L with
// L = 127 / 7 / 3, codes rounded half to even and clamped, fp16 scales.
#include "support/testregistry.h"
#include "referencerounding.h"
#include "format/trunkquant.h"
#include "util/half.h"

#include <QTest>
#include <cmath>
#include <random>
#include <vector>

using namespace sluice;

namespace {

// Round half to even without relying on the FPU rounding mode.
using sluice::test::roundHalfEven;

struct Ref {
    std::vector<int> codes;      // per element (padded to groups*128)
    std::vector<uint16_t> scales;
};

Ref referenceQuant(const std::vector<float> &x, int levels, int lo, int hi)
{
    const size_t groups = (x.size() + 127) / 128;
    Ref r;
    r.codes.assign(groups * 128, 0);
    for (size_t g = 0; g < groups; ++g) {
        float amax = 0;
        for (size_t i = g * 128; i < std::min(x.size(), g * 128 + 128); ++i)
            amax = std::max(amax, std::fabs(x[i]));
        const float scale = std::max(amax, 1e-8f) / float(levels);
        r.scales.push_back(floatToHalf(scale));
        for (size_t i = g * 128; i < std::min(x.size(), g * 128 + 128); ++i)
            r.codes[i] = std::clamp(roundHalfEven(double(x[i] / scale)), lo, hi);
    }
    return r;
}

} // namespace

class TestTrunkQuant : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void matchesReference_data()
    {
        QTest::addColumn<int>("fmt");
        QTest::addColumn<int>("cols");
        for (int fmt : {2, 3, 7})
            for (int cols : {128, 200, 384, 1}) {
                const QByteArray name = QByteArray::number(fmt) + "/" + QByteArray::number(cols);
                QTest::newRow(name.constData()) << fmt << cols;
            }
    }
    void matchesReference()
    {
        QFETCH(int, fmt);
        QFETCH(int, cols);
        const TensorFormat f = TensorFormat(fmt);
        std::mt19937 rng(uint32_t(fmt * 1000 + cols));
        std::normal_distribution<float> dist(0.0f, 0.02f);
        std::vector<float> x(static_cast<size_t>(cols));
        for (float &v : x)
            v = dist(rng);
        const size_t groups = (size_t(cols) + 127) / 128;
        std::vector<uint8_t> row(trunkRowBytes(f, size_t(cols)), 0xAA);
        std::vector<uint16_t> scales(groups);
        quantizeTrunkRow(f, false, x.data(), size_t(cols), row.data(), scales.data());

        const int levels = fmt == 2 ? 127 : fmt == 3 ? 7 : 3;
        const int lo = fmt == 2 ? -127 : fmt == 3 ? -8 : -4;
        const int hi = fmt == 2 ? 127 : fmt == 3 ? 7 : 3;
        const Ref ref = referenceQuant(x, levels, lo, hi);
        for (size_t g = 0; g < groups; ++g)
            QCOMPARE(scales[g], ref.scales[g]);
        // Decode the packed codes with the spec's own formulas.
        for (size_t i = 0; i < groups * 128; ++i) {
            int code;
            if (fmt == 2) {
                code = int(int8_t(row[i]));
            } else if (fmt == 3) {
                code = ((i % 2 == 0) ? (row[i / 2] & 15) : (row[i / 2] >> 4)) - 8;
            } else {
                const size_t o = 3 * i;
                const unsigned v = unsigned(row[o >> 3] >> (o & 7)) | unsigned(row[(o >> 3) + 1]) << (8 - (o & 7));
                code = int(v & 7) - 4;
            }
            QCOMPARE(code, ref.codes[i]);
        }
        QCOMPARE(row.size(), fmt == 2 ? groups * 128 : fmt == 3 ? groups * 64 : groups * 48 + 1);

        std::vector<float> back(static_cast<size_t>(cols));
        dequantizeTrunkRow(f, false, row.data(), scales.data(), size_t(cols), back.data());
        for (size_t i = 0; i < size_t(cols); ++i)
            QCOMPARE(back[i], float(ref.codes[i]) * halfToFloat(ref.scales[i / 128]));
    }

    // Values that land exactly halfway between codes round to the even code.
    void roundsHalfToEven_data()
    {
        QTest::addColumn<int>("fmt");
        QTest::addColumn<float>("amax");
        QTest::addColumn<float>("value");
        QTest::addColumn<int>("expected");
        QTest::newRow("q8 2.5") << 2 << 127.0f << 2.5f << 2;
        QTest::newRow("q8 3.5") << 2 << 127.0f << 3.5f << 4;
        QTest::newRow("q8 -2.5") << 2 << 127.0f << -2.5f << -2;
        QTest::newRow("q4 0.5") << 3 << 7.0f << 0.5f << 0;
        QTest::newRow("q4 1.5") << 3 << 7.0f << 1.5f << 2;
        QTest::newRow("q4 -6.5") << 3 << -7.0f << -6.5f << -6;
        QTest::newRow("q3 -0.5") << 7 << 3.0f << -0.5f << 0;
        QTest::newRow("q3 2.5") << 7 << 3.0f << 2.5f << 2;
        QTest::newRow("q3 -2.5") << 7 << -3.0f << -2.5f << -2;
    }
    void roundsHalfToEven()
    {
        QFETCH(int, fmt);
        QFETCH(float, amax);
        QFETCH(float, value);
        QFETCH(int, expected);
        // Element 0 carries amax so the scale is exactly 1; element 1 is the probe.
        std::vector<float> x(128, 0.0f);
        x[0] = amax;
        x[1] = value;
        // A negative amax element still sets the scale through |amax|.
        const TensorFormat f = TensorFormat(fmt);
        std::vector<uint8_t> row(trunkRowBytes(f, 128));
        uint16_t scale = 0;
        quantizeTrunkRow(f, false, x.data(), 128, row.data(), &scale);
        float out[128];
        dequantizeTrunkRow(f, false, row.data(), &scale, 128, out);
        QCOMPARE(halfToFloat(scale) * (fmt == 2 ? 127.0f : fmt == 3 ? 7.0f : 3.0f), std::fabs(amax));
        QCOMPARE(out[1], float(expected) * halfToFloat(scale));
    }

    void nibbleOrder()
    {
        std::vector<float> x(128, 0.0f);
        x[0] = 7.0f; // code 7 -> stored 15, low nibble of byte 0
        x[1] = -7.0f; // code -7 -> stored 1, high nibble
        std::vector<uint8_t> row(64);
        uint16_t scale;
        quantizeTrunkRow(TensorFormat::Q4G, false, x.data(), 128, row.data(), &scale);
        QCOMPARE(int(row[0]), 0x1F);
        QCOMPARE(int(row[1]), 0x88); // zeros store 8 in both nibbles
    }

    void zeroGroupClampsScale()
    {
        std::vector<float> x(128, 0.0f);
        std::vector<uint8_t> row(128);
        uint16_t scale;
        quantizeTrunkRow(TensorFormat::Q8G, false, x.data(), 128, row.data(), &scale);
        QCOMPARE(scale, floatToHalf(1e-8f / 127.0f));
        for (uint8_t b : row)
            QCOMPARE(int(b), 0);
    }

    void halfFormatsRoundTrip_data()
    {
        QTest::addColumn<bool>("bf16");
        QTest::newRow("f16") << false;
        QTest::newRow("bf16") << true;
    }
    void halfFormatsRoundTrip()
    {
        QFETCH(bool, bf16);
        const float x[4] = {1.0f, -0.333333f, 6.1e-5f, 3.0e-7f};
        uint8_t row[8];
        quantizeTrunkRow(TensorFormat::F16, bf16, x, 4, row, nullptr);
        float out[4];
        dequantizeTrunkRow(TensorFormat::F16, bf16, row, nullptr, 4, out);
        for (int i = 0; i < 4; ++i) {
            const uint16_t h = uint16_t(row[2 * i] | row[2 * i + 1] << 8);
            QCOMPARE(h, bf16 ? floatToBf16(x[i]) : floatToHalf(x[i]));
            QCOMPARE(out[i], bf16 ? bf16ToFloat(h) : halfToFloat(h));
        }
    }

    void converterRule_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("ndim");
        QTest::addColumn<qlonglong>("elements");
        QTest::addColumn<int>("bits");
        QTest::addColumn<int>("expected");
        QTest::newRow("norm") << "model.norm.weight" << 1 << 7168LL << 4 << 0;
        QTest::newRow("small matrix") << "x.b_proj.weight" << 2 << 65535LL << 4 << 0;
        QTest::newRow("embed") << "language_model.model.embed_tokens.weight" << 2 << 1LL << 4 << 0;
        QTest::newRow("embed big") << "language_model.model.embed_tokens.weight" << 2 << (1LL << 30) << 4 << 2;
        QTest::newRow("lm_head") << "lm_head.weight" << 2 << 65536LL << 3 << 2;
        QTest::newRow("router q4") << "model.layers.1.block_sparse_moe.gate.weight" << 2 << 896LL * 7168 << 4 << 3;
        QTest::newRow("trunk8") << "a.q_proj.weight" << 2 << 70000LL << 8 << 2;
        QTest::newRow("trunk3") << "a.q_proj.weight" << 2 << 70000LL << 3 << 7;
        QTest::newRow("vision small") << "vision_tower.encoder.blocks.0.wqkv.weight" << 2 << 100LL << 4 << 2;
    }
    void converterRule()
    {
        QFETCH(QString, name);
        QFETCH(int, ndim);
        QFETCH(qlonglong, elements);
        QFETCH(int, bits);
        QFETCH(int, expected);
        QCOMPARE(int(defaultTrunkFormat(name.toUtf8().constData(), size_t(ndim), uint64_t(elements), bits)), expected);
    }
};

SLUICE_TEST_APPLESS_MAIN(TestTrunkQuant)
#include "tst_trunkquant.moc"
