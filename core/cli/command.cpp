#include "command.h"

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
    const std::string &name = args.at(0);
    for (size_t i = 1; i < args.size(); ++i) {
        if (args[i] == "--json") {
            json = true;
        } else if (args[i] == "--help" || args[i] == "-h") {
            std::printf("usage: sluice-cli %s MODEL [--json]\n", name.c_str());
            return 0;
        } else if (model.empty()) {
            model = args[i];
        } else {
            std::fprintf(stderr, "%s: unexpected argument '%s'\n", name.c_str(), args[i].c_str());
            return 2;
        }
    }
    if (model.empty()) {
        std::fprintf(stderr, "usage: sluice-cli %s MODEL [--json]\n", name.c_str());
        return 2;
    }
    return -1;
}

bool parseByteSize(const std::string &text, unsigned long long &bytes)
{
    if (text.empty())
        return false;
    char *end = nullptr;
    const double value = std::strtod(text.c_str(), &end);
    if (end == text.c_str() || !std::isfinite(value) || value < 0)
        return false;
    std::string unit(end);
    for (char &c : unit)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    double scale = 1;
    if (unit.empty() || unit == "b")
        scale = 1;
    else if (unit == "k" || unit == "kb" || unit == "kib")
        scale = 1024.0;
    else if (unit == "m" || unit == "mb" || unit == "mib")
        scale = 1024.0 * 1024;
    else if (unit == "g" || unit == "gb" || unit == "gib")
        scale = 1024.0 * 1024 * 1024;
    else if (unit == "t" || unit == "tb" || unit == "tib")
        scale = 1024.0 * 1024 * 1024 * 1024;
    else
        return false;
    bytes = static_cast<unsigned long long>(value * scale);
    return true;
}

} // namespace sluice::cli
