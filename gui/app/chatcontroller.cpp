// The chats in the window: pick, step, new, rename, delete, export, copy,
// edit, regenerate, and the context check before a turn (banner and its choices).
#include "app/chatcontroller.h"

#include "app/modelcontroller.h"
#include "app/settings.h"
#include "chat/chatlistpanel.h"
#include "chat/chatpane.h"
#include "chat/contextbanner.h"
#include "chat/conversationview.h"
#include "chat/chatpresetdialog.h"
#include "chat/imagestrip.h"
#include "chat/promptedit.h"
#include "chat/sessionstore.h"

#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QJsonDocument>
#include <QMessageBox>
#include <QRegularExpression>
#include <QSaveFile>
#include <QStandardPaths>
#include <QUuid>

namespace sluice::gui {

ChatController::ChatController(const Parts &parts, QWidget *window)
    : QObject(window)
    , m_window(window)
    , m_store(parts.store)
    , m_sessions(parts.sessions)
    , m_chats(parts.list)
    , m_pane(parts.pane)
    , m_view(parts.pane->conversation())
    , m_strip(parts.pane->imageStrip())
    , m_prompt(parts.pane->promptEdit())
    , m_banner(parts.pane->banner())
    , m_models(parts.models)
    , m_turns(parts.turns)
    , m_imagesDirectory(parts.imagesDirectory)
    , m_settings(parts.settings)
{
    connectParts();
}

void ChatController::connectParts()
{
    connect(m_chats, &ChatListPanel::chatPicked, this, &ChatController::selectChat);
    connect(m_chats, &ChatListPanel::newRequested, this, &ChatController::newChat);
    connect(m_chats, &ChatListPanel::renameRequested, this, &ChatController::renameChat);
    connect(m_chats, &ChatListPanel::deleteRequested, this, &ChatController::deleteChat);
    connect(m_chats, &ChatListPanel::searchChanged, m_view, &ConversationView::findText);
    connect(m_pane, &ChatPane::sendRequested, this, &ChatController::sendPrompt);
    connect(m_view, &ConversationView::copyRequested, this, &ChatController::copyMessage);
    connect(m_view, &ConversationView::editRequested, this, &ChatController::editMessage);
    connect(m_view, &ConversationView::regenerateRequested, this, &ChatController::regenerate);
    connect(m_view, &ConversationView::branchRequested, this, &ChatController::branchFrom);
    connect(m_banner, &ContextBanner::newChatChosen, this, &ChatController::continueInNewChat);
    connect(m_banner, &ContextBanner::dropOldestChosen, this, &ChatController::dropOldestTurns);
    connect(m_turns, &TurnController::finished, this, &ChatController::turnEnded);
    connect(m_turns, &TurnController::refused, this, &ChatController::turnRefused);
    connect(m_models, &ModelController::sessionRebuilding, this,
            [this](const QString &chatId, bool modelChanged, const QString &message) {
        // The engine's own count of the chat's last turn when it has one.
        const Chat *c = m_store->chat(chatId);
        const int tokens = c ? (c->contextTokens > 0 ? c->contextTokens : estimatedChatTokens(*c)) : 0;
        const QString text = modelChanged
            ? tr("The model changed: rebuilding the context, %n token(s).", nullptr, tokens)
            : tr("The saved context could not be used (%1): rebuilding the context, %n token(s).", nullptr, tokens)
                  .arg(message);
        if (chatId == m_currentChat)
            m_view->setNotice(text); // in the chat it concerns
        Q_EMIT notice(text);
    });
}

void ChatController::load()
{
    m_store->load();
    refreshChatList();
    const QStringList ids = m_store->ids();
    if (!ids.isEmpty())
        selectChat(ids.first());
}

void ChatController::regenerateLast()
{
    const Chat *c = m_store->chat(m_currentChat);
    if (c && !c->messages.isEmpty())
        regenerate(int(c->messages.size()) - 1); // drops a cut-off reply, asks again
}

void ChatController::sendPrompt()
{
    if (m_turns->isGenerating())
        return;
    const QString text = m_prompt->toPlainText().trimmed();
    if (text.isEmpty() && m_strip->count() == 0)
        return;
    if (!m_models->isOpen()) {
        Q_EMIT notice(tr("Open a model first (File → Open model…)."));
        return;
    }
    if (m_strip->pendingChecks() > 0) {
        Q_EMIT notice(tr("Still checking the attached images; send again in a moment."));
        return;
    }
    const QStringList attached = m_strip->images(); // selecting a new chat below clears the strip
    if (m_currentChat.isEmpty() || !m_store->chat(m_currentChat)) {
        QString title = text.left(48).simplified();
        if (title.isEmpty())
            title = tr("Image chat");
        m_currentChat = m_store->createChat(title);
        refreshChatList();
        selectChat(m_currentChat);
    }
    Chat chat = *m_store->chat(m_currentChat);
    m_turns->setUnsent({true, chat, m_prompt->toPlainText(), attached, m_editIndex}); // as typed
    const bool truncating = m_editIndex >= 0 && m_editIndex < chat.messages.size();
    if (truncating)
        chat.messages.erase(chat.messages.begin() + m_editIndex, chat.messages.end());
    setEditIndex(-1);
    if (chat.messages.isEmpty() && chat.title == tr("New chat") && !text.isEmpty())
        chat.title = text.left(48).simplified();
    Message m;
    m.role = QStringLiteral("user");
    m.content = text;
    for (const QString &img : attached)
        m.images.append(storedImageCopy(img));
    m.created = QDateTime::currentDateTimeUtc();
    chat.messages.append(m);
    m_store->update(chat);
    refreshChatList();
    // Appending keeps sending O(1) in the length of the chat; only an edit rebuilds the view.
    if (truncating)
        m_view->setChat(m_store->chat(m_currentChat));
    else
        m_view->appendMessage(m);
    m_prompt->clear();
    m_strip->clear();
    m_turns->start(m_currentChat);
}


void ChatController::refreshChatList() { m_chats->refresh(m_currentChat); }

void ChatController::selectChat(const QString &id)
{
    if (m_turns->isGenerating())
        return; // the reply being streamed belongs to the current chat
    m_currentChat = id;
    m_models->syncSession(id);
    m_view->setChat(m_store->chat(id));
    if (!m_chats->searchText().isEmpty())
        m_view->findText(m_chats->searchText()); // a chat picked from a search opens at its match
    m_chats->markCurrent(id);
    setEditIndex(-1);
    m_banner->hide();
    updateContextMeter();
    // Attachments and a half-written edit belong to the chat they were made in.
    m_strip->clear();
}

void ChatController::stepChat(int delta)
{
    if (m_turns->isGenerating()) {
        Q_EMIT notice(tr("Stop the current reply (Esc) before switching chats."));
        return;
    }
    const QString id = m_chats->stepFrom(delta);
    if (!id.isEmpty())
        selectChat(id);
}

void ChatController::newChat()
{
    if (m_turns->isGenerating()) {
        Q_EMIT notice(tr("Stop the current reply (Esc) before starting a new chat."));
        return;
    }
    const QString id = m_store->createChat(tr("New chat"));
    m_chats->clearSearch();
    refreshChatList();
    selectChat(id);
    m_prompt->setFocus();
}

void ChatController::branchFrom(int index)
{
    if (m_turns->isGenerating()) {
        Q_EMIT notice(tr("Stop the current reply (Esc) before branching."));
        return;
    }
    const Chat *c = m_store->chat(m_currentChat);
    if (!c)
        return;
    // No session is saved for the branch: its next turn reads the messages anew.
    const QString id = m_store->branch(m_currentChat, index, tr("%1 (branch)").arg(c->title));
    if (id.isEmpty())
        return;
    m_chats->clearSearch();
    refreshChatList();
    selectChat(id);
    m_prompt->setFocus();
}

void ChatController::editPreset()
{
    const Chat *c = m_store->chat(m_currentChat);
    if (!c) {
        Q_EMIT notice(tr("Start or pick a chat first: its settings belong to it."));
        return;
    }
    ChatPresetDialog dialog(c->title, c->preset, m_settings->sampling(m_models->info().recommendedSampling),
                            m_settings->systemPrompt(), m_window);
    if (dialog.exec() != QDialog::Accepted)
        return;
    Chat updated = *m_store->chat(m_currentChat);
    updated.preset = dialog.preset();
    // Used from the next turn on; the saved session is kept (a changed system
    // prompt only shortens the prefix the engine can reuse).
    if (updated.preset != c->preset)
        m_store->update(updated);
}

void ChatController::renameChat()
{
    const Chat *c = m_store->chat(m_currentChat);
    if (!c)
        return;
    bool ok = false;
    const QString title = QInputDialog::getText(m_window, tr("Rename chat"), tr("Title:"), QLineEdit::Normal, c->title, &ok);
    if (ok && !title.trimmed().isEmpty()) {
        m_store->rename(m_currentChat, title);
        refreshChatList();
    }
}

void ChatController::deleteChat()
{
    const Chat *c = m_store->chat(m_currentChat);
    if (!c || m_turns->isGenerating())
        return;
    if (QMessageBox::question(m_window, tr("Delete chat"), tr("Delete the chat “%1”? This cannot be undone.").arg(c->title)) !=
        QMessageBox::Yes)
        return;
    m_store->remove(m_currentChat);
    m_sessions->remove(m_currentChat);
    m_models->forgetSession(m_currentChat);
    m_currentChat.clear();
    refreshChatList();
    const QStringList ids = m_store->ids();
    if (ids.isEmpty())
        m_view->setChat(nullptr);
    else
        selectChat(ids.first());
}

void ChatController::exportChat(bool json)
{
    const Chat *c = m_store->chat(m_currentChat);
    if (!c) {
        Q_EMIT notice(tr("There is no chat to export."));
        return;
    }
    const QString filter = json ? tr("JSON (*.json)") : tr("Markdown (*.md)");
    QString base = c->title;
    base.replace(QRegularExpression(QStringLiteral("[^\\w\\- ]")), QStringLiteral("_"));
    QString folder = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    if (folder.isEmpty() || !QFileInfo(folder).isDir())
        folder = QDir::homePath();
    const QString path = QFileDialog::getSaveFileName(m_window, tr("Export chat"),
                                                      QDir(folder).filePath(base) + (json ? QStringLiteral(".json") : QStringLiteral(".md")),
                                                      filter);
    if (path.isEmpty())
        return;
    QSaveFile f(path);
    if (f.open(QIODevice::WriteOnly)) {
        f.write(json ? QJsonDocument(chatToJson(*c)).toJson() : chatToMarkdown(*c).toUtf8());
        if (f.commit()) {
            Q_EMIT notice(tr("Chat exported to %1").arg(QDir::toNativeSeparators(path)));
            return;
        }
    }
    Q_EMIT failure(tr("Export failed"), tr("The chat could not be written."), f.errorString());
}

void ChatController::copyMessage(int index)
{
    const Chat *c = m_store->chat(m_currentChat);
    // A reply that is all thinking (stopped before the answer) copies the thinking.
    auto text = [](const Message &m) { return m.content.isEmpty() ? m.reasoning : m.content; };
    if (c && index >= 0 && index < c->messages.size()) {
        QApplication::clipboard()->setText(text(c->messages[index]));
        Q_EMIT notice(tr("Message copied to the clipboard."));
    } else if (m_turns->isGenerating() && index == m_view->messageCount() - 1) {
        QApplication::clipboard()->setText(text(m_turns->streaming()));
    }
}

void ChatController::editMessage(int index)
{
    const Chat *c = m_store->chat(m_currentChat);
    if (!c || m_turns->isGenerating() || index < 0 || index >= c->messages.size())
        return;
    const Message &m = c->messages[index];
    m_prompt->setPlainText(m.content);
    m_strip->clear();
    if (m_strip->visionAvailable())
        for (const QString &img : m.images)
            m_strip->addFile(img);
    m_prompt->setFocus();
    setEditIndex(index);
}

void ChatController::setEditIndex(int index)
{
    const bool wasEditing = m_editIndex >= 0;
    m_editIndex = index;
    m_view->setEditing(index);
    // Stays until the edit is sent or given up (not the notices' 8 s).
    if (index >= 0)
        Q_EMIT editing(tr("Editing message %1: sending replaces it and everything after it.").arg(index + 1));
    else if (wasEditing)
        Q_EMIT editing(QString());
}

void ChatController::regenerate(int index)
{
    const Chat *c = m_store->chat(m_currentChat);
    if (!c || m_turns->isGenerating() || !m_models->isOpen() || index < 0 || index >= c->messages.size())
        return;
    Chat chat = *c;
    // Drop the reply (and anything after it), keep the prompt that led to it.
    if (chat.messages[index].role == QLatin1String("assistant"))
        chat.messages.erase(chat.messages.begin() + index, chat.messages.end());
    if (chat.messages.isEmpty() || chat.messages.last().role != QLatin1String("user"))
        return;
    m_store->update(chat);
    m_view->setChat(m_store->chat(m_currentChat));
    m_turns->start(m_currentChat);
}

int ChatController::estimatedChatTokens(const Chat &chat) const
{
    int total = 0;
    for (const Message &m : chat.messages)
        total += m.role == QLatin1String("assistant") && m.stats.tokens > 0 ? m.stats.tokens + 8
                                                                             : estimateTokens(m.content + m.reasoning);
    // The engine's own count of the last turn is exact; the estimate only fills in what it has not seen.
    return std::max(total, chat.contextTokens);
}

// The banner's ways out (the engine refused the turn: it will not fit, by its
// own count of the rendered ids). Both send the turn again with fitToContext:
// the worker leaves out the oldest turns until it fits, exactly, and says how
// many; the chat drops the same ones (finishStreaming).
void ChatController::continueInNewChat()
{
    const Chat *old = m_store->chat(m_currentChat);
    if (!old)
        return;
    // A new chat carrying the turns (up to an edited message): the engine keeps the last ones that fit.
    QList<Message> carried = old->messages;
    if (m_editIndex >= 0 && m_editIndex < carried.size())
        carried.erase(carried.begin() + m_editIndex, carried.end());
    const QString title = tr("%1 (continued)").arg(old->title);
    const QString id = m_store->createChat(title);
    Chat chat = *m_store->chat(id);
    chat.messages = carried;
    m_store->update(chat);
    m_currentChat = id;
    refreshChatList();
    m_view->setChat(m_store->chat(id));
    m_chats->markCurrent(id);
    setEditIndex(-1);
    m_turns->fitNextTurn();
    sendPrompt();
}

void ChatController::dropOldestTurns()
{
    if (!m_store->chat(m_currentChat))
        return;
    Q_EMIT notice(tr("Dropping the oldest turns: the rest of the conversation is read again."));
    m_turns->fitNextTurn();
    sendPrompt();
}

void ChatController::updateContextMeter()
{
    const Chat *c = m_store->chat(m_currentChat);
    m_pane->setContextUse(c ? c->contextTokens : 0, m_models->contextLength(), m_models->isOpen());
}

QString ChatController::storedImageCopy(const QString &path)
{
    // Chats keep their own copy, so deleting the original never breaks a chat.
    const QString &dir = m_imagesDirectory;
    if (QFileInfo(path).absolutePath() == QFileInfo(dir).absoluteFilePath())
        return path;
    QDir().mkpath(dir);
    const QString copy = QDir(dir).filePath(QUuid::createUuid().toString(QUuid::Id128) + QLatin1Char('.') +
                                            QFileInfo(path).suffix().toLower());
    return QFile::copy(path, copy) ? copy : path;
}


void ChatController::turnEnded(const QString &chatId, bool rebuilt)
{
    if (rebuilt && chatId == m_currentChat)
        m_view->setChat(m_store->chat(m_currentChat));
    updateContextMeter();
    m_view->announceLast();
    Q_EMIT turnOver();
}

void ChatController::turnRefused(const TurnController::Unsent &unsent, int needed, int context)
{
    // The turn is taken back whole: the chat as it was, the text and the images in the prompt.
    if (unsent.valid) {
        if (m_currentChat == unsent.chat.id)
            m_view->setChat(m_store->chat(m_currentChat));
        refreshChatList();
        m_prompt->setPlainText(unsent.text);
        m_strip->clear();
        for (const QString &image : unsent.images)
            m_strip->addFile(image);
        setEditIndex(unsent.editIndex);
    }
    m_banner->ask(needed, context);
    updateContextMeter();
    Q_EMIT turnOver();
}

} // namespace sluice::gui
