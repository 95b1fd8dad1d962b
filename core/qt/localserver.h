#pragma once
// The local OpenAI-compatible server (core/server, docs/server.md) for the
// app: serves a Model the host already has open (the window's: one model in
// RAM, the budget stays hard) on the thread that starts it. The server's
// session is one more session of that model, so the model must have been
// opened with a free planned session (ModelOptions::sessions); its
// generations and the window's are serialised by the model itself (one
// computation per model at a time, api/model.h).
#include "api/model.h"

#include <QObject>
#include <QString>

#include <memory>

namespace sluice::server {
class ApiServer;
}

namespace sluice::qt {

struct LocalServerOptions {
    QString host = QStringLiteral("127.0.0.1"); // another address needs a key
    quint16 port = 8080; // 0 = any free port
    QString apiKey; // "" = none (loopback only)
    QString modelId; // the name /v1/models lists
};

class LocalServer : public QObject {
    Q_OBJECT
public:
    explicit LocalServer(QObject *parent = nullptr);
    ~LocalServer() override;

    // Stops a running server first. Refuses a non-loopback host without a key,
    // a port in use, and a model without a free session (the reason says which).
    Status start(std::shared_ptr<Model> model, const LocalServerOptions &options);
    // Cancels the running request and every queued one, closes the port,
    // releases the session. Safe when stopped.
    void stop();
    bool running() const { return m_server != nullptr; }
    quint16 port() const;
    // http://HOST:PORT/v1 (empty when stopped).
    QString baseUrl() const;
    int requestCount() const { return m_requests; }
    quint64 tokenCount() const;

    // A key for the server: 32 random bytes as "sk-" + hex.
    static QString generateKey();

Q_SIGNALS:
    // The server's one-line summary of each finished request.
    void requestLogged(const QString &line);
    void countsChanged();
    void runningChanged(bool running);

private:
    std::unique_ptr<server::ApiServer> m_server;
    QString m_host;
    int m_requests = 0;
    quint64 m_tokensBefore = 0; // of servers stopped since the counts were reset
};

} // namespace sluice::qt
