#include "mainwindow.h"

#include "appearance.h"
#include "chatlistpanel.h"
#include "conversationview.h"
#include "messagestats.h"
#include "modelpanel.h"
#include "statusarea.h"
#include "uihelpers.h"
#include "imagestrip.h"
#include "plannerwidget.h"
#include "promptedit.h"
#include "settingsdialog.h"
#include "shortcutsdialog.h"
#include "statspanel.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
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

namespace sluice::gui {

namespace {
constexpr int kFlushMs = 33; // ~30 Hz: the display rate at which streamed tokens are painted

bool isModelFolder(const QString &path)
{
    return QFileInfo(path).isDir() && QFileInfo::exists(QDir(path).filePath(QStringLiteral("manifest.json")));
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
    connect(m_planner, &PlannerPanel::applyRequested, this, [this](quint64 budget, int context) {
        if (m_modelPath.isEmpty())
            return;
        // Applied budgets survive a restart: the next start opens with the same figures.
        m_settings->setBudgetMode(Settings::BudgetMode::Fixed);
        m_settings->setFixedBudgetBytes(budget);
        m_settings->setContextLength(context);
        openModelWithBudget(m_modelPath, budget, context);
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
    modelButtons->addStretch(1);
    cl->addLayout(modelButtons);
    connect(m_openButton, &QPushButton::clicked, this, &MainWindow::openModelDialog);
    connect(m_demoButton, &QPushButton::clicked, this, [this] { openModel(m_options.demoModelPath); });
    connect(m_view, &ConversationView::copyRequested, this, &MainWindow::copyMessage);
    connect(m_view, &ConversationView::editRequested, this, &MainWindow::editMessage);
    connect(m_view, &ConversationView::regenerateRequested, this, &MainWindow::regenerate);

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
        this, tr("Attach images"), start, tr("Images (*.png *.jpg *.jpeg *.gif *.bmp *.tga *.psd);;All files (*)"));
    for (const QString &f : files)
        m_strip->addFile(f);
}

void MainWindow::buildMenus()
{
    auto action = [this](const QKeySequence &key, auto slot) {
        auto *a = new QAction(this);
        if (!key.isEmpty())
            a->setShortcut(key);
        connect(a, &QAction::triggered, this, slot);
        addAction(a); // window-wide, so the shortcut works wherever the focus is
        return a;
    };
    m_actOpen = action(QKeySequence::Open, &MainWindow::openModelDialog);
    m_actQuit = action(QKeySequence::Quit, &MainWindow::close);
    m_actQuit->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_Q)});
    m_actSettings = action(QKeySequence(Qt::CTRL | Qt::Key_Comma), [this] {
        SettingsDialog dialog(m_settings, this);
        if (dialog.exec() == QDialog::Accepted) {
            m_appearance->applyTheme(m_settings->theme());
            m_appearance->applyFontSize(m_settings->fontSize());
            m_appearance->applyLanguage(m_settings->language());
        }
    });
    m_actExportMd = action(QKeySequence(Qt::CTRL | Qt::Key_E), [this] { exportChat(false); });
    m_actExportJson = action(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E), [this] { exportChat(true); });
    m_actNewChat = action(QKeySequence::New, &MainWindow::newChat);
    m_actRename = action(QKeySequence(Qt::Key_F2), &MainWindow::renameChat);
    m_actDelete = action(QKeySequence(), &MainWindow::deleteChat);
    m_actNext = action(QKeySequence(Qt::CTRL | Qt::Key_PageDown), [this] { stepChat(+1); });
    m_actNext->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_PageDown), QKeySequence(Qt::CTRL | Qt::Key_Tab)});
    m_actPrev = action(QKeySequence(Qt::CTRL | Qt::Key_PageUp), [this] { stepChat(-1); });
    m_actPrev->setShortcuts(
        {QKeySequence(Qt::CTRL | Qt::Key_PageUp), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Backtab)});
    m_actStop = action(QKeySequence(Qt::Key_Escape), &MainWindow::stopGeneration);
    m_actRegenerate = action(QKeySequence(Qt::CTRL | Qt::Key_R), [this] {
        const Chat *c = m_store->chat(m_currentChat);
        if (c && !c->messages.isEmpty())
            regenerate(int(c->messages.size()) - 1);
    });
    m_actFocusPrompt = action(QKeySequence(Qt::CTRL | Qt::Key_L), [this] { m_prompt->setFocus(Qt::ShortcutFocusReason); });
    m_actShortcuts = action(QKeySequence(Qt::Key_F1), [this] {
        ShortcutsDialog dialog(shortcutActions(), this);
        dialog.exec();
    });
    m_actAbout = action(QKeySequence(), [this] {
        QMessageBox::about(this, tr("About Sluice"),
                           tr("<h3>Sluice %1</h3><p>Runs frontier-scale Mixture-of-Experts models (Kimi K3, "
                              "Kimi-Linear) on a desktop under a hard RAM budget, streaming expert weights from "
                              "NVMe.</p><p>Built with Qt %2.</p>")
                               .arg(QApplication::applicationVersion(), QString::fromLatin1(qVersion())));
    });

    m_fileMenu = menuBar()->addMenu(QString());
    m_fileMenu->addAction(m_actOpen);
    m_recentMenu = m_fileMenu->addMenu(QString());
    m_fileMenu->addSeparator();
    m_exportMenu = m_fileMenu->addMenu(QString());
    m_exportMenu->addAction(m_actExportMd);
    m_exportMenu->addAction(m_actExportJson);
    m_actVerify = new QAction(this);
    connect(m_actVerify, &QAction::triggered, this, [this] {
        m_side->setCurrentWidget(m_modelPage);
        verifyContainer();
    });
    m_fileMenu->addAction(m_actVerify);
    m_fileMenu->addAction(m_actSettings);
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_actQuit);
    m_chatMenu = menuBar()->addMenu(QString());
    for (QAction *a : {m_actNewChat, m_actRename, m_actDelete})
        m_chatMenu->addAction(a);
    m_chatMenu->addSeparator();
    for (QAction *a : {m_actNext, m_actPrev})
        m_chatMenu->addAction(a);
    m_chatMenu->addSeparator();
    for (QAction *a : {m_actStop, m_actRegenerate, m_actFocusPrompt})
        m_chatMenu->addAction(a);
    m_helpMenu = menuBar()->addMenu(QString());
    m_helpMenu->addAction(m_actShortcuts);
    m_helpMenu->addAction(m_actAbout);
    updateRecentMenu();
}

QList<QAction *> MainWindow::shortcutActions() const
{
    return {m_actOpen,    m_actNewChat, m_actNext,        m_actPrev,        m_actStop,   m_actFocusPrompt,
            m_actRegenerate, m_actRename, m_actExportMd,  m_actExportJson,  m_actSettings, m_actShortcuts,
            m_actQuit};
}

void MainWindow::retranslate()
{
    // The application display name ("Sluice") is appended by Qt: the title names only the model.
    setWindowTitle(m_modelOpen ? QFileInfo(m_modelPath).fileName() : QString());
    m_view->setAccessibleName(tr("Conversation"));
    m_openButton->setText(tr("Open model…"));
    m_openButton->setAccessibleName(tr("Open a model folder"));
    m_demoButton->setText(tr("Try the demo model (random weights)"));
    m_demoButton->setAccessibleName(tr("Open the bundled demo model"));
    m_demoButton->setToolTip(tr("A small synthetic model shaped like Kimi K3. Its weights are random, so its "
                                "replies are gibberish, but every feature can be tried."));
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
    m_side->setAccessibleName(tr("Side panel"));
    m_status->retranslate();
    retranslateMenus();
    updateRecentMenu();
    updateModelUi();
}

void MainWindow::retranslateMenus()
{
    m_actVerify->setText(tr("&Verify container…"));
    m_fileMenu->setTitle(tr("&File"));
    m_recentMenu->setTitle(tr("&Recent models"));
    m_exportMenu->setTitle(tr("&Export chat"));
    m_chatMenu->setTitle(tr("&Chat"));
    m_helpMenu->setTitle(tr("&Help"));
    m_actOpen->setText(tr("&Open model…"));
    m_actQuit->setText(tr("&Quit"));
    m_actSettings->setText(tr("&Settings…"));
    m_actExportMd->setText(tr("As &Markdown…"));
    m_actExportJson->setText(tr("As &JSON…"));
    m_actNewChat->setText(tr("&New chat"));
    m_actRename->setText(tr("&Rename chat…"));
    m_actDelete->setText(tr("&Delete chat"));
    m_actNext->setText(tr("Ne&xt chat"));
    m_actPrev->setText(tr("&Previous chat"));
    m_actStop->setText(tr("&Stop generating"));
    m_actRegenerate->setText(tr("Re&generate last reply"));
    m_actFocusPrompt->setText(tr("&Focus the prompt"));
    m_actShortcuts->setText(tr("&Keyboard shortcuts"));
    m_actAbout->setText(tr("&About Sluice"));
}

void MainWindow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QMainWindow::changeEvent(event);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
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

// ---- chats ------------------------------------------------------------------

void MainWindow::refreshChatList() { m_chats->refresh(m_currentChat); }

void MainWindow::selectChat(const QString &id)
{
    if (m_generating)
        return; // the reply being streamed belongs to the current chat
    m_currentChat = id;
    m_view->setChat(m_store->chat(id));
    m_chats->markCurrent(id);
    m_editIndex = -1;
    // Attachments and a half-written edit belong to the chat they were made in.
    m_strip->clear();
}

void MainWindow::stepChat(int delta)
{
    if (m_generating)
        return;
    const QString id = m_chats->stepFrom(delta);
    if (!id.isEmpty())
        selectChat(id);
}

void MainWindow::newChat()
{
    if (m_generating)
        return;
    const QString id = m_store->createChat(tr("New chat"));
    m_chats->clearSearch();
    refreshChatList();
    selectChat(id);
    m_prompt->setFocus();
}

void MainWindow::renameChat()
{
    const Chat *c = m_store->chat(m_currentChat);
    if (!c)
        return;
    bool ok = false;
    const QString title = QInputDialog::getText(this, tr("Rename chat"), tr("Title:"), QLineEdit::Normal, c->title, &ok);
    if (ok && !title.trimmed().isEmpty()) {
        m_store->rename(m_currentChat, title);
        refreshChatList();
    }
}

void MainWindow::deleteChat()
{
    const Chat *c = m_store->chat(m_currentChat);
    if (!c || m_generating)
        return;
    if (QMessageBox::question(this, tr("Delete chat"), tr("Delete the chat “%1”? This cannot be undone.").arg(c->title)) !=
        QMessageBox::Yes)
        return;
    m_store->remove(m_currentChat);
    m_currentChat.clear();
    refreshChatList();
    const QStringList ids = m_store->ids();
    if (ids.isEmpty())
        m_view->setChat(nullptr);
    else
        selectChat(ids.first());
}

void MainWindow::exportChat(bool json)
{
    const Chat *c = m_store->chat(m_currentChat);
    if (!c) {
        showNotice(tr("There is no chat to export."));
        return;
    }
    const QString filter = json ? tr("JSON (*.json)") : tr("Markdown (*.md)");
    QString base = c->title;
    base.replace(QRegularExpression(QStringLiteral("[^\\w\\- ]")), QStringLiteral("_"));
    QString folder = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    if (folder.isEmpty() || !QFileInfo(folder).isDir())
        folder = QDir::homePath();
    const QString path = QFileDialog::getSaveFileName(this, tr("Export chat"),
                                                      QDir(folder).filePath(base) + (json ? QStringLiteral(".json") : QStringLiteral(".md")),
                                                      filter);
    if (path.isEmpty())
        return;
    QSaveFile f(path);
    if (f.open(QIODevice::WriteOnly)) {
        f.write(json ? QJsonDocument(chatToJson(*c)).toJson() : chatToMarkdown(*c).toUtf8());
        if (f.commit()) {
            showNotice(tr("Chat exported to %1").arg(QDir::toNativeSeparators(path)));
            return;
        }
    }
    showError(tr("Export failed"), tr("The chat could not be written."), f.errorString());
}

void MainWindow::copyMessage(int index)
{
    const Chat *c = m_store->chat(m_currentChat);
    // A reply that is all thinking (stopped before the answer) copies the thinking.
    auto text = [](const Message &m) { return m.content.isEmpty() ? m.reasoning : m.content; };
    if (c && index >= 0 && index < c->messages.size()) {
        QApplication::clipboard()->setText(text(c->messages[index]));
        showNotice(tr("Message copied to the clipboard."));
    } else if (m_generating && index == m_view->messageCount() - 1) {
        QApplication::clipboard()->setText(text(m_streaming));
    }
}

void MainWindow::editMessage(int index)
{
    const Chat *c = m_store->chat(m_currentChat);
    if (!c || m_generating || index < 0 || index >= c->messages.size())
        return;
    const Message &m = c->messages[index];
    m_prompt->setPlainText(m.content);
    m_strip->clear();
    if (m_strip->visionAvailable())
        for (const QString &img : m.images)
            m_strip->addFile(img);
    m_editIndex = index;
    m_prompt->setFocus();
    showNotice(tr("Editing message %1: sending replaces it and everything after it.").arg(index + 1));
}

void MainWindow::regenerate(int index)
{
    const Chat *c = m_store->chat(m_currentChat);
    if (!c || m_generating || !m_modelOpen || index < 0 || index >= c->messages.size())
        return;
    Chat chat = *c;
    // Drop the reply (and anything after it), keep the prompt that led to it.
    if (chat.messages[index].role == QLatin1String("assistant"))
        chat.messages.erase(chat.messages.begin() + index, chat.messages.end());
    if (chat.messages.isEmpty() || chat.messages.last().role != QLatin1String("user"))
        return;
    m_store->update(chat);
    m_view->setChat(m_store->chat(m_currentChat));
    startGeneration();
}

QString MainWindow::storedImageCopy(const QString &path)
{
    // Chats keep their own copy, so deleting the original never breaks a chat.
    const QString dir = QDir(m_options.dataDirectory).filePath(QStringLiteral("images"));
    if (QFileInfo(path).absolutePath() == QFileInfo(dir).absoluteFilePath())
        return path;
    QDir().mkpath(dir);
    const QString copy = QDir(dir).filePath(QUuid::createUuid().toString(QUuid::Id128) + QLatin1Char('.') +
                                            QFileInfo(path).suffix().toLower());
    return QFile::copy(path, copy) ? copy : path;
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
    const bool truncating = m_editIndex >= 0 && m_editIndex < chat.messages.size();
    if (truncating)
        chat.messages.erase(chat.messages.begin() + m_editIndex, chat.messages.end());
    m_editIndex = -1;
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
    req.sampling.temperature = float(m_settings->temperature());
    req.sampling.topP = float(m_settings->topP());
    req.sampling.topK = m_settings->topK();
    req.sampling.maxTokens = m_settings->maxTokens();
    req.sampling.seed = quint64(QDateTime::currentMSecsSinceEpoch());

    m_parser = ReplyParser(req.chat.thinking);
    m_streaming = Message();
    m_streaming.role = QStringLiteral("assistant");
    m_streaming.created = QDateTime::currentDateTimeUtc();
    m_pendingText.clear();
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
    if (m_pendingText.isEmpty())
        return;
    m_parser.feed(m_pendingText);
    m_pendingText.clear();
    m_streaming.reasoning = m_parser.reasoning();
    m_streaming.content = m_parser.content();
    m_streaming.toolCalls = m_parser.toolCalls();
    m_view->updateLastMessage(m_streaming);
}

void MainWindow::finishStreaming(const qt::GenerationSummary *summary, const QString &error)
{
    m_flushTimer.stop();
    m_parser.feed(m_pendingText);
    m_pendingText.clear();
    m_parser.finish();
    m_streaming.reasoning = m_parser.reasoning();
    m_streaming.content = m_parser.content();
    m_streaming.toolCalls = m_parser.toolCalls();
    const qt::LiveStats &s = summary ? summary->stats : m_lastStats;
    m_streaming.stats.valid = true;
    m_streaming.stats.tokens = s.tokens;
    m_streaming.stats.tokensPerSecond = s.tokensPerSecond;
    m_streaming.stats.timeToFirstToken = s.timeToFirstToken;
    m_streaming.stats.hitRate = s.hitRate;
    m_streaming.stats.diskGBps = s.diskGBps;
    m_streaming.stats.residentBytes = s.residentBytes;
    m_streaming.stats.budgetBytes = s.budgetBytes ? s.budgetBytes : m_info.budgetBytes;
    // Stored as a code and translated when shown (messagestats.h).
    m_streaming.stats.stopReason = stopReasonCode(summary ? summary->reason : StopReason::Error);
    m_streaming.stats.errorText = summary ? QString() : error;
    m_view->updateLastMessage(m_streaming);

    const Chat *c = m_store->chat(m_currentChat);
    if (c && (!m_streaming.content.isEmpty() || !m_streaming.reasoning.isEmpty() || !m_streaming.toolCalls.isEmpty())) {
        Chat chat = *c;
        chat.messages.append(m_streaming);
        m_store->update(chat);
    }
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
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Open model (a .waste folder)"),
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

void MainWindow::openModelWithBudget(const QString &path, quint64 budgetBytes, int contextLength)
{
    if (m_generating) {
        showNotice(tr("Stop the current reply before opening a model."));
        return;
    }
    EngineOptions opts;
    opts.modelPath = QDir::cleanPath(path).toStdString();
    opts.budgetBytes = budgetBytes;
    opts.contextLength = contextLength;
    opts.threads = m_settings->threads();
    m_pendingPath = QDir::cleanPath(path);
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
    qt::EngineWorker *w = m_engine->worker();
    connect(w, &qt::EngineWorker::progress, this, [this](quint64 id, double fraction, const QString &stage) {
        if (id != m_openId)
            return;
        m_status->setOpenProgress(fraction, stage);
    });
    connect(w, &qt::EngineWorker::opened, this, [this](quint64 id, const ModelInfo &info) {
        if (id != m_openId)
            return;
        m_opening = false;
        m_modelOpen = true;
        m_info = info;
        m_modelPath = m_pendingPath;
        m_settings->addRecentModel(m_modelPath);
        m_strip->setVisionAvailable(info.hasVision, true);
        updateRecentMenu();
        updatePlanner();
        updateModelUi();
        retranslate();
        Q_EMIT modelOpened();
    });
    connect(w, &qt::EngineWorker::tokenChunk, this, [this](quint64 id, const QString &text) {
        if (id != m_genId)
            return;
        // Batched: painting per token would cost a re-layout per token.
        m_pendingText += text;
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
        if (id == m_genId && m_generating)
            finishStreaming(&summary, QString());
    });
    connect(w, &qt::EngineWorker::error, this, [this](quint64 id, const QString &message, const QString &detail) {
        if (id == m_openId && m_opening) {
            m_opening = false;
            m_modelOpen = false;
            m_modelPath.clear();
            updateModelUi();
            showError(tr("Could not open the model"), message, detail);
            return;
        }
        if (id == m_genId && m_generating) {
            finishStreaming(nullptr, message);
            showError(tr("Generation failed"), message, detail);
        }
    });
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
    const quint64 seq = ++m_plannerSeq;
    QtConcurrent::run(m_options.plannerInputs, m_modelPath, m_contextLength, m_settings->threads())
        .then(this, [this, seq](const std::optional<PlannerInputs> &inputs) {
            if (seq == m_plannerSeq)
                applyPlannerInputs(inputs);
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

void MainWindow::applyPlannerInputs(const std::optional<PlannerInputs> &inputs)
{
    if (!inputs) {
        m_planner->clearInputs(tr("The app cannot read this model's planner inputs yet (the engine does not expose "
                                  "them); `sluice-cli plan MODEL` shows the full plan. The model runs with budget %1; "
                                  "its floor is %2.")
                                   .arg(formatBytes(m_info.budgetBytes), formatBytes(m_info.floorBytes)));
        return;
    }
    m_planner->setInputs(*inputs, m_options.usableRamBytes, m_modelOpen);
    m_planner->setCurrentBudget(m_info.budgetBytes, m_contextLength);
}

void MainWindow::updateRecentMenu()
{
    m_recentMenu->clear();
    const QStringList recent = m_settings->recentModels();
    for (const QString &path : recent) {
        QAction *a = m_recentMenu->addAction(QDir::toNativeSeparators(path));
        connect(a, &QAction::triggered, this, [this, path] { openModel(path); });
    }
    if (recent.isEmpty()) {
        m_recentMenu->addAction(tr("(no recent models)"))->setEnabled(false);
    } else {
        m_recentMenu->addSeparator();
        connect(m_recentMenu->addAction(tr("Clear list")), &QAction::triggered, this, [this] {
            m_settings->clearRecentModels();
            updateRecentMenu();
        });
    }
}

void MainWindow::updateModelUi()
{
    const bool demoAvailable = !m_options.demoModelPath.isEmpty() && isModelFolder(m_options.demoModelPath);
    m_demoButton->setVisible(!m_modelOpen && !m_opening && demoAvailable);
    m_openButton->setVisible(!m_modelOpen && !m_opening);
    m_send->setEnabled(m_modelOpen && !m_generating);
    m_stop->setEnabled(m_generating);
    m_actStop->setEnabled(m_generating || m_opening);
    m_actRegenerate->setEnabled(m_modelOpen && !m_generating);
    m_attach->setEnabled(m_modelOpen && m_info.hasVision && !m_generating);
    m_attach->setToolTip(m_modelOpen && !m_info.hasVision ? tr("This model has no vision tower") : QString());
    m_actOpen->setEnabled(!m_generating);
    const bool canVerify = !m_modelPath.isEmpty() && !m_opening && !m_modelPage->isVerifying();
    m_modelPage->setVerifyAllowed(!m_modelPath.isEmpty() && !m_opening);
    m_actVerify->setEnabled(canVerify);
    if (!m_opening)
        m_status->hideOpenProgress();

    if (m_opening) {
        m_view->setEmptyText(tr("Opening the model…"));
    } else if (!m_modelOpen) {
        m_view->setEmptyText(
            demoAvailable
                ? tr("## No model is open\n\nOpen a model folder (a `.waste` container) with **File → Open model…**, "
                     "drop one onto this window, or try the bundled demo model below. The demo has random weights: "
                     "its replies are gibberish, but every feature works with it.")
                : tr("## No model is open\n\nOpen a model folder (a `.waste` container) with **File → Open model…** "
                     "or drop one onto this window. Your conversation will appear here."));
        m_status->setModelText(tr("No model open"));
        m_modelPage->showModel(m_modelPath, nullptr, m_contextLength);
    } else {
        m_view->setEmptyText(tr("Type a message below to start the conversation."));
        const ModelInfo &i = m_info;
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
    // Non-blocking: the event loop keeps running (and the tests keep going) while it is shown.
    auto *box = new QMessageBox(QMessageBox::Warning, title, message, QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    if (!detail.isEmpty())
        box->setDetailedText(detail);
    box->setAccessibleName(title);
    box->open();
}

} // namespace sluice::gui
