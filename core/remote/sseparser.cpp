#include "sseparser.h"

namespace sluice::remote {

namespace {
constexpr std::string_view kBom = "\xEF\xBB\xBF";
}

bool SseParser::feed(std::string_view bytes, std::vector<SseEvent> &out)
{
    if (failed())
        return false;
    size_t i = 0;
    // The BOM may itself arrive split across feeds.
    while (!m_started && i < bytes.size()) {
        if (bytes[i] == kBom[m_bomMatched]) {
            ++i;
            if (++m_bomMatched == kBom.size())
                m_started = true;
            continue;
        }
        // Not a BOM: the bytes matched so far belong to the first line.
        m_line.assign(kBom.substr(0, m_bomMatched));
        m_started = true;
    }
    while (i < bytes.size()) {
        const char c = bytes[i];
        if (c == '\n' && m_lastWasCr) { // the LF of a CRLF split or not
            m_lastWasCr = false;
            ++i;
            continue;
        }
        m_lastWasCr = false;
        // Copy the run up to the next line end in one go.
        size_t end = i;
        while (end < bytes.size() && bytes[end] != '\n' && bytes[end] != '\r')
            ++end;
        if (m_line.size() + (end - i) > m_limits.maxLineBytes) {
            m_error = "a stream line is longer than " + std::to_string(m_limits.maxLineBytes) + " bytes";
            m_line.clear();
            m_data.clear();
            return false;
        }
        m_line.append(bytes.substr(i, end - i));
        if (end == bytes.size())
            break;
        m_lastWasCr = bytes[end] == '\r';
        i = end + 1;
        std::string l;
        l.swap(m_line);
        line(l, out);
        if (failed())
            return false;
    }
    return true;
}

void SseParser::line(std::string_view l, std::vector<SseEvent> &out)
{
    if (l.empty()) { // dispatch
        if (m_haveData)
            out.push_back({ m_event, m_data, m_id });
        m_data.clear();
        m_event.clear();
        m_haveData = false;
        return;
    }
    if (l.front() == ':')
        return; // comment (keep-alives)
    const size_t colon = l.find(':');
    const std::string_view field = l.substr(0, colon);
    std::string_view value = colon == std::string_view::npos ? std::string_view {} : l.substr(colon + 1);
    if (!value.empty() && value.front() == ' ')
        value.remove_prefix(1);
    if (field == "data") {
        const size_t extra = value.size() + (m_haveData ? 1 : 0);
        if (m_data.size() + extra > m_limits.maxEventBytes) {
            m_error = "a stream event is larger than " + std::to_string(m_limits.maxEventBytes) + " bytes";
            m_data.clear();
            return;
        }
        if (m_haveData)
            m_data += '\n';
        m_data.append(value);
        m_haveData = true;
    } else if (field == "event") {
        m_event.assign(value);
    } else if (field == "id") {
        if (value.find('\0') == std::string_view::npos)
            m_id.assign(value);
    }
    // "retry" and unknown fields: nothing a one-shot client needs.
}

} // namespace sluice::remote
