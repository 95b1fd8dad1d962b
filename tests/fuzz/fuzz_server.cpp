// Fuzzes the server's request side (core/server): any bytes through the HTTP
// parser, fed whole and split at a point the input picks, must give the same
// outcome (a request or the same refusal), never hold more than the limits,
// and a complete request's body goes through the OpenAI chat and completion
// mappings, which accept it or name a reason. The same bytes through the
// constrained-sampling JsonGrammar: a live prefix closed by its completion()
// is a JSON object Qt parses; the same for JsonSchemaGrammar (json_schema)
// on a fixed schema, and the bytes as a schema: compiled or refused, never a crash.
#include "server/httpparser.h"
#include "server/openairequest.h"
#include "text/jsongrammar.h"
#include "text/jsonschemagrammar.h"

#include <QJsonDocument>

#include <cstddef>
#include <cstdint>

using namespace sluice::server;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    {
        sluice::text::JsonGrammar g;
        std::string prefix;
        for (size_t i = 1; i < size && g.advance(data[i]); ++i)
            prefix += char(data[i]);
        if (!g.dead()) {
            const std::string rest = g.completion();
            if (!g.complete() && rest.empty())
                __builtin_trap();
            if (!QJsonDocument::fromJson(QByteArray::fromStdString(prefix + rest)).isObject())
                __builtin_trap();
        }
    }
    {
        static const auto schema = *sluice::text::JsonSchema::compile(
            R"({"type":"object","properties":{"a":{"type":"string"},"n":{"type":["integer","null"]},
            "e":{"enum":["x",1,12,[1],{"k":true}]},"l":{"type":"array","minItems":1,"maxItems":3,"items":{
            "type":"object","properties":{"v":{"type":"number"},"w":{}},"required":["v"]}}},
            "required":["a","l"]})",
            false);
        sluice::text::JsonSchemaGrammar g(schema);
        std::string prefix;
        for (size_t i = 1; i < size && g.advance(data[i]); ++i)
            prefix += char(data[i]);
        if (!g.dead()) {
            const std::string rest = g.completion();
            if (!g.complete() && (rest.empty() || !g.advance(rest) || !g.complete()))
                __builtin_trap();
            if (!QJsonDocument::fromJson(QByteArray::fromStdString(prefix + rest)).isObject())
                __builtin_trap();
        }
        (void)sluice::text::JsonSchema::compile(
            std::string_view(reinterpret_cast<const char *>(data + 1), size - 1), data[0] & 1);
    }
    const size_t split = size_t(data[0]) * (size - 1) / 255;
    const std::string_view in(reinterpret_cast<const char *>(data + 1), size - 1);
    HttpLimits limits;
    limits.maxRequestLine = 512;
    limits.maxHeaderBytes = 1024;
    limits.maxHeaders = 16;
    limits.maxBody = 4096;

    HttpRequestParser whole(limits), parts(limits);
    const auto a = whole.feed(in);
    auto b = parts.feed(in.substr(0, split));
    if (b != HttpRequestParser::State::Complete && b != HttpRequestParser::State::Failed)
        b = parts.feed(in.substr(split));
    if (a != b)
        __builtin_trap();
    if (a == HttpRequestParser::State::Failed) {
        if (whole.errorStatus() != parts.errorStatus() || whole.errorStatus() < 400 || whole.errorMessage().empty())
            __builtin_trap();
        return 0;
    }
    if (a != HttpRequestParser::State::Complete)
        return 0;
    const HttpRequest &r = whole.request();
    if (r.body.size() > limits.maxBody || r.headers.size() > limits.maxHeaders || r.body != parts.request().body
        || r.path != parts.request().path || r.path.empty() || r.path[0] != '/')
        __builtin_trap();
    const QByteArray body = QByteArray::fromStdString(r.body);
    CompletionJob job;
    ApiError error;
    if (!parseChatRequest(body, true, RequestLimits {}, job, error) && (error.message.empty() || error.status != 400))
        __builtin_trap();
    if (!parseCompletionRequest(body, RequestLimits {}, job, error) && (error.message.empty() || error.status != 400))
        __builtin_trap();
    (void)error.toJson();
    return 0;
}
