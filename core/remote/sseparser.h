#pragma once
// An incremental parser for server-sent events (the WHATWG EventSource
// stream format), the framing of an OpenAI streamed reply. Bytes are fed as
// they arrive, split anywhere (even between a CR and its LF); complete events
// come out in order. Plain C++ (no Qt) so the fuzz target drives it alone.
//
// Lines end in CRLF, LF or CR. "field: value" (one space after the colon is
// dropped), a line starting with ':' is a comment, a line without a colon is a
// field with an empty value, an empty line dispatches the event. Fields other
// than data/event/id/retry are ignored (junk a proxy may add). Several data
// lines join with '\n'. A leading UTF-8 BOM is skipped.
//
// Bounded: one line over maxLineBytes, or an event's data over
// maxEventBytes, puts the parser in a failed state with a reason; nothing
// past the limits is buffered, so an endless line costs at most the limit.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace sluice::remote {

struct SseEvent {
    std::string event; // "" = the default type ("message")
    std::string data;
    std::string id;
};

struct SseLimits {
    size_t maxLineBytes = 1u << 20; // 1 MiB: one streamed chunk is a few hundred bytes
    size_t maxEventBytes = 4u << 20; // data of one event
};

class SseParser {
public:
    explicit SseParser(SseLimits limits = {})
        : m_limits(limits)
    {
    }

    // Parses `bytes`, appending every event it completes to `out`. Returns
    // false once failed (then error() says why; further input is ignored).
    bool feed(std::string_view bytes, std::vector<SseEvent> &out);
    bool failed() const { return !m_error.empty(); }
    const std::string &error() const { return m_error; }
    // Bytes of an unfinished line or event held right now (for tests: bounded).
    size_t buffered() const { return m_line.size() + m_data.size(); }
    // True when the stream stopped with a line or an event begun but not
    // finished (the stream was cut between events).
    bool midEvent() const { return !m_line.empty() || m_haveData || !m_event.empty(); }

private:
    void line(std::string_view l, std::vector<SseEvent> &out);

    SseLimits m_limits;
    std::string m_line, m_data, m_event, m_id, m_error;
    bool m_haveData = false;
    bool m_lastWasCr = false; // a CR ended the last line: an LF right after it is part of that ending
    bool m_started = false; // the BOM check is done
    size_t m_bomMatched = 0;
};

} // namespace sluice::remote
