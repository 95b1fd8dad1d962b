#include "server/httpparser.h"

#include <algorithm>
#include <charconv>

namespace sluice::server {

namespace {

std::string lower(std::string_view s)
{
    std::string out(s);
    for (char &c : out)
        if (c >= 'A' && c <= 'Z')
            c = char(c - 'A' + 'a');
    return out;
}

std::string_view trim(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

// RFC 9110 token characters (method and header names).
bool isToken(std::string_view s)
{
    if (s.empty())
        return false;
    for (unsigned char c : s) {
        if (c >= '0' && c <= '9')
            continue;
        if ((c | 0x20) >= 'a' && (c | 0x20) <= 'z')
            continue;
        if (std::string_view("!#$%&'*+-.^_`|~").find(char(c)) == std::string_view::npos)
            return false;
    }
    return true;
}

bool hasControl(std::string_view s)
{
    return std::any_of(s.begin(), s.end(), [](char c) {
        const auto u = static_cast<unsigned char>(c);
        return (u < 0x20 && u != '\t') || u == 0x7f;
    });
}

// Position of the blank line that ends the head, and its length; npos if none yet.
std::pair<size_t, size_t> headEnd(std::string_view s)
{
    for (size_t i = 0; i < s.size(); ++i) {
        if (s[i] != '\n')
            continue;
        if (i + 1 < s.size() && s[i + 1] == '\n')
            return { i + 1, 1 };
        if (i + 2 < s.size() && s[i + 1] == '\r' && s[i + 2] == '\n')
            return { i + 1, 2 };
    }
    return { std::string_view::npos, 0 };
}

} // namespace

const std::string *HttpRequest::header(std::string_view lowerName) const
{
    for (const auto &[name, value] : headers)
        if (name == lowerName)
            return &value;
    return nullptr;
}

bool HttpRequest::keepAlive() const
{
    const std::string *c = header("connection");
    const std::string v = c ? lower(*c) : std::string();
    if (versionMinor == 0)
        return v.find("keep-alive") != std::string::npos;
    return v.find("close") == std::string::npos;
}

bool HttpRequest::expectsContinue() const
{
    const std::string *e = header("expect");
    return e && lower(*e) == "100-continue";
}

void HttpRequestParser::reset()
{
    m_state = State::NeedMore;
    m_head.clear();
    m_bodyLength = 0;
    m_request = {};
    m_leftover.clear();
    m_errorStatus = 0;
    m_errorMessage.clear();
}

HttpRequestParser::State HttpRequestParser::fail(int status, std::string message)
{
    m_errorStatus = status;
    m_errorMessage = std::move(message);
    m_state = State::Failed;
    return m_state;
}

HttpRequestParser::State HttpRequestParser::feed(std::string_view bytes)
{
    m_leftover.clear();
    if (m_state == State::Failed || m_state == State::Complete)
        return m_state;
    if (m_state == State::NeedMore) {
        // Skip blank lines in front of a request (RFC 9112 2.2) before the
        // limit applies, so the head holds the same bytes however the input
        // is split (the limit counted stripped bytes once: fuzz_server).
        size_t lead = 0;
        if (m_head.empty())
            while (lead < bytes.size() && (bytes[lead] == '\r' || bytes[lead] == '\n'))
                ++lead;
        // Look for the end of the head in what we have plus the new bytes,
        // never holding more than the head limit.
        const size_t before = m_head.size();
        const size_t room = m_limits.maxHeaderBytes + 4 - std::min(before, m_limits.maxHeaderBytes + 4);
        m_head.append(bytes.substr(lead, room));
        const size_t lineEnd = m_head.find('\n');
        if ((lineEnd == std::string::npos ? m_head.size() : lineEnd) > m_limits.maxRequestLine)
            return fail(414, "request line longer than " + std::to_string(m_limits.maxRequestLine) + " bytes");
        const auto [end, blank] = headEnd(m_head);
        if (end == std::string::npos) {
            if (m_head.size() > m_limits.maxHeaderBytes)
                return fail(431, "request head longer than " + std::to_string(m_limits.maxHeaderBytes) + " bytes");
            return m_state;
        }
        if (end + blank > m_limits.maxHeaderBytes)
            return fail(431, "request head longer than " + std::to_string(m_limits.maxHeaderBytes) + " bytes");
        // Bytes past the head (from this feed) start the body.
        const size_t headBytes = end + blank;
        const size_t usedOfNew = headBytes + lead > before ? headBytes + lead - before : 0;
        std::string_view rest = bytes.substr(std::min(bytes.size(), usedOfNew));
        m_head.resize(end);
        if (parseHead() == State::Failed)
            return m_state;
        m_state = State::HeadersDone;
        bytes = rest;
    }
    // State::HeadersDone: the body.
    const uint64_t missing = m_bodyLength - m_request.body.size();
    const size_t take = size_t(std::min<uint64_t>(missing, bytes.size()));
    m_request.body.append(bytes.substr(0, take));
    if (m_request.body.size() == m_bodyLength) {
        m_state = State::Complete;
        m_leftover.assign(bytes.substr(take));
    }
    return m_state;
}

HttpRequestParser::State HttpRequestParser::parseHead()
{
    std::string_view head(m_head);
    std::vector<std::string_view> lines;
    while (!head.empty()) {
        const size_t nl = head.find('\n');
        lines.push_back(head.substr(0, nl));
        if (nl == std::string_view::npos)
            break;
        head.remove_prefix(nl + 1);
    }
    if (lines.empty())
        return fail(400, "empty request");
    std::string_view line = lines[0];
    if (!line.empty() && line.back() == '\r')
        line.remove_suffix(1);
    const size_t sp1 = line.find(' ');
    const size_t sp2 = sp1 == std::string_view::npos ? sp1 : line.find(' ', sp1 + 1);
    if (sp2 == std::string_view::npos || line.find(' ', sp2 + 1) != std::string_view::npos)
        return fail(400, "malformed request line");
    const std::string_view method = line.substr(0, sp1);
    const std::string_view target = line.substr(sp1 + 1, sp2 - sp1 - 1);
    const std::string_view version = line.substr(sp2 + 1);
    if (!isToken(method))
        return fail(400, "malformed method");
    if (target.empty() || target.front() != '/' || hasControl(target))
        return fail(400, "malformed request target (an origin-form path is expected)");
    if (version.size() != 8 || version.substr(0, 5) != "HTTP/" || version[6] != '.')
        return fail(400, "malformed HTTP version");
    if (version[5] != '1' || (version[7] != '0' && version[7] != '1'))
        return fail(505, "HTTP version not supported (1.0 and 1.1 are)");
    m_request.method.assign(method);
    m_request.target.assign(target);
    m_request.path.assign(target.substr(0, target.find('?')));
    m_request.versionMinor = version[7] - '0';
    for (size_t i = 1; i < lines.size(); ++i) {
        std::string_view h = lines[i];
        if (!h.empty() && h.back() == '\r')
            h.remove_suffix(1);
        if (h.empty())
            continue;
        if (h.front() == ' ' || h.front() == '\t')
            return fail(400, "obsolete header line folding");
        const size_t colon = h.find(':');
        if (colon == std::string_view::npos || !isToken(h.substr(0, colon)))
            return fail(400, "malformed header line " + std::to_string(i));
        const std::string_view value = trim(h.substr(colon + 1));
        if (hasControl(value))
            return fail(400, "control character in header line " + std::to_string(i));
        if (m_request.headers.size() >= m_limits.maxHeaders)
            return fail(431, "more than " + std::to_string(m_limits.maxHeaders) + " headers");
        m_request.headers.emplace_back(lower(h.substr(0, colon)), std::string(value));
    }
    if (m_request.header("transfer-encoding"))
        return fail(411, "chunked or other transfer codings are not accepted; send Content-Length");
    m_bodyLength = 0;
    const std::string *length = nullptr;
    for (const auto &[name, value] : m_request.headers) {
        if (name != "content-length")
            continue;
        if (length && *length != value)
            return fail(400, "conflicting Content-Length headers");
        length = &value;
    }
    if (length) {
        uint64_t n = 0;
        const char *b = length->data(), *e = b + length->size();
        const auto [p, ec] = std::from_chars(b, e, n);
        if (ec != std::errc() || p != e || length->empty())
            return fail(400, "malformed Content-Length");
        if (n > m_limits.maxBody)
            return fail(413,
                "request body of " + std::to_string(n) + " bytes is over the limit of "
                    + std::to_string(m_limits.maxBody) + " bytes");
        m_bodyLength = n;
    }
    m_request.body.reserve(size_t(m_bodyLength));
    return m_state;
}

} // namespace sluice::server
