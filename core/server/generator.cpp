#include "server/generator.h"

#include "api/constraint.h"

#include <QDateTime>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

namespace sluice::server {

namespace {

// Content up to the first stop string (a final reply).
std::string cutAtStop(const std::string &content, const std::vector<std::string> &stops)
{
    size_t cut = content.size();
    for (const std::string &s : stops)
        if (const size_t at = content.find(s); at != std::string::npos)
            cut = std::min(cut, at);
    return content.substr(0, cut);
}

// What of a growing content may be shown now: up to a stop string, and not
// the tail that could still become one.
size_t visibleLength(const std::string &content, const std::vector<std::string> &stops)
{
    size_t n = cutAtStop(content, stops).size();
    if (n < content.size())
        return n;
    for (const std::string &s : stops)
        for (size_t k = std::min(s.size() - 1, n); k > 0; --k)
            if (content.compare(n - k, k, s, 0, k) == 0) {
                n -= k;
                break;
            }
    return n;
}

QJsonArray toolCallsJson(const std::vector<ChatToolCall> &calls, bool withIndex)
{
    QJsonArray out;
    for (size_t i = 0; i < calls.size(); ++i) {
        QJsonObject c { { "id", QString::fromStdString(calls[i].id) }, { "type", "function" },
            { "function",
                QJsonObject { { "name", QString::fromStdString(calls[i].name) },
                    { "arguments", QString::fromStdString(calls[i].arguments) } } } };
        if (withIndex)
            c.insert("index", int(i));
        out.append(c);
    }
    return out;
}

QByteArray sse(const QJsonObject &o)
{
    return "data: " + QJsonDocument(o).toJson(QJsonDocument::Compact) + "\n\n";
}

bool sameOptions(const ChatOptions &a, const ChatOptions &b)
{
    return a.thinking == b.thinking && a.thinkingEffort == b.thinkingEffort && a.toolsJson == b.toolsJson
        && a.toolChoice == b.toolChoice && a.responseFormat == b.responseFormat
        && a.responseSchemaJson == b.responseSchemaJson;
}

} // namespace

struct Generator::Prepared {
    std::vector<int> sequence;
    bool spliced = false;
};

Generator::Generator(std::shared_ptr<Model> model, std::string modelId)
    : m_model(std::move(model))
    , m_modelId(std::move(modelId))
    , m_json(*m_model)
{
    auto s = m_model->createSession();
    if (s)
        m_session = std::move(*s);
    else
        m_sessionError = s.status().message();
}

Generator::~Generator() = default;

void Generator::cancel(quint64 id)
{
    std::lock_guard lock(m_mutex);
    m_cancelled.insert(id);
    if (m_running == id && m_session)
        m_session->cancel();
}

bool Generator::isCancelled(quint64 id)
{
    std::lock_guard lock(m_mutex);
    return m_cancelled.count(id) > 0;
}

bool Generator::takeCancelled(quint64 id)
{
    std::lock_guard lock(m_mutex);
    return m_cancelled.erase(id) > 0;
}

// The ids to prefill. A chat request that is the previous request's messages
// + the reply we gave + new messages continues from the exact ids the state
// holds (re-rendering a reply need not give the ids the model produced);
// otherwise the whole conversation is rendered and the session keeps the
// longest common prefix with its state.
bool Generator::prepare(quint64 id, const CompletionJob &job, Prepared &p, ApiError &error)
{
    Session &s = *m_session;
    s.clearImages();
    for (size_t i = 0; i < job.images.size(); ++i) {
        const QString path = m_imageDir.filePath(QStringLiteral("image-%1-%2").arg(id).arg(i));
        QFile f(path);
        if (!m_imageDir.isValid() || !f.open(QIODevice::WriteOnly) || f.write(job.images[i]) != job.images[i].size()) {
            error = { 500, "could not stage image " + std::to_string(i) + " in a temporary folder", "server_error" };
            return false;
        }
        f.close();
        const Status st = s.addImage(path.toStdString());
        QFile::remove(path);
        if (!st) {
            error = { 400, "image " + std::to_string(i) + ": " + st.message() };
            error.param = "messages";
            s.clearImages();
            return false;
        }
    }
    if (job.kind == CompletionJob::Text) {
        p.sequence = m_model->tokenize(job.prompt);
        return true;
    }
    auto full = m_model->renderChatChecked(job.messages, job.chat, s.imageSizes());
    if (!full) {
        error = { 400, full.status().message() };
        error.param = "messages";
        return false;
    }
    p.sequence = std::move(*full);
    const size_t k = m_lastMessages.size();
    if (job.images.empty() && !m_lastIds.empty() && job.messages.size() >= k + 2 && job.messages[k].role == "assistant"
        && sameOptions(job.chat, m_lastOptions)) {
        ChatOptions through = job.chat;
        through.addGenerationPrompt = false;
        std::vector<ChatMessage> ours = m_lastMessages;
        ours.push_back(m_lastReply);
        const std::vector<ChatMessage> theirs(job.messages.begin(), job.messages.begin() + ptrdiff_t(k + 1));
        const auto a = m_model->renderChatChecked(ours, through);
        const auto b = m_model->renderChatChecked(theirs, through);
        if (a && b && *a == *b && p.sequence.size() >= b->size()
            && std::equal(b->begin(), b->end(), p.sequence.begin())) {
            std::vector<int> ids = m_lastIds;
            ids.insert(ids.end(), p.sequence.begin() + ptrdiff_t(b->size()), p.sequence.end());
            p.sequence = std::move(ids);
            p.spliced = true;
        }
    }
    return true;
}

void Generator::run(quint64 id, const CompletionJob &request)
{
    // json_object / json_schema: constrained sampling in the response channel (no thinking first).
    const bool jsonMode = request.chat.responseFormat == "json_object" || request.chat.responseFormat == "json_schema";
    CompletionJob job = request;
    if (jsonMode) {
        job.chat.thinking = false;
        job.chat.thinkingEffort.clear();
    }
    const qint64 created = QDateTime::currentSecsSinceEpoch();
    const bool chat = job.kind == CompletionJob::Chat;
    const QString objectId = QStringLiteral("%1-%2-%3").arg(chat ? "chatcmpl" : "cmpl").arg(created).arg(id);
    const QString modelId = QString::fromStdString(m_modelId);
    const auto errorOut = [&](const ApiError &e) {
        Q_EMIT finished(id, e.status, e.toJson(),
            QStringLiteral("error %1: %2").arg(e.status).arg(QString::fromStdString(e.message)));
    };
    if (takeCancelled(id)) {
        Q_EMIT finished(id, 499, {}, QStringLiteral("cancelled before start"));
        return;
    }
    if (!m_session) {
        errorOut({ 503, "the server has no session: " + m_sessionError, "server_error" });
        return;
    }
    Prepared p;
    ApiError error;
    const bool prepared = prepare(id, job, p, error);
    // Until this job completes the state is not "last prompt + reply".
    m_lastMessages.clear();
    m_lastIds.clear();
    if (!prepared) {
        errorOut(error);
        return;
    }
    const int context = m_session->contextLength();
    if (p.sequence.empty()) {
        errorOut({ 400, "the prompt is empty", "invalid_request_error", chat ? "messages" : "prompt" });
        return;
    }
    if (int(p.sequence.size()) >= context) {
        errorOut({ 400,
            "the prompt has " + std::to_string(p.sequence.size()) + " tokens; this server's context is "
                + std::to_string(context) + " tokens",
            "invalid_request_error", chat ? "messages" : "prompt", "context_length_exceeded" });
        return;
    }
    SamplingParams sp = job.sampling;
    sp.maxTokens = std::min(sp.maxTokens, context - int(p.sequence.size()));
    if (jsonMode) {
        JsonFormat format;
        if (job.chat.responseFormat == "json_schema")
            format = { job.chat.responseSchemaJson, job.schemaStrict };
        auto constraint = m_json.make(format);
        if (!constraint) {
            errorOut({ 400, "response_format: " + constraint.status().message(), "invalid_request_error",
                "response_format" });
            return;
        }
        sp.constraint = std::move(*constraint);
    }

    {
        std::lock_guard lock(m_mutex);
        m_running = id;
        if (m_cancelled.count(id))
            m_session->cancel();
    }
    std::vector<int> generated;
    std::string sentReasoning, sentContent, sentText;
    bool first = true;
    const auto chunk = [&](const QJsonObject &delta, const QJsonValue &finish) {
        QJsonObject choice { { "index", 0 }, { "finish_reason", finish } };
        if (chat)
            choice.insert("delta", delta);
        else
            choice.insert("text", delta.value("content"));
        if (!chat)
            choice.insert("logprobs", QJsonValue::Null);
        return QJsonObject { { "id", objectId }, { "object", chat ? "chat.completion.chunk" : "text_completion" },
            { "created", created }, { "model", modelId }, { "choices", QJsonArray { choice } } };
    };
    const auto onToken = [&](const GeneratedToken &t) {
        generated.push_back(t.id);
        if (!job.stream)
            return !isCancelled(id);
        QByteArray out;
        if (first && chat) {
            out += sse(chunk(QJsonObject { { "role", "assistant" }, { "content", "" } }, QJsonValue::Null));
            first = false;
        }
        std::string reasoning, content;
        if (chat) {
            const ChatReply r = m_model->parseReply(generated, job.chat);
            reasoning = r.reasoning;
            content = r.content;
        } else {
            content = m_model->detokenize(generated);
        }
        reasoning.resize(completeUtf8Prefix(reasoning));
        content.resize(visibleLength(content, sp.stopStrings));
        content.resize(completeUtf8Prefix(content));
        QJsonObject delta;
        if (reasoning.size() > sentReasoning.size() && reasoning.compare(0, sentReasoning.size(), sentReasoning) == 0) {
            delta.insert("reasoning_content", QString::fromStdString(reasoning.substr(sentReasoning.size())));
            sentReasoning = reasoning;
        }
        if (content.size() > sentContent.size() && content.compare(0, sentContent.size(), sentContent) == 0) {
            delta.insert("content", QString::fromStdString(content.substr(sentContent.size())));
            sentContent = content;
        }
        if (!delta.isEmpty())
            out += sse(chunk(delta, QJsonValue::Null));
        if (!out.isEmpty())
            Q_EMIT streamData(id, out);
        return !isCancelled(id);
    };
    auto r = m_session->generate(p.sequence, sp, onToken);
    {
        std::lock_guard lock(m_mutex);
        m_running = 0;
    }
    m_generatedTokens += generated.size();
    const bool cancelled = takeCancelled(id) || (r && r->reason == StopReason::Cancelled);
    if (cancelled) {
        Q_EMIT finished(id, 499, {}, QStringLiteral("cancelled after %1 tokens").arg(generated.size()));
        return;
    }
    if (!r) {
        const ApiError e { 500, "generation failed: " + r.status().message(), "server_error" };
        if (job.stream && !first)
            Q_EMIT finished(id, 200,
                sse(QJsonObject { { "error", QJsonDocument::fromJson(e.toJson()).object().value("error") } })
                    + "data: [DONE]\n\n",
                QStringLiteral("error mid-stream: %1").arg(QString::fromStdString(e.message)));
        else
            errorOut(e);
        return;
    }
    const GenerationResult &g = *r;
    ChatReply reply;
    if (chat)
        reply = m_model->parseReply(g.tokens, job.chat);
    else
        reply.content = m_model->detokenize(g.tokens);
    reply.content = cutAtStop(reply.content, sp.stopStrings);
    const bool length = g.reason == StopReason::MaxTokens || g.reason == StopReason::ContextFull;
    const QString finish = !reply.toolCalls.empty() ? "tool_calls" : length ? "length" : "stop";

    // The splice for the next request: only a reply that ended its message.
    if (chat && !jsonMode && g.reason == StopReason::EndOfSequence && !g.tokens.empty()
        && g.tokens.back() == m_model->info().endOfMsgId && job.images.empty()) {
        m_lastMessages = job.messages;
        m_lastOptions = job.chat;
        m_lastReply = ChatMessage { "assistant", reply.content, reply.reasoning, 0, reply.toolCalls };
        m_lastIds = p.sequence;
        m_lastIds.insert(m_lastIds.end(), g.tokens.begin(), g.tokens.end());
    }

    const int completion = int(g.tokens.size());
    const QJsonObject usage { { "prompt_tokens", g.promptTokens }, { "completion_tokens", completion },
        { "total_tokens", g.promptTokens + completion },
        { "prompt_tokens_details", QJsonObject { { "cached_tokens", g.reusedTokens } } } };
    const uint64_t lookups = g.totals.demandHits + g.totals.demandMisses;
    const double decodeRate = completion > 1 && g.decodeSeconds > 0 ? (completion - 1) / g.decodeSeconds : 0.0;
    const QJsonObject stats { { "reused_tokens", g.reusedTokens }, { "prefill_tokens", g.prefillTokens },
        { "spliced", p.spliced }, { "images", int(job.images.size()) }, { "images_encoded", g.imagesEncoded },
        { "prefill_seconds", g.prefillSeconds }, { "decode_seconds", g.decodeSeconds },
        { "tokens_per_second", decodeRate },
        { "hit_rate", lookups ? double(g.totals.demandHits) / double(lookups) : 0.0 },
        { "bytes_read", qint64(g.totals.bytesRead) }, { "resident_bytes", qint64(g.totals.residentBytes) },
        { "budget_bytes", qint64(m_model->info().budgetBytes) } };
    const QString summary = QStringLiteral("%1 prompt (%2 reused), %3 generated, %4 tok/s, %5")
                                .arg(g.promptTokens)
                                .arg(g.reusedTokens)
                                .arg(completion)
                                .arg(decodeRate, 0, 'f', 1)
                                .arg(finish);
    if (job.stream) {
        QByteArray out;
        if (first && chat)
            out += sse(chunk(QJsonObject { { "role", "assistant" }, { "content", "" } }, QJsonValue::Null));
        // What the hold-back kept (a partial character or stop-string prefix that never completed).
        QJsonObject delta;
        if (reply.reasoning.size() > sentReasoning.size())
            delta.insert("reasoning_content", QString::fromStdString(reply.reasoning.substr(sentReasoning.size())));
        if (reply.content.size() > sentContent.size())
            delta.insert("content", QString::fromStdString(reply.content.substr(sentContent.size())));
        if (!reply.toolCalls.empty())
            delta.insert("tool_calls", toolCallsJson(reply.toolCalls, true));
        if (!delta.isEmpty())
            out += sse(chunk(delta, QJsonValue::Null));
        out += sse(chunk(QJsonObject {}, finish));
        if (job.includeUsage)
            out += sse(QJsonObject { { "id", objectId },
                { "object", chat ? "chat.completion.chunk" : "text_completion" }, { "created", created },
                { "model", modelId }, { "choices", QJsonArray {} }, { "usage", usage }, { "sluice", stats } });
        out += "data: [DONE]\n\n";
        Q_EMIT finished(id, 200, out, summary);
        return;
    }
    QJsonObject choice { { "index", 0 }, { "finish_reason", finish } };
    if (chat) {
        QJsonObject message { { "role", "assistant" },
            { "content",
                reply.content.empty() && !reply.toolCalls.empty()
                    ? QJsonValue(QJsonValue::Null)
                    : QJsonValue(QString::fromStdString(reply.content)) } };
        if (!reply.reasoning.empty())
            message.insert("reasoning_content", QString::fromStdString(reply.reasoning));
        if (!reply.toolCalls.empty())
            message.insert("tool_calls", toolCallsJson(reply.toolCalls, false));
        choice.insert("message", message);
    } else {
        choice.insert("text", QString::fromStdString(reply.content));
        choice.insert("logprobs", QJsonValue::Null);
    }
    const QJsonObject body { { "id", objectId }, { "object", chat ? "chat.completion" : "text_completion" },
        { "created", created }, { "model", modelId }, { "choices", QJsonArray { choice } }, { "usage", usage },
        { "sluice", stats } };
    Q_EMIT finished(id, 200, QJsonDocument(body).toJson(QJsonDocument::Compact), summary);
}

} // namespace sluice::server
