#include "chat/replystream.h"

#include <algorithm>

namespace sluice::chat {

std::string cutAtStop(const std::string &content, const std::vector<std::string> &stops)
{
    size_t cut = content.size();
    for (const std::string &s : stops)
        if (!s.empty())
            if (const size_t at = content.find(s); at != std::string::npos)
                cut = std::min(cut, at);
    return content.substr(0, cut);
}

namespace {

// What of a growing content may be shown now: up to a stop string, and not
// the tail that could still become one.
size_t visibleLength(const std::string &content, const std::vector<std::string> &stops)
{
    size_t n = cutAtStop(content, stops).size();
    if (n < content.size())
        return n;
    for (const std::string &s : stops)
        for (size_t k = std::min(s.empty() ? 0 : s.size() - 1, n); k > 0; --k)
            if (content.compare(n - k, k, s, 0, k) == 0) {
                n -= k;
                break;
            }
    return n;
}

// The part of `now` past what was sent, when `now` still extends it.
std::string gained(const std::string &now, std::string &sent)
{
    if (now.size() <= sent.size() || now.compare(0, sent.size(), sent) != 0)
        return {};
    std::string add = now.substr(sent.size());
    sent = now;
    return add;
}

} // namespace

ReplyStream::ReplyStream(const Model &model, const ChatOptions &options, bool completion,
                         std::vector<std::string> stops)
    : m_model(model)
    , m_options(options)
    , m_completion(completion)
    , m_stops(std::move(stops))
{
}

ChatReply ReplyStream::parse() const
{
    if (!m_completion)
        return m_model.parseReply(m_ids, m_options);
    ChatReply r;
    r.content = m_model.detokenize(m_ids);
    return r;
}

TurnDelta ReplyStream::push(int id)
{
    m_ids.push_back(id);
    ChatReply r = parse();
    r.reasoning.resize(completeUtf8Prefix(r.reasoning));
    r.content.resize(visibleLength(r.content, m_stops));
    r.content.resize(completeUtf8Prefix(r.content));
    TurnDelta d;
    d.reasoning = gained(r.reasoning, m_sentReasoning);
    d.content = gained(r.content, m_sentContent);
    return d;
}

ChatReply ReplyStream::finish(TurnDelta &unsent) const
{
    ChatReply r = parse();
    r.content = cutAtStop(r.content, m_stops);
    std::string sentReasoning = m_sentReasoning, sentContent = m_sentContent;
    unsent.reasoning = gained(r.reasoning, sentReasoning);
    unsent.content = gained(r.content, sentContent);
    return r;
}

} // namespace sluice::chat
