#pragma once
// The Kimi tokenizer: a tiktoken rank file (base vocabulary, rank = id), the
// special tokens of specials.json above it, Kimi's pre-tokenisation pattern,
// upstream's long-run cuts and heap-based BPE.
//
// Two encoders, because the difference is a security boundary:
//  * encode()       — content mode: every byte is ordinary text, so a user who
//                     types "<|open|>" gets ordinary tokens, never the control id;
//  * encodeMarkup() — template structure only: special-token strings anywhere
//                     in the text (even glued to other text) become their ids.
// A Tokenizer is an immutable, cheaply copyable handle, safe to use from
// several threads at once.
#include "text/bpe.h"
#include "text/pretokenizer.h"
#include "util/status.h"

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace sluice::text {

struct SpecialToken {
    int id = 0;
    std::string text;
};

struct TokenizerOptions {
    // tiktoken-syntax pre-tokenisation pattern (kKimiPattern or kCl100kPattern).
    std::string pattern = std::string(kKimiPattern);
    // Apply upstream's 400,000 / 25,000 cuts (tokenization_kimi.py). tiktoken
    // itself does not, so the cl100k comparison turns it off.
    bool splitLongRuns = true;
    LongRunLimits longRunLimits;
    // The model's vocab_size. Every id in [base, max(vocabSize, highest
    // special + 1)) without a name gets "<|reserved_token_{id}|>", as
    // upstream names its unnamed reserved slots. 0 = use the specials only.
    int vocabSize = 0;
};

class Tokenizer {
public:
    // specialsJson: [{"id": N, "text": "..."}...]; empty = no specials.
    static Expected<Tokenizer> fromText(std::string_view rankFileText, std::string_view specialsJson,
                                        const TokenizerOptions &options = {});
    // specialsPath may be empty. A rank file ending in ".gz" is read with zlib.
    static Expected<Tokenizer> fromFiles(const std::string &rankFilePath, const std::string &specialsPath,
                                         const TokenizerOptions &options = {});
    // A container directory: tokenizer.model + specials.json; options.vocabSize
    // 0 means "config.vocab_size from the directory's manifest.json, if any".
    static Expected<Tokenizer> fromModelDirectory(const std::string &directory, const TokenizerOptions &options = {});

    // Content mode: user, document and tool text.
    std::vector<int> encode(std::string_view text) const;
    // Markup mode: earliest special-token string first, longest on ties.
    std::vector<int> encodeMarkup(std::string_view text) const;
    // BPE without the long-run cuts and without specials (tiktoken's encode_ordinary).
    std::vector<int> encodeOrdinary(std::string_view text) const;

    // Bytes of all tokens, specials as their text; ids outside the vocabulary
    // are skipped (use decodeChecked to be told).
    std::string decode(std::span<const int> ids) const;
    Expected<std::string> decodeChecked(std::span<const int> ids) const;
    // Raw bytes of one token (may be part of a UTF-8 sequence); empty if invalid.
    std::string_view tokenBytes(int id) const;

    int baseVocabSize() const;   // ranks in the rank file
    int vocabSize() const;       // highest valid id + 1
    bool isValidId(int id) const;
    bool isSpecial(int id) const;
    // The id of a special token by its text.
    std::optional<int> specialId(std::string_view text) const;
    const std::vector<SpecialToken> &specials() const; // sorted by id

    const RankTable &ranks() const;
    const TokenizerOptions &options() const;

private:
    struct Data;
    std::shared_ptr<const Data> m_data;
    // Appends content-mode ids of `text` (valid UTF-8), without long-run cuts.
    void encodeOrdinaryInto(std::string_view text, std::vector<int> &out) const;
    void encodeMarkupInto(std::string_view text, std::vector<int> &out) const;
};

// Token-by-token decoding for streaming: push() returns the text that became
// complete, holding back a trailing partial UTF-8 sequence until the next
// token finishes it. Bytes that can never become valid are emitted as U+FFFD
// (one per maximal ill-formed subpart), so the output is always valid UTF-8.
class StreamDecoder {
public:
    explicit StreamDecoder(Tokenizer tokenizer);
    std::string push(int id);
    // End of stream: whatever is held back, made valid.
    std::string flush();
    void reset() { m_pending.clear(); }
    const std::string &pending() const { return m_pending; }

private:
    Tokenizer m_tokenizer;
    std::string m_pending;
};

} // namespace sluice::text
