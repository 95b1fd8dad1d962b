#include "replyprinter.h"

namespace sluice::cli {

ReplyPrinter::ReplyPrinter(const Model &model, const ChatOptions &options, std::FILE *out)
    : m_model(model)
    , m_options(options)
    , m_out(out)
{
}

namespace {

// Appends to `shown` (and prints) what `now` adds to it in whole characters;
// a parse that no longer extends what was shown prints nothing.
void showGrowth(std::string now, std::string &shown, std::FILE *out, const char *before)
{
    now.resize(completeUtf8Prefix(now));
    if (now.size() <= shown.size() || now.compare(0, shown.size(), shown) != 0)
        return;
    if (out) {
        if (shown.empty() && before)
            std::fputs(before, out);
        std::fwrite(now.data() + shown.size(), 1, now.size() - shown.size(), out);
        std::fflush(out);
    }
    shown = std::move(now);
}

} // namespace

void ReplyPrinter::add(int id)
{
    m_ids.push_back(id);
    const ChatReply r = m_model.parseReply(m_ids, m_options);
    showGrowth(r.reasoning, m_shownReasoning, m_out, "thinking: ");
    showGrowth(r.content, m_shownContent, m_out, m_shownReasoning.empty() ? nullptr : "\n");
}

} // namespace sluice::cli
