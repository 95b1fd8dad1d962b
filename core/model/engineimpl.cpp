// TRANSITIONAL: Engine (engine.h) as one Model plus one Session.
#include "model/engine.h"

namespace sluice {

namespace {

class EngineImpl final : public Engine {
public:
    EngineImpl(std::shared_ptr<Model> model, std::unique_ptr<Session> session)
        : m_model(std::move(model))
        , m_session(std::move(session))
    {
    }
    const ModelInfo &info() const override { return m_model->info(); }
    std::vector<int> tokenize(const std::string &text) const override { return m_model->tokenize(text); }
    std::string detokenize(std::span<const int> tokens) const override { return m_model->detokenize(tokens); }
    std::vector<int> renderChat(const std::vector<ChatMessage> &messages, const ChatOptions &options) const override
    {
        return m_model->renderChat(messages, options, m_session->imageSizes());
    }
    Status eval(std::span<const int> tokens, std::vector<float> *lastLogits) override
    {
        return m_session->eval(tokens, lastLogits);
    }
    Expected<GenerationResult> generate(std::span<const int> prompt, const SamplingParams &params,
                                        const TokenCallback &onToken) override
    {
        if (prompt.empty())
            return m_session->generate({}, params, onToken);
        std::vector<int> all = m_session->tokens();
        all.insert(all.end(), prompt.begin(), prompt.end());
        return m_session->generate(all, params, onToken);
    }
    void cancel() override { m_session->cancel(); }
    int position() const override { return m_session->position(); }
    void resetSession() override { m_session->reset(); }
    Status saveSession(const std::string &path) const override { return m_session->save(path); }
    Status loadSession(const std::string &path) override { return m_session->load(path); }
    Status addImage(const std::string &imagePath) override { return m_session->addImage(imagePath); }
    void clearImages() override { m_session->clearImages(); }
    Status setBudget(uint64_t bytes) override { return m_model->setBudget(bytes); }
    std::shared_ptr<Model> sharedModel() const override { return m_model; }
    std::optional<ChatReply> parseReply(std::span<const int> replyIds, const ChatOptions &options) const override
    {
        return m_model->parseReply(replyIds, options);
    }
    Session *session() override { return m_session.get(); }

private:
    std::shared_ptr<Model> m_model;
    std::unique_ptr<Session> m_session;
};

} // namespace

Expected<std::unique_ptr<Engine>> Engine::open(const EngineOptions &options)
{
    auto model = Model::open(options);
    if (!model)
        return model.status();
    auto session = (*model)->createSession();
    if (!session)
        return session.status();
    return std::unique_ptr<Engine>(new EngineImpl(std::move(*model), std::move(*session)));
}

Status engineEvalAll(Engine &engine, std::span<const int> tokens, std::vector<float> &allLogits, int chunk)
{
    Session *s = engine.session();
    if (!s)
        return makeError(ErrorCode::Unsupported, "this engine has no session");
    return s->evalAll(tokens, allLogits, chunk);
}

std::vector<int> engineImagePrompt(Engine &engine, const std::string &text)
{
    Session *s = engine.session();
    return s ? s->imagePrompt(text) : std::vector<int>{};
}

void engineSetResidualDump(Engine &engine, std::vector<float> *dump)
{
    if (Session *s = engine.session())
        s->setHiddenStateTap({dump});
}

} // namespace sluice
