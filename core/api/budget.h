#pragma once
// One budget arithmetic for every client (issue 27): the floor, the default
// and recommended budget, the expert-cache slots a budget buys and the budget
// N slots need, and the live range, for a model as Model::open would open it
// now. The app's planner panel, `sluice-cli plan` and the CLI's
// --adapt-budget call these instead of redoing sizeCache()'s arithmetic.
//
// The process term. Model::open (ModelOptions::reserveProcess) measures the
// process when it opens (stream/processfootprint.h): the resident set after
// the manifest and the tokenizer are read, plus bounds for the threads and
// the vocabulary. A figure computed earlier is stale by whatever the process
// did since — an app that ran a few replies holds more heap (issue 27: the
// panel said 505.8 MiB from a footprint taken at open, the reopen needed
// 525.7 MiB), and two runs of the CLI differ by about 1 MiB. So a floor shown
// to a user is planned from the process's CURRENT footprint plus a safety
// margin, processMarginBytes(): max(16 MiB, 1/8 of the process term).
//   - 16 MiB: an order above the run-to-run jitter of the CLI (~1 MiB on a
//     2-vCPU EPYC KVM, Debian 12) and above what an open itself adds before
//     it measures (a thread pool's stacks touched, the allocator's arenas,
//     docs/memory.md), small beside any real model's floor.
//   - 1/8: the app's footprint grows with use (Qt's caches, the chat's
//     text, glyph caches); growth of that order between planning and Apply
//     still opens.
// The margin is in the figures these functions give, never in what
// Model::open measures or reserves, so the engine's ledger and the bytes a
// generation writes do not change.
//
// Errors are values; nothing here prints or reads the environment.
#include "api/memoryplan.h"
#include "util/status.h"

#include <cstdint>
#include <string>

namespace sluice {

inline constexpr uint64_t kProcessMarginMinBytes = 16ull << 20;
inline constexpr uint64_t kProcessMarginDivisor = 8;

// The safety margin on a measured process term (0 stays 0: the engine alone
// has no process term to move), rounded up to whole MiB.
inline uint64_t processMarginBytes(uint64_t processBytes)
{
    if (processBytes == 0)
        return 0;
    const uint64_t m = processBytes / kProcessMarginDivisor > kProcessMarginMinBytes
                           ? processBytes / kProcessMarginDivisor
                           : kProcessMarginMinBytes;
    return (m + (1ull << 20) - 1) >> 20 << 20;
}

// The process term a planner plans with: `measuredBytes` (as Model::open
// measures it, processReserveBytes) less what the caller's open model holds
// and a reopen gives back (`heldBytes`), never under `atLeastBytes` (the open
// model's own measurement), plus the margin. 0 measured stays 0.
uint64_t plannedProcessBytes(uint64_t measuredBytes, uint64_t heldBytes = 0, uint64_t atLeastBytes = 0);

// sizeCache()'s slot rule, both ways. Each slot above the 2 * topK of the
// floor costs its record and its index entry; slots are capped at every
// record of the model.
uint64_t cacheSlotBytes(const MemoryPlan &plan); // recordBytes + kCacheIndexBytesPerSlot
// The same for an open model's record size (ModelInfo::recordBytes): the
// step of a live budget in whole slots; 0 for 0.
inline uint64_t cacheSlotBytes(uint64_t recordBytes) { return recordBytes ? recordBytes + kCacheIndexBytesPerSlot : 0; }
int minCacheSlots(const MemoryPlan &plan);       // 2 * topK: what the floor holds
int maxCacheSlots(const MemoryPlan &plan);       // every record (never under minCacheSlots)
// Slots `budgetBytes` buys (0 = the default budget); 0 under the floor.
int cacheSlotsForBudget(const MemoryPlan &plan, uint64_t budgetBytes);
// The smallest budget that buys `slots` slots (clamped to [min, max]).
uint64_t budgetForCacheSlots(const MemoryPlan &plan, int slots);

// Everything a client shows about budgets for one model.
struct BudgetRange {
    uint64_t measuredProcessBytes = 0; // what Model::open would measure now (0: not counted)
    uint64_t processBytes = 0;         // the plan's process term: plannedProcessBytes(measured...)
    uint64_t marginBytes = 0;          // processBytes - what it was planned from
    PlannerInputs inputs;              // with processBytes
    MemoryPlan plan;                   // planMemory(inputs, usable)
    uint64_t floorBytes = 0;           // opens on the next attempt (the margin holds)
    uint64_t defaultBytes = 0;         // the planner's default budget (whole working sets under 7/8 RAM)
    uint64_t recommendedBytes = 0;     // floor + 3 working sets
    uint64_t usableRamBytes = 0;
    uint64_t capBytes = 0;             // 7/8 of usable RAM
    uint64_t slotBytes = 0;            // one slot's share of the budget
    int minSlots = 0;
    int maxSlots = 0;
    // The live range of a model opened at a budget in it (Model::setBudget,
    // at the decode floor; an open adds its prefill chunk and checkpoints):
    // from the floor to the budget whose cache holds every record, capped at 7/8 RAM.
    uint64_t liveMinBytes = 0;
    uint64_t liveMaxBytes = 0;
    int slotsFor(uint64_t budgetBytes) const { return cacheSlotsForBudget(plan, budgetBytes); }
    uint64_t budgetFor(int slotCount) const { return budgetForCacheSlots(plan, slotCount); }
};

// The range for planner inputs whose processBytes is a measurement (or 0):
// the margin is added here.
Expected<BudgetRange> budgetRange(const PlannerInputs &inputs, uint64_t usableRamBytes, uint64_t heldBytes = 0,
                                  uint64_t atLeastProcessBytes = 0);

struct BudgetRangeOptions {
    int contextLength = 4096;
    bool vision = true;        // as Model::open (ignored for models without a tower)
    int threads = 0;           // the engine's pool; <= 0 = hardware threads
    int ioThreads = 2;
    int sessions = 1;
    int releaseTrunkBits = 4;
    bool reserveProcess = true; // as the hosts open (the CLI, the app); false = the engine alone
    uint64_t heldBytes = 0;     // of the resident set now, what an open model a reopen closes holds
    uint64_t atLeastProcessBytes = 0; // e.g. the open model's own process term
    uint64_t usableRamBytes = 0; // 0 = detectUsableRam()
};

// The range for the model at `modelPath` (a container or a release folder),
// measuring this process now the way Model::open will.
Expected<BudgetRange> planBudgetRange(const std::string &modelPath, const BudgetRangeOptions &options = {});

} // namespace sluice
