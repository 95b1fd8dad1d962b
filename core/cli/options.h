#pragma once
// sluice-cli's one option parser. Every command declares a table of its
// options (name, value kind, accepted range, help) and positional arguments;
// the parser validates each value against its range, so no command reads a
// number with atoi/atof, and --help is generated from the same table.
//
// Grammars (one for each kind, shared by every command):
//   integer  decimal digits with an optional sign, the whole string, via
//            std::from_chars; "1e9", "12abc", "" and out-of-range values are
//            refused with the range.
//   number   a finite decimal (from_chars, general format); nan, inf and
//            values outside the range are refused.
//   size     DIGITS[.DIGITS][UNIT], UNIT one of B, K/KB/KiB, M/MB/MiB,
//            G/GB/GiB, T/TB/TiB (any case; all binary powers, as the memory
//            planner counts). Computed exactly in 128 bits: no exponent, no
//            sign, nothing that overflows 64 bits.
// A usage error prints "COMMAND: message" on stderr and the command returns 2.
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace sluice {
struct ModelOptions;
using EngineOptions = ModelOptions;
struct SamplingParams;
struct RecommendedSampling;
} // namespace sluice

namespace sluice::cli {

// The executable a usage line and a "see ... --help" hint name: "sluice-cli",
// or "sluice-dev" for the developer tools. Set once by main (runProgram).
void setProgramName(const std::string &name);
const std::string &programName();

// The grammars on their own. Each returns an empty string on success, else the
// reason ("expected an integer in 1..64").
std::string parseInteger(std::string_view text, int64_t lo, int64_t hi, int64_t &out);
std::string parseUnsigned(std::string_view text, uint64_t lo, uint64_t hi, uint64_t &out);
std::string parseNumber(std::string_view text, double lo, double hi, double &out);
std::string parseSize(std::string_view text, uint64_t lo, uint64_t hi, uint64_t &out);
// "48 GiB", "512 MiB", "4096 B": the exact binary unit that divides `bytes`, else bytes.
std::string formatSize(uint64_t bytes);

enum class ValueKind { Flag, Integer, Unsigned, Number, Size, Text, TextList, Choice, Custom };

struct OptionSpec {
    std::string name;               // "--temp"
    std::string alias;              // "-n", or empty
    ValueKind kind = ValueKind::Flag;
    std::string metavar;            // "T", "N", "SIZE"
    std::string help;
    // Range (Integer, Unsigned, Number, Size).
    int64_t intLo = 0, intHi = 0;
    uint64_t uLo = 0, uHi = 0;
    double realLo = 0, realHi = 0;
    std::vector<std::string> choices; // Choice
    std::string defaultText;        // shown in --help, taken from the target at declaration
    // Where the value goes: exactly one is set, matching the kind.
    bool *flag = nullptr;
    bool flagValue = true;
    int *intTarget = nullptr;
    int64_t *int64Target = nullptr;
    uint64_t *uTarget = nullptr;
    float *floatTarget = nullptr;
    double *doubleTarget = nullptr;
    std::string *textTarget = nullptr;
    std::vector<std::string> *listTarget = nullptr;
    // Custom: parses the value, returns "" or the reason (the expected form).
    std::function<std::string(const std::string &)> custom;
    bool seen = false;
};

struct PositionalSpec {
    std::string name;               // "MODEL"
    std::string help;
    std::string *target = nullptr;
    std::vector<std::string> *rest = nullptr; // takes every remaining positional
    bool required = true;
};

class OptionParser {
public:
    // `synopsis` follows "usage: PROGRAM COMMAND " in the usage line; empty
    // means it is generated from the positionals.
    OptionParser(std::string command, std::string description, std::string synopsis = {});

    OptionParser &flag(const std::string &name, bool *out, const std::string &help, bool value = true);
    OptionParser &integer(const std::string &name, int *out, int64_t lo, int64_t hi, const std::string &help,
                          const std::string &metavar = "N", const std::string &alias = {});
    OptionParser &unsignedInteger(const std::string &name, uint64_t *out, uint64_t lo, uint64_t hi,
                                  const std::string &help, const std::string &metavar = "N");
    OptionParser &number(const std::string &name, float *out, double lo, double hi, const std::string &help,
                         const std::string &metavar = "X");
    OptionParser &number(const std::string &name, double *out, double lo, double hi, const std::string &help,
                         const std::string &metavar = "X");
    OptionParser &size(const std::string &name, uint64_t *out, uint64_t lo, uint64_t hi, const std::string &help);
    OptionParser &text(const std::string &name, std::string *out, const std::string &help,
                       const std::string &metavar = "TEXT");
    OptionParser &list(const std::string &name, std::vector<std::string> *out, const std::string &help,
                       const std::string &metavar = "TEXT");
    OptionParser &choice(const std::string &name, std::string *out, std::vector<std::string> choices,
                         const std::string &help);
    OptionParser &custom(const std::string &name, const std::string &metavar, const std::string &help,
                         std::function<std::string(const std::string &)> parse);
    OptionParser &positional(const std::string &name, std::string *out, const std::string &help,
                             bool required = true);
    OptionParser &rest(const std::string &name, std::vector<std::string> *out, const std::string &help);
    // Gives the option declared last a short alias ("-p").
    OptionParser &alias(const std::string &shortName)
    {
        m_options.back().alias = shortName;
        return *this;
    }
    // Free text appended to --help (notes, examples).
    OptionParser &note(const std::string &text);

    // Parses args (args[0] is the command name). Returns -1 when the command
    // should go on, 0 after printing --help, 2 after printing a usage error.
    int parse(const std::vector<std::string> &args);
    // The error of the last parse (without the "COMMAND: " prefix), for tests.
    const std::string &error() const { return m_error; }
    // Prints "COMMAND: message" on stderr and returns 2: for checks that
    // need several options (the caller's own usage errors).
    int usageError(const std::string &message);
    bool wasGiven(const std::string &name) const;
    std::string help() const;
    std::string usageLine() const;
    const std::vector<OptionSpec> &options() const { return m_options; }

private:
    OptionSpec &add(OptionSpec spec);
    std::string apply(OptionSpec &o, const std::string &value);
    OptionSpec *find(const std::string &name);

    std::string m_command, m_description, m_synopsis, m_notes, m_error;
    std::vector<OptionSpec> m_options;
    std::vector<PositionalSpec> m_positionals;
};

// The engine options every engine-driving command shares (run, eval, chat,
// bench, benchstream): one table so they spell and range them the same way.
void addEngineOptions(OptionParser &parser, EngineOptions &options);
// `--cpus`: "0-3,8" -> {0, 1, 2, 3, 8}; empty when malformed, past 4095 or
// not ascending.
std::vector<int> parseCpuList(const std::string &text);
// --experts-per-token N (issue 31): part of the engine options, and on its
// own for `plan`, which plans without opening the model.
void addExpertsPerTokenOption(OptionParser &parser, int &expertsPerToken);
// Sampling: -n, --temp, --top-p, --top-k, --seed, --repeat-penalty,
// --presence-penalty, --frequency-penalty, --penalty-window, --loop-stop
// (and --stop with stopStrings).
void addSamplingOptions(OptionParser &parser, SamplingParams &params, bool withTopK = true, bool withStop = true);
// The model's recommended sampling (ModelInfo::recommendedSampling, from its
// generation_config.json) for every sampling option the user did not give
// on the command line: the command's own defaults < the model's < the user's.
// Returns what to tell the user on stderr ("" = nothing recommended): the
// values taken, or why a damaged file was not used.
std::string applyRecommendedSampling(const OptionParser &parser, const RecommendedSampling &recommended,
                                     SamplingParams &params);
// `sluice-cli serve` (docs/server.md): where it listens and its limits.
struct ServeOptions {
    std::string host = "127.0.0.1";
    int port = 8080;
    std::string apiKey;
    int maxQueue = 16;
    uint64_t maxBody = 32ull << 20;
    std::string corsOrigin;
    std::string modelName;          // "" = the container folder's name
};
void addServeOptions(OptionParser &parser, ServeOptions &options);

// `sluice-cli chat --remote URL` (docs/server.md "Remote"): the endpoint, its
// key (inline or from an owner-only file), the model and the timeouts.
struct RemoteChatOptions {
    std::string url;
    std::string apiKey;
    std::string apiKeyFile;
    std::string model;              // "" = the first model the server lists
    std::string reasoningEffort;    // "" = the server's default
    std::string toolsFile;          // a JSON array of tools sent with every turn
    double connectTimeoutSeconds = 10;
    double idleTimeoutSeconds = 120;
    bool noStream = false;
};
void addRemoteOptions(OptionParser &parser, RemoteChatOptions &options);

// The budget's accepted range: 4 KiB (one page; anything below any model's
// floor still reaches the planner, which names the floor) .. 1 PiB (beyond
// any machine; it keeps every figure well inside a signed 64-bit JSON number).
inline constexpr uint64_t kMinBudgetBytes = 4096;
inline constexpr uint64_t kMaxBudgetBytes = 1ull << 50;
// Context positions the parser accepts before the model is known; the engine
// then refuses anything beyond the model's max_position_embeddings.
inline constexpr int64_t kMaxContextOption = 1 << 24;
inline constexpr int64_t kMaxPatchesOption = 16384; // = model::kMaxImagePatches
inline constexpr int64_t kMaxExpertsPerTokenOption = 64; // = ManifestLimits::maxTopK (the model then bounds it)

} // namespace sluice::cli
