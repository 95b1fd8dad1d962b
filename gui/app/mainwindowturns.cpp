// MainWindow and the engine during one turn (issue 10): "Reading N of M
// tokens" from the engine's own prefill loop in the message being produced,
// the engine's refusal of a turn that will not fit (counted from the rendered
// ids, never estimated) answered by the context banner, and the reply kept as
// the engine parsed it from the ids the model produced.
#include "app/mainwindow.h"

#include "chat/contextbanner.h"
#include "chat/conversationview.h"
#include "chat/imagestrip.h"
#include "chat/promptedit.h"

namespace sluice::gui {

void MainWindow::connectTurns()
{
    qt::EngineWorker *w = m_engine->worker();
    connect(w, &qt::EngineWorker::prefillProgress, this, [this](quint64 id, int done, int total) {
        // A late report (queued behind the first token) must not bring the bar back.
        if (id != m_genId || !m_generating || m_lastStats.tokens > 0 || !m_pendingReasoning.isEmpty() ||
            !m_pendingContent.isEmpty() ||
            !m_streaming.content.isEmpty() || !m_streaming.reasoning.isEmpty())
            return;
        m_view->setReadingProgress(done, total);
    });
    connect(w, &qt::EngineWorker::contextWouldOverflow, this, [this](quint64 id, int needed, int context) {
        if (id != m_genId || !m_generating)
            return;
        // finished() follows with StopReason::ContextFull and takes the turn back.
        m_overflowNeeded = needed;
        m_overflowContext = context;
    });
}

void MainWindow::refuseTurn()
{
    m_flushTimer.stop();
    m_pendingReasoning.clear();
    m_pendingContent.clear();
    setGenerating(false);
    // The turn is taken back whole: the chat as it was, the text and the images in the prompt.
    if (m_unsent.valid && m_store->chat(m_unsent.chat.id)) {
        m_store->update(m_unsent.chat);
        if (m_currentChat == m_unsent.chat.id)
            m_view->setChat(m_store->chat(m_currentChat));
        refreshChatList();
        m_prompt->setPlainText(m_unsent.text);
        m_strip->clear();
        for (const QString &image : m_unsent.images)
            m_strip->addFile(image);
        setEditIndex(m_unsent.editIndex);
    }
    m_unsent = Unsent();
    m_banner->ask(m_overflowNeeded, m_overflowContext);
    m_overflowNeeded = 0;
    updateContextMeter();
    Q_EMIT generationFinished();
}

void MainWindow::applyReplyIds(const qt::GenerationSummary &summary)
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
