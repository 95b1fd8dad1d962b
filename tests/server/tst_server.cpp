// The local OpenAI-compatible server (docs/server.md).
//  (The parser and the request mapping alone: tst_serverrequest.)
//  * `sluice-cli serve` on a demo model (`sluice-cli synth --demo`) on
//    loopback, driven by real clients: curl, QNetworkAccessManager and the npm
//    `openai` package (QSKIP with the reason when node/npm or the package are
//    not available).
#include "support/testregistry.h"
#include "jsontestutil.h"
#include "pngdataurl.h"
#include "server/apiserver.h"
#include "server/httpparser.h"
#include "server/openairequest.h"

#include "../text/jsonschemavalidator.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include "servedprocess.h"

#include "api/constraint.h"
#include "qt/localbackend.h"

using namespace sluice;
using namespace sluice::server;

using sluice::test::pngDataUrl;

namespace {

struct CurlResult {
    int status = 0;
    QByteArray body;
};

// curl with these arguments (and `stdinBytes` on its stdin): the HTTP status
// from its -w line and the body before it.
CurlResult curl(const QStringList &args, int timeoutMs = 60000, const QByteArray &stdinBytes = {})
{
    QProcess p;
    p.start(QStringLiteral("curl"), QStringList { "-s", "-S", "-w", "\n%{http_code}" } + args);
    p.write(stdinBytes);
    p.closeWriteChannel();
    CurlResult r;
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        return r;
    }
    QByteArray out = p.readAllStandardOutput();
    const qsizetype nl = out.lastIndexOf('\n');
    r.status = out.mid(nl + 1).toInt();
    r.body = out.left(nl);
    return r;
}

using sluice::test::json;

QByteArray body(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

QJsonObject userChat(const QString &text, int maxTokens, bool thinking = false)
{
    return QJsonObject { { "model", "demo" },
        { "messages", QJsonArray { QJsonObject { { "role", "user" }, { "content", text } } } },
        { "max_tokens", maxTokens }, { "temperature", 0 }, { "reasoning_effort", thinking ? "medium" : "none" } };
}

// SSE body -> the JSON objects of its data: lines (and whether [DONE] ended it).
QList<QJsonObject> sseEvents(const QByteArray &b, bool *done)
{
    QList<QJsonObject> out;
    *done = false;
    for (const QByteArray &line : b.split('\n')) {
        if (!line.startsWith("data: "))
            continue;
        const QByteArray data = line.mid(6).trimmed();
        if (data == "[DONE]")
            *done = true;
        else
            out.append(json(data));
    }
    return out;
}

// The first choice of a chat/completions reply body.
QJsonObject firstChoice(const QByteArray &b)
{
    return json(b).value("choices").toArray().at(0).toObject();
}

// A streamed chat reply's text: its deltas' content, joined.
QString streamedContent(const QByteArray &b, bool *done)
{
    QString s;
    for (const QJsonObject &e : sseEvents(b, done))
        s += e.value("choices").toArray().at(0).toObject().value("delta").toObject().value("content").toString();
    return s;
}

} // namespace

class TestServer : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();

    void health();
    void models();
    void chatPlain();
    void chatStreamed();
    void completions();
    void tools();
    void image();
    void imageAgainElsewhere();
    void eightImages();
    void jsonObject();
    void jsonSchema_data();
    void jsonSchema();
    void jsonSchemaRefused();
    void errors();
    void auth();
    void queueFull();
    void disconnectStopsGeneration();
    void prefixReuseAgentLoop();
    void loadSequentialAndConcurrent();
    void nodeOpenAiClient();
    void sameConversationEverywhere();
    void controlIdsAreNeverSampled();
    void budgetYieldsUnderPressure();

private:
    void checkJsonReply(QJsonObject req, int maxTokens, QJsonObject *doc);
    // The served demo opened in this process (one thread, 512 positions).
    Expected<std::shared_ptr<Model>> openInProcess() const
    {
        ModelOptions o;
        o.modelPath = m_model.toStdString();
        o.threads = 1;
        o.contextLength = 512;
        return Model::open(o);
    }
    QTemporaryDir m_dir;
    QString m_model;
    Served m_server; // --api-key sk-test
    QStringList keyArgs() const { return { "-H", "Authorization: Bearer sk-test" }; }
    CurlResult post(const QString &path, const QByteArray &b, const QStringList &extra = {})
    {
        return curl(QStringList { m_server.url(path), "-H", "Content-Type: application/json", "--data-binary", "@-" }
                + keyArgs() + extra,
            120000, b);
    }
};

void TestServer::initTestCase()
{
    if (QStandardPaths::findExecutable(QStringLiteral("curl")).isEmpty())
        QSKIP("curl is not installed (the client-driven tests need it)");
    SLUICE_SERVE_DEMO_OR_SKIP("--api-key", "sk-test", "--max-queue", "16");
}

void TestServer::cleanupTestCase()
{
    m_server.stop();
}

// ---- the served model, real clients ----

void TestServer::health()
{
    const CurlResult r = curl({ m_server.url("/health") });
    QCOMPARE(r.status, 200);
    QCOMPARE(json(r.body).value("status").toString(), QStringLiteral("ok"));
}

void TestServer::models()
{
    CurlResult r = curl(QStringList { m_server.url("/v1/models") } + keyArgs());
    QCOMPARE(r.status, 200);
    const QJsonArray data = json(r.body).value("data").toArray();
    QCOMPARE(data.size(), 1);
    QCOMPARE(data[0].toObject().value("id").toString(), QStringLiteral("demo"));
    QCOMPARE(data[0].toObject().value("object").toString(), QStringLiteral("model"));
    r = curl(QStringList { m_server.url("/v1/models/demo") } + keyArgs());
    QCOMPARE(r.status, 200);
    r = curl(QStringList { m_server.url("/v1/models/other") } + keyArgs());
    QCOMPARE(r.status, 404);
    QCOMPARE(json(r.body).value("error").toObject().value("code").toString(), QStringLiteral("model_not_found"));
}

void TestServer::chatPlain()
{
    const CurlResult r = post("/v1/chat/completions", body(userChat("Say hello", 8)));
    QCOMPARE(r.status, 200);
    const QJsonObject o = json(r.body);
    QCOMPARE(o.value("object").toString(), QStringLiteral("chat.completion"));
    QCOMPARE(o.value("model").toString(), QStringLiteral("demo"));
    const QJsonObject choice = o.value("choices").toArray().at(0).toObject();
    QCOMPARE(choice.value("message").toObject().value("role").toString(), QStringLiteral("assistant"));
    QVERIFY(choice.value("message").toObject().value("content").isString());
    QVERIFY(QStringList({ "stop", "length" }).contains(choice.value("finish_reason").toString()));
    const QJsonObject usage = o.value("usage").toObject();
    QVERIFY(usage.value("prompt_tokens").toInt() > 0);
    QVERIFY(usage.value("completion_tokens").toInt() >= 1);
    QVERIFY(usage.value("completion_tokens").toInt() <= 8);
    QCOMPARE(usage.value("total_tokens").toInt(),
        usage.value("prompt_tokens").toInt() + usage.value("completion_tokens").toInt());
    const QJsonObject sl = o.value("sluice").toObject();
    for (const char *k : { "hit_rate", "bytes_read", "tokens_per_second", "budget_bytes", "reused_tokens" })
        QVERIFY2(sl.contains(QLatin1String(k)), k);
    QVERIFY(sl.value("budget_bytes").toDouble() > 0);
    // Greedy decoding is deterministic whatever the state held before (prefix reuse is bit-exact).
    const CurlResult again = post("/v1/chat/completions", body(userChat("Say hello", 8)));
    QCOMPARE(json(again.body).value("choices").toArray().at(0).toObject().value("message").toObject().value("content"),
        choice.value("message").toObject().value("content"));
    QVERIFY(json(again.body)
                .value("usage")
                .toObject()
                .value("prompt_tokens_details")
                .toObject()
                .value("cached_tokens")
                .toInt()
        > 0);
}

void TestServer::chatStreamed()
{
    QJsonObject req = userChat("Count", 12, true);
    req.insert("stream", true);
    req.insert("stream_options", QJsonObject { { "include_usage", true } });
    const CurlResult r = post("/v1/chat/completions", body(req), { "-N" });
    QCOMPARE(r.status, 200);
    bool done = false;
    const QList<QJsonObject> events = sseEvents(r.body, &done);
    QVERIFY(done);
    QVERIFY(events.size() >= 3);
    QCOMPARE(events.first().value("object").toString(), QStringLiteral("chat.completion.chunk"));
    QCOMPARE(
        events.first().value("choices").toArray().at(0).toObject().value("delta").toObject().value("role").toString(),
        QStringLiteral("assistant"));
    QString streamed;
    int finishes = 0;
    for (const QJsonObject &e : events) {
        const QJsonObject c = e.value("choices").toArray().at(0).toObject();
        const QJsonObject d = c.value("delta").toObject();
        streamed += d.value("reasoning_content").toString() + d.value("content").toString();
        finishes += c.value("finish_reason").isString();
        QCOMPARE(e.value("id").toString(), events.first().value("id").toString());
    }
    QCOMPARE(finishes, 1);
    const QJsonObject last = events.last();
    QVERIFY(last.value("choices").toArray().isEmpty());
    QCOMPARE(last.value("usage").toObject().value("completion_tokens").toInt(), 12);
    QVERIFY(last.contains("sluice"));
    // The same request unstreamed gives the same text (thinking on: reasoning + content).
    req.remove("stream");
    req.remove("stream_options");
    const QJsonObject m = json(post("/v1/chat/completions", body(req)).body)
                              .value("choices")
                              .toArray()
                              .at(0)
                              .toObject()
                              .value("message")
                              .toObject();
    QCOMPARE(streamed, m.value("reasoning_content").toString() + m.value("content").toString());
}

void TestServer::completions()
{
    const QJsonObject req { { "model", "demo" }, { "prompt", "Once upon a time" }, { "max_tokens", 6 },
        { "temperature", 0 } };
    CurlResult r = post("/v1/completions", body(req));
    QCOMPARE(r.status, 200);
    const QJsonObject o = json(r.body);
    QCOMPARE(o.value("object").toString(), QStringLiteral("text_completion"));
    QVERIFY(o.value("choices").toArray().at(0).toObject().value("text").isString());
    QVERIFY(o.value("usage").toObject().value("completion_tokens").toInt() >= 1);
    QJsonObject s = req;
    s.insert("stream", true);
    r = post("/v1/completions", body(s), { "-N" });
    QCOMPARE(r.status, 200);
    bool done = false;
    QString text;
    for (const QJsonObject &e : sseEvents(r.body, &done))
        text += e.value("choices").toArray().at(0).toObject().value("text").toString();
    QVERIFY(done);
    QCOMPARE(text, o.value("choices").toArray().at(0).toObject().value("text").toString());
}

// Tools go through the model's own format: the declaration and a previous
// call + result change the prompt; the reply is well-formed either way.
void TestServer::tools()
{
    const QJsonArray tools { QJsonObject { { "type", "function" },
        { "function",
            QJsonObject { { "name", "get_weather" }, { "description", "Weather for a city" },
                { "parameters",
                    QJsonObject { { "type", "object" },
                        { "properties", QJsonObject { { "city", QJsonObject { { "type", "string" } } } } },
                        { "required", QJsonArray { "city" } } } } } } } };
    QJsonObject plain = userChat("Weather in Paris?", 4);
    const int plainPrompt
        = json(post("/v1/chat/completions", body(plain)).body).value("usage").toObject().value("prompt_tokens").toInt();
    QJsonObject req = plain;
    req.insert("tools", tools);
    req.insert("tool_choice", "auto");
    CurlResult r = post("/v1/chat/completions", body(req));
    QCOMPARE(r.status, 200);
    const int toolPrompt = json(r.body).value("usage").toObject().value("prompt_tokens").toInt();
    QVERIFY2(toolPrompt > plainPrompt + 10, qPrintable(QStringLiteral("%1 vs %2").arg(toolPrompt).arg(plainPrompt)));
    // A full tool round: assistant call, tool result, next turn.
    req.insert("messages",
        QJsonArray { QJsonObject { { "role", "user" }, { "content", "Weather in Paris?" } },
            QJsonObject { { "role", "assistant" }, { "content", QJsonValue::Null },
                { "tool_calls",
                    QJsonArray { QJsonObject { { "id", "call_1" }, { "type", "function" },
                        { "function",
                            QJsonObject {
                                { "name", "get_weather" }, { "arguments", "{\"city\":\"Paris\"}" } } } } } } },
            QJsonObject { { "role", "tool" }, { "tool_call_id", "call_1" }, { "content", "{\"temp_c\": 18}" } } });
    r = post("/v1/chat/completions", body(req));
    QCOMPARE(r.status, 200);
    const QJsonObject c = firstChoice(r.body);
    const QString finish = c.value("finish_reason").toString();
    QVERIFY(QStringList({ "stop", "length", "tool_calls" }).contains(finish));
    for (const QJsonValue &call : c.value("message").toObject().value("tool_calls").toArray()) {
        const QJsonObject f = call.toObject().value("function").toObject();
        QVERIFY(QJsonDocument::fromJson(f.value("arguments").toString().toUtf8()).isObject());
    }
    QVERIFY(json(r.body).value("usage").toObject().value("prompt_tokens").toInt() > toolPrompt);
}

void TestServer::image()
{
    const QJsonObject req { { "messages",
                                QJsonArray { QJsonObject { { "role", "user" },
                                    { "content",
                                        QJsonArray { QJsonObject { { "type", "text" }, { "text", "What is this?" } },
                                            QJsonObject { { "type", "image_url" },
                                                { "image_url", QJsonObject { { "url", pngDataUrl() } } } } } } } } },
        { "max_tokens", 4 }, { "reasoning_effort", "none" } };
    CurlResult r = post("/v1/chat/completions", body(req));
    QCOMPARE(r.status, 200);
    const QJsonObject o = json(r.body);
    QCOMPARE(o.value("sluice").toObject().value("images").toInt(), 1);
    const int withImage = o.value("usage").toObject().value("prompt_tokens").toInt();
    QVERIFY(withImage > json(post("/v1/chat/completions", body(userChat("What is this?", 2))).body)
                            .value("usage")
                            .toObject()
                            .value("prompt_tokens")
                            .toInt());
    // Not an image: refused with the reason, the server goes on.
    QJsonObject bad = req;
    bad.insert("messages",
        QJsonArray { QJsonObject { { "role", "user" },
            { "content",
                QJsonArray { QJsonObject { { "type", "image_url" },
                    { "image_url", QJsonObject { { "url", "data:image/png;base64,aGVsbG8=" } } } } } } } });
    r = post("/v1/chat/completions", body(bad));
    QCOMPARE(r.status, 400);
    QVERIFY(json(r.body).value("error").toObject().value("message").toString().contains("image 0"));
}

namespace {

QJsonObject imagePart()
{
    return QJsonObject { { "type", "image_url" }, { "image_url", QJsonObject { { "url", pngDataUrl() } } } };
}

QJsonObject textPart(const QString &text)
{
    return QJsonObject { { "type", "text" }, { "text", text } };
}

QJsonObject imageChat(const QJsonArray &messages, int maxTokens = 4)
{
    return QJsonObject { { "messages", messages }, { "max_tokens", maxTokens }, { "reasoning_effort", "none" } };
}

} // namespace

// The same image asked about again: after the reply, in another place of the
// message (the state holds the image, but its prefix does not reach it, so it
// is encoded again from the bytes the server handed over: no staging files),
// and in a later message. Issue 27: the second request used to answer 500
// ("image-2-0: no such file").
void TestServer::imageAgainElsewhere()
{
    const QJsonArray first { QJsonObject { { "role", "user" },
        { "content", QJsonArray { textPart("What is this?"), imagePart() } } } };
    CurlResult r = post("/v1/chat/completions", body(imageChat(first)));
    QCOMPARE(r.status, 200);
    const QString reply = json(r.body)["choices"][0]["message"]["content"].toString();
    // A new question about the same image, the conversation resent.
    QJsonArray followUp = first;
    followUp.append(QJsonObject { { "role", "assistant" }, { "content", reply } });
    followUp.append(QJsonObject { { "role", "user" }, { "content", "And what colour is it?" } });
    r = post("/v1/chat/completions", body(imageChat(followUp)));
    QCOMPARE(r.status, 200);
    QCOMPARE(json(r.body).value("sluice").toObject().value("images").toInt(), 1);
    // The image first and the text after: a prefix that stops before the image.
    const QJsonArray moved { QJsonObject { { "role", "user" },
        { "content", QJsonArray { textPart("Look again:"), imagePart(), textPart("Now?") } } } };
    r = post("/v1/chat/completions", body(imageChat(moved)));
    QCOMPARE(r.status, 200);
    QVERIFY2(json(r.body).value("sluice").toObject().value("reused_tokens").toInt()
            < json(r.body).value("usage").toObject().value("prompt_tokens").toInt(),
        r.body.constData());
    // In a later user message, after a text-only turn.
    const QJsonArray later { QJsonObject { { "role", "user" }, { "content", "Hello" } },
        QJsonObject { { "role", "assistant" }, { "content", "Hi." } },
        QJsonObject { { "role", "user" }, { "content", QJsonArray { imagePart(), textPart("What is it?") } } } };
    r = post("/v1/chat/completions", body(imageChat(later)));
    QCOMPARE(r.status, 200);
    // And streamed.
    QJsonObject streamed = imageChat(followUp);
    streamed.insert("stream", true);
    r = post("/v1/chat/completions", body(streamed));
    QCOMPARE(r.status, 200);
    QVERIFY2(r.body.contains("data: [DONE]") && !r.body.contains("\"error\""), r.body.constData());
}

// Eight images over three messages in one request: all placed, one answer.
void TestServer::eightImages()
{
    const QJsonArray messages { QJsonObject { { "role", "user" },
                                    { "content", QJsonArray { imagePart(), imagePart(), textPart("Two.") } } },
        QJsonObject { { "role", "assistant" }, { "content", "I see two." } },
        QJsonObject { { "role", "user" },
            { "content",
                QJsonArray { textPart("Six more:"), imagePart(), imagePart(), imagePart(), imagePart(),
                    imagePart(), imagePart() } } } };
    const CurlResult r = post("/v1/chat/completions", body(imageChat(messages)));
    QCOMPARE(r.status, 200);
    QCOMPARE(json(r.body).value("sluice").toObject().value("images").toInt(), 8);
}

// response_format json_object: constrained sampling makes every reply a JSON
// object, greedy or sampled, streamed or not, even with a tight max_tokens.
void TestServer::jsonObject()
{
    for (const int maxTokens : { 12, 60, 200 }) {
        for (const double temperature : { 0.0, 1.0 }) {
            QJsonObject req = userChat("Give me a JSON object describing a cat.", maxTokens);
            req.insert("temperature", temperature);
            req.insert("seed", maxTokens);
            req.insert("response_format", QJsonObject { { "type", "json_object" } });
            QJsonObject doc;
            checkJsonReply(req, maxTokens, &doc);
            if (QTest::currentTestFailed())
                return;
        }
    }
}

// One request, plain then streamed: the reply is a JSON object (in *doc),
// stops by itself within maxTokens, and the streamed deltas are the same text.
void TestServer::checkJsonReply(QJsonObject req, int maxTokens, QJsonObject *doc)
{
    const CurlResult r = post("/v1/chat/completions", body(req));
    QCOMPARE(r.status, 200);
    const QJsonObject c = firstChoice(r.body);
    const QString content = c.value("message").toObject().value("content").toString();
    QJsonParseError pe {};
    const QJsonDocument parsed = QJsonDocument::fromJson(content.toUtf8(), &pe);
    QVERIFY2(pe.error == QJsonParseError::NoError && parsed.isObject(), qPrintable(content));
    *doc = parsed.object();
    QCOMPARE(c.value("finish_reason").toString(), QStringLiteral("stop"));
    QVERIFY(json(r.body).value("usage").toObject().value("completion_tokens").toInt() <= maxTokens);
    // Streamed: the same document.
    req.insert("stream", true);
    const CurlResult st = post("/v1/chat/completions", body(req), { "-N" });
    bool done = false;
    const QString streamed = streamedContent(st.body, &done);
    QVERIFY(done);
    QCOMPARE(streamed, content);
}

namespace {
const char *kPersonSchema = R"({"type":"object","properties":{"name":{"type":"string"},"age":{"type":"integer"},
  "pets":{"type":"array","maxItems":2,"items":{"type":"object","properties":{"kind":{"enum":["cat","dog"]},
  "legs":{"type":"number"}},"required":["kind","legs"],"additionalProperties":false}},"ok":{"type":["boolean","null"]}},
  "required":["name","age","pets","ok"],"additionalProperties":false})";
const char *kLooseSchema = R"({"type":"object","properties":{"id":{"const":7},"tags":{"type":"array","minItems":2,
  "items":{"type":"string"}},"extra":{}},"required":["id","tags"]})";
// What Pydantic emits for a model with Optional fields and a nested model.
const char *kPydanticSchema = R"({"$defs":{"Pet":{"properties":{"kind":{"enum":["cat","dog"],"title":"Kind"},
  "nickname":{"anyOf":[{"type":"string"},{"type":"null"}],"default":null,"title":"Nickname"}},
  "required":["kind","nickname"],"title":"Pet","type":"object"}},"properties":{"name":{"title":"Name","type":"string"},
  "age":{"anyOf":[{"type":"integer"},{"type":"null"}],"default":null,"title":"Age"},"pet":{"$ref":"#/$defs/Pet"},
  "friends":{"items":{"$ref":"#/$defs/Pet"},"maxItems":2,"title":"Friends","type":"array"}},
  "required":["name","age","pet"],"title":"Person","type":"object"})";
} // namespace

void TestServer::jsonSchema_data()
{
    QTest::addColumn<QByteArray>("schema");
    QTest::addColumn<bool>("strict");
    QTest::newRow("person strict") << QByteArray(kPersonSchema) << true;
    QTest::newRow("loose") << QByteArray(kLooseSchema) << false;
    QTest::newRow("pydantic") << QByteArray(kPydanticSchema) << false;
}

// response_format json_schema: every reply, greedy or sampled, streamed or
// not, parses and validates against the schema (the test's own validator);
// a max_tokens below the schema's smallest document ends with "length".
void TestServer::jsonSchema()
{
    QFETCH(QByteArray, schema);
    QFETCH(bool, strict);
    const QJsonObject schemaObject = QJsonDocument::fromJson(schema).object();
    QVERIFY(!schemaObject.isEmpty());
    const QJsonObject format { { "type", "json_schema" },
        { "json_schema", QJsonObject { { "name", "t" }, { "strict", strict }, { "schema", schemaObject } } } };
    for (const int maxTokens : { 40, 120 }) {
        for (const int seed : { 0, 1, 2 }) {
            QJsonObject req = userChat("Describe a person as JSON.", maxTokens);
            req.insert("temperature", seed == 0 ? 0.0 : 1.0);
            req.insert("seed", seed);
            req.insert("response_format", format);
            QJsonObject doc;
            checkJsonReply(req, maxTokens, &doc);
            if (QTest::currentTestFailed())
                return;
            QCOMPARE(validate(doc, schemaObject), QString());
        }
    }
    // Too few tokens for the smallest valid document: cut off, said so (OpenAI's behaviour).
    QJsonObject req = userChat("x", 3);
    req.insert("response_format", format);
    const CurlResult r = post("/v1/chat/completions", body(req));
    QCOMPARE(r.status, 200);
    const QJsonObject c = firstChoice(r.body);
    QCOMPARE(c.value("finish_reason").toString(), QStringLiteral("length"));
    QVERIFY(QJsonDocument::fromJson(c.value("message").toObject().value("content").toString().toUtf8()).isNull());
}

// A schema the automaton cannot enforce is refused with the keyword named, never sampled loosely.
void TestServer::jsonSchemaRefused()
{
    const auto refused = [&](const QJsonValue &jsonSchema, const QString &param, const QString &named) {
        QJsonObject req = userChat("x", 4);
        req.insert("response_format", QJsonObject { { "type", "json_schema" }, { "json_schema", jsonSchema } });
        const CurlResult r = post("/v1/chat/completions", body(req));
        const QJsonObject e = json(r.body).value("error").toObject();
        return r.status == 400 && e.value("param").toString() == param && e.value("message").toString().contains(named);
    };
    const auto schema = [](const char *text) { return QJsonObject { { "name", "a" }, { "schema", json(text) } }; };
    QVERIFY(refused(QJsonObject { { "name", "a" } }, "response_format.json_schema", "'schema'"));
    QVERIFY(refused(schema(R"({"type":"object","properties":{"n":{"type":"integer","minimum":0}}})"),
        "response_format.json_schema.schema", "schema.properties.n: keyword 'minimum'"));
    QVERIFY(refused(schema(R"({"type":"object","properties":{"n":{"oneOf":[{"type":"integer"},{"type":"number"}]}}})"),
        "response_format.json_schema.schema", "schema.properties.n: keyword 'oneOf'"));
    QVERIFY(refused(schema("{\"type\":\"object\",\"properties\":{\"n\":{\"$ref\":\"https://example.com/n.json\"}}}"),
        "response_format.json_schema.schema", "schema.properties.n: keyword '$ref'"));
    QVERIFY(refused(schema(R"({"type":"array"})"), "response_format.json_schema.schema", "'type'"));
    QJsonObject strict = schema(R"({"type":"object","properties":{"a":{"type":"string"}}})");
    strict.insert("strict", true);
    QVERIFY(refused(strict, "response_format.json_schema.schema", "'additionalProperties'"));
}

void TestServer::errors()
{
    CurlResult r = post("/v1/chat/completions", "{\"messages\": [");
    QCOMPARE(r.status, 400);
    QCOMPARE(json(r.body).value("error").toObject().value("type").toString(), QStringLiteral("invalid_request_error"));
    QJsonObject req = userChat("x", 2);
    req.insert("model", "gpt-4o");
    r = post("/v1/chat/completions", body(req));
    QCOMPARE(r.status, 404);
    QCOMPARE(json(r.body).value("error").toObject().value("code").toString(), QStringLiteral("model_not_found"));
    r = curl(QStringList { m_server.url("/v1/nothing") } + keyArgs());
    QCOMPARE(r.status, 404);
    r = curl(QStringList { m_server.url("/v1/chat/completions") } + keyArgs());
    QCOMPARE(r.status, 405);
    // Over the body limit (32 MiB): refused from Content-Length, before the body is read.
    r = curl(QStringList { m_server.url("/v1/chat/completions"), "-H", "Content-Length: 40000000", "-H",
                 "Expect:", "--data-binary", "{}" }
        + keyArgs());
    QCOMPARE(r.status, 413);
    QVERIFY(json(r.body).value("error").toObject().value("message").toString().contains("limit"));
    // Headers over the limit.
    r = curl(QStringList { m_server.url("/health"), "-H", "X-Big: " + QString(40000, 'a') });
    QCOMPARE(r.status, 431);
    // The server is still there.
    QCOMPARE(curl({ m_server.url("/health") }).status, 200);
}

void TestServer::auth()
{
    CurlResult r = curl({ m_server.url("/v1/models") });
    QCOMPARE(r.status, 401);
    QCOMPARE(json(r.body).value("error").toObject().value("type").toString(), QStringLiteral("authentication_error"));
    r = curl(
        { m_server.url("/v1/chat/completions"), "-H", "Authorization: Bearer sk-wrong", "-d", body(userChat("x", 1)) });
    QCOMPARE(r.status, 401);
    // A non-loopback address without a key is refused at start.
    QProcess p;
    p.start(QStringLiteral(SLUICE_CLI_PATH), { "serve", m_model, "--host", "0.0.0.0", "--port", "0" });
    QVERIFY(p.waitForFinished(30000));
    QCOMPARE(p.exitCode(), 2);
    QVERIFY(p.readAllStandardError().contains("--api-key"));
}

void TestServer::queueFull()
{
    Served s;
    QString why;
    QVERIFY2(s.start(m_model, { "--max-queue", "0" }, &why), qPrintable(why));
    // A long streamed generation holds the engine; the next request finds no room.
    QProcess longRun;
    QJsonObject req = userChat("long", 3000);
    req.insert("stream", true);
    longRun.start("curl", { "-s", "-N", s.url("/v1/chat/completions"), "-d", body(req) });
    QVERIFY(longRun.waitForReadyRead(30000)); // the stream has started
    const CurlResult r = curl({ s.url("/v1/chat/completions"), "-d", body(userChat("x", 1)) });
    QCOMPARE(r.status, 429);
    QCOMPARE(json(r.body).value("error").toObject().value("type").toString(), QStringLiteral("rate_limit_error"));
    longRun.kill();
    longRun.waitForFinished();
}

// The client goes away mid-stream: generation stops (the engine is free long
// before 3000 tokens could have been generated).
void TestServer::disconnectStopsGeneration()
{
    QProcess client;
    QJsonObject req = userChat("long", 3000);
    req.insert("stream", true);
    client.start("curl", QStringList { "-s", "-N", m_server.url("/v1/chat/completions"), "-d", body(req) } + keyArgs());
    QVERIFY(client.waitForReadyRead(30000));
    QTest::qWait(200);
    QCOMPARE(json(curl({ m_server.url("/health") }).body).value("busy").toBool(), true);
    client.kill(); // the connection closes mid-stream
    client.waitForFinished();
    QElapsedTimer t;
    t.start();
    bool idle = false;
    while (t.elapsed() < 3000 && !idle) {
        idle = !json(curl({ m_server.url("/health") }).body).value("busy").toBool();
        if (!idle)
            QTest::qWait(50);
    }
    QVERIFY2(idle, "generation kept running after the client disconnected");
    QVERIFY(m_server.log().contains("client disconnected"));
}

// An agent loop resends the conversation with one more turn each time: only
// the new part is computed.
void TestServer::prefixReuseAgentLoop()
{
    QJsonArray messages { QJsonObject { { "role", "system" }, { "content", "You are a helpful agent with tools." } },
        QJsonObject { { "role", "user" }, { "content", "Start the task." } } };
    int lastPrompt = 0;
    for (int turn = 0; turn < 4; ++turn) {
        const QJsonObject req { { "messages", messages }, { "max_tokens", 6 }, { "temperature", 0 },
            { "reasoning_effort", "none" } };
        const QJsonObject o = json(post("/v1/chat/completions", body(req)).body);
        const QJsonObject usage = o.value("usage").toObject();
        const int prompt = usage.value("prompt_tokens").toInt();
        const int cached = usage.value("prompt_tokens_details").toObject().value("cached_tokens").toInt();
        qInfo("turn %d: prompt %d, reused %d, computed %d", turn, prompt, cached, prompt - cached);
        if (turn > 0) {
            // Everything up to the previous reply's start was kept.
            QVERIFY2(cached >= lastPrompt - 2,
                qPrintable(QStringLiteral("reused %1 of previous prompt %2").arg(cached).arg(lastPrompt)));
            // What is computed is the new messages only (the previous reply
            // re-rendered, the tool result, the next user turn).
            QVERIFY(prompt - cached <= prompt - lastPrompt + 2);
        }
        lastPrompt = prompt;
        QVERIFY2(prompt > 0, o.isEmpty() ? "no JSON reply" : QJsonDocument(o).toJson().constData());
        const QString callId = QStringLiteral("call_%1").arg(turn + 1);
        messages.append(QJsonObject { { "role", "assistant" },
            { "content", o.value("choices").toArray().at(0).toObject().value("message").toObject().value("content") },
            { "tool_calls",
                QJsonArray { QJsonObject { { "id", callId }, { "type", "function" },
                    { "function", QJsonObject { { "name", "step" }, { "arguments", "{\"n\":1}" } } } } } } });
        messages.append(QJsonObject {
            { "role", "tool" }, { "tool_call_id", callId }, { "content", "result " + QString::number(turn) } });
        messages.append(QJsonObject { { "role", "user" }, { "content", "Next step." } });
    }
}

// 200 sequential and 8 concurrent requests through Qt's network client:
// each answer equals the one its prompt got alone (nothing lost or mixed
// up), and the server's RSS is flat across the run.
void TestServer::loadSequentialAndConcurrent()
{
    QNetworkAccessManager nam;
    const auto send = [&](int k) {
        QNetworkRequest rq(QUrl(m_server.url("/v1/chat/completions")));
        rq.setHeader(QNetworkRequest::ContentTypeHeader, "application/json");
        rq.setRawHeader("Authorization", "Bearer sk-test");
        return nam.post(rq, body(userChat(QStringLiteral("Prompt number %1, please answer.").arg(k), 3)));
    };
    const auto content = [](QNetworkReply *r) {
        return json(r->readAll())
            .value("choices")
            .toArray()
            .at(0)
            .toObject()
            .value("message")
            .toObject()
            .value("content")
            .toString();
    };
    const auto wait = [](QNetworkReply *r) {
        if (!r->isFinished()) {
            QEventLoop loop;
            QObject::connect(r, &QNetworkReply::finished, &loop, &QEventLoop::quit);
            QTimer::singleShot(60000, &loop, &QEventLoop::quit);
            loop.exec();
        }
        return r->isFinished() && r->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt() == 200;
    };
    constexpr int kPrompts = 8;
    QStringList expected;
    for (int k = 0; k < kPrompts; ++k) {
        QNetworkReply *r = send(k);
        QVERIFY(wait(r));
        expected << content(r);
        r->deleteLater();
    }
    const qint64 rssBefore = m_server.rssKiB();
    QElapsedTimer t;
    t.start();
    int ok = 0;
    for (int i = 0; i < 200; ++i) {
        QNetworkReply *r = send(i % kPrompts);
        QVERIFY2(wait(r), qPrintable(QStringLiteral("request %1 failed").arg(i)));
        QCOMPARE(content(r), expected[i % kPrompts]);
        ++ok;
        r->deleteLater();
    }
    const double sequentialSeconds = t.elapsed() / 1000.0;
    t.restart();
    QList<QNetworkReply *> concurrent;
    for (int k = 0; k < kPrompts; ++k)
        concurrent << send(k);
    for (int k = 0; k < kPrompts; ++k) {
        QVERIFY(wait(concurrent[k]));
        QCOMPARE(content(concurrent[k]), expected[k]);
        ++ok;
        concurrent[k]->deleteLater();
    }
    const double concurrentSeconds = t.elapsed() / 1000.0;
    const qint64 rssAfter = m_server.rssKiB();
    qInfo("load: %d requests ok; 200 sequential in %.2f s (%.1f req/s), 8 concurrent in %.2f s; RSS %lld -> %lld KiB",
        ok, sequentialSeconds, 200 / sequentialSeconds, concurrentSeconds, rssBefore, rssAfter);
    QCOMPARE(ok, 208);
    QVERIFY(rssBefore > 0);
    QVERIFY2(rssAfter - rssBefore < 16 * 1024, "server RSS grew by more than 16 MiB over 208 requests");
}

// The npm `openai` package against the server: models, a plain chat, a
// streamed chat with usage, tools, and the typed errors it raises.
void TestServer::nodeOpenAiClient()
{
    const QString node = QStandardPaths::findExecutable("node"), npm = QStandardPaths::findExecutable("npm");
    if (node.isEmpty() || npm.isEmpty())
        QSKIP("node or npm is not installed (scripts/sluice.sh deps installs nodejs and npm)");
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QProcess install;
    install.setWorkingDirectory(dir.path());
    install.start(npm, { "install", "--no-audit", "--no-fund", "--silent", "--no-save", "openai@5" });
    if (!install.waitForFinished(240000) || install.exitCode() != 0)
        QSKIP(qPrintable("npm install openai failed (no registry?): "
            + QString::fromUtf8(install.readAllStandardError().left(400))));
    QFile script(dir.filePath("client.mjs"));
    QVERIFY(script.open(QIODevice::WriteOnly));
    script.write(R"JS(
import OpenAI from 'openai';
const client = new OpenAI({ baseURL: process.argv[2], apiKey: 'sk-test', maxRetries: 0 });
const out = {};
const models = await client.models.list();
out.models = models.data.map(m => m.id);
const plain = await client.chat.completions.create({ model: 'demo', messages: [{ role: 'user', content: 'hi' }],
  max_tokens: 5, temperature: 0, reasoning_effort: 'none' });
out.plain = { content: plain.choices[0].message.content, finish: plain.choices[0].finish_reason, usage: plain.usage };
const stream = await client.chat.completions.create({ model: 'demo', messages: [{ role: 'user', content: 'hi' }],
  max_tokens: 5, temperature: 0, reasoning_effort: 'none', stream: true, stream_options: { include_usage: true } });
let text = ''; let usage = null; let chunks = 0;
for await (const chunk of stream) { chunks++; if (chunk.choices[0]) text += chunk.choices[0].delta.content ?? ''; if (chunk.usage) usage = chunk.usage; }
out.stream = { text, usage, chunks };
const tools = await client.chat.completions.create({ model: 'demo', max_tokens: 4, reasoning_effort: 'none',
  messages: [{ role: 'user', content: 'weather?' }],
  tools: [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }] });
out.tools = { finish: tools.choices[0].finish_reason };
const schema = { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' },
  sunny: { type: 'boolean' } }, required: ['city', 'days', 'sunny'], additionalProperties: false };
const structured = await client.chat.completions.create({ model: 'demo', max_tokens: 60, reasoning_effort: 'none',
  temperature: 1, seed: 3, messages: [{ role: 'user', content: 'forecast as JSON' }],
  response_format: { type: 'json_schema', json_schema: { name: 'forecast', strict: true, schema } } });
out.schema = schema;
out.structured = { content: structured.choices[0].message.content, finish: structured.choices[0].finish_reason };
try { await client.chat.completions.create({ model: 'nope', messages: [{ role: 'user', content: 'x' }] }); out.notFound = 'no error'; }
catch (e) { out.notFound = e.status; }
try { await new OpenAI({ baseURL: process.argv[2], apiKey: 'wrong', maxRetries: 0 }).models.list(); out.badKey = 'no error'; }
catch (e) { out.badKey = e.status; }
console.log(JSON.stringify(out));
)JS");
    script.close();
    QProcess run;
    run.setWorkingDirectory(dir.path());
    run.start(node, { script.fileName(), m_server.url("/v1") });
    QVERIFY(run.waitForFinished(120000));
    QVERIFY2(run.exitCode() == 0, run.readAllStandardError().constData());
    const QJsonObject o = json(run.readAllStandardOutput());
    QCOMPARE(o.value("models").toArray(), QJsonArray { "demo" });
    QVERIFY(o.value("plain").toObject().value("content").isString());
    QCOMPARE(o.value("plain").toObject().value("usage").toObject().value("completion_tokens").toInt(), 5);
    QCOMPARE(
        o.value("stream").toObject().value("text").toString(), o.value("plain").toObject().value("content").toString());
    QCOMPARE(o.value("stream").toObject().value("usage").toObject().value("completion_tokens").toInt(), 5);
    QVERIFY(!o.value("tools").toObject().value("finish").toString().isEmpty());
    const QJsonObject structured = o.value("structured").toObject();
    QCOMPARE(structured.value("finish").toString(), QStringLiteral("stop"));
    const QJsonDocument doc = QJsonDocument::fromJson(structured.value("content").toString().toUtf8());
    QVERIFY2(doc.isObject(), qPrintable(structured.value("content").toString()));
    QCOMPARE(validate(doc.object(), o.value("schema").toObject()), QString());
    QCOMPARE(o.value("notFound").toInt(), 404);
    QCOMPARE(o.value("badKey").toInt(), 401);
}

// A pressure source the test scripts while the server runs (the server owns
// its source; the script stays with the test).
class SharedScript final : public PressureSource {
public:
    explicit SharedScript(std::shared_ptr<ScriptedPressureSource> script) : m_script(std::move(script)) {}
    Expected<PressureSample> sample() override { return m_script->sample(); }
    std::string describe() const override { return "scripted"; }

private:
    std::shared_ptr<ScriptedPressureSource> m_script;
};

// `serve`'s default (issue 27): an in-process ApiServer on the demo model
// under a scripted pressure episode. The budget goes down in whole slots
// while the system is short and back up when calm, applied on the generation
// thread while the server idles; /health follows it; the same request gets
// the same bytes at every budget.
void TestServer::budgetYieldsUnderPressure()
{
    auto model = openInProcess();
    QVERIFY2(model, model ? "" : model.status().message().c_str());
    const ModelInfo info = (*model)->info();
    QVERIFY2(info.liveBudgetMinBytes < info.budgetBytes, "the demo model opens with no room above its live floor");

    auto calm = [] {
        PressureSample s;
        s.haveAvailable = true;
        s.totalBytes = 16ull << 30;
        s.availableBytes = 8ull << 30;
        return s;
    };
    auto script = std::make_shared<ScriptedPressureSource>(std::vector<PressureSample> { calm() });
    ServerOptions o;
    o.port = 0;
    o.modelId = "demo";
    o.adaptBudget = true;
    o.adapt.intervalSeconds = 0.01;
    o.adapt.calmSeconds = 0;
    o.adapt.holdSeconds = 0;
    o.pressureSource = [script] { return std::make_unique<SharedScript>(script); };
    ApiServer server(*model, o);
    QSignalSpy notices(&server, &ApiServer::noticeLogged);
    QVERIFY(server.start().isOk());

    QNetworkAccessManager nam;
    const auto get = [&](const QString &path, const QByteArray &post = {}) {
        QNetworkRequest rq(QUrl(QStringLiteral("http://127.0.0.1:%1%2").arg(server.port()).arg(path)));
        rq.setHeader(QNetworkRequest::ContentTypeHeader, "application/json");
        QNetworkReply *r = post.isEmpty() ? nam.get(rq) : nam.post(rq, post);
        QSignalSpy done(r, &QNetworkReply::finished);
        if (!r->isFinished())
            done.wait(120000);
        const QByteArray bytes = r->readAll();
        r->deleteLater();
        return bytes;
    };
    const QByteArray request = body(userChat(QStringLiteral("Tell me about trees."), 12));
    const auto reply = [&] {
        const QJsonObject o = json(get(QStringLiteral("/v1/chat/completions"), request));
        return o.value("choices").toArray().at(0).toObject().value("message").toObject().value("content").toString();
    };
    const auto health = [&] { return json(get(QStringLiteral("/health"))); };

    QCOMPARE(quint64(health().value("budget_bytes").toInteger()), quint64(info.budgetBytes));
    QVERIFY(health().value("adapting_budget").toBool());
    const QString atFull = reply();
    QVERIFY(!atFull.isEmpty());

    // The system runs short: the idle server gives memory back by itself.
    PressureSample low = calm();
    low.availableBytes = 64ull << 20;
    script->push(low);
    QTRY_VERIFY_WITH_TIMEOUT(server.budgetBytes() < info.budgetBytes, 60000);
    QVERIFY(server.budgetBytes() >= info.liveBudgetMinBytes);
    QTRY_VERIFY_WITH_TIMEOUT(notices.count() >= 1, 60000);
    QVERIFY2(notices.first().first().toString().contains(QLatin1String("cache reduced to")),
        qPrintable(notices.first().first().toString()));
    // It keeps shrinking while the pressure lasts, down to the live floor; /health follows.
    QTRY_COMPARE_WITH_TIMEOUT(quint64(health().value("budget_bytes").toInteger()), quint64(server.budgetBytes()), 60000);
    QCOMPARE(reply(), atFull); // another budget, the same bytes

    // Calm again: back to the budget it opened with.
    script->push(calm());
    QTRY_COMPARE_WITH_TIMEOUT(server.budgetBytes(), quint64(info.budgetBytes), 60000);
    QCOMPARE(reply(), atFull);
}


SLUICE_TEST_GUILESS_MAIN(TestServer)

// Issue 27: one conversation engine. The same three-turn greedy conversation
// through the server, `sluice-cli chat --script --json` and the app's local
// backend gives the same replies, prompt and reply lengths, and (from the
// second turn, when each continues its own state) the same reuse.
void TestServer::sameConversationEverywhere()
{
    struct Turn {
        QString reply;
        int prompt = 0, reused = 0, replyTokens = 0;
    };
    const QStringList users { "Hello there", "Tell me more", "Thanks, and one more thing" };
    const int maxTokens = 6;

    QVector<Turn> server;
    QJsonArray messages;
    for (const QString &u : users) {
        messages.append(QJsonObject { { "role", "user" }, { "content", u } });
        const QJsonObject req { { "messages", messages }, { "max_tokens", maxTokens }, { "temperature", 0 },
            { "reasoning_effort", "none" } };
        const CurlResult r = post("/v1/chat/completions", body(req));
        QCOMPARE(r.status, 200);
        const QJsonObject o = json(r.body);
        Turn t;
        t.reply = o["choices"][0]["message"]["content"].toString();
        t.prompt = o["usage"]["prompt_tokens"].toInt();
        t.reused = o["sluice"]["reused_tokens"].toInt();
        t.replyTokens = o["usage"]["completion_tokens"].toInt();
        server.append(t);
        messages.append(QJsonObject { { "role", "assistant" }, { "content", t.reply } });
    }

    QVector<Turn> cli;
    {
        const QString script = m_dir.filePath("same.txt");
        QFile f(script);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write((users.join('\n') + '\n').toUtf8());
        f.close();
        QProcess p;
        p.start(QStringLiteral(SLUICE_CLI_PATH),
            { "chat", m_model, "--script", script, "--json", "-n", QString::number(maxTokens), "--temp", "0",
                "--threads", "1" });
        QVERIFY2(p.waitForFinished(120000), "chat hung");
        QCOMPARE(p.exitCode(), 0);
        for (const QByteArray &line : p.readAllStandardOutput().split('\n')) {
            if (line.trimmed().isEmpty())
                continue;
            const QJsonObject o = QJsonDocument::fromJson(line).object();
            cli.append({ o["reply"].toString(), o["prompt_tokens"].toInt(), o["reused_tokens"].toInt(),
                o["reply_tokens"].toInt() });
        }
    }

    QVector<Turn> app;
    {
        EngineOptions options;
        options.modelPath = m_model.toStdString();
        options.threads = 1;
        options.checkpoints = kChatCheckpoints;
        auto backend = qt::LocalBackend::open(options);
        QVERIFY2(backend, backend.status().message().c_str());
        qt::TurnSink sink;
        sink.chunk = [](const QString &) { };
        sink.stats = [](const qt::LiveStats &) { };
        sink.prefill = [](int, int) { return true; };
        sink.cancelled = [] { return false; };
        qt::GenerateRequest request;
        request.chat.thinking = false;
        request.sampling.temperature = 0;
        request.sampling.maxTokens = maxTokens;
        for (const QString &u : users) {
            request.messages.push_back({ "user", u.toStdString(), "", 0 });
            qt::GenerationSummary summary;
            const qt::TurnOutcome outcome = (*backend)->generate(request, sink, summary);
            QVERIFY2(outcome.status, outcome.status.message().c_str());
            QVERIFY(summary.reply);
            app.append({ QString::fromStdString(summary.reply->content), summary.promptTokens, summary.reusedTokens,
                int(summary.replyIds.size()) });
            request.messages.push_back(
                { "assistant", summary.reply->content, summary.reply->reasoning, 0, summary.reply->toolCalls });
        }
    }

    QCOMPARE(cli.size(), server.size());
    QCOMPARE(app.size(), server.size());
    for (int i = 0; i < server.size(); ++i) {
        const QByteArray where = "turn " + QByteArray::number(i + 1) + ": server '" + server[i].reply.toUtf8() + "' "
            + QByteArray::number(server[i].prompt) + "/" + QByteArray::number(server[i].reused) + "/"
            + QByteArray::number(server[i].replyTokens) + ", cli '" + cli[i].reply.toUtf8() + "' "
            + QByteArray::number(cli[i].prompt) + "/" + QByteArray::number(cli[i].reused) + "/"
            + QByteArray::number(cli[i].replyTokens) + ", app '" + app[i].reply.toUtf8() + "' "
            + QByteArray::number(app[i].prompt) + "/" + QByteArray::number(app[i].reused) + "/"
            + QByteArray::number(app[i].replyTokens);
        QVERIFY2(cli[i].reply == server[i].reply && app[i].reply == server[i].reply, where);
        QVERIFY2(cli[i].prompt == server[i].prompt && app[i].prompt == server[i].prompt, where);
        QVERIFY2(cli[i].replyTokens == server[i].replyTokens && app[i].replyTokens == server[i].replyTokens, where);
        if (i > 0) // the first turn's reuse depends on what each state held before
            QVERIFY2(cli[i].reused == server[i].reused && app[i].reused == server[i].reused, where);
    }
    // The follow-ups continued on the exact ids: everything before the new turn was reused.
    QVERIFY(server[1].reused >= server[0].prompt + server[0].replyTokens - 1);
}

namespace {

// Pushes the sampler toward one id (its logit +1e30) and allows every other:
// only the engine's own rule can keep that id out.
class TowardOneId : public TokenConstraint {
public:
    explicit TowardOneId(int id)
        : m_id(id)
    {
    }
    bool mask(std::span<float> logits, int) override
    {
        logits[size_t(m_id)] = 1e30f;
        return true;
    }
    void accept(int id) override { drawn.push_back(id); }
    bool complete() const override { return false; }
    std::vector<int> drawn;

private:
    int m_id;
};

} // namespace

// Issue 27: on a vision model the ids only a client may place (the media
// markup) are never sampled, so a reply never fails because the model "drew"
// <|media_pad|> (it used to: 500 on the server, exit 1 in chat).
void TestServer::controlIdsAreNeverSampled()
{
    auto model = openInProcess();
    QVERIFY2(model, model ? "" : model.status().message().c_str());
    QVERIFY2((*model)->info().visionEnabled, (*model)->info().visionDisabledReason.c_str());
    const int pad = (*model)->info().mediaPadId;
    QVERIFY(pad >= 0);
    auto session = (*model)->createSession();
    QVERIFY(session);
    Conversation conversation(*model, std::move(*session));
    for (const float temperature : { 0.0f, 1.0f }) {
        TurnRequest request;
        request.messages = { { "user", "Hello", "", 0 } };
        request.chat.thinking = false;
        request.sampling.maxTokens = 8;
        request.sampling.temperature = temperature;
        request.sampling.seed = 7;
        auto toward = std::make_shared<TowardOneId>(pad);
        request.sampling.constraint = toward;
        TurnResult result;
        const Status st = conversation.reply(request, {}, result);
        QVERIFY2(st, st.message().c_str());
        QVERIFY(!result.generation.tokens.empty());
        QVERIFY(!toward->drawn.empty());
        QVERIFY(std::find(toward->drawn.begin(), toward->drawn.end(), pad) == toward->drawn.end());
        QVERIFY(std::find(result.generation.tokens.begin(), result.generation.tokens.end(), pad)
            == result.generation.tokens.end());
    }
}

#include "tst_server.moc"
