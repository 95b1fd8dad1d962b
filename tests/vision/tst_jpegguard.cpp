// The JPEG Huffman-table guard in front of stb_image: a DHT segment whose 16
// code-length counts add up to more than 256 codes would make stb write past
// a 257-byte array; it must be refused with a clear error, and sane tables
// must pass untouched.
#include "support/testregistry.h"
#include "vision/imageloader.h"
#include "vision/jpegguard.h"

#include <QTest>

#include <vector>

using namespace sluice;
using namespace sluice::vision;

namespace {

// SOI, then one DHT segment holding a table with the given 16 counts and as
// many symbol bytes as they add up to (capped by `symbols`), then EOI.
std::vector<uint8_t> jpegWithTable(const std::vector<int> &counts, int symbols)
{
    std::vector<uint8_t> out = {0xFF, 0xD8, 0xFF, 0xC4};
    const size_t length = 2 + 1 + 16 + size_t(symbols);
    out.push_back(uint8_t(length >> 8));
    out.push_back(uint8_t(length & 0xFF));
    out.push_back(0x00); // class 0 (DC), table 0
    for (int c : counts)
        out.push_back(uint8_t(c));
    for (int i = 0; i < symbols; ++i)
        out.push_back(uint8_t(i));
    out.push_back(0xFF);
    out.push_back(0xD9);
    return out;
}

} // namespace

class TestJpegGuard : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void tables_data()
    {
        QTest::addColumn<QList<int>>("counts");
        QTest::addColumn<int>("symbols");
        QTest::addColumn<bool>("accepted");
        QTest::addColumn<QString>("errorPart");
        QList<int> sane(16, 0);
        sane[0] = 2;
        sane[1] = 10; // 12 codes, as in a typical DC table
        QTest::newRow("sane table") << sane << 12 << true << QString();
        QList<int> hostile(16, 255); // 4080 codes
        QTest::newRow("4080 codes") << hostile << 0 << false << QString("declares 4080 codes");
        QList<int> justOver(16, 0);
        justOver[15] = 200;
        justOver[14] = 57; // 257 codes
        QTest::newRow("257 codes") << justOver << 0 << false << QString("at most 256");
        QList<int> exact(16, 0);
        exact[7] = 255;
        exact[8] = 1; // 256 codes: the largest legal table
        QTest::newRow("256 codes") << exact << 256 << true << QString();
        QTest::newRow("symbols missing") << sane << 4 << false << QString("overruns");
    }
    void tables()
    {
        QFETCH(QList<int>, counts);
        QFETCH(int, symbols);
        QFETCH(bool, accepted);
        QFETCH(QString, errorPart);
        const std::vector<uint8_t> jpeg = jpegWithTable(std::vector<int>(counts.begin(), counts.end()), symbols);
        const Status status = checkJpegHuffmanTables(jpeg);
        QCOMPARE(status.isOk(), accepted);
        if (!accepted) {
            QVERIFY2(QString::fromStdString(status.message()).contains(errorPart), status.message().c_str());
            // The loader refuses it before stb parses a byte, with the same message.
            const Expected<RgbImage> image = decodeImage(jpeg, ImageLimits{}, "hostile.jpg");
            QVERIFY(!image.isOk());
            QVERIFY2(QString::fromStdString(image.status().message()).contains(errorPart),
                     image.status().message().c_str());
        }
    }

    // A progressive JPEG defines tables between its scans, after entropy-coded
    // data; and a segment cut off by the end of the file still counts the
    // bytes that are there (stb reads the rest as zeros).
    void tablesAfterAScanAndTruncatedSegments()
    {
        std::vector<uint8_t> jpeg = {0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02, // SOS with an empty header
                                     0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD3, 0x56}; // data, stuffed 0xFF00, RST3
        const std::vector<uint8_t> hostile = jpegWithTable(std::vector<int>(16, 255), 0);
        jpeg.insert(jpeg.end(), hostile.begin() + 2, hostile.end()); // its DHT after the scan
        QVERIFY(!checkJpegHuffmanTables(jpeg).isOk());

        std::vector<uint8_t> cut = {0xFF, 0xD8, 0xFF, 0xC4, 0x40, 0x00, 0x00}; // length claims 16 KiB
        for (int i = 0; i < 16; ++i)
            cut.push_back(0xFF);
        const Status status = checkJpegHuffmanTables(cut);
        QVERIFY(!status.isOk());
        QVERIFY2(QString::fromStdString(status.message()).contains("4080"), status.message().c_str());
    }

    // stb skips 0xFF fill bytes before the start-of-image marker, so the
    // guard must too (fuzz_image, fuzz-long 2026-12-01: a hostile table
    // behind nine fill bytes reached stb's 257-byte array).
    void fillBytesBeforeTheStartOfImage()
    {
        std::vector<uint8_t> jpeg = jpegWithTable(std::vector<int>(16, 255), 0);
        jpeg.insert(jpeg.begin(), 9, 0xFF);
        const Status status = checkJpegHuffmanTables(jpeg);
        QVERIFY(!status.isOk());
        QVERIFY2(QString::fromStdString(status.message()).contains("4080"), status.message().c_str());
        const Expected<ImageHeader> header = probeImage(jpeg);
        QVERIFY(!header.isOk());
        // A PNG-like or text file that merely starts with 0xFF is not a JPEG.
        QVERIFY(checkJpegHuffmanTables(std::vector<uint8_t>{0xFF, 0xFF, 0x41, 0xC4, 0xFF, 0xFF}).isOk());
    }

    void nonJpegPasses()
    {
        const std::vector<uint8_t> png = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
        QVERIFY(checkJpegHuffmanTables(png).isOk());
        QVERIFY(checkJpegHuffmanTables({}).isOk());
    }
};

SLUICE_TEST_APPLESS_MAIN(TestJpegGuard)
#include "tst_jpegguard.moc"
