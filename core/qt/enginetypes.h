#pragma once
// Value types that cross the thread boundary between the GUI and the engine
// worker in queued signals. Plain copies: nothing here points into the engine.
#include "api/chat.h"
#include "api/model.h"

#include <optional>

#include <QMetaType>
#include <QString>
#include <QStringList>

namespace sluice {
// The options a worker opens a model with (Model::open's).
using EngineOptions = ModelOptions;
}

namespace sluice::qt {

// What one chat turn asks of the engine. The whole conversation is sent each
// time: the worker re-renders it with the model's own chat format.
struct GenerateRequest {
    std::vector<ChatMessage> messages;
    ChatOptions chat;
    SamplingParams sampling;
    QStringList images; // image files, in the order their placeholders appear
    // The user chose "drop the oldest turns" (issue 10): when the conversation
    // does not fit, the worker drops the oldest messages after the system ones
    // (whole turns, so it starts at a user message) until prompt + maxTokens
    // fits, counting the rendered ids; GenerationSummary::droppedMessages says how many.
    bool fitToContext = false;
};

// Figures derived from the per-token TokenStats, as the user sees them (the
// library's, api/chat.h: one derivation for every client).
using LiveStats = sluice::LiveFigures;

struct GenerationSummary {
    StopReason reason = StopReason::MaxTokens;
    int promptTokens = 0;
    int reusedTokens = 0;           // of the prompt, kept from the session's state (prefix reuse)
    int prefillTokens = 0;          // of the prompt, computed for this turn
    double prefillSeconds = 0;
    double decodeSeconds = 0;
    LiveStats stats;                // the last live figures
    // Issue 10: the ids the model produced (the last sampled one included) and
    // the reply parsed from them by the engine; nullopt when it cannot parse
    // by id (test doubles), then the client parses the streamed text.
    std::vector<int> replyIds;
    std::optional<ChatReply> reply;
    // Positions the engine's state holds after the turn (its own count, not a
    // re-tokenisation) and the context length they are out of.
    int contextTokens = 0;
    int contextLength = 0;
    int droppedMessages = 0; // GenerateRequest::fitToContext: oldest non-system messages left out
};

QString stopReasonText(StopReason reason);

// Registers the types above for queued connections (idempotent).
void registerEngineMetaTypes();

} // namespace sluice::qt

Q_DECLARE_METATYPE(sluice::EngineOptions)
Q_DECLARE_METATYPE(sluice::ModelInfo)
Q_DECLARE_METATYPE(sluice::qt::GenerateRequest)
Q_DECLARE_METATYPE(sluice::qt::LiveStats)
Q_DECLARE_METATYPE(sluice::qt::GenerationSummary)
