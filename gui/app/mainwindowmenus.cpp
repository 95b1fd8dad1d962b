// What the window's actions do (the menus themselves: windowactions.h), and
// the dialogs they open.
#include "app/mainwindow.h"

#include "app/appearance.h"
#include "app/chatcontroller.h"
#include "app/settingsdialog.h"
#include "app/shortcutsdialog.h"
#include "app/donenotifier.h"
#include "app/windowactions.h"
#include "chat/chatlistpanel.h"
#include "chat/promptedit.h"
#include "chat/sessionstore.h"
#include "models/convertdialog.h"
#include "models/getmodeldialog.h"
#include "models/modelpanel.h"
#include "planner/planmodeldialog.h"
#include "common/uihelpers.h"

#include <QAction>
#include <QDir>
#include <QStatusBar>
#include <QTabWidget>

namespace sluice::gui {

void MainWindow::connectActions()
{
    WindowActions *a = m_actions;
    auto on = [this](QAction *action, auto slot) { connect(action, &QAction::triggered, this, slot); };
    on(a->open, &MainWindow::openModelDialog);
    on(a->connectServer, &MainWindow::connectRemoteDialog);
    on(a->quit, &MainWindow::close);
    on(a->settings, &MainWindow::showSettings);
    on(a->exportMarkdown, [this] { m_chatControl->exportChat(false); });
    on(a->exportJson, [this] { m_chatControl->exportChat(true); });
    on(a->newChat, &MainWindow::newChat);
    on(a->rename, [this] { m_chatControl->renameChat(); });
    on(a->remove, [this] { m_chatControl->deleteChat(); });
    on(a->chatSettings, [this] { m_chatControl->editPreset(); });
    on(a->next, [this] { m_chatControl->stepChat(+1); });
    on(a->previous, [this] { m_chatControl->stepChat(-1); });
    on(a->stop, &MainWindow::stopGeneration);
    on(a->regenerate, [this] { m_chatControl->regenerateLast(); });
    on(a->focusPrompt, [this] { m_prompt->setFocus(Qt::ShortcutFocusReason); });
    on(a->searchChats, [this] { m_chats->focusSearch(); });
    on(a->shortcuts, [this] {
        ShortcutsDialog dialog(shortcutActions(), this);
        dialog.exec();
    });
    on(a->getModel, &MainWindow::showGetModelDialog);
    on(a->planModel, &MainWindow::showPlanModelDialog);
    on(a->verify, [this] {
        showSidePage(m_modelPage);
        verifyContainer();
    });
    on(a->convert, [this] {
        auto *dialog = new ConvertDialog(this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(dialog, &ConvertDialog::openRequested, this, [this, dialog](const QString &path) {
            dialog->close();
            openModel(path);
        });
        dialog->show();
    });
    connect(a, &WindowActions::recentChosen, this, &MainWindow::openModel);
}

void MainWindow::showSettings()
{
    SettingsDialog dialog(m_settings, this, m_sessions->diskUse(),
                          isModelOpen() ? modelInfo().recommendedSampling : RecommendedSampling{});
    fitWindowToScreen(&dialog, availableGeometryFor(this)); // small screens: the groups scroll
    if (dialog.exec() == QDialog::Accepted) {
        m_sessions->prune(m_settings->sessionDiskLimitBytes(), {currentChatId()});
        m_appearance->applyTheme(m_settings->theme());
        m_appearance->applyFontSize(m_settings->fontSize());
        m_appearance->applyLanguage(m_settings->language());
    }
}

QList<QAction *> MainWindow::shortcutActions() const { return m_actions->shortcutActions(); }

PlanModelDialog *MainWindow::planModelDialog() const { return m_planDialog; }

GetModelDialog *MainWindow::getModelDialog() const { return m_getDialog; }

void MainWindow::showGetModelDialog()
{
    if (!m_getDialog) {
        m_getDialog = new GetModelDialog(m_settings, m_options.usableRamBytes, isModelOpen() ? modelInfo().processBytes : 0, this);
        fitWindowToScreen(m_getDialog, availableGeometryFor(this), QSize(1100, 760)); // never larger than the screen
        connect(m_getDialog, &GetModelDialog::openRequested, this, [this](const QString &folder) {
            m_getDialog->hide();
            openModel(folder);
        });
        m_doneNotifier = new DoneNotifier(this);
        connect(m_getDialog, &GetModelDialog::downloadFinished, this, [this](const QString &folder) {
            const QString done = tr("Download finished: %1").arg(QDir::toNativeSeparators(folder));
            statusBar()->showMessage(done, 10000);
            m_doneNotifier->notify(tr("Sluice"), done);
        });
    }
    m_getDialog->show();
    m_getDialog->raise();
    m_getDialog->activateWindow();
}

void MainWindow::showSidePage(QWidget *page)
{
    for (int i = 0; i < m_side->count(); ++i)
        if (m_side->widget(i)->isAncestorOf(page))
            m_side->setCurrentIndex(i);
}

void MainWindow::showPlanModelDialog()
{
    if (!m_planDialog) {
        // The app's own memory is a floor term (issue 15): the open model's, else estimated now.
        m_planDialog = new PlanModelDialog(m_settings, m_options.usableRamBytes, isModelOpen() ? modelInfo().processBytes : 0, this);
        m_planDialog->setAttribute(Qt::WA_DeleteOnClose);
        fitWindowToScreen(m_planDialog, availableGeometryFor(this)); // small screens: the content scrolls
    }
    m_planDialog->show();
    m_planDialog->raise();
    m_planDialog->activateWindow();
}

} // namespace sluice::gui
