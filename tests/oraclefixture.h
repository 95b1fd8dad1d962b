#pragma once
// What the float64 oracle's fixtures are compared with (tests/oracle/*.py):
// the error figure the bar is written in, its base64 float32 arrays, the
// hash of the container it ran on, and the bar itself on all-positions
// logits, and the synth run that rebuilds its container (in-process, with
// support/synthmodel.h: a test using it links sluice_testsupport by
// including that header itself). Shared by the model, convert, format and
// vision tests.
#include "support/synthmodel.h"

#include <QByteArray>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <vector>

namespace sluice::test {

// max |a - b| / max |b| over one row.
inline double relError(const float *a, const float *b, size_t n)
{
    double diff = 0, mag = 0;
    for (size_t i = 0; i < n; ++i) {
        diff = std::max(diff, std::fabs(double(a[i]) - double(b[i])));
        mag = std::max(mag, std::fabs(double(b[i])));
    }
    return mag > 0 ? diff / mag : diff;
}

// base64 little-endian float32 (the oracle's compact arrays).
inline std::vector<float> fromB64(const QString &s)
{
    const QByteArray raw = QByteArray::fromBase64(s.toLatin1());
    std::vector<float> out(size_t(raw.size()) / 4);
    std::memcpy(out.data(), raw.constData(), out.size() * 4);
    return out;
}

inline std::vector<float> fromB64(const QJsonValue &v)
{
    return fromB64(v.toString());
}

// sha256 over the files the forward pass reads, as tests/oracle/kimi_ref.py
// Container.file_hash(): name then bytes, names sorted.
inline QString containerHash(const QString &dir)
{
    QDir d(dir);
    QStringList names;
    for (const QString &n : d.entryList(QDir::Files, QDir::Name)) {
        if (n == "manifest.json" || n == "trunk.bin" || n == "codebooks.bin" ||
            (n.startsWith("experts-L") && n.endsWith(".bin")))
            names << n;
    }
    names.sort(); // byte order, as Python's sorted()
    QCryptographicHash h(QCryptographicHash::Sha256);
    for (const QString &n : names) {
        h.addData(n.toUtf8());
        QFile f(d.filePath(n));
        if (!f.open(QIODevice::ReadOnly))
            return {};
        h.addData(&f);
    }
    return QString::fromLatin1(h.result().toHex());
}

// The bar on the logits of every position (`all`, positions x vocab): the
// argmax at every position is the fixture's "argmax", and at its
// "logit_positions" the logits are within `bar` (relative) of its
// "logits_f32". Empty when met, else what failed first; `worst` gets the
// largest relative error seen.
inline QString oracleLogitsMismatch(const QJsonObject &fx, const std::vector<float> &all, size_t positions,
                                    size_t vocab, double bar, double &worst)
{
    worst = 0;
    const QJsonArray argmax = fx["argmax"].toArray();
    if (size_t(argmax.size()) < positions || all.size() < positions * vocab)
        return QString("%1 positions of logits, the fixture's argmax has %2").arg(all.size() / std::max<size_t>(vocab, 1)).arg(argmax.size());
    for (size_t t = 0; t < positions; ++t) {
        const float *row = all.data() + t * vocab;
        if (int(std::max_element(row, row + vocab) - row) != argmax[int(t)].toInt())
            return QString("position %1").arg(t);
    }
    const QJsonArray keep = fx["logit_positions"].toArray();
    const std::vector<float> ref = fromB64(fx["logits_f32"]);
    if (ref.size() != size_t(keep.size()) * vocab)
        return QString("logits_f32 holds %1 floats, %2 positions x %3 expected").arg(ref.size()).arg(keep.size()).arg(vocab);
    for (qsizetype i = 0; i < keep.size(); ++i) {
        const size_t t = size_t(keep[i].toInt());
        if (t >= positions)
            return QString("logit position %1 is past the %2 computed").arg(t).arg(positions);
        const double rel = relError(all.data() + t * vocab, ref.data() + size_t(i) * vocab, vocab);
        worst = std::max(worst, rel);
        if (!(rel <= bar))
            return QString("position %1: rel %2").arg(t).arg(rel);
    }
    return {};
}

// The JSON object of tests/fixtures/<path> (e.g. "release/k3-rel-s1.json"):
// empty when it cannot be read or is not JSON.
inline QJsonObject readFixture(const QString &path)
{
    QFile f(QStringLiteral(SLUICE_FIXTURES_DIR "/") + path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

// synth's arguments that rebuild, at `dir`, the container a fixture was
// computed on: its synth_args and `--out dir` (`sluice-dev synth ARGS`).
inline QStringList fixtureSynthArgs(const QJsonObject &fx, const QString &dir)
{
    QStringList args;
    for (const auto &a : fx[QStringLiteral("synth_args")].toArray())
        args << a.toString();
    args << QStringLiteral("--out") << dir;
    return args;
}

// Writes that container in-process (support/synthmodel.h): empty on success, else why.
inline QString synthFromFixture(const QJsonObject &fx, const QString &dir)
{
    return synthesize(fixtureSynthArgs(fx, dir));
}

// A fixture (tests/fixtures/<path>) and its container rebuilt at `dir`, in a
// temporary folder that lives as long as this. why() is empty when both
// worked, else what failed.
struct RebuiltFixture {
    QTemporaryDir tmp;
    QString dir = tmp.path() + QStringLiteral("/m");
    QJsonObject fx;
    QString synthError;

    explicit RebuiltFixture(const QString &path)
        : fx(readFixture(path))
        , m_path(path)
    {
        if (!fx.isEmpty())
            synthError = synthFromFixture(fx, dir);
    }
    QString why() const
    {
        if (fx.isEmpty())
            return m_path + QStringLiteral(": missing or not JSON");
        if (!synthError.isEmpty())
            return QStringLiteral("synth for %1 failed: ").arg(m_path) + synthError;
        return {};
    }

private:
    QString m_path;
};

} // namespace sluice::test
