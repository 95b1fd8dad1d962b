#include "qt/localserver.h"

#include "server/apiserver.h"

#include <QHostAddress>
#include <QRandomGenerator>

namespace sluice::qt {

LocalServer::LocalServer(QObject *parent)
    : QObject(parent)
{
}

LocalServer::~LocalServer()
{
    stop();
}

Status LocalServer::start(std::shared_ptr<Model> model, const LocalServerOptions &options)
{
    stop();
    if (!model)
        return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "no model is open"));
    QHostAddress host;
    if (!host.setAddress(options.host))
        return makeError(
            ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "'%1' is not an IP address"), options.host.toStdString());
    server::ServerOptions so;
    so.host = host;
    so.port = options.port;
    so.apiKey = options.apiKey.toStdString();
    so.modelId = options.modelId.isEmpty() ? std::string("sluice") : options.modelId.toStdString();
    auto s = std::make_unique<server::ApiServer>(std::move(model), so);
    if (Status st = s->start(); !st)
        return st;
    if (const std::string why = s->sessionError(); !why.empty())
        return makeError(ErrorCode::Budget,
            SLUICE_ERRT("Error",
                "the model has no free session for the server (open the model again with the server on, so its session "
                "is planned in the budget): %1"),
            why);
    connect(s.get(), &server::ApiServer::requestLogged, this, [this](const QString &line) {
        ++m_requests;
        Q_EMIT requestLogged(line);
        Q_EMIT countsChanged();
    });
    m_host = options.host;
    m_server = std::move(s);
    Q_EMIT runningChanged(true);
    return Status::ok();
}

void LocalServer::stop()
{
    if (!m_server)
        return;
    m_tokensBefore += m_server->generatedTokens();
    m_server.reset(); // cancels, joins the generator thread, closes the port
    Q_EMIT runningChanged(false);
}

quint16 LocalServer::port() const
{
    return m_server ? m_server->port() : 0;
}

QString LocalServer::baseUrl() const
{
    if (!m_server)
        return {};
    const QString host = m_host.contains(':') ? '[' + m_host + ']' : m_host;
    return QStringLiteral("http://%1:%2/v1").arg(host).arg(port());
}

quint64 LocalServer::tokenCount() const
{
    return m_tokensBefore + (m_server ? m_server->generatedTokens() : 0);
}

QString LocalServer::generateKey()
{
    QByteArray bytes(32, Qt::Uninitialized);
    QRandomGenerator::system()->fillRange(reinterpret_cast<quint32 *>(bytes.data()), bytes.size() / 4);
    return QStringLiteral("sk-") + QString::fromLatin1(bytes.toHex());
}

} // namespace sluice::qt
