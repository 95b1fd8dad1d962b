// Conversation (api/chat.h): one chat turn for every client.
#include "api/chat.h"

#include "chat/lastturn.h"
#include "chat/replystream.h"
#include "model/imageencoder.h"

#include <QString>

#include <algorithm>
#include <cstdint>
#include <numeric>

namespace sluice {

namespace {

using Sizes = std::vector<std::pair<int, int>>;

// `bytes` as a client holding it as text has it: each ill-formed UTF-8
// sequence replaced by U+FFFD the way Qt (the server's JSON, the app) does.
std::string asText(const std::string &bytes)
{
    return QString::fromUtf8(bytes.data(), qsizetype(bytes.size())).toStdString();
}

ChatMessage asText(ChatMessage m)
{
    m.content = asText(m.content);
    m.reasoning = asText(m.reasoning);
    return m;
}

int imageCount(const std::vector<ChatMessage> &messages)
{
    return std::accumulate(messages.begin(), messages.end(), 0,
                           [](int n, const ChatMessage &m) { return n + std::max(0, m.imageCount); });
}

} // namespace

Expected<ImageBytes> readImageFile(const std::string &path)
{
    auto bytes = model::ImageEncoder::readFile(path);
    if (!bytes)
        return bytes.status();
    return ImageBytes{std::make_shared<const std::vector<uint8_t>>(std::move(*bytes)), path};
}

Conversation::Conversation(std::shared_ptr<Model> model, std::unique_ptr<Session> session)
    : m_model(std::move(model))
    , m_session(std::move(session))
    , m_last(std::make_unique<chat::LastTurn>())
{
}

Conversation::~Conversation() = default;

std::vector<ChatMessage> Conversation::history() const
{
    if (!m_last->valid())
        return {};
    std::vector<ChatMessage> out = m_last->messages;
    out.push_back(m_last->reply);
    return out;
}

Model &Conversation::model() const
{
    return *m_model;
}

Session &Conversation::session() const
{
    return *m_session;
}

void Conversation::cancel()
{
    m_session->cancel();
}

void Conversation::reset()
{
    m_last->clear();
    m_session->reset();
}

Status Conversation::save(const std::string &path) const
{
    SLUICE_TRY(m_session->save(path));
    return chat::saveLastTurn(*m_last, path);
}

Status Conversation::load(const std::string &path)
{
    m_last->clear(); // the state is another chat's from here on
    if (Status st = m_session->load(path); !st) {
        // The library left the live state untouched, but it belongs to
        // another chat: start empty so the next turn prefills this one.
        m_session->reset();
        return st;
    }
    *m_last = chat::loadLastTurn(path, m_session->tokens());
    return Status::ok();
}

// When the request is the last turn's messages + the reply exactly as we gave
// it + new messages (with the same options), the prompt is the last turn's
// exact ids followed by the rendering of what is new; otherwise `full`.
// Image turns always render afresh: an image's rows shift positions in ways
// the splice does not model (the session's prefix reuse still applies).
std::vector<int> Conversation::splice(const TurnRequest &request, const std::vector<int> &full) const
{
    const chat::LastTurn &last = *m_last;
    const std::vector<ChatMessage> &m = request.messages;
    const size_t k = last.messages.size();
    if (!last.valid() || !request.images.empty() || k == 0 || !chat::sameOptions(request.chat, last.options))
        return full;
    ChatOptions through = request.chat;
    through.addGenerationPrompt = false;
    // The same messages again (a regenerate): the same prompt ids.
    if (m.size() == k && last.promptLength > 0) {
        const auto a = m_model->renderChatChecked(last.messages, through);
        const auto b = m_model->renderChatChecked(m, through);
        if (a && b && !a->empty() && *a == *b)
            return std::vector<int>(last.ids.begin(), last.ids.begin() + ptrdiff_t(last.promptLength));
        return full;
    }
    if (m.size() < k + 2 || m[k].role != "assistant")
        return full;
    std::vector<ChatMessage> ours = last.messages;
    ours.push_back(last.reply);
    const std::vector<ChatMessage> theirs(m.begin(), m.begin() + ptrdiff_t(k + 1));
    auto a = m_model->renderChatChecked(ours, through);
    const auto b = m_model->renderChatChecked(theirs, through);
    if (a && b && *a != *b) {
        // A client can only echo the reply as text: bytes that were not valid
        // UTF-8 come back as U+FFFD (JSON, QString). That is still our reply.
        ours.back() = asText(last.reply);
        a = m_model->renderChatChecked(ours, through);
    }
    if (!a || !b || a->empty() || *a != *b || full.size() < b->size() || !std::equal(b->begin(), b->end(), full.begin()))
        return full;
    std::vector<int> ids = last.ids;
    // A reply cut off by its length has no end-of-message id; the rendering
    // closes the message with one, and so does the splice.
    const int endOfMsg = m_model->info().endOfMsgId;
    if (endOfMsg >= 0 && b->back() == endOfMsg && ids.back() != endOfMsg)
        ids.push_back(endOfMsg);
    ids.insert(ids.end(), full.begin() + ptrdiff_t(b->size()), full.end());
    return ids;
}

// Images queued, the context policy applied, the prompt rendered (and
// spliced). False with `status` and result.failure set when the turn cannot run.
bool Conversation::prepare(const TurnRequest &request, TurnRequest &fitted, TurnResult &result, Status &status)
{
    Session &s = *m_session;
    const int context = s.contextLength();
    const int room = std::max(0, request.replyRoom < 0 ? request.sampling.maxTokens : request.replyRoom);
    const auto fail = [&](TurnFailure why, Status st) {
        result.failure = st.code() == ErrorCode::Cancelled ? TurnFailure::Cancelled : why;
        status = std::move(st);
        return false;
    };
    fitted = request;
    s.clearImages();
    for (size_t i = 0; i < request.images.size(); ++i) {
        const ImageBytes &image = request.images[i];
        const std::string name = image.name.empty() ? "image " + std::to_string(i + 1) : image.name;
        if (Status st = s.addImage(image.data, name); !st) {
            s.clearImages();
            return fail(TurnFailure::Image, st);
        }
    }
    const Sizes sizes = s.queuedImageSizes();
    // Positions of a rendering: its ids plus each image's rows past its one pad
    // (the images of `messages` are the last ones of the conversation).
    const auto positions = [&](const std::vector<int> &ids, int images) -> int64_t {
        int64_t n = int64_t(ids.size());
        for (size_t i = sizes.size() - size_t(std::min<int>(images, int(sizes.size()))); i < sizes.size(); ++i)
            if (auto rows = m_model->imagePositions(sizes[i].first, sizes[i].second))
                n += *rows - 1;
        return n;
    };
    const auto sizesOf = [&](int images) {
        return Sizes(sizes.end() - std::min<ptrdiff_t>(images, ptrdiff_t(sizes.size())), sizes.end());
    };
    std::vector<int> full;
    int64_t promptPositions = 0;
    if (request.completion) {
        full = m_model->tokenize(request.prompt);
        promptPositions = int64_t(full.size());
    } else {
        if (request.policy == ContextPolicy::Fit && context > 0) {
            const RenderedLength length = [&](const std::vector<ChatMessage> &m) {
                const int images = imageCount(m);
                return size_t(positions(m_model->renderChat(m, request.chat, sizesOf(images)), images));
            };
            result.droppedMessages =
                dropOldestTurns(fitted.messages, context, room, length, &result.droppedImages);
            result.droppedImages = std::min(result.droppedImages, int(fitted.images.size()));
            fitted.images.erase(fitted.images.begin(), fitted.images.begin() + result.droppedImages);
            s.dropQueuedImages(result.droppedImages);
        }
        const int images = imageCount(fitted.messages);
        auto rendered = m_model->renderChatChecked(fitted.messages, request.chat, sizesOf(images));
        if (!rendered)
            return fail(TurnFailure::Request, rendered.status());
        if (rendered->empty())
            return fail(TurnFailure::Request,
                m_model->info().tokenizerError.empty()
                    ? makeError(
                        ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "the model has no tokenizer/chat format"))
                    : makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "the model has no tokenizer: %1"),
                        m_model->info().tokenizerError));
        full = std::move(*rendered);
        promptPositions = positions(full, images);
    }
    if (full.empty())
        return fail(
            TurnFailure::Request, makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "the prompt is empty")));
    result.contextLength = context;
    result.promptPositions = int(std::min<int64_t>(promptPositions, INT32_MAX));
    result.contextNeeded = int(std::min<int64_t>(promptPositions + room, INT32_MAX));
    if (context > 0 && promptPositions + std::max(room, 1) > context)
        return fail(TurnFailure::Context,
                    room > 1 ? makeError(ErrorCode::ContextFull,
                                         SLUICE_ERRT("Error", "the prompt needs %1 positions and the reply %2; the "
                                                              "context holds %3"),
                                         promptPositions, room, context)
                             : makeError(ErrorCode::ContextFull,
                                         SLUICE_ERRT("Error", "the prompt needs %1 positions; the context holds %2"),
                                         promptPositions, context));
    result.prompt = request.completion ? std::move(full) : splice(fitted, full);
    result.spliced = result.prompt.size() != full.size() || !std::equal(full.begin(), full.end(), result.prompt.begin());
    return true;
}

Status Conversation::reply(const TurnRequest &request, const TurnEvents &events, TurnResult &result)
{
    result = TurnResult{};
    result.contextLength = m_session->contextLength();
    LiveMeter meter; // the clock starts with the turn
    TurnRequest fitted;
    Status status;
    if (!prepare(request, fitted, result, status))
        return status;
    m_last->clear(); // until this turn completes, the state is not "prompt + reply"

    // The reply is capped at what the context leaves (the last id sampled is never fed).
    SamplingParams sp = request.sampling;
    const int context = result.contextLength;
    const int left = context > 0 ? context - result.promptPositions : sp.maxTokens;
    const bool capped = context > 0 && left < sp.maxTokens;
    sp.maxTokens = std::max(1, std::min(sp.maxTokens, left));

    chat::ReplyStream stream(*m_model, request.chat, request.completion, sp.stopStrings);
    const TokenCallback onToken = [&](const GeneratedToken &t) {
        meter.add(t.stats);
        meter.figures().budgetBytes = m_model->info().budgetBytes;
        meter.figures().expertCacheBytes = m_model->info().expertCacheBytes;
        const TurnDelta delta = stream.push(t.id);
        return !events.token || events.token(t, delta, meter.figures());
    };
    Expected<GenerationResult> generated = m_session->generate(result.prompt, sp, onToken, events.prefill);
    result.figures = meter.figures();
    result.contextTokens = m_session->position();
    if (!generated) {
        result.failure =
            generated.status().code() == ErrorCode::Cancelled ? TurnFailure::Cancelled : TurnFailure::Generation;
        return generated.status();
    }
    result.generation = std::move(*generated);
    GenerationResult &g = result.generation;
    if (capped && g.reason == StopReason::MaxTokens)
        g.reason = StopReason::ContextFull;
    result.reply = stream.finish(result.unsent);

    // The splice for the next turn: a chat reply that ended its message, or
    // one cut off by its length (the splice closes it). Not one that ended in
    // a stop string: its ids hold the stop string, the reply does not.
    const bool endedMessage = g.reason == StopReason::EndOfSequence && !g.tokens.empty() &&
                              g.tokens.back() == m_model->info().endOfMsgId;
    const bool cutOff = g.reason == StopReason::MaxTokens || g.reason == StopReason::ContextFull;
    if (!request.completion && (endedMessage || cutOff) && !g.tokens.empty() && fitted.images.empty()) {
        m_last->messages = fitted.messages;
        m_last->options = request.chat;
        m_last->reply = ChatMessage{"assistant", result.reply.content, result.reply.reasoning, 0,
                                    result.reply.toolCalls};
        m_last->ids = result.prompt;
        m_last->promptLength = result.prompt.size();
        m_last->ids.insert(m_last->ids.end(), g.tokens.begin(), g.tokens.end());
    }
    return Status::ok();
}

} // namespace sluice
