#include "speedmodel.h"

#include <algorithm>
#include <cmath>

namespace sluice {

Expected<SpeedPrediction> predictDiskBoundSpeed(const MemoryPlan &plan, const CacheSizing &sizing,
                                                const RoutingTrace &trace, double diskBytesPerSecond,
                                                EvictionPolicy policy)
{
    if (!(diskBytesPerSecond > 0) || !std::isfinite(diskBytesPerSecond))
        return makeError(
            ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "speed prediction: the disk bandwidth must be positive"));
    if (plan.topK <= 0 || plan.moeLayers <= 0 || plan.recordBytes == 0)
        return makeError(
            ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "speed prediction: the model has no routed experts"));
    if (trace.tokens.empty() || trace.topK <= 0 || trace.moeLayers <= 0)
        return makeError(
            ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "speed prediction: trace '%1' has no tokens"), trace.name);
    SpeedPrediction p;
    p.traceName = trace.name;
    p.policy = policy;
    const double modelWs = double(plan.topK) * double(plan.moeLayers);
    const double traceWs = double(trace.topK) * double(trace.moeLayers);
    p.cacheWorkingSets = double(sizing.slotCount) / modelWs;
    // At least one layer's experts: the cache never holds fewer (2 x topK minimum).
    const double slotsInTrace = std::min(p.cacheWorkingSets * traceWs, double(trace.moeLayers) * double(trace.expertCount));
    p.simSlots = std::max(trace.topK, int(std::lround(slotsInTrace)));
    const SimResult sim = simulateCache(trace, policy, p.simSlots);
    p.coldHitRate = sim.hitRate();
    const uint64_t warmAccesses = sim.accesses > trace.distinctKeys ? sim.accesses - trace.distinctKeys : 0;
    p.warmHitRate = warmAccesses ? std::min(1.0, double(sim.hits) / double(warmAccesses)) : p.coldHitRate;
    const double wsBytes = modelWs * double(plan.recordBytes);
    p.bytesPerTokenCold = (1.0 - p.coldHitRate) * wsBytes;
    p.bytesPerTokenWarm = (1.0 - p.warmHitRate) * wsBytes;
    p.secondsPerTokenCold = p.bytesPerTokenCold / diskBytesPerSecond;
    p.secondsPerTokenWarm = p.bytesPerTokenWarm / diskBytesPerSecond;
    return p;
}

} // namespace sluice
