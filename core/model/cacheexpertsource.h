#pragma once
// ExpertSource over the stream module's ExpertCache: read-ahead hints become
// pinned prefetches, router-lookahead guesses unpinned speculative ones, and
// each ExpertRecord handed out parks one cache handle until it is released. The cache only changes WHEN bytes
// arrive, never which bytes, so results are identical with it on or off.
#include "model/expertsource.h"
#include "stream/expertcache.h"

#include <memory>
#include <vector>

namespace sluice::model {

class CacheExpertSource : public ExpertSource {
public:
    CacheExpertSource(std::unique_ptr<ExpertCache> cache, bool readAhead)
        : m_cache(std::move(cache)), m_readAhead(readAhead)
    {
    }

    void hint(int layer, std::span<const int> experts) override
    {
        if (m_readAhead)
            m_cache->prefetch(layer, experts, false);
    }
    void speculate(int layer, std::span<const int> experts) override { m_cache->prefetch(layer, experts, true); }

    Expected<ExpertRecord> acquire(int layer, int expert) override { return hold(m_cache->acquire(layer, expert)); }
    Expected<ExpertRecord> claim(int layer, int expert) override { return hold(m_cache->claim(layer, expert)); }
    bool ready(const ExpertRecord &record) const override
    {
        return record.ref().token < m_held.size() && m_cache->isReady(m_held[record.ref().token]);
    }
    Status waitReady(const ExpertRecord &record) override
    {
        if (record.ref().token >= m_held.size())
            return makeError(ErrorCode::Internal, "waiting on a record this source did not hand out");
        return m_cache->waitReady(m_held[record.ref().token]);
    }

    ExpertCache &cache() { return *m_cache; }
    // Cache handles held by live ExpertRecords (0 between forward passes).
    int heldCount() const
    {
        int n = 0;
        for (const ExpertHandle &h : m_held)
            n += h ? 1 : 0;
        return n;
    }

protected:
    void release(const ExpertRecordRef &ref) override
    {
        if (ref.token < m_held.size())
            m_held[ref.token].release();
    }

private:
    Expected<ExpertRecord> hold(Expected<ExpertHandle> h)
    {
        if (!h)
            return h.status();
        ExpertRecordRef ref{h->data(), h->size(), 0, h->writableData(), h->note()};
        // Park the handle; the token finds it again in release().
        size_t i = 0;
        while (i < m_held.size() && m_held[i])
            ++i;
        if (i == m_held.size())
            m_held.emplace_back();
        m_held[i] = std::move(*h);
        ref.token = i;
        return ExpertRecord(this, ref);
    }

    std::unique_ptr<ExpertCache> m_cache;
    bool m_readAhead;
    std::vector<ExpertHandle> m_held;
};

} // namespace sluice::model
