#pragma once
// A small, deterministic stand-in for the Kimi tokenizer, for synthetic test
// containers (`sluice-cli synth`): a byte-level BPE trained by trainBpe() on
// an embedded multilingual corpus, with the Kimi special tokens at the Kimi
// offsets above the base vocabulary (spec 6.4). Same input, same bytes, on
// every platform.
//
// Layout of the 256 special ids (base = baseVocab), Kimi offsets:
//   +0 [BOS]  +1 [EOS]  +2 <|end_of_msg|> (eos)  +3 <|open|>  +4 <|close|>
//   +5 <|sep|>  +18 <|media_begin|>  +19 <|media_content|>  +20 <|media_end|>
//   +21 <|media_pad|>  +255 [PAD]
// and, in slots the K3 layout leaves free (our choice, not upstream's ids):
//   +6 <|kimi_image_placeholder|>  +8 <|im_system|>  +9 <|im_user|>
//   +10 <|im_assistant|>  +11 <|im_middle|>  +12 <|im_end|>
// The remaining slots are unnamed (the tokenizer calls them
// <|reserved_token_{id}|>).
#include "util/status.h"

#include <string>
#include <string_view>
#include <vector>

namespace sluice::text {

struct SyntheticTokenizer {
    std::string rankFileText;  // tiktoken format, baseVocab lines
    std::string specialsJson;  // [{"id","text"}] of the named specials
    int baseVocab = 0;
    int vocabSize = 0;         // baseVocab + 256
    int bosId = 0;             // [BOS]
    int eosId = 0;             // <|end_of_msg|>: the model's eos_token_id
    int eosTextId = 0;         // [EOS]
    int endOfMsgId = 0;
    int openId = 0;
    int closeId = 0;
    int sepId = 0;
    int mediaBeginId = 0;
    int mediaContentId = 0;
    int mediaEndId = 0;
    int mediaPadId = 0;
    int imagePlaceholderId = 0;
    int imSystemId = 0;
    int imUserId = 0;
    int imAssistantId = 0;
    int imMiddleId = 0;
    int imEndId = 0;
    int padId = 0;
};

// baseVocab must be at least 256 (the byte tokens) and at most 65536.
// Merges come from the corpus; if it runs out before baseVocab, the rest is
// filled deterministically with concatenations of learned tokens in rank order.
Expected<SyntheticTokenizer> makeSyntheticTokenizer(int baseVocab = 3840);

// The same layout with merges learned from `corpus` instead of the embedded
// text (the trained demo model's tokenizer, `sluice-cli demo-corpus`).
Expected<SyntheticTokenizer> makeTokenizerFromCorpus(std::string_view corpus, int baseVocab);

// The trainer itself: byte tokens 0..255 first (rank = byte value), then
// merges of the most frequent adjacent pair within the pre-tokenised pieces
// of `corpus` (Kimi pattern), ties to the lexicographically smallest
// (left bytes, right bytes). Stops at `vocab` tokens or when no pair is left.
// Returns the tokens in rank order.
Expected<std::vector<std::string>> trainBpe(std::string_view corpus, int vocab);

// The embedded training text (a few KB, several scripts).
std::string_view syntheticCorpus();

} // namespace sluice::text
