#pragma once
// The window's engine side (issue 28): no widgets. ModelController owns the
// engine thread, what the worker reported about the model or server it
// holds, the budget bookkeeping (the planner's Apply, the pressure monitor),
// which chat's session the worker holds, and every request in flight. The
// worker answers by id; the ids are matched here and nowhere else, each
// request a handle (EngineRequest). The window connects to plain signals.
#include "api/inspect.h"        // PlannerInputs
#include "api/memorypressure.h" // PressureSource
#include "api/planning.h"       // PlannerShape
#include "qt/engineworker.h"

#include <QHash>
#include <QObject>
#include <QPointer>
#include <functional>
#include <memory>
#include <optional>

namespace sluice::qt {
class BudgetMonitor;
}

namespace sluice::gui {

class EngineRequest;
class SessionStore;
class Settings;

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

class ModelController : public QObject
{
    Q_OBJECT
public:
    ModelController(Settings *settings, SessionStore *sessions, const MainWindowOptions &options,
                    QObject *parent = nullptr);
    ~ModelController() override;

    qt::EngineThread *engine() const { return m_engine; }
    qt::BudgetMonitor *budgetMonitor() const { return m_monitor; }
    bool isOpen() const { return m_open; }
    bool isOpening() const { return m_opening; }
    bool isRemote() const { return m_remote; } // the worker's backend is a server, not a local model
    const ModelInfo &info() const { return m_info; }
    const qt::RemoteInfo &remoteInfo() const { return m_remoteInfo; }
    const qt::RemoteConnection &remoteConnection() const { return m_remoteConnection; }
    QString modelPath() const { return m_modelPath; } // "" when none (or remote)
    int contextLength() const { return m_contextLength; }

    // A reply in progress: opens wait for it (the notice says so).
    void setBusy(bool busy) { m_busy = busy; }
    // Called before each open: lets go of the model elsewhere (the server
    // panel) and returns how many sessions to plan.
    void setOpenPreparation(std::function<int()> prepare) { m_prepareOpen = std::move(prepare); }

    // expertsPerToken -1 = the one stored for that model. nullptr when not started.
    EngineRequest *open(const QString &path, quint64 budgetBytes, int contextLength, int expertsPerToken = -1);
    EngineRequest *connectToServer(const qt::RemoteConnection &connection);
    // The planner's Apply: in place when only the budget changed and the
    // engine can take it (appliesLive), else a reopen; saved once taken.
    void applyBudget(quint64 budgetBytes, int contextLength, int expertsPerToken, bool appliesLive);
    void restartBudgetMonitor();
    // The process term for a reopen, from what the process holds now (the planner's inputs).
    quint64 reopenProcessBytes(quint64 measuredBytes);

    // One engine session per chat: make the worker's live state the one saved
    // for `chatId` (a queued load, or a reset: nullptr); save it after a reply
    // (nullptr when there is nothing of that chat's to save).
    EngineRequest *syncSession(const QString &chatId);
    EngineRequest *saveSession(const QString &chatId);
    // The worker's state is no chat's (a failed turn) or `chatId` is gone.
    void forgetSession(const QString &chatId = QString());

    quint64 generate(const qt::GenerateRequest &request);
    void stop();

Q_SIGNALS:
    void openStarted(const QString &path);
    void openProgress(double fraction, const QString &stage);
    void modelOpened(const ModelInfo &info);
    void openFailed(const QString &path, const QString &message, const QString &detail);
    void remoteConnected(const qt::RemoteInfo &info);
    void remoteFailed(const QString &message, const QString &detail);
    // The engine's budget moved (info() is the new one); then, by who asked:
    void infoChanged();
    void budgetApplied(const ModelInfo &info);
    void budgetRefused(const QString &message, const QString &detail);
    void pressureBudgetApplied(const ModelInfo &info, bool shrink);
    // The saved state of `chatId` could not be used: the next turn reads it all again.
    void sessionRebuilding(const QString &chatId, bool modelChanged, const QString &message);
    // The turn in progress (generate()).
    void replyDelta(const QString &reasoning, const QString &content);
    void stats(const qt::LiveStats &stats);
    void prefillProgress(int done, int total);
    void contextWouldOverflow(int needed, int context);
    void generationFinished(const qt::GenerationSummary &summary);
    void generationFailed(const QString &message, const QString &detail);
    void notice(const QString &text);
    void failure(const QString &title, const QString &message, const QString &detail);

private:
    // The planner's Apply (issue 27): the budget is saved only once the
    // engine took it; a reopen the engine refuses reopens the model as it was.
    struct BudgetApply {
        quint64 budgetBytes = 0;
        int contextLength = 0;
        bool reopen = false;
        QString path;               // a reopen: the model, and how it was open before
        quint64 previousBudget = 0; // as asked at that open (0 = the default)
        int previousContext = 0;
        int expertsPerToken = 0;    // as the planner chose (0 = the model's own)
        int previousExperts = 0;
        bool restoring = false;     // the reopen was refused: the old options are being reopened
        QString refusal;            // why (said once the old model is back)
    };

    EngineRequest *track(quint64 id);
    EngineRequest *request(quint64 id) const { return m_requests.value(id); }
    void end(quint64 id, bool ok, const QString &message = QString(), const QString &detail = QString());
    void connectWorker();
    void connectTurn();
    void opened(const ModelInfo &info);
    void openRefused(const QString &message, const QString &detail);
    void remoteAnswered(const qt::RemoteInfo &info);
    void userBudgetTaken(const ModelInfo &info);
    void applyPressureBudget(quint64 budgetBytes, bool shrink);
    void pressureBudgetTaken(const ModelInfo &info, bool shrink);
    void saveAppliedBudget(const BudgetApply &a);

    Settings *m_settings;
    SessionStore *m_sessions;
    MainWindowOptions m_options;
    qt::EngineThread *m_engine;
    qt::BudgetMonitor *m_monitor = nullptr;
    QHash<quint64, EngineRequest *> m_requests; // in flight, by id
    std::function<int()> m_prepareOpen;
    bool m_busy = false;

    // Model state (a copy of what the worker reported).
    bool m_open = false;
    bool m_opening = false;
    bool m_remote = false;
    ModelInfo m_info;
    QString m_modelPath;
    QString m_pendingPath;
    int m_contextLength = 4096;
    QPointer<EngineRequest> m_openRequest; // the open in progress (an older open's news is stale)
    qt::RemoteInfo m_remoteInfo;
    qt::RemoteConnection m_remoteConnection;
    QPointer<EngineRequest> m_remoteRequest;

    // Budget bookkeeping.
    QPointer<EngineRequest> m_budgetRequest; // the planner's live change awaiting its answer
    std::optional<BudgetApply> m_apply;
    quint64 m_userBudget = 0;        // opened with or applied by the user: the monitor's top
    quint64 m_pendingBudget = 0;     // asked at the open in flight (0 = the default)
    quint64 m_openedBudget = 0;      // asked at the open in force
    quint64 m_measuredAfterOpen = 0; // the process term measured first after the open

    // Sessions and the turn.
    QString m_sessionChat; // the chat whose state the worker holds (or is loading); "" = unknown
    QPointer<EngineRequest> m_sessionLoad;
    quint64 m_genId = 0;
};

} // namespace sluice::gui
