#pragma once
// The worker's remote backend (issue 16): a chat turn (GenerateRequest) sent
// to an OpenAI-compatible server through api/remote.h, answered with the
// worker's own figures (LiveStats, GenerationSummary) so the window does not
// care which backend it has. What a remote can measure: tokens, time to first
// token, tok/s; no cache, disk or budget figures (they stay 0).
#include "api/remote.h"
#include "qt/generationbackend.h"

#include <QMetaType>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>

namespace sluice::qt {

struct RemoteConnection {
    QString url; // http://host:port[/v1]
    QString apiKey; // "" = none
    QString model; // "" = the first one the server lists
    int connectTimeoutMs = 10000;
    int idleTimeoutMs = 120000;
};

struct RemoteInfo {
    QString url;
    QString model; // the one in use
    QStringList models; // what /v1/models listed
};

class RemoteBackend final : public GenerationBackend {
public:
    // Lists the server's models (checks URL and key) and picks one.
    static Expected<std::unique_ptr<RemoteBackend>> connect(const RemoteConnection &connection, RemoteInfo *info);

    bool isRemote() const override { return true; }
    const ModelInfo &info() const override { return m_noModel; }
    // One turn. `summary` is filled whatever happens (a cut-off reply keeps
    // what arrived, summary.reply->truncated); the status says why it failed.
    // The sink gets the reply text (reasoning inside the chat format's think
    // markers) and the live figures, then the server's final figures.
    TurnOutcome generate(const GenerateRequest &request, const TurnSink &sink, GenerationSummary &summary) override;
    void cancel() override { m_client->cancel(); } // any thread
    const RemoteInfo &remoteInfo() const { return m_info; }

private:
    explicit RemoteBackend(std::unique_ptr<RemoteClient> client, RemoteInfo info)
        : m_client(std::move(client))
        , m_info(std::move(info))
    {
    }
    std::unique_ptr<RemoteClient> m_client;
    RemoteInfo m_info;
    ModelInfo m_noModel; // the server's model is not ours: no budget, no cache figures
};

// The request a GenerateRequest becomes (messages, their images in order,
// sampling, tools, thinking), for tests.
RemoteChatRequest toRemoteRequest(const GenerateRequest &request, const QString &model);

} // namespace sluice::qt

Q_DECLARE_METATYPE(sluice::qt::RemoteConnection)
Q_DECLARE_METATYPE(sluice::qt::RemoteInfo)
