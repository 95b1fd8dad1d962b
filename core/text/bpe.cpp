#include "text/bpe.h"

#include <climits>
#include <queue>

namespace sluice::text {

namespace {

constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

int base64Value(char c)
{
    if (c >= 'A' && c <= 'Z')
        return c - 'A';
    if (c >= 'a' && c <= 'z')
        return c - 'a' + 26;
    if (c >= '0' && c <= '9')
        return c - '0' + 52;
    if (c == '+')
        return 62;
    if (c == '/')
        return 63;
    return -1;
}

} // namespace

std::string base64Encode(std::string_view bytes)
{
    std::string out;
    out.reserve((bytes.size() + 2) / 3 * 4);
    for (size_t i = 0; i < bytes.size(); i += 3) {
        uint32_t v = uint32_t(uint8_t(bytes[i])) << 16;
        if (i + 1 < bytes.size())
            v |= uint32_t(uint8_t(bytes[i + 1])) << 8;
        if (i + 2 < bytes.size())
            v |= uint32_t(uint8_t(bytes[i + 2]));
        out += kAlphabet[(v >> 18) & 63];
        out += kAlphabet[(v >> 12) & 63];
        out += i + 1 < bytes.size() ? kAlphabet[(v >> 6) & 63] : '=';
        out += i + 2 < bytes.size() ? kAlphabet[v & 63] : '=';
    }
    return out;
}

bool base64Decode(std::string_view text, std::string &out)
{
    out.clear();
    if (text.size() % 4 != 0)
        return false;
    for (size_t i = 0; i < text.size(); i += 4) {
        int v[4];
        int pad = 0;
        for (int k = 0; k < 4; ++k) {
            const char c = text[i + k];
            if (c == '=' && i + 4 == text.size() && k >= 2) {
                v[k] = 0;
                ++pad;
            } else {
                if (pad)
                    return false; // data after padding
                v[k] = base64Value(c);
                if (v[k] < 0)
                    return false;
            }
        }
        const uint32_t bits = uint32_t(v[0]) << 18 | uint32_t(v[1]) << 12 | uint32_t(v[2]) << 6 | uint32_t(v[3]);
        out += char((bits >> 16) & 0xFF);
        if (pad < 2)
            out += char((bits >> 8) & 0xFF);
        if (pad < 1)
            out += char(bits & 0xFF);
    }
    return true;
}

Expected<RankTable> RankTable::fromTokens(std::vector<std::string> tokens, const std::string &origin)
{
    RankTable table;
    table.m_ranks.reserve(tokens.size());
    for (size_t i = 0; i < tokens.size(); ++i) {
        if (tokens[i].empty())
            return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1: rank %2 is an empty token"), origin, i);
        if (!table.m_ranks.emplace(tokens[i], int(i)).second)
            return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1: rank %2 repeats the bytes of rank %3"),
                origin, i, table.m_ranks.find(tokens[i])->second);
    }
    table.m_tokens = std::move(tokens);
    for (int b = 0; b < 256; ++b) {
        if (table.rank(std::string(1, char(b))) < 0)
            return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1: no token for the single byte %2"), origin, b);
    }
    return table;
}

Expected<RankTable> RankTable::parse(std::string_view text, const std::string &origin)
{
    // Ranks must be dense, so a file of N entries holds ranks 0..N-1: count
    // the entries first and refuse any rank beyond them before anything is
    // sized by a number read from the file (a rank of 99,999,999 once
    // allocated 3 GiB before the density check).
    size_t entries = 0;
    for (size_t pos = 0; pos < text.size();) {
        size_t end = text.find('\n', pos);
        if (end == std::string_view::npos)
            end = text.size();
        const size_t length = end - pos;
        if (length > 1 || (length == 1 && text[pos] != '\r'))
            ++entries;
        pos = end + 1;
    }
    std::vector<std::string> tokens(entries);
    std::vector<bool> seen(entries, false);
    size_t lineNumber = 0;
    for (size_t pos = 0; pos < text.size();) {
        size_t end = text.find('\n', pos);
        if (end == std::string_view::npos)
            end = text.size();
        std::string_view line = text.substr(pos, end - pos);
        pos = end + 1;
        ++lineNumber;
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        if (line.empty())
            continue;
        const auto where = [&] { return origin + ":" + std::to_string(lineNumber) + ": "; };
        const size_t space = line.find(' ');
        if (space == std::string_view::npos)
            return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1expected '<base64> <rank>'"), where());
        const std::string_view rankText = line.substr(space + 1);
        if (rankText.empty() || rankText.size() > 9)
            return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1bad rank '%2'"), where(),
                std::string(rankText.substr(0, 32)));
        long rank = 0;
        for (char c : rankText) {
            if (c < '0' || c > '9')
                return makeError(
                    ErrorCode::Format, SLUICE_ERRT("Error", "%1bad rank '%2'"), where(), std::string(rankText));
            rank = rank * 10 + (c - '0');
        }
        std::string bytes;
        if (!base64Decode(line.substr(0, space), bytes))
            return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1bad base64"), where());
        if (size_t(rank) >= entries)
            return makeError(ErrorCode::Format,
                SLUICE_ERRT("Error", "%1rank %2 is beyond the %3 entries of the file (ranks must be dense)"), where(),
                rank, entries);
        if (seen[size_t(rank)])
            return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1rank %2 appears twice"), where(), rank);
        seen[size_t(rank)] = true;
        tokens[size_t(rank)] = std::move(bytes);
    }
    for (size_t i = 0; i < seen.size(); ++i) {
        if (!seen[i])
            return makeError(
                ErrorCode::Format, SLUICE_ERRT("Error", "%1: ranks are not dense, %2 is missing"), origin, i);
    }
    if (tokens.empty())
        return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1: no tokens"), origin);
    return fromTokens(std::move(tokens), origin);
}

std::string RankTable::toTiktokenText() const
{
    std::string out;
    for (size_t i = 0; i < m_tokens.size(); ++i)
        out += base64Encode(m_tokens[i]) + " " + std::to_string(i) + "\n";
    return out;
}

void RankTable::encodePieceNaive(std::string_view piece, std::vector<int> &out) const
{
    if (piece.empty())
        return;
    if (const int whole = rank(piece); whole >= 0) {
        out.push_back(whole);
        return;
    }
    std::vector<size_t> starts; // part boundaries, plus the end
    for (size_t i = 0; i <= piece.size(); ++i)
        starts.push_back(i);
    for (;;) {
        int best = INT_MAX;
        size_t bestIndex = 0;
        for (size_t i = 0; i + 2 < starts.size(); ++i) {
            const int r = rank(piece.substr(starts[i], starts[i + 2] - starts[i]));
            if (r >= 0 && r < best) {
                best = r;
                bestIndex = i;
            }
        }
        if (best == INT_MAX)
            break;
        starts.erase(starts.begin() + long(bestIndex) + 1);
    }
    for (size_t i = 0; i + 1 < starts.size(); ++i)
        out.push_back(rank(piece.substr(starts[i], starts[i + 1] - starts[i])));
}

void RankTable::encodePiece(std::string_view piece, std::vector<int> &out) const
{
    if (piece.empty())
        return;
    if (const int whole = rank(piece); whole >= 0) {
        out.push_back(whole);
        return;
    }
    // Parts form a doubly linked list over the piece's bytes; a heap holds
    // candidate merges keyed (rank, start). A candidate is stale once either
    // part has changed, which the per-part version numbers reveal.
    const int n = int(piece.size());
    struct Part {
        int start, end, prev, next;
        uint32_t version;
    };
    std::vector<Part> parts(static_cast<size_t>(n));
    for (int i = 0; i < n; ++i)
        parts[size_t(i)] = {i, i + 1, i - 1, i + 1 < n ? i + 1 : -1, 0};
    struct Candidate {
        int rank, left, right;
        uint32_t leftVersion, rightVersion;
        bool operator>(const Candidate &o) const { return rank != o.rank ? rank > o.rank : left > o.left; }
    };
    std::priority_queue<Candidate, std::vector<Candidate>, std::greater<>> heap;
    const auto push = [&](int left) {
        if (left < 0)
            return;
        const int right = parts[size_t(left)].next;
        if (right < 0)
            return;
        const Part &a = parts[size_t(left)], &b = parts[size_t(right)];
        const int r = rank(piece.substr(size_t(a.start), size_t(b.end - a.start)));
        if (r >= 0)
            heap.push({r, left, right, a.version, b.version});
    };
    for (int i = 0; i + 1 < n; ++i)
        push(i);
    while (!heap.empty()) {
        const Candidate c = heap.top();
        heap.pop();
        Part &a = parts[size_t(c.left)];
        const Part &b = parts[size_t(c.right)];
        if (a.version != c.leftVersion || b.version != c.rightVersion || a.next != c.right)
            continue;
        // Merge b into a; b's index is never reachable again.
        a.end = b.end;
        a.next = b.next;
        ++a.version;
        if (b.next >= 0) {
            parts[size_t(b.next)].prev = c.left;
        }
        parts[size_t(c.right)].version = UINT32_MAX; // dead
        push(a.prev);
        push(c.left);
    }
    for (int i = 0; i >= 0; i = parts[size_t(i)].next)
        out.push_back(rank(piece.substr(size_t(parts[size_t(i)].start),
                                        size_t(parts[size_t(i)].end - parts[size_t(i)].start))));
}

} // namespace sluice::text
