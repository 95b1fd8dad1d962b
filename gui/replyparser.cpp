#include "replyparser.h"

#include <QRegularExpression>

namespace sluice::gui {

namespace {
const QString kOpen = QStringLiteral("<|open|>");
const QString kClose = QStringLiteral("<|close|>");
const QString kSep = QStringLiteral("<|sep|>");
const QString kEnd = QStringLiteral("<|end_of_msg|>");

QString attribute(const QString &tag, const QString &key)
{
    const QRegularExpression re(QStringLiteral("\\b%1=\"([^\"]*)\"").arg(QRegularExpression::escape(key)));
    const auto m = re.match(tag);
    if (!m.hasMatch())
        return {};
    QString v = m.captured(1);
    v.replace(QStringLiteral("&quot;"), QStringLiteral("\"")).replace(QStringLiteral("&amp;"), QStringLiteral("&"));
    return v;
}
} // namespace

ReplyParser::ReplyParser(bool startInThinking)
    : m_channel(startInThinking ? Channel::Think : Channel::Response)
{
}

void ReplyParser::emitText(const QString &text)
{
    if (text.isEmpty())
        return;
    switch (m_channel) {
    case Channel::Think:
        m_reasoning += text;
        break;
    case Channel::Response:
        m_content += text;
        break;
    case Channel::Argument:
        if (!m_calls.isEmpty())
            m_calls.last().arguments += text;
        break;
    case Channel::Tools:
    case Channel::Other:
        break; // structure whitespace between elements
    }
}

void ReplyParser::handleTag(const QString &tag, bool opening)
{
    const QString name = tag.section(QLatin1Char(' '), 0, 0);
    if (opening) {
        if (name == QLatin1String("think"))
            m_channel = Channel::Think;
        else if (name == QLatin1String("response"))
            m_channel = Channel::Response;
        else if (name == QLatin1String("tools"))
            m_channel = Channel::Tools;
        else if (name == QLatin1String("call")) {
            m_calls.append({attribute(tag, QStringLiteral("tool")), QString()});
            m_channel = Channel::Tools;
        } else if (name == QLatin1String("argument") || name == QLatin1String("json")) {
            if (!m_calls.isEmpty()) {
                // Typed arguments are shown one per line as "key: value".
                ToolCall &call = m_calls.last();
                if (!call.arguments.isEmpty())
                    call.arguments += QLatin1Char('\n');
                const QString key = attribute(tag, QStringLiteral("key"));
                if (name == QLatin1String("argument") && !key.isEmpty())
                    call.arguments += key + QStringLiteral(": ");
            }
            m_channel = Channel::Argument;
        } else
            m_channel = Channel::Other;
    } else {
        if (name == QLatin1String("argument") || name == QLatin1String("json") || name == QLatin1String("call"))
            m_channel = Channel::Tools;
        else
            m_channel = Channel::Other;
    }
}

void ReplyParser::feed(const QString &text)
{
    m_buffer += text;
    for (;;) {
        const qsizetype at = m_buffer.indexOf(QLatin1String("<|"));
        if (at < 0) {
            emitText(m_buffer);
            m_buffer.clear();
            return;
        }
        emitText(m_buffer.left(at));
        m_buffer.remove(0, at);
        // m_buffer starts with "<|". Decide what it is.
        if (m_buffer.startsWith(kEnd)) {
            m_buffer.remove(0, kEnd.size());
            m_channel = Channel::Other;
            continue;
        }
        const bool opening = m_buffer.startsWith(kOpen);
        const bool closing = m_buffer.startsWith(kClose);
        if (opening || closing) {
            const qsizetype start = (opening ? kOpen : kClose).size();
            const qsizetype sep = m_buffer.indexOf(kSep, start);
            if (sep < 0) {
                if (m_buffer.size() > 512) { // not a tag after all: give it up as text
                    emitText(m_buffer.left(2));
                    m_buffer.remove(0, 2);
                    continue;
                }
                return; // wait for the rest of the tag
            }
            handleTag(m_buffer.mid(start, sep - start), opening);
            m_buffer.remove(0, sep + kSep.size());
            continue;
        }
        // A prefix of a marker? Wait; otherwise it is ordinary text.
        const QString head = m_buffer.left(kClose.size());
        if (kOpen.startsWith(head) || kClose.startsWith(head) || kEnd.startsWith(m_buffer.left(kEnd.size())))
            if (m_buffer.size() < kEnd.size())
                return;
        emitText(m_buffer.left(2));
        m_buffer.remove(0, 2);
    }
}

void ReplyParser::finish()
{
    emitText(m_buffer);
    m_buffer.clear();
}

} // namespace sluice::gui
