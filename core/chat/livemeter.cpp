// LiveMeter (api/chat.h): the figures a user watches during a reply, derived
// from the per-token TokenStats in one place for every client.
#include "api/chat.h"

namespace sluice {

LiveMeter::LiveMeter()
    : m_start(std::chrono::steady_clock::now())
{
}

void LiveMeter::add(const TokenStats &stats)
{
    LiveFigures &live = m_figures;
    const double now = std::chrono::duration<double>(std::chrono::steady_clock::now() - m_start).count();
    ++live.tokens;
    if (live.tokens == 1) {
        m_firstTokenAt = now;
        live.timeToFirstToken = now;
    }
    live.elapsedSeconds = now;
    m_hits += stats.demandHits;
    m_misses += stats.demandMisses;
    m_bytesRead += stats.bytesRead;
    const uint64_t lookups = stats.demandHits + stats.demandMisses;
    live.lastHitRate = lookups ? double(stats.demandHits) / double(lookups) : 0.0;
    live.hitRate = (m_hits + m_misses) ? double(m_hits) / double(m_hits + m_misses) : 0.0;
    live.lastTokenPerSecond = stats.tokenSeconds > 0 ? 1.0 / stats.tokenSeconds : 0.0;
    // The first token's time is the prefill's: the decode rate starts after it.
    const double decodeTime = now - m_firstTokenAt;
    live.tokensPerSecond
        = (live.tokens > 1 && decodeTime > 0) ? (live.tokens - 1) / decodeTime : live.lastTokenPerSecond;
    live.diskGBps = now > 0 ? double(m_bytesRead) / now / 1e9 : 0.0;
    // A token without a forward pass after it (the last) may carry no
    // resident figure: the allocation is unchanged, keep the last one.
    if (stats.residentBytes)
        live.residentBytes = stats.residentBytes;
}

} // namespace sluice
