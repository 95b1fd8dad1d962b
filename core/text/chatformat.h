#pragma once
// Chat prompts and replies in the model's own format.
//
// K3 uses "XTML" (spec 6.5): elements <|open|>tag attrs<|sep|> body
// <|close|>tag<|sep|>, a top-level message ending in <|end_of_msg|>. The
// reference encoder emits a list of segments, each encoded separately in its
// own mode (BPE is not associative, so joining segments changes the ids);
// renderK3() reproduces that list and encodeSegments() encodes it. Anything a
// user, document or tool wrote is a content segment, so it can never become a
// control token.
//
// Kimi-Linear uses the K2-family markers: <|im_system|>/<|im_user|>/
// <|im_assistant|> + role name + <|im_middle|> + content + <|im_end|>
// (docs/tokenizer.md lists what was verified and what was assumed).
//
// Replies are parsed by token id, so a model that spells "<|sep|>" out as
// ordinary characters cannot fake structure, and unterminated elements
// (generation cut off by max tokens) still yield what was produced.
#include "api/types.h"
#include "text/tokenizer.h"
#include "util/status.h"

#include <span>
#include <string>
#include <vector>

namespace sluice::text {

struct ChatSegment {
    enum Mode { Content, Markup };
    Mode mode = Content;
    std::string text;
    bool operator==(const ChatSegment &) const = default;
};

struct ChatToolCall {
    std::string id;         // tool_call_id that results refer to
    std::string name;       // function name
    std::string arguments;  // JSON text of an object (as the model produced it)
    bool operator==(const ChatToolCall &) const = default;
};

struct ChatImage {
    int width = 0;          // original pixel size, before any resize
    int height = 0;
};

struct ChatTurn {
    std::string role;       // "system", "user", "assistant", "tool"
    std::string content;    // may contain <|kimi_image_placeholder|> once per image
    std::string reasoning;  // assistant: the think element's body
    std::string name;       // optional `name` attribute
    std::vector<ChatToolCall> toolCalls; // assistant
    std::string toolCallId; // tool result: the call it answers
    std::string toolName;   // tool result: function name if the id does not resolve
    std::string toolsJson;  // system message carrying tools: a dynamic declaration (JSON array)
    std::vector<ChatImage> images; // in order; placeholders first, the rest before the text
};

// What a client sets for a prompt (api/types.h ChatOptions: thinking and its
// effort, tools and tool choice, response format, the generation prompt) is
// what the renderers read: one struct, no field-by-field copy in between.
using ChatRenderOptions = ChatOptions;

// K3 XTML: the segment list of spec 6.5. Errors name the turn at fault.
Expected<std::vector<ChatSegment>> renderK3(const std::vector<ChatTurn> &turns, const ChatRenderOptions &options);
// Kimi-Linear (K2-family markers); thinking options are ignored (KL Instruct has no think channel).
Expected<std::vector<ChatSegment>> renderKimiLinear(const std::vector<ChatTurn> &turns,
                                                    const ChatRenderOptions &options);

// Encodes each segment on its own (content -> encode, markup -> encodeMarkup).
std::vector<int> encodeSegments(const Tokenizer &tokenizer, const std::vector<ChatSegment> &segments);

enum class ChatFlavor { K3, KimiLinear };
// Render + encode. Fails if the tokenizer lacks a special the format needs.
Expected<std::vector<int>> renderChat(const Tokenizer &tokenizer, ChatFlavor flavor,
                                      const std::vector<ChatTurn> &turns, const ChatRenderOptions &options);

struct ParsedReply {
    std::string reasoning;
    std::string content;
    std::vector<ChatToolCall> toolCalls; // ids are "call_<n>" (1-based) unless the format carries one
    bool finished = false;  // the message ended (end-of-message id seen)
    bool truncated = false; // ended inside an open element or header
};

// Where the generated ids start: right after the generation prompt.
enum class ReplyStart { InThink, InResponse, InMessage };

// K3: think -> reasoning, response -> content, tools/call/argument -> calls.
ParsedReply parseK3Reply(const Tokenizer &tokenizer, std::span<const int> ids, ReplyStart start);
// Kimi-Linear: everything before <|im_end|> is content; K2 tool-call
// sections are parsed when the tokenizer has their markers.
ParsedReply parseKimiLinearReply(const Tokenizer &tokenizer, std::span<const int> ids);

// ` key="value"` escaping: & -> &amp; then " -> &quot; (angle brackets stay).
std::string escapeAttribute(std::string_view value);

// The ids of the image markup (spec 6.5: <|media_begin|>, <|media_content|>,
// <|media_end|>, <|media_pad|>) this tokenizer has: placed by the client
// around an image, never generated on a model that places images.
std::vector<int> mediaMarkupIds(const Tokenizer &tokenizer);

// Bodies of the K3 system notes. UNVERIFIED against encoding_k3.py except
// where docs/tokenizer.md says otherwise; kept in one place so they can be
// corrected byte for byte.
std::string k3ToolDeclareBody(const std::string &compactToolsJson, bool dynamic);
std::string k3ThinkingEffortBody(const std::string &effort);
std::string k3ToolChoiceBody(const std::string &choice);
std::string k3ResponseFormatBody(const std::string &format, const std::string &compactSchemaJson);

// Compact JSON (separators ',' and ':'), keys sorted recursively, non-ASCII kept.
Expected<std::string> compactSortedJson(const std::string &json, const std::string &what);

} // namespace sluice::text
