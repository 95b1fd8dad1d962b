// MainWindow's menus, actions and their shortcuts (File, Chat, Help, Recent models).
#include "app/mainwindow.h"

#include "app/appearance.h"
#include "app/settingsdialog.h"
#include "app/shortcutsdialog.h"
#include "chat/promptedit.h"
#include "chat/sessionstore.h"
#include "models/convertdialog.h"
#include "models/getmodeldialog.h"
#include "models/modelpanel.h"
#include "planner/planmodeldialog.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QTabWidget>

namespace sluice::gui {

void MainWindow::buildMenus()
{
    buildActions();
    buildFileMenu();
    m_chatMenu = menuBar()->addMenu(QString());
    for (QAction *a : {m_actNewChat, m_actRename, m_actDelete})
        m_chatMenu->addAction(a);
    m_chatMenu->addSeparator();
    for (QAction *a : {m_actNext, m_actPrev})
        m_chatMenu->addAction(a);
    m_chatMenu->addSeparator();
    for (QAction *a : {m_actStop, m_actRegenerate, m_actFocusPrompt})
        m_chatMenu->addAction(a);
    m_actPlanModel = new QAction(this);
    connect(m_actPlanModel, &QAction::triggered, this, &MainWindow::showPlanModelDialog);
    m_toolsMenu = menuBar()->addMenu(QString());
    m_toolsMenu->addAction(m_actPlanModel);
    m_helpMenu = menuBar()->addMenu(QString());
    m_helpMenu->addAction(m_actShortcuts);
    m_helpMenu->addAction(m_actAbout);
    updateRecentMenu();
}

// The window-wide actions with their shortcuts (they work wherever the focus is).
void MainWindow::buildActions()
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
    m_actConnect = new QAction(this); // no shortcut of its own (mainwindowremote.cpp)
    connect(m_actConnect, &QAction::triggered, this, &MainWindow::connectRemoteDialog);
    m_actQuit = action(QKeySequence::Quit, &MainWindow::close);
    m_actQuit->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_Q)});
    m_actSettings = action(QKeySequence(Qt::CTRL | Qt::Key_Comma), [this] {
        SettingsDialog dialog(m_settings, this, m_sessions->diskUse(), m_models->isOpen() ? m_models->info().recommendedSampling : RecommendedSampling{});
        if (dialog.exec() == QDialog::Accepted) {
            m_sessions->prune(m_settings->sessionDiskLimitBytes(), {m_currentChat});
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

    m_actGetModel = action(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_G), &MainWindow::showGetModelDialog);
}

void MainWindow::buildFileMenu()
{
    m_fileMenu = menuBar()->addMenu(QString());
    m_fileMenu->addAction(m_actOpen);
    m_fileMenu->addAction(m_actGetModel);
    m_fileMenu->addAction(m_actConnect);
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
    m_actConvert = new QAction(this);
    connect(m_actConvert, &QAction::triggered, this, [this] {
        auto *dialog = new ConvertDialog(this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(dialog, &ConvertDialog::openRequested, this, [this, dialog](const QString &path) {
            dialog->close();
            openModel(path);
        });
        dialog->show();
    });
    m_fileMenu->addAction(m_actConvert);
    m_fileMenu->addAction(m_actSettings);
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_actQuit);
}

PlanModelDialog *MainWindow::planModelDialog() const { return m_planDialog; }

GetModelDialog *MainWindow::getModelDialog() const { return m_getDialog; }

void MainWindow::showGetModelDialog()
{
    if (!m_getDialog) {
        m_getDialog = new GetModelDialog(m_settings, m_options.usableRamBytes, m_models->isOpen() ? m_models->info().processBytes : 0, this);
        m_getDialog->resize(1100, 760);
        connect(m_getDialog, &GetModelDialog::openRequested, this, [this](const QString &folder) {
            m_getDialog->hide();
            openModel(folder);
        });
        connect(m_getDialog, &GetModelDialog::downloadFinished, this, [this](const QString &folder) {
            statusBar()->showMessage(tr("Download finished: %1").arg(QDir::toNativeSeparators(folder)), 10000);
        });
    }
    m_getDialog->show();
    m_getDialog->raise();
    m_getDialog->activateWindow();
}

void MainWindow::showPlanModelDialog()
{
    if (!m_planDialog) {
        // The app's own memory is a floor term (issue 15): the open model's, else estimated now.
        m_planDialog = new PlanModelDialog(m_settings, m_options.usableRamBytes, m_models->isOpen() ? m_models->info().processBytes : 0, this);
        m_planDialog->setAttribute(Qt::WA_DeleteOnClose);
        m_planDialog->resize(680, 860);
    }
    m_planDialog->show();
    m_planDialog->raise();
    m_planDialog->activateWindow();
}

QList<QAction *> MainWindow::shortcutActions() const
{
    return {m_actOpen,    m_actGetModel, m_actNewChat, m_actNext,        m_actPrev,        m_actStop,   m_actFocusPrompt,
            m_actRegenerate, m_actRename, m_actExportMd,  m_actExportJson,  m_actSettings, m_actShortcuts,
            m_actQuit};
}

void MainWindow::retranslateMenus()
{
    m_actVerify->setText(tr("&Verify container…"));
    m_actConvert->setText(tr("&Convert model…"));
    m_fileMenu->setTitle(tr("&File"));
    m_recentMenu->setTitle(tr("&Recent models"));
    m_exportMenu->setTitle(tr("&Export chat"));
    m_chatMenu->setTitle(tr("&Chat"));
    m_helpMenu->setTitle(tr("&Help"));
    m_toolsMenu->setTitle(tr("&Tools"));
    m_actPlanModel->setText(tr("&Plan a model…"));
    m_actGetModel->setText(tr("&Get a model…"));
    m_actOpen->setText(tr("&Open model…"));
    m_actConnect->setText(tr("Connect to a &server…"));
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

} // namespace sluice::gui
