#pragma once
// `chat --script FILE` for the local and the remote chat: one user message per
// non-empty line, or a JSON list of strings. Bounded (16 MiB, a regular file).
#include <string>
#include <vector>

namespace sluice::cli {

bool readChatScript(const std::string &path, std::vector<std::string> &out, std::string &error);

} // namespace sluice::cli
