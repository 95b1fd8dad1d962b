#pragma once
// The error every parser in this module returns for bytes that do not follow
// their format (one definition, so the module's files can share a unity batch).
#include "util/status.h"

#include <string>

namespace sluice {

inline Status formatError(const std::string &message) { return makeError(ErrorCode::Format, message); }

} // namespace sluice
