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
                                                    EvictionPolicy::LfruScan, EvictionPolicy::LfruGlobal, EvictionPolicy::Lru2, EvictionPolicy::Belady};
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
    case EvictionPolicy::Belady:
        return a.nextUse > b.nextUse;
    }
    return false;
}

int VictimChooser::choose(const std::vector<SlotUsage> &slots)
{
    const int n = int(slots.size());
    int best = -1;
    if (m_policy == EvictionPolicy::Lfru && n > 0) {
        // Sampling keeps the choice O(1) on caches of thousands of slots; the
        // replay shows what it costs in hit rate against the full scan.
        for (int i = 0; i < 16; ++i) {
            m_lcg = 1664525u * m_lcg + 1013904223u;
            const int s = int((uint64_t(m_lcg) * uint64_t(n)) >> 32);
            if (slots[s].evictable && (best < 0 || better(slots[s], slots[best])))
                best = s;
        }
        if (best >= 0)
            return best;
    }
    for (int s = 0; s < n; ++s)
        if (slots[s].evictable && (best < 0 || better(slots[s], slots[best])))
            best = s;
    return best;
}

} // namespace sluice
