#pragma once
// The main window: chat list | conversation + prompt | planner, statistics and
// model side panel. The engine lives in qt::EngineThread's worker; this window
// only sends requests and reacts to the worker's queued signals.
#include "chat/chatstore.h"
#include "qt/engineworker.h"
#include "chat/chatstore.h"
#include "app/settings.h"
#include "api/inspect.h"         // PlannerInputs, MemoryPlan
#include "api/planning.h"        // PlannerShape
#include "api/memorypressure.h"  // PressureSource

#include <QElapsedTimer>
#include <QHash>
#include <QMainWindow>

#include <optional>
#include <QPointer>
#include <QTimer>
#include <functional>
#include <optional>

class QAction;
class QLabel;
class QMenu;
class QPushButton;
class QTabWidget;

namespace sluice::qt {
class BudgetMonitor;
}

namespace sluice::gui {

class Appearance;
class ChatListPanel;
class ContextBanner;
class SessionStore;
class ConversationView;
class ModelPanel;
class ServerPanel;
class StatusArea;
class ImageStrip;
class PlannerPanel;
class PlanModelDialog;
class GetModelDialog;
class PromptEdit;
class StatsPanel;

// Reads the planner inputs of a model folder (its manifest); empty when the
// build cannot derive them. `threads` is the engine's thread setting (0 = auto):
// the vision tower's attention work slices, and so its memory, follow it.
using PlannerInputsProvider =
    std::function<std::optional<PlannerInputs>(const QString &modelPath, int contextLength, int threads)>;

// The model's shape for the planner's trunk split and speed (api/planning.h);
// empty when the build cannot read it (the panel then plans without it).
using PlannerShapeProvider = std::function<std::optional<PlannerShape>(const QString &modelPath)>;

struct MainWindowOptions {
    QString dataDirectory;      // chats/ and images/ live here
    QString demoModelPath;      // offered when no model is open; "" = none built
    qt::EngineFactory engineFactory;
    PlannerInputsProvider plannerInputs;
    PlannerShapeProvider plannerShape;
    quint64 usableRamBytes = 0; // 0 = detect
    // The memory-pressure source the budget monitor samples; empty = the
    // system's (PSI, MemAvailable, cgroup). Tests script one.
    std::function<std::unique_ptr<PressureSource>()> pressureSource;
};

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
    bool isModelOpen() const { return m_modelOpen; }
    bool isRemote() const { return m_remote; }
    // Connects the worker to an OpenAI-compatible server (the dialog's Connect, and tests).
    void connectToServer(const qt::RemoteConnection &connection);
    ModelPanel *modelPanel() const { return m_modelPage; }
    bool isGenerating() const { return m_generating; }
    const ModelInfo &modelInfo() const { return m_info; }

    // For tests and keyboard users alike: the same paths the buttons take.
    void sendPrompt();
    void stopGeneration();
    void newChat();
    QString currentChatId() const { return m_currentChat; }
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
    // Checks every expert record of the open model in the background (Model tab).
    void verifyContainer();
    QString verifyResultText() const;
    StatsPanel *statsPanel() const { return m_stats; }
    qt::EngineThread *engine() const { return m_engine; }
    QList<QAction *> shortcutActions() const;
    QString lastMessage() const { return m_lastNotice; }
    ContextBanner *contextBanner() const { return m_banner; }
    QString contextText() const;
    SessionStore *sessionStore() const { return m_sessions; }
    // Yields memory under pressure while a model is open (Settings::adaptBudget).
    qt::BudgetMonitor *budgetMonitor() const { return m_monitor; }

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
    void buildUi();
    QWidget *buildCentre(QWidget *parent);
    void buildMenus();
    void buildActions();
    void buildFileMenu();
    void retranslateMenus();
    void retranslate();
    void connectEngine();
    void engineOpened(quint64 id, const ModelInfo &info);
    void engineError(quint64 id, const QString &message, const QString &detail);
    void refreshChatList();
    void selectChat(const QString &id);
    void stepChat(int delta);
    void renameChat();
    void deleteChat();
    void exportChat(bool json);
    void copyMessage(int index);
    void editMessage(int index);
    // The message being edited (-1: none): the view marks it, the notice goes with it.
    void setEditIndex(int index);
    void regenerate(int index);
    void startGeneration();
    void flushTokens();
    void finishStreaming(const qt::GenerationSummary *summary, const QString &error);
    void setGenerating(bool on);
    void updateModelUi();
    void showNotice(const QString &text);
    void showError(const QString &title, const QString &message, const QString &detail);
    void openModelDialog();
    void attachImagesDialog();
    void updateRecentMenu();
    void updatePlanner();
    void applyPlannerInputs(const std::optional<PlannerInputs> &inputs,
                            const std::optional<PlannerShape> &shape = std::nullopt);
    QString storedImageCopy(const QString &path);
    int estimatedChatTokens(const Chat &chat) const;
    void continueInNewChat();
    void dropOldestTurns();
    void updateContextMeter();
    // One engine session per chat (mainwindowsessions.cpp): make the worker's
    // live state the one saved for `chatId` (a queued load or reset), and save
    // it after each reply. The worker does the file I/O; the window never waits.
    void syncSession(const QString &chatId);
    void saveSession();
    void connectSessions();
    // The live budget (mainwindowbudget.cpp): the planner's Apply moves the
    // budget of the open model in place when only the budget changed.
    void applyBudget(quint64 budgetBytes, int contextLength);
    void connectBudget();
    void restartBudgetMonitor();
    void applyPressureBudget(quint64 budgetBytes, bool shrink);
    // The turn's reading progress, the engine's refusal of a turn that will
    // not fit, and the reply by id (mainwindowturns.cpp).
    void connectTurns();
    void refuseTurn();
    void applyReplyIds(const qt::GenerationSummary &summary);
    // The remote backend (mainwindowremote.cpp, issue 16): "Connect to a
    // server…", the worker's answer, network errors with Retry.
    void connectRemoteDialog();
    void connectRemote();
    void showRemoteError(const QString &title, const QString &message, const QString &detail,
                         const std::function<void()> &retry);
    void retryLastTurn();

    Settings *m_settings;
    Appearance *m_appearance;
    MainWindowOptions m_options;
    ChatStore *m_store;
    qt::EngineThread *m_engine;

    // Model state (GUI side copy of what the worker reported).
    bool m_modelOpen = false;
    bool m_opening = false;
    ModelInfo m_info;
    QString m_modelPath;
    QString m_pendingPath;
    int m_contextLength = 4096;
    quint64 m_openId = 0;
    bool m_remote = false; // the worker's backend is a server (m_remoteInfo), not a local model
    qt::RemoteInfo m_remoteInfo;
    qt::RemoteConnection m_remoteConnection;
    quint64 m_remoteConnectId = 0;
    quint64 m_budgetId = 0; // the planner's live budget change awaiting its answer
    QHash<quint64, bool> m_pressureIds; // the monitor's budget changes awaiting their answer -> a reduction
    quint64 m_userBudget = 0; // the budget opened with or applied by the user: the monitor's top
    // The planner's Apply (issue 27): the budget is saved only once the
    // engine took it; a reopen the engine refuses reopens the model as it was.
    struct BudgetApply {
        quint64 budgetBytes = 0;
        int contextLength = 0;
        bool reopen = false;
        QString path;              // a reopen: the model, and how it was open before
        quint64 previousBudget = 0; // as asked at that open (0 = the default)
        int previousContext = 0;
        int expertsPerToken = 0;    // as the planner chose (0 = the model's own)
        int previousExperts = 0;
        bool restoring = false;    // the reopen was refused: the old options are being reopened
        QString refusal;           // why (said once the old model is back)
    };
    std::optional<BudgetApply> m_apply;
    quint64 m_pendingBudget = 0; // asked at the open in flight (0 = the default)
    quint64 m_openedBudget = 0;  // asked at the open in force
    quint64 m_measuredAfterOpen = 0; // the process term measured first after the open (applyPlannerInputs)
    void saveAppliedBudget(const BudgetApply &a);
    qt::BudgetMonitor *m_monitor = nullptr;

    // Generation state.
    bool m_generating = false;
    quint64 m_genId = 0;
    QString m_currentChat;
    int m_editIndex = -1;
    Message m_streaming;
    // Reply deltas (parsed by the engine, api/chat.h) not painted yet: the view
    // is updated in batches, not per token.
    QString m_pendingReasoning, m_pendingContent;
    QTimer m_flushTimer;
    qt::LiveStats m_lastStats;
    QString m_lastNotice;

    // Widgets.
    ChatListPanel *m_chats;
    ConversationView *m_view;
    QPushButton *m_demoButton;
    QPushButton *m_openButton;
    ImageStrip *m_strip;
    PromptEdit *m_prompt;
    QPushButton *m_attach;
    QPushButton *m_send;
    QPushButton *m_stop;
    QTabWidget *m_side;
    PlannerPanel *m_planner;
    StatsPanel *m_stats;
    ModelPanel *m_modelPage;
    ServerPanel *m_serverPage; // the local server on the open model (serverpanel.h)
    quint64 m_plannerSeq = 0;
    StatusArea *m_status;
    ContextBanner *m_banner;
    QLabel *m_contextMeter;
    SessionStore *m_sessions;
    QString m_sessionChat;              // the chat whose state the worker holds (or is loading); "" = unknown
    quint64 m_sessionLoadId = 0;        // the load whose answer is awaited
    QString m_sessionLoadChat;
    bool m_sessionModelChanged = false; // the awaited load was refused: saved for another model
    QHash<quint64, QString> m_sessionSaves; // pending save request id -> chat
    // The chat as it was before the last send, its text and images, so a turn
    // the engine refuses (it will not fit) is taken back whole.
    struct Unsent {
        bool valid = false;
        Chat chat;
        QString text;
        QStringList images;
        int editIndex = -1;
    } m_unsent;
    int m_overflowNeeded = 0;  // the engine's count for the refused turn
    int m_overflowContext = 0;
    bool m_fitToContext = false; // the next request drops the oldest turns to fit (exact, in the worker)

    QMenu *m_fileMenu;
    QMenu *m_recentMenu;
    QMenu *m_exportMenu;
    QMenu *m_chatMenu;
    QMenu *m_helpMenu;
    QMenu *m_toolsMenu = nullptr;
    QAction *m_actPlanModel = nullptr;
    QPushButton *m_planButton = nullptr;
    QPointer<PlanModelDialog> m_planDialog;
    QAction *m_actGetModel = nullptr;
    QPushButton *m_getButton = nullptr;
    QPointer<GetModelDialog> m_getDialog;
    QAction *m_actOpen;
    QAction *m_actConnect = nullptr;
    QAction *m_actQuit;
    QAction *m_actSettings;
    QAction *m_actVerify;
    QAction *m_actConvert = nullptr;
    QAction *m_actExportMd;
    QAction *m_actExportJson;
    QAction *m_actNewChat;
    QAction *m_actRename;
    QAction *m_actDelete;
    QAction *m_actNext;
    QAction *m_actPrev;
    QAction *m_actStop;
    QAction *m_actRegenerate;
    QAction *m_actFocusPrompt;
    QAction *m_actShortcuts;
    QAction *m_actAbout;
};

} // namespace sluice::gui
