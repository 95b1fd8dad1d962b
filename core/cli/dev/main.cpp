// sluice-dev: the developer tools of Sluice (benchmarks, the cache simulator,
// the disk test, synthetic models, the demo corpus), one cmd_*.cpp each in
// this folder. Unlike the user-facing sluice-cli they may reach the modules
// they measure; the executable is built in a build tree and never installed.
// It shares sluice-cli's command table, option parser and dispatcher
// (sluice_cli_common).
#include "program.h"

int main(int argc, char **argv)
{
    const sluice::cli::Program program{"sluice-dev", "User commands (run, chat, plan, convert, ...) are in sluice-cli."};
    return sluice::cli::runProgram(program, argc, argv);
}
