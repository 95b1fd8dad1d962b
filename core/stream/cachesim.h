#pragma once
// Replay of real expert-routing traces through the eviction policies, to
// choose the ExpertCache policy by measurement (spec 10.1) and to keep that
// choice honest as a test and as `sluice-cli cachesim TRACE`.
//
// Replay model: tokens in order, MoE layers in order, each layer's top-k ids in
// the order given. The ids of the layer being served are pinned until the
// layer is done (as ExpertCache pins the current layer); with read-ahead (the
// default) the resident ones are pinned before the layer's first miss, so a
// layer never evicts its own experts. Hit rate = demand hits / demand accesses, cold misses
// included.
#include "evictionpolicy.h"
#include "routetrace.h"
#include "util/status.h"

#include <string>
#include <vector>

namespace sluice {

// RoutingTrace and loadRoutingTrace() are in routetrace.h.

struct SimResult {
    EvictionPolicy policy = EvictionPolicy::Lru;
    int slotCount = 0;
    uint64_t accesses = 0;
    uint64_t hits = 0;
    uint64_t prefetchReads = 0; // --prefetch-prev: records read ahead of their demand (0 without)
    // Records read from disk: demand misses (cached or not) plus prefetches.
    uint64_t reads() const { return accesses - hits + prefetchReads; }
    double hitRate() const { return accesses ? double(hits) / double(accesses) : 0.0; }
};

// lambdaPerToken > 0 overrides the LRFU policies' decay (kLrfuLambdaPerToken,
// kLrfuLayerLambda) for sensitivity sweeps. readAhead (the engine's default)
// replays ExpertCache::prefetch(layer, ids, false) before each layer: the
// layer's resident ids are pinned before any of its misses evicts (at most a
// quarter of the slots, as the cache caps its pins), so a layer never evicts
// its own later experts; false replays demands only (acquire() without read-ahead),
// where only the ids already served are pinned.
// horizon >= 0 (replay only, a bound, not a policy): the policy is told the
// true uses of the next `horizon` layer runs (0 = the rest of the current
// layer, top-k x ... : moeLayers = one whole token ahead) and evicts a key with
// a known use only when every evictable key has one (then the furthest), so
// the figures say how far ahead routing would have to be known to close the
// gap to Belady.
// prefetchPrev: before each layer of token t > 0 runs (before its router, so
// before the read-ahead pins), the ids token t-1 routed to at that layer are
// read into the cache if absent: each such read counts in prefetchReads, the
// record is pinned until the layer is done (an in-flight read), and the
// policy sees it as inserted now (no demand use recorded). Hits stay demand
// hits; reads() says what the extra bytes cost.
SimResult simulateCache(const RoutingTrace &trace, EvictionPolicy policy, int slotCount, double lambdaPerToken = 0,
                        bool readAhead = true, int horizon = -1, bool prefetchPrev = false);

struct SimTable {
    std::vector<double> multipliers;          // of one token's working set (topK x MoE layers)
    std::vector<int> slotCounts;              // per multiplier
    std::vector<EvictionPolicy> policies;     // rows
    std::vector<std::vector<SimResult>> results; // [policy][multiplier]
    EvictionPolicy bestPractical = EvictionPolicy::Lru; // highest mean hit rate over the sizes, Belady and ARC excluded
};

// prefetchPrev: every row replayed with simulateCache(..., prefetchPrev); ARC
// (whose lists have no prefetch path here) is left out then.
SimTable simulateTable(const RoutingTrace &trace, const std::vector<double> &multipliers = {1, 2, 3, 5},
                       double lambdaPerToken = 0, bool readAhead = true, bool prefetchPrev = false);

} // namespace sluice
