#pragma once
// The worker's local backend: a Model and one Conversation on it
// (api/chat.h), driven a chat turn at a time. The conversation does the turn
// (rendering, the splice onto the last turn's exact ids, images, the context
// policy, the reply parsed by id, the live figures); this maps it onto the
// worker's sink and summary.
#include "api/chat.h"
#include "qt/generationbackend.h"

namespace sluice::qt {

class LocalBackend final : public GenerationBackend {
public:
    // Model::open, then the model's first session.
    static Expected<std::unique_ptr<GenerationBackend>> open(const EngineOptions &options);
    LocalBackend(std::shared_ptr<Model> model, std::unique_ptr<Session> session);

    const ModelInfo &info() const override { return m_model->info(); }
    TurnOutcome generate(const GenerateRequest &request, const TurnSink &sink, GenerationSummary &summary) override;
    void cancel() override { m_conversation.cancel(); }
    Status setBudget(uint64_t bytes) override { return m_model->setBudget(bytes); }

    bool keepsSession() const override { return true; }
    Status saveSession(const std::string &path) override { return m_conversation.save(path); }
    Status loadSession(const std::string &path) override { return m_conversation.load(path); }
    int sessionTokens() const override { return int(m_conversation.session().tokens().size()); }
    void resetSession() override { m_conversation.reset(); }

    std::shared_ptr<Model> sharedModel() const override { return m_model; }

private:
    std::shared_ptr<Model> m_model;
    Conversation m_conversation;
};

} // namespace sluice::qt
