#include "convert/sourceconfig.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace sluice::convert {

Expected<std::string> manifestConfigFromRelease(const std::string &configJson)
{
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(configJson));
    if (!doc.isObject())
        return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "config.json: not a JSON object"));
    QJsonObject top = doc.object();
    top.remove(QStringLiteral("quantization_config"));
    if (!top.value(QLatin1String("text_config")).isObject())
        return QJsonDocument(top).toJson(QJsonDocument::Compact).toStdString();
    QJsonObject flat = top.value(QLatin1String("text_config")).toObject();
    flat.remove(QStringLiteral("quantization_config"));
    top.remove(QStringLiteral("text_config"));
    flat.insert(QStringLiteral("_outer"), top);
    return QJsonDocument(flat).toJson(QJsonDocument::Compact).toStdString();
}

std::string visionJsonFromRelease(const std::string &manifestConfigJson, const std::string &preprocessorJson)
{
    const QJsonObject config = QJsonDocument::fromJson(QByteArray::fromStdString(manifestConfigJson)).object();
    const QJsonValue vision = config.value(QLatin1String("_outer")).toObject().value(QLatin1String("vision_config"));
    if (!vision.isObject())
        return {};
    QJsonObject out = vision.toObject();
    const QJsonObject pre = QJsonDocument::fromJson(QByteArray::fromStdString(preprocessorJson)).object();
    for (const char *key : {"image_mean", "image_std", "max_patches"}) {
        const QJsonValue v = pre.value(QLatin1String(key));
        if (!v.isUndefined())
            out.insert(QLatin1String(key), v);
    }
    return QJsonDocument(out).toJson(QJsonDocument::Indented).toStdString();
}

} // namespace sluice::convert
