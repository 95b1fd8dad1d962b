#pragma once
// A tokenizer without a model (issue 17): a container's tokenizer.model +
// specials.json, or a bare tiktoken rank file (optionally .gz), for
// `sluice-cli tokenize` and any client that checks ids against other tools.
// A model's own tokenizer is Model::tokenize/detokenize; this is the same
// code (text::Tokenizer) behind a public door.
#include "util/status.h"

#include <memory>
#include <span>
#include <string>
#include <vector>

namespace sluice {

namespace text {
class Tokenizer;
}

struct TextTokenizerOptions {
    std::string pattern = "kimi"; // "kimi" (Kimi K3's pre-tokenisation) or "cl100k"
    bool splitLongRuns = true;    // upstream's 400,000 / 25,000 long-run cuts
    std::string specialsPath;     // specials.json beside a bare rank file ("" = none)
};

class TextTokenizer {
public:
    // `source`: a container folder or a rank file. Errors name the file and line.
    static Expected<TextTokenizer> open(const std::string &source, const TextTokenizerOptions &options = {});
    ~TextTokenizer();
    TextTokenizer(TextTokenizer &&) noexcept;
    TextTokenizer &operator=(TextTokenizer &&) noexcept;

    // Content mode: special-token strings stay ordinary text.
    std::vector<int> encode(const std::string &text) const;
    // Markup mode: special-token strings become their ids (template text only).
    std::vector<int> encodeMarkup(const std::string &text) const;
    // The text of `ids`; an id outside the vocabulary is an error naming it.
    Expected<std::string> decode(std::span<const int> ids) const;
    // The pre-tokenised pieces of `text` (after UTF-8 repair), for inspection.
    Expected<std::vector<std::string>> pieces(const std::string &text) const;

private:
    TextTokenizer() = default;
    std::unique_ptr<text::Tokenizer> m_tokenizer;
    std::string m_pattern;
};

} // namespace sluice
