// sluice-cli: the command-line client of the Sluice core library, for
// scripting, benchmarks and CI. Everything it does goes through the library's
// public API; each subcommand is a cmd_*.cpp file.
#include "command.h"
#include "hostenv.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

using namespace sluice::cli;

static void printUsage(FILE *out)
{
    std::fprintf(out, "usage: sluice-cli COMMAND [ARGS...]\n\ncommands:\n");
    auto commands = commandTable();
    std::sort(commands.begin(), commands.end(),
              [](const Command &a, const Command &b) { return a.name < b.name; });
    for (const Command &command : commands)
        std::fprintf(out, "  %-10s %s\n", command.name.c_str(), command.summary.c_str());
    std::fprintf(out, "\nRun 'sluice-cli COMMAND --help' for a command's options.\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        printUsage(stderr);
        return 2;
    }
    const std::string name = argv[1];
    if (name == "--help" || name == "-h" || name == "help") {
        printUsage(stdout);
        return 0;
    }
    if (name == "--version") {
        std::printf("sluice-cli %s\n", SLUICE_VERSION); // the CMake project version
        return 0;
    }
    applyKernelEnvironment();
    for (const Command &command : commandTable()) {
        if (command.name == name) {
            std::vector<std::string> args(argv + 1, argv + argc);
            return command.run(args);
        }
    }
    std::fprintf(stderr, "sluice-cli: unknown command '%s'\n\n", name.c_str());
    printUsage(stderr);
    return 2;
}
