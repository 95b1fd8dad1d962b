#include "command.h"
#include "options.h"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <unistd.h>

namespace sluice::cli {

std::vector<Command> &commandTable()
{
    static std::vector<Command> table;
    return table;
}

bool stdoutIsTerminal() { return isatty(STDOUT_FILENO) == 1; }

int parseModelAndJson(const std::vector<std::string> &args, std::string &model, bool &json)
{
    OptionParser p(args.at(0), {});
    p.positional("MODEL", &model, "a .waste container directory");
    p.flag("--json", &json, "JSON output");
    return p.parse(args);
}

} // namespace sluice::cli
