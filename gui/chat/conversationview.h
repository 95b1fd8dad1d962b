#pragma once
// The conversation: one MessageWidget per message in a scroll area. Only the
// message being streamed is re-rendered while tokens arrive, so a long chat
// costs nothing per token; Markdown is rendered by QLabel's MarkdownText
// (QTextDocument underneath: code blocks, lists, tables).
#include "chat/chatstore.h"
#include "common/sidepanel.h"

#include <QFrame>
#include <QScrollArea>

class QLabel;
class QProgressBar;
class QPushButton;
class QToolButton;
class QHBoxLayout;
class QVBoxLayout;

namespace sluice::gui {
class MarkdownView;
}

namespace sluice::gui {

class MessageWidget : public SidePanel
{
    Q_OBJECT
public:
    MessageWidget(int index, const Message &message, QWidget *parent = nullptr);

    int index() const { return m_index; }
    void setMessage(const Message &message);
    void setLastAssistant(bool last);
    void setBusy(bool busy);
    // The message being edited in the prompt: marked so the user sees which
    // one sending replaces (and screen readers are told).
    void setEditing(bool editing);
    bool isEditing() const { return m_editing; }
    QString roleText() const;
    // "Reading N of M tokens" with a bar and Stop while the prompt is prefilled;
    // total == 0 hides it (the first token arrived, or the reply ended).
    void setReadingProgress(int done, int total);
    bool isReading() const;
    QString readingText() const;
    // Tells screen readers the message is complete.
    void announce();
    QString contentText() const { return m_message.content; }
    // The views showing the text, in order (more than one only for a long streamed reply).
    QList<MarkdownView *> contentViews() const { return QList<MarkdownView *>(m_settled) << m_content; }
    // Marks every place the text shows `text` (ignoring case; "" clears);
    // false when it shows none.
    bool highlight(const QString &text);

Q_SIGNALS:
    void copyRequested(int index);
    void editRequested(int index);
    void regenerateRequested(int index);
    void branchRequested(int index);
    void stopRequested();

protected:
    void retranslate() override;

private:
    void buildHeader(QVBoxLayout *layout);
    void buildReadingRow(QVBoxLayout *layout);
    void updateThinkingButton();
    void setContentText(const QString &previous, const QString &text);
    void settleStreamedText(const QString &text);

    int m_index;
    Message m_message;
    bool m_lastAssistant = false;
    bool m_busy = false;
    bool m_editing = false;
    QLabel *m_role;
    QLabel *m_stats;
    QToolButton *m_copy;
    QToolButton *m_edit;
    QToolButton *m_regenerate;
    QToolButton *m_branch;
    QToolButton *m_thinkToggle;
    MarkdownView *m_thinking;
    QWidget *m_images;
    QHBoxLayout *m_imagesLayout;
    QLabel *m_tools;
    MarkdownView *m_content;                // the whole text, or the unsettled tail of a long streamed reply
    QList<MarkdownView *> m_settled;        // a long streamed reply's settled parts, before m_content
    qsizetype m_settledLength = 0;          // characters of the text they hold
    QWidget *m_reading;
    QLabel *m_readingLabel;
    QProgressBar *m_readingBar;
    QToolButton *m_readingStop;
    int m_readDone = 0;
    int m_readTotal = 0;
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
    // A line from the app at the end of the conversation (not part of the
    // chat: the next setChat drops it), e.g. a saved context that could not be used.
    void setNotice(const QString &text);
    QString noticeText() const;
    void setBusy(bool busy);
    // Marks message `index` as the one being edited (-1: none).
    void setEditing(int index);
    int editingIndex() const { return m_editingIndex; }
    // Prefill progress of the message being produced (the last one).
    void setReadingProgress(int done, int total);
    MessageWidget *lastWidget() const { return m_messages.isEmpty() ? nullptr : m_messages.last(); }
    // All messages of the chat; only the last kWindow are built as widgets
    // until the user asks for earlier ones, so opening a long chat stays fast.
    int messageCount() const { return int(m_all.size()); }
    int builtCount() const { return int(m_messages.size()); }
    void showEarlier();
    static constexpr int kWindow = 40;
    void announceLast();
    bool isFollowing() const { return m_following; }
    // Highlights `text` in the messages and scrolls to the first one holding
    // it; returns its index, -1 for none ("" clears the highlights).
    int findText(const QString &text);
    QString findingText() const { return m_finding; }

Q_SIGNALS:
    void copyRequested(int index);
    void editRequested(int index);
    void regenerateRequested(int index);
    void branchRequested(int index);
    void stopRequested();

private:
    void clearMessages();
    MessageWidget *makeWidget(int index, const Message &message);
    void updateMoreButton();
    // The view follows the end of the conversation (a new turn, a streaming
    // reply) until the user scrolls up; scrolling back to the end follows again.
    void followEnd();

    QWidget *m_canvas;
    QVBoxLayout *m_layout;
    QLabel *m_empty;
    QLabel *m_notice;
    QPushButton *m_more;
    QList<Message> m_all;             // every message of the chat shown
    QList<MessageWidget *> m_messages; // widgets for m_all[m_firstBuilt..]
    int m_firstBuilt = 0;
    bool m_busy = false;
    int m_editingIndex = -1;
    bool m_following = true;
    bool m_scrolling = false; // our own scroll, not the user's
    QString m_finding;        // the search shown, kept across setChat
};

} // namespace sluice::gui
