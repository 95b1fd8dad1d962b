#pragma once
// `chat` prints a streamed reply as the user should read it: the reasoning
// (after "thinking: ") and then the content, parsed by id in the model's chat
// format (Model::parseReply) — never the markup that closes the message. The
// server streams its deltas the same way (server/generator.cpp).
#include "api/model.h"

#include <cstdio>
#include <string>
#include <vector>

namespace sluice::cli {

class ReplyPrinter {
public:
    ReplyPrinter(const Model &model, const ChatOptions &options, std::FILE *out);
    // Takes the next generated id and prints what it reveals (whole UTF-8 characters).
    void add(int id);
    // What was shown: the reply's reasoning and content.
    const std::string &reasoning() const { return m_shownReasoning; }
    const std::string &content() const { return m_shownContent; }

private:
    const Model &m_model;
    ChatOptions m_options;
    std::FILE *m_out;
    std::vector<int> m_ids;
    std::string m_shownReasoning, m_shownContent;
};

} // namespace sluice::cli
