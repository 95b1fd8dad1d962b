#pragma once
// The main window: chat list | conversation + prompt | planner, statistics and
// model side panel. The window is layout, menus and wiring (issue 28): the
// engine, the model's state, budgets, sessions and requests are
// ModelController's, the turn in progress TurnController's; the window
// reacts to their signals.
#include "app/modelcontroller.h"
#include "app/settings.h"
#include "app/turncontroller.h"
#include "chat/chatstore.h"

#include <QMainWindow>
#include <QPointer>

class QAction;
class QTabWidget;

namespace sluice::gui {

class Appearance;
class ChatController;
class ChatListPanel;
class ChatPane;
class ContextBanner;
class SessionStore;
class ConversationView;
class ModelPanel;
class ServerPanel;
class StatusArea;
class ImageStrip;
class PlannerFeed;
class PlannerPanel;
class PlanModelDialog;
class GetModelDialog;
class DoneNotifier;
class PromptEdit;
class StatsPanel;
class WindowActions;

class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    MainWindow(Settings *settings, Appearance *appearance, const MainWindowOptions &options, QWidget *parent = nullptr);
    ~MainWindow() override;

    void openModel(const QString &path);
    // Opens the most recent model of the Recent list when it still exists; false otherwise.
    bool reopenLastModel();
    // expertsPerToken -1 = the one stored for that model (Settings::expertsPerToken).
    void openModelWithBudget(const QString &path, quint64 budgetBytes, int contextLength, int expertsPerToken = -1);
    bool isModelOpen() const { return m_models->isOpen(); }
    bool isRemote() const { return m_models->isRemote(); }
    // Connects the worker to an OpenAI-compatible server (the dialog's Connect, and tests).
    void connectToServer(const qt::RemoteConnection &connection);
    ModelPanel *modelPanel() const { return m_modelPage; }
    bool isGenerating() const { return m_turns->isGenerating(); }
    const ModelInfo &modelInfo() const { return m_models->info(); }
    ModelController *modelController() const { return m_models; }

    // For tests and keyboard users alike: the same paths the buttons take.
    void sendPrompt();
    void stopGeneration();
    void newChat();
    QString currentChatId() const;
    ChatStore *chatStore() const { return m_store; }
    ConversationView *conversation() const { return m_view; }
    ImageStrip *imageStrip() const { return m_strip; }
    PromptEdit *promptEdit() const { return m_prompt; }
    PlannerPanel *plannerPanel() const { return m_planner; }
    // Reads the planner's inputs again, measuring the process as it is now
    // (the app grows as it is used; the planner tab does this when shown).
    void refreshPlanner();
    // Tools → Plan a model… (and the start page's button): a published model, no download.
    void showPlanModelDialog();
    PlanModelDialog *planModelDialog() const;
    // "Get a model…" (issue 26): one dialog for the window's life, so a download outlives its closing.
    void showGetModelDialog();
    GetModelDialog *getModelDialog() const;
    DoneNotifier *doneNotifier() const { return m_doneNotifier; } // made with the dialog
    // Checks every expert record of the open model in the background (Model tab).
    void verifyContainer();
    QString verifyResultText() const;
    StatsPanel *statsPanel() const { return m_stats; }
    qt::EngineThread *engine() const { return m_models->engine(); }
    QList<QAction *> shortcutActions() const;
    QString lastMessage() const { return m_lastNotice; }
    ContextBanner *contextBanner() const { return m_banner; }
    QString contextText() const;
    SessionStore *sessionStore() const { return m_sessions; }
    // Yields memory under pressure while a model is open (Settings::adaptBudget).
    qt::BudgetMonitor *budgetMonitor() const { return m_models->budgetMonitor(); }

Q_SIGNALS:
    void modelOpened();
    void generationFinished();
    void noticeShown(const QString &text);

protected:
    void changeEvent(QEvent *event) override;
    void closeEvent(QCloseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    // Shows the side-panel tab holding `page` (each page sits in a scroll area).
    void showSidePage(QWidget *page);
    void buildUi();
    QWidget *buildCentre(QWidget *parent);
    void connectActions();
    void showSettings();
    void retranslate();
    // The controllers' signals (mainwindowwiring.cpp).
    void connectModels();
    void connectBudget();
    void connectTurns();
    void modelReady(const ModelInfo &info);
    void updateModelUi();
    void showNotice(const QString &text);
    void showError(const QString &title, const QString &message, const QString &detail);
    void openModelDialog();
    // The remote backend (issue 16): "Connect to a server…", network errors with Retry.
    void connectRemoteDialog();
    void showRemoteError(const QString &title, const QString &message, const QString &detail,
                         const std::function<void()> &retry);

    Settings *m_settings;
    Appearance *m_appearance;
    MainWindowOptions m_options;
    ChatStore *m_store;
    SessionStore *m_sessions;
    ModelController *m_models;
    TurnController *m_turns;
    WindowActions *m_actions;
    PlannerFeed *m_plannerFeed;
    ChatController *m_chatControl;
    QString m_lastNotice;

    // Widgets.
    ChatListPanel *m_chats;
    ChatPane *m_pane; // the centre: conversation, start page, composer
    ConversationView *m_view;
    ImageStrip *m_strip;
    PromptEdit *m_prompt;
    QTabWidget *m_side;
    PlannerPanel *m_planner;
    StatsPanel *m_stats;
    ModelPanel *m_modelPage;
    ServerPanel *m_serverPage; // the local server on the open model (serverpanel.h)
    StatusArea *m_status;
    ContextBanner *m_banner;
    QPointer<PlanModelDialog> m_planDialog;
    QPointer<GetModelDialog> m_getDialog;
    DoneNotifier *m_doneNotifier = nullptr; // a finished download while the app is in the background
};

} // namespace sluice::gui
