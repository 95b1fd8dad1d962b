#pragma once
// The memory planner's internals (spec 9): the process term's name. The
// planner itself (PlannerInputs, planMemory, sizeCache, the expert cache
// index's bytes, detectUsableRam, formatGiB) is public API, declared in
// api/memoryplan.h.
#include "api/memoryplan.h"

namespace sluice {

// The name of the process term, in the plan and in the ledger.
inline constexpr const char *kProcessTermName = "process (program, libraries, heap, thread stacks)";

} // namespace sluice
