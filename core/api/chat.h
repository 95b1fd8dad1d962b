#pragma once
// sluice::Conversation — the chat turn, written once for every client (the
// app's local backend, the OpenAI-compatible server, `sluice-cli chat`), as
// llama.cpp's common/ serves its CLI and server (issue 27).
//
// A turn takes the WHOLE conversation (messages and every image, in order)
// and does the rest: renders it in the model's chat format; continues from
// the exact ids of the last turn when the request is "last messages + the
// reply we gave + new messages" (re-rendering a reply need not give the ids
// the model produced); hands the images over as bytes (an image the state
// already holds is neither decoded nor encoded again); fits the context by
// one policy; streams the reply as reasoning and content deltas parsed by id,
// in complete UTF-8, held back before a possible stop string; derives the
// live figures; and parses the final reply (content, reasoning, tool calls).
// The session's prefix reuse (api/session.h) keeps whatever the new
// rendering shares with the state.
//
// One thread drives a Conversation; cancel() is safe from any thread.
// Errors are values; nothing here prints or reads the environment.
#include "api/model.h"
#include "api/session.h"

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace sluice {

namespace chat {
struct LastTurn; // chat/lastturn.h
}

// An image of the conversation as its file's bytes (PNG, JPEG, ...), shared
// so a client can send the same image every turn without copying it.
struct ImageBytes {
    std::shared_ptr<const std::vector<uint8_t>> data;
    std::string name; // labels errors: a file name, "image 2"
};

// Reads an image file for a turn (a regular file, bounded in size); the
// error names the path.
Expected<ImageBytes> readImageFile(const std::string &path);

enum class ContextPolicy {
    // Refuse a conversation whose prompt plus the reply room does not fit
    // (ErrorCode::ContextFull, naming both lengths): the server's API mode,
    // and the app's first try before it asks the user.
    Strict,
    // Leave out the oldest whole turns after the system messages (and their
    // images) until it fits; the last user message always stays. Refuses
    // like Strict when even that does not fit.
    Fit,
};

// What one turn asks.
struct TurnRequest {
    std::vector<ChatMessage> messages; // the whole conversation, oldest first
    std::vector<ImageBytes> images;    // every image of the conversation, in message order
    ChatOptions chat;
    SamplingParams sampling;
    ContextPolicy policy = ContextPolicy::Strict;
    // Positions the reply must have room for: -1 = sampling.maxTokens. The
    // reply is capped at what the context leaves either way.
    int replyRoom = -1;
    // A raw completion instead of a chat: `prompt` tokenized in content mode
    // (no chat format, no reply parsing: the content is the generated text).
    bool completion = false;
    std::string prompt;
};

// Live figures of a generation as a user sees them (the app's statistics
// panel, the server's `sluice` usage block, the CLI's --json).
struct LiveFigures {
    int tokens = 0;                 // generated so far
    double elapsedSeconds = 0;      // since the turn started (includes prefill)
    double timeToFirstToken = 0;    // seconds; 0 until the first token
    double tokensPerSecond = 0;     // decode rate since the first token
    double lastTokenPerSecond = 0;  // 1 / the last token's wall time
    double hitRate = 0;             // cumulative expert demand hit rate, 0..1; < 0: not measured (a remote backend)
    double lastHitRate = 0;         // this token's hit rate (for the chart)
    double diskGBps = 0;            // bytes read / elapsed time, in GB/s (1e9)
    uint64_t residentBytes = 0;     // engine allocation against the budget
    uint64_t budgetBytes = 0;       // the budget in force (it moves with the live budget)
    uint64_t expertCacheBytes = 0;  // the expert cache's slots in force
};

// Follows one generation token by token and keeps LiveFigures; the clock
// starts at construction (the start of the turn).
class LiveMeter {
public:
    LiveMeter();
    void add(const TokenStats &stats);
    const LiveFigures &figures() const { return m_figures; }
    LiveFigures &figures() { return m_figures; }

private:
    std::chrono::steady_clock::time_point m_start;
    LiveFigures m_figures;
    double m_firstTokenAt = 0;
    uint64_t m_hits = 0, m_misses = 0, m_bytesRead = 0;
};

// ContextPolicy::Fit on its own (the app's test double uses it too): leaves
// out the oldest whole turns after the system messages until
// renderedLength(messages) + room <= context; the last user message and what
// follows it always stay. `droppedImages` gets how many images the left-out
// messages held (they are the first ones of the conversation). Returns how
// many messages were left out.
using RenderedLength = std::function<size_t(const std::vector<ChatMessage> &messages)>;
int dropOldestTurns(std::vector<ChatMessage> &messages, int context, int room, const RenderedLength &renderedLength,
                    int *droppedImages = nullptr);

// The new text of one generated token, as a client shows it.
struct TurnDelta {
    std::string reasoning; // complete UTF-8
    std::string content;   // complete UTF-8, never a possible stop string's beginning
};

struct TurnEvents {
    // Every generated token with what it adds to the shown reply and the live
    // figures after it; return false to stop after it.
    std::function<bool(const GeneratedToken &token, const TurnDelta &delta, const LiveFigures &figures)> token;
    PrefillProgress prefill;
};

// Why a turn failed (the status says what and where).
enum class TurnFailure { None, Request, Image, Context, Generation, Cancelled };

struct TurnResult {
    TurnFailure failure = TurnFailure::None;
    std::vector<int> prompt;     // the ids prefilled (one pad per image)
    int promptPositions = 0;     // positions they take (images count their rows)
    bool spliced = false;        // the prompt continues the last turn's exact ids
    int droppedMessages = 0;     // ContextPolicy::Fit
    int droppedImages = 0;
    GenerationResult generation; // ids, stop reason (ContextFull when the context capped it), timings
    ChatReply reply;             // parsed by id; content cut at a stop string
    TurnDelta unsent;            // what the deltas held back and the reply keeps (flushed at the end)
    LiveFigures figures;         // after the last token
    int contextNeeded = 0;       // prompt + reply room (set when refused for the context too)
    int contextLength = 0;
    int contextTokens = 0;       // positions the state holds afterwards
};

class Conversation {
public:
    // The conversation runs on `session` of `model` (which must outlive it).
    Conversation(std::shared_ptr<Model> model, std::unique_ptr<Session> session);
    ~Conversation();
    Conversation(const Conversation &) = delete;
    Conversation &operator=(const Conversation &) = delete;

    // One turn. Fills `result` as far as it got, also on failure.
    Status reply(const TurnRequest &request, const TurnEvents &events, TurnResult &result);
    // Safe from any thread: the running turn stops within one layer.
    void cancel();

    // An empty state; the next turn prefills from nothing.
    void reset();
    // The session file (api/session.h), and beside it "<path>.turn" with what
    // the next turn needs to continue on exact ids (the last turn's messages,
    // reply and ids). Without the side file, or when it does not match the
    // loaded state, the next turn is only rendered afresh, never wrong. A
    // refused load leaves an empty state (the old one belonged to another chat).
    Status save(const std::string &path) const;
    Status load(const std::string &path);

    // The conversation the state holds as messages: the last completed turn's
    // messages and its reply (empty when unknown, e.g. after a load without
    // its side file). A client that keeps no history of its own (the CLI after
    // /load) continues from these.
    std::vector<ChatMessage> history() const;

    Model &model() const;
    Session &session() const;

private:
    bool prepare(const TurnRequest &request, TurnRequest &fitted, TurnResult &result, Status &status);
    std::vector<int> splice(const TurnRequest &request, const std::vector<int> &full) const;

    std::shared_ptr<Model> m_model;
    std::unique_ptr<Session> m_session;
    std::unique_ptr<chat::LastTurn> m_last;
};

} // namespace sluice
