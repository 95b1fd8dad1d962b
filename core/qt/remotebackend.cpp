#include "qt/remotebackend.h"

#include <QElapsedTimer>

namespace sluice::qt {

RemoteChatRequest toRemoteRequest(const GenerateRequest &r, const QString &model)
{
    RemoteChatRequest out;
    out.model = model.toStdString();
    int nextImage = 0;
    for (const ChatMessage &m : r.messages) {
        RemoteMessage rm;
        rm.role = m.role;
        rm.content = m.content;
        rm.reasoning = m.reasoning;
        for (int i = 0; i < m.imageCount && nextImage < r.images.size(); ++i)
            rm.imagePaths.push_back(r.images[nextImage++].toStdString());
        for (const ChatToolCall &c : m.toolCalls)
            rm.toolCalls.push_back({ c.id, c.name, c.arguments });
        rm.toolCallId = m.toolCallId;
        rm.name = m.name;
        out.messages.push_back(std::move(rm));
    }
    out.stream = true;
    out.maxTokens = r.sampling.maxTokens;
    out.temperature = r.sampling.temperature;
    out.topP = r.sampling.topP;
    out.seed = r.sampling.seed;
    out.stop = r.sampling.stopStrings;
    out.toolsJson = r.chat.toolsJson;
    out.toolChoice = r.chat.toolChoice;
    out.reasoningEffort = !r.chat.thinking ? "none" : r.chat.thinkingEffort == "max" ? "high" : r.chat.thinkingEffort;
    return out;
}

Expected<std::unique_ptr<RemoteBackend>> RemoteBackend::connect(const RemoteConnection &c, RemoteInfo *info)
{
    RemoteOptions o;
    o.baseUrl = c.url.toStdString();
    o.apiKey = c.apiKey.toStdString();
    o.connectTimeoutMs = c.connectTimeoutMs;
    o.idleTimeoutMs = c.idleTimeoutMs;
    auto client = std::make_unique<RemoteClient>(o);
    auto models = client->listModels();
    if (!models)
        return models.status();
    RemoteInfo ri;
    ri.url = c.url;
    for (const RemoteModel &m : *models)
        ri.models << QString::fromStdString(m.id);
    if (ri.models.isEmpty())
        return makeError(
            ErrorCode::NotFound, SLUICE_ERRT("Error", "%1: the server lists no model"), c.url.toStdString());
    if (!c.model.isEmpty() && !ri.models.contains(c.model))
        return makeError(ErrorCode::NotFound,
            SLUICE_ERRT("Error", "%1: the server does not offer \"%2\" (it offers %3)"), c.url.toStdString(),
            c.model.toStdString(), ri.models.join(QStringLiteral(", ")).toStdString());
    ri.model = c.model.isEmpty() ? ri.models.front() : c.model;
    if (info)
        *info = ri;
    return std::unique_ptr<RemoteBackend>(new RemoteBackend(std::move(client), std::move(ri)));
}

TurnOutcome RemoteBackend::generate(const GenerateRequest &request, const TurnSink &sink, GenerationSummary &summary)
{
    // A stop() that raced with the start of this request must still be honoured.
    if (sink.cancelled && sink.cancelled())
        cancel();
    QElapsedTimer clock;
    clock.start();
    LiveStats &live = summary.stats;
    live.hitRate = -1; // not measured: the cache, the disk and the RAM are the server's
    live.diskGBps = -1;
    double firstAt = 0;
    const RemoteReply r = m_client->chat(toRemoteRequest(request, m_info.model), [&](const RemoteDelta &d) {
        const double now = clock.nsecsElapsed() / 1e9;
        ++live.tokens; // one streamed delta ~ one token (the server's usage corrects it at the end)
        if (live.tokens == 1)
            live.timeToFirstToken = firstAt = now;
        live.elapsedSeconds = now;
        live.tokensPerSecond = live.tokens > 1 && now > firstAt ? (live.tokens - 1) / (now - firstAt) : 0;
        // The server parsed the reply already: its deltas are the shown reply.
        const QString reasoning = QString::fromStdString(d.reasoning), content = QString::fromStdString(d.content);
        if (sink.chunk)
            sink.chunk(reasoning + content);
        if (sink.delta && (!reasoning.isEmpty() || !content.isEmpty()))
            sink.delta(reasoning, content);
        if (sink.stats)
            sink.stats(live);
        return true;
    });
    const RemoteStats &s = r.stats;
    if (s.usageFromServer && s.completionTokens >= 0)
        live.tokens = s.completionTokens;
    live.timeToFirstToken = s.ttftSeconds;
    live.tokensPerSecond = s.decodeTokensPerSecond;
    live.elapsedSeconds = s.totalSeconds;
    summary.promptTokens = std::max(0, s.promptTokens);
    summary.reusedTokens = std::max(0, s.cachedTokens);
    summary.prefillTokens = std::max(0, s.promptTokens - std::max(0, s.cachedTokens));
    summary.prefillSeconds = s.ttftSeconds;
    summary.decodeSeconds = std::max(0.0, s.totalSeconds - s.ttftSeconds);
    ChatReply reply;
    reply.content = r.content;
    reply.reasoning = r.reasoning;
    for (const RemoteToolCall &c : r.toolCalls)
        reply.toolCalls.push_back({ c.id, c.name, c.argumentsJson });
    reply.finished = !r.cutOff && r.finishReason != "length";
    reply.truncated = r.cutOff;
    summary.reply = reply;
    summary.reason = r.status.code() == ErrorCode::Cancelled ? StopReason::Cancelled
        : r.cutOff || !r.status.isOk()                       ? StopReason::Error
        : r.finishReason == "length"                         ? StopReason::MaxTokens
                                                             : StopReason::EndOfSequence;
    summary.contextTokens = summary.promptTokens + live.tokens;
    if (sink.stats)
        sink.stats(live); // the server's own token count and the final rates
    if (r.status.isOk() || r.status.code() == ErrorCode::Cancelled)
        return {r.status};
    return {r.status, reply.truncated ? TurnFailure::Connection : TurnFailure::Server};
}

} // namespace sluice::qt
