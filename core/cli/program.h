#pragma once
// The main() of sluice-cli and of sluice-dev (the developer tools): both are
// the same dispatcher over their own command table, differing only in name,
// the line --help ends with and what an unknown command does.
namespace sluice::cli {

struct Program {
    const char *name;           // "sluice-cli"
    const char *helpFooter;     // the last line of --help, or nullptr
    // A command this program does not have: returns the exit code, or -1 for
    // the usual "unknown command" usage error (2). May not return (execv).
    int (*unknownCommand)(int argc, char **argv) = nullptr;
};

int runProgram(const Program &program, int argc, char **argv);

} // namespace sluice::cli
