#include "evictionpolicy.h"

namespace sluice {

const char *policyName(EvictionPolicy policy)
{
    switch (policy) {
    case EvictionPolicy::Lru:
        return "LRU";
    case EvictionPolicy::Lfu:
        return "LFU";
    case EvictionPolicy::Lfru:
        return "LFRU";
    case EvictionPolicy::LfruScan:
        return "LFRU-scan";
    case EvictionPolicy::LfruGlobal:
        return "LFRU-global";
    case EvictionPolicy::Lru2:
        return "LRU-2";
    case EvictionPolicy::Lrfu:
        return "LRFU";
    case EvictionPolicy::LrfuLayer:
        return "LRFU-layer";
    case EvictionPolicy::Arc:
        return "ARC";
    case EvictionPolicy::S3Fifo:
        return "S3-FIFO";
    case EvictionPolicy::LeastStale:
        return "Least-Stale";
    case EvictionPolicy::Belady:
        return "Belady";
    }
    return "?";
}

std::optional<EvictionPolicy> policyFromName(const std::string &name)
{
    for (EvictionPolicy p : allPolicies())
        if (name == policyName(p))
            return p;
    return std::nullopt;
}

const std::vector<EvictionPolicy> &allPolicies()
{
    static const std::vector<EvictionPolicy> all = {EvictionPolicy::Lru, EvictionPolicy::Lfu, EvictionPolicy::Lfru,
                                                    EvictionPolicy::LfruScan, EvictionPolicy::LfruGlobal, EvictionPolicy::Lru2, EvictionPolicy::Lrfu, EvictionPolicy::LrfuLayer, EvictionPolicy::Arc,
                                                    EvictionPolicy::S3Fifo, EvictionPolicy::LeastStale, EvictionPolicy::Belady};
    return all;
}

bool VictimChooser::better(const SlotUsage &a, const SlotUsage &b) const
{
    switch (m_policy) {
    case EvictionPolicy::Lru:
        return a.lastUse < b.lastUse;
    case EvictionPolicy::Lfu:
        return a.hits != b.hits ? a.hits < b.hits : a.inserted < b.inserted;
    case EvictionPolicy::Lfru:
    case EvictionPolicy::LfruScan:
    case EvictionPolicy::LfruGlobal:
        return a.hits != b.hits ? a.hits < b.hits : a.lastUse < b.lastUse;
    case EvictionPolicy::Lru2:
        return a.previousUse != b.previousUse ? a.previousUse < b.previousUse : a.lastUse < b.lastUse;
    case EvictionPolicy::Lrfu:
    case EvictionPolicy::LrfuLayer: // without a layer clock: plain score order
        return a.score != b.score ? a.score < b.score : a.lastUse < b.lastUse;
    case EvictionPolicy::Belady:
        return a.nextUse > b.nextUse;
    case EvictionPolicy::Arc: // list-based: simulated in cachesim, never chosen per slot
    case EvictionPolicy::S3Fifo:
        return a.lastUse < b.lastUse;
    case EvictionPolicy::LeastStale: // without a layer clock: recency
        return a.lastUse < b.lastUse;
    }
    return false;
}

} // namespace sluice
