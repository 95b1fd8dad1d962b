#pragma once
// The OpenAI JSON of the remote client (api/remote.h): the chat request body
// (images as base64 data URLs read from local files, bounded), the model
// list, and the reply assembled from stream events or one whole body.
#include "api/remote.h"
#include "sseparser.h"

#include <QByteArray>
#include <QJsonObject>

#include <functional>
#include <map>

namespace sluice::remote {

Expected<std::string> buildChatBody(const RemoteChatRequest &request, uint64_t maxImageBytes);
// "data:image/png;base64,..." for a local image file (PNG, JPEG, GIF, WebP, BMP by their magic bytes).
Expected<std::string> imageDataUrl(const std::string &path, uint64_t maxBytes);
Expected<std::vector<RemoteModel>> parseModels(const QByteArray &body, const std::string &where);

// Builds a RemoteReply from chat.completion.chunk events (or one
// chat.completion body); deliver gets each content/reasoning piece and
// returns false to stop.
class ReplyAssembler {
public:
    using Deliver = std::function<bool(const RemoteDelta &)>;
    // maxReplyBytes bounds what a reply may accumulate (content, reasoning,
    // tool calls) however many small events a server sends.
    explicit ReplyAssembler(RemoteReply &reply, uint64_t maxReplyBytes = 64ull << 20)
        : m_reply(reply)
        , m_maxBytes(maxReplyBytes)
    {
    }
    Status event(const SseEvent &event, const Deliver &deliver);
    Status whole(const QByteArray &body, const Deliver &deliver);
    bool finished() const { return m_finished; } // a finish_reason arrived
    bool done() const { return m_done; } // data: [DONE] arrived

private:
    void usage(const QJsonObject &u);
    // Takes the model name and usage a reply or an event carries; its choices.
    QJsonArray takeModelAndUsage(const QJsonObject &o);
    Status checkSize() const;

    RemoteReply &m_reply;
    std::map<int, size_t> m_toolIndex; // stream index -> position in toolCalls
    uint64_t m_maxBytes;
    bool m_finished = false, m_done = false;
};

} // namespace sluice::remote
