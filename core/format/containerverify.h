#pragma once
// Walks every expert record of a container and checks its header and CRC
// (spec 4.5): what `sluice-cli verify` and the app's "Verify container" job
// report. Damage is collected, not returned as an error, so one bad record
// does not hide the others.
#include "format/container.h"
#include "util/status.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace sluice {

struct RecordDamage {
    int layer = 0;
    int expert = -1;  // -1 = the bank as a whole (e.g. longer than the manifest says)
    std::string what; // names layer and expert
};

struct VerifyReport {
    uint64_t records = 0;  // records checked
    uint64_t total = 0;    // records the manifest lists
    uint64_t bytes = 0;
    bool cancelled = false;
    std::vector<RecordDamage> damaged;
    bool ok() const { return !cancelled && damaged.empty(); }
};

// Called after each record; return false to stop (the report says cancelled).
using VerifyProgress = std::function<bool(uint64_t done, uint64_t total)>;

VerifyReport verifyContainer(const Container &container, const VerifyProgress &progress = {});

} // namespace sluice
