#include "qt/localturn.h"

#include <algorithm>

namespace sluice::qt {

TurnMeter::TurnMeter(LiveStats &live)
    : m_live(live)
{
    m_clock.start();
}

QString TurnMeter::add(const GeneratedToken &token)
{
    LiveStats &live = m_live;
    const double now = m_clock.nsecsElapsed() / 1e9;
    ++live.tokens;
    if (live.tokens == 1) {
        m_firstTokenAt = now;
        live.timeToFirstToken = now;
    }
    live.elapsedSeconds = now;
    m_hits += token.stats.demandHits;
    m_misses += token.stats.demandMisses;
    m_bytesRead += token.stats.bytesRead;
    const uint64_t lookups = token.stats.demandHits + token.stats.demandMisses;
    live.lastHitRate = lookups ? double(token.stats.demandHits) / double(lookups) : 0.0;
    live.hitRate = (m_hits + m_misses) ? double(m_hits) / double(m_hits + m_misses) : 0.0;
    live.lastTokenPerSecond = token.stats.tokenSeconds > 0 ? 1.0 / token.stats.tokenSeconds : 0.0;
    const double decodeTime = now - m_firstTokenAt;
    live.tokensPerSecond
        = (live.tokens > 1 && decodeTime > 0) ? (live.tokens - 1) / decodeTime : live.lastTokenPerSecond;
    live.diskGBps = now > 0 ? double(m_bytesRead) / now / 1e9 : 0.0;
    // A token without a forward pass after it (the last) may carry no
    // resident figure: the allocation is unchanged, keep the last one.
    if (token.stats.residentBytes)
        live.residentBytes = token.stats.residentBytes;

    m_pending += token.text;
    const size_t complete = completeUtf8Prefix(m_pending);
    if (complete == 0)
        return QString();
    const QString text = QString::fromUtf8(m_pending.data(), static_cast<qsizetype>(complete));
    m_pending.erase(0, complete);
    return text;
}

QString TurnMeter::flush()
{
    const QString text = QString::fromUtf8(m_pending.data(), static_cast<qsizetype>(m_pending.size()));
    m_pending.clear();
    return text;
}

int dropOldestToFit(GenerateRequest &request, int context, const RenderedLength &renderedLength)
{
    std::vector<ChatMessage> &m = request.messages;
    size_t first = 0; // system messages stay
    while (first < m.size() && m[first].role == "system")
        ++first;
    int dropped = 0;
    const int room = std::max(0, request.sampling.maxTokens);
    while (int(renderedLength(m)) + room > context) {
        // Keep the last user message (the turn being asked) and what follows it.
        size_t lastUser = m.size();
        for (size_t i = m.size(); i-- > first;)
            if (m[i].role == "user") {
                lastUser = i;
                break;
            }
        if (lastUser <= first || lastUser == m.size())
            break;
        // One whole turn: the first message, then up to the next user message.
        size_t end = first + 1;
        while (end < lastUser && m[end].role != "user")
            ++end;
        int images = 0;
        for (size_t i = first; i < end; ++i)
            images += std::max(0, m[i].imageCount);
        m.erase(m.begin() + ptrdiff_t(first), m.begin() + ptrdiff_t(end));
        request.images.erase(
            request.images.begin(), request.images.begin() + std::min<qsizetype>(images, request.images.size()));
        dropped += int(end - first);
    }
    return dropped;
}

} // namespace sluice::qt
