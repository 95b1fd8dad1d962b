#pragma once
// An incremental HTTP/1.1 request parser with hard limits, for the local
// OpenAI-compatible server. Bytes from the socket are fed as they arrive;
// nothing is buffered past the limits (a body over the limit is refused from
// its Content-Length, before it is read). Plain C++ (no Qt) so the fuzz
// target can drive it on its own.
//
// Accepted: a request line "METHOD SP TARGET SP HTTP/1.x", header lines
// "Name: value" ending in CRLF (bare LF tolerated), a body given by
// Content-Length. Refused with a status: chunked or other transfer codings
// (411), bad syntax (400), a request line or headers over the limits (431),
// a body over the limit (413), HTTP versions other than 1.0/1.1 (505).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sluice::server {

struct HttpLimits {
    size_t maxRequestLine = 8 * 1024;
    size_t maxHeaderBytes = 32 * 1024; // request line + every header line
    size_t maxHeaders = 64;
    uint64_t maxBody = 32ull << 20;
};

struct HttpRequest {
    std::string method;
    std::string target; // as sent ("/v1/models?x=1")
    std::string path; // target without the query
    int versionMinor = 1; // HTTP/1.x
    std::vector<std::pair<std::string, std::string>> headers; // names lower-cased, values trimmed
    std::string body;

    // The first header of that (lower-case) name, or nullptr.
    const std::string *header(std::string_view lowerName) const;
    bool keepAlive() const;
    bool expectsContinue() const;
};

class HttpRequestParser {
public:
    enum class State {
        NeedMore, // feed more bytes
        HeadersDone, // the head is complete and the body is still to come (see expectsContinue)
        Complete, // request() is whole; consumed() bytes of the input belonged to it
        Failed, // errorStatus()/errorMessage() say why; the connection should close
    };

    explicit HttpRequestParser(HttpLimits limits = {})
        : m_limits(limits)
    {
    }

    // Appends bytes and advances. After Complete, call reset() and feed the
    // unconsumed rest (pipelined requests) again.
    State feed(std::string_view bytes);
    State state() const { return m_state; }
    // Bytes of the last feed() that were not used (past a complete request).
    std::string_view leftover() const { return m_leftover; }
    const HttpRequest &request() const { return m_request; }
    HttpRequest takeRequest() { return std::move(m_request); }
    int errorStatus() const { return m_errorStatus; }
    const std::string &errorMessage() const { return m_errorMessage; }
    void reset();

private:
    State fail(int status, std::string message);
    State parseHead();

    HttpLimits m_limits;
    State m_state = State::NeedMore;
    std::string m_head; // bytes of the head so far
    uint64_t m_bodyLength = 0;
    HttpRequest m_request;
    std::string m_leftover;
    int m_errorStatus = 0;
    std::string m_errorMessage;
};

} // namespace sluice::server
