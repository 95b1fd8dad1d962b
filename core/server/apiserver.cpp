#include "server/apiserver.h"

#include "server/generator.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

namespace sluice::server {

struct ApiServer::Connection {
    QTcpSocket *socket = nullptr;
    HttpRequestParser parser;
    QTimer idle;
    bool busy = false; // a response is under way (no further request is read)
    bool keepAlive = true;
    bool streaming = false; // SSE headers sent (chunked body follows)
    quint64 job = 0; // the queued or running job
    bool closed = false; // disconnected; deleted on the next event-loop turn
    QString line; // "POST /v1/chat/completions" for the log
    QElapsedTimer clock;
};

namespace {

const char *reasonPhrase(int status)
{
    switch (status) {
    case 100:
        return "Continue";
    case 200:
        return "OK";
    case 204:
        return "No Content";
    case 400:
        return "Bad Request";
    case 401:
        return "Unauthorized";
    case 404:
        return "Not Found";
    case 405:
        return "Method Not Allowed";
    case 411:
        return "Length Required";
    case 413:
        return "Content Too Large";
    case 414:
        return "URI Too Long";
    case 415:
        return "Unsupported Media Type";
    case 429:
        return "Too Many Requests";
    case 431:
        return "Request Header Fields Too Large";
    case 500:
        return "Internal Server Error";
    case 503:
        return "Service Unavailable";
    case 505:
        return "HTTP Version Not Supported";
    default:
        return "Error";
    }
}

std::string errorType(int status)
{
    switch (status) {
    case 401:
        return "authentication_error";
    case 404:
        return "not_found_error";
    case 429:
        return "rate_limit_error";
    case 500:
    case 503:
        return "server_error";
    default:
        return "invalid_request_error";
    }
}

// Constant-time comparison (the key must not leak through timing).
bool sameSecret(const std::string &a, const std::string &b)
{
    unsigned char diff = a.size() == b.size() ? 0 : 1;
    for (size_t i = 0; i < a.size(); ++i)
        diff |= static_cast<unsigned char>(a[i] ^ (i < b.size() ? b[i] : 0));
    return diff == 0;
}

QByteArray chunked(const QByteArray &bytes)
{
    return QByteArray::number(bytes.size(), 16) + "\r\n" + bytes + "\r\n";
}

} // namespace

ApiServer::ApiServer(std::shared_ptr<Model> model, ServerOptions options, QObject *parent)
    : QObject(parent)
    , m_model(std::move(model))
    , m_options(std::move(options))
{
    // What a request leaves out is what the model recommends.
    if (m_model)
        m_options.request.recommended = m_model->info().recommendedSampling;
}

ApiServer::~ApiServer()
{
    if (m_generator) {
        for (const Job &j : m_queue)
            m_generator->cancel(j.id);
        if (m_running)
            m_generator->cancel(m_running);
        m_thread.quit();
        m_thread.wait();
        delete m_generator;
    }
}

Status ApiServer::start()
{
    if (!m_options.host.isLoopback() && m_options.apiKey.empty())
        return makeError(ErrorCode::InvalidArgument,
            SLUICE_ERRT("Error", "listening on %1 (not loopback) needs an API key"),
            m_options.host.toString().toStdString());
    m_tcp = new QTcpServer(this);
    m_tcp->setMaxPendingConnections(m_options.maxConnections);
    if (!m_tcp->listen(m_options.host, m_options.port))
        return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "cannot listen on %1:%2: %3"),
            m_options.host.toString().toStdString(), m_options.port, m_tcp->errorString().toStdString());
    connect(m_tcp, &QTcpServer::newConnection, this, &ApiServer::onNewConnection);
    m_generator = new Generator(m_model, m_options.modelId);
    connect(m_generator, &Generator::budgetNotice, this, &ApiServer::noticeLogged, Qt::QueuedConnection);
    if (m_options.adaptBudget) {
        auto source = m_options.pressureSource ? m_options.pressureSource() : makeSystemPressureSource();
        if (const Status st = m_generator->adaptBudget(m_options.adapt, std::move(source)); !st)
            Q_EMIT noticeLogged(QStringLiteral("the budget stays fixed: ") + QString::fromStdString(st.message()));
    }
    m_generator->moveToThread(&m_thread);
    connect(m_generator, &Generator::streamData, this, &ApiServer::onStreamData, Qt::QueuedConnection);
    connect(m_generator, &Generator::finished, this, &ApiServer::onFinished, Qt::QueuedConnection);
    m_thread.setObjectName(QStringLiteral("sluice-generator"));
    m_thread.start();
    return Status::ok();
}

uint64_t ApiServer::generatedTokens() const
{
    return m_generator ? m_generator->generatedTokens() : 0;
}

uint64_t ApiServer::budgetBytes() const
{
    return m_generator ? m_generator->budgetBytes() : m_model->info().budgetBytes;
}

std::string ApiServer::sessionError() const
{
    return m_generator ? m_generator->sessionError() : std::string();
}

quint16 ApiServer::port() const
{
    return m_tcp ? m_tcp->serverPort() : 0;
}

void ApiServer::onNewConnection()
{
    while (QTcpSocket *s = m_tcp->nextPendingConnection()) {
        if (int(m_connections.size()) >= m_options.maxConnections) {
            s->write("HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
            s->disconnectFromHost();
            connect(s, &QTcpSocket::disconnected, s, &QObject::deleteLater);
            continue;
        }
        auto conn = std::make_unique<Connection>();
        Connection *c = conn.get();
        c->socket = s;
        c->parser = HttpRequestParser(m_options.http);
        // Past this the kernel holds further bytes: a client cannot make us buffer more than a request.
        s->setReadBufferSize(256 * 1024);
        c->idle.setSingleShot(true);
        c->idle.setInterval(m_options.idleTimeoutMs);
        connect(&c->idle, &QTimer::timeout, s, [s] { s->abort(); });
        connect(s, &QTcpSocket::readyRead, this, [this, c] { onReadable(c); });
        connect(s, &QTcpSocket::disconnected, this, [this, c] { onDisconnected(c); });
        c->idle.start();
        m_connections.emplace(s, std::move(conn));
    }
}

void ApiServer::onDisconnected(Connection *c)
{
    if (c->job) {
        if (c->job == m_running) {
            m_generator->cancel(c->job); // onFinished comes back with 499 and dispatches the next
            m_runningConn = nullptr;
        } else {
            for (auto it = m_queue.begin(); it != m_queue.end(); ++it)
                if (it->id == c->job) {
                    m_queue.erase(it);
                    break;
                }
        }
        log(c, 499, QStringLiteral("client disconnected"));
        c->job = 0;
    }
    if (c->closed)
        return;
    c->closed = true;
    c->idle.stop();
    // Deferred: this can run inside the socket's or the timer's own signal.
    QTcpSocket *s = c->socket;
    QTimer::singleShot(0, this, [this, s] {
        m_connections.erase(s);
        s->deleteLater();
    });
}

void ApiServer::onReadable(Connection *c)
{
    while (!c->closed && !c->busy && c->socket->bytesAvailable() > 0) {
        const QByteArray bytes = c->socket->read(64 * 1024);
        auto state = c->parser.feed(std::string_view(bytes.constData(), size_t(bytes.size())));
        if (state == HttpRequestParser::State::HeadersDone && c->parser.request().expectsContinue()
            && c->parser.request().body.empty())
            c->socket->write("HTTP/1.1 100 Continue\r\n\r\n");
        if (state == HttpRequestParser::State::Failed) {
            c->keepAlive = false;
            c->busy = true;
            c->line = QStringLiteral("(unparsed request)");
            c->clock.start();
            const int status = c->parser.errorStatus();
            respondError(c, { status, c->parser.errorMessage(), errorType(status) });
            return;
        }
        if (state == HttpRequestParser::State::Complete) {
            const std::string rest(c->parser.leftover());
            HttpRequest request = c->parser.takeRequest();
            c->parser.reset();
            if (!rest.empty())
                c->parser.feed(rest); // a pipelined request's start (it waits until this one is answered)
            handle(c, std::move(request));
        }
    }
}

QByteArray ApiServer::commonHeaders() const
{
    QByteArray h = "Server: sluice\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n";
    if (!m_options.corsOrigin.empty())
        h += "Access-Control-Allow-Origin: " + QByteArray::fromStdString(m_options.corsOrigin)
            + "\r\nAccess-Control-Allow-Headers: Authorization, Content-Type\r\n"
              "Access-Control-Allow-Methods: GET, POST, OPTIONS\r\n";
    return h;
}

void ApiServer::respond(Connection *c, int status, const QByteArray &body, const QByteArray &contentType)
{
    QByteArray head = "HTTP/1.1 " + QByteArray::number(status) + " " + reasonPhrase(status) + "\r\n" + commonHeaders();
    if (!body.isEmpty() || status != 204)
        head += "Content-Type: " + contentType + "\r\nContent-Length: " + QByteArray::number(body.size()) + "\r\n";
    if (status == 401)
        head += "WWW-Authenticate: Bearer\r\n";
    head += c->keepAlive ? "Connection: keep-alive\r\n\r\n" : "Connection: close\r\n\r\n";
    c->socket->write(head + body);
    log(c, status, {});
    finishResponse(c);
}

void ApiServer::respondError(Connection *c, const ApiError &error)
{
    ApiError e = error;
    if (e.type.empty())
        e.type = errorType(e.status);
    respond(c, e.status, e.toJson());
}

void ApiServer::finishResponse(Connection *c)
{
    if (c->closed)
        return;
    c->busy = false;
    c->streaming = false;
    c->job = 0;
    if (!c->keepAlive) {
        c->socket->disconnectFromHost();
        return;
    }
    c->idle.start();
    // A pipelined request may already be complete in the parser or the socket.
    if (c->parser.state() == HttpRequestParser::State::Complete) {
        HttpRequest request = c->parser.takeRequest();
        const std::string rest(c->parser.leftover());
        c->parser.reset();
        if (!rest.empty())
            c->parser.feed(rest);
        handle(c, std::move(request));
        return;
    }
    QTimer::singleShot(0, this, [this, s = QPointer<QTcpSocket>(c->socket)] {
        if (s && m_connections.count(s))
            onReadable(m_connections[s].get());
    });
}

void ApiServer::log(Connection *c, int status, const QString &what)
{
    QString line = QStringLiteral("%1 %2 %3 %4 s")
                       .arg(QDateTime::currentDateTimeUtc().toString(Qt::ISODate), c->line)
                       .arg(status)
                       .arg(c->clock.isValid() ? c->clock.nsecsElapsed() / 1e9 : 0.0, 0, 'f', 3);
    if (!what.isEmpty())
        line += QStringLiteral(": ") + what;
    Q_EMIT requestLogged(line);
}

void ApiServer::handle(Connection *c, HttpRequest request)
{
    c->idle.stop();
    c->busy = true;
    c->keepAlive = request.keepAlive();
    c->line = QString::fromStdString(request.method + " " + request.path);
    c->clock.start();
    const std::string &path = request.path;
    const bool known = path == "/health" || path == "/v1/models" || path.rfind("/v1/models/", 0) == 0
        || path == "/v1/chat/completions" || path == "/v1/completions";
    if (!known)
        return respondError(
            c, { 404, "no route " + request.method + " " + path, "invalid_request_error", "", "unknown_url" });
    if (request.method == "OPTIONS" && !m_options.corsOrigin.empty())
        return respond(c, 204, {});
    if (!m_options.apiKey.empty() && path != "/health") {
        const std::string *auth = request.header("authorization");
        const std::string expected = "Bearer " + m_options.apiKey;
        if (!auth || !sameSecret(*auth, expected))
            return respondError(c,
                { 401, auth ? "the API key is wrong" : "an API key is required (Authorization: Bearer KEY)",
                    "authentication_error", "", "invalid_api_key" });
    }
    const QString id = QString::fromStdString(m_options.modelId);
    const QJsonObject modelObject { { "id", id }, { "object", "model" }, { "created", 0 }, { "owned_by", "sluice" } };
    const bool post = path == "/v1/chat/completions" || path == "/v1/completions";
    if (request.method != (post ? "POST" : "GET"))
        return respondError(
            c, { 405, request.method + " is not allowed on " + path + " (use " + (post ? "POST" : "GET") + ")" });
    if (path == "/health") {
        QJsonObject o { { "status", "ok" }, { "model", id }, { "busy", m_running != 0 },
            { "queued", int(m_queue.size()) } };
        if (m_generator) { // the budget in force: it moves under memory pressure when adapting
            o.insert("budget_bytes", qint64(m_generator->budgetBytes()));
            o.insert("expert_cache_bytes", qint64(m_generator->expertCacheBytes()));
            o.insert("adapting_budget", m_generator->adapting());
        }
        return respond(c, 200, QJsonDocument(o).toJson(QJsonDocument::Compact));
    }
    if (path == "/v1/models")
        return respond(c, 200,
            QJsonDocument(QJsonObject { { "object", "list" }, { "data", QJsonArray { modelObject } } })
                .toJson(QJsonDocument::Compact));
    if (path.rfind("/v1/models/", 0) == 0) {
        if (path.substr(11) != m_options.modelId)
            return respondError(c,
                { 404,
                    "the model '" + path.substr(11) + "' does not exist (this server has '" + m_options.modelId + "')",
                    "invalid_request_error", "model", "model_not_found" });
        return respond(c, 200, QJsonDocument(modelObject).toJson(QJsonDocument::Compact));
    }
    handleCompletion(c, request, path == "/v1/chat/completions");
}

void ApiServer::handleCompletion(Connection *c, const HttpRequest &request, bool chat)
{
    // The Content-Type is not checked (curl -d sends form-urlencoded): the body must parse as JSON anyway.
    const QByteArray body = QByteArray::fromStdString(request.body);
    Job j;
    ApiError error;
    const bool thinking = m_model->info().architecture == "kimi-k3";
    const bool ok = chat ? parseChatRequest(body, thinking, m_options.request, j.job, error)
                         : parseCompletionRequest(body, m_options.request, j.job, error);
    if (!ok)
        return respondError(c, error);
    if (!j.job.model.empty() && j.job.model != m_options.modelId)
        return respondError(c,
            { 404, "the model '" + j.job.model + "' does not exist (this server has '" + m_options.modelId + "')",
                "invalid_request_error", "model", "model_not_found" });
    if (int(m_queue.size()) >= m_options.maxQueue && (m_running != 0 || !m_queue.empty()))
        return respondError(c,
            { 429, "the queue is full (" + std::to_string(m_queue.size()) + " requests wait); try again later",
                "rate_limit_error", "", "queue_full" });
    j.id = m_nextId++;
    j.conn = c;
    c->job = j.id;
    m_queue.push_back(std::move(j));
    dispatch();
}

void ApiServer::dispatch()
{
    if (m_running != 0 || m_queue.empty())
        return;
    Job j = std::move(m_queue.front());
    m_queue.pop_front();
    m_running = j.id;
    m_runningConn = j.conn;
    QMetaObject::invokeMethod(
        m_generator, [g = m_generator, id = j.id, job = std::move(j.job)] { g->run(id, job); }, Qt::QueuedConnection);
}

void ApiServer::onStreamData(quint64 id, const QByteArray &bytes)
{
    Connection *c = id == m_running ? m_runningConn : nullptr;
    if (!c || c->closed || bytes.isEmpty())
        return;
    if (!c->streaming) {
        c->streaming = true;
        c->socket->write("HTTP/1.1 200 OK\r\n" + commonHeaders()
            + "Content-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n"
            + (c->keepAlive ? "Connection: keep-alive\r\n\r\n" : "Connection: close\r\n\r\n"));
    }
    c->socket->write(chunked(bytes));
}

void ApiServer::onFinished(quint64 id, int status, const QByteArray &body, const QString &summary)
{
    Connection *c = id == m_running ? m_runningConn : nullptr;
    if (id == m_running) {
        m_running = 0;
        m_runningConn = nullptr;
    }
    if (c && !c->closed && c->job == id) {
        if (c->streaming) {
            c->socket->write((body.isEmpty() ? QByteArray() : chunked(body)) + "0\r\n\r\n");
            log(c, status, summary);
            finishResponse(c);
        } else if (status == 200 && !body.startsWith("data:")) {
            c->line += QStringLiteral(" (%1)").arg(summary);
            respond(c, status, body);
        } else if (status == 200) {
            // A streamed job whose only pieces came at the end.
            m_running = id; // onStreamData writes the SSE head for the running job
            m_runningConn = c;
            onStreamData(id, body);
            m_running = 0;
            m_runningConn = nullptr;
            c->socket->write("0\r\n\r\n");
            log(c, status, summary);
            finishResponse(c);
        } else if (status == 499) {
            c->keepAlive = false;
            finishResponse(c);
        } else {
            respond(c, status, body);
        }
    }
    dispatch();
}

} // namespace sluice::server
