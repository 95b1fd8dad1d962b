// sluice-cli tokenize / detokenize: the model's tokenizer from the command
// line, for checking ids against other tools and for scripting.
#include "command.h"
#include "options.h"

#include "api/tokenizer.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonDocument>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

using namespace sluice;

namespace {

bool parseIds(const std::string &text, std::vector<int> &ids)
{
    std::string token;
    const auto flush = [&]() {
        if (token.empty())
            return true;
        char *end = nullptr;
        const long value = std::strtol(token.c_str(), &end, 10);
        if (*end != '\0' || value < 0 || value > 0x7fffffff)
            return false;
        ids.push_back(int(value));
        token.clear();
        return true;
    };
    for (char c : text) {
        if (c == ',' || c == ' ' || c == '\n' || c == '\t' || c == '[' || c == ']') {
            if (!flush())
                return false;
        } else {
            token += c;
        }
    }
    return flush();
}

// --decode / detokenize: the text of the ids. Returns the exit status.
int printDecoded(const TextTokenizer &tokenizer, const std::string &decodeIds, bool json)
{
    std::vector<int> ids;
    if (!parseIds(decodeIds, ids)) {
        std::fprintf(stderr, "tokenize: cannot read ids from '%s'\n", decodeIds.c_str());
        return 2;
    }
    auto text = tokenizer.decode(ids);
    if (!text) {
        std::fprintf(stderr, "tokenize: %s\n", text.status().message().c_str());
        return 1;
    }
    if (json) {
        const QByteArray doc = QJsonDocument(QJsonArray{QString::fromStdString(*text)}).toJson(QJsonDocument::Compact);
        std::printf("%s\n", doc.mid(1, doc.size() - 2).constData());
    } else {
        std::fwrite(text->data(), 1, text->size(), stdout);
        std::printf("\n");
    }
    return 0;
}

struct EncodeOptions {
    bool markup = false, json = false, pieces = false, timing = false;
};

// The ids of `input`, with the timing and the pieces on stderr when asked.
void printEncoded(const TextTokenizer &tokenizer, const std::string &input, const EncodeOptions &o,
                  std::chrono::steady_clock::time_point loadStart)
{
    const auto encodeStart = std::chrono::steady_clock::now();
    const std::vector<int> ids = o.markup ? tokenizer.encodeMarkup(input) : tokenizer.encode(input);
    if (o.timing) {
        const auto end = std::chrono::steady_clock::now();
        const double load = std::chrono::duration<double>(encodeStart - loadStart).count();
        const double encode = std::chrono::duration<double>(end - encodeStart).count();
        std::fprintf(stderr, "load %.3f s; encode %zu bytes -> %zu tokens in %.3f s (%.2f MB/s)\n", load,
                     input.size(), ids.size(), encode, encode > 0 ? double(input.size()) / encode / 1e6 : 0.0);
    }
    if (o.pieces) {
        if (auto parts = tokenizer.pieces(input))
            for (const std::string &piece : *parts)
                std::fprintf(stderr, "piece: \"%.*s\"\n", int(piece.size()), piece.data());
    }
    if (o.json) {
        QJsonArray array;
        for (int id : ids)
            array.append(id);
        std::printf("%s\n", QJsonDocument(array).toJson(QJsonDocument::Compact).constData());
    } else {
        for (size_t i = 0; i < ids.size(); ++i)
            std::printf("%s%d", i ? " " : "", ids[i]);
        std::printf("\n");
    }
}

int runTokenizeImpl(const std::vector<std::string> &args, bool decodeCommand)
{
    std::string source, specials, pattern = "kimi", decodeIds;
    std::vector<std::string> positional;
    EncodeOptions eo;
    bool noSplit = false, decode = decodeCommand;
    cli::OptionParser p(decodeCommand ? "detokenize" : "tokenize",
                        "MODEL_OR_RANKFILE is a container directory (tokenizer.model + specials.json)\n"
                        "or a tiktoken rank file (optionally .gz). TEXT '-' reads standard input.",
                        decodeCommand ? "MODEL_OR_RANKFILE IDS   (same as tokenize --decode)"
                                      : "MODEL_OR_RANKFILE [options] TEXT|-\n"
                                        "       sluice-cli tokenize MODEL_OR_RANKFILE --decode IDS");
    p.positional("MODEL_OR_RANKFILE", &source, "a container directory or a rank file");
    p.rest("TEXT", &positional, "the text ('-': standard input)");
    p.flag("--markup", &eo.markup, "special-token strings become their ids (template text only)");
    p.text("--decode", &decodeIds, "print the text of IDS (comma or space separated)", "IDS");
    p.flag("--json", &eo.json, "JSON output (ids as an array; decoded text as a string)");
    p.flag("--pieces", &eo.pieces, "also print the pre-tokenised pieces");
    p.text("--specials", &specials, "specials.json for a bare rank file", "FILE");
    p.choice("--pattern", &pattern, {"kimi", "cl100k"}, "pre-tokenisation pattern");
    p.flag("--no-split", &noSplit, "skip upstream's 400,000/25,000 long-run cuts");
    p.flag("--time", &eo.timing, "report load time and encode throughput on stderr");
    p.note("Default is content mode, where special-token strings stay ordinary text.");
    if (const int code = p.parse(args); code >= 0)
        return code;
    if (p.wasGiven("--decode"))
        decode = true;
    std::string input;
    if (!positional.empty()) {
        for (size_t i = 0; i < positional.size(); ++i)
            input += (i > 0 ? " " : "") + positional[i];
        if (input == "-")
            input.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
    } else if (!(decode && !decodeIds.empty())) {
        std::fprintf(stderr, "tokenize: no text given (use - for standard input)\n");
        return 2;
    }
    if (decodeCommand && decodeIds.empty())
        decodeIds = input;

    TextTokenizerOptions options;
    options.pattern = pattern;
    options.splitLongRuns = !noSplit;
    options.specialsPath = specials;
    const auto loadStart = std::chrono::steady_clock::now();
    Expected<TextTokenizer> tokenizer = TextTokenizer::open(source, options);
    if (!tokenizer) {
        std::fprintf(stderr, "tokenize: %s\n", tokenizer.status().message().c_str());
        return 1;
    }
    if (decode)
        return printDecoded(*tokenizer, decodeIds, eo.json);
    printEncoded(*tokenizer, input, eo, loadStart);
    return 0;
}

int runTokenize(const std::vector<std::string> &args) { return runTokenizeImpl(args, false); }
int runDetokenize(const std::vector<std::string> &args) { return runTokenizeImpl(args, true); }

const cli::CommandRegistration tokenizeCommand{"tokenize", "Text to token ids (content or --markup mode), or --decode ids",
                                           runTokenize};
const cli::CommandRegistration detokenizeCommand{"detokenize", "Token ids to text (same as tokenize --decode)",
                                             runDetokenize};

} // namespace
