#pragma once
// The error every parser in this module returns for bytes that do not follow
// their format (one definition, so the module's files can share a unity batch).
#include "util/status.h"

#include <string>

namespace sluice {

inline Status formatError(const std::string &message) { return makeError(ErrorCode::Format, message); }

// formatError(SLUICE_ERRT("Error", "%1: bad magic"), path): translatable.
template<typename... Args> Status formatError(ErrorTemplate tmpl, const Args &...args)
{
    return makeError(ErrorCode::Format, tmpl, args...);
}

} // namespace sluice
