#include "format/generationconfig.h"

#include "util/regularfile.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <sys/stat.h>

namespace sluice {

namespace {

// A sampling file is a few hundred bytes; anything past this is not one.
constexpr uint64_t kMaxBytes = 1 << 20;

// "generation_config.json: KEY: " and the problem; %1 of `why` is the key.
template<typename... Args> Status bad(const std::string &key, ErrorTemplate why, const Args &...args)
{
    return makeError(ErrorCode::Format, why, key, args...).withContext(std::string(kGenerationConfigFile));
}

// A number in [lo, hi] (JSON null counts as absent: Hugging Face writes null
// for an unset field).
Status readNumber(const QJsonObject &o, const char *key, double lo, double hi, std::optional<float> &out)
{
    const QJsonValue v = o.value(QLatin1String(key));
    if (v.isUndefined() || v.isNull())
        return Status::ok();
    if (!v.isDouble())
        return bad(key, SLUICE_ERRT("Error", "%1: not a number"));
    const double d = v.toDouble();
    if (!std::isfinite(d) || d < lo || d > hi) {
        char figures[3][32];
        std::snprintf(figures[0], sizeof figures[0], "%.10g", d);
        std::snprintf(figures[1], sizeof figures[1], "%.10g", lo);
        std::snprintf(figures[2], sizeof figures[2], "%.10g", hi);
        return bad(key, SLUICE_ERRT("Error", "%1: %2 is outside [%3, %4]"), figures[0], figures[1], figures[2]);
    }
    out = float(d);
    return Status::ok();
}

Status readInteger(const QJsonObject &o, const char *key, int lo, int hi, std::optional<int> &out)
{
    std::optional<float> d;
    SLUICE_TRY(readNumber(o, key, lo, hi, d));
    if (!d)
        return Status::ok();
    const double v = o.value(QLatin1String(key)).toDouble();
    if (v != std::floor(v))
        return bad(key, SLUICE_ERRT("Error", "%1: not a whole number"));
    out = int(v);
    return Status::ok();
}

} // namespace

std::string_view demoGenerationConfig()
{
    return R"({
  "do_sample": true,
  "temperature": 0.4,
  "top_p": 0.9,
  "repetition_penalty": 1.15,
  "max_new_tokens": 160,
  "sluice_penalty_window": 64,
  "sluice_loop_stop": 3
}
)";
}

Expected<RecommendedSampling> parseGenerationConfig(std::string_view json)
{
    QJsonParseError err{};
    const QJsonDocument doc =
        QJsonDocument::fromJson(QByteArray(json.data(), qsizetype(json.size())), &err);
    if (err.error != QJsonParseError::NoError)
        return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1: not JSON (%2 at byte %3)"),
            std::string(kGenerationConfigFile), err.errorString().toStdString(), err.offset);
    if (!doc.isObject())
        return makeError(
            ErrorCode::Format, SLUICE_ERRT("Error", "%1: not a JSON object"), std::string(kGenerationConfigFile));
    const QJsonObject o = doc.object();
    RecommendedSampling r;
    // The bounds are the CLI's (core/cli/options.cpp addSamplingOptions).
    SLUICE_TRY(readNumber(o, "temperature", 0, 100, r.temperature));
    SLUICE_TRY(readNumber(o, "top_p", 0, 1, r.topP));
    SLUICE_TRY(readInteger(o, "top_k", 0, 1 << 24, r.topK));
    SLUICE_TRY(readNumber(o, "repetition_penalty", 0.01, 10, r.repeatPenalty));
    SLUICE_TRY(readNumber(o, "presence_penalty", -2, 2, r.presencePenalty));
    SLUICE_TRY(readNumber(o, "frequency_penalty", -2, 2, r.frequencyPenalty));
    SLUICE_TRY(readInteger(o, "max_new_tokens", 1, 1 << 24, r.maxTokens));
    // Sluice's own keys (Hugging Face keeps unknown keys as plain attributes).
    SLUICE_TRY(readInteger(o, "sluice_penalty_window", 0, 1 << 24, r.penaltyWindow));
    SLUICE_TRY(readInteger(o, "sluice_loop_stop", 0, 1000, r.loopStop));
    // do_sample false is Hugging Face's greedy whatever the temperature says.
    // Absent, the temperature is taken as meant: files that give one without
    // do_sample recommend it (transformers would warn and decode greedily).
    const QJsonValue doSample = o.value(QLatin1String("do_sample"));
    if (!doSample.isUndefined() && !doSample.isNull()) {
        if (!doSample.isBool())
            return bad("do_sample", SLUICE_ERRT("Error", "%1: not true or false"));
        if (!doSample.toBool())
            r.temperature = 0.0f;
    }
    return r;
}

RecommendedSampling readGenerationConfig(const std::string &folder)
{
    const std::string path = folder + "/" + kGenerationConfigFile;
    struct stat st;
    if (::lstat(path.c_str(), &st) != 0 && errno == ENOENT)
        return {}; // no recommendation (a dangling link is reported below)
    RecommendedSampling none;
    none.source = path;
    // The project's one reader of small user files: a FIFO, a directory or a
    // device in its place is named at once instead of blocking or misreading.
    Expected<std::string> bytes = readRegularFile(path, kMaxBytes);
    if (!bytes) {
        none.error = bytes.status().message() + "; the defaults apply";
        return none;
    }
    Expected<RecommendedSampling> r = parseGenerationConfig(*bytes);
    if (!r) {
        none.error = folder + "/" + r.status().message() + "; the defaults apply";
        return none;
    }
    r->source = path;
    return std::move(*r);
}

} // namespace sluice
