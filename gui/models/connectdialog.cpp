#include "models/connectdialog.h"

#include "common/errortext.h"
#include "api/remote.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFormLayout>
#include <QFutureWatcher>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSaveFile>
#include <QtConcurrent/QtConcurrentRun>

namespace sluice::gui {

namespace {

struct Listed {
    QStringList models;
    QString error;
};

QString remoteDir(const QString &data)
{
    return QDir(data).filePath(QStringLiteral("remote"));
}

} // namespace

ConnectDialog::ConnectDialog(const QString &dataDirectory, QWidget *parent)
    : QDialog(parent)
    , m_dataDirectory(dataDirectory)
{
    setWindowTitle(tr("Connect to a server"));
    setAccessibleName(tr("Connect to a server"));
    auto *form = new QFormLayout(this);
    auto *intro = new QLabel(tr("Any OpenAI-compatible endpoint: vLLM, SGLang, llama.cpp's server, another Sluice "
                                "(sluice-cli serve). The conversation is sent to it instead of a local model."),
        this);
    intro->setWordWrap(true);
    form->addRow(intro);
    m_url = new QLineEdit(this);
    m_url->setPlaceholderText(QStringLiteral("http://127.0.0.1:8080/v1"));
    m_url->setAccessibleName(tr("Server URL"));
    form->addRow(tr("Server &URL:"), m_url);
    m_key = new QLineEdit(this);
    m_key->setEchoMode(QLineEdit::Password);
    m_key->setAccessibleName(tr("API key"));
    m_key->setPlaceholderText(tr("none"));
    form->addRow(tr("API &key:"), m_key);
    m_remember = new QCheckBox(tr("Remember the key (stored in a file only you can read)"), this);
    form->addRow(QString(), m_remember);
    m_model = new QComboBox(this);
    m_model->setEditable(true);
    m_model->setAccessibleName(tr("Model"));
    m_model->setMinimumContentsLength(24);
    m_list = new QPushButton(tr("&List models"), this);
    auto *row = new QHBoxLayout;
    row->addWidget(m_model, 1);
    row->addWidget(m_list);
    auto *modelLabel = new QLabel(tr("&Model:"), this);
    modelLabel->setBuddy(m_model); // a row holding a layout takes no buddy of its own
    form->addRow(modelLabel, row);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    // Room for a two-line error from the start: the shown dialog does not grow with a wrapped label, it clips the
    // intro.
    m_status->setMinimumHeight(2 * m_status->fontMetrics().lineSpacing());
    m_status->setAccessibleName(tr("Connection status"));
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    form->addRow(m_status);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("C&onnect"));
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_list, &QPushButton::clicked, this, &ConnectDialog::listModels);
    QString error;
    setConnection(load(dataDirectory, &error));
    if (!error.isEmpty())
        m_status->setText(error);
}

qt::RemoteConnection ConnectDialog::connection() const
{
    qt::RemoteConnection c;
    c.url = m_url->text().trimmed();
    c.apiKey = m_key->text().trimmed();
    c.model = m_model->currentText().trimmed();
    return c;
}

void ConnectDialog::setConnection(const qt::RemoteConnection &c)
{
    m_url->setText(c.url);
    m_key->setText(c.apiKey);
    m_remember->setChecked(!c.apiKey.isEmpty());
    if (!c.model.isEmpty())
        m_model->setCurrentText(c.model);
}

QString ConnectDialog::statusText() const
{
    return m_status->text();
}

void ConnectDialog::listModels()
{
    const qt::RemoteConnection c = connection();
    m_list->setEnabled(false);
    m_status->setText(tr("Asking %1 for its models…").arg(c.url));
    auto *watcher = new QFutureWatcher<Listed>(this);
    connect(watcher, &QFutureWatcher<Listed>::finished, this, [this, watcher] {
        const Listed l = watcher->result();
        watcher->deleteLater();
        m_list->setEnabled(true);
        if (!l.error.isEmpty()) {
            m_status->setText(tr("Could not list the models: %1").arg(l.error));
            Q_EMIT modelsListed(false);
            return;
        }
        const QString keep = m_model->currentText();
        m_model->clear();
        m_model->addItems(l.models);
        if (l.models.contains(keep))
            m_model->setCurrentText(keep);
        m_status->setText(tr("Models the server offers: %1").arg(l.models.size()));
        Q_EMIT modelsListed(true);
    });
    // The client runs its own event loop on the pool thread.
    watcher->setFuture(QtConcurrent::run([c] {
        RemoteOptions o;
        o.baseUrl = c.url.toStdString();
        o.apiKey = c.apiKey.toStdString();
        o.connectTimeoutMs = c.connectTimeoutMs;
        o.idleTimeoutMs = 30000;
        RemoteClient client(o);
        Listed out;
        auto models = client.listModels();
        if (!models)
            out.error = errorText(models.status());
        else
            for (const RemoteModel &m : *models)
                out.models << QString::fromStdString(m.id);
        return out;
    }));
}

QString ConnectDialog::save() const
{
    const QString dir = remoteDir(m_dataDirectory);
    if (!QDir().mkpath(dir))
        return tr("Cannot create %1").arg(dir);
    const qt::RemoteConnection c = connection();
    QSaveFile f(QDir(dir).filePath(QStringLiteral("connection.json")));
    if (!f.open(QIODevice::WriteOnly))
        return f.errorString();
    f.write(QJsonDocument(QJsonObject { { "url", c.url }, { "model", c.model } }).toJson());
    if (!f.commit())
        return f.errorString();
    const QString keyPath = QDir(dir).filePath(QStringLiteral("api-key"));
    if (m_remember->isChecked() && !c.apiKey.isEmpty()) {
        const Status st = writeApiKeyFile(keyPath.toStdString(), c.apiKey.toStdString());
        if (!st.isOk())
            return errorText(st);
    } else {
        QFile::remove(keyPath);
    }
    return QString();
}

qt::RemoteConnection ConnectDialog::load(const QString &dataDirectory, QString *error)
{
    qt::RemoteConnection c;
    const QDir dir(remoteDir(dataDirectory));
    QFile f(dir.filePath(QStringLiteral("connection.json")));
    if (f.open(QIODevice::ReadOnly) && f.size() < (1 << 20)) {
        const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
        c.url = o.value(QLatin1String("url")).toString();
        c.model = o.value(QLatin1String("model")).toString();
    }
    const QString keyPath = dir.filePath(QStringLiteral("api-key"));
    if (QFile::exists(keyPath)) {
        auto key = readApiKeyFile(keyPath.toStdString());
        if (key)
            c.apiKey = QString::fromStdString(*key);
        else if (error)
            *error = errorText(key.status()); // e.g. made readable by others: not used
    }
    return c;
}

} // namespace sluice::gui
