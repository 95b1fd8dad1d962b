#include "qt/localbackend.h"

namespace sluice::qt {

Expected<std::unique_ptr<GenerationBackend>> LocalBackend::open(const EngineOptions &options)
{
    auto opened = openModelSession(options);
    if (!opened)
        return opened.status();
    return std::unique_ptr<GenerationBackend>(new LocalBackend(std::move(opened->model), std::move(opened->session)));
}

LocalBackend::LocalBackend(std::shared_ptr<Model> model, std::unique_ptr<Session> session)
    : m_model(model)
    , m_conversation(std::move(model), std::move(session))
{
}

// The app's context policy: Strict first (the reply must have room for
// maxTokens); the worker asks the user and sends the turn again with
// fitToContext, which leaves out the oldest turns.
TurnOutcome LocalBackend::generate(const GenerateRequest &request, const TurnSink &sink, GenerationSummary &summary)
{
    TurnRequest turn;
    turn.messages = request.messages;
    turn.chat = request.chat;
    turn.sampling = request.sampling;
    turn.policy = request.fitToContext ? ContextPolicy::Fit : ContextPolicy::Strict;
    for (const QString &path : request.images) {
        auto image = readImageFile(path.toStdString());
        if (!image)
            return { image.status(), TurnFailure::Image };
        turn.images.push_back(std::move(*image));
    }
    // A stop() that raced with the start of this request must still be honoured.
    if (sink.cancelled && sink.cancelled())
        m_conversation.cancel();
    TurnEvents events;
    events.token = [&](const GeneratedToken &token, const TurnDelta &delta, const LiveFigures &figures) {
        if (!token.text.empty() && sink.chunk)
            sink.chunk(QString::fromStdString(token.text));
        if ((!delta.reasoning.empty() || !delta.content.empty()) && sink.delta)
            sink.delta(QString::fromStdString(delta.reasoning), QString::fromStdString(delta.content));
        summary.stats = figures;
        sink.stats(summary.stats);
        return !sink.cancelled();
    };
    events.prefill = [&](int done, int total) { return sink.prefill(done, total); };
    TurnResult result;
    const Status st = m_conversation.reply(turn, events, result);
    summary.droppedMessages = result.droppedMessages;
    summary.contextTokens = result.contextTokens ? result.contextTokens : m_conversation.session().position();
    summary.contextLength = result.contextLength;
    if (!st) {
        switch (result.failure) {
        case sluice::TurnFailure::Context:
            if (sink.contextWouldOverflow)
                sink.contextWouldOverflow(result.contextNeeded, result.contextLength);
            summary.reason = StopReason::ContextFull;
            return {};
        case sluice::TurnFailure::Image:
            return { st, TurnFailure::Image };
        case sluice::TurnFailure::Request:
            return { st, TurnFailure::ChatFormat };
        case sluice::TurnFailure::Cancelled:
            return { st }; // a stop() while an image was encoded or the prompt read
        default:
            return { st, TurnFailure::Generation };
        }
    }
    if ((!result.unsent.reasoning.empty() || !result.unsent.content.empty()) && sink.delta)
        sink.delta(QString::fromStdString(result.unsent.reasoning), QString::fromStdString(result.unsent.content));
    const GenerationResult &g = result.generation;
    summary.stats = result.figures;
    summary.reason = sink.cancelled() ? StopReason::Cancelled : g.reason;
    summary.promptTokens = g.promptTokens;
    summary.reusedTokens = g.reusedTokens;
    summary.prefillTokens = g.prefillTokens;
    summary.prefillSeconds = g.prefillSeconds;
    summary.decodeSeconds = g.decodeSeconds;
    summary.replyIds = g.tokens;
    summary.reply = result.reply;
    return {};
}

} // namespace sluice::qt
