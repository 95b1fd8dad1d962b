#pragma once
// What the next turn needs to continue on the exact ids the model produced:
// the last turn's request messages, the reply as we gave it, the options and
// the ids (prompt + generated, the last sampled one included). Kept in memory
// and, beside a saved session, in "<session>.turn" (JSON, version 2).
#include "api/chat.h"

namespace sluice::chat {

struct LastTurn {
    std::vector<ChatMessage> messages;
    ChatMessage reply;
    ChatOptions options;
    std::vector<int> ids;
    size_t promptLength = 0; // ids[0, promptLength) were the prompt (0 = unknown)

    bool valid() const { return !ids.empty(); }
    void clear() { *this = LastTurn{}; }
};

bool sameOptions(const ChatOptions &a, const ChatOptions &b);

// Writes (or, for an invalid turn, removes) the side file of `sessionPath`.
Status saveLastTurn(const LastTurn &turn, const std::string &sessionPath);
// The side file of `sessionPath` when it belongs to a state holding
// `stateIds`; an invalid turn otherwise (missing, damaged, another state's).
LastTurn loadLastTurn(const std::string &sessionPath, const std::vector<int> &stateIds);

} // namespace sluice::chat
