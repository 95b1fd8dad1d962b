#include "app/windowactions.h"

#include "app/settings.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QMainWindow>
#include <QMenuBar>
#include <QMessageBox>

namespace sluice::gui {

WindowActions::WindowActions(Settings *settings, QMainWindow *window)
    : QObject(window)
    , m_settings(settings)
    , m_window(window)
{
    open = action(QKeySequence::Open);
    connectServer = new QAction(window); // no shortcut of its own
    quit = action(QKeySequence::Quit);
    quit->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_Q)});
    this->settings = action(QKeySequence(Qt::CTRL | Qt::Key_Comma));
    exportMarkdown = action(QKeySequence(Qt::CTRL | Qt::Key_E));
    exportJson = action(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    newChat = action(QKeySequence::New);
    rename = action(QKeySequence(Qt::Key_F2));
    remove = action(QKeySequence());
    chatSettings = action(QKeySequence());
    next = action(QKeySequence(Qt::CTRL | Qt::Key_PageDown));
    next->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_PageDown), QKeySequence(Qt::CTRL | Qt::Key_Tab)});
    previous = action(QKeySequence(Qt::CTRL | Qt::Key_PageUp));
    previous->setShortcuts(
        {QKeySequence(Qt::CTRL | Qt::Key_PageUp), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Backtab)});
    stop = action(QKeySequence(Qt::Key_Escape));
    regenerate = action(QKeySequence(Qt::CTRL | Qt::Key_R));
    focusPrompt = action(QKeySequence(Qt::CTRL | Qt::Key_L));
    searchChats = action(QKeySequence::Find);
    shortcuts = action(QKeySequence(Qt::Key_F1));
    about = action(QKeySequence());
    connect(about, &QAction::triggered, this, &WindowActions::showAbout);
    getModel = action(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_G));
    verify = new QAction(window);
    convert = new QAction(window);
    planModel = new QAction(window);
    buildMenus();
}

QAction *WindowActions::action(const QKeySequence &key)
{
    auto *a = new QAction(m_window);
    if (!key.isEmpty())
        a->setShortcut(key);
    m_window->addAction(a); // window-wide, so the shortcut works wherever the focus is
    return a;
}

void WindowActions::buildMenus()
{
    QMenuBar *bar = m_window->menuBar();
    m_fileMenu = bar->addMenu(QString());
    for (QAction *a : {open, getModel, connectServer})
        m_fileMenu->addAction(a);
    m_recentMenu = m_fileMenu->addMenu(QString());
    m_fileMenu->addSeparator();
    m_exportMenu = m_fileMenu->addMenu(QString());
    m_exportMenu->addAction(exportMarkdown);
    m_exportMenu->addAction(exportJson);
    for (QAction *a : {verify, convert, settings})
        m_fileMenu->addAction(a);
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(quit);
    m_chatMenu = bar->addMenu(QString());
    for (QAction *a : {newChat, rename, chatSettings, remove})
        m_chatMenu->addAction(a);
    m_chatMenu->addSeparator();
    for (QAction *a : {next, previous})
        m_chatMenu->addAction(a);
    m_chatMenu->addSeparator();
    for (QAction *a : {stop, regenerate, focusPrompt, searchChats})
        m_chatMenu->addAction(a);
    m_toolsMenu = bar->addMenu(QString());
    m_toolsMenu->addAction(planModel);
    m_helpMenu = bar->addMenu(QString());
    m_helpMenu->addAction(shortcuts);
    m_helpMenu->addAction(about);
    updateRecentMenu();
}

void WindowActions::showAbout()
{
    QMessageBox::about(m_window, tr("About Sluice"),
                       tr("<h3>Sluice %1</h3><p>Runs frontier-scale Mixture-of-Experts models (Kimi K3, "
                          "Kimi-Linear) on a desktop under a hard RAM budget, streaming expert weights from "
                          "NVMe.</p><p>Built with Qt %2.</p>")
                           .arg(QApplication::applicationVersion(), QString::fromLatin1(qVersion())));
}

QList<QAction *> WindowActions::shortcutActions() const
{
    return {open,   getModel,   newChat, next,           previous,   stop,     focusPrompt, searchChats,
            regenerate, rename, exportMarkdown, exportJson, settings, shortcuts, quit};
}

void WindowActions::retranslate()
{
    verify->setText(tr("&Verify container…"));
    convert->setText(tr("&Convert model…"));
    m_fileMenu->setTitle(tr("&File"));
    m_recentMenu->setTitle(tr("&Recent models"));
    m_exportMenu->setTitle(tr("&Export chat"));
    m_chatMenu->setTitle(tr("&Chat"));
    m_helpMenu->setTitle(tr("&Help"));
    m_toolsMenu->setTitle(tr("&Tools"));
    planModel->setText(tr("&Plan a model…"));
    getModel->setText(tr("&Get a model…"));
    open->setText(tr("&Open model…"));
    connectServer->setText(tr("Connect to a &server…"));
    quit->setText(tr("&Quit"));
    settings->setText(tr("&Settings…"));
    exportMarkdown->setText(tr("As &Markdown…"));
    exportJson->setText(tr("As &JSON…"));
    newChat->setText(tr("&New chat"));
    rename->setText(tr("&Rename chat…"));
    remove->setText(tr("&Delete chat"));
    chatSettings->setText(tr("Chat se&ttings…"));
    next->setText(tr("Ne&xt chat"));
    previous->setText(tr("&Previous chat"));
    stop->setText(tr("&Stop generating"));
    regenerate->setText(tr("Re&generate last reply"));
    focusPrompt->setText(tr("&Focus the prompt"));
    searchChats->setText(tr("S&earch chats"));
    shortcuts->setText(tr("&Keyboard shortcuts"));
    about->setText(tr("&About Sluice"));
    updateRecentMenu();
}

void WindowActions::updateRecentMenu()
{
    m_recentMenu->clear();
    const QStringList recent = m_settings->recentModels();
    for (const QString &path : recent) {
        QAction *a = m_recentMenu->addAction(QDir::toNativeSeparators(path));
        connect(a, &QAction::triggered, this, [this, path] { Q_EMIT recentChosen(path); });
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

} // namespace sluice::gui
