#include "server/generator.h"

#include "api/constraint.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

namespace sluice::server {

namespace {

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

} // namespace

Generator::Generator(std::shared_ptr<Model> model, std::string modelId)
    : m_model(std::move(model))
    , m_modelId(std::move(modelId))
    , m_json(*m_model)
{
    auto s = m_model->createSession();
    if (s)
        m_conversation = std::make_unique<Conversation>(m_model, std::move(*s));
    else
        m_sessionError = s.status().message();
    m_budgetBytes = m_model->info().budgetBytes;
    m_cacheBytes = m_model->info().expertCacheBytes;
}

// The adapter stops (joins its thread) before the model it moves goes.
Generator::~Generator() = default;

Status Generator::adaptBudget(const AdaptSettings &settings, std::unique_ptr<PressureSource> source)
{
    const Status st = m_adapter.start(budgetTarget(*m_model), settings, std::move(source), true, [this] {
        // The monitor's thread: the apply runs on the generator's thread, after the job in progress.
        QMetaObject::invokeMethod(this, &Generator::applyBudget, Qt::QueuedConnection);
    });
    m_adapting = st.isOk() && m_adapter.running();
    return st;
}

void Generator::applyBudget()
{
    const BudgetChange change = m_adapter.applyPending();
    m_budgetBytes = change.budgetBytes ? change.budgetBytes : m_model->info().budgetBytes;
    m_cacheBytes = m_model->info().expertCacheBytes;
    if (const std::string line = change.describe(); !line.empty())
        Q_EMIT budgetNotice(QString::fromStdString(line));
}

void Generator::cancel(quint64 id)
{
    std::lock_guard lock(m_mutex);
    m_cancelled.insert(id);
    if (m_running == id && m_conversation)
        m_conversation->cancel();
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

// What every chunk and body of one job carries: its id, creation time and
// kind, and the served model's id.
struct Generator::JobFrame {
    QString objectId;
    qint64 created = 0;
    QString modelId;
    bool chat = true;

    QJsonObject chunk(const QJsonObject &delta, const QJsonValue &finish) const
    {
        QJsonObject choice { { "index", 0 }, { "finish_reason", finish } };
        if (chat)
            choice.insert("delta", delta);
        else
            choice.insert("text", delta.value("content"));
        if (!chat)
            choice.insert("logprobs", QJsonValue::Null);
        return QJsonObject { { "id", objectId }, { "object", chat ? "chat.completion.chunk" : "text_completion" },
            { "created", created }, { "model", modelId }, { "choices", QJsonArray { choice } } };
    }
    // The role chunk a chat stream opens with.
    QByteArray roleChunk() const
    {
        return sse(chunk(QJsonObject { { "role", "assistant" }, { "content", "" } }, QJsonValue::Null));
    }
};

namespace {

QJsonObject deltaJson(const TurnDelta &d)
{
    QJsonObject delta;
    if (!d.reasoning.empty())
        delta.insert("reasoning_content", QString::fromStdString(d.reasoning));
    if (!d.content.empty())
        delta.insert("content", QString::fromStdString(d.content));
    return delta;
}

// The job as a Conversation turn (Strict context: an API client is told, not
// silently shortened), before any json constraint.
TurnRequest turnOf(const CompletionJob &request, bool jsonMode)
{
    TurnRequest turn;
    turn.completion = request.kind != CompletionJob::Chat;
    turn.prompt = request.prompt;
    turn.messages = request.messages;
    turn.chat = request.chat;
    if (jsonMode) {
        turn.chat.thinking = false;
        turn.chat.thinkingEffort.clear();
    }
    turn.sampling = request.sampling;
    turn.policy = ContextPolicy::Strict;
    turn.replyRoom = 1; // the reply is capped at what the context leaves ("length")
    for (size_t i = 0; i < request.images.size(); ++i)
        turn.images.push_back({ std::make_shared<const std::vector<uint8_t>>(
                                    request.images[i].begin(), request.images[i].end()),
            "image " + std::to_string(i) });
    return turn;
}

// A failed turn as the API error the client gets: 400 for what the request
// asked, else 500.
ApiError turnError(const Status &status, const TurnResult &result, bool chat)
{
    const std::string param = chat ? "messages" : "prompt";
    switch (result.failure) {
    case TurnFailure::Image:
        return { 400, status.message(), "invalid_request_error", "messages" };
    case TurnFailure::Context:
        return { 400,
            "the prompt has " + std::to_string(result.promptPositions) + " tokens; this server's context is "
                + std::to_string(result.contextLength) + " tokens",
            "invalid_request_error", param, "context_length_exceeded" };
    case TurnFailure::Request:
        return { 400, status.message(), "invalid_request_error", param };
    default:
        break;
    }
    return { 500, "generation failed: " + status.message(), "server_error" };
}

QJsonObject usageJson(const GenerationResult &g)
{
    const int completion = int(g.tokens.size());
    return { { "prompt_tokens", g.promptTokens }, { "completion_tokens", completion },
        { "total_tokens", g.promptTokens + completion },
        { "prompt_tokens_details", QJsonObject { { "cached_tokens", g.reusedTokens } } } };
}

double decodeRate(const GenerationResult &g)
{
    const int completion = int(g.tokens.size());
    return completion > 1 && g.decodeSeconds > 0 ? (completion - 1) / g.decodeSeconds : 0.0;
}

// Sluice's own figures of the turn (the "sluice" member).
QJsonObject statsJson(const TurnResult &result, int images, uint64_t budgetBytes)
{
    const GenerationResult &g = result.generation;
    const LiveFigures &f = result.figures;
    return { { "reused_tokens", g.reusedTokens }, { "prefill_tokens", g.prefillTokens },
        { "spliced", result.spliced }, { "images", images }, { "images_encoded", g.imagesEncoded },
        { "prefill_seconds", g.prefillSeconds }, { "decode_seconds", g.decodeSeconds },
        { "tokens_per_second", decodeRate(g) }, { "hit_rate", f.hitRate },
        { "bytes_read", qint64(g.totals.bytesRead) }, { "resident_bytes", qint64(g.totals.residentBytes) },
        { "budget_bytes", qint64(budgetBytes) } };
}

QJsonObject choiceJson(const ChatReply &reply, const QString &finish, bool chat)
{
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
    return choice;
}

} // namespace

void Generator::fail(quint64 id, const ApiError &e)
{
    Q_EMIT finished(id, e.status, e.toJson(),
        QStringLiteral("error %1: %2").arg(e.status).arg(QString::fromStdString(e.message)));
}

// The turn for a job, its json constraint included; false after the job
// finished (cancelled before its start, no session, a bad response_format).
bool Generator::prepare(quint64 id, const CompletionJob &request, TurnRequest &turn)
{
    if (takeCancelled(id)) {
        Q_EMIT finished(id, 499, {}, QStringLiteral("cancelled before start"));
        return false;
    }
    if (!m_conversation) {
        fail(id, { 503, "the server has no session: " + m_sessionError, "server_error" });
        return false;
    }
    // json_object / json_schema: constrained sampling in the response channel (no thinking first).
    const bool jsonMode = request.chat.responseFormat == "json_object" || request.chat.responseFormat == "json_schema";
    turn = turnOf(request, jsonMode);
    if (jsonMode) {
        JsonFormat format;
        if (request.chat.responseFormat == "json_schema")
            format = { request.chat.responseSchemaJson, request.schemaStrict };
        auto constraint = m_json.make(format);
        if (!constraint) {
            fail(id, { 400, "response_format: " + constraint.status().message(), "invalid_request_error",
                "response_format" });
            return false;
        }
        turn.sampling.constraint = std::move(*constraint);
    }
    return true;
}

// Runs the turn, streaming its deltas as SSE when the job streams; `first`
// stays true until the first piece went out.
Status Generator::reply(quint64 id, const CompletionJob &request, const JobFrame &frame, const TurnRequest &turn,
    TurnResult &result, bool &first)
{
    {
        std::lock_guard lock(m_mutex);
        m_running = id;
        if (m_cancelled.count(id))
            m_conversation->cancel();
    }
    TurnEvents events;
    events.token = [&](const GeneratedToken &, const TurnDelta &d, const LiveFigures &) {
        if (!request.stream)
            return !isCancelled(id);
        QByteArray out;
        if (first && frame.chat) {
            out += frame.roleChunk();
            first = false;
        }
        if (const QJsonObject delta = deltaJson(d); !delta.isEmpty())
            out += sse(frame.chunk(delta, QJsonValue::Null));
        if (!out.isEmpty())
            Q_EMIT streamData(id, out);
        return !isCancelled(id);
    };
    const Status status = m_conversation->reply(turn, events, result);
    {
        std::lock_guard lock(m_mutex);
        m_running = 0;
    }
    return status;
}

// The finished turn as the response: the stream's last pieces, or the whole body.
void Generator::respond(quint64 id, const CompletionJob &request, const JobFrame &frame, const TurnRequest &turn,
    const TurnResult &result, bool first)
{
    const GenerationResult &g = result.generation;
    const ChatReply &reply = result.reply;
    const bool length = g.reason == StopReason::MaxTokens || g.reason == StopReason::ContextFull;
    const QString finish = !reply.toolCalls.empty() ? "tool_calls" : length ? "length" : "stop";
    const QJsonObject usage = usageJson(g);
    const QJsonObject stats = statsJson(result, int(turn.images.size()), m_model->info().budgetBytes);
    const QString summary = QStringLiteral("%1 prompt (%2 reused), %3 generated, %4 tok/s, %5")
                                .arg(g.promptTokens)
                                .arg(g.reusedTokens)
                                .arg(int(g.tokens.size()))
                                .arg(decodeRate(g), 0, 'f', 1)
                                .arg(finish);
    const bool chat = frame.chat;
    if (request.stream) {
        QByteArray out;
        if (first && chat)
            out += frame.roleChunk();
        // What the hold-back kept (a partial character or stop-string prefix that never completed).
        QJsonObject delta = deltaJson(result.unsent);
        if (!reply.toolCalls.empty())
            delta.insert("tool_calls", toolCallsJson(reply.toolCalls, true));
        if (!delta.isEmpty())
            out += sse(frame.chunk(delta, QJsonValue::Null));
        out += sse(frame.chunk(QJsonObject {}, finish));
        if (request.includeUsage)
            out += sse(QJsonObject { { "id", frame.objectId },
                { "object", chat ? "chat.completion.chunk" : "text_completion" }, { "created", frame.created },
                { "model", frame.modelId }, { "choices", QJsonArray {} }, { "usage", usage }, { "sluice", stats } });
        out += "data: [DONE]\n\n";
        Q_EMIT finished(id, 200, out, summary);
        return;
    }
    const QJsonObject body { { "id", frame.objectId }, { "object", chat ? "chat.completion" : "text_completion" },
        { "created", frame.created }, { "model", frame.modelId },
        { "choices", QJsonArray { choiceJson(reply, finish, chat) } }, { "usage", usage }, { "sluice", stats } };
    Q_EMIT finished(id, 200, QJsonDocument(body).toJson(QJsonDocument::Compact), summary);
}

// Turns a job into a Conversation turn and its result into OpenAI JSON or SSE.
void Generator::run(quint64 id, const CompletionJob &request)
{
    if (m_adapting)
        applyBudget(); // a decision that arrived while the last job ran
    JobFrame frame;
    frame.created = QDateTime::currentSecsSinceEpoch();
    frame.chat = request.kind == CompletionJob::Chat;
    frame.objectId = QStringLiteral("%1-%2-%3").arg(frame.chat ? "chatcmpl" : "cmpl").arg(frame.created).arg(id);
    frame.modelId = QString::fromStdString(m_modelId);
    TurnRequest turn;
    if (!prepare(id, request, turn))
        return;
    bool first = true;
    TurnResult result;
    const Status status = reply(id, request, frame, turn, result, first);
    const GenerationResult &g = result.generation;
    m_generatedTokens += g.tokens.size();
    const bool cancelled = takeCancelled(id) || result.failure == TurnFailure::Cancelled
        || (status && g.reason == StopReason::Cancelled);
    if (cancelled) {
        Q_EMIT finished(id, 499, {}, QStringLiteral("cancelled after %1 tokens").arg(g.tokens.size()));
        return;
    }
    if (!status) {
        const ApiError e = turnError(status, result, frame.chat);
        if (e.status == 500 && request.stream && !first)
            Q_EMIT finished(id, 200,
                sse(QJsonObject { { "error", QJsonDocument::fromJson(e.toJson()).object().value("error") } })
                    + "data: [DONE]\n\n",
                QStringLiteral("error mid-stream: %1").arg(QString::fromStdString(e.message)));
        else
            fail(id, e);
        return;
    }
    respond(id, request, frame, turn, result, first);
}

} // namespace sluice::server
