#include "options.h"

#include "hostenv.h"
#include "api/types.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace sluice::cli {

namespace {

std::string &programNameStorage()
{
    static std::string name = "sluice-cli";
    return name;
}

std::string numberText(double v)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.10g", v);
    return buf;
}

std::string lowered(std::string_view s)
{
    std::string out(s);
    for (char &c : out)
        c = (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c;
    return out;
}

std::string rangeText(const OptionSpec &o)
{
    switch (o.kind) {
    case ValueKind::Integer:
        return "an integer in " + std::to_string(o.intLo) + ".." + std::to_string(o.intHi);
    case ValueKind::Unsigned:
        return "an integer in " + std::to_string(o.uLo) + ".." + std::to_string(o.uHi);
    case ValueKind::Number:
        return "a number in " + numberText(o.realLo) + ".." + numberText(o.realHi);
    case ValueKind::Size:
        return "a size in " + formatSize(o.uLo) + ".." + formatSize(o.uHi) + " (e.g. 48G, 512MiB, 1.5T)";
    case ValueKind::Choice: {
        std::string t = "one of ";
        for (size_t i = 0; i < o.choices.size(); ++i)
            t += (i ? ", " : "") + o.choices[i];
        return t;
    }
    default:
        return "a value";
    }
}

} // namespace

std::string parseInteger(std::string_view text, int64_t lo, int64_t hi, int64_t &out)
{
    const std::string expected = "expected an integer in " + std::to_string(lo) + ".." + std::to_string(hi);
    int64_t v = 0;
    const char *first = text.data(), *last = text.data() + text.size();
    if (!text.empty() && text[0] == '+')
        ++first; // from_chars refuses a leading '+'; "+5" is still an integer
    const auto [ptr, ec] = std::from_chars(first, last, v, 10);
    if (text.empty() || ec != std::errc() || ptr != last || v < lo || v > hi)
        return expected;
    out = v;
    return {};
}

std::string parseUnsigned(std::string_view text, uint64_t lo, uint64_t hi, uint64_t &out)
{
    const std::string expected = "expected an integer in " + std::to_string(lo) + ".." + std::to_string(hi);
    uint64_t v = 0;
    const char *first = text.data(), *last = text.data() + text.size();
    if (!text.empty() && text[0] == '+')
        ++first;
    const auto [ptr, ec] = std::from_chars(first, last, v, 10);
    if (text.empty() || ec != std::errc() || ptr != last || v < lo || v > hi)
        return expected;
    out = v;
    return {};
}

std::string parseNumber(std::string_view text, double lo, double hi, double &out)
{
    const std::string expected = "expected a number in " + numberText(lo) + ".." + numberText(hi);
    double v = 0;
    const char *first = text.data(), *last = text.data() + text.size();
    if (!text.empty() && text[0] == '+')
        ++first;
    const auto [ptr, ec] = std::from_chars(first, last, v, std::chars_format::general);
    if (text.empty() || ec != std::errc() || ptr != last || !std::isfinite(v) || v < lo || v > hi)
        return expected;
    out = v;
    return {};
}

std::string parseSize(std::string_view text, uint64_t lo, uint64_t hi, uint64_t &out)
{
    const std::string expected = "expected a size in " + formatSize(lo) + ".." + formatSize(hi) +
                                 " (e.g. 48G, 512MiB, 1.5T)";
    size_t i = 0;
    unsigned __int128 whole = 0;
    const auto digit = [&](size_t at) { return at < text.size() && text[at] >= '0' && text[at] <= '9'; };
    if (!digit(0))
        return expected;
    for (; digit(i); ++i) {
        whole = whole * 10 + unsigned(text[i] - '0');
        if (whole > (unsigned __int128)UINT64_MAX)
            return expected;
    }
    unsigned __int128 fraction = 0, fractionScale = 1;
    if (i < text.size() && text[i] == '.') {
        ++i;
        if (!digit(i))
            return expected;
        for (; digit(i); ++i) {
            if (fractionScale < (unsigned __int128)1000000000000000000ull) { // 18 digits are plenty
                fraction = fraction * 10 + unsigned(text[i] - '0');
                fractionScale *= 10;
            }
        }
    }
    const std::string unit = lowered(text.substr(i));
    int shift = -1;
    if (unit.empty() || unit == "b")
        shift = 0;
    else if (unit == "k" || unit == "kb" || unit == "kib")
        shift = 10;
    else if (unit == "m" || unit == "mb" || unit == "mib")
        shift = 20;
    else if (unit == "g" || unit == "gb" || unit == "gib")
        shift = 30;
    else if (unit == "t" || unit == "tb" || unit == "tib")
        shift = 40;
    if (shift < 0)
        return expected;
    const unsigned __int128 bytes = (whole << shift) + ((fraction << shift) / fractionScale);
    if (bytes > (unsigned __int128)hi || bytes < (unsigned __int128)lo)
        return expected;
    out = uint64_t(bytes);
    return {};
}

std::string formatSize(uint64_t bytes)
{
    static const char *units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    int u = 0;
    while (u < 6 && bytes >= 1024 && bytes % 1024 == 0) {
        bytes /= 1024;
        ++u;
    }
    return std::to_string(bytes) + " " + units[u];
}

OptionParser::OptionParser(std::string command, std::string description, std::string synopsis)
    : m_command(std::move(command))
    , m_description(std::move(description))
    , m_synopsis(std::move(synopsis))
{
}

// The fields every option has; each adder below fills in its own.
static OptionSpec makeSpec(const std::string &name, ValueKind kind, const std::string &metavar, const std::string &help)
{
    OptionSpec s;
    s.name = name;
    s.kind = kind;
    s.metavar = metavar;
    s.help = help;
    return s;
}

OptionSpec &OptionParser::add(OptionSpec spec)
{
    m_options.push_back(std::move(spec));
    return m_options.back();
}

OptionParser &OptionParser::flag(const std::string &name, bool *out, const std::string &help, bool value)
{
    OptionSpec s = makeSpec(name, ValueKind::Flag, {}, help);
    s.flag = out;
    s.flagValue = value;
    add(std::move(s));
    return *this;
}

OptionParser &OptionParser::integer(const std::string &name, int *out, int64_t lo, int64_t hi,
                                    const std::string &help, const std::string &metavar, const std::string &alias)
{
    OptionSpec s = makeSpec(name, ValueKind::Integer, metavar, help);
    s.alias = alias;
    s.intLo = lo;
    s.intHi = hi;
    s.intTarget = out;
    s.defaultText = std::to_string(*out);
    add(std::move(s));
    return *this;
}

OptionParser &OptionParser::unsignedInteger(const std::string &name, uint64_t *out, uint64_t lo, uint64_t hi,
                                            const std::string &help, const std::string &metavar)
{
    OptionSpec s = makeSpec(name, ValueKind::Unsigned, metavar, help);
    s.uLo = lo;
    s.uHi = hi;
    s.uTarget = out;
    s.defaultText = std::to_string(*out);
    add(std::move(s));
    return *this;
}

OptionParser &OptionParser::number(const std::string &name, float *out, double lo, double hi,
                                   const std::string &help, const std::string &metavar)
{
    OptionSpec s = makeSpec(name, ValueKind::Number, metavar, help);
    s.realLo = lo;
    s.realHi = hi;
    s.floatTarget = out;
    s.defaultText = numberText(*out);
    add(std::move(s));
    return *this;
}

OptionParser &OptionParser::number(const std::string &name, double *out, double lo, double hi,
                                   const std::string &help, const std::string &metavar)
{
    OptionSpec s = makeSpec(name, ValueKind::Number, metavar, help);
    s.realLo = lo;
    s.realHi = hi;
    s.doubleTarget = out;
    s.defaultText = numberText(*out);
    add(std::move(s));
    return *this;
}

OptionParser &OptionParser::size(const std::string &name, uint64_t *out, uint64_t lo, uint64_t hi,
                                 const std::string &help)
{
    OptionSpec s = makeSpec(name, ValueKind::Size, "SIZE", help);
    s.uLo = lo;
    s.uHi = hi;
    s.uTarget = out;
    if (*out)
        s.defaultText = formatSize(*out);
    add(std::move(s));
    return *this;
}

OptionParser &OptionParser::text(const std::string &name, std::string *out, const std::string &help,
                                 const std::string &metavar)
{
    OptionSpec s = makeSpec(name, ValueKind::Text, metavar, help);
    s.textTarget = out;
    s.defaultText = *out;
    add(std::move(s));
    return *this;
}

OptionParser &OptionParser::list(const std::string &name, std::vector<std::string> *out, const std::string &help,
                                 const std::string &metavar)
{
    OptionSpec s = makeSpec(name, ValueKind::TextList, metavar, help + " (repeatable)");
    s.listTarget = out;
    add(std::move(s));
    return *this;
}

OptionParser &OptionParser::choice(const std::string &name, std::string *out, std::vector<std::string> choices,
                                   const std::string &help)
{
    OptionSpec s;
    s.name = name;
    s.kind = ValueKind::Choice;
    for (size_t i = 0; i < choices.size(); ++i)
        s.metavar += (i ? "|" : "") + choices[i];
    s.help = help;
    s.choices = std::move(choices);
    s.textTarget = out;
    s.defaultText = *out;
    add(std::move(s));
    return *this;
}

OptionParser &OptionParser::custom(const std::string &name, const std::string &metavar, const std::string &help,
                                   std::function<std::string(const std::string &)> parse)
{
    OptionSpec s = makeSpec(name, ValueKind::Custom, metavar, help);
    s.custom = std::move(parse);
    add(std::move(s));
    return *this;
}

OptionParser &OptionParser::positional(const std::string &name, std::string *out, const std::string &help,
                                       bool required)
{
    m_positionals.push_back({name, help, out, nullptr, required});
    return *this;
}

OptionParser &OptionParser::rest(const std::string &name, std::vector<std::string> *out, const std::string &help)
{
    m_positionals.push_back({name, help, nullptr, out, false});
    return *this;
}

OptionParser &OptionParser::note(const std::string &text)
{
    m_notes += text;
    if (!text.empty() && text.back() != '\n')
        m_notes += '\n';
    return *this;
}

OptionSpec *OptionParser::find(const std::string &name)
{
    for (OptionSpec &o : m_options) {
        if (o.name == name || (!o.alias.empty() && o.alias == name))
            return &o;
    }
    return nullptr;
}

bool OptionParser::wasGiven(const std::string &name) const
{
    for (const OptionSpec &o : m_options) {
        if (o.name == name)
            return o.seen;
    }
    return false;
}

std::string OptionParser::apply(OptionSpec &o, const std::string &value)
{
    switch (o.kind) {
    case ValueKind::Flag:
        *o.flag = o.flagValue;
        return {};
    case ValueKind::Integer: {
        int64_t v = 0;
        std::string e = parseInteger(value, o.intLo, o.intHi, v);
        if (e.empty()) {
            if (o.intTarget)
                *o.intTarget = int(v);
            if (o.int64Target)
                *o.int64Target = v;
        }
        return e;
    }
    case ValueKind::Unsigned: {
        uint64_t v = 0;
        std::string e = parseUnsigned(value, o.uLo, o.uHi, v);
        if (e.empty())
            *o.uTarget = v;
        return e;
    }
    case ValueKind::Number: {
        double v = 0;
        std::string e = parseNumber(value, o.realLo, o.realHi, v);
        if (e.empty()) {
            if (o.floatTarget)
                *o.floatTarget = float(v);
            if (o.doubleTarget)
                *o.doubleTarget = v;
        }
        return e;
    }
    case ValueKind::Size: {
        uint64_t v = 0;
        std::string e = parseSize(value, o.uLo, o.uHi, v);
        if (e.empty())
            *o.uTarget = v;
        return e;
    }
    case ValueKind::Text:
        *o.textTarget = value;
        return {};
    case ValueKind::TextList:
        o.listTarget->push_back(value);
        return {};
    case ValueKind::Choice:
        for (const std::string &c : o.choices) {
            if (c == value) {
                *o.textTarget = value;
                return {};
            }
        }
        return "expected " + rangeText(o);
    case ValueKind::Custom:
        return o.custom(value);
    }
    return {};
}

int OptionParser::usageError(const std::string &message)
{
    m_error = message;
    std::fprintf(stderr, "%s: %s\n", m_command.c_str(), message.c_str());
    return 2;
}

int OptionParser::parse(const std::vector<std::string> &args)
{
    m_error.clear();
    size_t nextPositional = 0;
    bool onlyPositionals = false;
    for (size_t i = 1; i < args.size(); ++i) {
        const std::string &a = args[i];
        const bool looksLikeOption = !onlyPositionals && a.size() > 1 && a[0] == '-';
        if (looksLikeOption && a == "--") {
            onlyPositionals = true;
            continue;
        }
        if (looksLikeOption && (a == "--help" || a == "-h")) {
            std::printf("%s", help().c_str());
            return 0;
        }
        if (looksLikeOption) {
            std::string name = a, value;
            bool inlineValue = false;
            if (const size_t eq = a.find('='); a.rfind("--", 0) == 0 && eq != std::string::npos) {
                name = a.substr(0, eq);
                value = a.substr(eq + 1);
                inlineValue = true;
            }
            OptionSpec *o = find(name);
            if (!o)
                return usageError("unknown option '" + name + "' (see " + programName() + " " + m_command +
                                  " --help)");
            if (o->kind == ValueKind::Flag) {
                if (inlineValue)
                    return usageError(o->name + " takes no value");
            } else if (!inlineValue) {
                // The next argument is the value whatever it looks like:
                // "--top-k -3" is a bad value, not a missing one.
                if (i + 1 >= args.size())
                    return usageError(name + " needs a value: " + rangeText(*o));
                value = args[++i];
            }
            const std::string e = apply(*o, value);
            if (!e.empty())
                return usageError(name + " '" + value + "': " + e);
            o->seen = true;
            continue;
        }
        // A positional.
        if (nextPositional >= m_positionals.size())
            return usageError("unexpected argument '" + a + "' (see " + programName() + " " + m_command + " --help)");
        PositionalSpec &p = m_positionals[nextPositional];
        if (p.rest) {
            p.rest->push_back(a);
        } else {
            *p.target = a;
            ++nextPositional;
        }
    }
    for (size_t k = nextPositional; k < m_positionals.size(); ++k) {
        const PositionalSpec &p = m_positionals[k];
        if (p.required && p.target && p.target->empty())
            return usageError("missing " + p.name + "\n" + usageLine());
    }
    return -1;
}

void setProgramName(const std::string &name) { programNameStorage() = name; }

const std::string &programName() { return programNameStorage(); }

std::string OptionParser::usageLine() const
{
    std::string line = "usage: " + programName() + " " + m_command;
    if (!m_synopsis.empty())
        return line + " " + m_synopsis;
    for (const PositionalSpec &p : m_positionals) {
        if (p.rest)
            line += " [" + p.name + "...]";
        else
            line += p.required ? " " + p.name : " [" + p.name + "]";
    }
    if (!m_options.empty())
        line += " [options]";
    return line;
}

std::string OptionParser::help() const
{
    std::string h = usageLine() + "\n";
    if (!m_description.empty())
        h += m_description + (m_description.back() == '\n' ? "" : "\n");
    if (!m_options.empty())
        h += "\noptions:\n";
    for (const OptionSpec &o : m_options) {
        std::string left = "  " + (o.alias.empty() ? "" : o.alias + ", ") + o.name;
        if (o.kind != ValueKind::Flag)
            left += " " + o.metavar;
        std::string right = o.help;
        switch (o.kind) {
        case ValueKind::Integer:
        case ValueKind::Unsigned:
        case ValueKind::Number:
            right += " [" + rangeText(o).substr(rangeText(o).find(" in ") + 4) + "; default " + o.defaultText + "]";
            break;
        case ValueKind::Size:
            right += " [" + formatSize(o.uLo) + ".." + formatSize(o.uHi) +
                     (o.defaultText.empty() ? "" : "; default " + o.defaultText) + "]";
            break;
        case ValueKind::Choice:
        case ValueKind::Text:
            if (!o.defaultText.empty())
                right += " [default " + o.defaultText + "]";
            break;
        default:
            break;
        }
        if (left.size() < 28)
            h += left + std::string(28 - left.size(), ' ') + right + "\n";
        else
            h += left + "\n" + std::string(28, ' ') + right + "\n";
    }
    if (!m_notes.empty())
        h += "\n" + m_notes;
    return h;
}

// "0-3,8" -> {0, 1, 2, 3, 8}; empty when malformed, out of 0..4095, or not ascending.
std::vector<int> parseCpuList(const std::string &text)
{
    std::vector<int> cpus;
    size_t at = 0;
    const auto number = [&](int &out) {
        size_t end = at;
        while (end < text.size() && end - at < 5 && std::isdigit(static_cast<unsigned char>(text[end])))
            ++end;
        if (end == at || (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end]))))
            return false;
        out = std::stoi(text.substr(at, end - at));
        at = end;
        return out <= 4095;
    };
    while (at < text.size()) {
        int lo = 0, hi = 0;
        if (!number(lo))
            return {};
        hi = lo;
        if (at < text.size() && text[at] == '-') {
            ++at;
            if (!number(hi) || hi < lo)
                return {};
        }
        if (!cpus.empty() && lo <= cpus.back())
            return {};
        for (int c = lo; c <= hi; ++c)
            cpus.push_back(c);
        if (at < text.size() && text[at++] != ',')
            return {};
        if (at == text.size() && text.back() == ',')
            return {};
    }
    return cpus;
}

void addExpertsPerTokenOption(OptionParser &p, int &expertsPerToken)
{
    p.integer("--experts-per-token", &expertsPerToken, 0, kMaxExpertsPerTokenOption,
              "routed experts per token: fewer read and compute less at a quality cost "
              "(0 = the model's own; at most the model's; docs/model.md has the measured KL)");
}

void addEngineOptions(OptionParser &p, EngineOptions &o)
{
    applyEngineEnvironment(o); // environment defaults first: options parsed later win
    // The CLI owns its process: the budget covers all of it (issue 15).
    o.reserveProcess = true;
    // Host concern: the user's cache folder (the library never reads the environment).
    if (const char *xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
        o.cacheDir = std::string(xdg) + "/sluice";
    else if (const char *home = std::getenv("HOME"); home && *home)
        o.cacheDir = std::string(home) + "/.cache/sluice";
    p.size("--budget", &o.budgetBytes, kMinBudgetBytes, kMaxBudgetBytes,
           "hard RAM ceiling (default: the planner's default budget)");
    p.integer("--ctx", &o.contextLength, 1, kMaxContextOption,
              "context positions (at most the model's max_position_embeddings)");
    p.integer("--threads", &o.threads, 0, 1024, "compute threads, 0 = one per hardware thread");
    p.custom("--cpus", "LIST", "compute threads on these CPUs only, e.g. 0-7 or 0,2,4,6 (default: the scheduler's choice)",
             [&o](const std::string &v) {
                 o.cpus = parseCpuList(v);
                 return o.cpus.empty() ? std::string("expected CPU numbers and ranges like 0-3,8 (0..4095, ascending)")
                                       : std::string();
             });
    p.integer("--lookahead", &o.lookahead, 0, 4096, "router lookahead width, 0 = off");
    addExpertsPerTokenOption(p, o.expertsPerToken);
    p.integer("--io-threads", &o.ioThreads, 1, 64, "expert reader threads");
    p.integer("--resident-layers", &o.residentTrunkLayers, -1, 100000,
              "trunk layers kept resident, the rest streamed per token (default -1: the planner decides)");
    p.integer("--stream-lm-head", &o.streamLmHead, -1, 1,
              "lm_head read per token in row blocks: 1 = whenever layers stream, 0 = resident (default -1: the planner decides)");
    p.integer("--max-patches", &o.maxImagePatches, 4, kMaxPatchesOption,
              "patch budget per image (0 or absent: the model's max_patches)");
    p.integer("--checkpoints", &o.checkpoints, 0, 1024,
              "recurrent-state checkpoints kept per session for prefix reuse (default 4)");
    p.flag("--verify", &o.verifyChecksums, "CRC every expert record on every read");
    p.flag("--no-verify", &o.verifyOnFirstRead,
           "skip the CRC of each record's first read (it is remembered per container)", false);
    p.flag("--no-cache", &o.cacheEnabled, "read every expert for every use (testing)", false);
    p.flag("--no-read-ahead", &o.readAhead, "do not queue a layer's experts ahead", false);
    p.flag("--buffered", &o.directIo, "page-cache reads instead of O_DIRECT", false);
    p.integer("--release-trunk-bits", &o.releaseTrunkBits, 4, 16,
              "a release folder's trunk cache: 4 = Q4G (default), 8 = Q8G, 16 = bf16 as stored");
    p.text("--route-trace", &o.routeTracePath,
           "replay a routing trace: its expert ids replace the router's choice (benchmarks)", "FILE.jsonl");
}

void addServeOptions(OptionParser &p, ServeOptions &o)
{
    p.text("--host", &o.host, "address to listen on (anything but loopback needs --api-key)", "ADDR");
    p.integer("--port", &o.port, 0, 65535, "TCP port, 0 = any free port (printed)");
    p.text("--api-key", &o.apiKey, "require Authorization: Bearer KEY on every /v1 request", "KEY");
    p.integer("--max-queue", &o.maxQueue, 0, 4096, "requests that may wait behind the running one (429 past that)");
    p.size("--max-body", &o.maxBody, 1024, 1ull << 30, "largest request body accepted (413 past it)");
    p.text("--cors-origin", &o.corsOrigin, "send CORS headers allowing this origin (default: none)", "ORIGIN");
    p.text("--model-name", &o.modelName, "the model id clients use (default: the container folder's name)", "ID");
}

void addRemoteOptions(OptionParser &p, RemoteChatOptions &o)
{
    p.text("--remote", &o.url, "an OpenAI-compatible server instead of a local model (http://HOST:PORT[/v1])", "URL");
    p.text("--api-key", &o.apiKey, "send Authorization: Bearer KEY", "KEY");
    p.text("--api-key-file", &o.apiKeyFile, "read the key from FILE (owner-only permissions, else refused)", "FILE");
    p.text("--model", &o.model, "the remote model id (default: the first one the server lists)", "ID");
    p.choice("--reasoning-effort", &o.reasoningEffort, {"none", "minimal", "low", "medium", "high"},
             "the thinking channel on servers that have one");
    p.text("--tools", &o.toolsFile, "a JSON file with the tools array sent with every turn", "FILE");
    p.number("--connect-timeout", &o.connectTimeoutSeconds, 0.1, 3600, "seconds to open the connection", "S");
    p.number("--idle-timeout", &o.idleTimeoutSeconds, 0.1, 86400, "seconds the server may send nothing", "S");
    p.flag("--no-stream", &o.noStream, "ask for whole replies instead of a stream");
}

void addSamplingOptions(OptionParser &p, SamplingParams &s, bool withTopK, bool withStop)
{
    p.integer("--max-tokens", &s.maxTokens, 1, kMaxContextOption, "tokens to generate", "N", "-n");
    p.number("--temp", &s.temperature, 0, 100, "sampling temperature, 0 = greedy", "T");
    p.number("--top-p", &s.topP, 0, 1, "nucleus sampling mass", "P");
    if (withTopK)
        p.integer("--top-k", &s.topK, 0, 1 << 24, "keep the K most likely tokens, 0 = off", "K");
    p.unsignedInteger("--seed", &s.seed, 0, UINT64_MAX, "sampling seed", "S");
    p.number("--repeat-penalty", &s.repeatPenalty, 0.01, 10,
             "divide a positive logit (multiply a negative one) of an id already in the reply by P, 1 = off", "P");
    p.number("--presence-penalty", &s.presencePenalty, -2, 2, "subtract P from the logit of an id already in the reply",
             "P");
    p.number("--frequency-penalty", &s.frequencyPenalty, -2, 2,
             "subtract P per time an id occurs in the reply", "P");
    p.integer("--penalty-window", &s.penaltyWindow, 0, 1 << 24, "the penalties count the reply's last N ids, 0 = all",
              "N");
    p.integer("--loop-stop", &s.loopStop, 0, 1000,
              "end a reply whose tail is one span (<= 64 ids) repeated N times in a row, 0 = off", "N");
    if (withStop)
        p.list("--stop", &s.stopStrings, "stop when the output contains STR", "STR");
}

std::string applyRecommendedSampling(const OptionParser &p, const RecommendedSampling &recommended,
                                     SamplingParams &s)
{
    if (!recommended.error.empty())
        return recommended.error;
    if (recommended.empty())
        return {};
    SamplingParams merged = s;
    recommended.applyTo(merged);
    std::string said;
    const auto take = [&](const char *option, auto SamplingParams::*field, bool recommends) {
        if (!recommends || p.wasGiven(option))
            return;
        s.*field = merged.*field;
        char value[32];
        std::snprintf(value, sizeof value, "%g", double(s.*field));
        said += std::string(said.empty() ? "" : " ") + option + " " + value;
    };
    take("--max-tokens", &SamplingParams::maxTokens, recommended.maxTokens.has_value());
    take("--temp", &SamplingParams::temperature, recommended.temperature.has_value());
    take("--top-p", &SamplingParams::topP, recommended.topP.has_value());
    take("--top-k", &SamplingParams::topK, recommended.topK.has_value());
    take("--repeat-penalty", &SamplingParams::repeatPenalty, recommended.repeatPenalty.has_value());
    take("--presence-penalty", &SamplingParams::presencePenalty, recommended.presencePenalty.has_value());
    take("--frequency-penalty", &SamplingParams::frequencyPenalty, recommended.frequencyPenalty.has_value());
    take("--penalty-window", &SamplingParams::penaltyWindow, recommended.penaltyWindow.has_value());
    take("--loop-stop", &SamplingParams::loopStop, recommended.loopStop.has_value());
    if (said.empty())
        return {};
    return "the model recommends (" + recommended.source + "): " + said + " (options override)";
}

} // namespace sluice::cli
