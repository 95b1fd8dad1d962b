#pragma once
// One turn of a chat against the engine (issue 28): no widgets. The request is
// built from the chat as stored and the settings; the reply deltas (parsed by
// the engine, api/chat.h) are buffered and handed on at the display rate, not
// per token; the reply is kept as the engine parsed it from the ids; a turn the
// engine refuses (it will not fit, by its own count) is handed back whole.
#include "chat/chatstore.h"
#include "qt/enginetypes.h"

#include <QObject>
#include <QTimer>

namespace sluice::gui {

class ModelController;
class Settings;

// The request for the next reply of `chat`: its messages after the system
// prompt, the sampling of the settings over the model's recommendation, and
// over both the chat's own preset. The seed is left to the caller.
qt::GenerateRequest turnRequest(const Chat &chat, const Settings &settings, const ModelInfo &info);
// The chat's own values over `sampling` (the settings' and the model's).
void applyPreset(const ChatPreset &preset, SamplingParams *sampling);

class TurnController : public QObject
{
    Q_OBJECT
public:
    // The chat as it was before a send, its text and images, so a turn the
    // engine refuses is taken back whole.
    struct Unsent {
        bool valid = false;
        Chat chat;
        QString text;
        QStringList images;
        int editIndex = -1;
    };

    TurnController(ModelController *models, ChatStore *store, Settings *settings, QObject *parent = nullptr);

    bool isGenerating() const { return m_generating; }
    // The reply being produced, as shown so far.
    const Message &streaming() const { return m_streaming; }
    void setUnsent(const Unsent &unsent) { m_unsent = unsent; }
    // The next turn drops the oldest turns to fit (exact, in the worker).
    void fitNextTurn() { m_fitToContext = true; }
    // Asks the engine for a reply to the chat's last message; false when no model or chat.
    bool start(const QString &chatId);

Q_SIGNALS:
    void generatingChanged(bool on);
    void started(const Message &reply);
    void replyUpdated(const Message &reply);
    void readingProgress(int done, int total);
    void stats(const qt::LiveStats &stats);
    // The reply is in the chat (`rebuilt`: the engine dropped its oldest turns, so did the chat).
    void finished(const QString &chatId, bool rebuilt);
    void failed(const QString &message, const QString &detail);
    // The engine refused the turn: `unsent` is what to put back.
    void refused(const Unsent &unsent, int needed, int context);

private:
    void flush();
    void prefill(int done, int total);
    void engineFinished(const qt::GenerationSummary &summary);
    void finish(const qt::GenerationSummary *summary, const QString &error);
    void keepReply(const qt::GenerationSummary *summary);
    void refuse();
    void applyReplyIds(const qt::GenerationSummary &summary);
    void setGenerating(bool on);

    ModelController *m_models;
    ChatStore *m_store;
    Settings *m_settings;
    bool m_generating = false;
    QString m_chatId; // the chat the turn belongs to
    Message m_streaming;
    // Reply deltas not handed on yet: the view is updated in batches, not per token.
    QString m_pendingReasoning, m_pendingContent;
    QTimer m_flushTimer;
    qt::LiveStats m_lastStats;
    Unsent m_unsent;
    int m_overflowNeeded = 0; // the engine's count for the refused turn
    int m_overflowContext = 0;
    bool m_fitToContext = false;
};

} // namespace sluice::gui
