#pragma once
// Walks every expert record of a container and checks its header and CRC
// (spec 4.5): what `sluice-cli verify` and the app's "Verify container" job
// report. Damage is collected, not returned as an error, so one bad record
// does not hide the others.
#include "api/inspecttypes.h" // VerifyReport, VerifyProgress
#include "format/container.h"
#include "util/status.h"

namespace sluice {

VerifyReport verifyContainer(const Container &container, const VerifyProgress &progress = {});

} // namespace sluice
