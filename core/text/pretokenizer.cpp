#include "text/pretokenizer.h"

#include "text/utf8.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

namespace sluice::text {

// Upstream joins eight alternatives with '|'; kept as one literal so the bytes
// can be compared with tokenization_kimi.py directly.
const std::string_view kKimiPattern =
    R"([\p{Han}]+)"
    R"(|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}&&[^\p{Han}]]*[\p{Ll}\p{Lm}\p{Lo}\p{M}&&[^\p{Han}]]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?)"
    R"(|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}&&[^\p{Han}]]+[\p{Ll}\p{Lm}\p{Lo}\p{M}&&[^\p{Han}]]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?)"
    R"(|\p{N}{1,3})"
    R"(| ?[^\s\p{L}\p{N}]+[\r\n]*)"
    R"(|\s*[\r\n]+)"
    R"(|\s+(?!\S))"
    R"(|\s+)";

// As in npm tiktoken 1.0.22's encoders/cl100k_base.json.
const std::string_view kCl100kPattern =
    R"((?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+)";

namespace {

// Unicode White_Space, which is what `\s` means in Rust's regex crate. PCRE2's
// UCP `\s` is \p{Z} + \h + \v, which adds U+180E.
constexpr std::string_view kWhiteSpaceRanges =
    R"(\x{9}-\x{D}\x{20}\x{85}\x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000})";

// Copies one escape sequence starting at pattern[i] (a backslash), translating
// \s (and \S outside classes). Advances i past it.
Status translateEscape(std::string_view pattern, size_t &i, bool inClass, std::string &out)
{
    if (i + 1 >= pattern.size())
        return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "pattern ends with a lone backslash"));
    const char c = pattern[i + 1];
    if (c == 's') {
        if (inClass)
            out += kWhiteSpaceRanges;
        else
            out += "[" + std::string(kWhiteSpaceRanges) + "]";
        i += 2;
        return Status::ok();
    }
    if (c == 'S') {
        if (inClass)
            return makeError(ErrorCode::Unsupported, SLUICE_ERRT("Error", "pattern offset %1: \\S inside a class"), i);
        out += "[^" + std::string(kWhiteSpaceRanges) + "]";
        i += 2;
        return Status::ok();
    }
    if ((c == 'p' || c == 'P') && i + 2 < pattern.size() && pattern[i + 2] == '{') {
        const size_t close = pattern.find('}', i + 3);
        if (close == std::string_view::npos)
            return makeError(
                ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "pattern offset %1: unterminated \\p{"), i);
        const std::string_view name = pattern.substr(i + 3, close - i - 3);
        // A bare script name means the Script property in Rust's regex (as
        // tiktoken runs it: "、" is not \p{Han} there), but Script_Extensions
        // in PCRE2 >= 10.40, where "、。，" would join a Han run. General
        // categories are one or two letters.
        if (name.size() > 2 && name.find_first_of(":=") == std::string_view::npos) {
            out += "\\";
            out += c;
            out += "{sc:" + std::string(name) + "}";
        } else {
            out.append(pattern.substr(i, close + 1 - i));
        }
        i = close + 1;
        return Status::ok();
    }
    out.append(pattern.substr(i, 2));
    i += 2;
    return Status::ok();
}

// Reads the bracket class starting at pattern[i] == '['; returns its inner
// text (between the outer brackets) and advances i past the closing ']'.
Expected<std::string_view> readClass(std::string_view pattern, size_t &i)
{
    const size_t start = i;
    size_t j = i + 1;
    if (j < pattern.size() && pattern[j] == '^')
        ++j;
    if (j < pattern.size() && pattern[j] == ']') // a leading ']' is literal
        ++j;
    int depth = 1;
    while (j < pattern.size()) {
        const char c = pattern[j];
        if (c == '\\') {
            j += 2;
            continue;
        }
        if (c == '[') {
            ++depth;
        } else if (c == ']') {
            if (--depth == 0) {
                i = j + 1;
                return pattern.substr(start + 1, j - start - 1);
            }
        }
        ++j;
    }
    return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "pattern offset %1: unterminated class"), start);
}

// Translates the inside of a class that has no intersection.
Expected<std::string> translateClassBody(std::string_view body)
{
    std::string out;
    for (size_t i = 0; i < body.size();) {
        if (body[i] == '\\') {
            SLUICE_TRY(translateEscape(body, i, true, out));
        } else if (body[i] == '[') {
            return Status(ErrorCode::Unsupported, "nested class without && in [" + std::string(body) + "]");
        } else {
            out += body[i++];
        }
    }
    return out;
}

// Position of a top-level "&&" in a class body, or npos.
size_t findIntersection(std::string_view body)
{
    for (size_t i = 0; i + 1 < body.size(); ++i) {
        if (body[i] == '\\') {
            ++i;
            continue;
        }
        if (body[i] == '[')
            return std::string_view::npos; // nested classes only appear as the right operand
        if (body[i] == '&' && body[i + 1] == '&')
            return i;
    }
    return std::string_view::npos;
}

} // namespace

Expected<std::string> translatePatternToPcre2(std::string_view pattern)
{
    std::string out;
    for (size_t i = 0; i < pattern.size();) {
        const char c = pattern[i];
        if (c == '\\') {
            SLUICE_TRY(translateEscape(pattern, i, false, out));
            continue;
        }
        if (c != '[') {
            out += c;
            ++i;
            continue;
        }
        const size_t classStart = i;
        auto body = readClass(pattern, i);
        if (!body)
            return body.status();
        const size_t amp = findIntersection(*body);
        if (amp == std::string_view::npos) {
            auto inner = translateClassBody(*body);
            if (!inner)
                return inner.status();
            out += "[" + *inner + "]";
            continue;
        }
        // [A&&[B]]: one character in both A and [B].
        const std::string_view left = body->substr(0, amp);
        const std::string_view right = body->substr(amp + 2);
        if (left.empty() || left[0] == '^' || right.size() < 2 || right.front() != '[' || right.back() != ']'
            || right.find("&&") != std::string_view::npos)
            return makeError(ErrorCode::Unsupported,
                SLUICE_ERRT("Error", "pattern offset %1: unsupported class intersection"), classStart);
        auto leftBody = translateClassBody(left);
        auto rightBody = translateClassBody(right.substr(1, right.size() - 2));
        if (!leftBody)
            return leftBody.status();
        if (!rightBody)
            return rightBody.status();
        out += "(?:(?=[" + *rightBody + "])[" + *leftBody + "])";
    }
    return out;
}

struct PreTokenizer::Compiled {
    std::string pcrePattern;
    pcre2_code *code = nullptr;
    bool jit = false;
    ~Compiled() { pcre2_code_free(code); }
};

Expected<PreTokenizer> PreTokenizer::create(std::string_view pattern)
{
    auto translated = translatePatternToPcre2(pattern);
    if (!translated)
        return translated.status().withContext("pre-tokenisation pattern");
    auto compiled = std::make_shared<Compiled>();
    compiled->pcrePattern = std::move(*translated);
    int errorCode = 0;
    PCRE2_SIZE errorOffset = 0;
    compiled->code = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(compiled->pcrePattern.data()),
                                   compiled->pcrePattern.size(), PCRE2_UTF | PCRE2_UCP, &errorCode, &errorOffset,
                                   nullptr);
    if (!compiled->code) {
        PCRE2_UCHAR message[256];
        pcre2_get_error_message(errorCode, message, sizeof message);
        return makeError(ErrorCode::InvalidArgument,
            SLUICE_ERRT("Error", "pre-tokenisation pattern, offset %1 of the translated pattern: %2"), errorOffset,
            reinterpret_cast<const char *>(message));
    }
    // JIT is an optimisation only; without it the interpreter gives the same matches.
    compiled->jit = pcre2_jit_compile(compiled->code, PCRE2_JIT_COMPLETE) == 0;
    PreTokenizer result;
    result.m_compiled = std::move(compiled);
    return result;
}

const std::string &PreTokenizer::pcrePattern() const { return m_compiled->pcrePattern; }

Status PreTokenizer::split(std::string_view text, std::vector<std::string_view> &out) const
{
    struct Resources {
        pcre2_match_data *data = nullptr;
        pcre2_match_context *context = nullptr;
        pcre2_jit_stack *stack = nullptr;
        ~Resources()
        {
            pcre2_match_data_free(data);
            pcre2_match_context_free(context);
            pcre2_jit_stack_free(stack);
        }
    } r;
    r.data = pcre2_match_data_create_from_pattern(m_compiled->code, nullptr);
    r.context = pcre2_match_context_create(nullptr);
    if (!r.data || !r.context)
        return makeError(ErrorCode::Internal, "pre-tokeniser: out of memory");
    // Pieces of a 25,000-character run can backtrack deeply; give both
    // matchers room rather than failing on legal input.
    pcre2_set_heap_limit(r.context, 1u << 20); // KiB
    if (m_compiled->jit) {
        r.stack = pcre2_jit_stack_create(64 * 1024, 8 * 1024 * 1024, nullptr);
        if (r.stack)
            pcre2_jit_stack_assign(r.context, nullptr, r.stack);
    }
    const auto subject = reinterpret_cast<PCRE2_SPTR>(text.data());
    size_t offset = 0;
    while (offset < text.size()) {
        int rc = pcre2_match(m_compiled->code, subject, text.size(), offset, PCRE2_NO_UTF_CHECK, r.data, r.context);
        if (rc < 0 && rc != PCRE2_ERROR_NOMATCH && m_compiled->jit)
            rc = pcre2_match(m_compiled->code, subject, text.size(), offset, PCRE2_NO_UTF_CHECK | PCRE2_NO_JIT, r.data,
                             r.context);
        if (rc == PCRE2_ERROR_NOMATCH)
            break;
        if (rc < 0) {
            PCRE2_UCHAR message[256];
            pcre2_get_error_message(rc, message, sizeof message);
            return makeError(ErrorCode::Internal, "pre-tokeniser at byte " + std::to_string(offset) + ": "
                                                      + reinterpret_cast<const char *>(message));
        }
        const PCRE2_SIZE *ovector = pcre2_get_ovector_pointer(r.data);
        const size_t begin = ovector[0], end = ovector[1];
        if (end == begin) { // cannot happen with the shipped patterns; step one code point
            const size_t step = utf8::validSequenceLength(text, begin);
            offset = begin + (step ? step : 1);
            continue;
        }
        out.push_back(text.substr(begin, end - begin));
        offset = end;
    }
    return Status::ok();
}

bool isPythonSpace(char32_t c)
{
    if (c < 0x80)
        return (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x20);
    return c == 0x85 || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029
           || c == 0x202F || c == 0x205F || c == 0x3000;
}

std::vector<std::string_view> splitLongRuns(std::string_view text, const LongRunLimits &limits)
{
    std::vector<std::string_view> pieces;
    size_t chunkStart = 0;
    while (chunkStart < text.size()) {
        // One chunk of at most maxChunkCodePoints code points, cut further by run length.
        size_t pos = chunkStart, codePoints = 0, sliceStart = chunkStart, runLength = 0;
        bool runIsSpace = false;
        while (pos < text.size() && codePoints < limits.maxChunkCodePoints) {
            size_t length = utf8::validSequenceLength(text, pos);
            const char32_t cp = length ? utf8::decodeAt(text, pos, length) : 0xFFFD;
            if (!length)
                length = utf8::invalidSubpartLength(text, pos);
            const bool isSpace = isPythonSpace(cp);
            if (codePoints == 0 || isSpace != runIsSpace) {
                runLength = 1;
                runIsSpace = isSpace;
            } else if (++runLength > limits.maxRunCodePoints) {
                pieces.push_back(text.substr(sliceStart, pos - sliceStart));
                sliceStart = pos;
                runLength = 1;
            }
            pos += length;
            ++codePoints;
        }
        pieces.push_back(text.substr(sliceStart, pos - sliceStart));
        chunkStart = pos;
    }
    return pieces;
}

bool isValidUtf8(std::string_view text)
{
    for (size_t i = 0; i < text.size();) {
        const size_t length = utf8::validSequenceLength(text, i);
        if (!length)
            return false;
        i += length;
    }
    return true;
}

std::string sanitizeUtf8(std::string_view text)
{
    if (isValidUtf8(text))
        return std::string(text);
    std::string out;
    out.reserve(text.size() + 8);
    for (size_t i = 0; i < text.size();) {
        const size_t length = utf8::validSequenceLength(text, i);
        if (length) {
            out.append(text.substr(i, length));
            i += length;
        } else {
            out += utf8::kReplacementCharacter;
            i += utf8::invalidSubpartLength(text, i);
        }
    }
    return out;
}

} // namespace sluice::text
