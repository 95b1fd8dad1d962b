#pragma once
// The memory-pressure monitor and the budget governor (issue 19) are public
// API: a host runs the monitor (PSI / MemAvailable / cgroup on Linux; an
// injectable PressureSource for tests) and applies the governor's decisions
// with Model::setBudget. Transitional like api/inspect.h: the declarations
// still live in the module header included here; clients include this one.
#include "stream/memorypressure.h"
