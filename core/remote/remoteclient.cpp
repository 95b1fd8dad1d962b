// RemoteClient (api/remote.h): an OpenAI-compatible chat client on Qt
// Network. Each call creates its own QNetworkAccessManager in the calling
// thread and runs a local event loop until the reply finishes, a timeout
// fires or the caller cancels (polled: cancel() may come from any thread).
#include "api/remote.h"

#include "remotejson.h"
#include "sseparser.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTimer>
#include <QUrl>

#include <chrono>
#include <cstdio>

namespace sluice {

namespace {

using Clock = std::chrono::steady_clock;

std::string seconds(int ms)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g s", ms / 1000.0);
    return buf;
}

double since(Clock::time_point t0)
{
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

QUrl endpoint(const std::string &base, const char *path)
{
    QString b = QString::fromStdString(base).trimmed();
    while (b.endsWith(QLatin1Char('/')))
        b.chop(1);
    if (!b.endsWith(QLatin1String("/v1")))
        b += QLatin1String("/v1");
    return QUrl(b + QLatin1String(path));
}

// One HTTP exchange with the timeouts, the cancel flag and the body bound.
// A 2xx body is handed to onChunk as it arrives when streaming; every other
// body (and an unstreamed one) is collected up to maxBodyBytes.
struct Exchange {
    int http = 0;
    QByteArray contentType;
    QByteArray body;
    Status status; // transport, timeout, bound or onChunk's error
    bool transportError = false;
};

Exchange run(QNetworkAccessManager &nam, QNetworkRequest req, const QByteArray *post, const RemoteOptions &o,
    std::atomic<bool> &cancel, const std::function<Status(const QByteArray &)> &onChunk)
{
    Exchange ex;
    const QString where = req.url().toString(QUrl::RemoveUserInfo);
    if (!QCoreApplication::instance()) {
        ex.status = makeError(ErrorCode::Internal, "the remote client needs a QCoreApplication in the process");
        return ex;
    }
    req.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::NoLessSafeRedirectPolicy);
    QNetworkReply *reply = post ? nam.post(req, *post) : nam.get(req);
    reply->setReadBufferSize(256 * 1024); // Qt buffers at most this much before we read
    QEventLoop loop;
    QTimer timer, poll;
    timer.setSingleShot(true);
    bool sent = false, streamingBody = false;
    std::string failure;
    ErrorCode failureCode = ErrorCode::Io;
    auto fail = [&](ErrorCode code, std::string why) {
        if (failure.empty()) {
            failure = std::move(why);
            failureCode = code;
        }
        reply->abort();
    };
    QObject::connect(&timer, &QTimer::timeout, &loop, [&] {
        if (!sent)
            fail(ErrorCode::Io,
                where.toStdString() + ": could not connect within " + seconds(o.connectTimeoutMs)
                    + " (connect timeout)");
        else
            fail(ErrorCode::Io,
                where.toStdString() + ": the server sent nothing for " + seconds(o.idleTimeoutMs) + " (idle timeout)");
    });
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        if (cancel.load())
            fail(ErrorCode::Cancelled, "cancelled");
    });
    QObject::connect(reply, &QNetworkReply::requestSent, &loop, [&] {
        sent = true;
        timer.start(o.idleTimeoutMs);
    });
    QObject::connect(reply, &QNetworkReply::metaDataChanged, &loop, [&] {
        ex.http = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        ex.contentType = reply->header(QNetworkRequest::ContentTypeHeader).toByteArray();
        streamingBody = onChunk && ex.http >= 200 && ex.http < 300 && ex.contentType.startsWith("text/event-stream");
    });
    QObject::connect(reply, &QNetworkReply::readyRead, &loop, [&] {
        sent = true;
        timer.start(o.idleTimeoutMs);
        const QByteArray chunk = reply->readAll();
        if (streamingBody) {
            if (Status st = onChunk(chunk); !st.isOk())
                fail(st.code(), st.message());
            return;
        }
        if (uint64_t(ex.body.size()) + uint64_t(chunk.size()) > o.maxBodyBytes) {
            fail(ErrorCode::Format,
                where.toStdString() + ": the reply is larger than " + std::to_string(o.maxBodyBytes)
                    + " bytes (refused)");
            return;
        }
        ex.body += chunk;
    });
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    timer.start(o.connectTimeoutMs);
    poll.start(50);
    if (!reply->isFinished())
        loop.exec();
    if (ex.http == 0)
        ex.http = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QNetworkReply::NetworkError err = reply->error();
    // An HTTP error status is not a transport error: its body says why.
    const bool httpError
        = err >= QNetworkReply::ContentAccessDenied && err <= QNetworkReply::UnknownServerError && ex.http >= 400;
    if (!failure.empty()) {
        ex.status = makeError(failureCode, failure);
        ex.transportError = true;
    } else if (err == QNetworkReply::RemoteHostClosedError) {
        ex.status = makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: the server closed the connection"), where.toStdString());
        ex.transportError = true;
    } else if (err != QNetworkReply::NoError && !httpError) {
        ex.status = makeError(ErrorCode::Io, where.toStdString() + ": " + reply->errorString().toStdString());
        ex.transportError = true;
    }
    delete reply;
    return ex;
}

// "401 Unauthorized: Invalid API key" from an OpenAI error body (or the bytes).
Status httpStatus(const Exchange &ex, const QUrl &url)
{
    std::string why;
    const QJsonObject e = QJsonDocument::fromJson(ex.body).object().value(QLatin1String("error")).toObject();
    if (!e.isEmpty())
        why = e.value(QLatin1String("message")).toString().toStdString();
    else
        why = ex.body.left(200).trimmed().toStdString();
    std::string what = std::to_string(ex.http);
    if (ex.http == 401)
        what += " Unauthorized (wrong or missing API key)";
    else if (ex.http == 404)
        what += " Not Found";
    else if (ex.http == 429)
        what += " Too Many Requests";
    const ErrorCode code = ex.http == 400 ? ErrorCode::InvalidArgument
        : ex.http == 404                  ? ErrorCode::NotFound
                                          : ErrorCode::Io;
    const std::string where = url.toString(QUrl::RemoveUserInfo).toStdString();
    if (why.empty())
        return makeError(code, SLUICE_ERRT("Error", "%1: HTTP %2"), where, what);
    return makeError(code, SLUICE_ERRT("Error", "%1: HTTP %2: %3"), where, what, why);
}

QNetworkRequest makeRequest(const QUrl &url, const RemoteOptions &o)
{
    QNetworkRequest req(url);
    if (!o.apiKey.empty())
        req.setRawHeader("Authorization", "Bearer " + QByteArray::fromStdString(o.apiKey));
    req.setRawHeader("Accept", "application/json, text/event-stream");
    return req;
}

} // namespace

RemoteClient::RemoteClient(RemoteOptions options)
    : m_options(std::move(options))
{
}
RemoteClient::~RemoteClient() = default;

Expected<std::vector<RemoteModel>> RemoteClient::listModels()
{
    m_cancel.store(false);
    const QUrl url = endpoint(m_options.baseUrl, "/models");
    if (!url.isValid() || (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https")))
        return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "%1: not an http:// or https:// URL"), m_options.baseUrl);
    QNetworkAccessManager nam;
    const Exchange ex = run(nam, makeRequest(url, m_options), nullptr, m_options, m_cancel, {});
    if (!ex.status.isOk())
        return ex.status;
    if (ex.http < 200 || ex.http >= 300)
        return httpStatus(ex, url);
    return remote::parseModels(ex.body, url.toString().toStdString());
}

Expected<std::string> RemoteClient::requestBody(const RemoteChatRequest &request) const
{
    return remote::buildChatBody(request, m_options.maxImageBytes);
}

RemoteReply RemoteClient::chat(
    const RemoteChatRequest &request, const std::function<bool(const RemoteDelta &)> &onDelta)
{
    RemoteReply out;
    const QUrl url = endpoint(m_options.baseUrl, "/chat/completions");
    if (!url.isValid() || (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https"))) {
        out.status = makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "%1: not an http:// or https:// URL"), m_options.baseUrl);
        return out;
    }
    RemoteChatRequest req = request;
    if (req.model.empty()) {
        auto models = listModels();
        if (!models) {
            out.status = models.status();
            return out;
        }
        if (models->empty()) {
            out.status = makeError(ErrorCode::NotFound, SLUICE_ERRT("Error", "%1: the server lists no model"), url.toString().toStdString());
            return out;
        }
        req.model = models->front().id;
    }
    m_cancel.store(false);
    auto body = remote::buildChatBody(req, m_options.maxImageBytes);
    if (!body) {
        out.status = body.status();
        return out;
    }
    const QByteArray post = QByteArray::fromStdString(*body);
    QNetworkRequest nreq = makeRequest(url, m_options);
    nreq.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));

    remote::ReplyAssembler assembler(out, m_options.maxBodyBytes);
    const auto t0 = Clock::now();
    double firstDelta = -1, lastDelta = 0;
    int deltas = 0;
    bool stopped = false;
    auto deliver = [&](const RemoteDelta &d) -> bool {
        if (d.content.empty() && d.reasoning.empty())
            return true;
        const double t = since(t0);
        if (firstDelta < 0)
            firstDelta = t;
        lastDelta = t;
        ++deltas;
        if (onDelta && !onDelta(d)) {
            stopped = true;
            return false;
        }
        return true;
    };
    remote::SseParser sse(remote::SseLimits { m_options.maxLineBytes, m_options.maxEventBytes });
    std::vector<remote::SseEvent> events;
    const std::string where = url.toString(QUrl::RemoveUserInfo).toStdString();
    auto onChunk = [&](const QByteArray &chunk) -> Status {
        events.clear();
        const bool ok = sse.feed(std::string_view(chunk.constData(), size_t(chunk.size())), events);
        for (const remote::SseEvent &e : events) {
            if (assembler.done())
                break;
            if (Status st = assembler.event(e, deliver); !st.isOk())
                return st.withContext(where);
            if (stopped)
                return makeError(ErrorCode::Cancelled, SLUICE_ERRT("Error", "cancelled"));
        }
        if (!ok)
            return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1: %2 (refused)"), where, sse.error());
        return Status::ok();
    };
    QNetworkAccessManager nam;
    Exchange ex = run(
        nam, nreq, &post, m_options, m_cancel, req.stream ? onChunk : std::function<Status(const QByteArray &)> {});
    out.httpStatus = ex.http;
    out.stats.totalSeconds = since(t0);
    if (ex.status.isOk() && (ex.http < 200 || ex.http >= 300)) {
        out.status = httpStatus(ex, url);
        return out;
    }
    if (ex.status.isOk() && !ex.body.isEmpty()) {
        // Unstreamed (or a server that ignored stream: true and sent JSON).
        if (Status st = assembler.whole(ex.body, deliver); !st.isOk())
            ex.status = st.withContext(where);
        if (firstDelta < 0)
            firstDelta = out.stats.totalSeconds;
    }
    out.status = ex.status;
    if (out.status.isOk() && !assembler.finished()) {
        out.status
            = makeError(ErrorCode::Io,
                        SLUICE_ERRT("Error", "%1: the stream ended before the reply finished (no finish_reason)"), where);
    }
    // Cut off: the reply began (a 2xx head) but never finished. A request that
    // got no answer at all (refused, connect timeout) is a plain failure.
    if (!assembler.finished() && ex.http >= 200 && ex.http < 300) {
        out.cutOff = true;
        out.finishReason = "cut_off";
        if (out.status.code() != ErrorCode::Cancelled)
            out.status = Status(out.status.code(),
                out.status.message() + "; the reply is cut off ("
                    + std::to_string(out.content.size() + out.reasoning.size()) + " bytes kept)");
    }
    out.stats.ttftSeconds = firstDelta < 0 ? 0 : firstDelta;
    RemoteStats &s = out.stats;
    if (!s.usageFromServer)
        s.completionTokens = deltas;
    const int tokens = s.completionTokens;
    if (tokens > 1 && lastDelta > firstDelta && req.stream)
        s.decodeTokensPerSecond = (tokens - 1) / (lastDelta - firstDelta);
    return out;
}

} // namespace sluice
