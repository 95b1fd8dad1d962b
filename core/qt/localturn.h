#pragma once
// Pieces of a local chat turn that do not depend on what computes it, shared
// by the local backend (qt/localbackend.h) and the test double
// (tests/qt/scriptedengine.h): the live figures and complete-UTF-8 chunks
// from the generated tokens, and "drop the oldest turns until it fits".
#include "qt/enginetypes.h"

#include <QElapsedTimer>
#include <QString>

#include <functional>
#include <string>

namespace sluice::qt {

using sluice::completeUtf8Prefix; // api/types.h

// Follows one generation token by token: LiveStats as the user sees them
// (rates since the first token, cumulative and per-token hit rates, disk
// throughput) and the text to show, released in complete UTF-8 pieces.
class TurnMeter {
public:
    // `live` is updated in place (the summary's stats); the clock starts now.
    explicit TurnMeter(LiveStats &live);
    // Counts `token`; returns the complete text it releases (may be empty).
    QString add(const GeneratedToken &token);
    // What is still held back (an unfinished character at the end), then nothing.
    QString flush();

private:
    LiveStats &m_live;
    QElapsedTimer m_clock;
    double m_firstTokenAt = 0;
    uint64_t m_hits = 0, m_misses = 0, m_bytesRead = 0;
    std::string m_pending; // bytes of an unfinished UTF-8 character
};

// Ids a conversation renders to (the backend's chat format).
using RenderedLength = std::function<size_t(const std::vector<ChatMessage> &messages)>;

// GenerateRequest::fitToContext: leaves out the oldest whole turns after the
// system messages (and their images) until the rendering plus the reply room
// (sampling.maxTokens) fits `context`; the last user message always stays.
// Returns how many messages were left out.
int dropOldestToFit(GenerateRequest &request, int context, const RenderedLength &renderedLength);

} // namespace sluice::qt
