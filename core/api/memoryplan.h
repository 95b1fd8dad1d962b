#pragma once
// The memory planner (spec 9): one pure function that turns a model's shape
// into the RAM figures every client shows and the engine enforces. The CLI
// (`sluice-cli plan`), the GUI's planner page and Engine::open all call the
// same functions, so the figure a user sees is the figure the engine's ledger
// reaches after open, byte for byte.
//
// API (stable; the GUI and the model module build on it):
//
//   PlannerInputs in;                       // plain struct, filled from the manifest
//   in.trunkBytes = ...;                    // trunk tensors, WITHOUT the on-disk embedding
//   in.kdaLayers/kdaHeads/kdaHeadDim/convKernel, in.mlaLayers/kvLoraRank/qkRopeDim,
//   in.contextLength, in.scratch = {{"logits", vocab*4}, ...},
//   in.topK, in.moeLayers, in.recordBytes, in.visionBytes (0 = vision off)
//
//   Expected<UsableRam> ram = detectUsableRam();            // or detectUsableRam({"/tmp/fake/proc", "/tmp/fake/sys"})
//   Expected<MemoryPlan> plan = planMemory(in, ram->usableBytes);
//       plan->floorBytes, workingSetBytes, recommendedBytes, defaultBudgetBytes, terms, warnings
//   Expected<CacheSizing> sizing = sizeCache(*plan, budgetBytes);   // 0 = the default budget
//       sizing->budgetBytes, cacheBytes, slotCount, engineBytes (== ledger total after open), warnings
//       under-floor budget -> ErrorCode::Budget, message names the floor and "see `sluice-cli plan MODEL`"
//
// All figures are bytes (uint64_t). Nothing here allocates engine memory or
// touches the disk except detectUsableRam(), which reads /proc and /sys below
// the roots it is given (injectable so tests can fake a machine).
#include "util/status.h"

#include <cstdint>
#include <string>
#include <vector>

namespace sluice {

// A buffer the engine allocates besides the trunk, the state and the expert
// cache. The model module enumerates these (decode staging, logits, LUTs,
// chunked-prefill buffers, ...): a flat guess was 4x low on K3 (spec 9).
struct ScratchBuffer {
    std::string name;
    uint64_t bytes = 0;
};

struct PlannerInputs {
    uint64_t trunkBytes = 0;    // resident trunk tensors, excluding the quantised embedding kept on disk

    // Kimi Delta Attention recurrent state: per layer H * D * D f32 + 3 short convolutions of (k-1) * H * D f32.
    int kdaLayers = 0;
    int kdaHeads = 0;
    int kdaHeadDim = 0;
    int convKernel = 4;

    // MLA latent cache: per layer and position (kv_lora + qk_rope) f32, preallocated for contextLength.
    int mlaLayers = 0;
    int kvLoraRank = 0;
    int qkRopeDim = 0;
    int contextLength = 4096;

    std::vector<ScratchBuffer> scratch;

    int topK = 0;
    int moeLayers = 0;
    int expertsPerLayer = 0;    // routed experts per MoE layer (sizes the cache's per-expert index)
    uint64_t recordBytes = 0;   // one expert record on disk (a multiple of 4096)

    uint64_t visionBytes = 0;   // vision tower + its buffers; 0 when vision is not requested

    // The process's own memory (stream/processfootprint.h): the program,
    // libraries, heap and thread stacks measured at open plus their bounds.
    // 0 = not counted (the library's figures for the engine alone).
    uint64_t processBytes = 0;
};

// One line of the plan, in display order.
struct MemoryTerm {
    std::string name;
    uint64_t bytes = 0;
};

struct MemoryPlan {
    // The terms of the floor.
    uint64_t trunkBytes = 0;
    uint64_t kdaStateBytes = 0;      // recurrent S matrices
    uint64_t kdaConvBytes = 0;       // short-convolution tails
    uint64_t mlaCacheBytes = 0;      // latent KV cache for contextLength
    uint64_t stateBytes = 0;         // kdaState + kdaConv + mlaCache
    uint64_t scratchBytes = 0;       // sum of PlannerInputs::scratch
    uint64_t minExpertCacheBytes = 0; // 2 * topK * recordBytes
    uint64_t cacheIndexBytes = 0;    // the cache's bookkeeping at the minimum cache (expertCacheIndexBytes)
    uint64_t visionBytes = 0;
    uint64_t processBytes = 0;       // the process's own memory (PlannerInputs::processBytes), first term

    uint64_t floorBytes = 0;         // process + trunk + state + scratch + minExpertCache + cacheIndex + vision
    uint64_t workingSetBytes = 0;    // topK * moeLayers * recordBytes
    uint64_t recommendedBytes = 0;   // floor + 3 * workingSet

    uint64_t usableRamBytes = 0;     // as passed in
    uint64_t capBytes = 0;           // usable - usable / 8: above it a budget is warned about
    uint64_t defaultCapBytes = 0;    // usable - usable / 4: the default budget never goes above it
    uint64_t defaultBudgetBytes = 0; // largest floor + k*ws (k = 3, 2, 1) <= defaultCap, else defaultCap (or the floor above it)
    int defaultWorkingSets = 0;      // the k chosen (0 = running at the floor)

    uint64_t recordBytes = 0;        // copied from the inputs for sizeCache()
    int topK = 0;
    int moeLayers = 0;
    int expertsPerLayer = 0;
    int contextLength = 0;

    std::vector<MemoryTerm> terms;   // every term of the floor, scratch buffers one by one
    std::vector<std::string> warnings;
};

// The expert cache (and the whole engine's accounting) for one budget.
struct CacheSizing {
    uint64_t budgetBytes = 0;        // the budget in force (default resolved)
    uint64_t cacheBytes = 0;         // budget - floor + minExpertCache (spec 9)
    int slotCount = 0;               // 2 * topK + floor((budget - floor) / (slotBytes + kCacheIndexBytesPerSlot)),
                                     // capped at every record of the model (moeLayers * expertsPerLayer)
                                     // (not "slots": that is a Qt macro)
    uint64_t slotBytes = 0;          // bytes per slot buffer (== recordBytes: records are 4 KiB multiples)
    uint64_t slotBufferBytes = 0;    // slotCount * slotBytes: the ledger's "expert cache slots"
    uint64_t indexBytes = 0;         // expertCacheIndexBytes(moeLayers, expertsPerLayer, slotCount)
    uint64_t engineBytes = 0;        // floor - minExpertCache - cacheIndex + slotBuffer + index: the ledger total
                                     // after open, always <= budgetBytes
    std::vector<std::string> warnings;
};

// The expert cache's bookkeeping, counted against the budget like everything
// else: a fixed entry per (layer, expert) key (slot index + use history for the
// eviction policy) and a fixed record per slot. ExpertCache allocates exactly
// this many bytes in one ledger entry, "expert cache index".
inline constexpr uint64_t kCacheIndexBytesPerKey = 16;
inline constexpr uint64_t kCacheIndexBytesPerSlot = 80;
inline constexpr uint64_t kCacheIndexBytesPerLayer = 8; // the policy's per-layer run clock
inline uint64_t expertCacheIndexBytes(int moeLayers, int expertsPerLayer, int slotCount)
{
    const auto n = [](int v) { return v > 0 ? uint64_t(v) : 0; };
    return n(moeLayers) * n(expertsPerLayer) * kCacheIndexBytesPerKey + n(slotCount) * kCacheIndexBytesPerSlot +
           n(moeLayers) * kCacheIndexBytesPerLayer;
}

// The pure planner. Errors only for unusable inputs (zero topK, record size not a
// multiple of 4096, arithmetic overflow); a floor above usable RAM is a warning.
Expected<MemoryPlan> planMemory(const PlannerInputs &inputs, uint64_t usableRamBytes);

// Sizes the cache for `budgetBytes` (0 = plan.defaultBudgetBytes). A budget
// below the floor is refused with ErrorCode::Budget; above the cap it warns.
Expected<CacheSizing> sizeCache(const MemoryPlan &plan, uint64_t budgetBytes);

// Where detectUsableRam() looks: "<procRoot>/meminfo", "<procRoot>/self/cgroup",
// "<sysRoot>/fs/cgroup/<path>/memory.{max,high}" (v2) and
// "<sysRoot>/fs/cgroup/memory/<path>/memory.limit_in_bytes" (v1), each up to its mount root.
struct SystemRoots {
    std::string procRoot = "/proc";
    std::string sysRoot = "/sys";
};

struct UsableRam {
    uint64_t physicalBytes = 0;      // MemTotal
    uint64_t cgroupLimitBytes = 0;   // smallest finite memory.max/memory.high (v2) or memory.limit_in_bytes (v1)
                                     // up the hierarchy; 0 = none
    std::string cgroupPath;          // the v2 "0::" path, else the v1 memory path; "" when neither
    uint64_t usableBytes = 0;        // min(physical, cgroup limit)
};

// Capacity only, never MemAvailable / memory.current: pressure readings would
// make the default budget, and so every run, non-reproducible (spec 9).
Expected<UsableRam> detectUsableRam(const SystemRoots &roots = {});

// "29.06 GiB" / "10.43 MiB" / "12.00 KiB" / "12 B" formatting shared by the CLI, the GUI and error messages.
std::string formatGiB(uint64_t bytes);

} // namespace sluice
