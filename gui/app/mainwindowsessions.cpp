// One engine session per chat (issue 10). The worker holds one live session;
// this file decides whose it is. After each reply the state is saved to the
// chat's file (SessionStore names it, the worker writes it atomically) and the
// store's disk bound is enforced; on switching chats (and when a model opens)
// the chat's file is loaded, or the state emptied when it has none. Requests
// queue in order on the worker, so a turn sent right after a switch runs on
// the loaded state. A file that cannot be used (damaged, another model, an
// older format) costs only time: the worker empties the state, the next turn
// prefills the whole conversation again and the user is told why.
#include "chat/chatlistpanel.h"
#include "chat/conversationview.h"
#include "app/mainwindow.h"
#include "chat/sessionstore.h"

#include <QDebug>

#include <utility>

namespace sluice::gui {

void MainWindow::connectSessions()
{
    qt::EngineWorker *w = m_engine->worker();
    connect(w, &qt::EngineWorker::sessionSaved, this, [this](quint64 id, bool ok, const QString &message) {
        const QString chat = m_sessionSaves.take(id);
        if (chat.isEmpty())
            return;
        if (!ok) {
            // The chat is safe in its own file; only the saved context is missing.
            qWarning().noquote() << "session save failed:" << message;
            return;
        }
        m_sessions->prune(m_settings->sessionDiskLimitBytes(), { chat });
    });
    connect(w, &qt::EngineWorker::sessionRefused, this, [this](quint64 id, bool modelChanged) {
        if (id == m_sessionLoadId)
            m_sessionModelChanged = modelChanged;
    });
    connect(w, &qt::EngineWorker::sessionLoaded, this, [this](quint64 id, bool ok, int, const QString &message) {
        if (id != m_sessionLoadId)
            return;
        m_sessionLoadId = 0;
        const bool modelChanged = std::exchange(m_sessionModelChanged, false);
        if (ok)
            return;
        // The engine's own count of the chat's last turn when it has one.
        const Chat *c = m_store->chat(m_sessionLoadChat);
        const int tokens = c ? (c->contextTokens > 0 ? c->contextTokens : estimatedChatTokens(*c)) : 0;
        const QString text = modelChanged
            ? tr("The model changed: rebuilding the context, %n token(s).", nullptr, tokens)
            : tr("The saved context could not be used (%1): rebuilding the context, %n token(s).", nullptr, tokens)
                  .arg(message);
        if (m_sessionLoadChat == m_currentChat)
            m_view->setNotice(text); // in the chat it concerns
        showNotice(text);
    });
}

void MainWindow::syncSession(const QString &chatId)
{
    if (!m_modelOpen || m_remote || chatId.isEmpty() || chatId == m_sessionChat) // a server keeps its own state
        return;
    m_sessionChat = chatId;
    if (m_sessions->has(chatId)) {
        m_sessionLoadChat = chatId;
        m_sessionLoadId = m_engine->loadSession(m_sessions->fileFor(chatId));
    } else {
        m_sessionLoadId = 0;
        m_engine->resetSession();
    }
}

void MainWindow::saveSession()
{
    if (!m_modelOpen || m_remote || m_currentChat.isEmpty() || m_sessionChat != m_currentChat)
        return;
    m_sessionSaves.insert(m_engine->saveSession(m_sessions->fileFor(m_currentChat)), m_currentChat);
}

} // namespace sluice::gui
