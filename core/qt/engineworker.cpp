#include "qt/engineworker.h"
#include "qt/tsanhandoff.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMutexLocker>
#include <QSaveFile>

namespace sluice::qt {

namespace {

QString fromStd(const std::string &s) { return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())); }

// Length of the longest prefix of `bytes` that does not end inside a UTF-8
// sequence, so a character split across two tokens is sent whole.
size_t completeUtf8Prefix(const std::string &bytes)
{
    const size_t n = bytes.size();
    // Look back at most 3 bytes for the start of the last sequence.
    for (size_t back = 1; back <= 4 && back <= n; ++back) {
        const auto c = static_cast<unsigned char>(bytes[n - back]);
        if ((c & 0xC0) == 0x80)
            continue; // continuation byte
        size_t need = 1;
        if ((c & 0xE0) == 0xC0)
            need = 2;
        else if ((c & 0xF0) == 0xE0)
            need = 3;
        else if ((c & 0xF8) == 0xF0)
            need = 4;
        return back < need ? n - back : n;
    }
    return n; // only continuation bytes: invalid, let the decoder replace them
}

QString openErrorMessage(const Status &status)
{
    switch (status.code()) {
    case ErrorCode::Budget:
        return EngineWorker::tr("The memory budget is below what this model needs at minimum.");
    case ErrorCode::NotFound:
        return EngineWorker::tr("The model folder or one of its files was not found.");
    case ErrorCode::Format:
    case ErrorCode::Checksum:
        return EngineWorker::tr("The model container is damaged or not a Sluice (.waste) model.");
    case ErrorCode::Unsupported:
        return EngineWorker::tr("This model uses a format version this Sluice does not support.");
    case ErrorCode::Cancelled:
        return EngineWorker::tr("Opening the model was cancelled.");
    case ErrorCode::Io:
        return EngineWorker::tr("The model could not be read from disk.");
    default:
        return EngineWorker::tr("The model could not be opened.");
    }
}

} // namespace

EngineWorker::EngineWorker(EngineFactory factory, QObject *parent)
    : QObject(parent)
    , m_factory(std::move(factory))
{
}

EngineWorker::~EngineWorker()
{
    // Destroyed on the worker thread (deleteLater at thread end), like the engine.
    setEngine(nullptr);
}

void EngineWorker::setEngine(std::unique_ptr<Engine> engine)
{
    forgetLastTurn();
    std::unique_ptr<Engine> old;
    {
        QMutexLocker lock(&m_engineMutex);
        old = std::move(m_engine);
        m_engine = std::move(engine);
    }
    // The old engine is destroyed outside the lock: unmapping can take a while.
}

std::shared_ptr<Model> EngineWorker::model() const
{
    QMutexLocker lock(&m_engineMutex);
    return m_engine ? m_engine->sharedModel() : nullptr;
}

void EngineWorker::cancelUpTo(quint64 upTo)
{
    quint64 prev = m_cancelUpTo.load();
    while (prev < upTo && !m_cancelUpTo.compare_exchange_weak(prev, upTo)) {
    }
    const quint64 running = m_running.load();
    if (running != 0 && running <= upTo) {
        QMutexLocker lock(&m_engineMutex);
        if (m_engine)
            m_engine->cancel();
        if (m_remote)
            m_remote->cancel();
    }
}

void EngineWorker::open(quint64 requestId, const EngineOptions &options)
{
    if (isCancelled(requestId)) {
        Q_EMIT error(requestId, tr("Opening the model was cancelled."), QString());
        return;
    }
    m_running = requestId;
    // Close the current model first: two models at once could exceed the budget.
    setEngine(nullptr);

    EngineOptions opts = options;
    opts.progress = [this, requestId](double fraction, const std::string &stage) {
        Q_EMIT progress(requestId, fraction, fromStd(stage));
        return !isCancelled(requestId);
    };
    Expected<std::unique_ptr<Engine>> engine =
        m_factory ? m_factory(opts) : Expected<std::unique_ptr<Engine>>(makeError(ErrorCode::Internal, "no engine factory"));
    m_running = 0;
    if (!engine) {
        const Status st = isCancelled(requestId) && engine.status().code() != ErrorCode::Budget
                              ? makeError(ErrorCode::Cancelled, engine.status().message())
                              : engine.status();
        Q_EMIT error(requestId, openErrorMessage(st), fromStd(st.message()));
        return;
    }
    if (isCancelled(requestId)) {
        Q_EMIT error(requestId, tr("Opening the model was cancelled."), QString());
        return;
    }
    const ModelInfo info = (*engine)->info();
    {
        QMutexLocker lock(&m_engineMutex);
        m_remote.reset(); // a local model replaces the remote backend
    }
    setEngine(std::move(*engine));
    Q_EMIT progress(requestId, 1.0, tr("ready"));
    Q_EMIT opened(requestId, info);
}

void EngineWorker::close(quint64 requestId)
{
    {
        QMutexLocker lock(&m_engineMutex);
        m_remote.reset();
    }
    setEngine(nullptr);
    Q_EMIT closed(requestId);
}

void EngineWorker::setBudget(quint64 requestId, quint64 bytes)
{
    if (!m_engine) {
        Q_EMIT error(requestId, tr("No model is open."), tr("Open a model before changing its budget."));
        return;
    }
    // Requests are served in order, so no generation is running here.
    const Status st = m_engine->setBudget(bytes);
    if (!st.isOk()) {
        Q_EMIT error(requestId, tr("The budget could not be changed."), QString::fromStdString(st.message()));
        return;
    }
    Q_EMIT budgetChanged(requestId, m_engine->info());
}

void EngineWorker::saveSession(quint64 requestId, const QString &path)
{
    Session *session = m_engine ? m_engine->session() : nullptr;
    if (!session) {
        Q_EMIT sessionSaved(requestId, false, m_engine ? tr("This engine keeps no session.") : tr("No model is open."));
        return;
    }
    const Status st = session->save(path.toStdString());
    if (st)
        saveLastTurn(path);
    Q_EMIT sessionSaved(requestId, bool(st), st ? QString() : fromStd(st.message()));
}

void EngineWorker::loadSession(quint64 requestId, const QString &path)
{
    forgetLastTurn(); // the state is another chat's from here on
    Session *session = m_engine ? m_engine->session() : nullptr;
    if (!session) {
        if (m_engine)
            m_engine->resetSession();
        Q_EMIT sessionLoaded(requestId, false, 0, m_engine ? tr("This engine keeps no session.") : tr("No model is open."));
        return;
    }
    const Status st = session->load(path.toStdString());
    if (!st) {
        // The library left the live state untouched, but it belongs to
        // another chat: start empty so the next turn prefills this one.
        session->reset();
        // The library's words for a fingerprint (or model config) mismatch (model/session.cpp).
        Q_EMIT sessionRefused(requestId, st.message().find("saved for another model") != std::string::npos);
        Q_EMIT sessionLoaded(requestId, false, 0, fromStd(st.message()));
        return;
    }
    loadLastTurn(path, session->tokens());
    Q_EMIT sessionLoaded(requestId, true, static_cast<int>(session->tokens().size()), QString());
}

void EngineWorker::resetSession(quint64 requestId)
{
    forgetLastTurn();
    if (m_engine) {
        if (Session *session = m_engine->session())
            session->reset();
        else
            m_engine->resetSession();
    }
    Q_EMIT sessionReset(requestId);
}

// The id splice across a save and a load: the session file holds the state's
// ids, but not the last id sampled (never fed) nor which messages the state
// answered. A small side file next to it does; without it (or when it does not
// match the loaded state) the next turn is only rendered afresh, never wrong.
QString EngineWorker::lastTurnPath(const QString &sessionPath) { return sessionPath + QStringLiteral(".turn"); }

void EngineWorker::saveLastTurn(const QString &sessionPath) const
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
        messages.append(QJsonObject{{QStringLiteral("role"), fromStd(m.role)},
                                    {QStringLiteral("content"), fromStd(m.content)},
                                    {QStringLiteral("reasoning"), fromStd(m.reasoning)},
                                    {QStringLiteral("images"), m.imageCount}});
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return;
    f.write(QJsonDocument(QJsonObject{{QStringLiteral("version"), 1}, {QStringLiteral("ids"), ids},
                                      {QStringLiteral("messages"), messages}})
                .toJson(QJsonDocument::Compact));
    if (!f.commit())
        QFile::remove(path);
}

void EngineWorker::loadLastTurn(const QString &sessionPath, const std::vector<int> &stateIds)
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
        messages.push_back({m.value(QStringLiteral("role")).toString().toStdString(),
                            m.value(QStringLiteral("content")).toString().toStdString(),
                            m.value(QStringLiteral("reasoning")).toString().toStdString(),
                            std::max(0, m.value(QStringLiteral("images")).toInt())});
    }
    if (messages.empty())
        return;
    m_lastIds = std::move(last);
    m_lastMessages = std::move(messages);
}

void EngineWorker::forgetLastTurn()
{
    m_lastIds.clear();
    m_lastMessages.clear();
}

// When the request is the last turn's messages + the reply (as the window
// parsed it) + new messages, the prompt is the last turn's exact ids followed
// by the rendering of what is new; otherwise the whole conversation rendered.
std::vector<int> EngineWorker::followUpPrompt(const GenerateRequest &request) const
{
    const auto same = [](const ChatMessage &a, const ChatMessage &b) {
        return a.role == b.role && a.content == b.content && a.reasoning == b.reasoning && a.imageCount == b.imageCount;
    };
    const std::vector<ChatMessage> &m = request.messages;
    const size_t k = m_lastMessages.size();
    const std::vector<int> full = m_engine->renderChat(m, request.chat);
    if (m_lastIds.empty() || k == 0 || m.size() < k + 2 || m[k].role != "assistant" ||
        !std::equal(m_lastMessages.begin(), m_lastMessages.end(), m.begin(), same))
        return full;
    ChatOptions through = request.chat;
    through.addGenerationPrompt = false;
    const std::vector<ChatMessage> upToReply(m.begin(), m.begin() + ptrdiff_t(k + 1));
    const std::vector<int> prior = m_engine->renderChat(upToReply, through);
    if (prior.empty() || full.size() < prior.size() || !std::equal(prior.begin(), prior.end(), full.begin()))
        return full;
    std::vector<int> ids = m_lastIds;
    ids.insert(ids.end(), full.begin() + ptrdiff_t(prior.size()), full.end());
    return ids;
}

int EngineWorker::dropToFit(GenerateRequest &request, int context) const
{
    std::vector<ChatMessage> &m = request.messages;
    size_t first = 0; // system messages stay
    while (first < m.size() && m[first].role == "system")
        ++first;
    int dropped = 0;
    const int room = std::max(0, request.sampling.maxTokens);
    while (int(m_engine->renderChat(m, request.chat).size()) + room > context) {
        // Keep the last user message (the turn being asked) and what follows it.
        size_t lastUser = m.size();
        for (size_t i = m.size(); i-- > first;)
            if (m[i].role == "user") {
                lastUser = i;
                break;
            }
        if (lastUser <= first || lastUser == m.size())
            break;
        // One whole turn: the first message, then up to the next user message.
        size_t end = first + 1;
        while (end < lastUser && m[end].role != "user")
            ++end;
        int images = 0;
        for (size_t i = first; i < end; ++i)
            images += std::max(0, m[i].imageCount);
        m.erase(m.begin() + ptrdiff_t(first), m.begin() + ptrdiff_t(end));
        request.images.erase(request.images.begin(), request.images.begin() + std::min<qsizetype>(images, request.images.size()));
        dropped += int(end - first);
    }
    return dropped;
}

void EngineWorker::connectRemote(quint64 requestId, const RemoteConnection &connection)
{
    RemoteInfo info;
    auto backend = RemoteBackend::connect(connection, &info);
    if (!backend) {
        Q_EMIT error(requestId, tr("Could not connect to the server."), fromStd(backend.status().message()));
        return;
    }
    setEngine(nullptr); // one backend at a time: the local model's memory is given back
    {
        QMutexLocker lock(&m_engineMutex);
        m_remote = std::move(*backend);
    }
    Q_EMIT remoteConnected(requestId, info);
}

void EngineWorker::generateRemote(quint64 requestId, const GenerateRequest &request)
{
    GenerationSummary summary;
    if (isCancelled(requestId)) {
        summary.reason = StopReason::Cancelled;
        Q_EMIT finished(requestId, summary);
        return;
    }
    m_running = requestId;
    if (isCancelled(requestId))
        m_remote->cancel();
    RemoteBackend::Sink sink;
    sink.chunk = [&](const QString &text) { Q_EMIT tokenChunk(requestId, text); };
    sink.stats = [&](const LiveStats &live) { Q_EMIT stats(requestId, live); };
    const Status st = m_remote->generate(request, sink, summary);
    m_running = 0;
    Q_EMIT stats(requestId, summary.stats); // the server's own token count and the final rates
    if (!st.isOk() && st.code() != ErrorCode::Cancelled) {
        // The streamed text stays in the window; the message says it is cut off.
        Q_EMIT error(requestId,
                     summary.reply && summary.reply->truncated
                         ? tr("The connection to the server failed; the reply is cut off.")
                         : tr("The server could not answer."),
                     fromStd(st.message()));
        return;
    }
    Q_EMIT finished(requestId, summary);
}

void EngineWorker::generate(quint64 requestId, const GenerateRequest &original)
{
    if (m_remote) {
        generateRemote(requestId, original);
        return;
    }
    if (!m_engine) {
        Q_EMIT error(requestId, tr("No model is open."), tr("Open a model before sending a message."));
        return;
    }
    GenerationSummary summary;
    summary.stats.budgetBytes = m_engine->info().budgetBytes;
    summary.stats.expertCacheBytes = m_engine->info().expertCacheBytes;
    if (isCancelled(requestId)) {
        summary.reason = StopReason::Cancelled;
        Q_EMIT finished(requestId, summary);
        return;
    }

    // The whole conversation is rendered afresh each turn with the model's
    // own chat format and every image is queued again in order. With a real
    // session the state keeps the longest common prefix (issue 10): only the
    // new part is computed, and an image it already holds is neither decoded
    // nor encoded again. A session-less engine (test doubles) starts over.
    Session *session = m_engine->session();
    const int context = session ? session->contextLength() : m_engine->info().contextLength;
    GenerateRequest request = original;
    if (request.fitToContext && context > 0)
        summary.droppedMessages = dropToFit(request, context);
    if (!session)
        m_engine->resetSession();
    m_engine->clearImages();
    for (const QString &image : request.images) {
        Status st = m_engine->addImage(image.toStdString());
        if (!st) {
            Q_EMIT error(requestId, tr("An attached image could not be used."), fromStd(st.message()));
            return;
        }
    }
    // Images shift positions in ways the id splice does not model: those turns render afresh.
    const std::vector<int> prompt = session && request.images.isEmpty() ? followUpPrompt(request)
                                                                        : m_engine->renderChat(request.messages, request.chat);
    // An empty rendering (the format refused the conversation, e.g. an image
    // placeholder's text without its image) must not reach the session: an
    // empty sequence would continue from whatever the state holds.
    if (prompt.empty()) {
        Q_EMIT error(requestId, tr("The conversation could not be put in the model's chat format."),
                     tr("The chat format refused the messages (for example the text <|kimi_image_placeholder|> "
                        "in a message without an image)."));
        return;
    }
    // Counted exactly, from the rendered ids (an image's rows are added by the
    // engine, so a turn with images can still end in "context full").
    if (context > 0) {
        const int needed = int(prompt.size()) + std::max(0, request.sampling.maxTokens);
        if (needed > context) {
            Q_EMIT contextWouldOverflow(requestId, needed, context);
            summary.reason = StopReason::ContextFull;
            summary.contextTokens = session ? session->position() : 0;
            summary.contextLength = context;
            Q_EMIT finished(requestId, summary);
            return;
        }
    }
    forgetLastTurn(); // until this turn completes, the state is not "prompt + reply"

    QElapsedTimer clock;
    clock.start();
    LiveStats &live = summary.stats;
    double firstTokenAt = 0;
    uint64_t hits = 0, misses = 0, bytesRead = 0;
    std::string pending; // bytes of an unfinished UTF-8 character

    m_running = requestId;
    // A stop() that raced with the start of this request must still be honoured.
    if (isCancelled(requestId))
        m_engine->cancel();

    auto onToken = [&](const GeneratedToken &token) {
        const double now = clock.nsecsElapsed() / 1e9;
        ++live.tokens;
        if (live.tokens == 1) {
            firstTokenAt = now;
            live.timeToFirstToken = now;
        }
        live.elapsedSeconds = now;
        hits += token.stats.demandHits;
        misses += token.stats.demandMisses;
        bytesRead += token.stats.bytesRead;
        const uint64_t lookups = token.stats.demandHits + token.stats.demandMisses;
        live.lastHitRate = lookups ? double(token.stats.demandHits) / double(lookups) : 0.0;
        live.hitRate = (hits + misses) ? double(hits) / double(hits + misses) : 0.0;
        live.lastTokenPerSecond = token.stats.tokenSeconds > 0 ? 1.0 / token.stats.tokenSeconds : 0.0;
        const double decodeTime = now - firstTokenAt;
        live.tokensPerSecond = (live.tokens > 1 && decodeTime > 0) ? (live.tokens - 1) / decodeTime
                                                                   : live.lastTokenPerSecond;
        live.diskGBps = now > 0 ? double(bytesRead) / now / 1e9 : 0.0;
        // A token without a forward pass after it (the last) may carry no
        // resident figure: the allocation is unchanged, keep the last one.
        if (token.stats.residentBytes)
            live.residentBytes = token.stats.residentBytes;

        pending += token.text;
        const size_t complete = completeUtf8Prefix(pending);
        if (complete > 0) {
            Q_EMIT tokenChunk(requestId, QString::fromUtf8(pending.data(), static_cast<qsizetype>(complete)));
            pending.erase(0, complete);
        }
        Q_EMIT stats(requestId, live);
        return !isCancelled(requestId);
    };

    const PrefillProgress onPrefill = [&](int done, int total) {
        Q_EMIT prefillProgress(requestId, done, total);
        return !isCancelled(requestId);
    };
    Expected<GenerationResult> result = session ? session->generate(prompt, request.sampling, onToken, onPrefill)
                                                : m_engine->generate(prompt, request.sampling, onToken);
    m_running = 0;
    if (!pending.empty())
        Q_EMIT tokenChunk(requestId, QString::fromUtf8(pending.data(), static_cast<qsizetype>(pending.size())));
    if (!result) {
        if (result.status().code() == ErrorCode::Cancelled) {
            summary.reason = StopReason::Cancelled;
            Q_EMIT finished(requestId, summary);
            return;
        }
        Q_EMIT error(requestId, tr("Generation failed."), fromStd(result.status().message()));
        return;
    }
    summary.reason = isCancelled(requestId) ? StopReason::Cancelled : result->reason;
    if (session && summary.reason != StopReason::Cancelled && request.images.isEmpty()) {
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
    summary.reply = m_engine->parseReply(result->tokens, request.chat);
    summary.contextTokens = session ? session->position() : result->promptTokens + int(result->tokens.size()) - 1;
    summary.contextLength = context;
    Q_EMIT finished(requestId, summary);
}

EngineThread::EngineThread(EngineFactory factory, QObject *parent)
    : QObject(parent)
{
    registerEngineMetaTypes();
    m_thread.setObjectName(QStringLiteral("sluice-engine"));
    m_worker = new EngineWorker(std::move(factory));
    m_worker->moveToThread(&m_thread);
    // The worker (and with it the engine) is deleted on its own thread when the thread ends.
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(this, &EngineThread::requestOpen, m_worker, &EngineWorker::open, Qt::QueuedConnection);
    connect(this, &EngineThread::requestGenerate, m_worker, &EngineWorker::generate, Qt::QueuedConnection);
    connect(this, &EngineThread::requestClose, m_worker, &EngineWorker::close, Qt::QueuedConnection);
    connect(this, &EngineThread::requestSetBudget, m_worker, &EngineWorker::setBudget, Qt::QueuedConnection);
    connect(this, &EngineThread::requestSaveSession, m_worker, &EngineWorker::saveSession, Qt::QueuedConnection);
    connect(this, &EngineThread::requestLoadSession, m_worker, &EngineWorker::loadSession, Qt::QueuedConnection);
    connect(this, &EngineThread::requestResetSession, m_worker, &EngineWorker::resetSession, Qt::QueuedConnection);
    connect(this, &EngineThread::requestConnectRemote, m_worker, &EngineWorker::connectRemote, Qt::QueuedConnection);
    m_thread.start();
}

EngineThread::~EngineThread()
{
    stop();
    m_thread.quit();
    m_thread.wait();
    tsanThreadJoined(&m_thread); // TSan only: the thread's exit ordered before what follows (tsanhandoff.h)
}

quint64 EngineThread::open(const EngineOptions &options)
{
    const quint64 id = m_nextId++;
    Q_EMIT requestOpen(id, options);
    return id;
}

quint64 EngineThread::generate(const GenerateRequest &request)
{
    const quint64 id = m_nextId++;
    Q_EMIT requestGenerate(id, request);
    return id;
}

quint64 EngineThread::close()
{
    const quint64 id = m_nextId++;
    Q_EMIT requestClose(id);
    return id;
}

quint64 EngineThread::setBudget(quint64 bytes)
{
    const quint64 id = m_nextId++;
    Q_EMIT requestSetBudget(id, bytes);
    return id;
}

quint64 EngineThread::saveSession(const QString &path)
{
    const quint64 id = m_nextId++;
    Q_EMIT requestSaveSession(id, path);
    return id;
}

quint64 EngineThread::loadSession(const QString &path)
{
    const quint64 id = m_nextId++;
    Q_EMIT requestLoadSession(id, path);
    return id;
}

quint64 EngineThread::resetSession()
{
    const quint64 id = m_nextId++;
    Q_EMIT requestResetSession(id);
    return id;
}

void EngineThread::stop() { m_worker->cancelUpTo(lastRequestId()); }

quint64 EngineThread::connectRemote(const RemoteConnection &connection)
{
    const quint64 id = m_nextId++;
    Q_EMIT requestConnectRemote(id, connection);
    return id;
}

} // namespace sluice::qt
