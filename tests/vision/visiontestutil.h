#pragma once
// Shared helpers for the vision tests: the deterministic test image (the
// oracle tests/oracle/vision_ref.py gen_image() makes the same bytes), the
// fixtures, BMP files and synth runs (the oracle's bar: oraclefixture.h).
#include "oraclefixture.h"
#include "support/synthmodel.h"
#include "vision/imageloader.h"

#include <QByteArray>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

namespace sluice::test {

inline vision::RgbImage genImage(int w, int h, int seed)
{
    vision::RgbImage img;
    img.width = w;
    img.height = h;
    img.rgb.resize(size_t(w) * size_t(h) * 3);
    for (int64_t y = 0; y < h; ++y) {
        for (int64_t x = 0; x < w; ++x) {
            for (int64_t c = 0; c < 3; ++c) {
                const int64_t v = x * (5 + c) + y * (3 + 2 * c) + ((x * y) >> 3) + seed * 17 + ((x ^ y) & 15) * c;
                img.rgb[(size_t(y) * size_t(w) + size_t(x)) * 3 + size_t(c)] = uint8_t(v & 255);
            }
        }
    }
    return img;
}

inline double maxAbsDiff(const float *a, const float *b, size_t n)
{
    double diff = 0;
    for (size_t i = 0; i < n; ++i)
        diff = std::max(diff, std::fabs(double(a[i]) - double(b[i])));
    return diff;
}

// Writes an RGB8 image as an uncompressed 24-bit BMP (stb decodes it back
// losslessly): how tests hand generated images to Session::addImage(path).
inline bool writeBmp(const QString &path, const vision::RgbImage &img)
{
    const int rowBytes = (img.width * 3 + 3) & ~3;
    const uint32_t dataBytes = uint32_t(rowBytes) * uint32_t(img.height);
    QByteArray b(54, '\0');
    auto put32 = [&](int off, uint32_t v) {
        for (int i = 0; i < 4; ++i)
            b[off + i] = char((v >> (8 * i)) & 255);
    };
    b[0] = 'B';
    b[1] = 'M';
    put32(2, 54 + dataBytes);
    put32(10, 54);
    put32(14, 40);
    put32(18, uint32_t(img.width));
    put32(22, uint32_t(img.height)); // positive: rows bottom-up
    b[26] = 1;
    b[28] = 24;
    put32(34, dataBytes);
    for (int y = img.height - 1; y >= 0; --y) {
        QByteArray row(rowBytes, '\0');
        for (int x = 0; x < img.width; ++x) {
            const uint8_t *p = img.rgb.data() + (size_t(y) * size_t(img.width) + size_t(x)) * 3;
            row[x * 3 + 0] = char(p[2]); // BGR
            row[x * 3 + 1] = char(p[1]);
            row[x * 3 + 2] = char(p[0]);
        }
        b += row;
    }
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(b) == b.size();
}

// Writes `synth --out DIR <args>` in-process; empty string on success, else the reason.
inline QString runSynth(const QString &dir, const QString &args)
{
    QStringList list = {QStringLiteral("--out"), dir};
    list << args.split(' ', Qt::SkipEmptyParts);
    return synthesize(list);
}

} // namespace sluice::test
