// api/tokenizer.h over text::Tokenizer and the pre-tokenizer.
#include "api/tokenizer.h"

#include "text/pretokenizer.h"
#include "text/tokenizer.h"

#include <sys/stat.h>

namespace sluice {

Expected<TextTokenizer> TextTokenizer::open(const std::string &source, const TextTokenizerOptions &options)
{
    if (options.pattern != "kimi" && options.pattern != "cl100k")
        return makeError(ErrorCode::InvalidArgument,
            SLUICE_ERRT("Error", "tokenizer: unknown pattern '%1' (kimi or cl100k)"), options.pattern);
    text::TokenizerOptions o;
    o.pattern = std::string(options.pattern == "cl100k" ? text::kCl100kPattern : text::kKimiPattern);
    o.splitLongRuns = options.splitLongRuns;
    struct stat st {};
    if (::stat(source.c_str(), &st) != 0)
        return makeError(ErrorCode::NotFound, SLUICE_ERRT("Error", "%1: no such file or directory"), source);
    Expected<text::Tokenizer> t = S_ISDIR(st.st_mode) ? text::Tokenizer::fromModelDirectory(source, o)
                                                      : text::Tokenizer::fromFiles(source, options.specialsPath, o);
    if (!t)
        return t.status();
    TextTokenizer out;
    out.m_tokenizer = std::make_unique<text::Tokenizer>(std::move(*t));
    out.m_pattern = o.pattern;
    return out;
}

TextTokenizer::~TextTokenizer() = default;
TextTokenizer::TextTokenizer(TextTokenizer &&) noexcept = default;
TextTokenizer &TextTokenizer::operator=(TextTokenizer &&) noexcept = default;

std::vector<int> TextTokenizer::encode(const std::string &text) const
{
    return m_tokenizer->encode(text);
}

std::vector<int> TextTokenizer::encodeMarkup(const std::string &text) const
{
    return m_tokenizer->encodeMarkup(text);
}

Expected<std::string> TextTokenizer::decode(std::span<const int> ids) const
{
    return m_tokenizer->decodeChecked(ids);
}

Expected<std::vector<std::string>> TextTokenizer::pieces(const std::string &text) const
{
    auto pre = text::PreTokenizer::create(m_pattern);
    if (!pre)
        return pre.status();
    const std::string valid = text::sanitizeUtf8(text);
    std::vector<std::string_view> parts;
    SLUICE_TRY(pre->split(valid, parts));
    return std::vector<std::string>(parts.begin(), parts.end());
}

} // namespace sluice
