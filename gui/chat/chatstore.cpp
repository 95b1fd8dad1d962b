#include "chat/chatstore.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>
#include <QUrl>
#include <QUuid>
#include <algorithm>
#include <cmath>

namespace sluice::gui {

namespace {

std::function<void()> &beforeCommitHook()
{
    static std::function<void()> hook;
    return hook;
}

std::function<void()> &serializeHook()
{
    static std::function<void()> hook;
    return hook;
}

constexpr int kFormatVersion = 1;

} // namespace

namespace {

// A byte count read from a (possibly hand-edited) file: a negative, huge or
// fractional number must not reach an out-of-range float-to-integer cast.
quint64 byteCount(double v)
{
    return v >= 0 && v < 9.0e18 ? quint64(v) : 0;
}

} // namespace

QJsonObject presetToJson(const ChatPreset &preset)
{
    QJsonObject o;
    if (preset.systemPrompt)
        o.insert(QStringLiteral("systemPrompt"), *preset.systemPrompt);
    if (preset.temperature)
        o.insert(QStringLiteral("temperature"), *preset.temperature);
    if (preset.topP)
        o.insert(QStringLiteral("topP"), *preset.topP);
    if (preset.topK)
        o.insert(QStringLiteral("topK"), *preset.topK);
    if (preset.maxTokens)
        o.insert(QStringLiteral("maxTokens"), *preset.maxTokens);
    if (preset.repeatPenalty)
        o.insert(QStringLiteral("repeatPenalty"), *preset.repeatPenalty);
    return o;
}

ChatPreset presetFromJson(const QJsonObject &o)
{
    // The same ranges as the settings (settings.cpp), for a hand-edited file.
    ChatPreset p;
    auto number = [&o](const char *key) -> std::optional<double> {
        const QJsonValue v = o.value(QLatin1String(key));
        return v.isDouble() && std::isfinite(v.toDouble()) ? std::optional<double>(v.toDouble()) : std::nullopt;
    };
    if (o.value(QStringLiteral("systemPrompt")).isString())
        p.systemPrompt = o.value(QStringLiteral("systemPrompt")).toString();
    if (auto v = number("temperature"))
        p.temperature = std::clamp(*v, 0.0, 4.0);
    if (auto v = number("topP"))
        p.topP = std::clamp(*v, 0.0, 1.0);
    if (auto v = number("topK"))
        p.topK = int(std::clamp(*v, 0.0, 1.0e6));
    if (auto v = number("maxTokens"))
        p.maxTokens = int(std::clamp(*v, 1.0, double(1 << 20)));
    if (auto v = number("repeatPenalty"))
        p.repeatPenalty = std::clamp(*v, 0.01, 10.0);
    return p;
}

QJsonObject chatToJson(const Chat &chat)
{
    QJsonArray messages;
    for (const Message &m : chat.messages) {
        QJsonObject o{{QStringLiteral("role"), m.role}, {QStringLiteral("content"), m.content}};
        if (!m.reasoning.isEmpty())
            o.insert(QStringLiteral("reasoning"), m.reasoning);
        if (!m.images.isEmpty())
            o.insert(QStringLiteral("images"), QJsonArray::fromStringList(m.images));
        if (!m.toolCalls.isEmpty()) {
            QJsonArray calls;
            for (const ToolCall &c : m.toolCalls)
                calls.append(QJsonObject{{QStringLiteral("name"), c.name}, {QStringLiteral("arguments"), c.arguments}});
            o.insert(QStringLiteral("toolCalls"), calls);
        }
        if (m.stats.valid) {
            o.insert(QStringLiteral("stats"),
                     QJsonObject{{QStringLiteral("tokens"), m.stats.tokens},
                                 {QStringLiteral("tokensPerSecond"), m.stats.tokensPerSecond},
                                 {QStringLiteral("timeToFirstToken"), m.stats.timeToFirstToken},
                                 {QStringLiteral("hitRate"), m.stats.hitRate},
                                 {QStringLiteral("diskGBps"), m.stats.diskGBps},
                                 {QStringLiteral("residentBytes"), double(m.stats.residentBytes)},
                                 {QStringLiteral("budgetBytes"), double(m.stats.budgetBytes)},
                                 {QStringLiteral("stopReason"), m.stats.stopReason},
                                 {QStringLiteral("error"), m.stats.errorText}});
        }
        if (m.created.isValid())
            o.insert(QStringLiteral("created"), m.created.toString(Qt::ISODateWithMs));
        messages.append(o);
    }
    QJsonObject json{{QStringLiteral("format"), QStringLiteral("sluice-chat")},
                     {QStringLiteral("version"), kFormatVersion},
                     {QStringLiteral("id"), chat.id},
                     {QStringLiteral("title"), chat.title},
                     {QStringLiteral("created"), chat.created.toString(Qt::ISODateWithMs)},
                     {QStringLiteral("updated"), chat.updated.toString(Qt::ISODateWithMs)},
                     {QStringLiteral("contextTokens"), chat.contextTokens},
                     {QStringLiteral("messages"), messages}};
    // Only a chat with its own values carries the key: older files read the same.
    if (!chat.preset.isEmpty())
        json.insert(QStringLiteral("preset"), presetToJson(chat.preset));
    return json;
}

bool chatFromJson(const QJsonObject &json, Chat *chat, QString *error)
{
    if (json.value(QStringLiteral("format")).toString() != QLatin1String("sluice-chat")) {
        *error = ChatStore::tr("not a Sluice chat file");
        return false;
    }
    if (json.value(QStringLiteral("version")).toInt() > kFormatVersion) {
        *error = ChatStore::tr("written by a newer Sluice (format version %1)").arg(json.value(QStringLiteral("version")).toInt());
        return false;
    }
    Chat c;
    c.id = json.value(QStringLiteral("id")).toString();
    if (c.id.isEmpty()) {
        *error = ChatStore::tr("the chat has no id");
        return false;
    }
    c.title = json.value(QStringLiteral("title")).toString();
    c.created = QDateTime::fromString(json.value(QStringLiteral("created")).toString(), Qt::ISODateWithMs);
    c.updated = QDateTime::fromString(json.value(QStringLiteral("updated")).toString(), Qt::ISODateWithMs);
    c.contextTokens = std::max(0, json.value(QStringLiteral("contextTokens")).toInt());
    c.preset = presetFromJson(json.value(QStringLiteral("preset")).toObject());
    for (const QJsonValue &v : json.value(QStringLiteral("messages")).toArray()) {
        const QJsonObject o = v.toObject();
        Message m;
        m.role = o.value(QStringLiteral("role")).toString();
        m.content = o.value(QStringLiteral("content")).toString();
        m.reasoning = o.value(QStringLiteral("reasoning")).toString();
        for (const QJsonValue &img : o.value(QStringLiteral("images")).toArray())
            m.images.append(img.toString());
        for (const QJsonValue &cv : o.value(QStringLiteral("toolCalls")).toArray()) {
            const QJsonObject co = cv.toObject();
            m.toolCalls.append({co.value(QStringLiteral("name")).toString(), co.value(QStringLiteral("arguments")).toString()});
        }
        if (o.contains(QStringLiteral("stats"))) {
            const QJsonObject s = o.value(QStringLiteral("stats")).toObject();
            m.stats.valid = true;
            m.stats.tokens = s.value(QStringLiteral("tokens")).toInt();
            m.stats.tokensPerSecond = s.value(QStringLiteral("tokensPerSecond")).toDouble();
            m.stats.timeToFirstToken = s.value(QStringLiteral("timeToFirstToken")).toDouble();
            m.stats.hitRate = s.value(QStringLiteral("hitRate")).toDouble();
            m.stats.diskGBps = s.value(QStringLiteral("diskGBps")).toDouble();
            m.stats.residentBytes = byteCount(s.value(QStringLiteral("residentBytes")).toDouble());
            m.stats.budgetBytes = byteCount(s.value(QStringLiteral("budgetBytes")).toDouble());
            m.stats.stopReason = s.value(QStringLiteral("stopReason")).toString();
            m.stats.errorText = s.value(QStringLiteral("error")).toString();
        }
        m.created = QDateTime::fromString(o.value(QStringLiteral("created")).toString(), Qt::ISODateWithMs);
        if (m.role.isEmpty()) {
            *error = ChatStore::tr("a message has no role");
            return false;
        }
        c.messages.append(m);
    }
    *chat = c;
    return true;
}

QString chatToMarkdown(const Chat &chat)
{
    QString md = QStringLiteral("# %1\n\n").arg(chat.title);
    for (const Message &m : chat.messages) {
        QString who = m.role;
        if (m.role == QLatin1String("user"))
            who = ChatStore::tr("User");
        else if (m.role == QLatin1String("assistant"))
            who = ChatStore::tr("Assistant");
        else if (m.role == QLatin1String("system"))
            who = ChatStore::tr("System");
        else if (m.role == QLatin1String("tool"))
            who = ChatStore::tr("Tool");
        md += QStringLiteral("## %1\n\n").arg(who);
        for (const QString &img : m.images)
            md += QStringLiteral("![%1](%2)\n\n").arg(QFileInfo(img).fileName(), QUrl::fromLocalFile(img).toString());
        if (!m.reasoning.isEmpty()) {
            md += QStringLiteral("<details><summary>%1</summary>\n\n%2\n\n</details>\n\n").arg(ChatStore::tr("Thinking"), m.reasoning);
        }
        md += m.content + QStringLiteral("\n\n");
        for (const ToolCall &c : m.toolCalls)
            md += QStringLiteral("```tool-call %1\n%2\n```\n\n").arg(c.name, c.arguments);
    }
    return md;
}

ChatStore::ChatStore(const QString &directory, QObject *parent)
    : QObject(parent)
    , m_dir(directory)
{
    QDir().mkpath(m_dir);
    m_writer.setMaxThreadCount(1);
    m_writer.setExpiryTimeout(-1);
}

ChatStore::~ChatStore() { m_writer.waitForDone(); }

void ChatStore::waitForWrites() { m_writer.waitForDone(); }

void ChatStore::setBeforeCommitHook(std::function<void()> hook) { beforeCommitHook() = std::move(hook); }
void ChatStore::setSerializeHook(std::function<void()> hook) { serializeHook() = std::move(hook); }

QString ChatStore::fileFor(const QString &id) const { return QDir(m_dir).filePath(id + QStringLiteral(".json")); }

void ChatStore::load()
{
    m_chats.clear();
    m_loadErrors.clear();
    QDir dir(m_dir);
    // Only *.json: QSaveFile's leftover temporaries from a crash are ignored.
    const QStringList files = dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    for (const QString &name : files) {
        QFile f(dir.filePath(name));
        if (!f.open(QIODevice::ReadOnly)) {
            m_loadErrors.append(ChatStore::tr("%1: cannot be read").arg(name));
            continue;
        }
        QJsonParseError pe;
        const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &pe);
        if (pe.error != QJsonParseError::NoError || !doc.isObject()) {
            m_loadErrors.append(ChatStore::tr("%1: damaged JSON at offset %2 (%3)").arg(name).arg(pe.offset).arg(pe.errorString()));
            continue;
        }
        Chat chat;
        QString error;
        if (!chatFromJson(doc.object(), &chat, &error)) {
            m_loadErrors.append(QStringLiteral("%1: %2").arg(name, error));
            continue;
        }
        m_chats.append(chat);
    }
    Q_EMIT chatsChanged();
}

QStringList ChatStore::ids() const
{
    QList<const Chat *> sorted;
    for (const Chat &c : m_chats)
        sorted.append(&c);
    std::stable_sort(sorted.begin(), sorted.end(), [](const Chat *a, const Chat *b) { return a->updated > b->updated; });
    QStringList out;
    for (const Chat *c : sorted)
        out.append(c->id);
    return out;
}

static bool chatHolds(const Chat &c, const QString &text)
{
    if (c.title.contains(text, Qt::CaseInsensitive))
        return true;
    for (const Message &m : c.messages)
        if (m.content.contains(text, Qt::CaseInsensitive))
            return true;
    return false;
}

QStringList ChatStore::search(const QString &text) const
{
    QStringList out;
    for (const QString &id : ids()) {
        if (text.isEmpty() || chatHolds(*chat(id), text))
            out.append(id);
    }
    return out;
}

const Chat *ChatStore::chat(const QString &id) const
{
    for (const Chat &c : m_chats)
        if (c.id == id)
            return &c;
    return nullptr;
}

Chat *ChatStore::find(const QString &id)
{
    for (Chat &c : m_chats)
        if (c.id == id)
            return &c;
    return nullptr;
}

QString ChatStore::createChat(const QString &title)
{
    Chat c;
    c.id = QUuid::createUuid().toString(QUuid::WithoutBraces);
    c.title = title;
    c.created = c.updated = QDateTime::currentDateTimeUtc();
    m_chats.append(c);
    save(c.id);
    Q_EMIT chatsChanged();
    return c.id;
}

bool ChatStore::rename(const QString &id, const QString &title)
{
    Chat *c = find(id);
    if (!c || title.trimmed().isEmpty())
        return false;
    c->title = title.trimmed();
    const bool ok = save(id);
    Q_EMIT chatsChanged();
    return ok;
}

bool ChatStore::remove(const QString &id)
{
    for (int i = 0; i < m_chats.size(); ++i) {
        if (m_chats[i].id == id) {
            m_chats.removeAt(i);
            // Queued behind any pending write of the same chat.
            const QString file = fileFor(id);
            m_writer.start([file] { QFile::remove(file); });
            Q_EMIT chatsChanged();
            return true;
        }
    }
    return false;
}

bool ChatStore::update(const Chat &chat)
{
    Chat *c = find(chat.id);
    if (!c)
        return false;
    *c = chat;
    c->updated = QDateTime::currentDateTimeUtc();
    const bool ok = save(chat.id);
    Q_EMIT chatChanged(chat.id);
    return ok;
}

QString ChatStore::branch(const QString &id, int lastIndex, const QString &title)
{
    const Chat *from = chat(id);
    if (!from || lastIndex < 0 || lastIndex >= from->messages.size())
        return QString();
    Chat c;
    c.id = QUuid::createUuid().toString(QUuid::WithoutBraces);
    c.title = title;
    c.created = c.updated = QDateTime::currentDateTimeUtc();
    c.messages = from->messages.mid(0, lastIndex + 1);
    c.preset = from->preset; // the branch answers as its origin did
    // The context figure is the engine's count for the whole chat; the branch
    // has no session yet (its first turn reads it all), so it is unknown.
    m_chats.append(c);
    save(c.id);
    Q_EMIT chatsChanged();
    return c.id;
}

bool ChatStore::save(const QString &id)
{
    const Chat *c = chat(id);
    if (!c) {
        m_lastError = ChatStore::tr("no chat with id %1").arg(id);
        return false;
    }
    const QString path = fileFor(id);
    // A copy of the chat goes to the writer (its strings are shared, not
    // copied): the JSON of a long chat takes milliseconds the GUI thread
    // must not spend, and the writer serialises in the order of the saves.
    m_writer.start([this, path, snapshot = *c] {
        if (serializeHook())
            serializeHook()();
        const QByteArray data = QJsonDocument(chatToJson(snapshot)).toJson(QJsonDocument::Indented);
        QSaveFile file(path);
        QString error;
        if (file.open(QIODevice::WriteOnly)) {
            file.write(data);
            if (beforeCommitHook())
                beforeCommitHook()();
            // commit() flushes, fsyncs and renames over the old file in one step.
            if (file.commit())
                return;
        }
        error = ChatStore::tr("%1: %2").arg(path, file.errorString());
        QMetaObject::invokeMethod(this, [this, error] {
            m_lastError = error;
            Q_EMIT saveFailed(error);
        }, Qt::QueuedConnection);
    });
    return true;
}

} // namespace sluice::gui
