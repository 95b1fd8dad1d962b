#pragma once
// Pre-tokenisation: cutting text into the pieces BPE works on, with the same
// regular expression the reference tokenizer uses (tiktoken's `pat_str`,
// written for Rust's fancy-regex) run by PCRE2 in UTF + UCP mode.
//
// The patterns are kept in their upstream spelling and translated once at
// compile time (translatePatternToPcre2) because PCRE2 differs in three places
// that change token boundaries: it has no class intersection (`[A&&B]`), its
// `\s` with UCP also matches U+180E, which is not White_Space, and a bare
// script name (`\p{Han}`) means Script_Extensions in PCRE2 >= 10.40 but
// Script in Rust's regex crate.
#include "util/status.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace sluice::text {

// Kimi's pattern (spec 6.2), byte for byte as upstream joins it.
extern const std::string_view kKimiPattern;
// cl100k_base's pattern as shipped by tiktoken (used to test against a real rank file).
extern const std::string_view kCl100kPattern;

// Rewrites a tiktoken/fancy-regex pattern into PCRE2 syntax with the same
// meaning: `[A&&B]` -> `(?:(?=B)[A])` (both sides match exactly one
// character, so the lookahead is an exact intersection), `\s` / `\S`
// spelled out as the Unicode White_Space set, `\p{Script}` -> `\p{sc:Script}`. Fails on constructs it does not
// understand instead of guessing.
Expected<std::string> translatePatternToPcre2(std::string_view pattern);

class PreTokenizer {
public:
    // `pattern` is in tiktoken syntax (it is translated first).
    static Expected<PreTokenizer> create(std::string_view pattern);

    // Appends the pieces of `text` (valid UTF-8) to `out`, in order. Text the
    // pattern does not match is skipped, as tiktoken's find_iter does. Fails
    // only if PCRE2 hits one of its resource limits.
    Status split(std::string_view text, std::vector<std::string_view> &out) const;

    const std::string &pcrePattern() const;

private:
    struct Compiled;
    std::shared_ptr<const Compiled> m_compiled;
};

// Upstream's cuts before encoding (tokenization_kimi.py): pieces of at most
// 400,000 code points, and within them no run of more than 25,000
// consecutive whitespace (Python str.isspace) or non-whitespace code points.
// The limits are parameters only so tests can exercise them cheaply.
struct LongRunLimits {
    size_t maxChunkCodePoints = 400000;
    size_t maxRunCodePoints = 25000;
};
std::vector<std::string_view> splitLongRuns(std::string_view text, const LongRunLimits &limits = {});

// Python's str.isspace() for one code point.
bool isPythonSpace(char32_t codePoint);

// Replaces every ill-formed UTF-8 sequence by U+FFFD (one per maximal
// ill-formed subpart, as the Unicode standard recommends); valid text is
// returned unchanged. PCRE2 in UTF mode requires valid input.
std::string sanitizeUtf8(std::string_view text);
bool isValidUtf8(std::string_view text);

} // namespace sluice::text
