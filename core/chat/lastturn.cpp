#include "chat/lastturn.h"

#include "util/atomicfile.h"
#include "util/regularfile.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cstdio>

namespace sluice::chat {

namespace {

constexpr int kVersion = 2;
// Bounded before reading: the ids of a full context and its messages' text.
constexpr uint64_t kMaxBytes = 256ull << 20;

std::string turnPath(const std::string &sessionPath)
{
    return sessionPath + ".turn";
}

QString q(const std::string &s)
{
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

std::string s(const QJsonValue &v)
{
    return v.toString().toStdString();
}

QJsonObject toJson(const ChatMessage &m)
{
    QJsonArray calls;
    for (const ChatToolCall &c : m.toolCalls)
        calls.append(QJsonObject{{"id", q(c.id)}, {"name", q(c.name)}, {"arguments", q(c.arguments)}});
    return QJsonObject{{"role", q(m.role)},         {"content", q(m.content)},
                       {"reasoning", q(m.reasoning)}, {"images", m.imageCount},
                       {"tool_calls", calls},        {"tool_call_id", q(m.toolCallId)},
                       {"name", q(m.name)}};
}

ChatMessage messageFrom(const QJsonObject &o)
{
    ChatMessage m{s(o.value("role")), s(o.value("content")), s(o.value("reasoning")),
                  std::max(0, o.value("images").toInt())};
    for (const QJsonValue &v : o.value("tool_calls").toArray()) {
        const QJsonObject c = v.toObject();
        m.toolCalls.push_back({s(c.value("id")), s(c.value("name")), s(c.value("arguments"))});
    }
    m.toolCallId = s(o.value("tool_call_id"));
    m.name = s(o.value("name"));
    return m;
}

QJsonObject toJson(const ChatOptions &o)
{
    return QJsonObject{{"thinking", o.thinking},
                       {"thinking_effort", q(o.thinkingEffort)},
                       {"tools", q(o.toolsJson)},
                       {"tool_choice", q(o.toolChoice)},
                       {"response_format", q(o.responseFormat)},
                       {"response_schema", q(o.responseSchemaJson)}};
}

ChatOptions optionsFrom(const QJsonObject &o)
{
    ChatOptions c;
    c.thinking = o.value("thinking").toBool();
    c.thinkingEffort = s(o.value("thinking_effort"));
    c.toolsJson = s(o.value("tools"));
    c.toolChoice = s(o.value("tool_choice"));
    c.responseFormat = s(o.value("response_format"));
    c.responseSchemaJson = s(o.value("response_schema"));
    return c;
}

} // namespace

bool sameOptions(const ChatOptions &a, const ChatOptions &b)
{
    return a.thinking == b.thinking && a.thinkingEffort == b.thinkingEffort && a.toolsJson == b.toolsJson &&
           a.toolChoice == b.toolChoice && a.responseFormat == b.responseFormat &&
           a.responseSchemaJson == b.responseSchemaJson;
}

Status saveLastTurn(const LastTurn &turn, const std::string &sessionPath)
{
    const std::string path = turnPath(sessionPath);
    if (!turn.valid()) {
        std::remove(path.c_str()); // a stale side file would only be refused, but need not stay
        return Status::ok();
    }
    QJsonArray ids, messages;
    for (int id : turn.ids)
        ids.append(id);
    for (const ChatMessage &m : turn.messages)
        messages.append(toJson(m));
    const QByteArray bytes = QJsonDocument(QJsonObject{{"version", kVersion},
                                                       {"ids", ids},
                                                       {"prompt_length", qint64(turn.promptLength)},
                                                       {"messages", messages},
                                                       {"reply", toJson(turn.reply)},
                                                       {"options", toJson(turn.options)}})
                                 .toJson(QJsonDocument::Compact);
    return writeFileAtomically(path, std::string_view(bytes.constData(), size_t(bytes.size())), "chat turn file");
}

LastTurn loadLastTurn(const std::string &sessionPath, const std::vector<int> &stateIds)
{
    LastTurn turn;
    auto text = readRegularFile(turnPath(sessionPath), kMaxBytes);
    if (!text)
        return turn;
    const QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(*text)).object();
    if (o.value("version").toInt() != kVersion)
        return turn;
    // The last turn's ids are the state's plus the last one sampled (never fed).
    const QJsonArray ids = o.value("ids").toArray();
    if (stateIds.empty() || size_t(ids.size()) != stateIds.size() + 1)
        return turn;
    std::vector<int> last;
    last.reserve(size_t(ids.size()));
    for (const QJsonValue &v : ids) {
        if (!v.isDouble())
            return turn;
        last.push_back(v.toInt());
    }
    if (!std::equal(stateIds.begin(), stateIds.end(), last.begin()))
        return turn;
    std::vector<ChatMessage> messages;
    for (const QJsonValue &v : o.value("messages").toArray())
        messages.push_back(messageFrom(v.toObject()));
    if (messages.empty())
        return turn;
    turn.messages = std::move(messages);
    turn.reply = messageFrom(o.value("reply").toObject());
    turn.options = optionsFrom(o.value("options").toObject());
    const qint64 promptLength = o.value("prompt_length").toInteger();
    turn.promptLength = promptLength > 0 && promptLength < qint64(last.size()) ? size_t(promptLength) : 0;
    turn.ids = std::move(last);
    return turn;
}

} // namespace sluice::chat
