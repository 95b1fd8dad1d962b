// One turn of a chat (issue 10, issue 28): "Reading N of M tokens" from the
// engine's own prefill loop, the engine's refusal of a turn that will not fit
// (counted from the rendered ids, never estimated), and the reply kept as the
// engine parsed it from the ids the model produced.
#include "app/turncontroller.h"

#include "app/modelcontroller.h"
#include "app/settings.h"
#include "chat/messagestats.h"

#include <QDateTime>

#include <utility>

namespace sluice::gui {

namespace {
constexpr int kFlushMs = 33; // ~30 Hz: the display rate at which streamed tokens are painted
}

TurnController::TurnController(ModelController *models, ChatStore *store, Settings *settings, QObject *parent)
    : QObject(parent)
    , m_models(models)
    , m_store(store)
    , m_settings(settings)
{
    m_flushTimer.setInterval(kFlushMs);
    m_flushTimer.setSingleShot(true);
    connect(&m_flushTimer, &QTimer::timeout, this, &TurnController::flush);
    connect(models, &ModelController::replyDelta, this, [this](const QString &reasoning, const QString &content) {
        Q_EMIT readingProgress(0, 0); // the prompt is read: the reply streams
        // Batched: painting per token would cost a re-layout per token.
        m_pendingReasoning += reasoning;
        m_pendingContent += content;
        if (!m_flushTimer.isActive())
            m_flushTimer.start();
    });
    connect(models, &ModelController::stats, this, [this](const qt::LiveStats &s) {
        m_lastStats = s;
        Q_EMIT stats(s);
    });
    connect(models, &ModelController::prefillProgress, this, &TurnController::prefill);
    connect(models, &ModelController::contextWouldOverflow, this, [this](int needed, int context) {
        if (!m_generating)
            return;
        // finished() follows with StopReason::ContextFull and takes the turn back.
        m_overflowNeeded = needed;
        m_overflowContext = context;
    });
    connect(models, &ModelController::generationFinished, this, &TurnController::engineFinished);
    connect(models, &ModelController::generationFailed, this, [this](const QString &message, const QString &detail) {
        if (!m_generating)
            return;
        finish(nullptr, message);
        Q_EMIT failed(message, detail);
    });
}

void applyPreset(const ChatPreset &preset, SamplingParams *sampling)
{
    if (preset.temperature)
        sampling->temperature = float(*preset.temperature);
    if (preset.topP)
        sampling->topP = float(*preset.topP);
    if (preset.topK)
        sampling->topK = *preset.topK;
    if (preset.maxTokens)
        sampling->maxTokens = *preset.maxTokens;
    if (preset.repeatPenalty)
        sampling->repeatPenalty = float(*preset.repeatPenalty);
}

qt::GenerateRequest turnRequest(const Chat &chat, const Settings &settings, const ModelInfo &info)
{
    qt::GenerateRequest req;
    const QString system = chat.preset.systemPrompt.value_or(settings.systemPrompt());
    if (!system.isEmpty())
        req.messages.push_back({"system", system.toStdString(), {}, 0});
    for (const Message &m : chat.messages) {
        ChatMessage cm;
        cm.role = m.role.toStdString();
        cm.content = m.content.toStdString();
        cm.reasoning = m.reasoning.toStdString();
        cm.imageCount = int(m.images.size());
        req.messages.push_back(cm);
        if (info.hasVision)
            req.images += m.images;
    }
    req.chat.thinking = settings.thinking();
    req.chat.thinkingEffort = settings.thinkingEffort().toStdString();
    req.sampling = settings.sampling(info.recommendedSampling);
    applyPreset(chat.preset, &req.sampling);
    return req;
}

bool TurnController::start(const QString &chatId)
{
    const Chat *chat = m_store->chat(chatId);
    if (!chat || !m_models->isOpen())
        return false;
    // A chat reached without selecting it (continued in a new chat) gets its state too.
    m_models->syncSession(chatId);
    qt::GenerateRequest req = turnRequest(*chat, *m_settings, m_models->info());
    req.sampling.seed = quint64(QDateTime::currentMSecsSinceEpoch());
    req.fitToContext = std::exchange(m_fitToContext, false);
    m_overflowNeeded = 0;

    m_chatId = chatId;
    m_streaming = Message();
    m_streaming.role = QStringLiteral("assistant");
    m_streaming.created = QDateTime::currentDateTimeUtc();
    m_pendingReasoning.clear();
    m_pendingContent.clear();
    m_lastStats = qt::LiveStats();
    Q_EMIT started(m_streaming);
    setGenerating(true);
    m_models->generate(req);
    return true;
}

void TurnController::setGenerating(bool on)
{
    m_generating = on;
    m_models->setBusy(on);
    Q_EMIT generatingChanged(on);
}

void TurnController::prefill(int done, int total)
{
    // A late report (queued behind the first token) must not bring the bar back.
    if (!m_generating || m_lastStats.tokens > 0 || !m_pendingReasoning.isEmpty() || !m_pendingContent.isEmpty() ||
        !m_streaming.content.isEmpty() || !m_streaming.reasoning.isEmpty())
        return;
    Q_EMIT readingProgress(done, total);
}

void TurnController::flush()
{
    if (m_pendingReasoning.isEmpty() && m_pendingContent.isEmpty())
        return;
    m_streaming.reasoning += std::exchange(m_pendingReasoning, QString());
    m_streaming.content += std::exchange(m_pendingContent, QString());
    Q_EMIT replyUpdated(m_streaming);
}

void TurnController::engineFinished(const qt::GenerationSummary &summary)
{
    if (!m_generating)
        return;
    if (summary.reason == StopReason::ContextFull && m_overflowNeeded > 0)
        refuse(); // nothing was computed: the banner asks
    else
        finish(&summary, QString());
}

void TurnController::finish(const qt::GenerationSummary *summary, const QString &error)
{
    m_flushTimer.stop();
    m_streaming.reasoning += std::exchange(m_pendingReasoning, QString());
    m_streaming.content += std::exchange(m_pendingContent, QString());
    Q_EMIT readingProgress(0, 0);
    // The streamed deltas were for the live view; what is kept is the final parse by id
    // (it also holds the tool calls, which are not streamed).
    if (summary)
        applyReplyIds(*summary);
    const qt::LiveStats &s = summary ? summary->stats : m_lastStats;
    m_streaming.stats.valid = true;
    m_streaming.stats.tokens = s.tokens;
    m_streaming.stats.tokensPerSecond = s.tokensPerSecond;
    m_streaming.stats.timeToFirstToken = s.timeToFirstToken;
    m_streaming.stats.hitRate = s.hitRate;
    m_streaming.stats.diskGBps = s.diskGBps;
    // The summary's figures can come without the engine's allocation (0): the last live one stands.
    m_streaming.stats.residentBytes = s.residentBytes ? s.residentBytes : m_lastStats.residentBytes;
    m_streaming.stats.budgetBytes = s.budgetBytes ? s.budgetBytes : m_models->info().budgetBytes;
    // Stored as a code and translated when shown (messagestats.h).
    m_streaming.stats.stopReason = stopReasonCode(summary ? summary->reason : StopReason::Error);
    m_streaming.stats.errorText = summary ? QString() : error;
    Q_EMIT replyUpdated(m_streaming);
    keepReply(summary);
}

// The reply into the chat, the engine's state saved, the turn over.
void TurnController::keepReply(const qt::GenerationSummary *summary)
{
    const Chat *c = m_store->chat(m_chatId);
    const bool produced = !m_streaming.content.isEmpty() || !m_streaming.reasoning.isEmpty() || !m_streaming.toolCalls.isEmpty();
    int dropped = 0;
    if (c && (produced || summary)) {
        Chat chat = *c;
        if (produced)
            chat.messages.append(m_streaming);
        // What the engine holds now, by its own count (the prompt it read and the reply it wrote).
        if (summary && summary->contextTokens > 0)
            chat.contextTokens = summary->contextTokens;
        else if (summary && summary->promptTokens > 0)
            chat.contextTokens = summary->promptTokens + summary->stats.tokens;
        // "Drop the oldest turns": the engine left these out to fit; so does the chat.
        dropped = summary ? std::min(summary->droppedMessages, int(chat.messages.size())) : 0;
        chat.messages.erase(chat.messages.begin(), chat.messages.begin() + dropped);
        m_store->update(chat);
    }
    if (summary)
        m_models->saveSession(m_chatId);
    else
        m_models->forgetSession(); // the state after a failed turn is unknown: the next turn reloads the saved one
    setGenerating(false);
    Q_EMIT finished(m_chatId, dropped > 0);
}

void TurnController::refuse()
{
    m_flushTimer.stop();
    m_pendingReasoning.clear();
    m_pendingContent.clear();
    setGenerating(false);
    // The turn is taken back whole: the chat as it was, the text and the images in the prompt.
    Unsent unsent = std::exchange(m_unsent, Unsent());
    if (unsent.valid && m_store->chat(unsent.chat.id))
        m_store->update(unsent.chat);
    else
        unsent.valid = false;
    const int needed = std::exchange(m_overflowNeeded, 0);
    Q_EMIT refused(unsent, needed, m_overflowContext);
}

void TurnController::applyReplyIds(const qt::GenerationSummary &summary)
{
    if (!summary.reply)
        return; // a backend that does not parse by id (a test double): its streamed deltas stand
    m_streaming.reasoning = QString::fromStdString(summary.reply->reasoning);
    m_streaming.content = QString::fromStdString(summary.reply->content);
    m_streaming.toolCalls.clear();
    for (const ChatToolCall &call : summary.reply->toolCalls)
        m_streaming.toolCalls.append({QString::fromStdString(call.name), QString::fromStdString(call.arguments)});
}

} // namespace sluice::gui
