#pragma once
// The converter (issue 12) is public API: a release checkpoint folder in, a
// WASTE v0 container out, resumable and deterministic (docs/converter.md).
// Transitional like api/inspect.h: the declarations still live in the module
// header included here; clients (sluice-cli convert, the app's Convert
// dialog through core/qt/convertworker) include this one.
#include "convert/converter.h"
