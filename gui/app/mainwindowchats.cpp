// MainWindow's chat operations: pick, step, new, rename, delete, export, copy,
// edit, regenerate, and the context check before a turn (banner and its choices).
#include "app/mainwindow.h"

#include "chat/chatlistpanel.h"
#include "chat/contextbanner.h"
#include "chat/conversationview.h"
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
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QRegularExpression>
#include <QSaveFile>
#include <QStandardPaths>
#include <QStatusBar>

namespace sluice::gui {

void MainWindow::refreshChatList() { m_chats->refresh(m_currentChat); }

void MainWindow::selectChat(const QString &id)
{
    if (m_turns->isGenerating())
        return; // the reply being streamed belongs to the current chat
    m_currentChat = id;
    m_models->syncSession(id);
    m_view->setChat(m_store->chat(id));
    m_chats->markCurrent(id);
    setEditIndex(-1);
    m_banner->hide();
    updateContextMeter();
    // Attachments and a half-written edit belong to the chat they were made in.
    m_strip->clear();
}

void MainWindow::stepChat(int delta)
{
    if (m_turns->isGenerating()) {
        showNotice(tr("Stop the current reply (Esc) before switching chats."));
        return;
    }
    const QString id = m_chats->stepFrom(delta);
    if (!id.isEmpty())
        selectChat(id);
}

void MainWindow::newChat()
{
    if (m_turns->isGenerating()) {
        showNotice(tr("Stop the current reply (Esc) before starting a new chat."));
        return;
    }
    const QString id = m_store->createChat(tr("New chat"));
    m_chats->clearSearch();
    refreshChatList();
    selectChat(id);
    m_prompt->setFocus();
}

void MainWindow::renameChat()
{
    const Chat *c = m_store->chat(m_currentChat);
    if (!c)
        return;
    bool ok = false;
    const QString title = QInputDialog::getText(this, tr("Rename chat"), tr("Title:"), QLineEdit::Normal, c->title, &ok);
    if (ok && !title.trimmed().isEmpty()) {
        m_store->rename(m_currentChat, title);
        refreshChatList();
    }
}

void MainWindow::deleteChat()
{
    const Chat *c = m_store->chat(m_currentChat);
    if (!c || m_turns->isGenerating())
        return;
    if (QMessageBox::question(this, tr("Delete chat"), tr("Delete the chat “%1”? This cannot be undone.").arg(c->title)) !=
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

void MainWindow::exportChat(bool json)
{
    const Chat *c = m_store->chat(m_currentChat);
    if (!c) {
        showNotice(tr("There is no chat to export."));
        return;
    }
    const QString filter = json ? tr("JSON (*.json)") : tr("Markdown (*.md)");
    QString base = c->title;
    base.replace(QRegularExpression(QStringLiteral("[^\\w\\- ]")), QStringLiteral("_"));
    QString folder = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    if (folder.isEmpty() || !QFileInfo(folder).isDir())
        folder = QDir::homePath();
    const QString path = QFileDialog::getSaveFileName(this, tr("Export chat"),
                                                      QDir(folder).filePath(base) + (json ? QStringLiteral(".json") : QStringLiteral(".md")),
                                                      filter);
    if (path.isEmpty())
        return;
    QSaveFile f(path);
    if (f.open(QIODevice::WriteOnly)) {
        f.write(json ? QJsonDocument(chatToJson(*c)).toJson() : chatToMarkdown(*c).toUtf8());
        if (f.commit()) {
            showNotice(tr("Chat exported to %1").arg(QDir::toNativeSeparators(path)));
            return;
        }
    }
    showError(tr("Export failed"), tr("The chat could not be written."), f.errorString());
}

void MainWindow::copyMessage(int index)
{
    const Chat *c = m_store->chat(m_currentChat);
    // A reply that is all thinking (stopped before the answer) copies the thinking.
    auto text = [](const Message &m) { return m.content.isEmpty() ? m.reasoning : m.content; };
    if (c && index >= 0 && index < c->messages.size()) {
        QApplication::clipboard()->setText(text(c->messages[index]));
        showNotice(tr("Message copied to the clipboard."));
    } else if (m_turns->isGenerating() && index == m_view->messageCount() - 1) {
        QApplication::clipboard()->setText(text(m_turns->streaming()));
    }
}

void MainWindow::editMessage(int index)
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

void MainWindow::setEditIndex(int index)
{
    const bool wasEditing = m_editIndex >= 0;
    m_editIndex = index;
    m_view->setEditing(index);
    if (index >= 0) {
        // Stays until the edit is sent or given up (not the notices' 8 s).
        m_lastNotice = tr("Editing message %1: sending replaces it and everything after it.").arg(index + 1);
        statusBar()->showMessage(m_lastNotice);
        Q_EMIT noticeShown(m_lastNotice);
    } else if (wasEditing) {
        statusBar()->clearMessage();
    }
}

void MainWindow::regenerate(int index)
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
    startGeneration();
}

int MainWindow::estimatedChatTokens(const Chat &chat) const
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
void MainWindow::continueInNewChat()
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

void MainWindow::dropOldestTurns()
{
    if (!m_store->chat(m_currentChat))
        return;
    showNotice(tr("Dropping the oldest turns: the rest of the conversation is read again."));
    m_turns->fitNextTurn();
    sendPrompt();
}

QString MainWindow::contextText() const { return m_contextMeter->text(); }

void MainWindow::updateContextMeter()
{
    const Chat *c = m_store->chat(m_currentChat);
    const QLocale l;
    m_contextMeter->setVisible(m_models->isOpen());
    if (c && c->contextTokens > 0)
        m_contextMeter->setText(tr("Context: %1 of %2 tokens").arg(l.toString(c->contextTokens), l.toString(m_models->contextLength())));
    else
        m_contextMeter->setText(tr("Context: %1 tokens").arg(l.toString(m_models->contextLength())));
    m_contextMeter->setAccessibleName(tr("Context in use"));
}

QString MainWindow::storedImageCopy(const QString &path)
{
    // Chats keep their own copy, so deleting the original never breaks a chat.
    const QString dir = QDir(m_options.dataDirectory).filePath(QStringLiteral("images"));
    if (QFileInfo(path).absolutePath() == QFileInfo(dir).absoluteFilePath())
        return path;
    QDir().mkpath(dir);
    const QString copy = QDir(dir).filePath(QUuid::createUuid().toString(QUuid::Id128) + QLatin1Char('.') +
                                            QFileInfo(path).suffix().toLower());
    return QFile::copy(path, copy) ? copy : path;
}

} // namespace sluice::gui
