#pragma once
// sluice-cli's command table. Each subcommand lives in its own cmd_*.cpp and
// registers itself with a file-scope CommandRegistration, e.g.
//   static const CommandRegistration reg{"info", "Show a container's shape", runInfo};
// A command receives its own arguments (argv[0] is the command name), writes
// to stdout/stderr and returns the process exit code.
#include <string>
#include <vector>

namespace sluice::cli {

using CommandFunction = int (*)(const std::vector<std::string> &args);

struct Command {
    std::string name;
    std::string summary;
    CommandFunction run;
};

std::vector<Command> &commandTable();

struct CommandRegistration {
    CommandRegistration(const char *name, const char *summary, CommandFunction run)
    {
        commandTable().push_back({name, summary, run});
    }
};

// Shared helpers for commands.
bool stdoutIsTerminal();
// Parses the common `COMMAND MODEL [--json]` form. Returns -1 when the caller
// should go on, else the exit code to return (0 after --help, 2 on misuse).
int parseModelAndJson(const std::vector<std::string> &args, std::string &model, bool &json);

} // namespace sluice::cli
