#pragma once
// Disk-bound speed prediction for a plan (docs/planner.md "Predicted speed"):
// the expert cache a budget buys, replayed as a hit rate on a real routing
// trace scaled to the model, turned into expert bytes read per token and
// seconds per token at a disk bandwidth. Used by `sluice-cli plan` for
// built-in models (before download) and containers alike.
//
// Scaling (the assumption, stated): traces come from other models (the
// shipped ones are Kimi-Linear and OLMoE), so the cache is kept at the same
// size *in working sets* (slots / (topK x MoE layers)) and that many of the
// trace's working sets are replayed. Hit rates are per access, so they carry
// over; bytes then scale with the model's own working set and record size.
//
// What it leaves out: compute (the figure is a lower bound on s/token, the
// machine may be compute-bound), the router lookahead's speculative reads
// (they move misses earlier, they do not remove bytes), and trunk reads (the
// planner keeps the trunk resident).
#include "api/routing.h" // SpeedPrediction
#include "cachesim.h"
#include "evictionpolicy.h"
#include "memoryplanner.h"
#include "util/status.h"

#include <string>

namespace sluice {

// The shipped policy by default (ExpertCache's LRU). Errors for a zero
// bandwidth, a plan without experts or a trace without tokens.
Expected<SpeedPrediction> predictDiskBoundSpeed(const MemoryPlan &plan, const CacheSizing &sizing,
                                                const RoutingTrace &trace, double diskBytesPerSecond,
                                                EvictionPolicy policy = EvictionPolicy::Lru);

} // namespace sluice
