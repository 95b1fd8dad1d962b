#include "stream/processfootprint.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <fcntl.h>
#include <string_view>
#include <unistd.h>

namespace sluice {

namespace {

// "VmRSS:\t   12345 kB" -> bytes; false when the line is not that key.
bool parseKib(std::string_view text, const char *key, uint64_t &bytes)
{
    const size_t at = text.find(key);
    if (at == std::string_view::npos || (at > 0 && text[at - 1] != '\n'))
        return false;
    size_t p = at + std::strlen(key);
    while (p < text.size() && (text[p] == ' ' || text[p] == '\t'))
        ++p;
    uint64_t kib = 0;
    const auto r = std::from_chars(text.data() + p, text.data() + text.size(), kib);
    if (r.ec != std::errc() || kib > (uint64_t(1) << 44))
        return false;
    bytes = kib * 1024;
    return std::strncmp(r.ptr, " kB", 3) == 0;
}

} // namespace

Expected<ProcessFootprint> readProcessFootprint(const std::string &procRoot)
{
    const std::string path = procRoot + "/self/status";
    // /proc files report size 0, so readRegularFile's size check does not
    // apply: read into a fixed buffer (the status file is ~1.5 KiB) without
    // touching the heap, so the measurement does not move what it measures.
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return makeError(ErrorCode::NotFound, SLUICE_ERRT("Error", "%1: cannot open"), path);
    char buffer[8192];
    size_t got = 0;
    while (got < sizeof buffer) {
        const ssize_t n = ::read(fd, buffer + got, sizeof buffer - got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        got += size_t(n);
    }
    ::close(fd);
    const std::string_view s(buffer, got);
    ProcessFootprint f;
    if (!parseKib(s, "VmRSS:", f.residentBytes) || !parseKib(s, "VmHWM:", f.peakBytes))
        return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1: no VmRSS/VmHWM lines in kB"), path);
    f.peakBytes = std::max(f.peakBytes, f.residentBytes);
    return f;
}

uint64_t processReserveBytes(const ProcessFootprint &before, const ProcessFootprint &now, int threads, int vocab)
{
    const uint64_t measured = now.peakBytes > before.peakBytes ? now.peakBytes : now.residentBytes;
    const uint64_t bytes = measured + uint64_t(std::max(threads, 0)) * kThreadReserveBytes + kHeapReserveBytes
        + uint64_t(std::max(vocab, 0)) * kHeapReservePerVocabBytes;
    return (bytes + kProcessReserveRounding - 1) / kProcessReserveRounding * kProcessReserveRounding;
}

} // namespace sluice
