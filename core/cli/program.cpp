#include "program.h"

#include "command.h"
#include "hostenv.h"
#include "options.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

namespace sluice::cli {

namespace {

void printUsage(const Program &program, FILE *out)
{
    std::fprintf(out, "usage: %s COMMAND [ARGS...]\n\ncommands:\n", program.name);
    auto commands = commandTable();
    std::sort(commands.begin(), commands.end(),
              [](const Command &a, const Command &b) { return a.name < b.name; });
    for (const Command &command : commands)
        std::fprintf(out, "  %-10s %s\n", command.name.c_str(), command.summary.c_str());
    std::fprintf(out, "\nRun '%s COMMAND --help' for a command's options.\n", program.name);
    if (program.helpFooter)
        std::fprintf(out, "%s\n", program.helpFooter);
}

const Command *findCommand(const std::string &name)
{
    for (const Command &command : commandTable()) {
        if (command.name == name)
            return &command;
    }
    return nullptr;
}

} // namespace

int runProgram(const Program &program, int argc, char **argv)
{
    setProgramName(program.name);
    if (argc < 2) {
        printUsage(program, stderr);
        return 2;
    }
    const std::string name = argv[1];
    if (name == "--help" || name == "-h" || name == "help") {
        printUsage(program, stdout);
        return 0;
    }
    if (name == "--version") {
        std::printf("%s %s\n", program.name, SLUICE_VERSION); // the CMake project version
        return 0;
    }
    const Command *command = findCommand(name);
    if (!command && program.unknownCommand) {
        // Before the kernel environment is applied: a forwarded command's
        // program applies (and warns about) it itself, once.
        if (const int code = program.unknownCommand(argc, argv); code >= 0)
            return code;
    }
    if (!command) {
        std::fprintf(stderr, "%s: unknown command '%s'\n\n", program.name, name.c_str());
        printUsage(program, stderr);
        return 2;
    }
    applyKernelEnvironment();
    std::vector<std::string> args(argv + 1, argv + argc);
    return command->run(args);
}

} // namespace sluice::cli
