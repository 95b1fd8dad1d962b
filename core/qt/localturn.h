#pragma once
// The library's turn pieces (api/chat.h: LiveMeter, dropOldestTurns) in the
// worker's types, for a backend that is not a Conversation: the test double
// (tests/qt/scriptedengine.h), which streams text pieces of its own.
#include "qt/enginetypes.h"

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
    LiveMeter m_meter;
    std::string m_pending; // bytes of an unfinished UTF-8 character
};

// GenerateRequest::fitToContext: leaves out the oldest whole turns after the
// system messages (and their images) until the rendering plus the reply room
// (sampling.maxTokens) fits `context`; the last user message always stays.
// Returns how many messages were left out.
int dropOldestToFit(GenerateRequest &request, int context, const RenderedLength &renderedLength);

} // namespace sluice::qt
