// The main() of every module's test executable: runs the registered test
// named by the first argument (see testregistry.h), passing it the rest.
#include "testregistry.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

namespace {

std::map<std::string, sluice::test::TestMain> &registry()
{
    static std::map<std::string, sluice::test::TestMain> tests;
    return tests;
}

std::string baseName(const char *path)
{
    std::string name(path);
    if (const auto slash = name.find_last_of("/\\"); slash != std::string::npos)
        name.erase(0, slash + 1);
    if (const auto dot = name.find('.'); dot != std::string::npos)
        name.erase(dot);
    return name;
}

int listTests(const char *program, const char *why)
{
    std::fprintf(stderr, "%s\nusage: %s TEST [Qt Test options]\ntests in this executable:\n", why, program);
    for (const auto &[name, run] : registry())
        std::fprintf(stderr, "  %s\n", name.c_str());
    return 2;
}

} // namespace

sluice::test::TestRegistration::TestRegistration(const char *sourceFile, TestMain run)
{
    if (!registry().emplace(baseName(sourceFile), run).second) {
        std::fprintf(stderr, "two tests registered as %s\n", baseName(sourceFile).c_str());
        std::abort();
    }
}

int main(int argc, char **argv)
{
    if (argc < 2 || argv[1][0] == '-')
        return listTests(argv[0], "name the test to run first");
    const auto test = registry().find(argv[1]);
    if (test == registry().end())
        return listTests(argv[0], (std::string("no test named ") + argv[1]).c_str());
    // The test sees its usual command line: the program, then its own options.
    std::vector<char *> args{argv[0]};
    args.insert(args.end(), argv + 2, argv + argc);
    args.push_back(nullptr);
    return test->second(argc - 1, args.data());
}
