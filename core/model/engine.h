#pragma once
// TRANSITIONAL compatibility layer: the old one-model-one-session Engine,
// now a thin wrapper over sluice::Model + sluice::Session (api/model.h,
// api/session.h). New code uses those directly; this header goes away when
// the last client has moved.
#include "api/model.h"
#include "api/session.h"

#include <memory>
#include <optional>

namespace sluice {

using EngineOptions = ModelOptions;

class Engine {
public:
    virtual ~Engine() = default;

    static Expected<std::unique_ptr<Engine>> open(const EngineOptions &options);

    virtual const ModelInfo &info() const = 0;
    virtual std::vector<int> tokenize(const std::string &text) const = 0;
    virtual std::string detokenize(std::span<const int> tokens) const = 0;
    virtual std::vector<int> renderChat(const std::vector<ChatMessage> &messages, const ChatOptions &options) const = 0;
    // Appends to the session.
    virtual Status eval(std::span<const int> tokens, std::vector<float> *lastLogits) = 0;
    // Appends `prompt` to the session, then samples until a stop.
    virtual Expected<GenerationResult> generate(std::span<const int> prompt, const SamplingParams &params,
                                                const TokenCallback &onToken) = 0;
    virtual void cancel() = 0;
    virtual int position() const = 0;
    virtual void resetSession() = 0;
    virtual Status saveSession(const std::string &path) const = 0;
    virtual Status loadSession(const std::string &path) = 0;
    virtual Status addImage(const std::string &imagePath) = 0;
    virtual void clearImages() = 0;
    // The live budget (Model::setBudget): between generations, on the
    // engine's thread. The default refuses (engines that cannot move it).
    virtual Status setBudget(uint64_t bytes)
    {
        (void)bytes;
        return makeError(ErrorCode::InvalidArgument, "this engine cannot change its budget without reopening");
    }
    // Model::parseReply; nullopt for engines that cannot parse by id (test doubles).
    virtual std::optional<ChatReply> parseReply(std::span<const int> replyIds, const ChatOptions &options) const
    {
        (void)replyIds;
        (void)options;
        return std::nullopt;
    }
    // The wrapped session (nullptr for test doubles).
    virtual Session *session() { return nullptr; }
    // The wrapped model, for a second client of the same model in RAM (the
    // app's Server panel); nullptr for test doubles.
    virtual std::shared_ptr<Model> sharedModel() const { return nullptr; }
};

// Transitional helpers over Engine::session().
Status engineEvalAll(Engine &engine, std::span<const int> tokens, std::vector<float> &allLogits, int chunk = 64);
std::vector<int> engineImagePrompt(Engine &engine, const std::string &text);
void engineSetResidualDump(Engine &engine, std::vector<float> *dump);

} // namespace sluice
