#pragma once
// Expert-cache eviction policies. The same victim choice serves the real
// ExpertCache and the trace replay (cachesim), so the policy that was measured
// is the policy that ships. Belady (offline optimum) needs the future and
// exists only in the replay.
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sluice {

enum class EvictionPolicy {
    Lru,      // least recently used
    Lfu,      // fewest hits since insertion; ties: inserted first
    Lfru,     // spec 10.1: 16 sampled slots, fewest hits, ties least recent
    LfruScan, // LFRU over every slot (no sampling)
    LfruGlobal, // LFRU-scan where hits count every use since open, not since insertion
    Lru2,     // LRU-2: the oldest second-to-last use (kept across evictions); ties least recent
    Lrfu,     // LRFU: lowest decayed use count sum 2^-lambda(now - t_use), history kept across evictions
    Belady,   // offline optimum: the entry used furthest in the future (replay only)
};

// The policy ExpertCache uses, chosen by the replay table in docs/streaming.md.
inline constexpr EvictionPolicy kShippedPolicy = EvictionPolicy::Lrfu;

// LRFU's decay: a use counts half after 10 tokens. Measured on both traces:
// lambda 0.05..0.2 per token all beat LRU-2 at every size (docs/streaming.md).
inline constexpr double kLrfuLambdaPerToken = 0.1;

// A key's use history, kept across evictions (LRU-2 and LRFU need it). Time
// is the demand-access clock; lambdaPerAccess = kLrfuLambdaPerToken / (top-k x
// MoE layers), one token's accesses.
struct UseHistory {
    float crf = 0;        // decayed use count at lastUse
    uint32_t reserved = 0;
    uint64_t lastUse = 0; // clock of the latest demand use, 0 = never
};

// Records a demand use at `now` and returns the LRFU score of the key: log2 of
// its decayed count plus lambda * now, which orders keys exactly as their
// decayed counts at any common later time (the decay factor is shared).
inline double recordUse(UseHistory &h, uint64_t now, double lambdaPerAccess)
{
    const double decayed = h.lastUse ? double(h.crf) * std::exp2(-lambdaPerAccess * double(now - h.lastUse)) : 0.0;
    h.crf = float(decayed + 1.0);
    h.lastUse = now;
    return std::log2(double(h.crf)) + lambdaPerAccess * double(now);
}

const char *policyName(EvictionPolicy policy);
std::optional<EvictionPolicy> policyFromName(const std::string &name);
const std::vector<EvictionPolicy> &allPolicies(); // practical ones first, Belady last

// What a policy may look at for one slot.
struct SlotUsage {
    uint32_t hits = 0;        // 1 at insertion, +1 per demand hit
    uint64_t lastUse = 0;     // access clock of the latest use (insertion counts)
    uint64_t inserted = 0;    // access clock at insertion
    uint64_t previousUse = 0; // LRU-2: clock of the use before lastUse, 0 if none (remembered across evictions)
    uint64_t nextUse = 0;     // Belady only: clock of the next use, UINT64_MAX if never
    double score = 0;         // LRFU: recordUse() at the latest use
    bool evictable = false;   // ready, unpinned, unheld
};

// Picks the slot to evict among n slots, or -1 when none is evictable.
// usageAt(i) returns slot i's SlotUsage (a template so the cache can keep the
// usage inside its own slot records without copying). Deterministic: the
// sampling LCG is seeded at construction.
class VictimChooser {
public:
    explicit VictimChooser(EvictionPolicy policy, uint32_t seed = 12345) : m_policy(policy), m_lcg(seed) {}
    EvictionPolicy policy() const { return m_policy; }

    int choose(const std::vector<SlotUsage> &slots)
    {
        return choose(int(slots.size()), [&](int i) -> const SlotUsage & { return slots[size_t(i)]; });
    }

    template <typename UsageAt>
    int choose(int n, UsageAt &&usageAt)
    {
        int best = -1;
        if (m_policy == EvictionPolicy::Lfru && n > 0) {
            // Sampling keeps the choice O(1) on caches of thousands of slots; the
            // replay shows what it costs in hit rate against the full scan.
            for (int i = 0; i < 16; ++i) {
                m_lcg = 1664525u * m_lcg + 1013904223u;
                const int s = int((uint64_t(m_lcg) * uint64_t(n)) >> 32);
                if (usageAt(s).evictable && (best < 0 || better(usageAt(s), usageAt(best))))
                    best = s;
            }
            if (best >= 0)
                return best;
        }
        for (int s = 0; s < n; ++s)
            if (usageAt(s).evictable && (best < 0 || better(usageAt(s), usageAt(best))))
                best = s;
        return best;
    }

private:
    bool better(const SlotUsage &a, const SlotUsage &b) const; // a is a better victim than b
    EvictionPolicy m_policy;
    uint32_t m_lcg;
};

} // namespace sluice
