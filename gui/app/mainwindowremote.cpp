// The remote backend in the window (issue 16): "Connect to a server…", the
// worker's answer (the model panel and the status bar say it is remote, the
// statistics show what a client can measure) and network errors with Retry.
// The window does not care which backend the worker has: turns go through
// the same generate/tokenChunk/finished path.
#include "models/connectdialog.h"
#include "chat/conversationview.h"
#include "chat/imagestrip.h"
#include "app/mainwindow.h"
#include "models/modelpanel.h"
#include "qt/budgetmonitor.h"
#include "planner/statspanel.h"

#include <QMessageBox>
#include <QPushButton>

namespace sluice::gui {

void MainWindow::connectRemoteDialog()
{
    if (m_generating)
        return;
    auto *dialog = new ConnectDialog(m_options.dataDirectory, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        if (const QString why = dialog->save(); !why.isEmpty())
            showNotice(tr("The connection was not remembered: %1").arg(why));
        connectToServer(dialog->connection());
    });
    dialog->open();
}

void MainWindow::connectToServer(const qt::RemoteConnection &connection)
{
    if (m_generating)
        return;
    m_remoteConnection = connection;
    m_remoteConnectId = m_engine->connectRemote(connection);
    showNotice(tr("Connecting to %1…").arg(connection.url));
}

void MainWindow::connectRemote()
{
    qt::EngineWorker *w = m_engine->worker();
    connect(w, &qt::EngineWorker::remoteConnected, this, [this](quint64 id, const qt::RemoteInfo &info) {
        if (id != m_remoteConnectId)
            return;
        m_remote = true;
        m_remoteInfo = info;
        m_modelOpen = true;
        m_opening = false;
        m_modelPath.clear();
        m_info = ModelInfo {};
        m_info.hasVision = true; // images go to the server as data URLs; it says when its model cannot see
        m_sessionChat.clear();
        m_monitor->stop(); // the local model's memory monitor has nothing to watch
        m_strip->setVisionAvailable(true, true);
        m_stats->setRemote(true);
        updateModelUi();
        showNotice(tr("Connected to %1 (model %2)").arg(info.url, info.model));
        Q_EMIT modelOpened();
    });
    connect(w, &qt::EngineWorker::error, this, [this](quint64 id, const QString &message, const QString &detail) {
        if (id != m_remoteConnectId || id == 0)
            return;
        showRemoteError(
            tr("Could not connect to the server"), message, detail, [this] { connectToServer(m_remoteConnection); });
    });
}

void MainWindow::showRemoteError(
    const QString &title, const QString &message, const QString &detail, const std::function<void()> &retry)
{
    m_lastNotice = message + QLatin1Char(' ') + detail;
    Q_EMIT noticeShown(m_lastNotice);
    qWarning().noquote() << title << "—" << message << detail;
    // Non-blocking, like showError; the detail (the URL and what failed) is shown, not hidden.
    auto *box = new QMessageBox(QMessageBox::Warning, title, message, QMessageBox::Close, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setInformativeText(detail);
    box->setAccessibleName(title);
    QPushButton *again = box->addButton(tr("&Retry"), QMessageBox::AcceptRole);
    connect(again, &QPushButton::clicked, this, [retry] { retry(); });
    box->open();
}

void MainWindow::retryLastTurn()
{
    const Chat *c = m_store->chat(m_currentChat);
    if (c && !c->messages.isEmpty())
        regenerate(int(c->messages.size()) - 1); // drops a cut-off reply, asks again
}

} // namespace sluice::gui
