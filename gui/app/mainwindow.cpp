#include "app/mainwindow.h"

#include "app/appearance.h"
#include "app/chatcontroller.h"
#include "app/plannerfeed.h"
#include "app/statusarea.h"
#include "app/windowactions.h"
#include "chat/chatlistpanel.h"
#include "chat/chatpane.h"
#include "chat/contextbanner.h"
#include "chat/conversationview.h"
#include "chat/imagestrip.h"
#include "chat/promptedit.h"
#include "chat/sessionstore.h"
#include "common/uihelpers.h"
#include "models/modelpanel.h"
#include "planner/plannerwidget.h"
#include "planner/statspanel.h"
#include "server/serverpanel.h"

#include <QCloseEvent>
#include <QDebug>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QMimeData>
#include <QScrollArea>
#include <QSplitter>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>

namespace sluice::gui {

namespace {
bool isModelFolder(const QString &path)
{
    // A container, or a published release folder (issue 11: opened as it is).
    return QFileInfo(path).isDir() && (QFileInfo::exists(QDir(path).filePath(QStringLiteral("manifest.json"))) ||
                                       isReleaseFolder(path.toStdString()));
}
} // namespace

MainWindow::MainWindow(Settings *settings, Appearance *appearance, const MainWindowOptions &options, QWidget *parent)
    : QMainWindow(parent)
    , m_settings(settings)
    , m_appearance(appearance)
    , m_options(options)
{
    setObjectName(QStringLiteral("MainWindow"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/sluice-256.png")));
    setAcceptDrops(true);
    m_store = new ChatStore(QDir(options.dataDirectory).filePath(QStringLiteral("chats")), this);
    m_sessions = new SessionStore(QDir(options.dataDirectory).filePath(QStringLiteral("sessions")), this);
    connect(m_store, &ChatStore::saveFailed, this, [this](const QString &detail) {
        showError(tr("Saving failed"), tr("A chat could not be saved."), detail);
    });
    if (m_options.usableRamBytes == 0) {
        Expected<UsableRam> ram = detectUsableRam();
        if (ram)
            m_options.usableRamBytes = ram->usableBytes;
    }
    m_models = new ModelController(settings, m_sessions, m_options, this);
    m_turns = new TurnController(m_models, m_store, settings, this);

    buildUi();
    m_plannerFeed = new PlannerFeed(m_planner, m_models, settings, m_options, this);
    m_chatControl = new ChatController({m_store, m_sessions, m_chats, m_pane, m_models, m_turns,
                                        QDir(m_options.dataDirectory).filePath(QStringLiteral("images")), settings}, this);
    m_actions = new WindowActions(settings, this);
    connectActions();
    connectModels();
    connectBudget();
    connectTurns();
    retranslate();

    m_chatControl->load();
    if (!m_store->loadErrors().isEmpty())
        showNotice(tr("Some chats could not be read: %1").arg(m_store->loadErrors().join(QStringLiteral("; "))));
    if (const auto pending = settings->pendingDownloads(); !pending.isEmpty())
        showNotice(tr("The download of %1 did not finish: File → Get a model… continues it.").arg(pending.first().repo));
    updateModelUi();

    placeOnScreen(this, settings->windowGeometry(), QSize(1280, 800));
}

MainWindow::~MainWindow() = default; // ModelController (a child) stops and joins the worker

void MainWindow::buildUi()
{
    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->setChildrenCollapsible(false);

    m_chats = new ChatListPanel(m_store, splitter);

    QWidget *centre = buildCentre(splitter);

    // Right: planner, statistics, model.
    m_side = new QTabWidget(splitter);
    m_planner = new PlannerPanel(m_side);
    m_stats = new StatsPanel(m_side);
    m_modelPage = new ModelPanel(m_side);
    connect(m_modelPage, &ModelPanel::verifyRequested, this, &MainWindow::verifyContainer);
    connect(m_modelPage, &ModelPanel::verifyFinished, this, &MainWindow::updateModelUi);
    // Each page scrolls on its own, so the tallest one (the budget with a model
    // open) no longer sets the window's minimum height; the tabs never scroll:
    // their titles are short and the panel is as wide as they are (800×600, issue 30).
    m_side->tabBar()->setUsesScrollButtons(false);
    m_side->tabBar()->setElideMode(Qt::ElideNone);
    m_side->addTab(makePageScrollArea(m_planner, m_side), QString());
    m_side->addTab(makePageScrollArea(m_stats, m_side), QString());
    m_side->addTab(makePageScrollArea(m_modelPage, m_side), QString());
    m_serverPage = new ServerPanel(m_settings->fileName(), m_side);
    // Serving turned on with a model opened for the window alone: reopen it
    // with the server's session planned (the chat's state is saved and comes back).
    connect(m_serverPage, &ServerPanel::reopenRequested, this, [this] {
        if (m_models->isOpen() && !m_models->modelPath().isEmpty())
            openModel(m_models->modelPath());
    });
    m_side->addTab(makePageScrollArea(m_serverPage, m_side), QString());
    // The app grows as it is used: the planner measures it again when shown,
    // so the floor it advises is the one the next open measures (issue 27).
    connect(m_side, &QTabWidget::currentChanged, this, [this](int index) {
        if (m_side->widget(index)->isAncestorOf(m_planner) && m_models->isOpen() && !m_models->isOpening())
            refreshPlanner();
    });

    splitter->addWidget(m_chats);
    splitter->addWidget(centre);
    splitter->addWidget(m_side);
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);
    splitter->setStretchFactor(2, 0);
    splitter->setSizes({230, 680, 370});
    setCentralWidget(splitter);

    m_status = new StatusArea(statusBar());
    connect(m_status, &StatusArea::cancelRequested, this, [this] { m_models->stop(); });
}

QWidget *MainWindow::buildCentre(QWidget *parent)
{
    m_pane = new ChatPane(QDir(m_options.dataDirectory).filePath(QStringLiteral("images")), parent);
    m_view = m_pane->conversation();
    m_strip = m_pane->imageStrip();
    m_prompt = m_pane->promptEdit();
    m_banner = m_pane->banner();
    connect(m_pane, &ChatPane::openRequested, this, &MainWindow::openModelDialog);
    connect(m_pane, &ChatPane::demoRequested, this, [this] { openModel(m_options.demoModelPath); });
    connect(m_pane, &ChatPane::planRequested, this, &MainWindow::showPlanModelDialog);
    connect(m_pane, &ChatPane::getRequested, this, &MainWindow::showGetModelDialog);
    connect(m_pane, &ChatPane::stopRequested, this, &MainWindow::stopGeneration);
    connect(m_strip, &ImageStrip::refused, this, &MainWindow::showNotice);
    return m_pane;
}

void MainWindow::retranslate()
{
    // The application display name ("Sluice") is appended by Qt: the title names only the model.
    setWindowTitle(m_models->isOpen() ? QFileInfo(m_models->modelPath()).fileName() : QString());
    m_pane->retranslate();
    m_side->setTabText(0, tr("Budget"));
    m_side->setTabText(1, tr("Stats", "side panel tab: live statistics; keep it short"));
    m_side->setTabText(2, tr("Model"));
    m_side->setTabText(3, tr("Server"));
    m_side->setAccessibleName(tr("Side panel"));
    m_status->retranslate();
    m_chatControl->updateContextMeter();
    m_actions->retranslate();
    updateModelUi();
}

void MainWindow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QMainWindow::changeEvent(event);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    m_serverPage->clearModel(); // its requests end and it lets go of the model first
    m_models->stop();
    m_settings->setWindowGeometry(saveGeometry());
    m_settings->sync();
    QMainWindow::closeEvent(event);
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    const QMimeData *mime = event->mimeData();
    for (const QUrl &url : mime->urls()) {
        if (url.isLocalFile() && isModelFolder(url.toLocalFile())) {
            event->acceptProposedAction();
            return;
        }
    }
    if (ImageStrip::mimeHasImages(mime))
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    const QMimeData *mime = event->mimeData();
    for (const QUrl &url : mime->urls()) {
        if (url.isLocalFile() && isModelFolder(url.toLocalFile())) {
            openModel(url.toLocalFile());
            event->acceptProposedAction();
            return;
        }
    }
    if (m_strip->addMimeData(mime))
        event->acceptProposedAction();
}

void MainWindow::sendPrompt() { m_chatControl->sendPrompt(); }

void MainWindow::newChat() { m_chatControl->newChat(); }

QString MainWindow::currentChatId() const { return m_chatControl->currentChat(); }

QString MainWindow::contextText() const { return m_pane->contextText(); }

void MainWindow::stopGeneration()
{
    if (m_turns->isGenerating() || m_models->isOpening())
        m_models->stop();
}

// ---- model ------------------------------------------------------------------

void MainWindow::openModelDialog()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Open model (a .waste folder or a release folder)"),
                                                          m_models->modelPath().isEmpty() ? QDir::homePath() : m_models->modelPath());
    if (!dir.isEmpty())
        openModel(dir);
}

bool MainWindow::reopenLastModel()
{
    const QStringList recent = m_settings->recentModels();
    if (recent.isEmpty() || !isModelFolder(recent.first()))
        return false;
    openModel(recent.first());
    return true;
}

void MainWindow::openModel(const QString &path)
{
    quint64 budget = 0;
    if (m_settings->budgetMode() == Settings::BudgetMode::Fixed)
        budget = m_settings->fixedBudgetBytes();
    openModelWithBudget(path, budget, m_settings->contextLength());
}

void MainWindow::openModelWithBudget(const QString &path, quint64 budgetBytes, int contextLength, int expertsPerToken)
{
    m_models->open(path, budgetBytes, contextLength, expertsPerToken);
}

void MainWindow::refreshPlanner() { m_plannerFeed->update(); }

void MainWindow::verifyContainer()
{
    if (m_models->modelPath().isEmpty() || m_modelPage->isVerifying())
        return;
    m_modelPage->startVerify(m_models->modelPath());
    updateModelUi();
}

QString MainWindow::verifyResultText() const { return m_modelPage->verifyResultText(); }

void MainWindow::updateModelUi()
{
    const bool open = m_models->isOpen(), opening = m_models->isOpening(), busy = m_turns->isGenerating();
    const ModelInfo &info = m_models->info();
    const QString path = m_models->modelPath();
    const bool demoAvailable = !m_options.demoModelPath.isEmpty() && isModelFolder(m_options.demoModelPath);
    m_pane->setModelState({open, opening, busy, info.hasVision, demoAvailable});
    m_actions->stop->setEnabled(busy || opening);
    m_actions->regenerate->setEnabled(open && !busy);
    m_actions->open->setEnabled(!busy);
    const bool canVerify = !path.isEmpty() && !opening && !m_modelPage->isVerifying() && !info.release;
    m_modelPage->setVerifyAllowed(!path.isEmpty() && !opening && !info.release); // a release has no CRCs
    m_actions->verify->setEnabled(canVerify);
    if (!opening)
        m_status->hideOpenProgress();

    if (!open && !opening) {
        m_status->setModelText(tr("No model open"));
        m_modelPage->showModel(path, nullptr, m_models->contextLength());
    } else if (m_models->isRemote()) {
        const qt::RemoteInfo &remote = m_models->remoteInfo();
        m_status->setModelText(tr("%1 · remote %2").arg(remote.model, remote.url));
        m_modelPage->showRemote(remote.url, remote.model, remote.models);
    } else {
        m_status->setModelText(tr("%1 · budget %2").arg(QFileInfo(path).fileName(), formatBytes(info.budgetBytes)));
        m_modelPage->showModel(path, &info, m_models->contextLength());
    }
}

void MainWindow::showNotice(const QString &text)
{
    m_lastNotice = text;
    statusBar()->showMessage(text, 8000);
    Q_EMIT noticeShown(text);
}

void MainWindow::showError(const QString &title, const QString &message, const QString &detail)
{
    m_lastNotice = message;
    Q_EMIT noticeShown(message);
    // Also on the terminal the app was started from: the detail is what a bug report needs.
    qWarning().noquote() << title << "—" << message << detail;
    // Non-blocking: the event loop keeps running (and the tests keep going) while it is shown.
    auto *box = new QMessageBox(QMessageBox::Warning, title, message, QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    if (!detail.isEmpty())
        box->setDetailedText(detail);
    box->setAccessibleName(title);
    box->open();
}

} // namespace sluice::gui
