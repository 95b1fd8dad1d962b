#include "app/mainwindow.h"

#include "app/appearance.h"
#include "app/statusarea.h"
#include "chat/chatlistpanel.h"
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
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QSplitter>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

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
    buildMenus();
    connectModels();
    connectBudget();
    connectTurns();
    retranslate();

    m_store->load();
    refreshChatList();
    const QStringList ids = m_store->ids();
    if (!ids.isEmpty())
        selectChat(ids.first());
    if (!m_store->loadErrors().isEmpty())
        showNotice(tr("Some chats could not be read: %1").arg(m_store->loadErrors().join(QStringLiteral("; "))));
    if (const auto pending = settings->pendingDownloads(); !pending.isEmpty())
        showNotice(tr("The download of %1 did not finish: File → Get a model… continues it.").arg(pending.first().repo));
    updateModelUi();

    if (!settings->windowGeometry().isEmpty())
        restoreGeometry(settings->windowGeometry());
    else
        resize(1280, 800);
}

MainWindow::~MainWindow() = default; // ModelController (a child) stops and joins the worker

void MainWindow::buildUi()
{
    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->setChildrenCollapsible(false);

    m_chats = new ChatListPanel(m_store, splitter);
    connect(m_chats, &ChatListPanel::chatPicked, this, &MainWindow::selectChat);
    connect(m_chats, &ChatListPanel::newRequested, this, &MainWindow::newChat);
    connect(m_chats, &ChatListPanel::renameRequested, this, &MainWindow::renameChat);
    connect(m_chats, &ChatListPanel::deleteRequested, this, &MainWindow::deleteChat);

    QWidget *centre = buildCentre(splitter);

    // Right: planner, statistics, model.
    m_side = new QTabWidget(splitter);
    m_planner = new PlannerPanel(m_side);
    m_stats = new StatsPanel(m_side);
    m_modelPage = new ModelPanel(m_side);
    connect(m_modelPage, &ModelPanel::verifyRequested, this, &MainWindow::verifyContainer);
    connect(m_modelPage, &ModelPanel::verifyFinished, this, &MainWindow::updateModelUi);
    m_side->addTab(m_planner, QString());
    m_side->addTab(m_stats, QString());
    m_side->addTab(m_modelPage, QString());
    m_serverPage = new ServerPanel(m_settings->fileName(), m_side);
    // Serving turned on with a model opened for the window alone: reopen it
    // with the server's session planned (the chat's state is saved and comes back).
    connect(m_serverPage, &ServerPanel::reopenRequested, this, [this] {
        if (m_models->isOpen() && !m_models->modelPath().isEmpty())
            openModel(m_models->modelPath());
    });
    m_side->addTab(m_serverPage, QString());
    // The app grows as it is used: the planner measures it again when shown,
    // so the floor it advises is the one the next open measures (issue 27).
    connect(m_side, &QTabWidget::currentChanged, this, [this](int index) {
        if (m_side->widget(index) == m_planner && m_models->isOpen() && !m_models->isOpening())
            updatePlanner();
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
    // Conversation over the model buttons (no model) and the composer.
    auto *centre = new QWidget(parent);
    auto *cl = new QVBoxLayout(centre);
    cl->setContentsMargins(0, 0, 0, 0);
    m_view = new ConversationView(centre);
    cl->addWidget(m_view, 1);
    auto *modelButtons = new QHBoxLayout;
    m_openButton = new QPushButton(centre);
    m_demoButton = new QPushButton(centre);
    modelButtons->addStretch(1);
    modelButtons->addWidget(m_openButton);
    modelButtons->addWidget(m_demoButton);
    m_getButton = new QPushButton(centre);
    modelButtons->addWidget(m_getButton);
    m_planButton = new QPushButton(centre);
    modelButtons->addWidget(m_planButton);
    modelButtons->addStretch(1);
    cl->addLayout(modelButtons);
    connect(m_openButton, &QPushButton::clicked, this, &MainWindow::openModelDialog);
    connect(m_demoButton, &QPushButton::clicked, this, [this] { openModel(m_options.demoModelPath); });
    connect(m_planButton, &QPushButton::clicked, this, &MainWindow::showPlanModelDialog);
    connect(m_getButton, &QPushButton::clicked, this, &MainWindow::showGetModelDialog);
    connect(m_view, &ConversationView::copyRequested, this, &MainWindow::copyMessage);
    connect(m_view, &ConversationView::editRequested, this, &MainWindow::editMessage);
    connect(m_view, &ConversationView::regenerateRequested, this, &MainWindow::regenerate);

    m_banner = new ContextBanner(centre);
    cl->addWidget(m_banner);
    connect(m_banner, &ContextBanner::newChatChosen, this, &MainWindow::continueInNewChat);
    connect(m_banner, &ContextBanner::dropOldestChosen, this, &MainWindow::dropOldestTurns);
    connect(m_view, &ConversationView::stopRequested, this, &MainWindow::stopGeneration);

    auto *composer = new QFrame(centre);
    composer->setFrameShape(QFrame::StyledPanel);
    auto *pl = new QVBoxLayout(composer);
    m_strip = new ImageStrip(QDir(m_options.dataDirectory).filePath(QStringLiteral("images")), composer);
    m_prompt = new PromptEdit(composer);
    m_prompt->setImageStrip(m_strip);
    m_prompt->setMaximumHeight(140);
    m_attach = new QPushButton(composer);
    m_send = new QPushButton(composer);
    m_send->setDefault(true);
    m_stop = new QPushButton(composer);
    auto *pb = new QHBoxLayout;
    pb->addWidget(m_attach);
    m_contextMeter = new QLabel(composer);
    m_contextMeter->setForegroundRole(QPalette::PlaceholderText);
    pb->addWidget(m_contextMeter);
    pb->addStretch(1);
    pb->addWidget(m_stop);
    pb->addWidget(m_send);
    pl->addWidget(m_strip);
    pl->addWidget(m_prompt);
    pl->addLayout(pb);
    cl->addWidget(composer);
    connect(m_prompt, &PromptEdit::sendRequested, this, &MainWindow::sendPrompt);
    connect(m_send, &QPushButton::clicked, this, &MainWindow::sendPrompt);
    connect(m_stop, &QPushButton::clicked, this, &MainWindow::stopGeneration);
    connect(m_attach, &QPushButton::clicked, this, &MainWindow::attachImagesDialog);
    connect(m_strip, &ImageStrip::refused, this, &MainWindow::showNotice);
    return centre;
}

void MainWindow::attachImagesDialog()
{
    // Start where people keep pictures, not in the app's working directory.
    QString start = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation);
    if (start.isEmpty() || !QFileInfo(start).isDir())
        start = QDir::homePath();
    const QStringList files = QFileDialog::getOpenFileNames(
        this, tr("Attach images"), start, tr("Images (*.png *.jpg *.jpeg *.gif *.bmp *.tga);;All files (*)"));
    for (const QString &f : files)
        m_strip->addFile(f);
}

void MainWindow::retranslate()
{
    // The application display name ("Sluice") is appended by Qt: the title names only the model.
    setWindowTitle(m_models->isOpen() ? QFileInfo(m_models->modelPath()).fileName() : QString());
    m_view->setAccessibleName(tr("Conversation"));
    m_openButton->setText(tr("Open model…"));
    m_openButton->setAccessibleName(tr("Open a model folder"));
    m_demoButton->setText(tr("Try the demo model"));
    m_demoButton->setAccessibleName(tr("Open the bundled demo model"));
    m_getButton->setText(tr("Get a model…"));
    m_getButton->setAccessibleName(tr("Download Kimi K3 or Kimi-Linear from the hub"));
    m_planButton->setText(tr("Plan a model before downloading…"));
    m_planButton->setAccessibleName(tr("Plan a published model: does it fit, what budget, what speed"));
    m_demoButton->setToolTip(tr("A tiny model with the Kimi K3 architecture, trained here on the WordNet "
                                "dictionary: it answers in dictionary-style English but is far too small to make "
                                "sense; every feature can be tried."));
    m_prompt->setPlaceholderText(tr("Message (Enter sends, Shift+Enter for a new line)"));
    m_prompt->setAccessibleName(tr("Prompt"));
    m_attach->setText(tr("Attach…"));
    m_attach->setAccessibleName(tr("Attach images"));
    m_send->setText(tr("Send"));
    m_send->setAccessibleName(tr("Send message"));
    m_stop->setText(tr("Stop"));
    m_stop->setAccessibleName(tr("Stop generating"));
    m_stop->setToolTip(tr("Stop generating (Esc)"));
    m_side->setTabText(0, tr("Budget"));
    m_side->setTabText(1, tr("Statistics"));
    m_side->setTabText(2, tr("Model"));
    m_side->setTabText(3, tr("Server"));
    m_side->setAccessibleName(tr("Side panel"));
    m_status->retranslate();
    updateContextMeter();
    retranslateMenus();
    updateRecentMenu();
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

void MainWindow::sendPrompt()
{
    if (m_turns->isGenerating())
        return;
    const QString text = m_prompt->toPlainText().trimmed();
    if (text.isEmpty() && m_strip->count() == 0)
        return;
    if (!m_models->isOpen()) {
        showNotice(tr("Open a model first (File → Open model…)."));
        return;
    }
    if (m_strip->pendingChecks() > 0) {
        showNotice(tr("Still checking the attached images; send again in a moment."));
        return;
    }
    const QStringList attached = m_strip->images(); // selecting a new chat below clears the strip
    if (m_currentChat.isEmpty() || !m_store->chat(m_currentChat)) {
        QString title = text.left(48).simplified();
        if (title.isEmpty())
            title = tr("Image chat");
        m_currentChat = m_store->createChat(title);
        refreshChatList();
        selectChat(m_currentChat);
    }
    Chat chat = *m_store->chat(m_currentChat);
    m_turns->setUnsent({true, chat, m_prompt->toPlainText(), attached, m_editIndex}); // as typed
    const bool truncating = m_editIndex >= 0 && m_editIndex < chat.messages.size();
    if (truncating)
        chat.messages.erase(chat.messages.begin() + m_editIndex, chat.messages.end());
    setEditIndex(-1);
    if (chat.messages.isEmpty() && chat.title == tr("New chat") && !text.isEmpty())
        chat.title = text.left(48).simplified();
    Message m;
    m.role = QStringLiteral("user");
    m.content = text;
    for (const QString &img : attached)
        m.images.append(storedImageCopy(img));
    m.created = QDateTime::currentDateTimeUtc();
    chat.messages.append(m);
    m_store->update(chat);
    refreshChatList();
    // Appending keeps sending O(1) in the length of the chat; only an edit rebuilds the view.
    if (truncating)
        m_view->setChat(m_store->chat(m_currentChat));
    else
        m_view->appendMessage(m);
    m_prompt->clear();
    m_strip->clear();
    startGeneration();
}

void MainWindow::startGeneration()
{
    m_turns->start(m_currentChat);
}

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

void MainWindow::updatePlanner()
{
    if (!m_models->isOpen() && m_models->modelPath().isEmpty()) {
        m_planner->clearInputs(QString());
        return;
    }
    m_planner->setDiskTestTarget(m_models->modelPath());
    m_planner->setModelName(QFileInfo(m_models->modelPath()).fileName());
    if (!m_options.plannerInputs) {
        applyPlannerInputs(std::nullopt);
        return;
    }
    // Reading the inputs opens the container: on a pool thread, never here.
    // The shape (config and tensors) lets the panel plan the trunk split too.
    const quint64 seq = ++m_plannerSeq;
    using Read = std::pair<std::optional<PlannerInputs>, std::optional<PlannerShape>>;
    QtConcurrent::run([inputs = m_options.plannerInputs, shape = m_options.plannerShape, path = m_models->modelPath(),
                       ctx = m_models->contextLength(), threads = m_settings->threads()]() -> Read {
        return {inputs(path, ctx, threads), shape ? shape(path) : std::optional<PlannerShape>()};
    }).then(this, [this, seq](const Read &read) {
        if (seq == m_plannerSeq)
            applyPlannerInputs(read.first, read.second);
    });
}

void MainWindow::verifyContainer()
{
    if (m_models->modelPath().isEmpty() || m_modelPage->isVerifying())
        return;
    m_modelPage->startVerify(m_models->modelPath());
    updateModelUi();
}

QString MainWindow::verifyResultText() const { return m_modelPage->verifyResultText(); }

void MainWindow::applyPlannerInputs(const std::optional<PlannerInputs> &inputs, const std::optional<PlannerShape> &shape)
{
    const ModelInfo &info = m_models->info();
    const bool open = m_models->isOpen();
    if (!inputs) {
        m_planner->clearInputs(tr("The app cannot read this model's planner inputs yet (the engine does not expose "
                                  "them); `sluice-cli plan MODEL` shows the full plan. The model runs with budget %1; "
                                  "its floor is %2.")
                                   .arg(formatBytes(info.budgetBytes), formatBytes(info.floorBytes)));
        return;
    }
    PlannerInputs in = *inputs;
    // The provider measured this process as it is now: a reopen plans with that (issue 27).
    const quint64 reopenProcess = m_models->reopenProcessBytes(in.processBytes);
    // A live change measures nothing: the open model's process term is the
    // one its ledger holds (measured at open), so a live budget plans with it.
    if (open && info.processBytes)
        in.processBytes = info.processBytes;
    if (shape) {
        // As the engine opens it (defaultPlannerInputs' options): vision on, the thread setting.
        PlanRequest r;
        r.vision = true;
        r.attentionSlices = m_settings->threads() > 0 ? m_settings->threads() : qEnvironmentVariableIntValue("SLUICE_THREADS");
        r.processBytes = in.processBytes;
        m_planner->setShape(*shape, r);
    } else if (m_planner->hasShape()) {
        m_planner->clearShape();
    }
    m_planner->setInputs(in, m_options.usableRamBytes, open);
    if (open) {
        m_planner->setOpenModelSplit(info.residentLayers, info.layers, info.lmHeadStreamed);
        m_planner->setOpenModelTerms(info.floorBytes,
                                     info.liveBudgetMinBytes > info.floorBytes ? info.liveBudgetMinBytes - info.floorBytes : 0,
                                     info.liveBudgetMaxBytes);
    }
    m_planner->setReopenProcessBytes(reopenProcess);
    m_planner->setCurrentBudget(info.budgetBytes, m_models->contextLength());
}

void MainWindow::updateModelUi()
{
    const bool open = m_models->isOpen(), opening = m_models->isOpening(), busy = m_turns->isGenerating();
    const ModelInfo &info = m_models->info();
    const QString path = m_models->modelPath();
    const bool demoAvailable = !m_options.demoModelPath.isEmpty() && isModelFolder(m_options.demoModelPath);
    m_demoButton->setVisible(!open && !opening && demoAvailable);
    m_openButton->setVisible(!open && !opening);
    m_planButton->setVisible(!open && !opening);
    m_getButton->setVisible(!open && !opening);
    m_send->setEnabled(open && !busy);
    m_stop->setEnabled(busy);
    m_actStop->setEnabled(busy || opening);
    m_actRegenerate->setEnabled(open && !busy);
    m_attach->setEnabled(open && info.hasVision && !busy);
    m_attach->setToolTip(open && !info.hasVision ? tr("This model has no vision tower") : QString());
    m_actOpen->setEnabled(!busy);
    const bool canVerify = !path.isEmpty() && !opening && !m_modelPage->isVerifying() && !info.release;
    m_modelPage->setVerifyAllowed(!path.isEmpty() && !opening && !info.release); // a release has no CRCs
    m_actVerify->setEnabled(canVerify);
    if (!opening)
        m_status->hideOpenProgress();

    if (opening) {
        m_view->setEmptyText(tr("Opening the model…"));
    } else if (!open) {
        m_view->setEmptyText(
            demoAvailable
                ? tr("## No model is open\n\nOpen a model folder (a `.waste` container) with **File → Open model…**, "
                     "drop one onto this window, get one with **File → Get a model…**, or try the bundled demo model below. The demo is a tiny model "
                     "trained here on a dictionary: it answers in dictionary-style English but is far too small "
                     "to make sense, and it cannot see images; every feature works with it.")
                : tr("## No model is open\n\nOpen a model folder (a `.waste` container) with **File → Open model…** "
                     "or drop one onto this window; **File → Get a model…** downloads Kimi K3 or Kimi-Linear. Your conversation will appear here."));
        m_status->setModelText(tr("No model open"));
        m_modelPage->showModel(path, nullptr, m_models->contextLength());
    } else if (m_models->isRemote()) {
        const qt::RemoteInfo &remote = m_models->remoteInfo();
        m_view->setEmptyText(tr("Type a message below to start the conversation."));
        m_status->setModelText(tr("%1 · remote %2").arg(remote.model, remote.url));
        m_modelPage->showRemote(remote.url, remote.model, remote.models);
    } else {
        m_view->setEmptyText(tr("Type a message below to start the conversation."));
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
