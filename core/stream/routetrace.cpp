#include "routetrace.h"

#include "util/regularfile.h"

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>
#include <unordered_set>

namespace sluice {

Expected<RoutingTrace> loadRoutingTrace(const std::string &path, const RoutingTraceLimits &limits)
{
    // A FIFO or a directory where the trace belongs: an error, never a hang.
    if (const Status regular = checkRegularFile(path, path + " (routing trace)"); !regular.isOk())
        return regular;
    QFile file(QString::fromStdString(path));
    if (!file.open(QIODevice::ReadOnly))
        return makeError(ErrorCode::NotFound, SLUICE_ERRT("Error", "%1: cannot open routing trace"), path);
    if (uint64_t(file.size()) > limits.maxFileBytes)
        return makeError(ErrorCode::Format,
            SLUICE_ERRT("Error", "%1: routing trace is %2 bytes, more than the limit of %3"), path, file.size(),
            limits.maxFileBytes);
    RoutingTrace trace;
    trace.name = QFileInfo(file).fileName().toStdString();
    std::unordered_set<uint32_t> keys;
    int lineNumber = 0;
    // One line buffer for the whole file: QIODevice::readLine(max) allocates
    // `max` bytes for every line (4 MiB each, ~1 KiB used; under ASan a fresh
    // mapping per line, most of the planner tests' time). No line is longer
    // than the file.
    const qint64 bufferBytes = std::min<qint64>(qint64(limits.maxLineBytes), file.size()) + 2;
    QByteArray buffer(bufferBytes, Qt::Uninitialized);
    while (!file.atEnd()) {
        // readLine(max) stops at max bytes: a line that long without its
        // newline is over the limit, not a line to parse in pieces.
        const qint64 got = file.readLine(buffer.data(), bufferBytes);
        ++lineNumber;
        const std::string where = path + ":" + std::to_string(lineNumber);
        if (got < 0)
            return makeError(ErrorCode::Io, where + ": cannot read the routing trace");
        const QByteArray raw = QByteArray::fromRawData(buffer.constData(), got);
        if (raw.size() > limits.maxLineBytes)
            return makeError(
                ErrorCode::Format, SLUICE_ERRT("Error", "%1: line longer than %2 bytes"), where, limits.maxLineBytes);
        const QByteArray line = raw.trimmed();
        if (line.isEmpty())
            continue;
        if (int(trace.tokens.size()) >= limits.maxTokens)
            return makeError(
                ErrorCode::Format, SLUICE_ERRT("Error", "%1: more than %2 tokens"), where, limits.maxTokens);
        QJsonParseError error {};
        const QJsonDocument doc = QJsonDocument::fromJson(line, &error);
        if (error.error != QJsonParseError::NoError || !doc.isObject())
            return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1: not a JSON object (%2)"), where,
                error.errorString().toStdString());
        const QJsonValue layersValue = doc.object().value("layers");
        if (!layersValue.isArray())
            return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1: no \"layers\" array"), where);
        const QJsonArray layers = layersValue.toArray();
        if (layers.isEmpty())
            return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1: empty \"layers\""), where);
        if (layers.size() > limits.maxLayers)
            return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1: %2 layers, more than %3"), where,
                layers.size(), limits.maxLayers);
        if (trace.moeLayers == 0)
            trace.moeLayers = int(layers.size());
        else if (int(layers.size()) != trace.moeLayers)
            return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1: %2 layers, earlier lines had %3"), where,
                layers.size(), trace.moeLayers);
        std::vector<std::vector<int>> token;
        token.reserve(size_t(layers.size()));
        for (qsizetype l = 0; l < layers.size(); ++l) {
            if (!layers[l].isArray())
                return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1: layer %2 is not an array"), where, l);
            const QJsonArray idsJson = layers[l].toArray();
            if (idsJson.size() > limits.maxIdsPerLayer)
                return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1: layer %2: %3 ids, more than %4"), where,
                    l, idsJson.size(), limits.maxIdsPerLayer);
            std::vector<int> ids;
            ids.reserve(size_t(idsJson.size()));
            for (const QJsonValue &v : idsJson) {
                const double d = v.toDouble(-1);
                if (!v.isDouble() || d < 0 || d > 65535 || d != std::floor(d))
                    return makeError(ErrorCode::Format,
                        SLUICE_ERRT("Error", "%1: layer %2: expert id is not an integer in 0..65535"), where, l);
                const int id = int(d);
                if (std::find(ids.begin(), ids.end(), id) != ids.end())
                    return makeError(
                        ErrorCode::Format, SLUICE_ERRT("Error", "%1: layer %2: expert %3 listed twice"), where, l, id);
                ids.push_back(id);
                trace.expertCount = std::max(trace.expertCount, id + 1);
                keys.insert(uint32_t(l) << 16 | uint32_t(id));
            }
            trace.topK = std::max(trace.topK, int(ids.size()));
            token.push_back(std::move(ids));
        }
        trace.tokens.push_back(std::move(token));
    }
    if (trace.tokens.empty())
        return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1: no tokens in routing trace"), path);
    trace.distinctKeys = keys.size();
    return trace;
}

RouteReplay::RouteReplay(RoutingTrace trace, int expertCount)
    : m_trace(std::move(trace))
    , m_experts(std::max(1, expertCount))
{
}

void RouteReplay::apply(int moeLayer, int64_t position, std::span<int> sel) const
{
    if (m_trace.tokens.empty() || m_trace.moeLayers <= 0 || sel.empty() || moeLayer < 0 || position < 0)
        return;
    const auto &line = m_trace.tokens[size_t(position % int64_t(m_trace.tokens.size()))];
    const std::vector<int> &ids = line[size_t(moeLayer % m_trace.moeLayers)];
    const size_t k = sel.size();
    // Small k (<= 16 in every model here): linear membership tests are cheapest.
    std::vector<int> out;
    out.reserve(k);
    auto taken = [&](int e) { return std::find(out.begin(), out.end(), e) != out.end(); };
    for (int id : ids) {
        if (out.size() == k)
            break;
        const int e = id % m_experts;
        if (!taken(e))
            out.push_back(e);
    }
    for (size_t j = 0; j < k && out.size() < k; ++j)
        if (!taken(sel[j]))
            out.push_back(sel[j]);
    std::copy(out.begin(), out.end(), sel.begin());
}

std::string findRoutingTrace(const std::vector<std::string> &dirs)
{
    for (const std::string &d : dirs) {
        const QFileInfoList files
            = QDir(QString::fromStdString(d)).entryInfoList({QStringLiteral("*.jsonl")}, QDir::Files, QDir::Name);
        if (!files.isEmpty())
            return files.first().absoluteFilePath().toStdString();
    }
    return {};
}

} // namespace sluice
