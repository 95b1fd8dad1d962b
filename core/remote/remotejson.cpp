#include "remotejson.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace sluice::remote {

namespace {

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

std::string s(const QJsonValue &v)
{
    return v.toString().toStdString();
}

// A message's or a delta's reasoning: reasoning_content (DeepSeek, Sluice,
// SGLang) or "reasoning" (newer vLLM).
std::string reasoningOf(const QJsonObject &o)
{
    return o.value("reasoning_content").isString() ? s(o.value("reasoning_content")) : s(o.value("reasoning"));
}

const char *imageMime(const QByteArray &b)
{
    if (b.startsWith("\x89PNG\r\n\x1a\n"))
        return "image/png";
    if (b.startsWith("\xFF\xD8\xFF"))
        return "image/jpeg";
    if (b.startsWith("GIF87a") || b.startsWith("GIF89a"))
        return "image/gif";
    if (b.size() >= 12 && b.startsWith("RIFF") && b.mid(8, 4) == "WEBP")
        return "image/webp";
    if (b.startsWith("BM"))
        return "image/bmp";
    return nullptr;
}

} // namespace

Expected<std::string> imageDataUrl(const std::string &path, uint64_t maxBytes)
{
    QFile f(q(path));
    const QFileInfo info(f);
    if (!info.exists())
        return makeError(ErrorCode::NotFound, SLUICE_ERRT("Error", "%1: no such image file"), path);
    if (!info.isFile())
        return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "%1: not a regular file"), path);
    if (uint64_t(info.size()) > maxBytes)
        return makeError(ErrorCode::InvalidArgument,
            SLUICE_ERRT("Error", "%1: the image is %2 bytes, over the %3-byte limit"), path, info.size(), maxBytes);
    if (!f.open(QIODevice::ReadOnly))
        return makeError(
            ErrorCode::Io, SLUICE_ERRT("Error", "%1: cannot open (%2)"), path, f.errorString().toStdString());
    const QByteArray bytes = f.read(qint64(maxBytes) + 1);
    if (uint64_t(bytes.size()) > maxBytes)
        return makeError(
            ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "%1: the image grew over the limit while read"), path);
    const char *mime = imageMime(bytes);
    if (!mime)
        return makeError(
            ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "%1: not a PNG, JPEG, GIF, WebP or BMP image"), path);
    return std::string("data:") + mime + ";base64," + bytes.toBase64().toStdString();
}

Expected<std::string> buildChatBody(const RemoteChatRequest &r, uint64_t maxImageBytes)
{
    QJsonObject o;
    o.insert("model", q(r.model));
    QJsonArray messages;
    for (size_t i = 0; i < r.messages.size(); ++i) {
        const RemoteMessage &m = r.messages[i];
        QJsonObject jm { { "role", q(m.role) } };
        if (!m.imagePaths.empty()) {
            QJsonArray parts;
            if (!m.content.empty())
                parts.append(QJsonObject { { "type", "text" }, { "text", q(m.content) } });
            for (const std::string &path : m.imagePaths) {
                auto url = imageDataUrl(path, maxImageBytes);
                if (!url)
                    return url.status().withContext("message " + std::to_string(i));
                parts.append(
                    QJsonObject { { "type", "image_url" }, { "image_url", QJsonObject { { "url", q(*url) } } } });
            }
            jm.insert("content", parts);
        } else if (m.content.empty() && !m.toolCalls.empty()) {
            jm.insert("content", QJsonValue::Null);
        } else {
            jm.insert("content", q(m.content));
        }
        if (!m.reasoning.empty())
            jm.insert("reasoning_content", q(m.reasoning));
        if (!m.toolCalls.empty()) {
            QJsonArray calls;
            for (const RemoteToolCall &c : m.toolCalls)
                calls.append(QJsonObject { { "id", q(c.id) }, { "type", "function" },
                    { "function", QJsonObject { { "name", q(c.name) }, { "arguments", q(c.argumentsJson) } } } });
            jm.insert("tool_calls", calls);
        }
        if (!m.toolCallId.empty())
            jm.insert("tool_call_id", q(m.toolCallId));
        if (!m.name.empty())
            jm.insert("name", q(m.name));
        messages.append(jm);
    }
    o.insert("messages", messages);
    if (r.stream) {
        o.insert("stream", true);
        o.insert("stream_options", QJsonObject { { "include_usage", true } });
    }
    if (r.maxTokens > 0)
        o.insert("max_tokens", r.maxTokens);
    if (r.temperature)
        o.insert("temperature", *r.temperature);
    if (r.topP)
        o.insert("top_p", *r.topP);
    if (r.seed)
        o.insert("seed", double(*r.seed)); // JSON numbers: exact up to 2^53
    if (r.stop.size() == 1)
        o.insert("stop", q(r.stop.front()));
    else if (!r.stop.empty()) {
        QJsonArray stop;
        for (const std::string &st : r.stop)
            stop.append(q(st));
        o.insert("stop", stop);
    }
    if (!r.toolsJson.empty()) {
        QJsonParseError pe;
        const QJsonDocument tools = QJsonDocument::fromJson(QByteArray::fromStdString(r.toolsJson), &pe);
        if (!tools.isArray())
            return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "tools: not a JSON array (%1)"),
                pe.errorString().toStdString());
        o.insert("tools", tools.array());
    }
    if (!r.toolChoice.empty())
        o.insert("tool_choice", q(r.toolChoice));
    if (!r.reasoningEffort.empty())
        o.insert("reasoning_effort", q(r.reasoningEffort));
    return QJsonDocument(o).toJson(QJsonDocument::Compact).toStdString();
}

Expected<std::vector<RemoteModel>> parseModels(const QByteArray &body, const std::string &where)
{
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &pe);
    if (!doc.isObject() || !doc.object().value("data").isArray())
        return makeError(
            ErrorCode::Format, SLUICE_ERRT("Error", "%1: not a model list (expected {\"data\": [...]})"), where);
    std::vector<RemoteModel> out;
    for (const QJsonValue &v : doc.object().value("data").toArray()) {
        const QJsonObject m = v.toObject();
        if (!m.value("id").isString())
            continue;
        out.push_back({ s(m.value("id")), s(m.value("owned_by")) });
    }
    return out;
}

void ReplyAssembler::usage(const QJsonObject &u)
{
    RemoteStats &st = m_reply.stats;
    st.usageFromServer = true;
    st.promptTokens = u.value("prompt_tokens").toInt(-1);
    st.completionTokens = u.value("completion_tokens").toInt(-1);
    st.cachedTokens = u.value("prompt_tokens_details").toObject().value("cached_tokens").toInt(-1);
}

Status ReplyAssembler::checkSize() const
{
    uint64_t bytes = m_reply.content.size() + m_reply.reasoning.size();
    for (const RemoteToolCall &c : m_reply.toolCalls)
        bytes += c.id.size() + c.name.size() + c.argumentsJson.size();
    if (bytes > m_maxBytes)
        return makeError(
            ErrorCode::Format, SLUICE_ERRT("Error", "the reply is larger than %1 bytes (refused)"), m_maxBytes);
    return Status::ok();
}

Status ReplyAssembler::event(const SseEvent &e, const Deliver &deliver)
{
    if (m_done)
        return Status::ok();
    if (e.data == "[DONE]") {
        m_done = true;
        return Status::ok();
    }
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(e.data), &pe);
    if (!doc.isObject())
        return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "a stream event is not a JSON object (%1): %2"),
            pe.errorString().toStdString(), e.data.substr(0, 80));
    const QJsonObject o = doc.object();
    if (o.value("error").isObject() || e.event == "error")
        return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "the server reported an error mid-stream: %1"),
            s(o.value("error").toObject().value("message")));
    const QJsonArray choices = takeModelAndUsage(o);
    if (choices.isEmpty())
        return Status::ok();
    const QJsonObject c = choices.at(0).toObject();
    const QJsonObject d = c.value("delta").toObject();
    RemoteDelta delta;
    delta.content = s(d.value("content"));
    delta.reasoning = reasoningOf(d);
    m_reply.content += delta.content;
    m_reply.reasoning += delta.reasoning;
    for (const QJsonValue &tv : d.value("tool_calls").toArray()) {
        const QJsonObject t = tv.toObject();
        const int index = t.value("index").toInt(int(m_toolIndex.size()));
        auto it = m_toolIndex.find(index);
        if (it == m_toolIndex.end()) {
            if (m_reply.toolCalls.size() >= 128)
                return makeError(
                    ErrorCode::Format, SLUICE_ERRT("Error", "more than 128 tool calls in one reply (refused)"));
            it = m_toolIndex.emplace(index, m_reply.toolCalls.size()).first;
            m_reply.toolCalls.emplace_back();
        }
        RemoteToolCall &call = m_reply.toolCalls[it->second];
        const QJsonObject f = t.value("function").toObject();
        call.id += s(t.value("id"));
        call.name += s(f.value("name"));
        call.argumentsJson += s(f.value("arguments"));
    }
    if (c.value("finish_reason").isString()) {
        m_reply.finishReason = s(c.value("finish_reason"));
        m_finished = true;
    }
    if (Status st = checkSize(); !st.isOk())
        return st;
    deliver(delta); // false: the caller stops the exchange
    return Status::ok();
}

QJsonArray ReplyAssembler::takeModelAndUsage(const QJsonObject &o)
{
    if (o.value("model").isString())
        m_reply.model = s(o.value("model"));
    if (o.value("usage").isObject())
        usage(o.value("usage").toObject());
    return o.value("choices").toArray();
}

Status ReplyAssembler::whole(const QByteArray &body, const Deliver &deliver)
{
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &pe);
    if (!doc.isObject())
        return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "the reply is not a JSON object (%1)"),
            pe.errorString().toStdString());
    const QJsonObject o = doc.object();
    const QJsonArray choices = takeModelAndUsage(o);
    if (choices.isEmpty())
        return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "the reply has no choices"));
    const QJsonObject c = choices.at(0).toObject();
    const QJsonObject m = c.value("message").toObject();
    RemoteDelta delta;
    delta.content = s(m.value("content"));
    delta.reasoning = reasoningOf(m);
    m_reply.content = delta.content;
    m_reply.reasoning = delta.reasoning;
    for (const QJsonValue &tv : m.value("tool_calls").toArray()) {
        const QJsonObject t = tv.toObject();
        const QJsonObject f = t.value("function").toObject();
        m_reply.toolCalls.push_back({ s(t.value("id")), s(f.value("name")), s(f.value("arguments")) });
    }
    if (c.value("finish_reason").isString()) {
        m_reply.finishReason = s(c.value("finish_reason"));
        m_finished = true;
    }
    deliver(delta);
    return Status::ok();
}

} // namespace sluice::remote
