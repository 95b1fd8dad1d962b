#pragma once
// Expert-cache eviction policies. The same victim choice serves the real
// ExpertCache and the trace replay (cachesim), so the policy that was measured
// is the policy that ships. Belady (offline optimum) needs the future and
// exists only in the replay.
#include "api/routing.h" // EvictionPolicy, policyName

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sluice {

// The policy ExpertCache uses, chosen by the replay table in docs/streaming.md.
inline constexpr EvictionPolicy kShippedPolicy = EvictionPolicy::LrfuLayer;

// LRFU's decay: a use counts half after 10 tokens. Measured on both traces:
// lambda 0.05..0.2 per token all beat LRU-2 at every size (docs/streaming.md).
inline constexpr double kLrfuLambdaPerToken = 0.1;

// LRFU-layer. Decode touches the layers in a cycle, so the demand-access
// clock makes a key look older the earlier its layer runs in the token: plain
// LRU and LRFU prefer to evict the layer that runs next (LRU's classic loop
// failure). LRFU-layer measures each key's age in runs of its own layer (one
// per token in decode, one per chunk in prefill): the score is recordUse() with
// now = that layer's run count and lambda per run, and keys are compared by
// their decayed count at their layer's current run, score - lambda * runs(layer).
// Ties (e.g. keys used once in the same token) evict the key whose layer runs
// again last. VictimChooser::setLayerClock() supplies the run counts.
// With read-ahead the decay per run depends on the cache size:
// lrfuLayerLambda() below. Demands only (read-ahead off) it is the fixed
// kLrfuLayerLambda (0.2, the best fixed decay there).
inline constexpr double kLrfuLayerLambda = 0.2;

// LRFU-layer's decay per run for a cache of `slotCount` records when one token
// touches `workingSet` = top-k x MoE layers of them: m = slotCount / workingSet,
// lambda = 1 for m <= 1 and m^-1.5 above. With the read-ahead pinning a layer
// before its misses, a cache of one working set does best as recency (each
// layer replaces its own previous experts: LRU), and the larger the cache the
// longer a key's history pays (the best fixed lambda per size on both real
// traces: ~1 at 1x, 0.3-0.6 at 1.5-2x, 0.2 at 3x, 0.08-0.1 at 5x; the curve
// m^-1.5 passes through them; docs/streaming.md, "Eviction policy").
inline double lrfuLayerLambda(int slotCount, int workingSet)
{
    const double m = workingSet > 0 ? double(slotCount) / double(workingSet) : 1.0;
    return m <= 1.0 ? 1.0 : std::pow(m, -1.5);
}

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

std::optional<EvictionPolicy> policyFromName(const std::string &name);
const std::vector<EvictionPolicy> &allPolicies(); // practical ones first, Belady last

// What a policy may look at for one slot.
struct SlotUsage {
    uint32_t hits = 0;        // 1 at insertion, +1 per demand hit
    int32_t layer = 0;        // LRFU-layer: the key's layer, 0-based among the MoE layers
    uint64_t lastUse = 0;     // access clock of the latest use (insertion counts)
    uint64_t inserted = 0;    // access clock at insertion
    uint64_t previousUse = 0; // LRU-2: clock of the use before lastUse, 0 if none (remembered across evictions)
    uint64_t nextUse = 0;     // Belady only: clock of the next use, UINT64_MAX if never
    double score = 0;         // LRFU: recordUse() at the latest use; Least-Stale: its layer's run count then
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
    // LRFU-layer and Least-Stale: runs[l] = how many times MoE layer l has run (the caller
    // owns the array, layers entries), current = the layer running now.
    void setLayerClock(const uint64_t *runs, int layers, int current, double lambda)
    {
        m_runs = runs;
        m_layers = layers;
        m_current = current;
        m_layerLambda = lambda;
    }

    // (Not `slots`: Qt defines that as a macro, and Qt code includes this header.)
    int choose(const std::vector<SlotUsage> &usage)
    {
        return choose(int(usage.size()), [&](int i) -> const SlotUsage & { return usage[size_t(i)]; });
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
        if (m_policy == EvictionPolicy::LrfuLayer && m_runs) {
            double bestScore = 0;
            int bestWait = 0;
            for (int s = 0; s < n; ++s) {
                const SlotUsage &u = usageAt(s);
                if (!u.evictable)
                    continue;
                const int l = std::clamp(u.layer, 0, m_layers - 1);
                const double score = u.score - m_layerLambda * double(m_runs[l]);
                const int waitKey = runsUntilLayer(l);
                if (best < 0 || score < bestScore ||
                    (score == bestScore && (waitKey > bestWait || (waitKey == bestWait && u.lastUse < usageAt(best).lastUse)))) {
                    best = s;
                    bestScore = score;
                    bestWait = waitKey;
                }
            }
            return best;
        }
        if (m_policy == EvictionPolicy::LeastStale && m_runs) {
            // Staleness = runs of the key's own layer since its last use
            // (score holds the run count at that use). Ties, e.g. every key
            // used in the last token, evict the key whose layer comes round
            // last, then the least recent.
            uint64_t bestStale = 0;
            int bestWait = 0;
            for (int s = 0; s < n; ++s) {
                const SlotUsage &u = usageAt(s);
                if (!u.evictable)
                    continue;
                const int l = std::clamp(u.layer, 0, m_layers - 1);
                const uint64_t lastRun = uint64_t(u.score);
                const uint64_t stale = m_runs[l] > lastRun ? m_runs[l] - lastRun : 0;
                const int waitKey = runsUntilLayer(l);
                if (best < 0 || stale > bestStale ||
                    (stale == bestStale && (waitKey > bestWait || (waitKey == bestWait && u.lastUse < usageAt(best).lastUse)))) {
                    best = s;
                    bestStale = stale;
                    bestWait = waitKey;
                }
            }
            return best;
        }
        for (int s = 0; s < n; ++s)
            if (usageAt(s).evictable && (best < 0 || better(usageAt(s), usageAt(best))))
                best = s;
        return best;
    }

private:
    bool better(const SlotUsage &a, const SlotUsage &b) const; // a is a better victim than b
    // Runs until layer l comes again (the current layer: a whole cycle); the
    // layer-clock policies' tie-break evicts the key needed last.
    int runsUntilLayer(int l) const
    {
        const int wait = ((l - m_current) % m_layers + m_layers) % m_layers;
        return wait == 0 ? m_layers : wait;
    }
    EvictionPolicy m_policy;
    uint32_t m_lcg;
    const uint64_t *m_runs = nullptr;
    int m_layers = 1;
    int m_current = 0;
    double m_layerLambda = 0;
};

} // namespace sluice
