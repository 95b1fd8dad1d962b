// sluice-cli serve MODEL: the local OpenAI-compatible server (docs/server.md).
// Prints "listening on http://HOST:PORT" on stdout once it accepts requests,
// one request-log line per request on stderr; SIGINT/SIGTERM stop it.
#include "command.h"

#include "api/model.h"
#include "budgetadapt.h"
#include "hostenv.h"
#include "options.h"
#include "server/apiserver.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSocketNotifier>

#include <csignal>
#include <cstdio>
#include <sys/socket.h>
#include <unistd.h>

using namespace sluice;

namespace {

int g_signalPipe[2] = { -1, -1 };

void onSignal(int)
{
    const char c = 1;
    [[maybe_unused]] const ssize_t n = ::write(g_signalPipe[1], &c, 1);
}

} // namespace

static int runServe(const std::vector<std::string> &args)
{
    EngineOptions opts;
    opts.checkpoints = kChatCheckpoints; // an edited or regenerated turn rolls back to a checkpoint
    cli::ServeOptions so;
    cli::OptionParser p("serve", "A local OpenAI-compatible server (chat and text completions) for MODEL.");
    p.positional("MODEL", &opts.modelPath, "a .waste container directory");
    cli::addServeOptions(p, so);
    cli::addEngineOptions(p, opts);
    cli::AdaptOptions adapt;
    cli::addAdaptOptions(p, adapt, true); // a server idles for hours: it yields memory by default
    p.note("endpoints: GET /health, GET /v1/models, POST /v1/chat/completions, POST /v1/completions");
    if (const int code = p.parse(args); code >= 0)
        return code;
    QHostAddress host;
    if (so.host == "localhost")
        host = QHostAddress::LocalHost;
    else if (!host.setAddress(QString::fromStdString(so.host)))
        return p.usageError("--host " + so.host + ": not an IP address");
    if (!host.isLoopback() && so.apiKey.empty())
        return p.usageError("--host " + so.host + " is not loopback: --api-key KEY is required");

    int argc = 1;
    char name[] = "sluice-cli";
    char *argv[] = { name, nullptr };
    QCoreApplication app(argc, argv);

    auto model = Model::open(opts);
    if (!model) {
        std::fprintf(stderr, "serve: %s\n", model.status().message().c_str());
        return 1;
    }
    server::ServerOptions o;
    o.host = host;
    o.port = quint16(so.port);
    o.apiKey = so.apiKey;
    o.maxQueue = so.maxQueue;
    o.corsOrigin = so.corsOrigin;
    o.http.maxBody = so.maxBody;
    o.modelId = so.modelName;
    o.adaptBudget = adapt.enabled;
    o.adapt = adapt.settings;
    if (o.modelId.empty()) {
        QString base = QFileInfo(QDir::cleanPath(QString::fromStdString(opts.modelPath))).fileName();
        if (base.endsWith(QLatin1String(".waste")))
            base.chop(6);
        o.modelId = base.toStdString();
    }
    server::ApiServer server(*model, o);
    QObject::connect(&server, &server::ApiServer::requestLogged, &server,
        [](const QString &line) { std::fprintf(stderr, "%s\n", line.toUtf8().constData()); });
    QObject::connect(&server, &server::ApiServer::noticeLogged, &server,
        [](const QString &line) { std::fprintf(stderr, "serve: %s\n", line.toUtf8().constData()); });
    if (const Status st = server.start(); !st) {
        std::fprintf(stderr, "serve: %s\n", st.message().c_str());
        return 1;
    }
    if (::socketpair(AF_UNIX, SOCK_STREAM, 0, g_signalPipe) != 0) {
        std::fprintf(stderr, "serve: socketpair failed\n");
        return 1;
    }
    QSocketNotifier notifier(g_signalPipe[0], QSocketNotifier::Read);
    QObject::connect(&notifier, &QSocketNotifier::activated, &app, &QCoreApplication::quit);
    std::signal(SIGINT, onSignal);
    std::signal(SIGTERM, onSignal);
    std::signal(SIGPIPE, SIG_IGN);
    const QString shown
        = host.protocol() == QAbstractSocket::IPv6Protocol ? "[" + host.toString() + "]" : host.toString();
    std::printf("serve: listening on http://%s:%u (model \"%s\")\n", shown.toUtf8().constData(), server.port(),
        o.modelId.c_str());
    std::fflush(stdout);
    const int rc = app.exec();
    std::fprintf(stderr, "serve: stopped\n");
    return rc;
}

static const cli::CommandRegistration serveCommand { "serve", "A local OpenAI-compatible server", runServe };
