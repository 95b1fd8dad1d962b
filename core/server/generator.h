#pragma once
// The server's generation worker: owns the one Conversation (api/chat.h) on
// the served Model and runs one CompletionJob at a time on its own thread
// (never the HTTP thread). The conversation does the turn (rendering, the
// splice that lets an agent loop resending the conversation with one more
// turn compute only the new turn, images as bytes, the context in Strict
// mode, the reply parsed by id); this maps it to OpenAI chunks and JSON. Everything leaves as bytes through signals;
// the HTTP side only frames and writes them.
#include "api/budgetadapter.h"
#include "api/chat.h"
#include "api/constraint.h"
#include "server/openairequest.h"

#include <QObject>

#include <atomic>
#include <memory>
#include <mutex>
#include <set>

namespace sluice::server {

class Generator : public QObject {
    Q_OBJECT
public:
    Generator(std::shared_ptr<Model> model, std::string modelId);
    ~Generator() override;

    // Runs on the generator's thread (queue it with QMetaObject::invokeMethod).
    void run(quint64 id, const sluice::server::CompletionJob &job);
    // Any thread: stops job `id` within a layer if it runs, or before it starts.
    void cancel(quint64 id);

    // Counters for /health and the tests (any thread).
    uint64_t generatedTokens() const { return m_generatedTokens.load(); }
    // "" when the generator has its session (set once, in the constructor).
    const std::string &sessionError() const { return m_sessionError; }

    // Yield memory under system pressure (serve's default): the adapter
    // decides on its own thread; the decision is applied on the generator's
    // thread between jobs, at once when idle. Call before the generator
    // moves to its thread. Unsupported without a pressure source.
    Status adaptBudget(const AdaptSettings &settings, std::unique_ptr<PressureSource> source);
    // The budget in force and the cache it buys (any thread; /health).
    uint64_t budgetBytes() const { return m_budgetBytes.load(); }
    uint64_t expertCacheBytes() const { return m_cacheBytes.load(); }
    bool adapting() const { return m_adapting.load(); }

Q_SIGNALS:
    // A Server-Sent Events piece ("data: {...}\n\n") of a streamed job.
    void streamData(quint64 id, const QByteArray &bytes);
    // The job is over: `status` and `body` are the whole response of an
    // unstreamed job (or of a streamed one that failed before its first piece),
    // else the last SSE pieces. `summary` is one line for the request log.
    void finished(quint64 id, int status, const QByteArray &body, const QString &summary);
    // The budget moved (or could not): one line for the server's log.
    void budgetNotice(const QString &line);

private:
    struct JobFrame;

    void applyBudget(); // on the generator's thread, between jobs
    // The steps of run().
    void fail(quint64 id, const ApiError &e);
    bool prepare(quint64 id, const CompletionJob &request, TurnRequest &turn);
    Status reply(quint64 id, const CompletionJob &request, const JobFrame &frame, const TurnRequest &turn,
        TurnResult &result, bool &first);
    void respond(quint64 id, const CompletionJob &request, const JobFrame &frame, const TurnRequest &turn,
        const TurnResult &result, bool first);
    bool takeCancelled(quint64 id);
    bool isCancelled(quint64 id);

    std::shared_ptr<Model> m_model;
    std::string m_modelId;
    std::unique_ptr<Conversation> m_conversation;
    std::string m_sessionError;

    JsonConstraints m_json; // the vocabulary's bytes, read on the first json request

    std::mutex m_mutex;
    std::set<quint64> m_cancelled;
    quint64 m_running = 0;
    std::atomic<uint64_t> m_generatedTokens { 0 };

    BudgetAdapter m_adapter;
    std::atomic<uint64_t> m_budgetBytes { 0 };
    std::atomic<uint64_t> m_cacheBytes { 0 };
    std::atomic<bool> m_adapting { false };
};

} // namespace sluice::server
