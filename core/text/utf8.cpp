#include "text/utf8.h"

#include "api/types.h"

namespace sluice::text::utf8 {

namespace {

// Allowed range of the second byte for a given lead byte (Table 3-7); the
// third and fourth bytes are always 0x80..0xBF.
bool leadInfo(unsigned char lead, size_t &length, unsigned char &lo, unsigned char &hi)
{
    lo = 0x80;
    hi = 0xBF;
    if (lead < 0x80) {
        length = 1;
    } else if (lead >= 0xC2 && lead <= 0xDF) {
        length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        length = 3;
        if (lead == 0xE0)
            lo = 0xA0;
        else if (lead == 0xED)
            hi = 0x9F;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4;
        if (lead == 0xF0)
            lo = 0x90;
        else if (lead == 0xF4)
            hi = 0x8F;
    } else {
        return false;
    }
    return true;
}

// Number of bytes at pos that form a valid prefix (lead included), and the
// full length the lead byte announces.
size_t validPrefix(std::string_view text, size_t pos, size_t &length)
{
    unsigned char lo, hi;
    if (!leadInfo(static_cast<unsigned char>(text[pos]), length, lo, hi))
        return 0;
    size_t n = 1;
    while (n < length && pos + n < text.size()) {
        const unsigned char c = static_cast<unsigned char>(text[pos + n]);
        const unsigned char l = n == 1 ? lo : 0x80, h = n == 1 ? hi : 0xBF;
        if (c < l || c > h)
            break;
        ++n;
    }
    return n;
}

} // namespace

size_t validSequenceLength(std::string_view text, size_t pos)
{
    size_t length = 0;
    const size_t n = validPrefix(text, pos, length);
    return n != 0 && n == length ? length : 0;
}

size_t invalidSubpartLength(std::string_view text, size_t pos)
{
    size_t length = 0;
    const size_t n = validPrefix(text, pos, length);
    return n == 0 ? 1 : n;
}

char32_t decodeAt(std::string_view text, size_t pos, size_t length)
{
    const auto byte = [&](size_t i) { return char32_t(static_cast<unsigned char>(text[pos + i])); };
    switch (length) {
    case 1:
        return byte(0);
    case 2:
        return ((byte(0) & 0x1F) << 6) | (byte(1) & 0x3F);
    case 3:
        return ((byte(0) & 0x0F) << 12) | ((byte(1) & 0x3F) << 6) | (byte(2) & 0x3F);
    default:
        return ((byte(0) & 0x07) << 18) | ((byte(1) & 0x3F) << 12) | ((byte(2) & 0x3F) << 6) | (byte(3) & 0x3F);
    }
}

bool isIncompletePrefix(std::string_view tail)
{
    if (tail.empty() || tail.size() > 3)
        return false;
    size_t length = 0;
    const size_t n = validPrefix(tail, 0, length);
    return n == tail.size() && length > tail.size();
}

void appendCodePoint(std::string &out, char32_t cp)
{
    if (cp < 0x80) {
        out += char(cp);
    } else if (cp < 0x800) {
        out += char(0xC0 | (cp >> 6));
        out += char(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += char(0xE0 | (cp >> 12));
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    } else {
        out += char(0xF0 | (cp >> 18));
        out += char(0x80 | ((cp >> 12) & 0x3F));
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    }
}

} // namespace sluice::text::utf8

namespace sluice {

size_t completeUtf8Prefix(const std::string &bytes)
{
    const size_t n = bytes.size();
    // Look back at most 3 bytes for the start of the last sequence.
    for (size_t back = 1; back <= 4 && back <= n; ++back) {
        const auto c = static_cast<unsigned char>(bytes[n - back]);
        if ((c & 0xC0) == 0x80)
            continue; // continuation byte
        size_t need = 1;
        if ((c & 0xE0) == 0xC0)
            need = 2;
        else if ((c & 0xF0) == 0xE0)
            need = 3;
        else if ((c & 0xF8) == 0xF0)
            need = 4;
        return back < need ? n - back : n;
    }
    return n; // only continuation bytes: invalid, let the decoder replace them
}

} // namespace sluice
