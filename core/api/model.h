#pragma once
// sluice::Model — a model opened once (the llama_model analogue): the
// container, the resident trunk, the thread pool, the expert cache, the
// memory ledger, the tokenizer and the vision tower (loaded on the first
// image). Sessions (api/session.h) hold the per-conversation state; a model
// has any number of them, used one at a time (they share the expert cache
// and the thread pool).
//
// Memory: the plan (api/inspect.h planModel) counts the model plus
// ModelOptions::sessions sessions of ModelOptions::contextLength with
// ModelOptions::checkpoints checkpoints each; after open the ledger holds
// exactly the planned figure (the expert cache takes the rest of the budget).
// createSession fails with ErrorCode::Budget when every planned session is alive.
//
// Errors are values; nothing here prints, exits or reads the environment.
#include "api/types.h"

#include <memory>
#include <span>

namespace sluice {

class Session;

// A session uses a planned session's memory; it may ask for less.
struct SessionOptions {
    int contextLength = 0;      // 0 = ModelOptions::contextLength (at most that)
    int checkpoints = -1;       // -1 = ModelOptions::checkpoints (at most that)
};

class Model {
public:
    virtual ~Model() = default;

    static Expected<std::shared_ptr<Model>> open(const ModelOptions &options);

    virtual const ModelInfo &info() const = 0;
    virtual const ModelOptions &options() const = 0;

    // Tokenizer: content mode (user text can never forge a control token).
    // Empty results when the container has no tokenizer (info().hasTokenizer).
    virtual std::vector<int> tokenize(const std::string &text) const = 0;
    virtual std::string detokenize(std::span<const int> tokens) const = 0;
    // Media markup for images of these original sizes (spec 6.5), one
    // <|media_pad|> each, then `text` in content mode.
    virtual std::vector<int> imagePrompt(const std::vector<std::pair<int, int>> &imageSizes,
                                         const std::string &text) const = 0;
    // Positions an image of this original size takes in a sequence of this
    // model as opened (its merged patch grid, ModelOptions::maxImagePatches).
    virtual Expected<int> imagePositions(int width, int height) const = 0;
    // The whole conversation in the model's chat format. `imageSizes` are the
    // original (width, height) of every image of the conversation, in order
    // (the markup carries them); missing sizes render as 0x0.
    virtual std::vector<int> renderChat(const std::vector<ChatMessage> &messages, const ChatOptions &options,
                                        const std::vector<std::pair<int, int>> &imageSizes = {}) const = 0;
    // Renders like renderChat but reports why it cannot (a tool list that is
    // not JSON, an unknown role or tool choice); renderChat returns {} then.
    virtual Expected<std::vector<int>> renderChatChecked(const std::vector<ChatMessage> &messages,
                                                         const ChatOptions &options,
                                                         const std::vector<std::pair<int, int>> &imageSizes = {}) const = 0;
    // Splits generated ids (what followed renderChat's generation prompt with
    // `options`) into reasoning, content and tool calls, parsed by id in the
    // model's format. Empty fields when the container has no tokenizer.
    virtual ChatReply parseReply(std::span<const int> generated, const ChatOptions &options) const = 0;

    // A new, empty session.
    virtual Expected<std::unique_ptr<Session>> createSession(const SessionOptions &options = {}) = 0;

    // The live budget (issue 19): moves the hard RAM ceiling without
    // reopening. Only the expert cache changes, in whole slots: the plan is
    // recomputed for `bytes` with the prefill chunk and the checkpoints granted
    // at open, so the trunk, the sessions and their checkpoints stay as they
    // are. A shrink evicts by the cache's policy and gives the pages back to
    // the OS before the ceiling falls; a grow raises the ceiling first. After
    // it the ledger holds exactly the planner's figure for `bytes`, and
    // outputs are bit-identical (placement never changes numbers).
    // Refused with ErrorCode::Budget, changing nothing, below
    // info().liveBudgetMinBytes or when the cache would need more slots than
    // its address space holds (info().liveBudgetMaxBytes: reopen to grow
    // beyond it). Call between generations, on the thread that drives the
    // sessions (not concurrently with eval/prefill/generate). Updates
    // info().budgetBytes, expertCacheBytes and expertCacheSlots.
    virtual Status setBudget(uint64_t bytes) = 0;
};

// A model with one session: what a one-conversation client opens (a CLI
// command, the app's local backend, a benchmark). The model's or the
// session's error, unchanged.
// The model is declared first so the session goes before the model it lives on.
struct ModelSession {
    std::shared_ptr<Model> model;
    std::unique_ptr<Session> session;

    explicit operator bool() const { return model && session; }
    Session *operator->() const { return session.get(); }
    const ModelInfo &info() const { return model->info(); }
};
Expected<ModelSession> openModelSession(const ModelOptions &options, const SessionOptions &sessionOptions = {});

} // namespace sluice
