#pragma once
// Routing traces and the disk-bound speed figures a plan predicts from one
// (api/planning.h predictSpeed, docs/planner.md "Predicted speed"): the
// trace as loaded (one JSON object per line, stream/routetrace.h), the
// eviction policies the replay knows by name and the prediction itself.
// The replay (cachesim), the policies' victim choice and the engine's
// routing-trace replay stay in the stream module.
#include "util/status.h"

#include <cstdint>
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
    LrfuLayer, // LRFU in layer time: uses decay per run of the key's own layer (stream/evictionpolicy.h)
    Arc,      // ARC (Megiddo & Modha): adaptive recency/frequency lists with ghosts (replay only)
    S3Fifo,   // S3-FIFO (Yang et al.): small + main FIFO, capped use counter, ghost of small-queue evictions (replay only)
    LeastStale, // Least-Stale (SpecMD): the most runs of its own layer missed since its last use (replay only)
    Belady,   // offline optimum: the entry used furthest in the future (replay only)
};

const char *policyName(EvictionPolicy policy);

struct RoutingTrace {
    std::string name; // file name
    std::vector<std::vector<std::vector<int>>> tokens; // [token][moe layer][k] expert id
    int moeLayers = 0;
    int topK = 0; // the largest per-layer count
    int expertCount = 0; // 1 + the largest id seen
    uint64_t distinctKeys = 0; // distinct (layer, expert) pairs touched
};

struct RoutingTraceLimits {
    uint64_t maxFileBytes = 512ull << 20;
    int maxLineBytes = 4 << 20;
    int maxTokens = 1 << 20;
    int maxLayers = 1024;
    int maxIdsPerLayer = 1024;
};

// Every line is validated: a JSON object with a non-empty "layers" array of
// arrays, the same layer count on every line, ids integers in 0..65535, no id
// twice within a layer, at least one token.
Expected<RoutingTrace> loadRoutingTrace(const std::string &path, const RoutingTraceLimits &limits = {});

// The first routing trace (*.jsonl, by name) of the first folder in `dirs`
// that holds one; "" when none. The clients name the folders (an environment
// variable, the app's data folder, a developer checkout's traces).
std::string findRoutingTrace(const std::vector<std::string> &dirs);

struct SpeedPrediction {
    std::string traceName;
    EvictionPolicy policy = EvictionPolicy::Lru;
    double cacheWorkingSets = 0;   // slots / (topK x MoE layers) of the model
    int simSlots = 0;              // slots replayed on the trace
    double coldHitRate = 0;        // whole trace, every first touch a miss
    double warmHitRate = 0;        // first touches of each (layer, expert) excluded: the steady state
    double bytesPerTokenCold = 0;  // expert bytes read per token: (1 - hit) x topK x MoE layers x record
    double bytesPerTokenWarm = 0;
    double secondsPerTokenCold = 0; // bytes / disk bandwidth (disk bound only)
    double secondsPerTokenWarm = 0;
};

} // namespace sluice
