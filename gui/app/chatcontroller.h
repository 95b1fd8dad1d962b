#pragma once
// The chats in the window (issue 28: out of MainWindow): which one is
// current, and every chat operation — send, pick, step, new, rename, delete,
// export, copy, edit, regenerate — with the context check's ways out (the
// banner) and what a finished or refused turn changes. It drives the chat list
// and the centre pane; the window wires the rest (notices, the status bar).
#include "app/turncontroller.h"
#include "chat/chatstore.h"

#include <QObject>

class QWidget;

namespace sluice::gui {

class ChatListPanel;
class ChatPane;
class ContextBanner;
class ConversationView;
class ImageStrip;
class ModelController;
class PromptEdit;
class SessionStore;
class Settings;

class ChatController : public QObject
{
    Q_OBJECT
public:
    struct Parts {
        ChatStore *store;
        SessionStore *sessions;
        ChatListPanel *list;
        ChatPane *pane;
        ModelController *models;
        TurnController *turns;
        QString imagesDirectory; // chats keep their own copies of attached images here
        Settings *settings;      // the defaults a chat without its own preset follows
    };
    // `window` parents the dialogs (rename, delete, export).
    ChatController(const Parts &parts, QWidget *window);

    QString currentChat() const { return m_currentChat; }
    // Loads the chats and shows the most recent one.
    void load();
    void sendPrompt();
    void newChat();
    void selectChat(const QString &id);
    void stepChat(int delta);
    void renameChat();
    void deleteChat();
    void exportChat(bool json);
    // The last reply asked again (Regenerate, Retry after a network error).
    void regenerateLast();
    // A new chat holding the messages up to `index` of the current one, selected.
    void branchFrom(int index);
    // The current chat's own system prompt and sampling (a dialog).
    void editPreset();
    void updateContextMeter();

Q_SIGNALS:
    void notice(const QString &text);
    void failure(const QString &title, const QString &message, const QString &detail);
    // The message being edited, said until the edit is sent or given up ("" = no longer editing).
    void editing(const QString &text);
    // A turn ended: its reply is in the chat, or it was refused and taken back.
    void turnOver();

private:
    void connectParts();
    void refreshChatList();
    void copyMessage(int index);
    void editMessage(int index);
    // The message being edited (-1: none): the view marks it, the notice goes with it.
    void setEditIndex(int index);
    void regenerate(int index);
    int estimatedChatTokens(const Chat &chat) const;
    void continueInNewChat();
    void dropOldestTurns();
    QString storedImageCopy(const QString &path);
    void turnEnded(const QString &chatId, bool rebuilt);
    void turnRefused(const TurnController::Unsent &unsent, int needed, int context);

    QWidget *m_window;
    ChatStore *m_store;
    SessionStore *m_sessions;
    ChatListPanel *m_chats;
    ChatPane *m_pane;
    ConversationView *m_view;
    ImageStrip *m_strip;
    PromptEdit *m_prompt;
    ContextBanner *m_banner;
    ModelController *m_models;
    TurnController *m_turns;
    QString m_imagesDirectory;
    Settings *m_settings;
    QString m_currentChat;
    int m_editIndex = -1;
};

} // namespace sluice::gui
