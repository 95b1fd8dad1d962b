#pragma once
// Scripted memory-pressure inputs shared by the governor's tests (stream),
// the app's monitor (qt) and sluice-cli --adapt-budget (cli).
#include "stream/memorypressure.h"

#include <cstdint>

namespace sluice::test {

// A reading with `availableBytes` of `totalBytes` available, no PSI.
inline PressureSample availableSample(uint64_t availableBytes, uint64_t totalBytes)
{
    PressureSample s;
    s.haveAvailable = true;
    s.totalBytes = totalBytes;
    s.availableBytes = availableBytes;
    return s;
}

// A governor that may move the budget between 8 GiB and 2 GiB, shrinks by a
// quarter below 1 GiB available and grows by a quarter after calm above 2 GiB.
inline GovernorSettings governor8to2(double holdSeconds, double calmSeconds)
{
    constexpr uint64_t GiB = 1ull << 30;
    GovernorSettings g;
    g.maxBudgetBytes = 8 * GiB;
    g.minBudgetBytes = 2 * GiB;
    g.lowAvailableBytes = 1 * GiB;
    g.highAvailableBytes = 2 * GiB;
    g.holdSeconds = holdSeconds;
    g.calmSeconds = calmSeconds;
    g.shrinkFraction = 0.25;
    g.growFraction = 0.25;
    return g;
}

} // namespace sluice::test
