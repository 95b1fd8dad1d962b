#pragma once
// The memory-pressure readings' parsers (PSI, meminfo, cgroup memory.events)
// behind the system source. The monitor and the governor are public API
// (api/memorypressure.h).
#include "api/memorypressure.h"
#include "util/status.h"

#include <string>

namespace sluice {

// Parsers, exposed for tests and fuzzing: PSI text ("some avg10=… avg60=…"
// and "full …" lines), meminfo (MemAvailable, MemTotal), memory.events.
Status parsePsi(const std::string &text, PressureSample &out);
Status parseMeminfo(const std::string &text, PressureSample &out);
Status parseMemoryEvents(const std::string &text, PressureSample &out);

} // namespace sluice
