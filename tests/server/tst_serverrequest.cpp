// The server's request side on its own (docs/server.md): HttpRequestParser
// (limits, split feeds, pipelining) and the OpenAI request mapping (every
// field checked, the `param` named), data-driven. Runs under the sanitizers.
#include "support/testregistry.h"
#include "jsontestutil.h"
#include "pngdataurl.h"
#include "server/httpparser.h"
#include "server/openairequest.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace sluice;
using namespace sluice::server;

using sluice::test::pngDataUrl;

namespace {

using sluice::test::json;


} // namespace

class TestServerRequest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void parser_data();
    void parser();
    void parserSplitFeeds();
    void parserPipelined();
    void parserLeadingBlankLinesAtTheLimit();
    void chatRequest_data();
    void chatRequest();
    void chatRequestMapping();
    void completionRequest();
    void logprobsRefused_data();
    void logprobsRefused();
    void rangeMessages_data();
    void rangeMessages();
    void recommendedSamplingFillsLeftOutFields();
};

// ---- the parser ----

void TestServerRequest::parser_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<int>("status"); // 0 = complete
    QTest::addColumn<QByteArray>("body");
    const QByteArray ok = "POST /v1/x HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\n\r\nabc";
    QTest::newRow("complete") << ok << 0 << QByteArray("abc");
    QTest::newRow("bare LF") << QByteArray("GET / HTTP/1.1\nHost: a\n\n") << 0 << QByteArray();
    QTest::newRow("leading blank lines") << QByteArray("\r\n\r\nGET / HTTP/1.0\r\n\r\n") << 0 << QByteArray();
    QTest::newRow("body over limit") << QByteArray("POST / HTTP/1.1\r\nContent-Length: 2000\r\n\r\n") << 413
                                     << QByteArray();
    QTest::newRow("chunked refused") << QByteArray("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n") << 411
                                     << QByteArray();
    QTest::newRow("bad length") << QByteArray("POST / HTTP/1.1\r\nContent-Length: 1x\r\n\r\n") << 400 << QByteArray();
    QTest::newRow("negative length") << QByteArray("POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n") << 400
                                     << QByteArray();
    QTest::newRow("conflicting lengths") << QByteArray(
        "POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab")
                                         << 400 << QByteArray();
    QTest::newRow("http/2") << QByteArray("GET / HTTP/2.0\r\n\r\n") << 505 << QByteArray();
    QTest::newRow("absolute form") << QByteArray("GET http://x/ HTTP/1.1\r\n\r\n") << 400 << QByteArray();
    QTest::newRow("no version") << QByteArray("GET /\r\n\r\n") << 400 << QByteArray();
    QTest::newRow("folding") << QByteArray("GET / HTTP/1.1\r\nA: b\r\n c\r\n\r\n") << 400 << QByteArray();
    QTest::newRow("bad header name") << QByteArray("GET / HTTP/1.1\r\nA b: c\r\n\r\n") << 400 << QByteArray();
    QTest::newRow("control in value") << QByteArray("GET / HTTP/1.1\r\nA: b\x01\r\n\r\n") << 400 << QByteArray();
    QByteArray many = "GET / HTTP/1.1\r\n";
    for (int i = 0; i < 70; ++i)
        many += "X-" + QByteArray::number(i) + ": v\r\n";
    QTest::newRow("too many headers") << many + "\r\n" << 431 << QByteArray();
    QTest::newRow("head too long") << "GET / HTTP/1.1\r\nX: " + QByteArray(3000, 'a') << 431 << QByteArray();
    QTest::newRow("request line too long") << "GET /" + QByteArray(1500, 'a') << 414 << QByteArray();
}

void TestServerRequest::parser()
{
    QFETCH(QByteArray, input);
    QFETCH(int, status);
    QFETCH(QByteArray, body);
    HttpLimits limits;
    limits.maxRequestLine = 1024;
    limits.maxHeaderBytes = 2048;
    limits.maxHeaders = 64;
    limits.maxBody = 1024;
    HttpRequestParser p(limits);
    const auto state = p.feed(std::string_view(input.constData(), size_t(input.size())));
    if (status == 0) {
        QCOMPARE(int(state), int(HttpRequestParser::State::Complete));
        QCOMPARE(QByteArray::fromStdString(p.request().body), body);
    } else {
        QCOMPARE(int(state), int(HttpRequestParser::State::Failed));
        QCOMPARE(p.errorStatus(), status);
        QVERIFY(!p.errorMessage().empty());
    }
}

// Byte by byte gives the same request as one piece.
void TestServerRequest::parserSplitFeeds()
{
    const QByteArray in = "POST /v1/chat/completions?a=1 HTTP/1.1\r\nHost: x\r\nAuthorization:  Bearer k \r\n"
                          "Expect: 100-continue\r\nContent-Length: 11\r\n\r\nhello world";
    HttpRequestParser p;
    HttpRequestParser::State s = HttpRequestParser::State::NeedMore;
    bool sawHeadersDone = false;
    for (char c : in) {
        s = p.feed(std::string_view(&c, 1));
        sawHeadersDone |= s == HttpRequestParser::State::HeadersDone;
    }
    QCOMPARE(int(s), int(HttpRequestParser::State::Complete));
    QVERIFY(sawHeadersDone);
    const HttpRequest &r = p.request();
    QCOMPARE(r.method, std::string("POST"));
    QCOMPARE(r.path, std::string("/v1/chat/completions"));
    QCOMPARE(r.target, std::string("/v1/chat/completions?a=1"));
    QVERIFY(r.header("authorization"));
    QCOMPARE(*r.header("authorization"), std::string("Bearer k"));
    QVERIFY(r.expectsContinue());
    QVERIFY(r.keepAlive());
    QCOMPARE(r.body, std::string("hello world"));
}

void TestServerRequest::parserPipelined()
{
    const std::string in = "GET /a HTTP/1.1\r\n\r\nGET /b HTTP/1.0\r\nConnection: keep-alive\r\n\r\n";
    HttpRequestParser p;
    QCOMPARE(int(p.feed(in)), int(HttpRequestParser::State::Complete));
    QCOMPARE(p.request().path, std::string("/a"));
    const std::string rest(p.leftover());
    p.reset();
    QCOMPARE(int(p.feed(rest)), int(HttpRequestParser::State::Complete));
    QCOMPARE(p.request().path, std::string("/b"));
    QVERIFY(p.request().keepAlive());
    QVERIFY(p.leftover().empty());
}

// Blank lines before a request are skipped, not counted against the head
// limit, whatever the split: fuzz_server found a head just over the limit
// refused when fed whole (the skipped bytes used up the room) and accepted
// when the blank lines came in an earlier piece.
void TestServerRequest::parserLeadingBlankLinesAtTheLimit()
{
    HttpLimits limits;
    limits.maxRequestLine = 512;
    limits.maxHeaderBytes = 256;
    const QByteArray lead = "\r\n\r\n\r\r";
    for (int pad = 200; pad <= 260; ++pad) {
        const QByteArray head = "GET /v1/models HTTP/1.1\r\nX: " + QByteArray(pad, 'a') + "\r\n\r\n";
        const QByteArray in = lead + head;
        HttpRequestParser whole(limits);
        const auto a = whole.feed(std::string_view(in.constData(), size_t(in.size())));
        // The limit applies to the head alone, as without the blank lines.
        HttpRequestParser bare(limits);
        QCOMPARE(int(a), int(bare.feed(std::string_view(head.constData(), size_t(head.size())))));
        QCOMPARE(a == HttpRequestParser::State::Complete, head.size() <= qsizetype(limits.maxHeaderBytes));
        for (qsizetype split = 0; split <= in.size(); ++split) {
            HttpRequestParser parts(limits);
            auto b = parts.feed(std::string_view(in.constData(), size_t(split)));
            if (b != HttpRequestParser::State::Complete && b != HttpRequestParser::State::Failed)
                b = parts.feed(std::string_view(in.constData() + split, size_t(in.size() - split)));
            QVERIFY2(a == b, qPrintable(QStringLiteral("pad %1 split %2").arg(pad).arg(split)));
            QCOMPARE(parts.errorStatus(), whole.errorStatus());
        }
    }
}

// ---- the request mapping ----

void TestServerRequest::chatRequest_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QString>("param"); // "" = accepted
    QTest::newRow("minimal") << QByteArray(R"({"messages":[{"role":"user","content":"hi"}]})") << "";
    QTest::newRow("not json") << QByteArray("{") << "";
    QTest::newRow("not object") << QByteArray("[]") << "";
    QTest::newRow("no messages") << QByteArray(R"({"model":"m"})") << "messages";
    QTest::newRow("bad role") << QByteArray(R"({"messages":[{"role":"robot","content":"hi"}]})") << "messages[0].role";
    QTest::newRow("temperature") << QByteArray(R"({"messages":[{"role":"user","content":"a"}],"temperature":3})")
                                 << "temperature";
    QTest::newRow("top_p 0") << QByteArray(R"({"messages":[{"role":"user","content":"a"}],"top_p":0})") << "top_p";
    QTest::newRow("max_tokens 0") << QByteArray(R"({"messages":[{"role":"user","content":"a"}],"max_tokens":0})")
                                  << "max_tokens";
    QTest::newRow("max_tokens float") << QByteArray(R"({"messages":[{"role":"user","content":"a"}],"max_tokens":1.5})")
                                      << "max_tokens";
    QTest::newRow("logprobs") << QByteArray(R"({"messages":[{"role":"user","content":"a"}],"logprobs":true})")
                              << "logprobs";
    QTest::newRow("logprobs number") << QByteArray(R"({"messages":[{"role":"user","content":"a"}],"logprobs":2})")
                                     << "logprobs";
    QTest::newRow("top_logprobs") << QByteArray(
        R"({"messages":[{"role":"user","content":"a"}],"logprobs":false,"top_logprobs":3})")
                                  << "top_logprobs";
    QTest::newRow("n 2") << QByteArray(R"({"messages":[{"role":"user","content":"a"}],"n":2})") << "n";
    QTest::newRow("stop list") << QByteArray(R"({"messages":[{"role":"user","content":"a"}],"stop":["x",1]})")
                               << "stop";
    QTest::newRow("stop five") << QByteArray(
        R"({"messages":[{"role":"user","content":"a"}],"stop":["a","b","c","d","e"]})")
                               << "stop";
    QTest::newRow("http image") << QByteArray(
        R"({"messages":[{"role":"user","content":[{"type":"image_url","image_url":{"url":"http://example.invalid/a.png"}}]}]})")
                                << "messages[0].content[0].image_url";
    QTest::newRow("file image") << QByteArray(
        R"({"messages":[{"role":"user","content":[{"type":"image_url","image_url":{"url":"file:///etc/passwd"}}]}]})")
                                << "messages[0].content[0].image_url";
    QTest::newRow("bad base64") << QByteArray(
        R"({"messages":[{"role":"user","content":[{"type":"image_url","image_url":{"url":"data:image/png;base64,@@@"}}]}]})")
                                << "messages[0].content[0].image_url";
    QTest::newRow("tool without id") << QByteArray(R"({"messages":[{"role":"tool","content":"1"}]})")
                                     << "messages[0].tool_call_id";
    QTest::newRow("tool call args") << QByteArray(
        R"({"messages":[{"role":"assistant","tool_calls":[{"id":"c","function":{"name":"f","arguments":"[1]"}}]}]})")
                                    << "messages[0].tool_calls[0].function.arguments";
    QTest::newRow("bad tool") << QByteArray(R"({"messages":[{"role":"user","content":"a"}],"tools":[{"type":"x"}]})")
                              << "tools[0]";
    QTest::newRow("choice without tools")
        << QByteArray(R"({"messages":[{"role":"user","content":"a"}],"tool_choice":"required"})") << "tool_choice";
    QTest::newRow("effort") << QByteArray(R"({"messages":[{"role":"user","content":"a"}],"reasoning_effort":"huge"})")
                            << "reasoning_effort";
    QTest::newRow("json_schema without schema") << QByteArray(
        R"({"messages":[{"role":"user","content":"a"}],"response_format":{"type":"json_schema"}})")
                                                << "response_format.json_schema";
    QTest::newRow("json_schema keyword") << QByteArray(
        R"({"messages":[{"role":"user","content":"a"}],"response_format":{"type":"json_schema","json_schema":{"name":"x","schema":{"type":"object","patternProperties":{}}}}})")
                                         << "response_format.json_schema.schema";
    QTest::newRow("json_schema strict type") << QByteArray(
        R"({"messages":[{"role":"user","content":"a"}],"response_format":{"type":"json_schema","json_schema":{"schema":{"type":"object"},"strict":1}}})")
                                             << "response_format.json_schema.strict";
}

void TestServerRequest::chatRequest()
{
    QFETCH(QByteArray, input);
    QFETCH(QString, param);
    CompletionJob job;
    ApiError error;
    const bool ok = parseChatRequest(input, true, RequestLimits {}, job, error);
    const bool expectOk = param.isEmpty() && QTest::currentDataTag() == QLatin1String("minimal");
    QCOMPARE(ok, expectOk);
    if (!ok) {
        QCOMPARE(error.status, 400);
        QCOMPARE(QString::fromStdString(error.param), param);
        QVERIFY(!error.message.empty());
        const QJsonObject e = json(error.toJson()).value("error").toObject();
        QCOMPARE(e.value("type").toString(), QStringLiteral("invalid_request_error"));
        QVERIFY(!e.value("message").toString().isEmpty());
    }
}

void TestServerRequest::chatRequestMapping()
{
    const QByteArray in = QJsonDocument(
        QJsonObject { { "model", "m" },
            { "messages",
                QJsonArray { QJsonObject { { "role", "developer" }, { "content", "be brief" } },
                    QJsonObject { { "role", "user" },
                        { "content",
                            QJsonArray { QJsonObject { { "type", "text" }, { "text", "look: " } },
                                QJsonObject { { "type", "image_url" },
                                    { "image_url", QJsonObject { { "url", pngDataUrl() } } } } } } },
                    QJsonObject { { "role", "assistant" }, { "content", QJsonValue::Null },
                        { "reasoning_content", "hmm" },
                        { "tool_calls",
                            QJsonArray { QJsonObject { { "id", "call_1" }, { "type", "function" },
                                { "function", QJsonObject { { "name", "get" }, { "arguments", "{\"a\":1}" } } } } } } },
                    QJsonObject { { "role", "tool" }, { "tool_call_id", "call_1" }, { "content", "42" } } } },
            { "tools",
                QJsonArray {
                    QJsonObject { { "type", "function" }, { "function", QJsonObject { { "name", "get" } } } } } },
            { "tool_choice", "auto" }, { "max_completion_tokens", 7 }, { "max_tokens", 99 }, { "temperature", 0.5 },
            { "top_p", 0.9 }, { "seed", 11 }, { "stop", "END" }, { "stream", true },
            { "stream_options", QJsonObject { { "include_usage", true } } },
            { "reasoning_effort",
                "high" } }).toJson();
    CompletionJob job;
    ApiError error;
    QVERIFY2(parseChatRequest(in, false, RequestLimits {}, job, error), error.message.c_str());
    QCOMPARE(job.messages.size(), size_t(4));
    QCOMPARE(job.messages[0].role, std::string("system"));
    QCOMPARE(job.messages[1].content, std::string("look: "));
    QCOMPARE(job.messages[1].imageCount, 1);
    QCOMPARE(job.images.size(), size_t(1));
    QVERIFY(job.images[0].startsWith("\x89PNG"));
    QCOMPARE(job.messages[2].reasoning, std::string("hmm"));
    QCOMPARE(job.messages[2].toolCalls.size(), size_t(1));
    QCOMPARE(job.messages[2].toolCalls[0].name, std::string("get"));
    QCOMPARE(job.messages[3].toolCallId, std::string("call_1"));
    QVERIFY(job.chat.toolsJson.find("\"get\"") != std::string::npos);
    QCOMPARE(job.chat.toolChoice, std::string("auto"));
    QCOMPARE(job.sampling.maxTokens, 7); // max_completion_tokens wins
    QCOMPARE(job.sampling.temperature, 0.5f);
    QCOMPARE(job.sampling.topP, 0.9f);
    QCOMPARE(job.sampling.seed, uint64_t(11));
    QCOMPARE(job.sampling.stopStrings, std::vector<std::string> { "END" });
    QVERIFY(job.stream);
    QVERIFY(job.includeUsage);
    QVERIFY(job.chat.thinking);
    QCOMPARE(job.chat.thinkingEffort, std::string("high"));

    // response_format json_schema: the schema, compact, and strict.
    job = {};
    QVERIFY2(parseChatRequest(
                 R"({"messages":[{"role":"user","content":"a"}],"response_format":{"type":"json_schema",
                   "json_schema":{"name":"p","strict":true,"schema":{"type":"object","properties":{"a":{"type":"string"}},
                   "required":["a"],"additionalProperties":false}}}})",
                 false, RequestLimits {}, job, error),
        error.message.c_str());
    QCOMPARE(job.chat.responseFormat, std::string("json_schema"));
    QVERIFY(job.schemaStrict);
    QCOMPARE(QJsonDocument::fromJson(QByteArray::fromStdString(job.chat.responseSchemaJson)).object().value("required"),
        QJsonValue(QJsonArray { "a" }));
    QVERIFY(job.chat.responseSchemaJson.find('\n') == std::string::npos);
}

void TestServerRequest::completionRequest()
{
    CompletionJob job;
    ApiError error;
    QVERIFY(parseCompletionRequest(R"({"prompt":["one"],"max_tokens":3,"stop":"x"})", RequestLimits {}, job, error));
    QCOMPARE(job.prompt, std::string("one"));
    QCOMPARE(job.sampling.maxTokens, 3);
    QVERIFY(!parseCompletionRequest(R"({"prompt":["a","b"]})", RequestLimits {}, job, error));
    QCOMPARE(error.param, std::string("prompt"));
    QVERIFY(!parseCompletionRequest(R"({"prompt":"a","echo":true})", RequestLimits {}, job, error));
    QCOMPARE(error.param, std::string("echo"));
    QVERIFY(parseCompletionRequest(R"({"prompt":"a"})", RequestLimits {}, job, error));
    QCOMPARE(job.sampling.maxTokens, 16); // OpenAI's default for completions
}

// Both endpoints refuse a request for log probabilities with 400 naming the
// parameter (docs/server.md); the explicit "no" forms are accepted.
void TestServerRequest::logprobsRefused_data()
{
    QTest::addColumn<bool>("chat");
    QTest::addColumn<QByteArray>("extra"); // fields added to a valid request
    QTest::addColumn<QString>("param"); // "" = accepted
    for (const bool chat : { true, false }) {
        const char *e = chat ? "chat " : "completion ";
        QTest::addRow("%slogprobs true", e) << chat << QByteArray(R"("logprobs":true)") << "logprobs";
        QTest::addRow("%slogprobs 1", e) << chat << QByteArray(R"("logprobs":1)") << "logprobs";
        QTest::addRow("%slogprobs 0", e) << chat << QByteArray(R"("logprobs":0)") << "logprobs";
        QTest::addRow("%slogprobs string", e) << chat << QByteArray(R"("logprobs":"yes")") << "logprobs";
        QTest::addRow("%stop_logprobs 5", e) << chat << QByteArray(R"("logprobs":true,"top_logprobs":5)")
                                             << "logprobs";
        QTest::addRow("%stop_logprobs alone", e) << chat << QByteArray(R"("top_logprobs":2)") << "top_logprobs";
        QTest::addRow("%slogprobs false", e) << chat << QByteArray(R"("logprobs":false)") << "";
        QTest::addRow("%slogprobs null", e) << chat << QByteArray(R"("logprobs":null,"top_logprobs":null)") << "";
        QTest::addRow("%stop_logprobs 0", e) << chat << QByteArray(R"("logprobs":false,"top_logprobs":0)") << "";
    }
}

void TestServerRequest::logprobsRefused()
{
    QFETCH(bool, chat);
    QFETCH(QByteArray, extra);
    QFETCH(QString, param);
    const QByteArray body = (chat ? QByteArray(R"({"messages":[{"role":"user","content":"a"}],)")
                                  : QByteArray(R"({"prompt":"a",)"))
        + extra + "}";
    CompletionJob job;
    ApiError error;
    const bool ok = chat ? parseChatRequest(body, false, RequestLimits {}, job, error)
                         : parseCompletionRequest(body, RequestLimits {}, job, error);
    QCOMPARE(ok, param.isEmpty());
    if (!ok) {
        QCOMPARE(error.status, 400);
        QCOMPARE(QString::fromStdString(error.param), param);
        QVERIFY2(QString::fromStdString(error.message).contains(param), error.message.c_str());
    }
}

// Range messages print their bounds in full: an integer range as integers,
// never cut to four characters ("1.00..1048" for 1..1048576).
void TestServerRequest::rangeMessages_data()
{
    QTest::addColumn<QByteArray>("field");
    QTest::addColumn<QString>("param");
    QTest::addColumn<QString>("range");
    RequestLimits limits;
    QTest::newRow("max_tokens") << QByteArray(R"("max_tokens":0)") << "max_tokens"
                                << QStringLiteral("1..%1").arg(limits.maxTokensCap);
    QTest::newRow("max_completion_tokens") << QByteArray(R"("max_completion_tokens":-3)") << "max_completion_tokens"
                                           << QStringLiteral("1..%1").arg(limits.maxTokensCap);
    QTest::newRow("top_k") << QByteArray(R"("top_k":-1)") << "top_k" << QStringLiteral("0..1048576");
    QTest::newRow("seed") << QByteArray(R"("seed":1e300)") << "seed"
                          << QStringLiteral("-9007199254740991..9007199254740991");
    QTest::newRow("temperature") << QByteArray(R"("temperature":9)") << "temperature" << QStringLiteral("0..2");
    QTest::newRow("top_p") << QByteArray(R"("top_p":1.5)") << "top_p" << QStringLiteral("0..1");
}

void TestServerRequest::rangeMessages()
{
    QFETCH(QByteArray, field);
    QFETCH(QString, param);
    QFETCH(QString, range);
    CompletionJob job;
    ApiError error;
    QVERIFY(!parseChatRequest(
        R"({"messages":[{"role":"user","content":"a"}],)" + field + "}", false, RequestLimits {}, job, error));
    QCOMPARE(QString::fromStdString(error.param), param);
    QCOMPARE(QString::fromStdString(error.message), QStringLiteral("'%1' must be a number in %2").arg(param, range));
}

// What a request leaves out follows the model's generation_config.json;
// what it gives wins; without a recommendation OpenAI's defaults hold.
void TestServerRequest::recommendedSamplingFillsLeftOutFields()
{
    RequestLimits limits;
    limits.recommended.temperature = 0.4f;
    limits.recommended.topP = 0.9f;
    limits.recommended.repeatPenalty = 1.15f;
    limits.recommended.maxTokens = 160;
    limits.recommended.loopStop = 3;
    CompletionJob job;
    ApiError error;
    QVERIFY2(parseChatRequest(R"({"messages":[{"role":"user","content":"a"}],"top_p":0.5,"frequency_penalty":0.25})",
                              false, limits, job, error),
             error.message.c_str());
    QCOMPARE(job.sampling.temperature, 0.4f);
    QCOMPARE(job.sampling.topP, 0.5f);
    QCOMPARE(job.sampling.repeatPenalty, 1.15f);
    QCOMPARE(job.sampling.frequencyPenalty, 0.25f);
    QCOMPARE(job.sampling.maxTokens, 160);
    QCOMPARE(job.sampling.loopStop, 3);
    QVERIFY2(parseCompletionRequest(R"({"prompt":"a","temperature":0,"repetition_penalty":1.0})", limits, job, error),
             error.message.c_str());
    QCOMPARE(job.sampling.temperature, 0.0f);
    QCOMPARE(job.sampling.repeatPenalty, 1.0f);
    QCOMPARE(job.sampling.maxTokens, 160); // the model's, not OpenAI's 16
    QVERIFY2(parseCompletionRequest(R"({"prompt":"a"})", RequestLimits {}, job, error), error.message.c_str());
    QCOMPARE(job.sampling.temperature, 1.0f);
    QCOMPARE(job.sampling.maxTokens, 16);
    QCOMPARE(job.sampling.repeatPenalty, 1.0f);
    QVERIFY(!parseChatRequest(R"({"messages":[{"role":"user","content":"a"}],"presence_penalty":3})", false, limits,
                              job, error));
    QCOMPARE(error.param, std::string("presence_penalty"));
}

SLUICE_TEST_GUILESS_MAIN(TestServerRequest)
#include "tst_serverrequest.moc"
