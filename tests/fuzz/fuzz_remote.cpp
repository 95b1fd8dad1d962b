// Fuzzes the remote client's reply side (core/remote): any bytes as a server's
// event stream, fed whole and split at a point the input picks (and in 7-byte
// pieces), must give the same events or the same refusal, never buffer past
// the limits; every event goes through the ReplyAssembler (chat.completion
// chunks), which accepts it or names a reason; the same bytes as a whole
// unstreamed reply body, and as a model list.
#include "remote/remotejson.h"
#include "remote/sseparser.h"

#include <cstddef>
#include <cstdint>

using namespace sluice;
using namespace sluice::remote;

namespace {

std::vector<SseEvent> parse(std::string_view in, size_t piece, const SseLimits &limits, bool &ok, std::string &error)
{
    SseParser p(limits);
    std::vector<SseEvent> events;
    ok = true;
    for (size_t i = 0; i < in.size() && ok; i += piece) {
        ok = p.feed(in.substr(i, piece), events);
        if (p.buffered() > limits.maxLineBytes + limits.maxEventBytes)
            __builtin_trap();
    }
    error = p.error();
    return events;
}

bool same(const std::vector<SseEvent> &a, const std::vector<SseEvent> &b)
{
    if (a.size() != b.size())
        return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (a[i].data != b[i].data || a[i].event != b[i].event || a[i].id != b[i].id)
            return false;
    return true;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    const std::string_view in(reinterpret_cast<const char *>(data + 1), size - 1);
    SseLimits limits;
    limits.maxLineBytes = 256;
    limits.maxEventBytes = 1024;
    bool okWhole = false, okPieces = false;
    std::string errWhole, errPieces;
    const auto whole = parse(in, in.size() ? in.size() : 1, limits, okWhole, errWhole);
    const auto pieces = parse(in, 7, limits, okPieces, errPieces);
    // A failure stops at the same byte however the input is split, so the
    // events before it and the reason agree.
    if (okWhole != okPieces || errWhole != errPieces || !same(whole, pieces))
        __builtin_trap();
    const size_t split = size_t(data[0]) * in.size() / 255;
    {
        SseParser p(limits);
        std::vector<SseEvent> events;
        bool ok = p.feed(in.substr(0, split), events);
        if (ok)
            ok = p.feed(in.substr(split), events);
        if (ok != okWhole || !same(events, whole))
            __builtin_trap();
    }
    RemoteReply reply;
    ReplyAssembler assembler(reply);
    for (const SseEvent &e : whole) {
        const Status st = assembler.event(e, [](const RemoteDelta &) { return true; });
        if (!st.isOk() && st.message().empty())
            __builtin_trap();
        if (!st.isOk())
            break;
    }
    if (reply.toolCalls.size() > 128)
        __builtin_trap();
    RemoteReply reply2;
    ReplyAssembler whole2(reply2);
    const QByteArray bytes(in.data(), qsizetype(in.size()));
    const Status st = whole2.whole(bytes, [](const RemoteDelta &) { return true; });
    if (!st.isOk() && st.message().empty())
        __builtin_trap();
    (void)parseModels(bytes, "fuzz");
    return 0;
}
