#include "server/openairequest.h"

#include "api/constraint.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

namespace sluice::server {

QByteArray ApiError::toJson() const
{
    QJsonObject e { { "message", QString::fromStdString(message) }, { "type", QString::fromStdString(type) } };
    e.insert("param", param.empty() ? QJsonValue(QJsonValue::Null) : QJsonValue(QString::fromStdString(param)));
    e.insert("code", code.empty() ? QJsonValue(QJsonValue::Null) : QJsonValue(QString::fromStdString(code)));
    return QJsonDocument(QJsonObject { { "error", e } }).toJson(QJsonDocument::Compact);
}

namespace {

bool fail(ApiError &error, std::string param, std::string message, int status = 400)
{
    error.status = status;
    error.param = std::move(param);
    error.message = std::move(message);
    return false;
}

bool parseObject(const QByteArray &body, QJsonObject &out, ApiError &error)
{
    QJsonParseError pe {};
    const QJsonDocument doc = QJsonDocument::fromJson(body, &pe);
    if (pe.error != QJsonParseError::NoError)
        return fail(error, "",
            "the request body is not valid JSON (" + pe.errorString().toStdString() + " at offset "
                + std::to_string(pe.offset) + ")");
    if (!doc.isObject())
        return fail(error, "", "the request body must be a JSON object");
    out = doc.object();
    return true;
}

// A range bound as written in an error message: whole numbers in full (a cap
// of 1048576 must not read "1048"), others in the shortest form.
std::string formatBound(double v)
{
    if (std::isfinite(v) && v == std::floor(v) && std::fabs(v) <= 9007199254740992.0)
        return std::to_string(int64_t(v));
    return QString::number(v, 'g', 15).toStdString();
}

// Optional number field in [lo, hi].
bool readNumber(const QJsonObject &o, const char *key, double lo, double hi, double &out, bool &given, ApiError &error)
{
    given = false;
    const QJsonValue v = o.value(QLatin1String(key));
    if (v.isUndefined() || v.isNull())
        return true;
    if (!v.isDouble() || !std::isfinite(v.toDouble()) || v.toDouble() < lo || v.toDouble() > hi)
        return fail(error, key,
            std::string("'") + key + "' must be a number in " + formatBound(lo) + ".." + formatBound(hi));
    out = v.toDouble();
    given = true;
    return true;
}

bool readInteger(
    const QJsonObject &o, const char *key, double lo, double hi, int64_t &out, bool &given, ApiError &error)
{
    double d = 0;
    if (!readNumber(o, key, lo, hi, d, given, error))
        return false;
    if (given && d != std::floor(d))
        return fail(error, key, std::string("'") + key + "' must be an integer");
    out = int64_t(d);
    return true;
}

bool readBool(const QJsonObject &o, const char *key, bool &out, ApiError &error)
{
    const QJsonValue v = o.value(QLatin1String(key));
    if (v.isUndefined() || v.isNull())
        return true;
    if (!v.isBool())
        return fail(error, key, std::string("'") + key + "' must be true or false");
    out = v.toBool();
    return true;
}

// 'model', 'stream' and 'stream_options'.
bool readStreaming(const QJsonObject &o, CompletionJob &job, ApiError &error)
{
    const QJsonValue model = o.value("model");
    if (!model.isUndefined() && !model.isNull() && !model.isString())
        return fail(error, "model", "'model' must be a string");
    job.model = model.toString().toStdString();
    if (!readBool(o, "stream", job.stream, error))
        return false;
    const QJsonValue so = o.value("stream_options");
    if (!so.isUndefined() && !so.isNull()) {
        if (!so.isObject())
            return fail(error, "stream_options", "'stream_options' must be an object");
        if (!readBool(so.toObject(), "include_usage", job.includeUsage, error)) {
            error.param = "stream_options.include_usage";
            return false;
        }
    }
    return true;
}

// The sampling fields; one the request leaves out keeps the model's
// recommendation, else OpenAI's default (temperature 1).
bool readSampling(const QJsonObject &o, const RequestLimits &limits, CompletionJob &job, ApiError &error)
{
    bool given = false;
    double d = 0;
    job.sampling.temperature = 1.0f;
    limits.recommended.applyTo(job.sampling);
    job.maxTokensGiven = false;
    if (!readNumber(o, "temperature", 0.0, 2.0, d, given, error))
        return false;
    if (given)
        job.sampling.temperature = float(d);
    if (!readNumber(o, "top_p", 0.0, 1.0, d, given, error))
        return false;
    if (given) {
        if (d <= 0.0)
            return fail(error, "top_p", "'top_p' must be greater than 0");
        job.sampling.topP = float(d);
    }
    int64_t n = 0;
    if (!readInteger(o, "top_k", 0, 1 << 20, n, given, error)) // an extension several servers accept
        return false;
    if (given)
        job.sampling.topK = int(n);
    if (!readNumber(o, "presence_penalty", -2.0, 2.0, d, given, error))
        return false;
    if (given)
        job.sampling.presencePenalty = float(d);
    if (!readNumber(o, "frequency_penalty", -2.0, 2.0, d, given, error))
        return false;
    if (given)
        job.sampling.frequencyPenalty = float(d);
    // vLLM's and llama.cpp's extension (Hugging Face's repetition_penalty).
    if (!readNumber(o, "repetition_penalty", 0.01, 10.0, d, given, error))
        return false;
    if (given)
        job.sampling.repeatPenalty = float(d);
    if (!readInteger(o, "seed", -9007199254740991.0, 9007199254740991.0, n, given, error))
        return false;
    job.sampling.seed = given ? uint64_t(n) : 0;
    for (const char *key : { "max_completion_tokens", "max_tokens" }) {
        if (!readInteger(o, key, 1, limits.maxTokensCap, n, given, error))
            return false;
        if (given && !job.maxTokensGiven) {
            job.sampling.maxTokens = int(n);
            job.maxTokensGiven = true;
        }
    }
    return true;
}

// Log probabilities are not computed: a request that asks for them is
// refused (docs/server.md) rather than answered without them. Chat sends
// `logprobs: true` and `top_logprobs: N`, completions `logprobs: N`; the
// explicit "no" forms (null, false, top_logprobs 0) stay accepted. Nor is n > 1.
bool refuseUnsupported(const QJsonObject &o, ApiError &error)
{
    const QJsonValue lp = o.value("logprobs");
    if (!lp.isUndefined() && !lp.isNull() && !(lp.isBool() && !lp.toBool()))
        return fail(error, "logprobs", "'logprobs' is not supported");
    const QJsonValue tlp = o.value("top_logprobs");
    if (!tlp.isUndefined() && !tlp.isNull() && !(tlp.isDouble() && tlp.toDouble() == 0.0))
        return fail(error, "top_logprobs", "'top_logprobs' is not supported");
    int64_t n = 0;
    bool given = false;
    if (!readInteger(o, "n", 1, 1, n, given, error)) {
        error.message = "only n = 1 is supported";
        return false;
    }
    return true;
}

bool readStop(const QJsonObject &o, const RequestLimits &limits, CompletionJob &job, ApiError &error)
{
    const QJsonValue stop = o.value("stop");
    if (stop.isString()) {
        job.sampling.stopStrings.push_back(stop.toString().toStdString());
    } else if (stop.isArray()) {
        for (const QJsonValue &s : stop.toArray()) {
            if (!s.isString())
                return fail(error, "stop", "'stop' must be a string or a list of strings");
            job.sampling.stopStrings.push_back(s.toString().toStdString());
        }
    } else if (!stop.isUndefined() && !stop.isNull()) {
        return fail(error, "stop", "'stop' must be a string or a list of strings");
    }
    if (int(job.sampling.stopStrings.size()) > limits.maxStopStrings)
        return fail(error, "stop", "at most " + std::to_string(limits.maxStopStrings) + " stop strings");
    for (const std::string &s : job.sampling.stopStrings)
        if (s.empty() || int(s.size()) > limits.maxStopBytes)
            return fail(error, "stop", "a stop string must have 1.." + std::to_string(limits.maxStopBytes) + " bytes");
    return true;
}

// {"type":"json_schema","json_schema":{"name","schema","strict","description"}}: enforced by
// constrained sampling (api/constraint.h); a keyword it cannot enforce is refused, never dropped.
bool readJsonSchema(const QJsonObject &rf, CompletionJob &job, ApiError &error)
{
    const QJsonValue js = rf.value("json_schema");
    if (!js.isObject() || !js.toObject().value("schema").isObject())
        return fail(error, "response_format.json_schema",
            "'response_format.json_schema' must be an object with a 'schema' object");
    const QJsonObject spec = js.toObject();
    const QJsonValue strict = spec.value("strict");
    if (!strict.isUndefined() && !strict.isNull() && !strict.isBool())
        return fail(error, "response_format.json_schema.strict", "'strict' must be true or false");
    const QJsonValue name = spec.value("name");
    if (!name.isUndefined() && !name.isString())
        return fail(error, "response_format.json_schema.name", "'name' must be a string");
    job.schemaStrict = strict.toBool(false);
    job.chat.responseSchemaJson
        = QJsonDocument(spec.value("schema").toObject()).toJson(QJsonDocument::Compact).toStdString();
    if (const Status st = checkJsonSchema(job.chat.responseSchemaJson, job.schemaStrict); !st)
        return fail(error, "response_format.json_schema.schema", "response_format json_schema: " + st.message());
    job.chat.responseFormat = "json_schema";
    return true;
}

bool readResponseFormat(const QJsonObject &o, CompletionJob &job, ApiError &error)
{
    const QJsonValue rf = o.value("response_format");
    if (rf.isUndefined() || rf.isNull())
        return true;
    if (!rf.isObject() || !rf.toObject().value("type").isString())
        return fail(error, "response_format", "'response_format' must be an object with a 'type'");
    const QString type = rf.toObject().value("type").toString();
    if (type == "json_schema")
        return readJsonSchema(rf.toObject(), job, error);
    if (type == "json_object")
        job.chat.responseFormat = "json_object";
    else if (type != "text")
        return fail(error, "response_format", "unknown response_format type '" + type.toStdString() + "'");
    return true;
}

// The options shared by chat and text completions, checked in this order.
bool readCommon(const QJsonObject &o, const RequestLimits &limits, CompletionJob &job, ApiError &error)
{
    return readStreaming(o, job, error) && readSampling(o, limits, job, error) && refuseUnsupported(o, error)
        && readStop(o, limits, job, error) && readResponseFormat(o, job, error);
}

// A message's content: a string, null, or a list of text / image_url parts.
bool readContent(const QJsonValue &content, const std::string &where, const RequestLimits &limits, CompletionJob &job,
    ChatMessage &m, ApiError &error)
{
    if (content.isString()) {
        m.content = content.toString().toStdString();
        return true;
    }
    if (content.isNull() || content.isUndefined())
        return true;
    if (!content.isArray())
        return fail(error, where + ".content", "content must be a string, null or a list of parts");
    const QJsonArray parts = content.toArray();
    for (qsizetype i = 0; i < parts.size(); ++i) {
        const std::string at = where + ".content[" + std::to_string(i) + "]";
        const QJsonObject part = parts[i].toObject();
        const QString type = part.value("type").toString();
        if (type == "text") {
            if (!part.value("text").isString())
                return fail(error, at + ".text", "a text part needs a string 'text'");
            m.content += part.value("text").toString().toStdString();
        } else if (type == "image_url") {
            if (m.role != "user")
                return fail(error, at, "images are accepted in user messages only");
            const QJsonValue iu = part.value("image_url");
            const QString url = iu.isString() ? iu.toString() : iu.toObject().value("url").toString();
            QByteArray bytes;
            std::string why;
            if (!decodeDataUrl(url, bytes, why))
                return fail(error, at + ".image_url", why);
            if (int(job.images.size()) >= limits.maxImages)
                return fail(error, at, "at most " + std::to_string(limits.maxImages) + " images per request");
            job.images.push_back(std::move(bytes));
            ++m.imageCount;
        } else {
            return fail(error, at + ".type",
                "unsupported content part type '" + type.toStdString() + "' (text and image_url are accepted)");
        }
    }
    return true;
}

bool readToolCalls(const QJsonValue &v, const std::string &where, ChatMessage &m, ApiError &error)
{
    if (v.isUndefined() || v.isNull())
        return true;
    if (!v.isArray())
        return fail(error, where + ".tool_calls", "'tool_calls' must be a list");
    const QJsonArray calls = v.toArray();
    for (qsizetype i = 0; i < calls.size(); ++i) {
        const std::string at = where + ".tool_calls[" + std::to_string(i) + "]";
        const QJsonObject c = calls[i].toObject();
        const QJsonObject f = c.value("function").toObject();
        if (!f.value("name").isString() || f.value("name").toString().isEmpty())
            return fail(error, at + ".function.name", "a tool call needs a function name");
        QString args = f.value("arguments").toString();
        if (f.value("arguments").isObject()) // some clients send the object itself
            args = QString::fromUtf8(QJsonDocument(f.value("arguments").toObject()).toJson(QJsonDocument::Compact));
        if (args.isEmpty())
            args = QStringLiteral("{}");
        QJsonParseError pe {};
        if (!QJsonDocument::fromJson(args.toUtf8(), &pe).isObject())
            return fail(error, at + ".function.arguments", "tool call arguments must be a JSON object");
        m.toolCalls.push_back(
            { c.value("id").toString().toStdString(), f.value("name").toString().toStdString(), args.toStdString() });
    }
    return true;
}

// One message of 'messages'.
bool readMessage(const QJsonObject &mo, const std::string &where, const RequestLimits &limits, CompletionJob &job,
    ChatMessage &m, ApiError &error)
{
    m.role = mo.value("role").toString().toStdString();
    if (m.role == "developer")
        m.role = "system";
    if (m.role != "system" && m.role != "user" && m.role != "assistant" && m.role != "tool")
        return fail(error, where + ".role", "role must be system, developer, user, assistant or tool");
    if (!readContent(mo.value("content"), where, limits, job, m, error))
        return false;
    const QJsonValue name = mo.value("name");
    if (name.isString())
        m.name = name.toString().toStdString();
    if (m.role == "assistant") {
        const QJsonValue r = mo.value("reasoning_content");
        if (r.isString())
            m.reasoning = r.toString().toStdString();
        if (!readToolCalls(mo.value("tool_calls"), where, m, error))
            return false;
    }
    if (m.role == "tool") {
        const QJsonValue id = mo.value("tool_call_id");
        if (!id.isString())
            return fail(error, where + ".tool_call_id", "a tool message needs a string 'tool_call_id'");
        m.toolCallId = id.toString().toStdString();
    }
    return true;
}

bool readMessages(const QJsonObject &o, const RequestLimits &limits, CompletionJob &job, ApiError &error)
{
    const QJsonValue msgs = o.value("messages");
    if (!msgs.isArray() || msgs.toArray().isEmpty())
        return fail(error, "messages", "'messages' must be a non-empty list");
    const QJsonArray list = msgs.toArray();
    if (list.size() > limits.maxMessages)
        return fail(error, "messages", "at most " + std::to_string(limits.maxMessages) + " messages");
    for (qsizetype i = 0; i < list.size(); ++i) {
        const std::string where = "messages[" + std::to_string(i) + "]";
        if (!list[i].isObject())
            return fail(error, where, "a message must be an object");
        ChatMessage m;
        if (!readMessage(list[i].toObject(), where, limits, job, m, error))
            return false;
        job.messages.push_back(std::move(m));
    }
    return true;
}

// 'tools' and 'tool_choice'.
bool readTools(const QJsonObject &o, CompletionJob &job, ApiError &error)
{
    const QJsonValue tools = o.value("tools");
    if (!tools.isUndefined() && !tools.isNull()) {
        if (!tools.isArray())
            return fail(error, "tools", "'tools' must be a list");
        const QJsonArray t = tools.toArray();
        for (qsizetype i = 0; i < t.size(); ++i) {
            const QJsonObject f = t[i].toObject().value("function").toObject();
            if (t[i].toObject().value("type").toString() != "function" || !f.value("name").isString())
                return fail(error, "tools[" + std::to_string(i) + "]",
                    "a tool must be {\"type\": \"function\", \"function\": {\"name\": ...}}");
        }
        if (!t.isEmpty())
            job.chat.toolsJson = QJsonDocument(t).toJson(QJsonDocument::Compact).toStdString();
    }
    const QJsonValue choice = o.value("tool_choice");
    if (choice.isString()) {
        const QString c = choice.toString();
        if (c != "auto" && c != "none" && c != "required")
            return fail(error, "tool_choice", "'tool_choice' must be auto, none, required or a function");
        job.chat.toolChoice = c.toStdString();
    } else if (choice.isObject()) {
        // A named function: the model is told a call is required (the format
        // has no per-function choice; only constrained sampling could force the name).
        job.chat.toolChoice = "required";
    } else if (!choice.isUndefined() && !choice.isNull()) {
        return fail(error, "tool_choice", "'tool_choice' must be auto, none, required or a function");
    }
    if (!job.chat.toolChoice.empty() && job.chat.toolsJson.empty() && job.chat.toolChoice != "none")
        return fail(error, "tool_choice", "'tool_choice' needs 'tools'");
    return true;
}

// Thinking: reasoning_effort (OpenAI), or chat_template_kwargs.thinking (vLLM's spelling for Kimi).
bool readThinking(const QJsonObject &o, CompletionJob &job, ApiError &error)
{
    const QJsonValue effort = o.value("reasoning_effort");
    if (effort.isString()) {
        const QString e = effort.toString();
        if (e == "none" || e == "minimal") {
            job.chat.thinking = false;
        } else if (e == "low" || e == "high" || e == "max") {
            job.chat.thinking = true;
            job.chat.thinkingEffort = e.toStdString();
        } else if (e == "medium") {
            job.chat.thinking = true;
        } else {
            return fail(
                error, "reasoning_effort", "'reasoning_effort' must be none, minimal, low, medium, high or max");
        }
    } else if (!effort.isUndefined() && !effort.isNull()) {
        return fail(error, "reasoning_effort", "'reasoning_effort' must be a string");
    }
    const QJsonValue kwargs = o.value("chat_template_kwargs");
    if (kwargs.isObject()) {
        const QJsonValue t = kwargs.toObject().value("thinking");
        if (t.isBool())
            job.chat.thinking = t.toBool();
        else if (!t.isUndefined())
            return fail(error, "chat_template_kwargs.thinking", "'thinking' must be true or false");
    }
    return true;
}

} // namespace

bool decodeDataUrl(const QString &url, QByteArray &bytes, std::string &why)
{
    if (!url.startsWith(QLatin1String("data:"), Qt::CaseInsensitive)) {
        why = "only base64 data URLs (data:image/...;base64,...) are accepted; the server never fetches a URL";
        return false;
    }
    const qsizetype comma = url.indexOf(QLatin1Char(','));
    const QString meta = url.mid(5, comma < 0 ? 0 : comma - 5);
    if (comma < 0 || !meta.endsWith(QLatin1String(";base64"), Qt::CaseInsensitive)
        || !meta.startsWith(QLatin1String("image/"), Qt::CaseInsensitive)) {
        why = "an image data URL must be data:image/<type>;base64,<data>";
        return false;
    }
    const auto decoded
        = QByteArray::fromBase64Encoding(url.mid(comma + 1).toLatin1(), QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded || decoded.decoded.isEmpty()) {
        why = "the image data URL is not valid base64";
        return false;
    }
    bytes = decoded.decoded;
    return true;
}

bool parseChatRequest(
    const QByteArray &body, bool thinkingDefault, const RequestLimits &limits, CompletionJob &job, ApiError &error)
{
    QJsonObject o;
    if (!parseObject(body, o, error))
        return false;
    job = {};
    job.kind = CompletionJob::Chat;
    job.chat.thinking = thinkingDefault;
    if (!readCommon(o, limits, job, error))
        return false;
    return readMessages(o, limits, job, error) && readTools(o, job, error) && readThinking(o, job, error);
}

bool parseCompletionRequest(const QByteArray &body, const RequestLimits &limits, CompletionJob &job, ApiError &error)
{
    QJsonObject o;
    if (!parseObject(body, o, error))
        return false;
    job = {};
    job.kind = CompletionJob::Text;
    if (!readCommon(o, limits, job, error))
        return false;
    if (!job.maxTokensGiven && !limits.recommended.maxTokens)
        job.sampling.maxTokens = 16; // OpenAI's default for completions
    const QJsonValue p = o.value("prompt");
    if (p.isString()) {
        job.prompt = p.toString().toStdString();
    } else if (p.isArray() && p.toArray().size() == 1 && p.toArray()[0].isString()) {
        job.prompt = p.toArray()[0].toString().toStdString();
    } else {
        return fail(error, "prompt", "'prompt' must be a string (or a list of one string)");
    }
    if (o.contains("echo") && o.value("echo").toBool())
        return fail(error, "echo", "'echo' is not supported");
    return true;
}

} // namespace sluice::server
