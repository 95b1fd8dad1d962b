#pragma once
// sluice::server::ApiServer — the local OpenAI-compatible HTTP server.
//
// HTTP/1.1 on QTcpServer with the limits of httpparser.h (Qt HttpServer 6.4,
// Debian 12's, buffers any body whole before a handler sees it and has no
// header limits, so it cannot refuse a 10 GB body with 413). Routes:
// GET /health, GET /v1/models[/ID], POST /v1/chat/completions,
// POST /v1/completions. Generation runs on the Generator's own thread, one job
// at a time, in arrival order; at most `maxQueue` wait behind it (429 past
// that). A client that disconnects has its job cancelled (or dropped from the
// queue). Loopback only unless an API key is set; no CORS unless an origin is
// given. Lives on the thread that calls start() (it needs an event loop).
#include "api/budgetadapter.h"
#include "api/model.h"
#include "server/httpparser.h"
#include "server/openairequest.h"
#include "api/types.h" // Status, Expected

#include <QHostAddress>
#include <QObject>
#include <QPointer>
#include <QThread>

#include <deque>
#include <map>
#include <memory>

class QTcpServer;
class QTcpSocket;

namespace sluice::server {

class Generator;

struct ServerOptions {
    QHostAddress host = QHostAddress::LocalHost;
    quint16 port = 8080; // 0 = any free port (port() tells)
    std::string apiKey; // required for a non-loopback host
    std::string modelId; // the name /v1/models lists and requests must use
    int maxQueue = 16; // requests waiting behind the running one
    int maxConnections = 64;
    int idleTimeoutMs = 60000; // a connection that sends no complete request for this long is closed
    std::string corsOrigin; // "" = no CORS headers at all
    HttpLimits http;
    RequestLimits request;
    // Yield memory under system pressure (api/budgetadapter.h), applied
    // between requests and at once when idle. `sluice-cli serve` turns it on;
    // the app's server leaves it off (the app's own monitor moves the budget
    // of the model both share).
    bool adaptBudget = false;
    AdaptSettings adapt;
    std::function<std::unique_ptr<PressureSource>()> pressureSource; // empty = the system's
};

class ApiServer : public QObject {
    Q_OBJECT
public:
    ApiServer(std::shared_ptr<Model> model, ServerOptions options, QObject *parent = nullptr);
    ~ApiServer() override;

    Status start();
    quint16 port() const;
    const ServerOptions &options() const { return m_options; }
    int queued() const { return int(m_queue.size()); }
    bool busy() const { return m_running != 0; }
    // Tokens generated so far, over every request (any thread).
    uint64_t generatedTokens() const;
    // Why the server has no session on its model ("" when it has one): every
    // completion is then answered 503 (e.g. the model was opened with all its
    // planned sessions taken).
    std::string sessionError() const;
    // The budget in force (it moves under pressure when adaptBudget is on).
    uint64_t budgetBytes() const;

Q_SIGNALS:
    // One line per finished request: "POST /v1/chat/completions 200 0.42 s: ..." (the live request log).
    void requestLogged(const QString &line);
    // Anything else worth a line in the log: the budget moved under memory
    // pressure, or pressure cannot be watched here.
    void noticeLogged(const QString &line);

private:
    struct Connection;
    struct Job {
        quint64 id = 0;
        Connection *conn = nullptr;
        CompletionJob job;
    };

    void onNewConnection();
    void onReadable(Connection *c);
    void onDisconnected(Connection *c);
    void handle(Connection *c, HttpRequest request);
    void handleCompletion(Connection *c, const HttpRequest &request, bool chat);
    void dispatch();
    void onStreamData(quint64 id, const QByteArray &bytes);
    void onFinished(quint64 id, int status, const QByteArray &body, const QString &summary);

    void respond(Connection *c, int status, const QByteArray &body, const QByteArray &contentType = "application/json");
    void respondError(Connection *c, const ApiError &error);
    void finishResponse(Connection *c);
    QByteArray commonHeaders() const;
    void log(Connection *c, int status, const QString &what);

    std::shared_ptr<Model> m_model;
    ServerOptions m_options;
    QTcpServer *m_tcp = nullptr;
    QThread m_thread;
    Generator *m_generator = nullptr;
    std::map<QTcpSocket *, std::unique_ptr<Connection>> m_connections;
    std::deque<Job> m_queue;
    quint64 m_nextId = 1;
    quint64 m_running = 0;
    Connection *m_runningConn = nullptr;
};

} // namespace sluice::server
