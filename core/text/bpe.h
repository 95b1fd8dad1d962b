#pragma once
// Byte-level BPE over a tiktoken rank table: the rank of a byte string is its
// token id, and a merge is allowed when the concatenation of two adjacent
// parts has a rank. Merging always takes the adjacent pair with the lowest
// rank, leftmost on ties, exactly like tiktoken's byte_pair_merge.
#include "util/status.h"

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace sluice::text {

class RankTable {
public:
    // Parses tiktoken's text format: one "<base64 bytes> <rank>" per line.
    // Ranks must be dense from 0 (they are token ids), byte strings unique,
    // and all 256 single bytes present (BPE starts from them). `origin`
    // names the source in error messages.
    static Expected<RankTable> parse(std::string_view text, const std::string &origin);
    // From byte strings in rank order (rank = index).
    static Expected<RankTable> fromTokens(std::vector<std::string> tokens, const std::string &origin);

    int size() const { return int(m_tokens.size()); }
    // -1 if `bytes` is not a token.
    int rank(std::string_view bytes) const
    {
        const auto it = m_ranks.find(bytes);
        return it == m_ranks.end() ? -1 : it->second;
    }
    const std::string &bytes(int rank) const { return m_tokens[size_t(rank)]; }

    // Appends the ranks of one pre-tokenised piece: heap-based merge, O(n log n).
    void encodePiece(std::string_view piece, std::vector<int> &out) const;
    // The O(n^2) textbook loop (tiktoken's), kept as the reference for tests.
    void encodePieceNaive(std::string_view piece, std::vector<int> &out) const;

    // tiktoken text format of this table (for synthetic tokenizers and tests).
    std::string toTiktokenText() const;

private:
    struct Hash {
        using is_transparent = void;
        size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
    };
    std::vector<std::string> m_tokens;
    std::unordered_map<std::string, int, Hash, std::equal_to<>> m_ranks;
};

std::string base64Encode(std::string_view bytes);
// Strict standard-alphabet decoding with '=' padding; false on junk.
bool base64Decode(std::string_view text, std::string &out);

} // namespace sluice::text
