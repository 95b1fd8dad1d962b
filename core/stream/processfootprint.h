#pragma once
// The process's own memory in the hard budget (issue 15). The ledger counts
// what the engine allocates; the budget is a ceiling on the whole process's
// peak resident set (VmHWM), so the program itself — binary, libraries, the
// allocator's heap, the parsed model (manifest, tensor table, tokenizer
// tables, the verified-records map) and the threads' stacks — must be in the
// floor too. Model::open measures it (ModelOptions::reserveProcess) after the
// container, tokenizer and sidecars are read and before the trunk is loaded,
// and reserves it as the planner's "process" term and the ledger's "process"
// entry (the same figure, so planner == ledger still holds).
//
//   auto at = readProcessFootprint();   // VmRSS and VmHWM of this process, from /proc/self/status
//   uint64_t bytes = processReserveBytes(*before, *at, threads);
//
// What is not measured is bounded: every thread may still touch more of its
// stack and grow its malloc arena after open (kThreadReserveBytes each), and
// generation allocates small per-token heap blocks outside the ledger
// (token lists, text, the sampler's candidate list: kHeapReserveBytes plus
// kHeapReservePerVocabBytes per vocabulary entry). The bounds hold without
// capping malloc's arenas (mallopt(M_ARENA_MAX) is the host's choice; the CLI
// makes it, the accounting does not depend on it).
#include "util/status.h"

#include <cstdint>
#include <string>

namespace sluice {

struct ProcessFootprint {
    uint64_t residentBytes = 0; // VmRSS
    uint64_t peakBytes = 0; // VmHWM: the high-water mark since the process started (or since clear_refs 5)
};

// Reads "<procRoot>/self/status" (procRoot injectable for tests).
Expected<ProcessFootprint> readProcessFootprint(const std::string &procRoot = "/proc");

inline constexpr uint64_t kThreadReserveBytes = 512 * 1024;
inline constexpr uint64_t kHeapReserveBytes = 2 * 1024 * 1024;
inline constexpr uint64_t kHeapReservePerVocabBytes = 32;
inline constexpr uint64_t kProcessReserveRounding = 1024 * 1024;

// The process term: the resident set at `now`, or its peak when the open
// itself raised the peak (`now.peakBytes > before.peakBytes`: parsing the
// container made the process's high-water mark, which VmHWM keeps), plus the
// bounds above for `threads` threads and a vocabulary of `vocab`, rounded up
// to kProcessReserveRounding (so two opens in one process agree).
uint64_t processReserveBytes(const ProcessFootprint &before, const ProcessFootprint &now, int threads, int vocab);

} // namespace sluice
