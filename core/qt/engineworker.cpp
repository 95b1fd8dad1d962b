#include "qt/engineworker.h"
#include "qt/tsanhandoff.h"

#include <QCoreApplication>
#include <QMutexLocker>

namespace sluice::qt {

namespace {

QString fromStd(const std::string &s) { return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())); }

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
    // Destroyed on the worker thread (deleteLater at thread end), like the backend.
    setBackend(nullptr);
}

void EngineWorker::setBackend(std::unique_ptr<GenerationBackend> backend)
{
    std::unique_ptr<GenerationBackend> old;
    {
        QMutexLocker lock(&m_backendMutex);
        old = std::move(m_backend);
        m_backend = std::move(backend);
    }
    // The old backend is destroyed outside the lock: unmapping can take a while.
}

std::shared_ptr<Model> EngineWorker::model() const
{
    QMutexLocker lock(&m_backendMutex);
    return m_backend ? m_backend->sharedModel() : nullptr;
}

void EngineWorker::cancelUpTo(quint64 upTo)
{
    quint64 prev = m_cancelUpTo.load();
    while (prev < upTo && !m_cancelUpTo.compare_exchange_weak(prev, upTo)) {
    }
    const quint64 running = m_running.load();
    if (running != 0 && running <= upTo) {
        QMutexLocker lock(&m_backendMutex);
        if (m_backend)
            m_backend->cancel();
    }
}

void EngineWorker::open(quint64 requestId, const EngineOptions &options)
{
    if (isCancelled(requestId)) {
        Q_EMIT error(requestId, tr("Opening the model was cancelled."), ErrorText());
        return;
    }
    m_running = requestId;
    // Close the current model first: two models at once could exceed the budget.
    // A remote backend stays until the local model is open (then it is replaced).
    if (localBackend())
        setBackend(nullptr);

    EngineOptions opts = options;
    opts.progress = [this, requestId](double fraction, const std::string &stage) {
        Q_EMIT progress(requestId, fraction, fromStd(stage));
        return !isCancelled(requestId);
    };
    Expected<std::unique_ptr<GenerationBackend>> backend =
        m_factory ? m_factory(opts)
                  : Expected<std::unique_ptr<GenerationBackend>>(makeError(ErrorCode::Internal, "no engine factory"));
    m_running = 0;
    if (!backend) {
        const Status st = isCancelled(requestId) && backend.status().code() != ErrorCode::Budget
                              ? makeError(ErrorCode::Cancelled, backend.status().message())
                              : backend.status();
        Q_EMIT error(requestId, openErrorMessage(st), ErrorText::fromStatus(st));
        return;
    }
    if (isCancelled(requestId)) {
        Q_EMIT error(requestId, tr("Opening the model was cancelled."), ErrorText());
        return;
    }
    const ModelInfo info = (*backend)->info();
    setBackend(std::move(*backend));
    Q_EMIT progress(requestId, 1.0, tr("ready"));
    Q_EMIT opened(requestId, info);
}

void EngineWorker::close(quint64 requestId)
{
    setBackend(nullptr);
    Q_EMIT closed(requestId);
}

void EngineWorker::setBudget(quint64 requestId, quint64 bytes)
{
    GenerationBackend *local = localBackend();
    if (!local) {
        Q_EMIT error(requestId, tr("No model is open."), ErrorText::plainText(tr("Open a model before changing its budget.")));
        return;
    }
    // Requests are served in order, so no generation is running here.
    const Status st = local->setBudget(bytes);
    if (!st.isOk()) {
        Q_EMIT error(requestId, tr("The budget could not be changed."), ErrorText::fromStatus(st));
        return;
    }
    Q_EMIT budgetChanged(requestId, local->info());
}

void EngineWorker::saveSession(quint64 requestId, const QString &path)
{
    GenerationBackend *local = localBackend();
    if (!local || !local->keepsSession()) {
        Q_EMIT sessionSaved(requestId, false,
                            ErrorText::plainText(local ? tr("This engine keeps no session.") : tr("No model is open.")));
        return;
    }
    // The backend writes the state atomically, and the last turn's ids next to it.
    const Status st = local->saveSession(path.toStdString());
    Q_EMIT sessionSaved(requestId, bool(st), ErrorText::fromStatus(st));
}

void EngineWorker::loadSession(quint64 requestId, const QString &path)
{
    GenerationBackend *local = localBackend();
    if (!local || !local->keepsSession()) {
        if (local)
            local->resetSession();
        Q_EMIT sessionLoaded(requestId, false, 0,
                             ErrorText::plainText(local ? tr("This engine keeps no session.") : tr("No model is open.")));
        return;
    }
    // A refused file leaves the live session empty (it belonged to another chat).
    const Status st = local->loadSession(path.toStdString());
    if (!st) {
        // The library's words for a fingerprint (or model config) mismatch (model/session.cpp).
        Q_EMIT sessionRefused(requestId, st.message().find("saved for another model") != std::string::npos);
        Q_EMIT sessionLoaded(requestId, false, 0, ErrorText::fromStatus(st));
        return;
    }
    Q_EMIT sessionLoaded(requestId, true, local->sessionTokens(), ErrorText());
}

void EngineWorker::resetSession(quint64 requestId)
{
    if (GenerationBackend *local = localBackend())
        local->resetSession();
    Q_EMIT sessionReset(requestId);
}

void EngineWorker::connectRemote(quint64 requestId, const RemoteConnection &connection)
{
    RemoteInfo info;
    auto remote = RemoteBackend::connect(connection, &info);
    if (!remote) {
        Q_EMIT error(requestId, tr("Could not connect to the server."), ErrorText::fromStatus(remote.status()));
        return;
    }
    // One backend at a time: the local model's memory is given back.
    setBackend(std::move(*remote));
    Q_EMIT remoteConnected(requestId, info);
}

TurnSink EngineWorker::sinkFor(quint64 requestId)
{
    TurnSink sink;
    sink.chunk = [this, requestId](const QString &text) { Q_EMIT tokenChunk(requestId, text); };
    sink.delta = [this, requestId](const QString &reasoning, const QString &content) {
        Q_EMIT replyDelta(requestId, reasoning, content);
    };
    sink.stats = [this, requestId](const LiveStats &live) { Q_EMIT stats(requestId, live); };
    sink.prefill = [this, requestId](int done, int total) {
        Q_EMIT prefillProgress(requestId, done, total);
        return !isCancelled(requestId);
    };
    sink.contextWouldOverflow = [this, requestId](int needed, int context) {
        Q_EMIT contextWouldOverflow(requestId, needed, context);
    };
    sink.cancelled = [this, requestId] { return isCancelled(requestId); };
    return sink;
}

void EngineWorker::generate(quint64 requestId, const GenerateRequest &request)
{
    if (!m_backend) {
        Q_EMIT error(requestId, tr("No model is open."), ErrorText::plainText(tr("Open a model before sending a message.")));
        return;
    }
    GenerationSummary summary;
    summary.stats.budgetBytes = m_backend->info().budgetBytes; // 0 for a remote: not ours to measure
    summary.stats.expertCacheBytes = m_backend->info().expertCacheBytes;
    if (isCancelled(requestId)) {
        summary.reason = StopReason::Cancelled;
        Q_EMIT finished(requestId, summary);
        return;
    }
    m_running = requestId;
    const TurnOutcome outcome = m_backend->generate(request, sinkFor(requestId), summary);
    m_running = 0;
    finishTurn(requestId, outcome, summary);
}

void EngineWorker::finishTurn(quint64 requestId, const TurnOutcome &outcome, GenerationSummary &summary)
{
    if (outcome.status.code() == ErrorCode::Cancelled) {
        summary.reason = StopReason::Cancelled;
        Q_EMIT finished(requestId, summary);
        return;
    }
    if (outcome.status.isOk()) {
        Q_EMIT finished(requestId, summary);
        return;
    }
    const ErrorText detail = ErrorText::fromStatus(outcome.status);
    switch (outcome.failure) {
    case TurnFailure::Image:
        Q_EMIT error(requestId, tr("An attached image could not be used."), detail);
        break;
    case TurnFailure::ChatFormat:
        Q_EMIT error(requestId, tr("The conversation could not be put in the model's chat format."),
                     detail.english().isEmpty() ? ErrorText::plainText(tr("The chat format refused the messages."))
                                                : detail);
        break;
    case TurnFailure::Connection:
        // The streamed text stays in the window; the message says it is cut off.
        Q_EMIT error(requestId, tr("The connection to the server failed; the reply is cut off."), detail);
        break;
    case TurnFailure::Server:
        Q_EMIT error(requestId, tr("The server could not answer."), detail);
        break;
    case TurnFailure::None:
    case TurnFailure::Generation:
        Q_EMIT error(requestId, tr("Generation failed."), detail);
        break;
    }
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
    connect(this, &EngineThread::posted, m_worker, [worker = m_worker](const WorkerCall &call) { call(worker); },
            Qt::QueuedConnection);
    m_thread.start();
}

EngineThread::~EngineThread()
{
    stop();
    m_thread.quit();
    m_thread.wait();
    tsanThreadJoined(&m_thread); // TSan only: the thread's exit ordered before what follows (tsanhandoff.h)
}

template<typename... Params, typename... Args>
quint64 EngineThread::post(void (EngineWorker::*slot)(quint64, Params...), const Args &...args)
{
    const quint64 id = m_nextId++;
    Q_EMIT posted([slot, id, args...](EngineWorker *worker) { (worker->*slot)(id, args...); });
    return id;
}

quint64 EngineThread::open(const EngineOptions &options) { return post(&EngineWorker::open, options); }
quint64 EngineThread::generate(const GenerateRequest &request) { return post(&EngineWorker::generate, request); }
quint64 EngineThread::close() { return post(&EngineWorker::close); }
quint64 EngineThread::setBudget(quint64 bytes) { return post(&EngineWorker::setBudget, bytes); }
quint64 EngineThread::saveSession(const QString &path) { return post(&EngineWorker::saveSession, path); }
quint64 EngineThread::loadSession(const QString &path) { return post(&EngineWorker::loadSession, path); }
quint64 EngineThread::resetSession() { return post(&EngineWorker::resetSession); }
quint64 EngineThread::connectRemote(const RemoteConnection &connection)
{
    return post(&EngineWorker::connectRemote, connection);
}

void EngineThread::stop() { m_worker->cancelUpTo(lastRequestId()); }

} // namespace sluice::qt
