#pragma once
// The conversation: one MessageWidget per message in a scroll area. Only the
// message being streamed is re-rendered while tokens arrive, so a long chat
// costs nothing per token; Markdown is rendered by QLabel's MarkdownText
// (QTextDocument underneath: code blocks, lists, tables).
#include "chatstore.h"

#include <QFrame>
#include <QScrollArea>

class QLabel;
class QToolButton;
class QHBoxLayout;
class QVBoxLayout;

namespace sluice::gui {
class MarkdownView;
}

namespace sluice::gui {

class MessageWidget : public QFrame
{
    Q_OBJECT
public:
    MessageWidget(int index, const Message &message, QWidget *parent = nullptr);

    int index() const { return m_index; }
    void setMessage(const Message &message);
    void setLastAssistant(bool last);
    void setBusy(bool busy);
    // Tells screen readers the message is complete.
    void announce();
    QString contentText() const { return m_message.content; }

Q_SIGNALS:
    void copyRequested(int index);
    void editRequested(int index);
    void regenerateRequested(int index);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void updateThinkingButton();

    int m_index;
    Message m_message;
    bool m_lastAssistant = false;
    bool m_busy = false;
    QLabel *m_role;
    QLabel *m_stats;
    QToolButton *m_copy;
    QToolButton *m_edit;
    QToolButton *m_regenerate;
    QToolButton *m_thinkToggle;
    MarkdownView *m_thinking;
    QWidget *m_images;
    QHBoxLayout *m_imagesLayout;
    QLabel *m_tools;
    MarkdownView *m_content;
};

class ConversationView : public QScrollArea
{
    Q_OBJECT
public:
    explicit ConversationView(QWidget *parent = nullptr);

    void setChat(const Chat *chat); // nullptr: the empty state
    void appendMessage(const Message &message);
    // Re-renders the last message (streaming).
    void updateLastMessage(const Message &message);
    void setEmptyText(const QString &text);
    void setBusy(bool busy);
    int messageCount() const { return int(m_messages.size()); }
    MessageWidget *messageAt(int i) const { return m_messages.value(i); }
    void announceLast();

Q_SIGNALS:
    void copyRequested(int index);
    void editRequested(int index);
    void regenerateRequested(int index);

private:
    void clearMessages();
    void markLastAssistant();
    void scrollToEndIfFollowing(bool following);
    bool isFollowing() const;

    QWidget *m_canvas;
    QVBoxLayout *m_layout;
    QLabel *m_empty;
    QList<MessageWidget *> m_messages;
    bool m_busy = false;
};

QString formatBytes(quint64 bytes);
QString messageStatsText(const MessageStats &stats);

} // namespace sluice::gui
