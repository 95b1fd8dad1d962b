#pragma once
// `chat --script FILE` for the local and the remote chat: one user message per
// non-empty line, or a JSON list of strings. Bounded (16 MiB, a regular file).
#include "api/types.h"

#include <string>
#include <vector>

namespace sluice::cli {

class OptionParser;

// Both chats' sampling defaults (up to 512 tokens, temperature 0.6, top-p 0.95).
SamplingParams chatSamplingDefaults();
// --system and --script, the same for the local and the remote chat.
void addChatTextOptions(OptionParser &p, std::string &system, std::string &scriptPath);

bool readChatScript(const std::string &path, std::vector<std::string> &out, std::string &error);

// Where a chat's user lines come from: the script when there is one, else
// standard input after a "> " prompt. next() gives the next non-empty line and
// is false at the end of either.
class ChatInput {
public:
    explicit ChatInput(const std::vector<std::string> &script)
        : m_script(script)
    {
    }
    bool next(std::string &line);

private:
    bool nextAny(std::string &line);
    const std::vector<std::string> &m_script;
    size_t m_next = 0;
};

// "/cmd the argument" -> {"/cmd", "the argument"} (the argument may be empty).
struct ChatCommand {
    std::string name;
    std::string arg;
};
ChatCommand splitChatCommand(const std::string &line);

// `/think on|off` for both chats: true with `on` set for the two words; any
// other argument (`maybe`, none) is refused with "/think 'maybe': expected on or off"
// in `error`, so a typo never quietly turns thinking off.
bool parseThinkArgument(const std::string &arg, bool &on, std::string &error);

} // namespace sluice::cli
