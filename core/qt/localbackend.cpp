#include "qt/localbackend.h"
#include "qt/localturn.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

namespace sluice::qt {

namespace {

QString fromStd(const std::string &s)
{
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

} // namespace

Expected<std::unique_ptr<GenerationBackend>> LocalBackend::open(const EngineOptions &options)
{
    auto opened = openModelSession(options);
    if (!opened)
        return opened.status();
    return std::unique_ptr<GenerationBackend>(new LocalBackend(std::move(opened->model), std::move(opened->session)));
}

LocalBackend::LocalBackend(std::shared_ptr<Model> model, std::unique_ptr<Session> session)
    : m_model(std::move(model))
    , m_session(std::move(session))
{
}

std::vector<int> LocalBackend::render(const std::vector<ChatMessage> &messages, const ChatOptions &options) const
{
    return m_model->renderChat(messages, options, m_session->imageSizes());
}

// The whole conversation is rendered afresh each turn with the model's own
// chat format and every image is queued again in order. The session keeps the
// longest common prefix (issue 10): only the new part is computed, and an
// image it already holds is neither decoded nor encoded again.
TurnOutcome LocalBackend::generate(const GenerateRequest &original, const TurnSink &sink, GenerationSummary &summary)
{
    const int context = m_session->contextLength();
    GenerateRequest request = original;
    if (request.fitToContext && context > 0)
        summary.droppedMessages = dropOldestToFit(
            request, context, [&](const std::vector<ChatMessage> &m) { return render(m, request.chat).size(); });
    if (TurnOutcome queued = queueImages(request); !queued.status)
        return queued;
    // Images shift positions in ways the id splice does not model: those turns render afresh.
    const std::vector<int> prompt
        = request.images.isEmpty() ? followUpPrompt(request) : render(request.messages, request.chat);
    // An empty rendering (the format refused the conversation, e.g. an image
    // placeholder's text without its image) must not reach the session: an
    // empty sequence would continue from whatever the state holds.
    if (prompt.empty())
        return { makeError(ErrorCode::InvalidArgument, "the chat format refused the messages"),
            TurnFailure::ChatFormat };
    if (overflows(prompt, request, sink, summary))
        return {};
    forgetLastTurn(); // until this turn completes, the state is not "prompt + reply"
    return run(prompt, request, sink, summary);
}

TurnOutcome LocalBackend::queueImages(const GenerateRequest &request)
{
    m_session->clearImages();
    for (const QString &image : request.images) {
        Status st = m_session->addImage(image.toStdString());
        if (st.code() == ErrorCode::Cancelled) // a stop() while the image was encoded
            return { st };
        if (!st)
            return { st, TurnFailure::Image };
    }
    return {};
}

// Counted exactly, from the rendered ids (an image's rows are added by the
// session, so a turn with images can still end in "context full").
bool LocalBackend::overflows(const std::vector<int> &prompt, const GenerateRequest &request, const TurnSink &sink,
    GenerationSummary &summary) const
{
    const int context = m_session->contextLength();
    if (context <= 0)
        return false;
    const int needed = int(prompt.size()) + std::max(0, request.sampling.maxTokens);
    if (needed <= context)
        return false;
    if (sink.contextWouldOverflow)
        sink.contextWouldOverflow(needed, context);
    summary.reason = StopReason::ContextFull;
    summary.contextTokens = m_session->position();
    summary.contextLength = context;
    return true;
}

TurnOutcome LocalBackend::run(
    const std::vector<int> &prompt, const GenerateRequest &request, const TurnSink &sink, GenerationSummary &summary)
{
    TurnMeter meter(summary.stats);
    // A stop() that raced with the start of this request must still be honoured.
    if (sink.cancelled())
        m_session->cancel();
    const TokenCallback onToken = [&](const GeneratedToken &token) {
        if (const QString text = meter.add(token); !text.isEmpty())
            sink.chunk(text);
        sink.stats(summary.stats);
        return !sink.cancelled();
    };
    const PrefillProgress onPrefill = [&](int done, int total) { return sink.prefill(done, total); };
    Expected<GenerationResult> result = m_session->generate(prompt, request.sampling, onToken, onPrefill);
    if (const QString rest = meter.flush(); !rest.isEmpty())
        sink.chunk(rest);
    if (!result)
        return { result.status(),
            result.status().code() == ErrorCode::Cancelled ? TurnFailure::None : TurnFailure::Generation };
    summary.reason = sink.cancelled() ? StopReason::Cancelled : result->reason;
    if (summary.reason != StopReason::Cancelled && request.images.isEmpty()) {
        m_lastIds = prompt;
        m_lastIds.insert(m_lastIds.end(), result->tokens.begin(), result->tokens.end());
        m_lastMessages = request.messages;
    }
    summary.promptTokens = result->promptTokens;
    summary.reusedTokens = result->reusedTokens;
    summary.prefillTokens = result->prefillTokens;
    summary.prefillSeconds = result->prefillSeconds;
    summary.decodeSeconds = result->decodeSeconds;
    summary.replyIds = result->tokens;
    summary.reply = m_model->parseReply(result->tokens, request.chat);
    summary.contextTokens = m_session->position();
    summary.contextLength = m_session->contextLength();
    return {};
}

Status LocalBackend::saveSession(const std::string &path)
{
    const Status st = m_session->save(path);
    if (st)
        saveLastTurn(fromStd(path));
    return st;
}

Status LocalBackend::loadSession(const std::string &path)
{
    forgetLastTurn(); // the state is another chat's from here on
    const Status st = m_session->load(path);
    if (!st) {
        // The library left the live state untouched, but it belongs to
        // another chat: start empty so the next turn prefills this one.
        m_session->reset();
        return st;
    }
    loadLastTurn(fromStd(path), m_session->tokens());
    return st;
}

void LocalBackend::resetSession()
{
    forgetLastTurn();
    m_session->reset();
}

// The id splice across a save and a load: the session file holds the state's
// ids, but not the last id sampled (never fed) nor which messages the state
// answered. A small side file next to it does; without it (or when it does not
// match the loaded state) the next turn is only rendered afresh, never wrong.
QString LocalBackend::lastTurnPath(const QString &sessionPath)
{
    return sessionPath + QStringLiteral(".turn");
}

void LocalBackend::saveLastTurn(const QString &sessionPath) const
{
    const QString path = lastTurnPath(sessionPath);
    if (m_lastIds.empty() || m_lastMessages.empty()) {
        QFile::remove(path);
        return;
    }
    QJsonArray ids;
    for (int id : m_lastIds)
        ids.append(id);
    QJsonArray messages;
    for (const ChatMessage &m : m_lastMessages)
        messages.append(QJsonObject { { QStringLiteral("role"), fromStd(m.role) },
            { QStringLiteral("content"), fromStd(m.content) }, { QStringLiteral("reasoning"), fromStd(m.reasoning) },
            { QStringLiteral("images"), m.imageCount } });
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return;
    f.write(QJsonDocument(QJsonObject { { QStringLiteral("version"), 1 }, { QStringLiteral("ids"), ids },
                              { QStringLiteral("messages"), messages } })
                .toJson(QJsonDocument::Compact));
    if (!f.commit())
        QFile::remove(path);
}

void LocalBackend::loadLastTurn(const QString &sessionPath, const std::vector<int> &stateIds)
{
    forgetLastTurn();
    QFile f(lastTurnPath(sessionPath));
    // Bounded before reading: the ids of a full context and its messages' text.
    constexpr qint64 kMaxBytes = 256ll << 20;
    if (!f.open(QIODevice::ReadOnly) || f.size() > kMaxBytes)
        return;
    const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
    if (o.value(QStringLiteral("version")).toInt() != 1)
        return;
    const QJsonArray ids = o.value(QStringLiteral("ids")).toArray();
    // The last turn's ids are the state's plus the last one sampled.
    if (stateIds.empty() || size_t(ids.size()) != stateIds.size() + 1)
        return;
    std::vector<int> last;
    last.reserve(size_t(ids.size()));
    for (const QJsonValue &v : ids) {
        if (!v.isDouble())
            return;
        last.push_back(v.toInt());
    }
    if (!std::equal(stateIds.begin(), stateIds.end(), last.begin()))
        return;
    std::vector<ChatMessage> messages;
    for (const QJsonValue &v : o.value(QStringLiteral("messages")).toArray()) {
        const QJsonObject m = v.toObject();
        messages.push_back({ m.value(QStringLiteral("role")).toString().toStdString(),
            m.value(QStringLiteral("content")).toString().toStdString(),
            m.value(QStringLiteral("reasoning")).toString().toStdString(),
            std::max(0, m.value(QStringLiteral("images")).toInt()) });
    }
    if (messages.empty())
        return;
    m_lastIds = std::move(last);
    m_lastMessages = std::move(messages);
}

void LocalBackend::forgetLastTurn()
{
    m_lastIds.clear();
    m_lastMessages.clear();
}

// When the request is the last turn's messages + the reply (as the window
// parsed it) + new messages, the prompt is the last turn's exact ids followed
// by the rendering of what is new; otherwise the whole conversation rendered.
std::vector<int> LocalBackend::followUpPrompt(const GenerateRequest &request) const
{
    const auto same = [](const ChatMessage &a, const ChatMessage &b) {
        return a.role == b.role && a.content == b.content && a.reasoning == b.reasoning && a.imageCount == b.imageCount;
    };
    const std::vector<ChatMessage> &m = request.messages;
    const size_t k = m_lastMessages.size();
    const std::vector<int> full = render(m, request.chat);
    if (m_lastIds.empty() || k == 0 || m.size() < k + 2 || m[k].role != "assistant"
        || !std::equal(m_lastMessages.begin(), m_lastMessages.end(), m.begin(), same))
        return full;
    ChatOptions through = request.chat;
    through.addGenerationPrompt = false;
    const std::vector<ChatMessage> upToReply(m.begin(), m.begin() + ptrdiff_t(k + 1));
    const std::vector<int> prior = render(upToReply, through);
    if (prior.empty() || full.size() < prior.size() || !std::equal(prior.begin(), prior.end(), full.begin()))
        return full;
    std::vector<int> ids = m_lastIds;
    ids.insert(ids.end(), full.begin() + ptrdiff_t(prior.size()), full.end());
    return ids;
}

} // namespace sluice::qt
