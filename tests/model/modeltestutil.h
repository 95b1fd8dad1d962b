#pragma once
// Shared helpers for the model tests: error figures as the bar defines them.
#include <QByteArray>
#include <QJsonArray>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <vector>

namespace sluice::test {

#ifndef SLUICE_TEST_REL_ERROR // both test helper headers define it (tests include both)
#define SLUICE_TEST_REL_ERROR
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
#endif

inline int argmax(const float *v, size_t n)
{
    return int(std::max_element(v, v + n) - v);
}

inline std::vector<float> toFloats(const QJsonArray &a)
{
    std::vector<float> out;
    out.reserve(size_t(a.size()));
    for (const auto &v : a)
        out.push_back(float(v.toDouble()));
    return out;
}

inline std::vector<int> toInts(const QJsonArray &a)
{
    std::vector<int> out;
    for (const auto &v : a)
        out.push_back(v.toInt());
    return out;
}

// base64 little-endian float32 (the oracle's compact arrays).
inline std::vector<float> fromB64(const QString &s)
{
    const QByteArray raw = QByteArray::fromBase64(s.toLatin1());
    std::vector<float> out(size_t(raw.size()) / 4);
    std::memcpy(out.data(), raw.constData(), out.size() * 4);
    return out;
}

} // namespace sluice::test
