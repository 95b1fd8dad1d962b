#pragma once
// The reply as a client shows it while it grows: the generated ids parsed by
// id in the model's chat format (or detokenized for a raw completion), the
// content cut at a stop string, and deltas released only in complete UTF-8
// and never ending in what could still become a stop string.
#include "api/chat.h"

namespace sluice::chat {

class ReplyStream {
public:
    ReplyStream(const Model &model, const ChatOptions &options, bool completion, std::vector<std::string> stops);
    // Counts one generated id; returns what the shown reply gained.
    TurnDelta push(int id);
    // The final reply (every id, the content cut at a stop string) and in
    // `unsent` what the deltas held back.
    ChatReply finish(TurnDelta &unsent) const;

private:
    ChatReply parse() const;

    const Model &m_model;
    ChatOptions m_options;
    bool m_completion;
    std::vector<std::string> m_stops;
    std::vector<int> m_ids;
    std::string m_sentReasoning, m_sentContent;
};

// `content` up to the first stop string.
std::string cutAtStop(const std::string &content, const std::vector<std::string> &stops);

} // namespace sluice::chat
