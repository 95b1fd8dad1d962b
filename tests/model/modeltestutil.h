#pragma once
// Shared helpers for the model tests: a model with its one session and the
// fixtures' JSON arrays (the oracle's bar: oraclefixture.h).
#include "api/model.h"
#include "api/session.h"
#include "format/synth.h"
#include "oraclefixture.h"

#include <QByteArray>
#include <QJsonArray>
#include <QtGlobal>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace sluice::test {

// Routing seen through ModelOptions::routeObserver: position -> MoE layer -> experts.
using Routes = std::map<int64_t, std::map<int, std::vector<int>>>;

// A large-mode synthetic model (records of `recordBytes`, `layers` MoE layers
// of `experts`, top-k) at `path`, as the routing tests use it.
inline Status writeRoutingModel(const std::string &path, uint64_t recordBytes, int layers, int experts, int topK)
{
    SynthOptions so;
    so.recordBytes = recordBytes;
    so.layers = layers;
    so.experts = experts;
    so.topK = topK;
    return writeSyntheticModel(path, so);
}

// A deterministic prompt of n token ids inside the tiny tokenizer's range.
inline std::vector<int> routingPrompt(int n)
{
    std::vector<int> p;
    for (int i = 0; i < n; ++i)
        p.push_back((i * 733 + 29) % 3840);
    return p;
}

// One model with one session on it (api/model.h's ModelSession, what each
// model test drives), for tests that only check it opened: empty (false)
// after a warning with the error.
inline ModelSession openModelSessionOrWarn(const ModelOptions &options)
{
    auto opened = openModelSession(options);
    if (!opened) {
        qWarning("%s", opened.status().message().c_str());
        return {};
    }
    return std::move(*opened);
}

// The model alone, for tests that make their own sessions: null after a
// warning with the error.
inline std::shared_ptr<Model> openModelOrWarn(const ModelOptions &options)
{
    auto opened = Model::open(options);
    if (!opened) {
        qWarning("%s", opened.status().message().c_str());
        return nullptr;
    }
    return *opened;
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

// The same bits (and something to compare).
inline bool sameBits(const std::vector<float> &a, const std::vector<float> &b)
{
    return a.size() == b.size() && !a.empty() && std::memcmp(a.data(), b.data(), a.size() * 4) == 0;
}

// `n` ids from a linear congruential stream started at `state`, in
// [8, min(vocab, 300)): past the special ids, inside every synthetic vocabulary.
inline std::vector<int> pseudoRandomIds(int n, uint32_t state, int vocab)
{
    std::vector<int> out;
    uint32_t x = state;
    for (int i = 0; i < n; ++i) {
        x = x * 1664525u + 1013904223u;
        out.push_back(int(8 + (x >> 8) % uint32_t(std::min(vocab, 300) - 8)));
    }
    return out;
}

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

} // namespace sluice::test
