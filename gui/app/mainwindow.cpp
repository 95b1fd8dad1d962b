#include "app/mainwindow.h"

#include "app/appearance.h"
#include "chat/chatlistpanel.h"
#include "chat/contextbanner.h"
#include "chat/conversationview.h"
#include "chat/messagestats.h"
#include "models/modelpanel.h"
#include "server/serverpanel.h"
#include "chat/sessionstore.h"
#include "app/statusarea.h"
#include "common/uihelpers.h"
#include "chat/imagestrip.h"
#include "planner/plannerwidget.h"
#include "chat/promptedit.h"
#include "app/settingsdialog.h"
#include "app/shortcutsdialog.h"
#include "planner/statspanel.h"
#include "api/budget.h"


#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDebug>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLineEdit>
#include <QJsonDocument>
#include <QLabel>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QRegularExpression>
#include <QPushButton>
#include <QSaveFile>
#include <QSplitter>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QUuid>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <utility>

namespace sluice::gui {

namespace {
constexpr int kFlushMs = 33; // ~30 Hz: the display rate at which streamed tokens are painted

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
    m_engine = new qt::EngineThread(options.engineFactory, this);
    m_sessions = new SessionStore(QDir(options.dataDirectory).filePath(QStringLiteral("sessions")), this);
    connect(m_store, &ChatStore::saveFailed, this, [this](const QString &detail) {
        showError(tr("Saving failed"), tr("A chat could not be saved."), detail);
    });
    m_contextLength = settings->contextLength();
    if (m_options.usableRamBytes == 0) {
        Expected<UsableRam> ram = detectUsableRam();
        if (ram)
            m_options.usableRamBytes = ram->usableBytes;
    }

    m_flushTimer.setInterval(kFlushMs);
    m_flushTimer.setSingleShot(true);
    connect(&m_flushTimer, &QTimer::timeout, this, &MainWindow::flushTokens);

    buildUi();
    buildMenus();
    connectEngine();
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

MainWindow::~MainWindow()
{
    // EngineThread (a child) stops and joins the worker; nothing to wait for here.
    m_engine->stop();
}

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
        if (m_modelOpen && !m_modelPath.isEmpty())
            openModel(m_modelPath);
    });
    m_side->addTab(m_serverPage, QString());
    connect(m_planner, &PlannerPanel::applyRequested, this, &MainWindow::applyBudget);
    // The app grows as it is used: the planner measures it again when shown,
    // so the floor it advises is the one the next open measures (issue 27).
    connect(m_side, &QTabWidget::currentChanged, this, [this](int index) {
        if (m_side->widget(index) == m_planner && m_modelOpen && !m_opening)
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
    connect(m_status, &StatusArea::cancelRequested, this, [this] { m_engine->stop(); });
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
    setWindowTitle(m_modelOpen ? QFileInfo(m_modelPath).fileName() : QString());
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
    m_engine->stop();
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
    if (m_generating)
        return;
    const QString text = m_prompt->toPlainText().trimmed();
    if (text.isEmpty() && m_strip->count() == 0)
        return;
    if (!m_modelOpen) {
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
    m_unsent = {true, chat, m_prompt->toPlainText(), attached, m_editIndex}; // as typed
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
    const Chat *chat = m_store->chat(m_currentChat);
    if (!chat || !m_modelOpen)
        return;
    // A chat reached without selectChat (continued in a new chat) gets its state too.
    syncSession(m_currentChat);
    qt::GenerateRequest req;
    if (!m_settings->systemPrompt().isEmpty())
        req.messages.push_back({"system", m_settings->systemPrompt().toStdString(), {}, 0});
    for (const Message &m : chat->messages) {
        ChatMessage cm;
        cm.role = m.role.toStdString();
        cm.content = m.content.toStdString();
        cm.reasoning = m.reasoning.toStdString();
        cm.imageCount = int(m.images.size());
        req.messages.push_back(cm);
        if (m_info.hasVision)
            req.images += m.images;
    }
    req.chat.thinking = m_settings->thinking();
    req.chat.thinkingEffort = m_settings->thinkingEffort().toStdString();
    req.sampling = m_settings->sampling(m_info.recommendedSampling);
    req.sampling.seed = quint64(QDateTime::currentMSecsSinceEpoch());
    req.fitToContext = std::exchange(m_fitToContext, false);
    m_overflowNeeded = 0;

    m_streaming = Message();
    m_streaming.role = QStringLiteral("assistant");
    m_streaming.created = QDateTime::currentDateTimeUtc();
    m_pendingReasoning.clear();
    m_pendingContent.clear();
    m_lastStats = qt::LiveStats();
    m_view->appendMessage(m_streaming);
    m_stats->reset();
    setGenerating(true);
    m_genId = m_engine->generate(req);
}

void MainWindow::stopGeneration()
{
    if (m_generating || m_opening)
        m_engine->stop();
}

void MainWindow::flushTokens()
{
    if (m_pendingReasoning.isEmpty() && m_pendingContent.isEmpty())
        return;
    m_streaming.reasoning += std::exchange(m_pendingReasoning, QString());
    m_streaming.content += std::exchange(m_pendingContent, QString());
    m_view->updateLastMessage(m_streaming);
}

void MainWindow::finishStreaming(const qt::GenerationSummary *summary, const QString &error)
{
    m_flushTimer.stop();
    m_streaming.reasoning += std::exchange(m_pendingReasoning, QString());
    m_streaming.content += std::exchange(m_pendingContent, QString());
    m_view->setReadingProgress(0, 0);
    // The streamed deltas were for the live view; what is kept is the final parse by id
    // (it also holds the tool calls, which are not streamed).
    if (summary)
        applyReplyIds(*summary);
    const qt::LiveStats &s = summary ? summary->stats : m_lastStats;
    m_streaming.stats.valid = true;
    m_streaming.stats.tokens = s.tokens;
    m_streaming.stats.tokensPerSecond = s.tokensPerSecond;
    m_streaming.stats.timeToFirstToken = s.timeToFirstToken;
    m_streaming.stats.hitRate = s.hitRate;
    m_streaming.stats.diskGBps = s.diskGBps;
    // The summary's figures can come without the engine's allocation (0): the last live one stands.
    m_streaming.stats.residentBytes = s.residentBytes ? s.residentBytes : m_lastStats.residentBytes;
    m_streaming.stats.budgetBytes = s.budgetBytes ? s.budgetBytes : m_info.budgetBytes;
    // Stored as a code and translated when shown (messagestats.h).
    m_streaming.stats.stopReason = stopReasonCode(summary ? summary->reason : StopReason::Error);
    m_streaming.stats.errorText = summary ? QString() : error;
    m_view->updateLastMessage(m_streaming);

    const Chat *c = m_store->chat(m_currentChat);
    const bool produced = !m_streaming.content.isEmpty() || !m_streaming.reasoning.isEmpty() || !m_streaming.toolCalls.isEmpty();
    if (c && (produced || summary)) {
        Chat chat = *c;
        if (produced)
            chat.messages.append(m_streaming);
        // What the engine holds now, by its own count (the prompt it read and the reply it wrote).
        if (summary && summary->contextTokens > 0)
            chat.contextTokens = summary->contextTokens;
        else if (summary && summary->promptTokens > 0)
            chat.contextTokens = summary->promptTokens + summary->stats.tokens;
        // "Drop the oldest turns": the engine left these out to fit; so does the chat.
        const int dropped = summary ? std::min(summary->droppedMessages, int(chat.messages.size())) : 0;
        chat.messages.erase(chat.messages.begin(), chat.messages.begin() + dropped);
        m_store->update(chat);
        if (dropped > 0)
            m_view->setChat(m_store->chat(m_currentChat));
    }

    if (summary)
        saveSession();
    else
        m_sessionChat.clear(); // the state after a failed turn is unknown: the next turn reloads the saved one
    updateContextMeter();
    setGenerating(false);
    m_view->announceLast();
    Q_EMIT generationFinished();
}

void MainWindow::setGenerating(bool on)
{
    m_generating = on;
    m_view->setBusy(on);
    updateModelUi();
}

// ---- model ------------------------------------------------------------------

void MainWindow::openModelDialog()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Open model (a .waste folder or a release folder)"),
                                                          m_modelPath.isEmpty() ? QDir::homePath() : m_modelPath);
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
    if (m_generating) {
        showNotice(tr("Stop the current reply before opening a model."));
        return;
    }
    m_serverPage->clearModel(); // the old model leaves RAM: the server lets go of it first
    EngineOptions opts;
    opts.modelPath = QDir::cleanPath(path).toStdString();
    // The server's session is planned (and counted in the budget) only when the server is on.
    opts.sessions = m_serverPage->serverWanted() ? 2 : 1;
    opts.budgetBytes = budgetBytes;
    opts.contextLength = contextLength;
    opts.threads = m_settings->threads();
    opts.expertsPerToken = expertsPerToken >= 0 ? expertsPerToken : m_settings->expertsPerToken(QDir::cleanPath(path));
    m_pendingPath = QDir::cleanPath(path);
    m_pendingBudget = budgetBytes;
    m_contextLength = contextLength;
    m_opening = true;
    m_modelOpen = false;
    m_strip->setVisionAvailable(false, false);
    m_status->showOpening(m_pendingPath);
    m_openId = m_engine->open(opts);
    updateModelUi();
}

void MainWindow::connectEngine()
{
    connectSessions();
    connectBudget();
    connectTurns();
    connectRemote();
    qt::EngineWorker *w = m_engine->worker();
    connect(w, &qt::EngineWorker::progress, this, [this](quint64 id, double fraction, const QString &stage) {
        if (id != m_openId)
            return;
        m_status->setOpenProgress(fraction, stage);
    });
    connect(w, &qt::EngineWorker::opened, this, &MainWindow::engineOpened);
    connect(w, &qt::EngineWorker::replyDelta, this, [this](quint64 id, const QString &reasoning, const QString &content) {
        if (id != m_genId)
            return;
        m_view->setReadingProgress(0, 0); // the prompt is read: the reply streams
        // Batched: painting per token would cost a re-layout per token.
        m_pendingReasoning += reasoning;
        m_pendingContent += content;
        if (!m_flushTimer.isActive())
            m_flushTimer.start();
    });
    connect(w, &qt::EngineWorker::stats, this, [this](quint64 id, const qt::LiveStats &s) {
        if (id != m_genId)
            return;
        m_lastStats = s;
        m_stats->update(s);
        m_status->setStats(s);
    });
    connect(w, &qt::EngineWorker::finished, this, [this](quint64 id, const qt::GenerationSummary &summary) {
        if (id != m_genId || !m_generating)
            return;
        if (summary.reason == StopReason::ContextFull && m_overflowNeeded > 0)
            refuseTurn(); // nothing was computed: the banner asks
        else
            finishStreaming(&summary, QString());
    });
    connect(w, &qt::EngineWorker::error, this, &MainWindow::engineError);
}

// The engine opened the model of the open in progress (an older open's news is stale).
void MainWindow::engineOpened(quint64 id, const ModelInfo &info)
{
    if (id != m_openId)
        return;
    m_opening = false;
    m_modelOpen = true;
    m_info = info;
    m_modelPath = m_pendingPath;
    m_openedBudget = m_pendingBudget;
    m_measuredAfterOpen = 0; // the planner's next measurement (updatePlanner below)
    if (m_apply && m_apply->reopen) {
        const BudgetApply a = *m_apply;
        m_apply.reset();
        if (!a.restoring)
            saveAppliedBudget(a); // the engine took it: the next start opens with it
        else // the old model is back; the refused budget was not saved
            showNotice(tr("The budget was not applied: %1. The model was reopened with its previous budget.")
                           .arg(a.refusal));
    }
    m_remote = false; // a local model replaces a remote backend (the worker dropped it)
    m_stats->setRemote(false);
    m_sessionChat.clear(); // a new engine starts empty
    m_settings->addRecentModel(m_modelPath);
    m_strip->setVisionAvailable(info.hasVision, true);
    updateRecentMenu();
    m_planner->setExpertsPerToken(info.modelTopK, info.topK < info.modelTopK ? info.topK : 0);
    updatePlanner();
    updateModelUi();
    retranslate();
    syncSession(m_currentChat); // the open chat continues where it was saved
    m_serverPage->setModel(m_engine->worker()->model(), QFileInfo(m_modelPath).completeBaseName());
    Q_EMIT modelOpened();
}

// An open or a generation failed: an apply's refused reopen restores the
// previous model, other failures are shown.
void MainWindow::engineError(quint64 id, const QString &message, const QString &detail)
{
    if (id == m_openId && m_opening && m_apply && m_apply->reopen && !m_apply->restoring
        && !m_apply->path.isEmpty()) {
        // Apply's reopen was refused (a budget under the floor the open
        // measured): the model was open before, so it opens again as it
        // was; the refused budget is not saved (issue 27).
        m_apply->restoring = true;
        m_apply->refusal = message;
        m_opening = false;
        qWarning().noquote() << "Could not apply the budget —" << message << detail;
        openModelWithBudget(m_apply->path, m_apply->previousBudget, m_apply->previousContext,
                            m_apply->previousExperts);
        if (!m_opening)
            m_apply.reset();
        return;
    }
    if (id == m_openId && m_opening) {
        if (m_apply && m_apply->reopen) // restoring failed too, or nothing was open
            m_apply.reset();
        m_opening = false;
        m_modelOpen = false;
        m_modelPath.clear();
        updateModelUi();
        showError(tr("Could not open the model"), message, detail);
        return;
    }
    if (id == m_genId && m_generating) {
        finishStreaming(nullptr, message);
        if (m_remote) // network errors: the cut-off text is kept, Retry asks again
            showRemoteError(tr("Generation failed"), message, detail, [this] { retryLastTurn(); });
        else
            showError(tr("Generation failed"), message, detail);
    }
}

void MainWindow::updatePlanner()
{
    if (!m_modelOpen && m_modelPath.isEmpty()) {
        m_planner->clearInputs(QString());
        return;
    }
    m_planner->setDiskTestTarget(m_modelPath);
    m_planner->setModelName(QFileInfo(m_modelPath).fileName());
    if (!m_options.plannerInputs) {
        applyPlannerInputs(std::nullopt);
        return;
    }
    // Reading the inputs opens the container: on a pool thread, never here.
    // The shape (config and tensors) lets the panel plan the trunk split too.
    const quint64 seq = ++m_plannerSeq;
    using Read = std::pair<std::optional<PlannerInputs>, std::optional<PlannerShape>>;
    QtConcurrent::run([inputs = m_options.plannerInputs, shape = m_options.plannerShape, path = m_modelPath,
                       ctx = m_contextLength, threads = m_settings->threads()]() -> Read {
        return {inputs(path, ctx, threads), shape ? shape(path) : std::optional<PlannerShape>()};
    }).then(this, [this, seq](const Read &read) {
        if (seq == m_plannerSeq)
            applyPlannerInputs(read.first, read.second);
    });
}

void MainWindow::verifyContainer()
{
    if (m_modelPath.isEmpty() || m_modelPage->isVerifying())
        return;
    m_modelPage->startVerify(m_modelPath);
    updateModelUi();
}

QString MainWindow::verifyResultText() const { return m_modelPage->verifyResultText(); }

void MainWindow::applyPlannerInputs(const std::optional<PlannerInputs> &inputs, const std::optional<PlannerShape> &shape)
{
    if (!inputs) {
        m_planner->clearInputs(tr("The app cannot read this model's planner inputs yet (the engine does not expose "
                                  "them); `sluice-cli plan MODEL` shows the full plan. The model runs with budget %1; "
                                  "its floor is %2.")
                                   .arg(formatBytes(m_info.budgetBytes), formatBytes(m_info.floorBytes)));
        return;
    }
    PlannerInputs in = *inputs;
    // The provider measured this process now, as Model::open will measure it
    // when Apply reopens the model (issue 27: the panel planned a reopen with
    // the footprint taken at open while the app had grown by 49 MiB, and the
    // reopen was refused). While a model is open the measurement holds the
    // model too, which closing it gives back: what the process held right
    // after the open (the first measurement since) less the engine's own
    // process term is the model's share. What the app grew since counts; so
    // do expert-cache slots filled since, which close gives back too — the
    // floor shown errs high by them, never low. (The ledger's figures are no
    // measure of this: reserved state and slots are not resident until used.)
    const quint64 measured = in.processBytes;
    if (m_modelOpen && !m_measuredAfterOpen)
        m_measuredAfterOpen = measured;
    const quint64 held = m_modelOpen && m_measuredAfterOpen > m_info.processBytes
        ? m_measuredAfterOpen - m_info.processBytes
        : 0;
    const quint64 reopenProcess = plannedProcessBytes(measured, held, m_modelOpen ? m_info.processBytes : 0);
    // A live change measures nothing: the open model's process term is the
    // one its ledger holds (measured at open), so a live budget plans with it.
    if (m_modelOpen && m_info.processBytes)
        in.processBytes = m_info.processBytes;
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
    m_planner->setInputs(in, m_options.usableRamBytes, m_modelOpen);
    if (m_modelOpen)
        m_planner->setOpenModelSplit(m_info.residentLayers, m_info.layers, m_info.lmHeadStreamed);
    if (m_modelOpen)
        m_planner->setOpenModelTerms(m_info.floorBytes,
                                     m_info.liveBudgetMinBytes > m_info.floorBytes ? m_info.liveBudgetMinBytes - m_info.floorBytes : 0,
                                     m_info.liveBudgetMaxBytes);
    m_planner->setReopenProcessBytes(reopenProcess);
    m_planner->setCurrentBudget(m_info.budgetBytes, m_contextLength);
}

void MainWindow::updateModelUi()
{
    const bool demoAvailable = !m_options.demoModelPath.isEmpty() && isModelFolder(m_options.demoModelPath);
    m_demoButton->setVisible(!m_modelOpen && !m_opening && demoAvailable);
    m_openButton->setVisible(!m_modelOpen && !m_opening);
    m_planButton->setVisible(!m_modelOpen && !m_opening);
    m_getButton->setVisible(!m_modelOpen && !m_opening);
    m_send->setEnabled(m_modelOpen && !m_generating);
    m_stop->setEnabled(m_generating);
    m_actStop->setEnabled(m_generating || m_opening);
    m_actRegenerate->setEnabled(m_modelOpen && !m_generating);
    m_attach->setEnabled(m_modelOpen && m_info.hasVision && !m_generating);
    m_attach->setToolTip(m_modelOpen && !m_info.hasVision ? tr("This model has no vision tower") : QString());
    m_actOpen->setEnabled(!m_generating);
    const bool canVerify = !m_modelPath.isEmpty() && !m_opening && !m_modelPage->isVerifying() && !m_info.release;
    m_modelPage->setVerifyAllowed(!m_modelPath.isEmpty() && !m_opening && !m_info.release); // a release has no CRCs
    m_actVerify->setEnabled(canVerify);
    if (!m_opening)
        m_status->hideOpenProgress();

    if (m_opening) {
        m_view->setEmptyText(tr("Opening the model…"));
    } else if (!m_modelOpen) {
        m_view->setEmptyText(
            demoAvailable
                ? tr("## No model is open\n\nOpen a model folder (a `.waste` container) with **File → Open model…**, "
                     "drop one onto this window, get one with **File → Get a model…**, or try the bundled demo model below. The demo is a tiny model "
                     "trained here on a dictionary: it answers in dictionary-style English but is far too small "
                     "to make sense, and it cannot see images; every feature works with it.")
                : tr("## No model is open\n\nOpen a model folder (a `.waste` container) with **File → Open model…** "
                     "or drop one onto this window; **File → Get a model…** downloads Kimi K3 or Kimi-Linear. Your conversation will appear here."));
        m_status->setModelText(tr("No model open"));
        m_modelPage->showModel(m_modelPath, nullptr, m_contextLength);
    } else if (m_remote) {
        m_view->setEmptyText(tr("Type a message below to start the conversation."));
        m_status->setModelText(tr("%1 · remote %2").arg(m_remoteInfo.model, m_remoteInfo.url));
        m_modelPage->showRemote(m_remoteInfo.url, m_remoteInfo.model, m_remoteInfo.models);
    } else {
        m_view->setEmptyText(tr("Type a message below to start the conversation."));
        m_status->setModelText(tr("%1 · budget %2").arg(QFileInfo(m_modelPath).fileName(), formatBytes(m_info.budgetBytes)));
        m_modelPage->showModel(m_modelPath, &m_info, m_contextLength);
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
