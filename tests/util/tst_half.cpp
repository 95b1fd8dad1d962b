// fp16/bf16 conversions against values computed independently: bit patterns
// from the IEEE 754 binary16 definition (sign, 5-bit exponent bias 15, 10-bit
// mantissa), including every subnormal.
#include "support/testregistry.h"
#include "util/half.h"

#include <QTest>
#include <cmath>

using namespace sluice;

class TestHalf : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void decodesKnownValues_data()
    {
        QTest::addColumn<int>("bits");
        QTest::addColumn<double>("expected");
        QTest::newRow("zero") << 0x0000 << 0.0;
        QTest::newRow("one") << 0x3c00 << 1.0;
        QTest::newRow("minus two") << 0xc000 << -2.0;
        QTest::newRow("max") << 0x7bff << 65504.0;
        QTest::newRow("smallest normal") << 0x0400 << std::ldexp(1.0, -14);
        QTest::newRow("smallest subnormal") << 0x0001 << std::ldexp(1.0, -24);
        QTest::newRow("largest subnormal") << 0x03ff << 1023 * std::ldexp(1.0, -24);
        QTest::newRow("negative subnormal") << 0x8200 << -512 * std::ldexp(1.0, -24);
        QTest::newRow("one third") << 0x3555 << 0.333251953125;
    }
    void decodesKnownValues()
    {
        QFETCH(int, bits);
        QFETCH(double, expected);
        QCOMPARE(double(halfToFloat(uint16_t(bits))), expected);
    }

    // Every finite half decodes to the value the definition gives, and
    // encoding that value returns the same bits (round trip over all 63488).
    void roundTripsEveryFiniteHalf()
    {
        for (uint32_t bits = 0; bits < 0x10000; ++bits) {
            const uint32_t exponent = (bits >> 10) & 31, mantissa = bits & 1023;
            if (exponent == 31)
                continue;
            const double magnitude = exponent == 0 ? mantissa * std::ldexp(1.0, -24)
                                                   : (1024 + mantissa) * std::ldexp(1.0, int(exponent) - 25);
            const double expected = (bits & 0x8000) ? -magnitude : magnitude;
            const float decoded = halfToFloat(uint16_t(bits));
            QCOMPARE(double(decoded), expected);
            QCOMPARE(int(floatToHalf(decoded)), int(bits));
        }
    }

    void roundsHalfToEven()
    {
        // 1 + 2^-11 lies exactly between 1 and the next half (1 + 2^-10): even wins.
        QCOMPARE(int(floatToHalf(1.0f + std::ldexp(1.0f, -11))), 0x3c00);
        // 1 + 3*2^-11 lies between 1+2^-10 (odd) and 1+2^-9 (even).
        QCOMPARE(int(floatToHalf(1.0f + 3 * std::ldexp(1.0f, -11))), 0x3c02);
        // Half of the smallest subnormal rounds to zero (even), just above rounds up.
        QCOMPARE(int(floatToHalf(std::ldexp(1.0f, -25))), 0x0000);
        QCOMPARE(int(floatToHalf(std::ldexp(1.0f, -25) * 1.0001f)), 0x0001);
        QCOMPARE(int(floatToHalf(70000.0f)), 0x7c00);
        QCOMPARE(int(floatToHalf(65519.0f)), 0x7bff);
    }

    void bf16RoundTrip()
    {
        QCOMPARE(bf16ToFloat(0x3f80), 1.0f);
        QCOMPARE(int(floatToBf16(1.0f)), 0x3f80);
        QCOMPARE(int(floatToBf16(-2.5f)), 0xc020);
        // 1 + 2^-8 is halfway between bf16 1.0 and 1.0078125: ties to even.
        QCOMPARE(int(floatToBf16(1.0f + std::ldexp(1.0f, -8))), 0x3f80);
        QVERIFY(std::isnan(bf16ToFloat(floatToBf16(NAN))));
    }
};

SLUICE_TEST_APPLESS_MAIN(TestHalf)
#include "tst_half.moc"
