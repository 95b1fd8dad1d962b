#pragma once
// Splits a streamed assistant reply into its channels (spec 6.5): the `think`
// element is the reasoning, `response` the content, `tools/call/argument` the
// tool calls. Works on the detokenised text and is tolerant of unterminated or
// missing elements (a model without the markup simply produces content).
// Markers may arrive split across chunks; the parser holds back a possible
// marker prefix until it is decided.
#include "chatstore.h"

namespace sluice::gui {

class ReplyParser
{
public:
    // startInThinking: the generation prompt opened a `think` element.
    explicit ReplyParser(bool startInThinking = false);

    void feed(const QString &text);
    // Flushes any held-back text (end of the stream).
    void finish();

    const QString &reasoning() const { return m_reasoning; }
    const QString &content() const { return m_content; }
    const QList<ToolCall> &toolCalls() const { return m_calls; }
    bool inThinking() const { return m_channel == Channel::Think; }

private:
    enum class Channel { Think, Response, Tools, Argument, Other };
    void handleTag(const QString &tag, bool opening);
    void emitText(const QString &text);

    Channel m_channel;
    QString m_buffer; // undecided text (a possible marker)
    QString m_reasoning;
    QString m_content;
    QList<ToolCall> m_calls;
};

} // namespace sluice::gui
