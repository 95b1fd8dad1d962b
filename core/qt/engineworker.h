#pragma once
// The Qt adapter around a generation backend (qt/generationbackend.h: a local
// Model and its Session, or a remote server). EngineWorker lives in its own
// QThread and owns the backend: it is created, used and destroyed there. Clients talk
// to it only through queued signals (EngineThread wraps the plumbing), so the
// GUI thread never blocks on the engine and never touches a model object.
//
// Every request carries an id chosen by EngineThread; every answer names the
// id it answers. Requests queue in the worker's event loop and are served in
// order; stop() cancels the running request and every one queued before it.
#include "qt/enginetypes.h"
#include "qt/errortext.h"
#include "qt/generationbackend.h"
#include "qt/remotebackend.h"

#include <QMutex>
#include <QObject>
#include <QThread>
#include <atomic>
#include <functional>
#include <memory>

namespace sluice::qt {

// What open() uses: LocalBackend::open in the app, a test double in tests.
using EngineFactory = BackendFactory;

class EngineWorker : public QObject
{
    Q_OBJECT
public:
    explicit EngineWorker(EngineFactory factory, QObject *parent = nullptr);
    ~EngineWorker() override;

    // Thread-safe. Cancels every request with an id <= upTo: the running one
    // (the engine stops within one layer) and any still queued.
    void cancelUpTo(quint64 upTo);
    // Thread-safe. The open engine's Model (nullptr when none, or for test
    // doubles), for a second client of the same model in RAM: the app's
    // Server panel (qt/localserver.h).
    std::shared_ptr<Model> model() const;

public Q_SLOTS:
    void open(quint64 requestId, const sluice::EngineOptions &options);
    void generate(quint64 requestId, const sluice::qt::GenerateRequest &request);
    void close(quint64 requestId);
    // The live budget without reopening (Model::setBudget): answered by
    // budgetChanged with the updated info, or error (nothing changed).
    void setBudget(quint64 requestId, quint64 bytes);
    // One engine session per chat (issue 10): the live session is written to
    // `path` (atomically, by the library) or replaced by the one saved there.
    // A load that fails leaves the live session empty, so the next turn
    // prefills the whole conversation again; the message says why.
    void saveSession(quint64 requestId, const QString &path);
    void loadSession(quint64 requestId, const QString &path);
    void resetSession(quint64 requestId);
    // The remote backend (issue 16): from now on generate() goes to an
    // OpenAI-compatible server instead of the engine (which is closed).
    // Answered by remoteConnected, or error (nothing changed). open() and
    // close() end the remote.
    void connectRemote(quint64 requestId, const sluice::qt::RemoteConnection &connection);

Q_SIGNALS:
    void progress(quint64 requestId, double fraction, const QString &stage);
    void opened(quint64 requestId, const sluice::ModelInfo &info);
    void closed(quint64 requestId);
    void budgetChanged(quint64 requestId, const sluice::ModelInfo &info);
    // Text of one or more tokens, complete UTF-8 only (a split character waits for its tail).
    void tokenChunk(quint64 requestId, const QString &text);
    // What the shown reply gained, parsed by id in the model's chat format
    // (api/chat.h TurnDelta): reasoning and content, complete UTF-8 only.
    void replyDelta(quint64 requestId, const QString &reasoning, const QString &content);
    void stats(quint64 requestId, const sluice::qt::LiveStats &stats);
    void finished(quint64 requestId, const sluice::qt::GenerationSummary &summary);
    // message: one readable sentence; detail: the engine's full error, as the
    // library made it (the client renders it in its language: qt/errortext.h).
    void error(quint64 requestId, const QString &message, const sluice::qt::ErrorText &detail);
    // message: empty on success, else the reason (the engine's error).
    void sessionSaved(quint64 requestId, bool ok, const sluice::qt::ErrorText &message);
    // tokens: ids the live session holds afterwards (0 after a failure).
    void sessionLoaded(quint64 requestId, bool ok, int tokens, const sluice::qt::ErrorText &message);
    void sessionReset(quint64 requestId);
    // Sent just before a failed sessionLoaded: modelChanged when the file was
    // saved for another model (its fingerprint differs), false when it is
    // damaged, foreign or of another format version.
    void sessionRefused(quint64 requestId, bool modelChanged);
    // While the prompt is read (issue 10): `done` of `total` positions this
    // turn computes, from the engine's chunk loop (0 first, then per chunk).
    // Only emitted when something is computed; a stop() ends it within a layer.
    void prefillProgress(quint64 requestId, int done, int total);
    // The turn was not started: its prompt (counted from the rendered ids) plus
    // the reply room (sampling.maxTokens) exceeds the context. Followed by
    // finished() with StopReason::ContextFull; nothing was computed or changed.
    void contextWouldOverflow(quint64 requestId, int needed, int context);
    void remoteConnected(quint64 requestId, const sluice::qt::RemoteInfo &info);

private:
    bool isCancelled(quint64 requestId) const { return requestId <= m_cancelUpTo.load(); }
    // The open backend (local model, remote or none); the old one is destroyed outside the lock.
    void setBackend(std::unique_ptr<GenerationBackend> backend);
    // The backend that has a model of its own (not a remote), else nullptr.
    GenerationBackend *localBackend() const { return m_backend && !m_backend->isRemote() ? m_backend.get() : nullptr; }
    TurnSink sinkFor(quint64 requestId);
    // The answer to a turn that returned: finished, or error in the user's words.
    void finishTurn(quint64 requestId, const TurnOutcome &outcome, GenerationSummary &summary);

    EngineFactory m_factory;
    // Touched only on the worker thread, except cancel() under m_backendMutex.
    std::unique_ptr<GenerationBackend> m_backend;
    mutable QMutex m_backendMutex; // guards the pointer against cancelUpTo() from other threads
    std::atomic<quint64> m_cancelUpTo{0};
    std::atomic<quint64> m_running{0}; // id of the request being served, 0 = idle
};

// A request bound to its id and arguments, run on the worker thread.
using WorkerCall = std::function<void(EngineWorker *)>;

// GUI-side handle: owns the worker thread, hands out request ids. All calls
// return immediately; answers arrive as the worker's signals.
class EngineThread : public QObject
{
    Q_OBJECT
public:
    explicit EngineThread(EngineFactory factory, QObject *parent = nullptr);
    ~EngineThread() override; // cancels everything, then joins the thread

    EngineWorker *worker() const { return m_worker; }

    quint64 open(const EngineOptions &options);
    quint64 generate(const GenerateRequest &request);
    quint64 close();
    quint64 setBudget(quint64 bytes);
    quint64 saveSession(const QString &path);
    quint64 loadSession(const QString &path);
    quint64 resetSession();
    quint64 connectRemote(const RemoteConnection &connection);
    // Stop everything submitted so far (generation or open in progress, queued requests).
    void stop();
    quint64 lastRequestId() const { return m_nextId - 1; }

Q_SIGNALS:
    // One request for the worker thread (post()). A queued signal of ours, not
    // QMetaObject::invokeMethod, so the ThreadSanitizer handoff
    // (qt/tsanhandoff.h) orders the arguments copied into it.
    void posted(const sluice::qt::WorkerCall &call);

private:
    // Numbers the request and queues `(worker->*slot)(id, args...)` on the
    // worker thread, with copies of the arguments; returns the id.
    template<typename... Params, typename... Args>
    quint64 post(void (EngineWorker::*slot)(quint64, Params...), const Args &...args);

    QThread m_thread;
    EngineWorker *m_worker = nullptr;
    quint64 m_nextId = 1;
};

} // namespace sluice::qt
