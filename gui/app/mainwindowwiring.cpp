// The window's side of the controllers' signals (issue 28): what the model,
// the budget, the sessions and the turn in progress change on screen.
#include "app/mainwindow.h"

#include "app/chatcontroller.h"
#include "app/statusarea.h"
#include "app/windowactions.h"
#include "chat/chatlistpanel.h"
#include "chat/contextbanner.h"
#include "chat/conversationview.h"
#include "chat/imagestrip.h"
#include "chat/promptedit.h"
#include "models/connectdialog.h"
#include "planner/budgetchart.h"
#include "planner/plannerwidget.h"
#include "planner/statspanel.h"
#include "server/serverpanel.h"

#include <QDebug>
#include <QFileInfo>
#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>

namespace sluice::gui {

void MainWindow::connectModels()
{
    ModelController *m = m_models;
    // The old model leaves RAM: the server lets go of it first. Its session is
    // planned (and counted in the budget) only when the server is on.
    m->setOpenPreparation([this] {
        m_serverPage->clearModel();
        return m_serverPage->serverWanted() ? 2 : 1;
    });
    connect(m, &ModelController::openStarted, this, [this](const QString &path) {
        m_strip->setVisionAvailable(false, false);
        m_status->showOpening(path);
        updateModelUi();
    });
    connect(m, &ModelController::openProgress, m_status, &StatusArea::setOpenProgress);
    connect(m, &ModelController::modelOpened, this, &MainWindow::modelReady);
    connect(m, &ModelController::openFailed, this, [this](const QString &, const QString &message, const QString &detail) {
        updateModelUi();
        showError(tr("Could not open the model"), message, detail);
    });
    connect(m, &ModelController::remoteConnected, this, [this](const qt::RemoteInfo &info) {
        m_strip->setVisionAvailable(true, true);
        m_stats->setRemote(true);
        updateModelUi();
        showNotice(tr("Connected to %1 (model %2)").arg(info.url, info.model));
        m_stats->budgetChart()->clear();
        m_stats->budgetChart()->addPoint(0, 0, false);
        Q_EMIT modelOpened();
    });
    connect(m, &ModelController::remoteFailed, this, [this](const QString &message, const QString &detail) {
        showRemoteError(tr("Could not connect to the server"), message, detail,
                        [this] { connectToServer(m_models->remoteConnection()); });
    });
    connect(m, &ModelController::notice, this, &MainWindow::showNotice);
    connect(m, &ModelController::failure, this, &MainWindow::showError);
}

// The engine opened the model of the open in progress.
void MainWindow::modelReady(const ModelInfo &info)
{
    m_stats->setRemote(false);
    m_strip->setVisionAvailable(info.hasVision, true);
    m_actions->updateRecentMenu();
    m_planner->setExpertsPerToken(info.modelTopK, info.topK < info.modelTopK ? info.topK : 0);
    refreshPlanner();
    updateModelUi();
    retranslate();
    m_models->syncSession(currentChatId()); // the open chat continues where it was saved
    m_serverPage->setModel(engine()->worker()->model(), QFileInfo(m_models->modelPath()).completeBaseName());
    m_stats->budgetChart()->clear();
    m_stats->budgetChart()->addPoint(info.budgetBytes, info.expertCacheBytes, false);
    Q_EMIT modelOpened();
}

// The live budget (issue 19): the planner's Apply and the pressure monitor's steps.
void MainWindow::connectBudget()
{
    ModelController *m = m_models;
    connect(m_planner, &PlannerPanel::applyRequested, this, [this](quint64 budgetBytes, int contextLength) {
        m_models->applyBudget(budgetBytes, contextLength, m_planner->chosenExpertsPerToken(), m_planner->appliesLive());
    });
    connect(m, &ModelController::infoChanged, this, &MainWindow::updateModelUi);
    connect(m, &ModelController::budgetApplied, this, [this](const ModelInfo &info) {
        m_planner->setCurrentBudget(info.budgetBytes, m_models->contextLength());
        m_stats->budgetChart()->addPoint(info.budgetBytes, info.expertCacheBytes, false);
    });
    connect(m, &ModelController::budgetRefused, this, [this](const QString &message, const QString &detail) {
        m_planner->setCurrentBudget(m_models->info().budgetBytes, m_models->contextLength()); // back to the budget in force
        showError(tr("Could not change the budget"), message, detail);
    });
    connect(m, &ModelController::pressureBudgetApplied, this, [this](const ModelInfo &info, bool shrink) {
        m_planner->setCurrentBudget(info.budgetBytes, m_models->contextLength());
        m_stats->budgetChart()->addPoint(info.budgetBytes, info.expertCacheBytes, shrink);
    });
}

// The turn in progress: the reply streams into the view, the engine's refusal
// of a turn that will not fit is answered by the context banner.
void MainWindow::connectTurns()
{
    TurnController *t = m_turns;
    connect(t, &TurnController::started, this, [this](const Message &reply) {
        m_view->appendMessage(reply);
        m_stats->reset();
    });
    connect(t, &TurnController::generatingChanged, this, [this](bool on) {
        m_view->setBusy(on);
        updateModelUi();
    });
    connect(t, &TurnController::replyUpdated, m_view, &ConversationView::updateLastMessage);
    connect(t, &TurnController::readingProgress, m_view, &ConversationView::setReadingProgress);
    connect(t, &TurnController::stats, this, [this](const qt::LiveStats &s) {
        m_stats->update(s);
        m_status->setStats(s);
    });
    connect(m_chatControl, &ChatController::notice, this, &MainWindow::showNotice);
    connect(m_chatControl, &ChatController::failure, this, &MainWindow::showError);
    connect(m_chatControl, &ChatController::turnOver, this, &MainWindow::generationFinished);
    connect(m_chatControl, &ChatController::editing, this, [this](const QString &text) {
        if (text.isEmpty()) {
            statusBar()->clearMessage();
            return;
        }
        m_lastNotice = text;
        statusBar()->showMessage(text);
        Q_EMIT noticeShown(text);
    });
    connect(t, &TurnController::failed, this, [this](const QString &message, const QString &detail) {
        if (m_models->isRemote()) // network errors: the cut-off text is kept, Retry asks again
            showRemoteError(tr("Generation failed"), message, detail, [this] { m_chatControl->regenerateLast(); });
        else
            showError(tr("Generation failed"), message, detail);
    });
}

// ---- the remote backend (issue 16) ------------------------------------------

void MainWindow::connectRemoteDialog()
{
    if (isGenerating())
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
    if (!isGenerating())
        m_models->connectToServer(connection);
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

} // namespace sluice::gui
