// The image loader: every promised format decodes to the right RGB pixels;
// damaged, truncated, empty, unsupported and oversized inputs are refused with
// a clear error, and the size bounds are applied before any pixel is decoded.
// Test images are made here: PNG/JPEG/BMP with QImage, GIF/TGA (and a refused PSD) written
// byte by byte from their specifications (Qt cannot write those).
#include "support/testregistry.h"
#include "vision/imageloader.h"

#include <QBuffer>
#include <QFile>
#include <QImage>
#include <QImageWriter>
#include <QTemporaryDir>
#include <QTest>

#include <zlib.h>

using namespace sluice;
using namespace sluice::vision;

namespace {

// 4x2 test pattern: row 0 red, green, blue, white; row 1 black, yellow, cyan, magenta.
const QRgb kPattern[2][4] = {{0xffff0000, 0xff00ff00, 0xff0000ff, 0xffffffff},
                             {0xff000000, 0xffffff00, 0xff00ffff, 0xffff00ff}};

QImage patternImage()
{
    QImage img(4, 2, QImage::Format_RGB888);
    for (int y = 0; y < 2; ++y)
        for (int x = 0; x < 4; ++x)
            img.setPixel(x, y, kPattern[y][x]);
    return img;
}

QByteArray qtEncoded(const char *format, int quality = -1)
{
    QByteArray out;
    QBuffer buf(&out);
    buf.open(QIODevice::WriteOnly);
    patternImage().save(&buf, format, quality);
    return out;
}

void le16(QByteArray &b, int v)
{
    b.append(char(v & 0xff));
    b.append(char((v >> 8) & 0xff));
}
void be16(QByteArray &b, int v)
{
    b.append(char((v >> 8) & 0xff));
    b.append(char(v & 0xff));
}
void be32(QByteArray &b, quint32 v)
{
    be16(b, int(v >> 16));
    be16(b, int(v & 0xffff));
}

QByteArray smoothJpeg()
{
    QImage img(16, 8, QImage::Format_RGB888);
    for (int y = 0; y < 8; ++y)
        for (int x = 0; x < 16; ++x)
            img.setPixel(x, y, qRgb(120 + x * 2, 90 + y * 3, 60));
    QByteArray out;
    QBuffer buf(&out);
    buf.open(QIODevice::WriteOnly);
    img.save(&buf, "JPEG", 95);
    return out;
}

// The pattern as a progressive JPEG: several scans, tables between them.
QByteArray progressiveJpeg()
{
    QByteArray out;
    QBuffer buf(&out);
    buf.open(QIODevice::WriteOnly);
    QImageWriter writer(&buf, "JPEG");
    writer.setProgressiveScanWrite(true);
    writer.setQuality(90);
    writer.write(patternImage());
    return out;
}

// Uncompressed true-colour TGA (type 2), top-left origin, BGR.
QByteArray tga()
{
    QByteArray b;
    b.append(char(0)).append(char(0)).append(char(2));
    b.append(QByteArray(5, '\0'));
    le16(b, 0);
    le16(b, 0);
    le16(b, 4);
    le16(b, 2);
    b.append(char(24)).append(char(0x20));
    for (int y = 0; y < 2; ++y)
        for (int x = 0; x < 4; ++x)
            b.append(char(qBlue(kPattern[y][x]))).append(char(qGreen(kPattern[y][x]))).append(char(qRed(kPattern[y][x])));
    return b;
}

// The input fuzz_image found in CI (kept in tests/fuzz/findings/image/): a 4-channel PSD
// whose colour exceeds its alpha.
QByteArray psdAlphaFinding()
{
    return QByteArray::fromBase64("OEJQUwABAAAAAAAAAAcAAAACAAAAAwAIAAMAAAAAAAAAAAAAAAAAAAABAgMEBQYHCAkKCwzpDQ4PEBE=");
}

// Raw (compression 0) 8-bit RGB PSD: header, empty sections, planar channels. Refused.
QByteArray psd()
{
    QByteArray b("8BPS");
    be16(b, 1);
    b.append(QByteArray(6, '\0'));
    be16(b, 3);
    be32(b, 2);
    be32(b, 4);
    be16(b, 8);
    be16(b, 3);
    be32(b, 0);
    be32(b, 0);
    be32(b, 0);
    be16(b, 0);
    for (int c = 0; c < 3; ++c)
        for (int y = 0; y < 2; ++y)
            for (int x = 0; x < 4; ++x) {
                const QRgb p = kPattern[y][x];
                b.append(char(c == 0 ? qRed(p) : c == 1 ? qGreen(p) : qBlue(p)));
            }
    return b;
}

// GIF89a with an 8-colour global table; the LZW stream sends a clear code
// before every pair of pixels so the code width stays at 4 bits (min code
// size 3: clear = 8, end = 9, first free entry 10 < 16).
QByteArray gif()
{
    QList<QRgb> palette;
    QByteArray indices;
    for (int y = 0; y < 2; ++y)
        for (int x = 0; x < 4; ++x) {
            if (!palette.contains(kPattern[y][x]))
                palette.append(kPattern[y][x]);
            indices.append(char(palette.indexOf(kPattern[y][x])));
        }
    QByteArray b("GIF89a");
    le16(b, 4);
    le16(b, 2);
    b.append(char(0xf2)).append(char(0)).append(char(0)); // global table of 2^(2+1) = 8 colours
    for (int i = 0; i < 8; ++i) {
        const QRgb c = palette.value(i, 0xff000000);
        b.append(char(qRed(c))).append(char(qGreen(c))).append(char(qBlue(c)));
    }
    b.append(char(0x2c));
    le16(b, 0);
    le16(b, 0);
    le16(b, 4);
    le16(b, 2);
    b.append(char(0));
    b.append(char(3)); // LZW minimum code size
    QList<int> codes;
    for (int i = 0; i < indices.size(); i += 2) {
        codes << 8 << int(indices[i]) << int(indices[i + 1]);
    }
    codes << 9;
    QByteArray data;
    quint32 acc = 0;
    int bits = 0;
    for (int c : codes) {
        acc |= quint32(c) << bits;
        bits += 4;
        while (bits >= 8) {
            data.append(char(acc & 0xff));
            acc >>= 8;
            bits -= 8;
        }
    }
    if (bits > 0)
        data.append(char(acc & 0xff));
    b.append(char(data.size()));
    b.append(data);
    b.append(char(0));
    b.append(char(0x3b));
    return b;
}

// A PNG signature and IHDR only, claiming `w` x `h`: enough for the header check.
QByteArray pngHeaderOnly(quint32 w, quint32 h)
{
    QByteArray b("\x89PNG\r\n\x1a\n", 8);
    be32(b, 13);
    b.append("IHDR");
    be32(b, w);
    be32(b, h);
    b.append(char(8)).append(char(2)).append(char(0)).append(char(0)).append(char(0));
    be32(b, quint32(crc32(0, reinterpret_cast<const Bytef *>(b.constData()) + 12, 17)));
    return b;
}

void le32(QByteArray &b, quint32 v)
{
    le16(b, int(v & 0xffff));
    le16(b, int(v >> 16));
}

// The pattern as a 24-bit BMP with a BITMAPINFOHEADER; a negative height
// stores the rows top-down (written by hand: Qt writes bottom-up only).
QByteArray bmp(bool topDown)
{
    const int stride = (4 * 3 + 3) / 4 * 4;
    QByteArray b("BM");
    le32(b, quint32(54 + stride * 2));
    le32(b, 0);
    le32(b, 54);
    le32(b, 40);
    le32(b, 4);
    le32(b, topDown ? quint32(-2) : 2u);
    le16(b, 1);
    le16(b, 24);
    le32(b, 0);
    le32(b, quint32(stride * 2));
    le32(b, 2835);
    le32(b, 2835);
    le32(b, 0);
    le32(b, 0);
    for (int row = 0; row < 2; ++row) {
        const int y = topDown ? row : 1 - row;
        for (int x = 0; x < 4; ++x)
            b.append(char(qBlue(kPattern[y][x]))).append(char(qGreen(kPattern[y][x]))).append(char(qRed(kPattern[y][x])));
    }
    return b;
}

// The pattern as an RLE true-colour TGA (type 10): row 0 as one raw packet
// of 4 pixels, row 1 as four runs of one pixel each.
QByteArray tgaRle()
{
    QByteArray b = tga().left(18);
    b[2] = char(10);
    auto pixel = [&](QRgb c) { b.append(char(qBlue(c))).append(char(qGreen(c))).append(char(qRed(c))); };
    b.append(char(3));
    for (int x = 0; x < 4; ++x)
        pixel(kPattern[0][x]);
    for (int x = 0; x < 4; ++x) {
        b.append(char(0x80));
        pixel(kPattern[1][x]);
    }
    return b;
}

Expected<RgbImage> decode(const QByteArray &bytes, const ImageLimits &limits = {})
{
    return decodeImage(std::span<const uint8_t>(reinterpret_cast<const uint8_t *>(bytes.constData()), size_t(bytes.size())),
                       limits, "test image");
}

} // namespace

class TestImageLoader : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void decodesEveryFormat_data();
    void decodesEveryFormat();
    void loadsFromFile();
    void refusesBadInput_data();
    void refusesBadInput();
    void refusesTruncation_data();
    void refusesTruncation();
    void boundsCheckedBeforeDecoding();
    void fileErrors();
};

void TestImageLoader::decodesEveryFormat_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("format");
    QTest::addColumn<int>("tolerance");
    QTest::newRow("png") << qtEncoded("PNG") << QStringLiteral("png") << 0;
    QTest::newRow("bmp") << qtEncoded("BMP") << QStringLiteral("bmp") << 0;
    // Lossy with chroma subsampling: compared with Qt's own JPEG decoder below.
    // (a smooth image: on a 4x2 saturated pattern the decoders' chroma upsampling differs by design)
    QTest::newRow("jpeg") << smoothJpeg() << QStringLiteral("jpeg") << 6;
    QTest::newRow("gif") << gif() << QStringLiteral("gif") << 0;
    QTest::newRow("tga") << tga() << QStringLiteral("tga") << 0;
    QTest::newRow("tga-rle") << tgaRle() << QStringLiteral("tga") << 0;
    QTest::newRow("bmp-bottom-up") << bmp(false) << QStringLiteral("bmp") << 0;
    // A negative height: stb's info call passed it through ("zero width or height").
    QTest::newRow("bmp-top-down") << bmp(true) << QStringLiteral("bmp") << 0;
}

void TestImageLoader::decodesEveryFormat()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, format);
    QFETCH(int, tolerance);
    QVERIFY(!bytes.isEmpty());
    auto header = probeImage(std::span<const uint8_t>(reinterpret_cast<const uint8_t *>(bytes.constData()), size_t(bytes.size())));
    QVERIFY2(header, header ? "" : header.status().message().c_str());
    QCOMPARE(QString::fromStdString(header->format), format);
    // Lossless formats must reproduce the pattern; JPEG must agree with an independent decoder.
    const QImage reference = format == QLatin1String("jpeg") ? QImage::fromData(bytes, "JPEG") : patternImage();
    const int w = reference.width(), h = reference.height();
    QCOMPARE(header->width, w);
    QCOMPARE(header->height, h);
    Expected<RgbImage> img = decode(bytes);
    QVERIFY2(img, img ? "" : img.status().message().c_str());
    QCOMPARE(img->width, w);
    QCOMPARE(img->height, h);
    QCOMPARE(img->rgb.size(), size_t(w * h * 3));
    int worst = 0;
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            const uint8_t *p = &img->rgb[size_t((y * w + x) * 3)];
            const QRgb want = reference.pixel(x, y);
            worst = std::max({worst, std::abs(p[0] - qRed(want)), std::abs(p[1] - qGreen(want)), std::abs(p[2] - qBlue(want))});
        }
    QVERIFY2(worst <= tolerance, qPrintable(QStringLiteral("max channel error %1").arg(worst)));
}

void TestImageLoader::loadsFromFile()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("p.png"));
    QVERIFY(patternImage().save(path));
    Expected<RgbImage> img = loadImageFile(path.toStdString());
    QVERIFY(img);
    QCOMPARE(img->rgb[0], uint8_t(255));
    QCOMPARE(img->rgb[1], uint8_t(0));
    Expected<ImageHeader> h = probeImageFile(path.toStdString());
    QVERIFY(h);
    QCOMPARE(h->width, 4);
}

void TestImageLoader::refusesBadInput_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("words");
    const QByteArray png = qtEncoded("PNG");
    const QByteArray jpeg = qtEncoded("JPEG", 90);
    QTest::newRow("empty") << QByteArray() << int(ErrorCode::Format) << QStringLiteral("zero-sized");
    QTest::newRow("text") << QByteArray("hello, I am not an image\n") << int(ErrorCode::Unsupported)
                          << QStringLiteral("not a PNG");
    QTest::newRow("png-truncated") << png.left(png.size() / 2) << int(ErrorCode::Format) << QStringLiteral("truncated");
    QTest::newRow("jpeg-truncated") << jpeg.left(jpeg.size() / 3) << int(ErrorCode::Format) << QStringLiteral("truncated JPEG");
    QByteArray flipped = png;
    for (int i = 40; i < flipped.size() - 12; ++i)
        flipped[i] = char(flipped[i] ^ 0x5a);
    QTest::newRow("png-corrupt-data") << flipped << int(ErrorCode::Format) << QStringLiteral("damaged");
    QTest::newRow("gif-no-data") << gif().left(30) << int(ErrorCode::Format) << QStringLiteral("truncated GIF");
    // PSD is refused by name, not decoded (stb's alpha un-premultiply is undefined behaviour);
    // the second is the 4-channel file fuzz_image found it with.
    QTest::newRow("psd-rgb") << psd() << int(ErrorCode::Unsupported) << QStringLiteral("Photoshop (PSD)");
    QTest::newRow("psd-alpha-fuzz-finding") << psdAlphaFinding() << int(ErrorCode::Unsupported)
                                            << QStringLiteral("Photoshop (PSD)");
    QTest::newRow("zero-width") << pngHeaderOnly(0, 10) << int(ErrorCode::Format) << QStringLiteral("zero width");
}

void TestImageLoader::refusesBadInput()
{
    QFETCH(QByteArray, bytes);
    QFETCH(int, code);
    QFETCH(QString, words);
    Expected<RgbImage> img = decode(bytes);
    QVERIFY(!img);
    const QString msg = QString::fromStdString(img.status().message());
    QCOMPARE(int(img.status().code()), code);
    QVERIFY2(msg.contains(words), qPrintable(msg));
    QVERIFY2(msg.startsWith(QStringLiteral("test image")), qPrintable(msg)); // names the source
}

// Every proper prefix of a whole file is refused: stb read past the end as
// zeros and decoded a truncated GIF, BMP, TGA or JPEG (and a PNG cut inside
// its image data) into a picture with the missing part black (or grey). The rule
// (vision/imageextent.h, pngguard.h): the bytes the headers promise must be
// there. One exception: a PNG cut inside IEND's CRC has lost no data.
void TestImageLoader::refusesTruncation_data()
{
    QTest::addColumn<QByteArray>("whole");
    QTest::addColumn<int>("keep"); // bytes of the file kept
    const QList<std::pair<const char *, QByteArray>> files = {{"png", qtEncoded("PNG")}, {"bmp", qtEncoded("BMP")},
        {"bmp-top-down", bmp(true)}, {"gif", gif()}, {"tga", tga()}, {"tga-rle", tgaRle()},
        {"jpeg", qtEncoded("JPEG", 90)}, {"jpeg-progressive", progressiveJpeg()}};
    for (const auto &[name, whole] : files) {
        const int last = whole.startsWith("\x89PNG") ? int(whole.size()) - 5 : int(whole.size()) - 1;
        for (int keep = 1; keep <= last; ++keep)
            QTest::addRow("%s %d of %d", name, keep, int(whole.size())) << whole << keep;
    }
}

void TestImageLoader::refusesTruncation()
{
    QFETCH(QByteArray, whole);
    QFETCH(int, keep);
    QVERIFY(decode(whole)); // the whole file is fine
    Expected<RgbImage> img = decode(whole.left(keep));
    QVERIFY2(!img, qPrintable(QStringLiteral("%1 bytes of %2 decoded").arg(keep).arg(whole.size())));
    // Past the first bytes (where the format is not even recognised) the reason is the truncation.
    const QString msg = QString::fromStdString(img.status().message());
    if (keep >= 40)
        QVERIFY2(msg.contains(QStringLiteral("truncated")), qPrintable(msg));
}

void TestImageLoader::boundsCheckedBeforeDecoding()
{
    // 9000 x 9000 = 81 Mpx with no pixel data at all: only a header check can
    // produce the size error (a decode attempt would say "damaged").
    Expected<RgbImage> big = decode(pngHeaderOnly(9000, 9000));
    QVERIFY(!big);
    QCOMPARE(int(big.status().code()), int(ErrorCode::InvalidArgument));
    QVERIFY2(QString::fromStdString(big.status().message()).contains(QStringLiteral("megapixels")),
             big.status().message().c_str());
    // Limits are the caller's: a tighter pixel bound and a file-size bound.
    ImageLimits tight;
    tight.maxPixels = 7;
    QVERIFY(!decode(qtEncoded("PNG"), tight));
    tight = ImageLimits{};
    tight.maxFileBytes = 16;
    Expected<RgbImage> fat = decode(qtEncoded("BMP"), tight);
    QVERIFY(!fat);
    QVERIFY(QString::fromStdString(fat.status().message()).contains(QStringLiteral("limit")));
    // Exactly at the bound is fine.
    tight = ImageLimits{};
    tight.maxPixels = 8;
    QVERIFY(decode(qtEncoded("PNG"), tight));
}

void TestImageLoader::fileErrors()
{
    QTemporaryDir dir;
    Expected<RgbImage> none = loadImageFile(dir.filePath(QStringLiteral("nope.png")).toStdString());
    QVERIFY(!none);
    QCOMPARE(int(none.status().code()), int(ErrorCode::NotFound));
    QVERIFY(QString::fromStdString(none.status().message()).contains(QStringLiteral("nope.png")));
    const QString empty = dir.filePath(QStringLiteral("empty.jpg"));
    QFile f(empty);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.close();
    Expected<RgbImage> e = loadImageFile(empty.toStdString());
    QVERIFY(!e);
    QVERIFY(QString::fromStdString(e.status().message()).contains(QStringLiteral("empty")));
    ImageLimits tiny;
    tiny.maxFileBytes = 10;
    const QString png = dir.filePath(QStringLiteral("p.png"));
    QVERIFY(patternImage().save(png));
    Expected<RgbImage> big = loadImageFile(png.toStdString(), tiny);
    QVERIFY(!big);
    QVERIFY(QString::fromStdString(big.status().message()).contains(QStringLiteral("more than the limit")));
}

SLUICE_TEST_GUILESS_MAIN(TestImageLoader)
#include "tst_imageloader.moc"
