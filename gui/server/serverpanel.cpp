#include "server/serverpanel.h"

#include "common/errortext.h"
#include "qt/localserver.h"

#include <QCheckBox>
#include <QClipboard>
#include <QFormLayout>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHostAddress>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QVBoxLayout>

namespace sluice::gui {

namespace {
const char *kEnabledKey = "server/enabled";
const char *kHostKey = "server/host";
const char *kPortKey = "server/port";
const char *kApiKeyKey = "server/apiKey";
constexpr int kLogLines = 500;
} // namespace

ServerPanel::ServerPanel(const QString &settingsFile, QWidget *parent)
    : SidePanel(parent)
    , m_store(std::make_unique<QSettings>(settingsFile, QSettings::IniFormat))
    , m_server(new qt::LocalServer(this))
{
    auto *layout = new QVBoxLayout(this);
    m_title = new QLabel(this);
    QFont f = m_title->font();
    f.setBold(true);
    m_title->setFont(f);
    m_intro = new QLabel(this);
    m_intro->setWordWrap(true);
    m_enabled = new QCheckBox(this);
    m_enabled->setChecked(serverWanted());

    auto *form = new QFormLayout;
    m_hostLabel = new QLabel(this);
    m_host = new QLineEdit(m_store->value(kHostKey, QStringLiteral("127.0.0.1")).toString(), this);
    m_portLabel = new QLabel(this);
    m_port = new QSpinBox(this);
    m_port->setRange(1, 65535);
    m_port->setValue(m_store->value(kPortKey, 8080).toInt());
    m_keyLabel = new QLabel(this);
    m_key = new QLineEdit(m_store->value(kApiKeyKey).toString(), this);
    m_newKey = new QPushButton(this);
    auto *keyRow = new QHBoxLayout;
    keyRow->addWidget(m_key, 1);
    keyRow->addWidget(m_newKey);
    form->addRow(m_hostLabel, m_host);
    form->addRow(m_portLabel, m_port);
    form->addRow(m_keyLabel, keyRow);

    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_reopen = new QPushButton(this);
    m_reopen->hide();
    m_urlLabel = new QLabel(this);
    m_url = new QLineEdit(this);
    m_url->setReadOnly(true);
    m_copyUrl = new QPushButton(this);
    auto *urlRow = new QHBoxLayout;
    urlRow->addWidget(m_url, 1);
    urlRow->addWidget(m_copyUrl);
    m_curlLabel = new QLabel(this);
    m_curl = new QPlainTextEdit(this);
    m_curl->setReadOnly(true);
    m_curl->setMaximumHeight(90);
    m_copyCurl = new QPushButton(this);
    m_counts = new QLabel(this);
    m_logLabel = new QLabel(this);
    m_log = new QPlainTextEdit(this);
    m_log->setReadOnly(true);
    m_log->setMaximumBlockCount(kLogLines);
    m_log->setLineWrapMode(QPlainTextEdit::WidgetWidth); // a narrow tab: whole lines, wrapped

    layout->addWidget(m_title);
    layout->addWidget(m_intro);
    layout->addWidget(m_enabled);
    layout->addLayout(form);
    layout->addWidget(m_status);
    layout->addWidget(m_reopen, 0, Qt::AlignLeft);
    layout->addWidget(m_urlLabel);
    layout->addLayout(urlRow);
    layout->addWidget(m_curlLabel);
    layout->addWidget(m_curl);
    layout->addWidget(m_copyCurl, 0, Qt::AlignLeft);
    layout->addWidget(m_counts);
    layout->addWidget(m_logLabel);
    layout->addWidget(m_log, 1);

    connect(m_enabled, &QCheckBox::toggled, this, &ServerPanel::setWanted);
    connect(m_host, &QLineEdit::editingFinished, this, &ServerPanel::saveFields);
    connect(m_port, &QSpinBox::editingFinished, this, &ServerPanel::saveFields);
    connect(m_key, &QLineEdit::editingFinished, this, &ServerPanel::saveFields);
    connect(m_newKey, &QPushButton::clicked, this, &ServerPanel::generateKey);
    connect(m_reopen, &QPushButton::clicked, this, &ServerPanel::reopenRequested);
    connect(m_copyUrl, &QPushButton::clicked, this, [this] { QGuiApplication::clipboard()->setText(urlText()); });
    connect(m_copyCurl, &QPushButton::clicked, this, [this] { QGuiApplication::clipboard()->setText(curlText()); });
    connect(
        m_server, &qt::LocalServer::requestLogged, this, [this](const QString &line) { m_log->appendPlainText(line); });
    connect(m_server, &qt::LocalServer::countsChanged, this, &ServerPanel::updateTexts);
    retranslate();
}

ServerPanel::~ServerPanel()
{
    m_server->stop(); // before the model reference goes
}

bool ServerPanel::serverWanted() const
{
    return m_store->value(kEnabledKey, false).toBool();
}

void ServerPanel::setModel(std::shared_ptr<Model> model, const QString &modelId)
{
    m_server->stop();
    m_model = std::move(model);
    m_modelId = modelId;
    apply();
}

void ServerPanel::clearModel()
{
    m_server->stop();
    m_model.reset();
    m_error.clear();
    m_needsSession = false;
    updateTexts();
}

void ServerPanel::setWanted(bool on)
{
    m_store->setValue(kEnabledKey, on);
    m_store->sync();
    apply();
}

void ServerPanel::saveFields()
{
    m_store->setValue(kHostKey, m_host->text().trimmed());
    m_store->setValue(kPortKey, m_port->value());
    m_store->setValue(kApiKeyKey, m_key->text().trimmed());
    m_store->sync();
    if (m_server->running())
        apply(); // restart on the new address
    else
        updateTexts();
}

void ServerPanel::generateKey()
{
    m_key->setText(qt::LocalServer::generateKey());
    saveFields();
}

void ServerPanel::apply()
{
    m_server->stop();
    m_error.clear();
    m_needsSession = false;
    if (m_enabled->isChecked() && m_model) {
        qt::LocalServerOptions o;
        o.host = m_host->text().trimmed();
        o.port = quint16(m_port->value());
        o.apiKey = m_key->text().trimmed();
        o.modelId = m_modelId;
        if (const Status st = m_server->start(m_model, o); !st) {
            // Every planned session is in use (the window's chat holds the
            // only one): said in the user's terms, with the way forward.
            m_needsSession = st.code() == ErrorCode::Budget;
            m_error = errorText(st);
        }
    }
    updateTexts();
}

QString ServerPanel::urlText() const
{
    return m_url->text();
}

QString ServerPanel::curlText() const
{
    return m_curl->toPlainText();
}

QString ServerPanel::logText() const
{
    return m_log->toPlainText();
}

QString ServerPanel::statusText() const
{
    return m_status->text();
}

QString ServerPanel::countsText() const
{
    return m_counts->text();
}

void ServerPanel::updateTexts()
{
    const bool on = m_server->running();
    if (on)
        m_status->setText(tr("Serving \"%1\" at %2").arg(m_modelId, m_server->baseUrl()));
    else if (m_needsSession)
        m_status->setText(tr("Not serving yet: the model was opened with room for this window's chat only. "
                             "Reopen it with room for the server too; the server's conversation takes its "
                             "share of the memory budget from the expert cache."));
    else if (!m_error.isEmpty())
        m_status->setText(tr("Not serving: %1").arg(m_error));
    else if (m_enabled->isChecked() && !m_model)
        m_status->setText(tr("Starts when a model is open."));
    else
        m_status->setText(tr("Stopped."));
    m_url->setText(on ? m_server->baseUrl() : QString());
    QString curl;
    if (on) {
        const QString key = m_key->text().trimmed();
        curl = QStringLiteral("curl %1/chat/completions \\\n").arg(m_server->baseUrl());
        if (!key.isEmpty())
            curl += QStringLiteral("  -H 'Authorization: Bearer %1' \\\n").arg(key);
        curl += QStringLiteral("  -H 'Content-Type: application/json' \\\n"
                               "  -d '{\"model\":\"%1\",\"messages\":[{\"role\":\"user\",\"content\":\"Hello\"}]}'")
                    .arg(m_modelId);
    }
    m_curl->setPlainText(curl);
    m_reopen->setVisible(!on && m_needsSession);
    m_copyUrl->setEnabled(on);
    m_copyCurl->setEnabled(on);
    m_counts->setText(tr("%n request(s)", nullptr, m_server->requestCount()) + QStringLiteral(", ")
        + tr("%n token(s) generated", nullptr, int(std::min<quint64>(m_server->tokenCount(), INT_MAX))));
    refitLater();
}

void ServerPanel::retranslate()
{
    m_title->setText(tr("Local server"));
    m_intro->setText(tr("An OpenAI-compatible endpoint for editors, agents and scripts, serving the model open in "
                        "this window (no second copy in memory). Its replies and the window's take turns. "
                        "Another address than 127.0.0.1 needs an API key."));
    m_enabled->setText(tr("Serve the open model"));
    m_hostLabel->setText(tr("Address:"));
    m_portLabel->setText(tr("Port:"));
    m_keyLabel->setText(tr("API key:"));
    m_key->setPlaceholderText(tr("none (loopback only)"));
    m_newKey->setText(tr("Generate"));
    m_reopen->setText(tr("Reopen the model and serve"));
    m_reopen->setAccessibleName(tr("Reopen the model with room for the server"));
    m_urlLabel->setText(tr("Base URL:"));
    m_copyUrl->setText(tr("Copy"));
    m_curlLabel->setText(tr("Try it:"));
    m_copyCurl->setText(tr("Copy curl command"));
    m_logLabel->setText(tr("Requests:"));
    m_enabled->setAccessibleName(tr("Serve the open model"));
    m_host->setAccessibleName(tr("Server address"));
    m_port->setAccessibleName(tr("Server port"));
    m_key->setAccessibleName(tr("Server API key"));
    m_newKey->setAccessibleName(tr("Generate an API key"));
    m_url->setAccessibleName(tr("Server base URL"));
    m_copyUrl->setAccessibleName(tr("Copy the base URL"));
    m_curl->setAccessibleName(tr("Example curl command"));
    m_copyCurl->setAccessibleName(tr("Copy the curl command"));
    m_log->setAccessibleName(tr("Server request log"));
    updateTexts();
}

} // namespace sluice::gui
