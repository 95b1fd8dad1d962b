// api/budget.h: the one budget arithmetic (issue 27).
#include "api/budget.h"

#include "api/inspect.h"

#include <algorithm>
#include <limits>

namespace sluice {

uint64_t plannedProcessBytes(uint64_t measuredBytes, uint64_t heldBytes, uint64_t atLeastBytes)
{
    if (measuredBytes == 0)
        return 0;
    const uint64_t base = std::max(measuredBytes > heldBytes ? measuredBytes - heldBytes : 0, atLeastBytes);
    return base + processMarginBytes(base);
}

uint64_t cacheSlotBytes(const MemoryPlan &plan) { return plan.recordBytes + kCacheIndexBytesPerSlot; }

int minCacheSlots(const MemoryPlan &plan) { return 2 * std::max(plan.topK, 0); }

int maxCacheSlots(const MemoryPlan &plan)
{
    const uint64_t keys = uint64_t(std::max(plan.moeLayers, 0)) * uint64_t(std::max(plan.expertsPerLayer, 0));
    const uint64_t capped = std::min<uint64_t>(keys, uint64_t(std::numeric_limits<int>::max() / 2));
    return std::max(int(capped), minCacheSlots(plan));
}

int cacheSlotsForBudget(const MemoryPlan &plan, uint64_t budgetBytes)
{
    // sizeCache() is the rule; this only reads its answer.
    auto s = sizeCache(plan, budgetBytes);
    return s ? s->slotCount : 0;
}

uint64_t budgetForCacheSlots(const MemoryPlan &plan, int slots)
{
    const int n = std::clamp(slots, minCacheSlots(plan), maxCacheSlots(plan));
    return plan.floorBytes + uint64_t(n - minCacheSlots(plan)) * cacheSlotBytes(plan);
}

Expected<BudgetRange> budgetRange(const PlannerInputs &inputs, uint64_t usableRamBytes, uint64_t heldBytes,
                                  uint64_t atLeastProcessBytes)
{
    BudgetRange r;
    r.measuredProcessBytes = inputs.processBytes;
    r.inputs = inputs;
    r.inputs.processBytes = plannedProcessBytes(inputs.processBytes, heldBytes, atLeastProcessBytes);
    r.processBytes = r.inputs.processBytes;
    const uint64_t base = r.processBytes ? std::max(inputs.processBytes > heldBytes ? inputs.processBytes - heldBytes : 0,
                                                    atLeastProcessBytes)
                                         : 0;
    r.marginBytes = r.processBytes - base;
    auto plan = planMemory(r.inputs, usableRamBytes);
    if (!plan)
        return plan.status();
    r.plan = std::move(*plan);
    r.floorBytes = r.plan.floorBytes;
    r.defaultBytes = r.plan.defaultBudgetBytes;
    r.recommendedBytes = r.plan.recommendedBytes;
    r.usableRamBytes = r.plan.usableRamBytes;
    r.capBytes = r.plan.capBytes;
    r.slotBytes = cacheSlotBytes(r.plan);
    r.minSlots = minCacheSlots(r.plan);
    r.maxSlots = maxCacheSlots(r.plan);
    r.liveMinBytes = r.floorBytes;
    r.liveMaxBytes = std::max(r.floorBytes, std::min(budgetForCacheSlots(r.plan, r.maxSlots), r.capBytes));
    return r;
}

Expected<BudgetRange> planBudgetRange(const std::string &modelPath, const BudgetRangeOptions &options)
{
    InspectOptions io;
    io.contextLength = options.contextLength;
    io.vision = options.vision;
    io.threads = options.threads;
    io.sessions = options.sessions;
    io.releaseTrunkBits = options.releaseTrunkBits;
    io.reserveProcess = options.reserveProcess;
    io.ioThreads = options.ioThreads;
    // Measured as Model::open measures itself: after the manifest is read.
    auto in = inspectPlannerInputs(modelPath, io);
    if (!in)
        return in.status();
    uint64_t usable = options.usableRamBytes;
    if (!usable) {
        auto ram = detectUsableRam();
        if (!ram)
            return ram.status();
        usable = ram->usableBytes;
    }
    return budgetRange(*in, usable, options.heldBytes, options.atLeastProcessBytes);
}

} // namespace sluice
