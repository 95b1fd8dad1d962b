#include "text/chatformat.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>

#include <algorithm>
#include <map>
#include <optional>

namespace sluice::text {

namespace {

constexpr std::string_view kImagePlaceholder = "<|kimi_image_placeholder|>";

std::string turnWhere(size_t index, const std::string &role)
{
    return "turn " + std::to_string(index + 1) + " (" + role + ")";
}

// Parses one JSON value given as text; nullopt if it is not exactly one value.
std::optional<QJsonValue> parseJsonValue(std::string_view text)
{
    QByteArray wrapped = "[";
    wrapped.append(text.data(), qsizetype(text.size()));
    wrapped.append(']');
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(wrapped, &error);
    if (error.error != QJsonParseError::NoError || !doc.isArray() || doc.array().size() != 1)
        return std::nullopt;
    return doc.array().at(0);
}

size_t skipSpace(std::string_view t, size_t i)
{
    while (i < t.size() && (t[i] == ' ' || t[i] == '\t' || t[i] == '\n' || t[i] == '\r'))
        ++i;
    return i;
}

// End of the JSON value starting at t[i] (lexically; validated afterwards).
size_t skipJsonValue(std::string_view t, size_t i)
{
    if (i >= t.size())
        return std::string_view::npos;
    if (t[i] == '"') {
        for (size_t j = i + 1; j < t.size(); ++j) {
            if (t[j] == '\\')
                ++j;
            else if (t[j] == '"')
                return j + 1;
        }
        return std::string_view::npos;
    }
    if (t[i] == '{' || t[i] == '[') {
        int depth = 0;
        for (size_t j = i; j < t.size(); ++j) {
            const char c = t[j];
            if (c == '"') {
                j = skipJsonValue(t, j);
                if (j == std::string_view::npos)
                    return j;
                --j;
            } else if (c == '{' || c == '[') {
                ++depth;
            } else if (c == '}' || c == ']') {
                if (--depth == 0)
                    return j + 1;
            }
        }
        return std::string_view::npos;
    }
    size_t j = i;
    while (j < t.size() && t[j] != ',' && t[j] != '}' && t[j] != ']' && t[j] != ' ' && t[j] != '\n' && t[j] != '\t'
           && t[j] != '\r')
        ++j;
    return j;
}

struct JsonMember {
    std::string key;
    std::string type;  // string, number, boolean, null, object, array
    std::string body;  // decoded string, or the value's JSON text as written
};

// The members of a top-level JSON object in their written order (Qt's
// QJsonObject would sort them). nullopt if the text is not one object.
std::optional<std::vector<JsonMember>> objectMembers(std::string_view t)
{
    std::vector<JsonMember> members;
    size_t i = skipSpace(t, 0);
    if (i >= t.size() || t[i] != '{')
        return std::nullopt;
    i = skipSpace(t, i + 1);
    if (i < t.size() && t[i] == '}')
        return skipSpace(t, i + 1) == t.size() ? std::optional(members) : std::nullopt;
    for (;;) {
        const size_t keyEnd = skipJsonValue(t, i);
        if (i >= t.size() || t[i] != '"' || keyEnd == std::string_view::npos)
            return std::nullopt;
        const auto key = parseJsonValue(t.substr(i, keyEnd - i));
        if (!key || !key->isString())
            return std::nullopt;
        i = skipSpace(t, keyEnd);
        if (i >= t.size() || t[i] != ':')
            return std::nullopt;
        i = skipSpace(t, i + 1);
        const size_t valueEnd = skipJsonValue(t, i);
        if (valueEnd == std::string_view::npos)
            return std::nullopt;
        const std::string_view raw = t.substr(i, valueEnd - i);
        const auto value = parseJsonValue(raw);
        if (!value)
            return std::nullopt;
        JsonMember member{key->toString().toStdString(), {}, std::string(raw)};
        switch (value->type()) {
        case QJsonValue::String:
            member.type = "string";
            member.body = value->toString().toStdString();
            break;
        case QJsonValue::Double:
            member.type = "number";
            break;
        case QJsonValue::Bool:
            member.type = "boolean";
            break;
        case QJsonValue::Null:
            member.type = "null";
            break;
        case QJsonValue::Object:
            member.type = "object";
            break;
        default:
            member.type = "array";
            break;
        }
        members.push_back(std::move(member));
        i = skipSpace(t, valueEnd);
        if (i < t.size() && t[i] == ',') {
            i = skipSpace(t, i + 1);
            continue;
        }
        if (i < t.size() && t[i] == '}' && skipSpace(t, i + 1) == t.size())
            return members;
        return std::nullopt;
    }
}

std::string jsonString(const std::string &s)
{
    const QByteArray doc = QJsonDocument(QJsonArray{QString::fromStdString(s)}).toJson(QJsonDocument::Compact);
    return doc.mid(1, doc.size() - 2).toStdString(); // strip [ ]
}

// Builds the segment list; every text the caller supplied goes into Content.
class SegmentWriter {
public:
    explicit SegmentWriter(std::vector<ChatSegment> &out) : m_out(out) {}

    void markup(std::string text)
    {
        if (!text.empty())
            m_out.push_back({ChatSegment::Markup, std::move(text)});
    }
    void content(std::string text)
    {
        if (!text.empty())
            m_out.push_back({ChatSegment::Content, std::move(text)});
    }
    // <|open|>tag key="value"...<|sep|>, the attribute split into four content segments.
    void open(const std::string &tag, const std::vector<std::pair<std::string, std::string>> &attributes = {})
    {
        markup("<|open|>");
        content(tag);
        for (const auto &[key, value] : attributes) {
            content(" " + key);
            content("=\"");
            content(escapeAttribute(value));
            content("\"");
        }
        markup("<|sep|>");
    }
    void close(const std::string &tag)
    {
        markup("<|close|>");
        content(tag);
        markup("<|sep|>");
    }
    void element(const std::string &tag, const std::vector<std::pair<std::string, std::string>> &attributes,
                 const std::string &body)
    {
        open(tag, attributes);
        content(body);
        close(tag);
    }

private:
    std::vector<ChatSegment> &m_out;
};

// Content with images: each placeholder becomes the media markup (original
// size), images beyond the placeholders go first.
Status writeContentWithImages(SegmentWriter &w, const std::string &content, const std::vector<ChatImage> &images,
                              const std::string &where)
{
    size_t placeholders = 0;
    for (size_t p = content.find(kImagePlaceholder); p != std::string::npos;
         p = content.find(kImagePlaceholder, p + kImagePlaceholder.size()))
        ++placeholders;
    const auto media = [](const ChatImage &image) {
        return "<|media_begin|>image " + std::to_string(image.width) + "x" + std::to_string(image.height)
               + "<|media_content|><|media_pad|><|media_end|>";
    };
    for (const ChatImage &image : images) {
        if (image.width <= 0 || image.height <= 0)
            return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "%1: image without a size"), where);
    }
    if (placeholders > images.size())
        return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "%1: %2 image placeholders but %3 images"),
            where, placeholders, images.size());
    const size_t leading = images.size() - placeholders;
    for (size_t i = 0; i < leading; ++i)
        w.markup(media(images[i]));
    size_t next = leading, start = 0;
    for (size_t p = content.find(kImagePlaceholder); p != std::string::npos;
         p = content.find(kImagePlaceholder, start)) {
        w.content(content.substr(start, p - start));
        w.markup(media(images[next++]));
        start = p + kImagePlaceholder.size();
    }
    w.content(content.substr(start));
    return Status::ok();
}

void writeSystemNote(SegmentWriter &w, const std::string &kind, const std::string &body)
{
    w.element("message", {{"role", "system"}, {"type", kind}}, body);
    w.markup("<|end_of_msg|>");
}

void writeToolCall(SegmentWriter &w, const ChatToolCall &call, int index)
{
    w.open("call", {{"tool", call.name}, {"index", std::to_string(index)}});
    if (const auto members = objectMembers(call.arguments)) {
        for (const JsonMember &m : *members)
            w.element("argument", {{"key", m.key}, {"type", m.type}}, m.body);
    } else {
        w.element("json", {{"type", "object"}}, call.arguments);
    }
    w.close("call");
}

} // namespace

std::string escapeAttribute(std::string_view value)
{
    std::string out;
    for (char c : value) {
        if (c == '&')
            out += "&amp;";
        else if (c == '"')
            out += "&quot;";
        else
            out += c;
    }
    return out;
}

Expected<std::string> compactSortedJson(const std::string &json, const std::string &what)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(json), &error);
    if (error.error != QJsonParseError::NoError)
        return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "%1: invalid JSON at offset %2: %3"), what,
            error.offset, error.errorString().toStdString());
    // QJsonObject keeps its keys sorted, at every depth; Compact uses ',' and ':'.
    return doc.toJson(QJsonDocument::Compact).toStdString();
}

// The note bodies below are the literals of Moonshot's encoding_k3.py, as
// reproduced by public ports of it (checked against two independent ports).
// They must match byte for byte: the model was trained on them.
std::string k3ToolDeclareBody(const std::string &compactToolsJson, bool dynamic)
{
    // The "## New Tools Available" heading of the mid-conversation variant is
    // from the spec (6.5); its sentence is assumed to be the same as the
    // static declaration's.
    return std::string(dynamic ? "## New Tools Available" : "# Tools")
           + "\nHere are the available tools, described in JSONSchema.\n\n```json\n" + compactToolsJson + "\n```";
}

std::string k3ThinkingEffortBody(const std::string &effort)
{
    // Upstream's text advertises `medium` although its own validation rejects it (spec 6.5).
    return "`thinking_effort` guides on how much to think in your thinking channel (not including the "
           "response channel), supported values include `low`, `medium`, `high`, and `max`.\n"
           "Now the system is invoked with `thinking_effort="
           + effort + "`.";
}

std::string k3ToolChoiceBody(const std::string &choice)
{
    if (choice == "required")
        return "The system is invoked with `tool_choice=required`.\nYou MUST call tools in the next message.";
    return "The system is invoked with `tool_choice=none`.\nYou MUST NOT call any tools in the next message.";
}

std::string k3ResponseFormatBody(const std::string &format, const std::string &compactSchemaJson)
{
    const std::string head = "The system is invoked with `response_format=" + format
                             + "`.\nYour response must be raw JSON data without markdown code blocks (```json) or any "
                               "additional formatting.";
    if (format == "json_schema")
        return head + "\nThe JSON data must match the following schema:\n```json\n" + compactSchemaJson + "\n```";
    return head;
}

Expected<std::vector<ChatSegment>> renderK3(const std::vector<ChatTurn> &turns, const ChatRenderOptions &options)
{
    std::vector<ChatSegment> segments;
    SegmentWriter w(segments);

    // (1) tool declarations
    if (!options.toolsJson.empty()) {
        auto tools = compactSortedJson(options.toolsJson, "tools");
        if (!tools)
            return tools.status();
        writeSystemNote(w, "tool-declare", k3ToolDeclareBody(*tools, false));
    }
    // (2) thinking effort
    if (options.thinking && !options.thinkingEffort.empty()) {
        const std::string &e = options.thinkingEffort;
        if (e != "low" && e != "high" && e != "max")
            return makeError(
                ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "thinking effort '%1': expected low, high or max"), e);
        writeSystemNote(w, "thinking-effort", k3ThinkingEffortBody(e));
    }
    // (3) messages
    const ChatTurn *lastAssistant = nullptr;
    for (size_t i = 0; i < turns.size();) {
        const ChatTurn &turn = turns[i];
        const std::string where = turnWhere(i, turn.role);
        if (turn.role == "tool") {
            // A run of results, re-sorted into the order of the calls they answer.
            size_t end = i;
            while (end < turns.size() && turns[end].role == "tool")
                ++end;
            std::vector<const ChatTurn *> results;
            for (size_t k = i; k < end; ++k)
                results.push_back(&turns[k]);
            const auto callIndex = [&](const ChatTurn *r) {
                if (lastAssistant) {
                    for (size_t c = 0; c < lastAssistant->toolCalls.size(); ++c)
                        if (!r->toolCallId.empty() && lastAssistant->toolCalls[c].id == r->toolCallId)
                            return c;
                }
                return size_t(-1);
            };
            std::stable_sort(results.begin(), results.end(),
                             [&](const ChatTurn *a, const ChatTurn *b) { return callIndex(a) < callIndex(b); });
            for (size_t k = 0; k < results.size(); ++k) {
                const ChatTurn &r = *results[k];
                std::string tool = r.toolName;
                if (const size_t c = callIndex(&r); c != size_t(-1))
                    tool = lastAssistant->toolCalls[c].name;
                if (tool.empty())
                    return makeError(ErrorCode::InvalidArgument,
                        SLUICE_ERRT("Error", "%1: tool result answers no known call and names no tool"),
                        turnWhere(size_t(&r - turns.data()), "tool"));
                std::vector<std::pair<std::string, std::string>> attrs{{"role", "tool"}, {"tool", tool},
                                                                       {"index", std::to_string(k + 1)}};
                w.open("message", attrs);
                SLUICE_TRY(writeContentWithImages(w, r.content, r.images, where));
                w.close("message");
                w.markup("<|end_of_msg|>");
            }
            i = end;
            continue;
        }
        if (turn.role != "system" && turn.role != "user" && turn.role != "assistant")
            return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "%1: unknown role"), where);
        if (turn.role == "system" && !turn.toolsJson.empty()) {
            auto tools = compactSortedJson(turn.toolsJson, where + " tools");
            if (!tools)
                return tools.status();
            if (!turn.content.empty()) {
                w.element("message", {{"role", "system"}}, turn.content);
                w.markup("<|end_of_msg|>");
            }
            writeSystemNote(w, "tool-declare", k3ToolDeclareBody(*tools, true));
            ++i;
            continue;
        }
        std::vector<std::pair<std::string, std::string>> attrs{{"role", turn.role}};
        if (!turn.name.empty())
            attrs.push_back({"name", turn.name});
        w.open("message", attrs);
        if (turn.role == "assistant") {
            if (options.thinking)
                w.element("think", {}, turn.reasoning);
            w.open("response");
            // What the model wrote is text: a reply that spells out the image
            // placeholder (an untrained or a quoting model) must not make the
            // next turn unrenderable. Only images attached to the turn take
            // placeholders; without any, the content stays content-mode text.
            if (turn.images.empty())
                w.content(turn.content);
            else
                SLUICE_TRY(writeContentWithImages(w, turn.content, turn.images, where));
            w.close("response");
            if (!turn.toolCalls.empty()) {
                w.open("tools");
                for (size_t c = 0; c < turn.toolCalls.size(); ++c)
                    writeToolCall(w, turn.toolCalls[c], int(c + 1));
                w.close("tools");
            }
            lastAssistant = &turn;
        } else {
            SLUICE_TRY(writeContentWithImages(w, turn.content, turn.images, where));
        }
        w.close("message");
        w.markup("<|end_of_msg|>");
        ++i;
    }
    // (4) tool choice
    if (options.toolChoice == "required" || options.toolChoice == "none")
        writeSystemNote(w, "tool-choice", k3ToolChoiceBody(options.toolChoice));
    else if (!options.toolChoice.empty() && options.toolChoice != "auto")
        return makeError(ErrorCode::InvalidArgument,
            SLUICE_ERRT("Error", "tool choice '%1': expected auto, required or none"), options.toolChoice);
    // (5) response format
    if (options.responseFormat == "json_object") {
        writeSystemNote(w, "response-format", k3ResponseFormatBody("json_object", ""));
    } else if (options.responseFormat == "json_schema") {
        auto schema = compactSortedJson(options.responseSchemaJson, "response schema");
        if (!schema)
            return schema.status();
        writeSystemNote(w, "response-format", k3ResponseFormatBody("json_schema", *schema));
    } else if (!options.responseFormat.empty() && options.responseFormat != "text") {
        return makeError(
            ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "response format '%1' unknown"), options.responseFormat);
    }
    // (6) generation prompt: an unclosed assistant message with an open channel
    if (options.addGenerationPrompt) {
        w.open("message", {{"role", "assistant"}});
        w.open(options.thinking ? "think" : "response");
    }
    return segments;
}

Expected<std::vector<ChatSegment>> renderKimiLinear(const std::vector<ChatTurn> &turns,
                                                    const ChatRenderOptions &options)
{
    std::vector<ChatSegment> segments;
    SegmentWriter w(segments);
    // Specials glued to role names are split so that a user-chosen `name`
    // stays content; the ids equal encoding the joined string in markup mode.
    const auto header = [&](const std::string &marker, const std::string &label) {
        w.markup(marker);
        w.content(label);
        w.markup("<|im_middle|>");
    };
    if (!options.toolsJson.empty()) {
        auto tools = compactSortedJson(options.toolsJson, "tools");
        if (!tools)
            return tools.status();
        header("<|im_system|>", "tool_declare");
        w.content(*tools);
        w.markup("<|im_end|>");
    }
    for (size_t i = 0; i < turns.size(); ++i) {
        const ChatTurn &turn = turns[i];
        const std::string where = turnWhere(i, turn.role);
        if (!turn.images.empty())
            return makeError(
                ErrorCode::Unsupported, SLUICE_ERRT("Error", "%1: Kimi-Linear has no vision input"), where);
        const std::string label = turn.name.empty() ? turn.role : turn.name;
        if (turn.role == "system") {
            header("<|im_system|>", label);
            w.content(turn.content);
        } else if (turn.role == "user") {
            header("<|im_user|>", label);
            w.content(turn.content);
        } else if (turn.role == "assistant") {
            header("<|im_assistant|>", label);
            w.content(turn.content);
            if (!turn.toolCalls.empty()) {
                w.markup("<|tool_calls_section_begin|>");
                for (size_t c = 0; c < turn.toolCalls.size(); ++c) {
                    const ChatToolCall &call = turn.toolCalls[c];
                    w.markup("<|tool_call_begin|>");
                    w.content(call.id.empty() ? "functions." + call.name + ":" + std::to_string(c) : call.id);
                    w.markup("<|tool_call_argument_begin|>");
                    w.content(call.arguments);
                    w.markup("<|tool_call_end|>");
                }
                w.markup("<|tool_calls_section_end|>");
            }
        } else if (turn.role == "tool") {
            header("<|im_system|>", turn.name.empty() ? "tool" : turn.name);
            if (!turn.toolCallId.empty())
                w.content("## Return of " + turn.toolCallId + "\n");
            w.content(turn.content);
        } else {
            return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "%1: unknown role"), where);
        }
        w.markup("<|im_end|>");
    }
    if (options.addGenerationPrompt)
        header("<|im_assistant|>", "assistant");
    return segments;
}

std::vector<int> encodeSegments(const Tokenizer &tokenizer, const std::vector<ChatSegment> &segments)
{
    std::vector<int> ids;
    for (const ChatSegment &s : segments) {
        const std::vector<int> part =
            s.mode == ChatSegment::Markup ? tokenizer.encodeMarkup(s.text) : tokenizer.encode(s.text);
        ids.insert(ids.end(), part.begin(), part.end());
    }
    return ids;
}

Expected<std::vector<int>> renderChat(const Tokenizer &tokenizer, ChatFlavor flavor,
                                      const std::vector<ChatTurn> &turns, const ChatRenderOptions &options)
{
    auto segments = flavor == ChatFlavor::K3 ? renderK3(turns, options) : renderKimiLinear(turns, options);
    if (!segments)
        return segments.status();
    // Every special the markup names must exist, or it would silently become text.
    for (const ChatSegment &s : *segments) {
        if (s.mode != ChatSegment::Markup)
            continue;
        for (size_t p = s.text.find("<|"); p != std::string::npos; p = s.text.find("<|", p + 2)) {
            const size_t end = s.text.find("|>", p);
            const std::string name = s.text.substr(p, end == std::string::npos ? std::string::npos : end + 2 - p);
            if (!tokenizer.specialId(name))
                return makeError(ErrorCode::Unsupported,
                    SLUICE_ERRT("Error", "chat format needs the special token %1, which this tokenizer does not have"),
                    name);
        }
    }
    return encodeSegments(tokenizer, *segments);
}

namespace {

std::string unescapeAttribute(std::string value)
{
    std::string out;
    for (size_t i = 0; i < value.size();) {
        if (value.compare(i, 6, "&quot;") == 0) {
            out += '"';
            i += 6;
        } else if (value.compare(i, 5, "&amp;") == 0) {
            out += '&';
            i += 5;
        } else {
            out += value[i++];
        }
    }
    return out;
}

struct Header {
    std::string tag;
    std::map<std::string, std::string> attributes;
};

Header parseHeader(const std::string &text)
{
    Header h;
    size_t i = 0;
    while (i < text.size() && text[i] != ' ')
        h.tag += text[i++];
    while (i < text.size()) {
        while (i < text.size() && text[i] == ' ')
            ++i;
        const size_t eq = text.find("=\"", i);
        if (eq == std::string::npos)
            break;
        const size_t endQuote = text.find('"', eq + 2);
        const std::string key = text.substr(i, eq - i);
        const std::string value = text.substr(eq + 2, endQuote == std::string::npos ? std::string::npos : endQuote - eq - 2);
        h.attributes[key] = unescapeAttribute(value);
        if (endQuote == std::string::npos)
            break;
        i = endQuote + 1;
    }
    return h;
}

// Collects one K3 reply; text is routed by the innermost open element.
class K3ReplyBuilder {
public:
    explicit K3ReplyBuilder(ParsedReply &reply) : m_reply(reply) {}

    std::vector<Header> stack;

    void text(std::string_view bytes)
    {
        if (stack.empty())
            return;
        const std::string &tag = stack.back().tag;
        if (tag == "think")
            m_reply.reasoning.append(bytes);
        else if (tag == "response" || tag == "message")
            m_reply.content.append(bytes);
        else if (tag == "argument" && m_call)
            m_argumentValue.append(bytes);
        else if (tag == "json" && m_call)
            m_call->arguments.append(bytes);
        // text directly inside tools/call is layout only
    }
    void push(Header h)
    {
        if (h.tag == "call") {
            m_call = ChatToolCall{};
            m_call->name = h.attributes["tool"];
            m_arguments.clear();
            m_usedJson = false;
        } else if (h.tag == "argument") {
            m_argumentValue.clear();
        } else if (h.tag == "json" && m_call) {
            m_usedJson = true;
        }
        stack.push_back(std::move(h));
    }
    void pop()
    {
        Header h = std::move(stack.back());
        stack.pop_back();
        if (h.tag == "argument" && m_call) {
            const std::string type = h.attributes["type"];
            std::string value = type == "string" ? jsonString(m_argumentValue) : m_argumentValue;
            if (type != "string" && !parseJsonValue(value))
                value = jsonString(m_argumentValue); // not valid JSON: keep it, as a string
            m_arguments.push_back(jsonString(h.attributes["key"]) + ":" + value);
        } else if (h.tag == "call" && m_call) {
            if (!m_usedJson) {
                std::string json = "{";
                for (size_t i = 0; i < m_arguments.size(); ++i)
                    json += (i ? "," : "") + m_arguments[i];
                m_call->arguments = json + "}";
            }
            m_call->id = "call_" + std::to_string(m_reply.toolCalls.size() + 1);
            m_reply.toolCalls.push_back(std::move(*m_call));
            m_call.reset();
        }
    }
    // Closes the nearest element named `tag` and everything inside it; a
    // close that matches nothing open is ignored.
    void close(const std::string &tag)
    {
        for (size_t i = stack.size(); i-- > 0;) {
            if (stack[i].tag == tag) {
                while (stack.size() > i)
                    pop();
                return;
            }
        }
    }

private:
    ParsedReply &m_reply;
    std::optional<ChatToolCall> m_call;
    std::vector<std::string> m_arguments;
    std::string m_argumentValue;
    bool m_usedJson = false;
};

} // namespace

ParsedReply parseK3Reply(const Tokenizer &tokenizer, std::span<const int> ids, ReplyStart start)
{
    ParsedReply reply;
    const int open = tokenizer.specialId("<|open|>").value_or(-2);
    const int close = tokenizer.specialId("<|close|>").value_or(-2);
    const int sep = tokenizer.specialId("<|sep|>").value_or(-2);
    const int endOfMessage = tokenizer.specialId("<|end_of_msg|>").value_or(-2);
    const int eos = tokenizer.specialId("[EOS]").value_or(-2);

    K3ReplyBuilder builder(reply);
    builder.push({"message", {{"role", "assistant"}}});
    if (start == ReplyStart::InThink)
        builder.push({"think", {}});
    else if (start == ReplyStart::InResponse)
        builder.push({"response", {}});

    enum { Body, OpenHeader, CloseHeader } mode = Body;
    std::string header;
    for (int id : ids) {
        if (id == endOfMessage || id == eos) {
            reply.finished = true;
            break;
        }
        if (id == open || id == close) {
            mode = id == open ? OpenHeader : CloseHeader; // an interrupted header is dropped
            header.clear();
        } else if (id == sep) {
            if (mode == OpenHeader)
                builder.push(parseHeader(header));
            else if (mode == CloseHeader)
                builder.close(parseHeader(header).tag);
            mode = Body;
        } else if (mode == Body) {
            // Other specials inside the body are shown as their text.
            builder.text(tokenizer.tokenBytes(id));
        } else {
            header.append(tokenizer.tokenBytes(id));
        }
    }
    // A reply that stops with only the message itself open is complete
    // (the end-of-message id closes it); anything deeper was cut off.
    reply.truncated = mode != Body || std::any_of(builder.stack.begin(), builder.stack.end(),
                                                  [](const Header &h) { return h.tag != "message"; });
    // Finish whatever is still open so partial calls are not lost.
    while (!builder.stack.empty())
        builder.pop();
    return reply;
}

ParsedReply parseKimiLinearReply(const Tokenizer &tokenizer, std::span<const int> ids)
{
    ParsedReply reply;
    const int end = tokenizer.specialId("<|im_end|>").value_or(-2);
    const int eos = tokenizer.specialId("[EOS]").value_or(-2);
    const int sectionBegin = tokenizer.specialId("<|tool_calls_section_begin|>").value_or(-2);
    const int sectionEnd = tokenizer.specialId("<|tool_calls_section_end|>").value_or(-2);
    const int callBegin = tokenizer.specialId("<|tool_call_begin|>").value_or(-2);
    const int argumentBegin = tokenizer.specialId("<|tool_call_argument_begin|>").value_or(-2);
    const int callEnd = tokenizer.specialId("<|tool_call_end|>").value_or(-2);
    enum { Content, Section, CallId, Arguments } mode = Content;
    std::optional<ChatToolCall> call;
    const auto finishCall = [&] {
        if (!call)
            return;
        // "functions.get_weather:0" -> name "get_weather"
        std::string name = call->id;
        if (name.rfind("functions.", 0) == 0)
            name = name.substr(10);
        if (const size_t colon = name.rfind(':'); colon != std::string::npos)
            name = name.substr(0, colon);
        call->name = name;
        reply.toolCalls.push_back(std::move(*call));
        call.reset();
    };
    for (int id : ids) {
        if (id == end || id == eos) {
            reply.finished = true;
            break;
        }
        if (id == sectionBegin) {
            mode = Section;
        } else if (id == sectionEnd) {
            finishCall();
            mode = Content;
        } else if (id == callBegin) {
            finishCall();
            call = ChatToolCall{};
            mode = CallId;
        } else if (id == argumentBegin) {
            mode = Arguments;
        } else if (id == callEnd) {
            finishCall();
            mode = Section;
        } else if (mode == Content) {
            reply.content.append(tokenizer.tokenBytes(id));
        } else if (mode == CallId && call) {
            call->id.append(tokenizer.tokenBytes(id));
        } else if (mode == Arguments && call) {
            call->arguments.append(tokenizer.tokenBytes(id));
        }
    }
    reply.truncated = mode != Content;
    finishCall();
    return reply;
}

std::vector<int> mediaMarkupIds(const Tokenizer &tokenizer)
{
    std::vector<int> ids;
    for (const char *marker : {"<|media_begin|>", "<|media_content|>", "<|media_end|>", "<|media_pad|>"})
        if (const std::optional<int> id = tokenizer.specialId(marker))
            ids.push_back(*id);
    return ids;
}

} // namespace sluice::text
