// The live budget in the window (issue 19).
//
// The planner's Apply moves the budget of the open model in place
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
// (served between replies), are told in a plain notice and drawn in the
// statistics' budget chart. Settings::adaptBudget turns it off.
#include "planner/budgetchart.h"
#include "api/budget.h"
#include "api/budgetadapter.h"
#include "app/mainwindow.h"
#include "planner/plannerwidget.h"
#include "qt/budgetmonitor.h"
#include "planner/statspanel.h"
#include "app/statusarea.h"
#include "common/uihelpers.h"

#include <QDebug>

namespace sluice::gui {

void MainWindow::applyBudget(quint64 budgetBytes, int contextLength)
{
    if (m_modelPath.isEmpty() || (m_apply && m_apply->reopen)) // a reopen in flight decides first
        return;
    BudgetApply a;
    a.budgetBytes = budgetBytes;
    a.contextLength = contextLength;
    // Experts per token beside the budget (issue 31): another value reopens the model.
    a.expertsPerToken = m_planner->chosenExpertsPerToken();
    a.previousExperts = m_info.topK < m_info.modelTopK ? m_info.topK : 0;
    if (m_modelOpen && !m_opening && contextLength == m_contextLength && a.expertsPerToken == a.previousExperts &&
        m_planner->appliesLive()) {
        // Served after the reply in progress, if any: requests run in order.
        // Saved when the engine answers budgetChanged (never a refused budget).
        m_apply = a;
        m_budgetId = m_engine->setBudget(budgetBytes);
        return;
    }
    // A reopen closes the model first (two copies would not fit the budget):
    // if the engine refuses the new budget, the model is reopened as it was.
    a.reopen = true;
    a.path = m_modelPath;
    a.previousBudget = m_openedBudget;
    a.previousContext = m_contextLength;
    const bool wasOpen = m_modelOpen;
    m_apply = a;
    if (!wasOpen)
        m_apply->path.clear(); // nothing to go back to
    openModelWithBudget(m_modelPath, budgetBytes, contextLength, a.expertsPerToken);
    if (!m_opening) // not started (a reply in progress)
        m_apply.reset();
}

void MainWindow::saveAppliedBudget(const BudgetApply &a)
{
    m_settings->setBudgetMode(Settings::BudgetMode::Fixed);
    m_settings->setFixedBudgetBytes(a.budgetBytes);
    m_settings->setContextLength(a.contextLength);
    if (!m_modelPath.isEmpty())
        m_settings->setExpertsPerToken(m_modelPath, a.expertsPerToken); // applied on the next open of this model
}

void MainWindow::refreshPlanner()
{
    updatePlanner();
}

void MainWindow::connectBudget()
{
    m_monitor = new qt::BudgetMonitor(
        m_options.pressureSource ? m_options.pressureSource() : makeSystemPressureSource(), this);
    connect(m_monitor, &qt::BudgetMonitor::budgetDecided, this,
        [this](quint64 bytes, bool shrink, const QString &) { applyPressureBudget(bytes, shrink); });
    connect(m_monitor, &qt::BudgetMonitor::sourceFailed, this, [](const QString &message) {
        // The budget simply stays; the terminal says why the monitor is blind.
        qWarning().noquote() << "memory pressure monitor:" << message;
    });
    connect(this, &MainWindow::modelOpened, this, [this] {
        m_userBudget = m_info.budgetBytes;
        m_stats->budgetChart()->clear();
        m_stats->budgetChart()->addPoint(m_info.budgetBytes, m_info.expertCacheBytes, false);
        restartBudgetMonitor();
    });
    connect(m_settings, &Settings::changed, this, [this](const QString &key) {
        if (key.startsWith(QLatin1String("memory/")) && m_modelOpen)
            restartBudgetMonitor();
    });

    qt::EngineWorker *w = m_engine->worker();
    connect(w, &qt::EngineWorker::budgetChanged, this, [this](quint64 id, const ModelInfo &info) {
        if (!m_modelOpen)
            return;
        // Whoever asked, this is now the engine's budget.
        m_info = info;
        updateModelUi();
        if (id == m_budgetId) {
            m_budgetId = 0;
            if (m_apply && !m_apply->reopen)
                saveAppliedBudget(*m_apply); // the engine took it: the next start opens with it
            m_apply.reset();
            m_userBudget = info.budgetBytes;
            m_planner->setCurrentBudget(info.budgetBytes, m_contextLength);
            m_stats->budgetChart()->addPoint(info.budgetBytes, info.expertCacheBytes, false);
            showNotice(tr("Budget %1 in force; expert cache %2 (the model stayed open)")
                           .arg(formatBytes(info.budgetBytes), formatBytes(info.expertCacheBytes)));
            restartBudgetMonitor(); // the user's new budget is the monitor's top
        } else if (m_pressureIds.contains(id)) {
            const bool shrink = m_pressureIds.take(id);
            m_planner->setCurrentBudget(info.budgetBytes, m_contextLength);
            m_stats->budgetChart()->addPoint(info.budgetBytes, info.expertCacheBytes, shrink);
            if (!info.expertCacheBytes) // an engine that reports no cache size
                showNotice(shrink
                        ? tr("Budget reduced to %1 while the system needed memory").arg(formatBytes(info.budgetBytes))
                        : tr("Budget back to %1: the system has memory again").arg(formatBytes(info.budgetBytes)));
            else
                showNotice(shrink ? tr("Cache reduced to %1 while the system needed memory (budget %2)")
                                        .arg(formatBytes(info.expertCacheBytes), formatBytes(info.budgetBytes))
                                  : tr("Cache back to %1: the system has memory again (budget %2)")
                                        .arg(formatBytes(info.expertCacheBytes), formatBytes(info.budgetBytes)));
        }
    });
    connect(w, &qt::EngineWorker::error, this, [this](quint64 id, const QString &message, const QString &detail) {
        if (id == 0)
            return;
        if (id == m_budgetId) {
            m_budgetId = 0;
            m_apply.reset(); // refused: nothing saved, the budget in force stays
            m_planner->setCurrentBudget(m_info.budgetBytes, m_contextLength); // back to the budget in force
            showError(tr("Could not change the budget"), message, detail);
        } else if (m_pressureIds.remove(id)) {
            // Not worth a dialog: the budget stays where it is and the monitor
            // rests until the model is opened again (a retry could only repeat it).
            m_monitor->stop();
            showNotice(tr("The budget could not be adjusted for the system's memory: %1").arg(detail));
        }
    });
}

void MainWindow::restartBudgetMonitor()
{
    m_monitor->stop();
    if (!m_modelOpen || m_remote) // a server's memory is its own
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

void MainWindow::applyPressureBudget(quint64 budgetBytes, bool shrink)
{
    if (!m_modelOpen || m_opening || m_remote || budgetBytes == m_info.budgetBytes)
        return;
    m_pressureIds.insert(m_engine->setBudget(budgetBytes), shrink);
}

} // namespace sluice::gui
