#include "format/releaseconfig.h"
#include "format/formaterror.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>

#include <algorithm>
#include <cmath>
#include <set>

namespace sluice {

namespace {

template<typename... Args> Status unsupported(ErrorTemplate message, const Args &...args)
{
    return makeError(ErrorCode::Unsupported, message, args...);
}

constexpr size_t kMaxConfigBytes = 16u << 20;

Status parseQuantization(const QJsonObject &q, ExpertQuantConfig &out)
{
    const std::string where = "config.json: quantization_config: ";
    const QString method = q.value(QLatin1String("quant_method")).toString();
    if (method != QLatin1String("compressed-tensors"))
        return unsupported(
            SLUICE_ERRT("Error", "%1quant_method '%2' (only compressed-tensors)"), where, method.toStdString());
    const QString format = q.value(QLatin1String("format")).toString();
    if (format != QLatin1String("mxfp4-pack-quantized"))
        return unsupported(
            SLUICE_ERRT("Error", "%1format '%2' (only mxfp4-pack-quantized)"), where, format.toStdString());
    const QJsonObject groups = q.value(QLatin1String("config_groups")).toObject();
    if (groups.isEmpty())
        return formatError(SLUICE_ERRT("Error", "%1'config_groups' is missing or empty"), where);
    for (auto it = groups.begin(); it != groups.end(); ++it) {
        const std::string g = where + "config_groups." + it.key().toStdString() + ".weights: ";
        const QJsonObject w = it.value().toObject().value(QLatin1String("weights")).toObject();
        if (w.isEmpty())
            return formatError(SLUICE_ERRT("Error", "%1missing"), g);
        if (w.value(QLatin1String("num_bits")).toDouble(-1) != 4.0)
            return unsupported(SLUICE_ERRT("Error", "%1num_bits is not 4"), g);
        if (w.value(QLatin1String("group_size")).toDouble(-1) != 32.0)
            return unsupported(SLUICE_ERRT("Error", "%1group_size is not 32"), g);
        if (w.value(QLatin1String("type")).toString(QStringLiteral("float")) != QLatin1String("float"))
            return unsupported(SLUICE_ERRT("Error", "%1type is not float (E2M1)"), g);
        const QString strategy = w.value(QLatin1String("strategy")).toString(QStringLiteral("group"));
        if (strategy != QLatin1String("group"))
            return unsupported(SLUICE_ERRT("Error", "%1strategy '%2' (only group)"), g, strategy.toStdString());
        const QJsonValue scale = w.value(QLatin1String("scale_dtype"));
        if (!scale.isUndefined() && !scale.isNull() && scale.toString() != QLatin1String("torch.uint8"))
            return unsupported(
                SLUICE_ERRT("Error", "%1scale_dtype '%2' (only torch.uint8, E8M0)"), g, scale.toString().toStdString());
    }
    out = ExpertQuantConfig{};
    out.fmtName = "MXFP4";
    out.stages = 0;
    out.vecDim = 32;
    out.entries = 0;
    out.indexBlock = 0;
    out.indexBits = 4;
    out.groupSize = 32;
    return Status::ok();
}

} // namespace

std::string mxfp4QuantizationConfigJson()
{
    return R"({"quant_method":"compressed-tensors","format":"mxfp4-pack-quantized",)"
           R"("config_groups":{"group_0":{"weights":{"num_bits":4,"group_size":32,"type":"float",)"
           R"("strategy":"group","symmetric":true,"dynamic":false,"scale_dtype":"torch.uint8"},)"
           R"("targets":["Linear"]}},)"
           R"("ignore":["re:.*self_attn.*","re:.*shared_experts.*","re:.*mlp\\.(gate|up|gate_up|down)_proj.*",)"
           R"("lm_head","re:.*vision_tower.*","re:.*mm_projector.*"]})";
}

Expected<ReleaseConfig> parseReleaseConfig(const char *data, size_t size)
{
    if (size > kMaxConfigBytes)
        return formatError(SLUICE_ERRT("Error", "config.json: %1 bytes is too large"), size);
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromRawData(data, qsizetype(size)), &parseError);
    if (doc.isNull())
        return formatError(SLUICE_ERRT("Error", "config.json: not valid JSON (%1 at offset %2)"),
            parseError.errorString().toStdString(), parseError.offset);
    if (!doc.isObject())
        return formatError(SLUICE_ERRT("Error", "config.json: top level is not an object"));
    const QJsonObject root = doc.object();
    if (root.contains(QLatin1String("_outer")))
        return formatError(
            SLUICE_ERRT("Error", "config.json: has '_outer' (a converted container's manifest config, not a release)"));

    ReleaseConfig out;
    auto config = parseModelConfigDerivingPrefix(std::string(data, size), out.visionConfigured);
    if (!config)
        return config.status().withContext("config.json");
    out.config = std::move(config.value());

    const QJsonObject text = root.value(QLatin1String("text_config")).isObject()
                                 ? root.value(QLatin1String("text_config")).toObject()
                                 : root;
    QJsonValue quant = text.value(QLatin1String("quantization_config"));
    if (!quant.isObject())
        quant = root.value(QLatin1String("quantization_config"));
    if (quant.isObject()) {
        SLUICE_TRY(parseQuantization(quant.toObject(), out.config.expertQuant));
        if (out.config.expertInputDim() % 32 != 0 || out.config.moeIntermediate % 32 != 0)
            return formatError(
                SLUICE_ERRT("Error", "config.json: MXFP4 experts need widths that are multiples of 32, got %1 and %2"),
                out.config.expertInputDim(), out.config.moeIntermediate);
    } else if (!quant.isUndefined() && !quant.isNull()) {
        return formatError(SLUICE_ERRT("Error", "config.json: quantization_config is not an object"));
    } else {
        out.config.expertQuant = ExpertQuantConfig{};
        out.config.expertQuant.fmtName = "BF16";
        out.config.expertQuant.stages = 0;
        out.config.expertQuant.vecDim = 1;
        out.config.expertQuant.entries = 0;
        out.config.expertQuant.indexBlock = 0;
        out.config.expertQuant.indexBits = 16;
    }
    return out;
}

Expected<std::vector<SpecialToken>> parseAddedTokens(const char *data, size_t size, int vocab)
{
    if (size > kMaxConfigBytes)
        return formatError(SLUICE_ERRT("Error", "tokenizer_config.json: %1 bytes is too large"), size);
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromRawData(data, qsizetype(size)));
    if (!doc.isObject())
        return formatError(SLUICE_ERRT("Error", "tokenizer_config.json: not a JSON object"));
    const QJsonValue decoder = doc.object().value(QLatin1String("added_tokens_decoder"));
    if (decoder.isUndefined())
        return std::vector<SpecialToken>{};
    if (!decoder.isObject())
        return formatError(SLUICE_ERRT("Error", "tokenizer_config.json: added_tokens_decoder is not an object"));
    std::vector<SpecialToken> out;
    std::set<std::string> texts;
    const QJsonObject map = decoder.toObject();
    for (auto it = map.begin(); it != map.end(); ++it) {
        bool isNumber = false;
        const qlonglong id = it.key().toLongLong(&isNumber);
        if (!isNumber || id < 0 || id >= vocab || it.key() != QString::number(id))
            return formatError(
                SLUICE_ERRT("Error", "tokenizer_config.json: added token id '%1' is not an id in [0, %2)"),
                it.key().left(32).toStdString(), vocab);
        const QJsonValue content = it.value().toObject().value(QLatin1String("content"));
        if (!content.isString() || content.toString().isEmpty() || content.toString().size() > 1024)
            return formatError(SLUICE_ERRT("Error", "tokenizer_config.json: added token %1 has no content"), id);
        const std::string text = content.toString().toStdString();
        if (!texts.insert(text).second)
            return formatError(SLUICE_ERRT("Error", "tokenizer_config.json: '%1' is named by two ids"), text);
        out.push_back({int(id), text});
    }
    std::sort(out.begin(), out.end(), [](const SpecialToken &a, const SpecialToken &b) { return a.id < b.id; });
    return out;
}

std::string specialsToJson(const std::vector<SpecialToken> &specials)
{
    QJsonArray array;
    for (const SpecialToken &s : specials)
        array.append(QJsonObject{{QStringLiteral("id"), s.id}, {QStringLiteral("text"), QString::fromStdString(s.text)}});
    return QJsonDocument(array).toJson(QJsonDocument::Compact).toStdString();
}

Expected<std::string> releaseConfigFromManifestConfig(const std::string &manifestConfigJson, bool mxfp4)
{
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(manifestConfigJson));
    if (!doc.isObject())
        return formatError(SLUICE_ERRT("Error", "config: not a JSON object"));
    QJsonObject flat = doc.object();
    const QJsonObject quant = QJsonDocument::fromJson(QByteArray::fromStdString(mxfp4QuantizationConfigJson())).object();
    if (!flat.value(QLatin1String("_outer")).isObject()) {
        // Kimi-Linear: flat, and its release has no quantization_config.
        if (mxfp4)
            flat.insert(QStringLiteral("quantization_config"), quant);
        return QJsonDocument(flat).toJson(QJsonDocument::Indented).toStdString();
    }
    QJsonObject outer = flat.value(QLatin1String("_outer")).toObject();
    flat.remove(QStringLiteral("_outer"));
    if (mxfp4)
        flat.insert(QStringLiteral("quantization_config"), quant);
    outer.insert(QStringLiteral("text_config"), flat);
    return QJsonDocument(outer).toJson(QJsonDocument::Indented).toStdString();
}

} // namespace sluice
