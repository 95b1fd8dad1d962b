#pragma once
// Opening the model for a one-conversation command (run, eval, chat): the
// model, its session and the images queued in order, with the error printed
// the way every command prints it ("run: what went wrong").
#include "api/model.h"

#include <optional>
#include <string>
#include <vector>

namespace sluice::cli {

// nullopt after printing "COMMAND: error" to stderr (the caller exits 1).
std::optional<ModelSession> openForCommand(const char *command, const ModelOptions &options,
                                           const std::vector<std::string> &images = {});

} // namespace sluice::cli
