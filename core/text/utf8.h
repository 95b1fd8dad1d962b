#pragma once
// Small UTF-8 helpers shared by the text module (no Qt: used on the decode path).
#include <cstddef>
#include <string>
#include <string_view>

namespace sluice::text::utf8 {

// Length of the well-formed UTF-8 sequence starting at text[pos], or 0 if the
// bytes there are ill-formed or truncated (Unicode Table 3-7 rules: no
// overlongs, no surrogates, nothing above U+10FFFF).
size_t validSequenceLength(std::string_view text, size_t pos);

// Length of the maximal ill-formed subpart at text[pos] (at least 1), which is
// what one U+FFFD replaces.
size_t invalidSubpartLength(std::string_view text, size_t pos);

// Decodes the well-formed sequence at text[pos] of length `length`.
char32_t decodeAt(std::string_view text, size_t pos, size_t length);

// True if `tail` (at most 3 bytes) is a proper prefix of some well-formed
// sequence, i.e. more bytes could still complete it.
bool isIncompletePrefix(std::string_view tail);

void appendCodePoint(std::string &out, char32_t codePoint);

inline constexpr std::string_view kReplacementCharacter = "\xEF\xBF\xBD";

} // namespace sluice::text::utf8
