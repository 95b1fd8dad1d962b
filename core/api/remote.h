#pragma once
// sluice::RemoteClient — an OpenAI-compatible chat client (issue 16's remote
// backend): any endpoint that speaks /v1/models and /v1/chat/completions
// (vLLM, SGLang, llama.cpp's server, another Sluice) in place of the local
// engine. Implementation: core/remote/ (Qt Network); docs/server.md "Remote".
//
// Calls are blocking: each runs its own event loop in the calling thread
// (which needs a QCoreApplication in the process), so the CLI calls them
// directly and the app's worker calls them on its thread. cancel() is safe
// from any thread. Every read is bounded (a stream line, a stream event, a
// body); a connection that does not open within the connect timeout, or a
// reply that sends nothing for the idle timeout, fails with a message saying
// which. A stream that stops before its finish_reason is returned as cut off,
// with the text received so far.
#include "util/status.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace sluice {

struct RemoteOptions {
    std::string baseUrl; // "http://host:port" or "http://host:port/v1" (the /v1 is added when missing)
    std::string apiKey; // sent as "Authorization: Bearer KEY"; empty = none
    int connectTimeoutMs = 10000; // until the request is sent
    int idleTimeoutMs = 120000; // no byte for this long (a long prefill sends nothing either)
    uint64_t maxBodyBytes = 64ull << 20; // an unstreamed reply or an error body
    size_t maxLineBytes = 1u << 20; // one SSE line
    size_t maxEventBytes = 4u << 20; // one SSE event
    uint64_t maxImageBytes = 32ull << 20; // a local image sent as a data URL
};

struct RemoteModel {
    std::string id;
    std::string ownedBy;
};

struct RemoteToolCall {
    std::string id;
    std::string name;
    std::string argumentsJson; // as the server sent it (a JSON string of an object)
};

struct RemoteMessage {
    std::string role; // system, user, assistant, tool
    std::string content;
    std::string reasoning; // assistant: reasoning_content sent back
    std::vector<std::string> imagePaths; // user: local files, sent as base64 data URLs
    std::vector<RemoteToolCall> toolCalls; // assistant
    std::string toolCallId; // tool
    std::string name;
};

struct RemoteChatRequest {
    std::string model; // empty = the first model /v1/models lists (RemoteClient::chat asks once)
    std::vector<RemoteMessage> messages;
    bool stream = true;
    int maxTokens = 0; // 0 = the server's default
    std::optional<double> temperature, topP;
    std::optional<uint64_t> seed;
    std::vector<std::string> stop;
    std::string toolsJson; // a JSON array of {"type":"function",...}; empty = none
    std::string toolChoice; // "", auto, none, required
    std::string reasoningEffort; // "", none, low, medium, high
};

struct RemoteDelta {
    std::string content;
    std::string reasoning;
};

// What a client can measure of a remote (no cache figures: the server's own).
struct RemoteStats {
    double ttftSeconds = 0; // request sent -> first content/reasoning delta (or the whole reply)
    double totalSeconds = 0;
    double decodeTokensPerSecond = 0; // (tokens - 1) / (last delta - first delta); 0 when unknown
    int promptTokens = -1; // from the server's usage; -1 = it sent none
    int completionTokens = -1; // usage, else the number of streamed deltas (usageFromServer false)
    int cachedTokens = -1; // usage.prompt_tokens_details.cached_tokens
    bool usageFromServer = false;
};

struct RemoteReply {
    Status status; // ok, or why it failed; what arrived before is kept below
    int httpStatus = 0;
    std::string model;
    std::string content;
    std::string reasoning;
    std::vector<RemoteToolCall> toolCalls;
    std::string finishReason; // stop, length, tool_calls, ...; "cut_off" when the reply ended without one
    bool cutOff = false;
    RemoteStats stats;
};

class RemoteClient {
public:
    explicit RemoteClient(RemoteOptions options);
    ~RemoteClient();
    RemoteClient(const RemoteClient &) = delete;
    RemoteClient &operator=(const RemoteClient &) = delete;

    const RemoteOptions &options() const { return m_options; }
    // GET /v1/models.
    Expected<std::vector<RemoteModel>> listModels();
    // POST /v1/chat/completions; onDelta sees each streamed piece (return
    // false to stop: the reply is then Cancelled, its text kept).
    RemoteReply chat(const RemoteChatRequest &request, const std::function<bool(const RemoteDelta &)> &onDelta = {});
    // Stops the running call (any thread): it returns ErrorCode::Cancelled.
    void cancel() { m_cancel.store(true); }

    // The request body chat() sends (images read and encoded), for tests and --dry-run.
    Expected<std::string> requestBody(const RemoteChatRequest &request) const;

private:
    RemoteOptions m_options;
    std::atomic<bool> m_cancel { false };
};

// An API key kept in a file: it must be a regular file readable by its owner
// only (mode 0600 or 0400), else it is refused naming the file and its mode.
// The key is the first line, trimmed.
Expected<std::string> readApiKeyFile(const std::string &path);
// Writes the key with owner-only permissions, atomically (temporary + rename).
Status writeApiKeyFile(const std::string &path, const std::string &key);

} // namespace sluice
