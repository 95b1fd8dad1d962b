#pragma once
// `sluice-cli chat --remote URL`: the chat command against an
// OpenAI-compatible server (cmd_chatremote.cpp); cmd_chat.cpp hands over
// when the arguments name --remote.
#include <string>
#include <vector>

namespace sluice::cli {

bool wantsRemoteChat(const std::vector<std::string> &args);
int runRemoteChat(const std::vector<std::string> &args);

} // namespace sluice::cli
