// The remote client on its own (api/remote.h, core/remote/): the SSE parser
// (data-driven: split chunks, CRLF/CR/LF, comments, junk fields, BOM, the
// bounds), the request body, and RemoteClient against a scripted HTTP server
// in this process (QTcpServer; the client's event loop serves it too): a
// stream assembled with tool calls, a stream cut off (kept), an endless line
// and a huge body refused, the idle timeout, cancellation, key files.
#include "support/testregistry.h"
#include "api/remote.h"
#include "remote/remotejson.h"
#include "remote/sseparser.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QScopeGuard>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QTimer>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

using namespace sluice;
using namespace sluice::remote;

namespace {

// Events as "event|data|id" lines joined by '\n' (a compact expectation).
QString describe(const std::vector<SseEvent> &events)
{
    QStringList out;
    for (const SseEvent &e : events)
        out << QString::fromStdString(e.event + "|" + e.data + "|" + e.id);
    return out.join(QLatin1Char('\n'));
}

// What the scripted server sends for one request: a head and body pieces,
// then it closes (or stays silent when `hang`).
struct Script {
    QByteArray head;
    QList<QByteArray> pieces;
    bool hang = false;
    int delayMs = 0; // between pieces
};

class FakeServer : public QObject {
public:
    explicit FakeServer(Script script)
        : m_script(std::move(script))
    {
        m_server.listen(QHostAddress::LocalHost, 0);
        QObject::connect(&m_server, &QTcpServer::newConnection, this, [this] {
            QTcpSocket *s = m_server.nextPendingConnection();
            QObject::connect(s, &QTcpSocket::readyRead, s, [this, s] {
                m_request += s->readAll();
                const qsizetype end = m_request.indexOf("\r\n\r\n");
                if (end < 0 || m_answered)
                    return;
                const qsizetype lenAt = m_request.toLower().indexOf("content-length:");
                const int len = lenAt < 0 ? 0 : m_request.mid(lenAt + 15, 12).trimmed().split('\r').value(0).toInt();
                if (m_request.size() < end + 4 + len)
                    return;
                m_answered = true;
                s->write(m_script.head);
                sendPiece(s, 0);
            });
        });
    }
    QString url() const { return QStringLiteral("http://127.0.0.1:%1").arg(m_server.serverPort()); }
    QByteArray request() const { return m_request; }

private:
    void sendPiece(QTcpSocket *s, int i)
    {
        if (i >= m_script.pieces.size()) {
            if (!m_script.hang) {
                s->flush();
                s->disconnectFromHost();
            }
            return;
        }
        s->write(m_script.pieces[i]);
        s->flush();
        QTimer::singleShot(m_script.delayMs, s, [this, s, i] { sendPiece(s, i + 1); });
    }
    QTcpServer m_server;
    Script m_script;
    QByteArray m_request;
    bool m_answered = false;
};

QByteArray chunk(const QByteArray &data)
{
    return QByteArray::number(data.size(), 16) + "\r\n" + data + "\r\n";
}

QByteArray sseHead()
{
    return "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n";
}

QByteArray delta(const QString &content, const QString &finish = {})
{
    QJsonObject d { { "content", content } };
    QJsonObject c { { "index", 0 }, { "delta", d },
        { "finish_reason", finish.isEmpty() ? QJsonValue() : QJsonValue(finish) } };
    return "data: "
        + QJsonDocument(QJsonObject { { "model", "fake" }, { "choices", QJsonArray { c } } })
              .toJson(QJsonDocument::Compact)
        + "\n\n";
}

RemoteOptions options(const std::string &url)
{
    RemoteOptions o;
    o.baseUrl = url;
    return o;
}

RemoteChatRequest hello()
{
    RemoteChatRequest r;
    r.model = "fake";
    r.messages.push_back({ "user", "hello", "", {}, {}, "", "" });
    return r;
}

} // namespace

class TestRemote : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void sse_data();
    void sse();
    void sseEverySplit();
    void sseBounds();
    void requestBody();
    void streamAssembled();
    void wholeReply();
    void cutOffKept();
    void endlessLineRefused();
    void hugeBodyRefused();
    void endlessSmallEventsRefused();
    void connectTimeout();
    void idleTimeout();
    void cancelFromAnotherThread();
    void httpErrorNamed();
    void keyFiles();
};

void TestRemote::sse_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QString>("expected");
    QTest::newRow("one event") << QByteArray("data: {\"a\":1}\n\n") << "|{\"a\":1}|";
    QTest::newRow("no space after colon") << QByteArray("data:x\n\n") << "|x|";
    QTest::newRow("only one space dropped") << QByteArray("data:  x\n\n") << "| x|";
    QTest::newRow("CRLF") << QByteArray("data: a\r\n\r\ndata: b\r\n\r\n") << "|a|\n|b|";
    QTest::newRow("bare CR") << QByteArray("data: a\r\rdata: b\r\r") << "|a|\n|b|";
    QTest::newRow("multi-line data") << QByteArray("data: a\ndata: b\n\n") << "|a\nb|";
    QTest::newRow("comment / keep-alive") << QByteArray(": ping\n\ndata: x\n: again\n\n") << "|x|";
    QTest::newRow("event and id") << QByteArray("event: error\nid: 7\ndata: boom\n\n") << "error|boom|7";
    QTest::newRow("id persists") << QByteArray("id: 3\ndata: a\n\ndata: b\n\n") << "|a|3\n|b|3";
    QTest::newRow("junk fields ignored") << QByteArray("foo: bar\nretry: 100\nnonsense\ndata: x\n\n") << "|x|";
    QTest::newRow("field without colon = empty data") << QByteArray("data\n\n") << "||";
    QTest::newRow("no data: not dispatched") << QByteArray("event: x\n\n") << "";
    QTest::newRow("unterminated event not dispatched") << QByteArray("data: x\n") << "";
    QTest::newRow("BOM skipped") << QByteArray("\xEF\xBB\xBF"
                                               "data: x\n\n")
                                 << "|x|";
    QTest::newRow("DONE") << QByteArray("data: [DONE]\n\n") << "|[DONE]|";
    QTest::newRow("binary junk in a value")
        << QByteArray("data: \x01\xFF\x7F\n\n")
        << QString::fromLatin1("|") + QString::fromStdString(std::string("\x01\xFF\x7F")) + "|";
}

void TestRemote::sse()
{
    QFETCH(QByteArray, input);
    QFETCH(QString, expected);
    SseParser p;
    std::vector<SseEvent> events;
    QVERIFY(p.feed(std::string_view(input.constData(), size_t(input.size())), events));
    QCOMPARE(describe(events), expected);
}

// Every split point (and byte by byte) gives the same events as one feed:
// a CRLF split between its CR and LF must not make an extra blank line.
void TestRemote::sseEverySplit()
{
    const QByteArray input("\xEF\xBB\xBF"
                           "data: a\r\n\r\n: c\r\ndata: b\r\ndata: c\r\n\r\nevent: e\rdata: d\r\rdata: [DONE]\n\n");
    SseParser whole;
    std::vector<SseEvent> expected;
    QVERIFY(whole.feed(std::string_view(input.constData(), size_t(input.size())), expected));
    QCOMPARE(expected.size(), size_t(4));
    for (qsizetype split = 0; split <= input.size(); ++split) {
        SseParser p;
        std::vector<SseEvent> got;
        QVERIFY(p.feed(std::string_view(input.constData(), size_t(split)), got));
        QVERIFY(p.feed(std::string_view(input.constData() + split, size_t(input.size() - split)), got));
        QVERIFY2(describe(got) == describe(expected), qPrintable(QString::number(split)));
    }
    SseParser bytewise;
    std::vector<SseEvent> got;
    for (char c : input)
        QVERIFY(bytewise.feed(std::string_view(&c, 1), got));
    QCOMPARE(describe(got), describe(expected));
}

void TestRemote::sseBounds()
{
    SseLimits limits;
    limits.maxLineBytes = 64;
    limits.maxEventBytes = 100;
    {
        // An endless line fed in pieces: refused at the limit, never more buffered.
        SseParser p(limits);
        std::vector<SseEvent> events;
        const std::string piece(10, 'x');
        bool ok = true;
        for (int i = 0; i < 1000 && ok; ++i) {
            ok = p.feed(piece, events);
            QVERIFY(p.buffered() <= limits.maxLineBytes);
        }
        QVERIFY(!ok);
        QVERIFY(p.failed());
        QVERIFY2(QString::fromStdString(p.error()).contains("longer than 64 bytes"), p.error().c_str());
        QVERIFY(!p.feed("data: x\n\n", events)); // stays failed
        QVERIFY(events.empty());
    }
    {
        // Many short data lines: the event's data is bounded too.
        SseParser p(limits);
        std::vector<SseEvent> events;
        bool ok = true;
        for (int i = 0; i < 100 && ok; ++i)
            ok = p.feed("data: 0123456789\n", events);
        QVERIFY(!ok);
        QVERIFY2(QString::fromStdString(p.error()).contains("larger than 100 bytes"), p.error().c_str());
    }
    {
        // Right at the limits is fine.
        SseParser p(limits);
        std::vector<SseEvent> events;
        QVERIFY(p.feed("data: " + std::string(58, 'y') + "\n\n", events));
        QCOMPARE(events.size(), size_t(1));
    }
}

void TestRemote::requestBody()
{
    QTemporaryDir dir;
    const QString png = dir.filePath("i.png");
    {
        QFile f(png);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("\x89PNG\r\n\x1a\n0123");
    }
    RemoteChatRequest r = hello();
    r.messages.push_back({ "assistant", "", "", {}, { { "call_1", "get", "{\"a\":1}" } }, "", "" });
    r.messages.push_back({ "tool", "42", "", {}, {}, "call_1", "" });
    r.messages.push_back({ "user", "look", "", { png.toStdString() }, {}, "", "" });
    r.maxTokens = 9;
    r.temperature = 0.5;
    r.seed = 11;
    r.stop = { "a", "b" };
    r.toolsJson = R"([{"type":"function","function":{"name":"get"}}])";
    r.toolChoice = "auto";
    r.reasoningEffort = "none";
    auto body = buildChatBody(r, 1 << 20);
    QVERIFY2(body.isOk(), body.status().message().c_str());
    const QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(*body)).object();
    QCOMPARE(o.value("stream").toBool(), true);
    QCOMPARE(o.value("stream_options").toObject().value("include_usage").toBool(), true);
    QCOMPARE(o.value("max_tokens").toInt(), 9);
    QCOMPARE(o.value("temperature").toDouble(), 0.5);
    QCOMPARE(o.value("seed").toInt(), 11);
    QCOMPARE(o.value("stop").toArray().size(), 2);
    QCOMPARE(o.value("tools").toArray().size(), 1);
    QVERIFY(!o.contains("top_p"));
    const QJsonArray m = o.value("messages").toArray();
    QCOMPARE(m.size(), 4);
    QVERIFY(m[1].toObject().value("content").isNull());
    QCOMPARE(m[1].toObject()
                 .value("tool_calls")
                 .toArray()[0]
                 .toObject()
                 .value("function")
                 .toObject()
                 .value("arguments")
                 .toString(),
        QStringLiteral("{\"a\":1}"));
    QCOMPARE(m[2].toObject().value("tool_call_id").toString(), QStringLiteral("call_1"));
    const QJsonArray parts = m[3].toObject().value("content").toArray();
    QCOMPARE(parts.size(), 2);
    QCOMPARE(parts[1].toObject().value("image_url").toObject().value("url").toString(),
        "data:image/png;base64," + QByteArray("\x89PNG\r\n\x1a\n0123").toBase64());
    // A missing file, a non-image, one over the limit, bad tools: named.
    r.messages.back().imagePaths = { dir.filePath("none.png").toStdString() };
    QVERIFY(QString::fromStdString(buildChatBody(r, 1 << 20).status().message()).contains("no such image file"));
    r.messages.back().imagePaths = { png.toStdString() };
    QVERIFY(QString::fromStdString(buildChatBody(r, 4).status().message()).contains("over the 4-byte limit"));
    {
        QFile f(dir.filePath("t.txt"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("hello");
    }
    r.messages.back().imagePaths = { dir.filePath("t.txt").toStdString() };
    QVERIFY(QString::fromStdString(buildChatBody(r, 1 << 20).status().message()).contains("not a PNG"));
    r.messages.back().imagePaths.clear();
    r.toolsJson.assign(3, QLatin1Char('{').toLatin1()); // "{{{" (a literal trips a GCC 12 -Wrestrict false positive)
    QVERIFY(QString::fromStdString(buildChatBody(r, 1 << 20).status().message()).startsWith("tools: not a JSON array"));
}

void TestRemote::streamAssembled()
{
    // Chunks split inside events and inside a CRLF; tool-call arguments in pieces; usage at the end.
    const QByteArray tool1
        = R"(data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c1","function":{"name":"get","arguments":"{\"ci"}}]}}]})"
          "\r\n\r\n";
    const QByteArray tool2
        = R"(data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"ty\":1}"}}]},"finish_reason":"tool_calls"}]})"
          "\r\n\r\n";
    const QByteArray usage
        = R"(data: {"choices":[],"usage":{"prompt_tokens":5,"completion_tokens":3,"prompt_tokens_details":{"cached_tokens":2}}})"
          "\n\n";
    const QByteArray all = ": keep-alive\n\n" + delta("Hel") + delta("lo") + tool1 + tool2 + usage + "data: [DONE]\n\n";
    Script s { sseHead(), {}, false, 5 };
    for (qsizetype i = 0; i < all.size(); i += 37)
        s.pieces << chunk(all.mid(i, 37));
    s.pieces << "0\r\n\r\n";
    FakeServer server(s);
    RemoteClient client(options(server.url().toStdString()));
    QStringList seen;
    const RemoteReply r = client.chat(hello(), [&](const RemoteDelta &d) {
        seen << QString::fromStdString(d.content);
        return true;
    });
    QVERIFY2(r.status.isOk(), r.status.message().c_str());
    QCOMPARE(seen, QStringList({ "Hel", "lo" }));
    QCOMPARE(QString::fromStdString(r.content), QStringLiteral("Hello"));
    QCOMPARE(QString::fromStdString(r.finishReason), QStringLiteral("tool_calls"));
    QVERIFY(!r.cutOff);
    QCOMPARE(r.toolCalls.size(), size_t(1));
    QCOMPARE(QString::fromStdString(r.toolCalls[0].id), QStringLiteral("c1"));
    QCOMPARE(QString::fromStdString(r.toolCalls[0].argumentsJson), QStringLiteral("{\"city\":1}"));
    QCOMPARE(r.stats.promptTokens, 5);
    QCOMPARE(r.stats.completionTokens, 3);
    QCOMPARE(r.stats.cachedTokens, 2);
    QVERIFY(r.stats.usageFromServer);
    QVERIFY(r.stats.ttftSeconds > 0);
    QVERIFY(r.stats.totalSeconds >= r.stats.ttftSeconds);
    QCOMPARE(QString::fromStdString(r.model), QStringLiteral("fake"));
    QVERIFY(server.request().startsWith("POST /v1/chat/completions HTTP/1.1"));
}

void TestRemote::wholeReply()
{
    const QByteArray body
        = R"({"model":"m","choices":[{"index":0,"message":{"role":"assistant","content":"hi","reasoning_content":"hmm"},"finish_reason":"stop"}],"usage":{"prompt_tokens":4,"completion_tokens":1}})";
    FakeServer server({ "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
            + QByteArray::number(body.size()) + "\r\n\r\n",
        { body } });
    RemoteClient client(options(server.url().toStdString() + "/v1/"));
    RemoteChatRequest req = hello();
    req.stream = false;
    const RemoteReply r = client.chat(req);
    QVERIFY2(r.status.isOk(), r.status.message().c_str());
    QCOMPARE(QString::fromStdString(r.content), QStringLiteral("hi"));
    QCOMPARE(QString::fromStdString(r.reasoning), QStringLiteral("hmm"));
    QCOMPARE(QString::fromStdString(r.finishReason), QStringLiteral("stop"));
    QCOMPARE(r.stats.completionTokens, 1);
    QVERIFY(!QJsonDocument::fromJson(server.request().mid(server.request().indexOf("\r\n\r\n") + 4))
                 .object()
                 .contains("stream"));
}

void TestRemote::cutOffKept()
{
    // Two deltas, then the connection closes mid-stream (no finish_reason, no terminating chunk).
    FakeServer server({ sseHead(), { chunk(delta("par")), chunk(delta("tial")) }, false, 20 });
    RemoteClient client(options(server.url().toStdString()));
    const RemoteReply r = client.chat(hello());
    QVERIFY(!r.status.isOk());
    QVERIFY(r.cutOff);
    QCOMPARE(QString::fromStdString(r.finishReason), QStringLiteral("cut_off"));
    QCOMPARE(QString::fromStdString(r.content), QStringLiteral("partial"));
    QVERIFY2(QString::fromStdString(r.status.message()).contains("cut off (7 bytes kept)"), r.status.message().c_str());
}

void TestRemote::endlessLineRefused()
{
    // One line that never ends: 64 pieces of 64 KiB, the client's line limit is 256 KiB.
    Script s { sseHead(), { chunk("data: ") }, true, 1 };
    for (int i = 0; i < 64; ++i)
        s.pieces << chunk(QByteArray(64 * 1024, 'x'));
    FakeServer server(s);
    RemoteOptions o = options(server.url().toStdString());
    o.maxLineBytes = 256 * 1024;
    o.idleTimeoutMs = 5000;
    RemoteClient client(o);
    const RemoteReply r = client.chat(hello());
    QVERIFY(!r.status.isOk());
    QVERIFY2(QString::fromStdString(r.status.message()).contains("a stream line is longer than 262144 bytes"),
        r.status.message().c_str());
    QVERIFY(r.cutOff);
}

void TestRemote::hugeBodyRefused()
{
    Script s { "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n", {}, true, 1 };
    for (int i = 0; i < 40; ++i)
        s.pieces << QByteArray(64 * 1024, ' ');
    FakeServer server(s);
    RemoteOptions o = options(server.url().toStdString());
    o.maxBodyBytes = 1 << 20;
    RemoteClient client(o);
    RemoteChatRequest req = hello();
    req.stream = false;
    const RemoteReply r = client.chat(req);
    QVERIFY2(
        QString::fromStdString(r.status.message()).contains("larger than 1048576 bytes"), r.status.message().c_str());
}

void TestRemote::endlessSmallEventsRefused()
{
    // Many small, valid deltas that never finish: what the reply accumulates is bounded too.
    Script s { sseHead(), {}, true, 0 };
    const QByteArray piece = delta(QString(1000, QLatin1Char('z')));
    for (int i = 0; i < 40; ++i)
        s.pieces << chunk(piece.repeated(10));
    FakeServer server(s);
    RemoteOptions o = options(server.url().toStdString());
    o.maxBodyBytes = 100 * 1000;
    RemoteClient client(o);
    const RemoteReply r = client.chat(hello());
    QVERIFY2(QString::fromStdString(r.status.message()).contains("the reply is larger than 100000 bytes (refused)"),
        r.status.message().c_str());
    QVERIFY(r.content.size() <= 101 * 1000);
    QVERIFY(r.cutOff);
}

void TestRemote::connectTimeout()
{
    // A listener whose accept queue is full: the kernel drops further SYNs, so
    // a connection neither opens nor fails until the client gives up.
    // A plain socket that listens with a backlog of 0 and never accepts.
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    QVERIFY(fd >= 0);
    sockaddr_in addr {};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    QCOMPARE(::bind(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr), 0);
    QCOMPARE(::listen(fd, 0), 0);
    socklen_t len = sizeof addr;
    QCOMPARE(::getsockname(fd, reinterpret_cast<sockaddr *>(&addr), &len), 0);
    const quint16 port = ntohs(addr.sin_port);
    auto closeFd = qScopeGuard([fd] { ::close(fd); });
    std::vector<std::unique_ptr<QTcpSocket>> fillers;
    for (int i = 0; i < 4; ++i) {
        fillers.push_back(std::make_unique<QTcpSocket>());
        fillers.back()->connectToHost(QHostAddress::LocalHost, port);
    }
    QTest::qWait(200);
    QTcpSocket probe;
    probe.connectToHost(QHostAddress::LocalHost, port);
    if (probe.waitForConnected(300))
        QSKIP("this kernel still completes connections to a full accept queue: no connect timeout to provoke");
    probe.abort();
    RemoteOptions o = options(QStringLiteral("http://127.0.0.1:%1").arg(port).toStdString());
    o.connectTimeoutMs = 500;
    RemoteClient client(o);
    QElapsedTimer t;
    t.start();
    const auto models = client.listModels();
    QVERIFY(!models.isOk());
    QVERIFY2(
        QString::fromStdString(models.status().message()).contains("could not connect within 0.5 s (connect timeout)"),
        models.status().message().c_str());
    QVERIFY(t.elapsed() < 5000);
}

void TestRemote::idleTimeout()
{
    FakeServer server({ sseHead(), { chunk(delta("a")) }, true, 0 });
    RemoteOptions o = options(server.url().toStdString());
    o.idleTimeoutMs = 400;
    RemoteClient client(o);
    QElapsedTimer t;
    t.start();
    const RemoteReply r = client.chat(hello());
    QVERIFY2(QString::fromStdString(r.status.message()).contains("sent nothing for 0.4 s (idle timeout)"),
        r.status.message().c_str());
    QCOMPARE(QString::fromStdString(r.content), QStringLiteral("a"));
    QVERIFY(r.cutOff);
    QVERIFY(t.elapsed() < 5000);
}

void TestRemote::cancelFromAnotherThread()
{
    FakeServer server({ sseHead(), { chunk(delta("a")) }, true, 0 });
    RemoteClient client(options(server.url().toStdString()));
    std::thread canceller([&] {
        QThread::msleep(300);
        client.cancel();
    });
    const RemoteReply r = client.chat(hello());
    canceller.join();
    QCOMPARE(r.status.code(), ErrorCode::Cancelled);
    QCOMPARE(QString::fromStdString(r.content), QStringLiteral("a"));
    // A delta callback that returns false stops too.
    FakeServer server2({ sseHead(), { chunk(delta("a")), chunk(delta("b")) }, true, 0 });
    RemoteClient client2(options(server2.url().toStdString()));
    const RemoteReply r2 = client2.chat(hello(), [](const RemoteDelta &) { return false; });
    QCOMPARE(r2.status.code(), ErrorCode::Cancelled);
}

void TestRemote::httpErrorNamed()
{
    const QByteArray body = R"({"error":{"message":"the API key is wrong","type":"authentication_error"}})";
    FakeServer server({ "HTTP/1.1 401 Unauthorized\r\nContent-Type: application/json\r\nContent-Length: "
            + QByteArray::number(body.size()) + "\r\n\r\n",
        { body } });
    RemoteClient client(options(server.url().toStdString()));
    const RemoteReply r = client.chat(hello());
    QCOMPARE(r.httpStatus, 401);
    QVERIFY2(QString::fromStdString(r.status.message())
                 .contains("HTTP 401 Unauthorized (wrong or missing API key): the API key is wrong"),
        r.status.message().c_str());
    QVERIFY(!r.cutOff || r.content.empty());
    RemoteClient bad(options("ftp://x"));
    QVERIFY(QString::fromStdString(bad.listModels().status().message()).contains("not an http:// or https:// URL"));
}

void TestRemote::keyFiles()
{
    QTemporaryDir dir;
    const std::string path = dir.filePath("key").toStdString();
    QVERIFY(writeApiKeyFile(path, "sk-secret").isOk());
    struct stat st { };
    QCOMPARE(::stat(path.c_str(), &st), 0);
    QCOMPARE(int(st.st_mode & 0777), 0600);
    auto key = readApiKeyFile(path);
    QVERIFY2(key.isOk(), key.status().message().c_str());
    QCOMPARE(QString::fromStdString(*key), QStringLiteral("sk-secret"));
    ::chmod(path.c_str(), 0644);
    key = readApiKeyFile(path);
    QVERIFY(!key.isOk());
    QVERIFY2(QString::fromStdString(key.status().message()).contains("readable by others (mode 0644)"),
        key.status().message().c_str());
    QVERIFY(QString::fromStdString(key.status().message()).startsWith(QString::fromStdString(path)));
    QVERIFY(!readApiKeyFile(dir.filePath("none").toStdString()).isOk());
    QVERIFY(!writeApiKeyFile(path, "a\nb").isOk());
}

SLUICE_TEST_GUILESS_MAIN(TestRemote)
#include "tst_remote.moc"
