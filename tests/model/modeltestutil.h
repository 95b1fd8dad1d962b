#pragma once
// Shared helpers for the model tests: a model with its one session, error
// figures as the bar defines them, the oracle's arrays.
#include "api/model.h"
#include "api/session.h"

#include <QByteArray>
#include <QJsonArray>
#include <QtGlobal>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <memory>
#include <span>
#include <vector>

namespace sluice::test {

// One model with one session on it: what each model test drives. The model
// is declared first so the session goes before the model it lives on.
struct ModelSession {
    std::shared_ptr<Model> model;
    std::unique_ptr<Session> session;

    explicit operator bool() const { return model && session; }
    Session *operator->() const { return session.get(); }
    const ModelInfo &info() const { return model->info(); }
};

// Model::open, then createSession; the first error as it came.
inline Expected<ModelSession> openModelSession(const ModelOptions &options)
{
    auto model = Model::open(options);
    if (!model)
        return model.status();
    auto session = (*model)->createSession();
    if (!session)
        return session.status();
    return ModelSession{std::move(*model), std::move(*session)};
}

// The same, for tests that only check it opened: empty (false) after a
// warning with the error.
inline ModelSession openModelSessionOrWarn(const ModelOptions &options)
{
    auto opened = openModelSession(options);
    if (!opened) {
        qWarning("%s", opened.status().message().c_str());
        return {};
    }
    return std::move(*opened);
}

// Session::generate takes the whole sequence; this appends `prompt` to the
// ids the session holds (empty: continue from its last position), as a
// client feeding one piece after another does.
inline Expected<GenerationResult> generateAppended(Session &session, std::span<const int> prompt,
                                                   const SamplingParams &params, const TokenCallback &onToken = nullptr)
{
    if (prompt.empty())
        return session.generate({}, params, onToken);
    std::vector<int> all = session.tokens();
    all.insert(all.end(), prompt.begin(), prompt.end());
    return session.generate(all, params, onToken);
}

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
