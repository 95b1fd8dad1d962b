// crc32Gzip (ISA-L when built with it) against zlib's crc32: the same value
// for every length and alignment, chained or whole, so records written with
// one verify with the other; and the known check value of "123456789".
#include "support/testregistry.h"
#include "util/crc32.h"

#include <QTest>

#include <random>
#include <vector>

using namespace sluice;

class TestCrc32 : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void checkValue()
    {
        const char *s = "123456789";
        QCOMPARE(crc32Gzip(0, reinterpret_cast<const uint8_t *>(s), 9), 0xCBF43926u);
        QCOMPARE(crc32GzipZlib(0, reinterpret_cast<const uint8_t *>(s), 9), 0xCBF43926u);
        QCOMPARE(crc32Gzip(0, nullptr, 0), 0u);
    }

    void matchesZlib_data()
    {
        QTest::addColumn<int>("bytes");
        QTest::addColumn<int>("offset");
        for (int n : {1, 3, 15, 16, 63, 64, 65, 255, 4096, 4097, 1 << 20, 17547264})
            for (int off : {0, 1, 7})
                QTest::addRow("%d bytes at +%d", n, off) << n << off;
    }
    void matchesZlib()
    {
        QFETCH(int, bytes);
        QFETCH(int, offset);
        std::vector<uint8_t> buf(size_t(bytes) + 8);
        std::mt19937 rng(uint32_t(bytes * 31 + offset));
        for (auto &b : buf)
            b = uint8_t(rng());
        const uint8_t *p = buf.data() + offset;
        const uint32_t want = crc32GzipZlib(0, p, size_t(bytes));
        QCOMPARE(crc32Gzip(0, p, size_t(bytes)), want);
        // Chained in two uneven parts.
        const size_t cut = size_t(bytes) / 3;
        QCOMPARE(crc32Gzip(crc32Gzip(0, p, cut), p + cut, size_t(bytes) - cut), want);
    }

    void backendIsNamed() { QVERIFY(QByteArray(crc32Backend()) == "isa-l" || QByteArray(crc32Backend()) == "zlib"); }
};

SLUICE_TEST_GUILESS_MAIN(TestCrc32)
#include "tst_crc32.moc"
