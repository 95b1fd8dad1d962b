#pragma once
// A byte-level pushdown automaton for JSON (RFC 8259), the core of
// constrained sampling for response_format json_object: a token may be
// sampled only if its bytes keep the automaton alive, so whatever is produced
// is a prefix of valid JSON, and complete() says when a whole top-level
// object has been closed. Strings are checked as UTF-8 (no overlongs,
// surrogates or code points past U+10FFFF), numbers by the JSON grammar,
// nesting is bounded, and whitespace runs are capped so a model cannot stall
// in blanks; numbers have at most 15 integer and 2 exponent digits, so every
// accepted number is a finite double. Copyable and small: the sampler tries a candidate token on a copy.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace sluice::text {

// JSON's insignificant whitespace (RFC 8259, section 2).
inline bool isJsonWhitespace(unsigned char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

class JsonGrammar {
public:
    struct Limits {
        int maxDepth = 32;
        int maxWhitespaceRun = 4;
    };
    // `objectOnly`: the top-level value must be an object (json_object).
    explicit JsonGrammar(bool objectOnly = true)
        : JsonGrammar(objectOnly, Limits {})
    {
    }
    JsonGrammar(bool objectOnly, Limits limits);

    // Feeds one byte; false (and the state is dead) when no valid JSON continues this way.
    bool advance(unsigned char c);
    // All bytes, or false at the first that fails.
    bool advance(std::string_view bytes);
    // Would these bytes be accepted? (The state is unchanged.)
    bool accepts(std::string_view bytes) const;
    // A whole top-level value has been read.
    bool complete() const { return m_mode == Mode::Done; }
    bool dead() const { return m_mode == Mode::Dead; }
    // The shortest bytes that complete the document from here ("" when
    // complete or dead): a sampler running out of tokens forces these.
    std::string completion() const;

private:
    enum class Mode : uint8_t {
        Value,
        ObjectFirstKey,
        ObjectKey,
        Colon,
        AfterValue,
        ArrayFirstValue,
        String,
        Escape,
        Unicode,
        Utf8,
        NumMinus,
        NumZero,
        NumInt,
        NumDot,
        NumFrac,
        NumE,
        NumExpSign,
        NumExp,
        Literal,
        Done,
        Dead,
    };
    bool fail();
    bool startValue(unsigned char c);
    bool endValue();
    bool whitespace(unsigned char c);

    Limits m_limits;
    bool m_objectOnly = true;
    Mode m_mode = Mode::Value;
    std::vector<char> m_stack; // '{' or '['
    bool m_stringIsKey = false;
    int m_unicodeLeft = 0;
    int m_utf8Left = 0;
    unsigned char m_utf8Lo = 0x80, m_utf8Hi = 0xBF; // range of the next continuation byte
    const char *m_literal = nullptr; // "true", "false", "null"
    int m_literalAt = 0;
    int m_whitespaceRun = 0;
    int m_digits = 0; // of the number's integer part, then of its exponent
};

} // namespace sluice::text
