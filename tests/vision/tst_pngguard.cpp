// The PNG guard in front of stb_image: a chunk that declares more bytes than
// the file holds (stb allocates for it before reading: a 157-byte file asked
// for 2 GiB) and image data that inflates far beyond its header's size (a
// zlib bomb) must be refused with a clear error before stb runs; sane files,
// interlaced ones and a file without IEND's CRC must still decode.
#include "support/testregistry.h"
#include "vision/imageloader.h"
#include "vision/pngguard.h"

#include <QTest>

#include <zlib.h>

#include <string>
#include <vector>

using namespace sluice;
using namespace sluice::vision;

namespace {

void put32(std::vector<uint8_t> &out, uint32_t v)
{
    for (int s = 24; s >= 0; s -= 8)
        out.push_back(uint8_t(v >> s));
}

void chunk(std::vector<uint8_t> &out, const char *type, const std::vector<uint8_t> &body, bool withCrc = true)
{
    put32(out, uint32_t(body.size()));
    const size_t typeAt = out.size();
    out.insert(out.end(), type, type + 4);
    out.insert(out.end(), body.begin(), body.end());
    if (withCrc)
        put32(out, uint32_t(crc32(0, out.data() + typeAt, uInt(4 + body.size()))));
}

std::vector<uint8_t> deflated(const std::vector<uint8_t> &raw)
{
    uLongf n = compressBound(uLong(raw.size()));
    std::vector<uint8_t> out(n);
    compress2(out.data(), &n, raw.data(), uLong(raw.size()), 9);
    out.resize(n);
    return out;
}

// An RGB8 PNG whose image data inflates to `raw` (a correct image when raw is
// height rows of filter byte 0 + 3 * width bytes).
std::vector<uint8_t> png(uint32_t width, uint32_t height, const std::vector<uint8_t> &raw, bool iendCrc = true,
                         uint8_t interlace = 0)
{
    std::vector<uint8_t> out = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    std::vector<uint8_t> ihdr;
    put32(ihdr, width);
    put32(ihdr, height);
    ihdr.insert(ihdr.end(), {8, 2, 0, 0, interlace});
    chunk(out, "IHDR", ihdr);
    chunk(out, "IDAT", deflated(raw));
    chunk(out, "IEND", {}, iendCrc);
    return out;
}

std::vector<uint8_t> rows(uint32_t width, uint32_t height)
{
    std::vector<uint8_t> raw;
    for (uint32_t y = 0; y < height; ++y) {
        raw.push_back(0);
        for (uint32_t x = 0; x < 3 * width; ++x)
            raw.push_back(uint8_t(x * 7 + y));
    }
    return raw;
}

// Adam7's pass sizes for an RGB8 image: what an interlaced image's data holds.
std::vector<uint8_t> interlacedRows(uint32_t width, uint32_t height)
{
    static const int x0[7] = {0, 4, 0, 2, 0, 1, 0}, y0[7] = {0, 0, 4, 0, 2, 0, 1};
    static const int dx[7] = {8, 8, 4, 4, 2, 2, 1}, dy[7] = {8, 8, 8, 4, 4, 2, 2};
    std::vector<uint8_t> raw;
    for (int p = 0; p < 7; ++p) {
        const uint32_t w = width > uint32_t(x0[p]) ? (width - x0[p] + dx[p] - 1) / dx[p] : 0;
        const uint32_t h = height > uint32_t(y0[p]) ? (height - y0[p] + dy[p] - 1) / dy[p] : 0;
        if (w == 0 || h == 0)
            continue;
        for (uint32_t y = 0; y < h; ++y) {
            raw.push_back(0);
            raw.insert(raw.end(), size_t(3 * w), uint8_t(p * 30));
        }
    }
    return raw;
}

// fuzz_image's finding at 10^6 runs: 157 bytes that made stb ask for 2 GiB.
const std::vector<uint8_t> kFinding = {
#include "pngguard_finding.inc"
};

} // namespace

class TestPngGuard : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void saneFilesDecode_data()
    {
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("height");
        QTest::addColumn<bool>("interlaced");
        QTest::addColumn<bool>("iendCrc");
        QTest::newRow("4x3") << 4 << 3 << false << true;
        QTest::newRow("1x1") << 1 << 1 << false << true;
        QTest::newRow("333x17") << 333 << 17 << false << true;
        // Inflates to many times the checker's 64 KiB window: the last input
        // leaves output pending, which must still be counted.
        QTest::newRow("600x400") << 600 << 400 << false << true;
        QTest::newRow("interlaced 600x400") << 600 << 400 << true << true;
        QTest::newRow("interlaced 13x9") << 13 << 9 << true << true;
        QTest::newRow("interlaced 1x1") << 1 << 1 << true << true;
        QTest::newRow("no IEND CRC") << 5 << 5 << false << false;
    }
    void saneFilesDecode()
    {
        QFETCH(int, width);
        QFETCH(int, height);
        QFETCH(bool, interlaced);
        QFETCH(bool, iendCrc);
        const auto raw = interlaced ? interlacedRows(width, height) : rows(width, height);
        const auto file = png(width, height, raw, iendCrc, interlaced ? 1 : 0);
        QVERIFY2(checkPngChunks(file).isOk(), checkPngChunks(file).message().c_str());
        auto img = decodeImage(file, ImageLimits{}, "test.png");
        QVERIFY2(img.isOk(), img.status().message().c_str());
        QCOMPARE(img->width, width);
        QCOMPARE(img->height, height);
    }

    void refused_data()
    {
        QTest::addColumn<QByteArray>("file");
        QTest::addColumn<QString>("errorPart");
        const auto finding = kFinding;
        QTest::newRow("fuzz_image finding") << QByteArray(reinterpret_cast<const char *>(finding.data()), qsizetype(finding.size()))
                                            << QString("fails its CRC"); // before its chunk that declares 2 GiB
        // An IDAT that claims 1 GiB in a file of a few dozen bytes.
        auto lying = png(4, 3, rows(4, 3));
        const size_t idatAt = 8 + 25; // signature + IHDR chunk
        lying[idatAt] = 0x40;
        lying[idatAt + 1] = lying[idatAt + 2] = lying[idatAt + 3] = 0;
        QTest::newRow("IDAT claims 1 GiB") << QByteArray(reinterpret_cast<const char *>(lying.data()), qsizetype(lying.size()))
                                           << QString("chunk 'IDAT' at byte 33 declares 1073741824 bytes");
        // A 16x16 image whose data inflates to 8 MiB of zeros.
        const auto bomb = png(16, 16, std::vector<uint8_t>(8u << 20, 0));
        QTest::newRow("zlib bomb") << QByteArray(reinterpret_cast<const char *>(bomb.data()), qsizetype(bomb.size()))
                                   << QString("inflates to more than");
        auto bytes = [](const std::vector<uint8_t> &v) {
            return QByteArray(reinterpret_cast<const char *>(v.data()), qsizetype(v.size()));
        };
        // A flipped bit in the image data, the CRC left as it was: stb skips
        // CRCs and decoded a wrong picture.
        auto flipped = png(4, 3, rows(4, 3));
        flipped[idatAt + 8 + 5] ^= 0x10;
        QTest::newRow("IDAT CRC") << bytes(flipped) << QString("chunk 'IDAT' at byte 33 fails its CRC");
        auto badHeader = png(4, 3, rows(4, 3));
        badHeader[29] ^= 1; // the CRC itself
        QTest::newRow("IHDR CRC") << bytes(badHeader) << QString("chunk 'IHDR' at byte 8 fails its CRC");
        auto badEnd = png(4, 3, rows(4, 3));
        badEnd.back() ^= 1;
        QTest::newRow("IEND CRC") << bytes(badEnd) << QString("chunk 'IEND'");
        // Damaged image data with a CRC that matches it (written so): the zlib
        // stream is cut short, or its Adler-32 is wrong, or it holds too few rows.
        auto withIdat = [&](const std::vector<uint8_t> &idat) {
            std::vector<uint8_t> out = png(4, 3, rows(4, 3));
            out.resize(idatAt);
            chunk(out, "IDAT", idat);
            chunk(out, "IEND", {});
            return out;
        };
        auto cut = deflated(rows(4, 3));
        cut.resize(cut.size() / 2);
        QTest::newRow("IDAT stream cut") << bytes(withIdat(cut)) << QString("truncated PNG: its image data ends");
        auto adler = deflated(rows(4, 3));
        adler.back() ^= 0xff;
        QTest::newRow("IDAT Adler-32") << bytes(withIdat(adler)) << QString("damaged PNG: its image data does not inflate");
        auto shortRows = rows(4, 3);
        shortRows.resize(shortRows.size() - 13); // one row missing
        QTest::newRow("IDAT too few rows") << bytes(withIdat(deflated(shortRows)))
                                           << QString("inflates to 26 bytes, its header's size needs 39");
        // Cut before IEND, between chunks (no chunk overruns the end).
        auto noEnd = png(4, 3, rows(4, 3));
        noEnd.resize(noEnd.size() - 12);
        QTest::newRow("no IEND") << bytes(noEnd) << QString("truncated PNG: the file ends at byte");
    }
    void refused()
    {
        QFETCH(QByteArray, file);
        QFETCH(QString, errorPart);
        const std::span<const uint8_t> bytes(reinterpret_cast<const uint8_t *>(file.constData()), size_t(file.size()));
        const Status s = checkPngChunks(bytes);
        QVERIFY(!s.isOk());
        QVERIFY2(QString::fromStdString(s.message()).contains(errorPart), s.message().c_str());
        // The loader refuses it the same way, before stb allocates anything.
        auto img = decodeImage(bytes, ImageLimits{}, "hostile.png");
        QVERIFY(!img.isOk());
        QVERIFY2(QString::fromStdString(img.status().message()).contains(errorPart), img.status().message().c_str());
    }

    // The limit that refuses a size is the one named: a valid 1x100000 PNG is
    // over stb's 65536 a side (it said "unknown image type"), a bomb that
    // declares 100000x100000 over the megapixels (before its data is inflated).
    void sizeLimitsNamed_data()
    {
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("height");
        QTest::addColumn<QStringList>("words");
        QTest::newRow("1x100000") << 1 << 100000 << QStringList {"1x100000 has a side longer than 65536 pixels",
                                                                 "65536 pixels a side and 64 megapixels"};
        QTest::newRow("100000x1") << 100000 << 1 << QStringList {"100000x1 has a side longer than 65536 pixels"};
        QTest::newRow("bomb 60000x60000") << 60000 << 60000
                                          << QStringList {"3600 megapixels, more than the limit of 64 megapixels"};
    }
    void sizeLimitsNamed()
    {
        QFETCH(int, width);
        QFETCH(int, height);
        QFETCH(QStringList, words);
        // Whole, valid data for the thin images; for the bomb two rows only (never inflated).
        const bool bomb = qint64(width) * height > 1000000;
        const auto file = png(width, height, rows(width, bomb ? 2 : height));
        auto img = decodeImage(file, ImageLimits{}, "big.png");
        QVERIFY(!img.isOk());
        QCOMPARE(int(img.status().code()), int(ErrorCode::InvalidArgument));
        for (const QString &w : words)
            QVERIFY2(QString::fromStdString(img.status().message()).contains(w), img.status().message().c_str());
    }

    void notPngIsLeftAlone()
    {
        const std::vector<uint8_t> jpegish = {0xFF, 0xD8, 0xFF, 0xD9};
        QVERIFY(checkPngChunks(jpegish).isOk());
        QVERIFY(checkPngChunks({}).isOk());
    }
};

SLUICE_TEST_APPLESS_MAIN(TestPngGuard)
#include "tst_pngguard.moc"
