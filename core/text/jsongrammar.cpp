#include "text/jsongrammar.h"

namespace sluice::text {

namespace {

bool isDigit(unsigned char c)
{
    return c >= '0' && c <= '9';
}

bool isHex(unsigned char c)
{
    return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

} // namespace

JsonGrammar::JsonGrammar(bool objectOnly, Limits limits)
    : m_limits(limits)
    , m_objectOnly(objectOnly)
{
}

bool JsonGrammar::fail()
{
    m_mode = Mode::Dead;
    return false;
}

bool JsonGrammar::whitespace(unsigned char c)
{
    if (!isJsonWhitespace(c))
        return false;
    if (++m_whitespaceRun > m_limits.maxWhitespaceRun)
        return fail();
    return true;
}

bool JsonGrammar::advance(std::string_view bytes)
{
    for (char c : bytes)
        if (!advance(static_cast<unsigned char>(c)))
            return false;
    return true;
}

bool JsonGrammar::accepts(std::string_view bytes) const
{
    JsonGrammar copy = *this;
    return copy.advance(bytes);
}

// A value is over: back to the container, or done at the top.
bool JsonGrammar::endValue()
{
    m_mode = m_stack.empty() ? Mode::Done : Mode::AfterValue;
    return true;
}

bool JsonGrammar::startValue(unsigned char c)
{
    if (m_objectOnly && m_stack.empty() && c != '{')
        return fail();
    switch (c) {
    case '{':
    case '[':
        if (int(m_stack.size()) >= m_limits.maxDepth)
            return fail();
        m_stack.push_back(char(c));
        m_mode = c == '{' ? Mode::ObjectFirstKey : Mode::ArrayFirstValue;
        return true;
    case '"':
        m_stringIsKey = false;
        m_mode = Mode::String;
        return true;
    case '-':
        m_mode = Mode::NumMinus;
        m_digits = 0;
        return true;
    case '0':
        m_mode = Mode::NumZero;
        return true;
    case 't':
    case 'f':
    case 'n':
        m_literal = c == 't' ? "true" : c == 'f' ? "false" : "null";
        m_literalAt = 1;
        m_mode = Mode::Literal;
        return true;
    default:
        if (c >= '1' && c <= '9') {
            m_mode = Mode::NumInt;
            m_digits = 1;
            return true;
        }
        return fail();
    }
}

bool JsonGrammar::advance(unsigned char c)
{
    const bool blank = isJsonWhitespace(c);
    switch (m_mode) {
    case Mode::Dead:
        return false;
    case Mode::Done:
        return fail(); // nothing after the top-level value (the sampler stops there)
    case Mode::Value:
        if (blank)
            return whitespace(c);
        m_whitespaceRun = 0;
        return startValue(c);
    case Mode::ArrayFirstValue:
        if (blank)
            return whitespace(c);
        m_whitespaceRun = 0;
        if (c == ']') {
            m_stack.pop_back();
            return endValue();
        }
        return startValue(c);
    case Mode::ObjectFirstKey:
    case Mode::ObjectKey:
        if (blank)
            return whitespace(c);
        m_whitespaceRun = 0;
        if (c == '}' && m_mode == Mode::ObjectFirstKey) {
            m_stack.pop_back();
            return endValue();
        }
        if (c != '"')
            return fail();
        m_stringIsKey = true;
        m_mode = Mode::String;
        return true;
    case Mode::Colon:
        if (blank)
            return whitespace(c);
        m_whitespaceRun = 0;
        if (c != ':')
            return fail();
        m_mode = Mode::Value;
        return true;
    case Mode::AfterValue:
        if (blank)
            return whitespace(c);
        m_whitespaceRun = 0;
        if (c == ',') {
            m_mode = m_stack.back() == '{' ? Mode::ObjectKey : Mode::Value;
            return true;
        }
        if ((c == '}' && m_stack.back() == '{') || (c == ']' && m_stack.back() == '[')) {
            m_stack.pop_back();
            return endValue();
        }
        return fail();
    case Mode::String:
        if (c == '"') {
            if (m_stringIsKey) {
                m_mode = Mode::Colon;
                return true;
            }
            return endValue();
        }
        if (c == '\\') {
            m_mode = Mode::Escape;
            return true;
        }
        if (c < 0x20)
            return fail();
        if (c < 0x80)
            return true;
        // UTF-8 lead byte: the ranges of RFC 3629 (no overlongs, surrogates or > U+10FFFF).
        m_utf8Lo = 0x80;
        m_utf8Hi = 0xBF;
        if (c >= 0xC2 && c <= 0xDF) {
            m_utf8Left = 1;
        } else if (c >= 0xE0 && c <= 0xEF) {
            m_utf8Left = 2;
            if (c == 0xE0)
                m_utf8Lo = 0xA0;
            if (c == 0xED)
                m_utf8Hi = 0x9F;
        } else if (c >= 0xF0 && c <= 0xF4) {
            m_utf8Left = 3;
            if (c == 0xF0)
                m_utf8Lo = 0x90;
            if (c == 0xF4)
                m_utf8Hi = 0x8F;
        } else {
            return fail();
        }
        m_mode = Mode::Utf8;
        return true;
    case Mode::Utf8:
        if (c < m_utf8Lo || c > m_utf8Hi)
            return fail();
        m_utf8Lo = 0x80;
        m_utf8Hi = 0xBF;
        if (--m_utf8Left == 0)
            m_mode = Mode::String;
        return true;
    case Mode::Escape:
        if (c == 'u') {
            m_unicodeLeft = 4;
            m_mode = Mode::Unicode;
            return true;
        }
        if (c == '"' || c == '\\' || c == '/' || c == 'b' || c == 'f' || c == 'n' || c == 'r' || c == 't') {
            m_mode = Mode::String;
            return true;
        }
        return fail();
    case Mode::Unicode:
        if (!isHex(c))
            return fail();
        if (--m_unicodeLeft == 0)
            m_mode = Mode::String;
        return true;
    case Mode::Literal:
        if (m_literal[m_literalAt] != char(c))
            return fail();
        if (m_literal[++m_literalAt] == '\0')
            return endValue();
        return true;
    case Mode::NumMinus:
        if (c == '0') {
            m_mode = Mode::NumZero;
            return true;
        }
        if (c >= '1' && c <= '9') {
            m_mode = Mode::NumInt;
            m_digits = 1;
            return true;
        }
        return fail();
    case Mode::NumInt:
        if (isDigit(c))
            return ++m_digits <= 15 || fail();
        [[fallthrough]];
    case Mode::NumZero:
        if (c == '.') {
            m_mode = Mode::NumDot;
            return true;
        }
        if (c == 'e' || c == 'E') {
            m_mode = Mode::NumE;
            return true;
        }
        break; // the number may end here
    case Mode::NumDot:
        if (!isDigit(c))
            return fail();
        m_mode = Mode::NumFrac;
        return true;
    case Mode::NumFrac:
        if (isDigit(c))
            return true;
        if (c == 'e' || c == 'E') {
            m_mode = Mode::NumE;
            return true;
        }
        break;
    case Mode::NumE:
        if (c == '+' || c == '-') {
            m_mode = Mode::NumExpSign;
            return true;
        }
        [[fallthrough]];
    case Mode::NumExpSign:
        if (!isDigit(c))
            return fail();
        m_mode = Mode::NumExp;
        m_digits = 1;
        return true;
    case Mode::NumExp:
        if (isDigit(c))
            return ++m_digits <= 2 || fail();
        break;
    }
    // A complete number ends at this byte, which belongs to what follows.
    if (m_stack.empty())
        return fail(); // a bare top-level number never ends (json_object needs an object anyway)
    m_mode = Mode::AfterValue;
    return advance(c);
}

std::string JsonGrammar::completion() const
{
    std::string out;
    JsonGrammar g = *this;
    while (!g.complete() && !g.dead() && out.size() < 8 * size_t(m_limits.maxDepth) + 64) {
        const char close = g.m_stack.empty() ? '}' : g.m_stack.back() == '{' ? '}' : ']';
        char c = 0;
        switch (g.m_mode) {
        case Mode::Value:
            c = g.m_stack.empty() ? '{' : '0';
            break;
        case Mode::ArrayFirstValue:
            c = ']';
            break;
        case Mode::ObjectFirstKey:
            c = '}';
            break;
        case Mode::ObjectKey:
            c = '"';
            break;
        case Mode::Colon:
            c = ':';
            break;
        case Mode::AfterValue:
            c = close;
            break;
        case Mode::String:
            c = '"';
            break;
        case Mode::Escape:
            c = 'n';
            break;
        case Mode::Unicode:
            c = '0';
            break;
        case Mode::Utf8:
            c = char(g.m_utf8Lo);
            break;
        case Mode::Literal:
            c = g.m_literal[g.m_literalAt];
            break;
        case Mode::NumMinus:
        case Mode::NumDot:
        case Mode::NumE:
        case Mode::NumExpSign:
            c = '0';
            break;
        case Mode::NumZero:
        case Mode::NumInt:
        case Mode::NumFrac:
        case Mode::NumExp:
            c = close;
            break;
        case Mode::Done:
        case Mode::Dead:
            break;
        }
        if (!g.advance(static_cast<unsigned char>(c)))
            return {};
        out += c;
    }
    return g.complete() ? out : std::string();
}

} // namespace sluice::text
