#pragma once
// The worker's local backend: a Model and one Session of it (api/model.h,
// api/session.h), driven a chat turn at a time. The conversation is rendered
// afresh each turn in the model's chat format and the session keeps the
// longest common prefix (issue 10); the exact ids of the last turn are kept
// so a follow-up continues from them (see followUpPrompt).
#include "api/model.h"
#include "api/session.h"
#include "qt/generationbackend.h"

namespace sluice::qt {

class LocalBackend final : public GenerationBackend {
public:
    // Model::open, then the model's first session.
    static Expected<std::unique_ptr<GenerationBackend>> open(const EngineOptions &options);
    LocalBackend(std::shared_ptr<Model> model, std::unique_ptr<Session> session);

    const ModelInfo &info() const override { return m_model->info(); }
    TurnOutcome generate(const GenerateRequest &request, const TurnSink &sink, GenerationSummary &summary) override;
    void cancel() override { m_session->cancel(); }
    Status setBudget(uint64_t bytes) override { return m_model->setBudget(bytes); }

    bool keepsSession() const override { return true; }
    Status saveSession(const std::string &path) override;
    Status loadSession(const std::string &path) override;
    int sessionTokens() const override { return int(m_session->tokens().size()); }
    void resetSession() override;

    std::shared_ptr<Model> sharedModel() const override { return m_model; }

private:
    std::vector<int> render(const std::vector<ChatMessage> &messages, const ChatOptions &options) const;
    // The steps of a turn, in order.
    TurnOutcome queueImages(const GenerateRequest &request);
    bool overflows(const std::vector<int> &prompt, const GenerateRequest &request, const TurnSink &sink,
        GenerationSummary &summary) const;
    TurnOutcome run(const std::vector<int> &prompt, const GenerateRequest &request, const TurnSink &sink,
        GenerationSummary &summary);

    // The exact ids of the last turn (prompt + the ids the model produced),
    // with the messages it answered: the next turn of the same chat continues
    // from these instead of re-tokenising the reply's text, which may split
    // differently and would make prefix reuse stop inside the reply.
    std::vector<int> followUpPrompt(const GenerateRequest &request) const;
    void forgetLastTurn();
    // The last turn next to a saved session (NAME.turn), so the splice works after a load.
    static QString lastTurnPath(const QString &sessionPath);
    void saveLastTurn(const QString &sessionPath) const;
    void loadLastTurn(const QString &sessionPath, const std::vector<int> &stateIds);

    std::shared_ptr<Model> m_model;
    std::unique_ptr<Session> m_session;
    std::vector<int> m_lastIds;
    std::vector<ChatMessage> m_lastMessages;
};

} // namespace sluice::qt
