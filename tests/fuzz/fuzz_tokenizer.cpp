// Fuzzes the tokenizer files: a tiktoken rank file and specials.json (split at
// the first NUL byte), through Tokenizer::fromText. Every input must give a
// tokenizer or a Status — never a crash, a huge allocation (ranks are bounded
// by the entry count before anything is sized), or undefined behaviour; an
// accepted tokenizer must round-trip a short text.
#include "text/tokenizer.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const std::string_view all(reinterpret_cast<const char *>(data), size);
    const size_t nul = all.find('\0');
    const std::string_view ranks = all.substr(0, nul);
    const std::string_view specials = nul == std::string_view::npos ? std::string_view() : all.substr(nul + 1);
    auto tok = sluice::text::Tokenizer::fromText(ranks, specials);
    if (!tok.isOk())
        return 0;
    const std::string text = "hello world, 123 <|im_end|>";
    const std::vector<int> ids = tok->encode(text);
    (void)tok->encodeMarkup(text);
    auto back = tok->decodeChecked(ids);
    if (back.isOk() && *back != text && ranks.size() > 0) {
        // Content mode must round-trip any UTF-8 text when every byte has a rank.
        bool allBytes = true;
        for (int b = 0; b < 256 && allBytes; ++b)
            allBytes = tok->encode(std::string(1, char(b))).size() == 1;
        if (allBytes)
            __builtin_trap();
    }
    return 0;
}
