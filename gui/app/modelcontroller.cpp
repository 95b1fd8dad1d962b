// The window's engine side (issue 28). The live budget (issue 19): the
// planner's Apply moves the budget of the open model in place
// (EngineThread::setBudget: the expert cache grows or shrinks in whole slots,
// nothing is read again) when only the budget changed and the engine can take
// it; a new context length, or a budget past what the open cache can grow to,
// still reopens the model. Either way the applied budget is stored once the
// engine took it, so the next start opens with the same figures; a budget the
// engine refuses is never stored, and a refused reopen reopens the model with
// the options it had (issue 27).
//
// While a model is open the pressure monitor (qt::BudgetMonitor) samples the
// system's memory and, when it runs short, lowers the budget in steps down to
// the user's minimum, then grows it back to the user's budget once the system
// has been calm for a while. Its steps go through the same live budget
// (served between replies) and are told in a plain notice.
//
// One engine session per chat (issue 10): after each reply the state is saved
// to the chat's file (SessionStore names it, the worker writes it atomically)
// and the store's disk bound is enforced; on switching chats (and when a model
// opens) the chat's file is loaded, or the state emptied when it has none.
// Requests queue in order on the worker, so a turn sent right after a switch
// runs on the loaded state. A file that cannot be used costs only time.
#include "app/modelcontroller.h"

#include "api/budget.h"
#include "api/budgetadapter.h"
#include "app/enginerequest.h"
#include "app/settings.h"
#include "chat/sessionstore.h"
#include "common/errortext.h"
#include "common/uihelpers.h"
#include "qt/budgetmonitor.h"

#include <QDebug>
#include <QDir>

namespace sluice::gui {

ModelController::ModelController(Settings *settings, SessionStore *sessions, const MainWindowOptions &options,
                                 QObject *parent)
    : QObject(parent)
    , m_settings(settings)
    , m_sessions(sessions)
    , m_options(options)
    , m_engine(new qt::EngineThread(options.engineFactory, this))
{
    m_contextLength = settings->contextLength();
    m_monitor = new qt::BudgetMonitor(
        m_options.pressureSource ? m_options.pressureSource() : makeSystemPressureSource(), this);
    connect(m_monitor, &qt::BudgetMonitor::budgetDecided, this,
            [this](quint64 bytes, bool shrink, const QString &) { applyPressureBudget(bytes, shrink); });
    connect(m_monitor, &qt::BudgetMonitor::sourceFailed, this, [](const QString &message) {
        // The budget simply stays; the terminal says why the monitor is blind.
        qWarning().noquote() << "memory pressure monitor:" << message;
    });
    connect(m_settings, &Settings::changed, this, [this](const QString &key) {
        if (key.startsWith(QLatin1String("memory/")) && m_open)
            restartBudgetMonitor();
    });
    connectWorker();
    connectTurn();
}

ModelController::~ModelController()
{
    // EngineThread (a child) stops and joins the worker; nothing to wait for here.
    m_engine->stop();
}

void ModelController::stop() { m_engine->stop(); }

EngineRequest *ModelController::track(quint64 id)
{
    auto *r = new EngineRequest(id, this);
    m_requests.insert(id, r);
    return r;
}

void ModelController::end(quint64 id, bool ok, const QString &message, const QString &detail)
{
    EngineRequest *r = m_requests.take(id);
    if (!r)
        return;
    if (ok)
        Q_EMIT r->finished();
    else
        Q_EMIT r->failed(message, detail);
    r->deleteLater();
}

// The worker's answers to the requests with handles, matched by id here only.
void ModelController::connectWorker()
{
    qt::EngineWorker *w = m_engine->worker();
    connect(w, &qt::EngineWorker::progress, this, [this](quint64 id, double fraction, const QString &stage) {
        if (EngineRequest *r = request(id))
            Q_EMIT r->progress(fraction, stage);
    });
    connect(w, &qt::EngineWorker::opened, this, [this](quint64 id, const ModelInfo &info) {
        if (EngineRequest *r = request(id))
            r->m_info = info;
        end(id, true);
    });
    connect(w, &qt::EngineWorker::budgetChanged, this, [this](quint64 id, const ModelInfo &info) {
        if (m_open) { // whoever asked, this is now the engine's budget
            m_info = info;
            Q_EMIT infoChanged();
        }
        if (EngineRequest *r = request(id))
            r->m_info = info;
        end(id, true);
    });
    connect(w, &qt::EngineWorker::remoteConnected, this, [this](quint64 id, const qt::RemoteInfo &info) {
        if (EngineRequest *r = request(id))
            r->m_remote = info;
        end(id, true);
    });
    connect(w, &qt::EngineWorker::sessionSaved, this,
            [this](quint64 id, bool ok, const qt::ErrorText &message) { end(id, ok, errorText(message)); });
    connect(w, &qt::EngineWorker::sessionRefused, this, [this](quint64 id, bool modelChanged) {
        if (EngineRequest *r = request(id))
            r->m_modelChanged = modelChanged;
    });
    connect(w, &qt::EngineWorker::sessionLoaded, this,
            [this](quint64 id, bool ok, int, const qt::ErrorText &message) { end(id, ok, errorText(message)); });
    // The engine's errors become the user's language here, once (common/errortext.h).
    connect(w, &qt::EngineWorker::error, this, [this](quint64 id, const QString &message, const qt::ErrorText &error) {
        const QString detail = errorText(error);
        if (id != 0 && id == m_genId)
            Q_EMIT generationFailed(message, detail);
        end(id, false, message, detail);
    });
}

// The turn in progress: the worker's reports for the last generate() only.
void ModelController::connectTurn()
{
    qt::EngineWorker *w = m_engine->worker();
    connect(w, &qt::EngineWorker::replyDelta, this, [this](quint64 id, const QString &reasoning, const QString &content) {
        if (id == m_genId)
            Q_EMIT replyDelta(reasoning, content);
    });
    connect(w, &qt::EngineWorker::stats, this, [this](quint64 id, const qt::LiveStats &s) {
        if (id == m_genId)
            Q_EMIT stats(s);
    });
    connect(w, &qt::EngineWorker::prefillProgress, this, [this](quint64 id, int done, int total) {
        if (id == m_genId)
            Q_EMIT prefillProgress(done, total);
    });
    connect(w, &qt::EngineWorker::contextWouldOverflow, this, [this](quint64 id, int needed, int context) {
        if (id == m_genId)
            Q_EMIT contextWouldOverflow(needed, context);
    });
    connect(w, &qt::EngineWorker::finished, this, [this](quint64 id, const qt::GenerationSummary &summary) {
        if (id == m_genId)
            Q_EMIT generationFinished(summary);
    });
}

quint64 ModelController::generate(const qt::GenerateRequest &request)
{
    m_genId = m_engine->generate(request);
    return m_genId;
}

// ---- open -------------------------------------------------------------------

EngineRequest *ModelController::open(const QString &path, quint64 budgetBytes, int contextLength, int expertsPerToken)
{
    if (m_busy) {
        Q_EMIT notice(tr("Stop the current reply before opening a model."));
        return nullptr;
    }
    // The old model leaves RAM: whoever else uses it lets go of it first.
    const int sessions = m_prepareOpen ? m_prepareOpen() : 1;
    EngineOptions opts;
    opts.modelPath = QDir::cleanPath(path).toStdString();
    opts.sessions = sessions;
    opts.budgetBytes = budgetBytes;
    opts.contextLength = contextLength;
    opts.threads = m_settings->threads();
    opts.expertsPerToken = expertsPerToken >= 0 ? expertsPerToken : m_settings->expertsPerToken(QDir::cleanPath(path));
    m_pendingPath = QDir::cleanPath(path);
    m_pendingBudget = budgetBytes;
    m_contextLength = contextLength;
    m_opening = true;
    m_open = false;
    EngineRequest *r = track(m_engine->open(opts));
    m_openRequest = r;
    connect(r, &EngineRequest::progress, this, &ModelController::openProgress);
    connect(r, &EngineRequest::finished, this, [this, r] {
        if (r == m_openRequest)
            opened(r->info());
    });
    connect(r, &EngineRequest::failed, this, [this, r](const QString &message, const QString &detail) {
        if (r == m_openRequest && m_opening)
            openRefused(message, detail);
    });
    Q_EMIT openStarted(m_pendingPath);
    return r;
}

void ModelController::opened(const ModelInfo &info)
{
    m_opening = false;
    m_open = true;
    m_info = info;
    m_modelPath = m_pendingPath;
    m_openedBudget = m_pendingBudget;
    m_measuredAfterOpen = 0; // the planner's next measurement (reopenProcessBytes)
    if (m_apply && m_apply->reopen) {
        const BudgetApply a = *m_apply;
        m_apply.reset();
        if (!a.restoring)
            saveAppliedBudget(a); // the engine took it: the next start opens with it
        else // the old model is back; the refused budget was not saved
            Q_EMIT notice(tr("The budget was not applied: %1. The model was reopened with its previous budget.")
                              .arg(a.refusal));
    }
    m_remote = false; // a local model replaces a remote backend (the worker dropped it)
    m_sessionChat.clear(); // a new engine starts empty
    m_settings->addRecentModel(m_modelPath);
    m_userBudget = info.budgetBytes; // the monitor's top
    restartBudgetMonitor();
    Q_EMIT modelOpened(info);
}

// An open failed: an apply's refused reopen restores the previous model,
// other failures are told.
void ModelController::openRefused(const QString &message, const QString &detail)
{
    if (m_apply && m_apply->reopen && !m_apply->restoring && !m_apply->path.isEmpty()) {
        // Apply's reopen was refused (a budget under the floor the open
        // measured): the model was open before, so it opens again as it
        // was; the refused budget is not saved (issue 27).
        m_apply->restoring = true;
        m_apply->refusal = message;
        m_opening = false;
        qWarning().noquote() << "Could not apply the budget —" << message << detail;
        open(m_apply->path, m_apply->previousBudget, m_apply->previousContext, m_apply->previousExperts);
        if (!m_opening)
            m_apply.reset();
        return;
    }
    if (m_apply && m_apply->reopen) // restoring failed too, or nothing was open
        m_apply.reset();
    m_opening = false;
    m_open = false;
    m_modelPath.clear();
    Q_EMIT openFailed(m_pendingPath, message, detail);
}

// ---- remote (issue 16) ------------------------------------------------------

EngineRequest *ModelController::connectToServer(const qt::RemoteConnection &connection)
{
    m_remoteConnection = connection;
    EngineRequest *r = track(m_engine->connectRemote(connection));
    m_remoteRequest = r;
    connect(r, &EngineRequest::finished, this, [this, r] {
        if (r == m_remoteRequest)
            remoteAnswered(r->remoteInfo());
    });
    connect(r, &EngineRequest::failed, this, [this, r](const QString &message, const QString &detail) {
        if (r == m_remoteRequest)
            Q_EMIT remoteFailed(message, detail);
    });
    Q_EMIT notice(tr("Connecting to %1…").arg(connection.url));
    return r;
}

void ModelController::remoteAnswered(const qt::RemoteInfo &info)
{
    m_remote = true;
    m_remoteInfo = info;
    m_open = true;
    m_opening = false;
    m_modelPath.clear();
    m_info = ModelInfo {};
    m_info.hasVision = true; // images go to the server as data URLs; it says when its model cannot see
    m_sessionChat.clear();
    m_userBudget = 0;
    m_monitor->stop(); // the local model's memory monitor has nothing to watch
    Q_EMIT remoteConnected(info);
}

// ---- budget (issues 19, 27) -------------------------------------------------

void ModelController::applyBudget(quint64 budgetBytes, int contextLength, int expertsPerToken, bool appliesLive)
{
    if (m_modelPath.isEmpty() || (m_apply && m_apply->reopen)) // a reopen in flight decides first
        return;
    BudgetApply a;
    a.budgetBytes = budgetBytes;
    a.contextLength = contextLength;
    // Experts per token beside the budget (issue 31): another value reopens the model.
    a.expertsPerToken = expertsPerToken;
    a.previousExperts = m_info.topK < m_info.modelTopK ? m_info.topK : 0;
    if (m_open && !m_opening && contextLength == m_contextLength && a.expertsPerToken == a.previousExperts &&
        appliesLive) {
        // Served after the reply in progress, if any: requests run in order.
        // Saved when the engine answers (never a refused budget).
        m_apply = a;
        EngineRequest *r = track(m_engine->setBudget(budgetBytes));
        m_budgetRequest = r;
        connect(r, &EngineRequest::finished, this, [this, r] {
            if (r == m_budgetRequest && m_open)
                userBudgetTaken(r->info());
        });
        connect(r, &EngineRequest::failed, this, [this, r](const QString &message, const QString &detail) {
            if (r != m_budgetRequest)
                return;
            m_apply.reset(); // refused: nothing saved, the budget in force stays
            Q_EMIT budgetRefused(message, detail);
        });
        return;
    }
    // A reopen closes the model first (two copies would not fit the budget):
    // if the engine refuses the new budget, the model is reopened as it was.
    a.reopen = true;
    a.path = m_open ? m_modelPath : QString(); // nothing to go back to when none was open
    a.previousBudget = m_openedBudget;
    a.previousContext = m_contextLength;
    m_apply = a;
    open(m_modelPath, budgetBytes, contextLength, a.expertsPerToken);
    if (!m_opening) // not started (a reply in progress)
        m_apply.reset();
}

void ModelController::userBudgetTaken(const ModelInfo &info)
{
    if (m_apply && !m_apply->reopen)
        saveAppliedBudget(*m_apply); // the engine took it: the next start opens with it
    m_apply.reset();
    m_userBudget = info.budgetBytes;
    Q_EMIT budgetApplied(info);
    Q_EMIT notice(tr("Budget %1 in force; expert cache %2 (the model stayed open)")
                      .arg(formatBytes(info.budgetBytes), formatBytes(info.expertCacheBytes)));
    restartBudgetMonitor(); // the user's new budget is the monitor's top
}

void ModelController::saveAppliedBudget(const BudgetApply &a)
{
    m_settings->setBudgetMode(Settings::BudgetMode::Fixed);
    m_settings->setFixedBudgetBytes(a.budgetBytes);
    m_settings->setContextLength(a.contextLength);
    if (!m_modelPath.isEmpty())
        m_settings->setExpertsPerToken(m_modelPath, a.expertsPerToken); // applied on the next open of this model
}

void ModelController::restartBudgetMonitor()
{
    m_monitor->stop();
    if (!m_open || m_remote) // a server's memory is its own
        return;
    // Off, or restarted with other thresholds: the budget goes back to the
    // user's (a new episode shrinks it again if the system is still short).
    if (m_info.budgetBytes < m_userBudget)
        applyPressureBudget(m_userBudget, false);
    if (!m_settings->adaptBudget())
        return;
    // The budget the user chose is the top; the library keeps the monitor
    // above the live floor of the open model (below it a reopen would be needed).
    const AdaptSettings a = m_settings->adaptSettings();
    const GovernorSettings g = governorSettingsFor(m_info, a, m_userBudget);
    if (!canAdaptBudget(g))
        return; // nothing to give back
    m_monitor->start(g, a.intervalSeconds);
}

void ModelController::applyPressureBudget(quint64 budgetBytes, bool shrink)
{
    if (!m_open || m_opening || m_remote || budgetBytes == m_info.budgetBytes)
        return;
    EngineRequest *r = track(m_engine->setBudget(budgetBytes));
    connect(r, &EngineRequest::finished, this, [this, r, shrink] {
        if (m_open)
            pressureBudgetTaken(r->info(), shrink);
    });
    connect(r, &EngineRequest::failed, this, [this](const QString &, const QString &detail) {
        // Not worth a dialog: the budget stays where it is and the monitor
        // rests until the model is opened again (a retry could only repeat it).
        m_monitor->stop();
        Q_EMIT notice(tr("The budget could not be adjusted for the system's memory: %1").arg(detail));
    });
}

void ModelController::pressureBudgetTaken(const ModelInfo &info, bool shrink)
{
    Q_EMIT pressureBudgetApplied(info, shrink);
    if (!info.expertCacheBytes) // an engine that reports no cache size
        Q_EMIT notice(shrink
                ? tr("Budget reduced to %1 while the system needed memory").arg(formatBytes(info.budgetBytes))
                : tr("Budget back to %1: the system has memory again").arg(formatBytes(info.budgetBytes)));
    else
        Q_EMIT notice(shrink ? tr("Cache reduced to %1 while the system needed memory (budget %2)")
                                   .arg(formatBytes(info.expertCacheBytes), formatBytes(info.budgetBytes))
                             : tr("Cache back to %1: the system has memory again (budget %2)")
                                   .arg(formatBytes(info.expertCacheBytes), formatBytes(info.budgetBytes)));
}

quint64 ModelController::reopenProcessBytes(quint64 measured)
{
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
    if (m_open && !m_measuredAfterOpen)
        m_measuredAfterOpen = measured;
    const quint64 held = m_open && m_measuredAfterOpen > m_info.processBytes
        ? m_measuredAfterOpen - m_info.processBytes
        : 0;
    return plannedProcessBytes(measured, held, m_open ? m_info.processBytes : 0);
}

// ---- sessions (issue 10) ----------------------------------------------------

EngineRequest *ModelController::syncSession(const QString &chatId)
{
    if (!m_open || m_remote || chatId.isEmpty() || chatId == m_sessionChat) // a server keeps its own state
        return nullptr;
    m_sessionChat = chatId;
    if (!m_sessions->has(chatId)) {
        m_sessionLoad = nullptr;
        m_engine->resetSession();
        return nullptr;
    }
    EngineRequest *r = track(m_engine->loadSession(m_sessions->fileFor(chatId)));
    m_sessionLoad = r;
    connect(r, &EngineRequest::failed, this, [this, r, chatId](const QString &message, const QString &) {
        if (r == m_sessionLoad)
            Q_EMIT sessionRebuilding(chatId, r->modelChanged(), message);
    });
    return r;
}

EngineRequest *ModelController::saveSession(const QString &chatId)
{
    if (!m_open || m_remote || chatId.isEmpty() || m_sessionChat != chatId)
        return nullptr;
    EngineRequest *r = track(m_engine->saveSession(m_sessions->fileFor(chatId)));
    connect(r, &EngineRequest::finished, this,
            [this, chatId] { m_sessions->prune(m_settings->sessionDiskLimitBytes(), {chatId}); });
    connect(r, &EngineRequest::failed, this, [](const QString &message, const QString &) {
        // The chat is safe in its own file; only the saved context is missing.
        qWarning().noquote() << "session save failed:" << message;
    });
    return r;
}

void ModelController::forgetSession(const QString &chatId)
{
    if (chatId.isEmpty() || m_sessionChat == chatId)
        m_sessionChat.clear();
}

} // namespace sluice::gui
