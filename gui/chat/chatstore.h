#pragma once
// The chats on disk: one JSON file per chat in <app data>/chats, each written
// atomically (QSaveFile: temp file + rename), so a crash mid-save leaves the
// previous version intact and never a half-written chat.
#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QThreadPool>
#include <functional>
#include <optional>

namespace sluice::gui {

struct ToolCall {
    QString name;
    QString arguments; // as the model wrote them (JSON or raw text)
};

struct MessageStats {
    bool valid = false;
    int tokens = 0;
    double tokensPerSecond = 0;
    double timeToFirstToken = 0;
    double hitRate = 0;
    double diskGBps = 0;
    quint64 residentBytes = 0;
    quint64 budgetBytes = 0;
    QString stopReason; // a code (messagestats.h: "end", "stopped", …), translated when shown
    QString errorText;  // the engine's message when the reply ended in an error
};

struct Message {
    QString role; // "user", "assistant", "system", "tool"
    QString content;
    QString reasoning;
    QStringList images; // copies kept in the app data folder
    QList<ToolCall> toolCalls;
    MessageStats stats;
    QDateTime created;
};

// A chat's own system prompt and sampling (issue 30). A value set here wins
// over the app's settings, which are the default of every chat; an unset one
// follows them (and the model's recommendation beneath them).
struct ChatPreset {
    std::optional<QString> systemPrompt;
    std::optional<double> temperature;
    std::optional<double> topP;
    std::optional<int> topK;
    std::optional<int> maxTokens;
    std::optional<double> repeatPenalty;
    bool hasSampling() const { return temperature || topP || topK || maxTokens || repeatPenalty; }
    bool isEmpty() const { return !systemPrompt && !hasSampling(); }
    bool operator==(const ChatPreset &) const = default;
};

QJsonObject presetToJson(const ChatPreset &preset);
// Out-of-range values are clamped as the settings clamp theirs.
ChatPreset presetFromJson(const QJsonObject &json);

struct Chat {
    QString id;
    QString title;
    QDateTime created;
    QDateTime updated;
    QList<Message> messages;
    // Tokens the engine held after the last reply (prompt + reply, as the
    // worker counted them); 0 = unknown. Shown as the context in use.
    int contextTokens = 0;
    ChatPreset preset; // empty: the settings' values
};

QJsonObject chatToJson(const Chat &chat);
// Tolerant of missing fields; returns false (with a reason) for a document that is not a chat.
bool chatFromJson(const QJsonObject &json, Chat *chat, QString *error);
QString chatToMarkdown(const Chat &chat);

class ChatStore : public QObject
{
    Q_OBJECT
public:
    explicit ChatStore(const QString &directory, QObject *parent = nullptr);
    ~ChatStore() override; // waits for queued writes, so nothing is lost at exit

    QString directory() const { return m_dir; }
    // Reads every chat file; unreadable files are skipped and listed in loadErrors().
    void load();
    QStringList loadErrors() const { return m_loadErrors; }

    // Ids, most recently updated first.
    QStringList ids() const;
    // Ids (most recent first) of the chats whose title or any message holds
    // `text`, ignoring case; all of them for an empty text.
    QStringList search(const QString &text) const;
    const Chat *chat(const QString &id) const;
    int count() const { return int(m_chats.size()); }

    QString createChat(const QString &title);
    bool rename(const QString &id, const QString &title);
    bool remove(const QString &id);
    // Replaces the stored chat with `chat` (same id) and writes it.
    bool update(const Chat &chat);
    // A new chat titled `title` holding copies of messages 0..lastIndex of chat
    // `id` (which stays as it is) and its preset; its id, or "" when there is no such message.
    QString branch(const QString &id, int lastIndex, const QString &title);

    // Writes one chat atomically. The chat as it is now is handed to a
    // background thread, which builds the JSON, writes, fsyncs and renames,
    // in the order of the saves (the JSON of a 400-message chat and an fsync
    // each take milliseconds the GUI thread must not spend). False when the chat
    // does not exist; disk failures arrive as saveFailed().
    bool save(const QString &id);
    // Blocks until every queued write is on disk (tests, shutdown).
    void waitForWrites();
    QString lastError() const { return m_lastError; }

    // Test hook: called after the data is written to the temporary file and
    // before the rename, so a test can simulate a crash at the worst moment.
    static void setBeforeCommitHook(std::function<void()> hook);
    // Test hook: called where a saved chat's JSON is built (on the writer thread).
    static void setSerializeHook(std::function<void()> hook);

    QString fileFor(const QString &id) const;

Q_SIGNALS:
    void chatsChanged();
    void chatChanged(const QString &id);
    void saveFailed(const QString &message);

private:
    QString m_dir;
    QList<Chat> m_chats;
    QStringList m_loadErrors;
    QString m_lastError;
    QThreadPool m_writer; // one thread: writes and deletions happen in the order they were asked for
    Chat *find(const QString &id);
};

} // namespace sluice::gui
