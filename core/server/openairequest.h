#pragma once
// OpenAI request bodies -> a completion job the generator runs. Every field
// is type- and range-checked; an error names the field (OpenAI's `param`).
// Images come only as base64 data URLs: a request never makes the server
// open a path or fetch a URL.
#include "api/types.h"

#include <QByteArray>
#include <QString>

#include <string>
#include <vector>

namespace sluice::server {

// An error in OpenAI's shape: {"error": {"message", "type", "param", "code"}}.
struct ApiError {
    ApiError() = default;
    ApiError(int status_, std::string message_, std::string type_ = "invalid_request_error", std::string param_ = {},
        std::string code_ = {})
        : status(status_)
        , message(std::move(message_))
        , type(std::move(type_))
        , param(std::move(param_))
        , code(std::move(code_))
    {
    }
    int status = 400;
    std::string message;
    std::string type = "invalid_request_error";
    std::string param;
    std::string code;

    QByteArray toJson() const;
};

struct RequestLimits {
    int maxTokensCap = 1 << 20; // refused above (the context bounds it further)
    int maxMessages = 4096;
    int maxImages = 16;
    int maxStopStrings = 4;
    int maxStopBytes = 256;
    // The served model's recommended sampling (ModelInfo::recommendedSampling,
    // its generation_config.json): what a request leaves out. ApiServer sets
    // it from the model; empty = OpenAI's defaults.
    RecommendedSampling recommended;
};

struct CompletionJob {
    enum Kind { Chat, Text };
    Kind kind = Chat;
    std::string model; // as requested ("" = the served model)
    std::vector<ChatMessage> messages; // Chat
    ChatOptions chat; // Chat
    std::string prompt; // Text: raw prompt (content mode)
    std::vector<QByteArray> images; // decoded image files, in conversation order
    SamplingParams sampling;
    bool maxTokensGiven = false;
    bool stream = false;
    bool includeUsage = false;
    bool schemaStrict = false; // response_format json_schema "strict"
};

// Parses a /v1/chat/completions body. `thinkingDefault` is the model's
// (K3 thinks unless told otherwise).
bool parseChatRequest(
    const QByteArray &body, bool thinkingDefault, const RequestLimits &limits, CompletionJob &job, ApiError &error);
// Parses a /v1/completions body.
bool parseCompletionRequest(const QByteArray &body, const RequestLimits &limits, CompletionJob &job, ApiError &error);

// "data:image/png;base64,...." -> the decoded bytes; false with a reason otherwise.
bool decodeDataUrl(const QString &url, QByteArray &bytes, std::string &why);

} // namespace sluice::server
