#include "qt/generationbackend.h"

namespace sluice::qt {

Status GenerationBackend::setBudget(uint64_t bytes)
{
    (void)bytes;
    return makeError(
        ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "this backend cannot change its budget without reopening"));
}

Status GenerationBackend::saveSession(const std::string &path)
{
    (void)path;
    return makeError(ErrorCode::Unsupported, SLUICE_ERRT("Error", "this backend keeps no session"));
}

Status GenerationBackend::loadSession(const std::string &path)
{
    (void)path;
    return makeError(ErrorCode::Unsupported, SLUICE_ERRT("Error", "this backend keeps no session"));
}

} // namespace sluice::qt
