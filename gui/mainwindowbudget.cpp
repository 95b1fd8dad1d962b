// The live budget in the window (issue 19). The planner's Apply moves the
// budget of the open model in place (EngineThread::setBudget: the expert cache
// grows or shrinks in whole slots, nothing is read again) when only the budget
// changed and the engine can take it; a new context length, or a budget past
// what the open cache can grow to, still reopens the model. Either way the
// applied budget is stored, so the next start opens with the same figures.
#include "mainwindow.h"
#include "plannerwidget.h"
#include "statusarea.h"
#include "uihelpers.h"

namespace sluice::gui {

void MainWindow::applyBudget(quint64 budgetBytes, int contextLength)
{
    if (m_modelPath.isEmpty())
        return;
    m_settings->setBudgetMode(Settings::BudgetMode::Fixed);
    m_settings->setFixedBudgetBytes(budgetBytes);
    m_settings->setContextLength(contextLength);
    if (m_modelOpen && !m_opening && contextLength == m_contextLength && m_planner->appliesLive()) {
        // Served after the reply in progress, if any: requests run in order.
        m_budgetId = m_engine->setBudget(budgetBytes);
        return;
    }
    openModelWithBudget(m_modelPath, budgetBytes, contextLength);
}

void MainWindow::connectBudget()
{
    qt::EngineWorker *w = m_engine->worker();
    connect(w, &qt::EngineWorker::budgetChanged, this, [this](quint64 id, const ModelInfo &info) {
        if (!m_modelOpen)
            return;
        // Whoever asked, this is now the engine's budget.
        m_info = info;
        updateModelUi();
        if (id == m_budgetId) {
            m_budgetId = 0;
            m_planner->setCurrentBudget(info.budgetBytes, m_contextLength);
            showNotice(tr("Budget %1 in force; expert cache %2 (the model stayed open)")
                           .arg(formatBytes(info.budgetBytes), formatBytes(info.expertCacheBytes)));
        }
    });
    connect(w, &qt::EngineWorker::error, this, [this](quint64 id, const QString &message, const QString &detail) {
        if (id != m_budgetId || id == 0)
            return;
        m_budgetId = 0;
        m_planner->setCurrentBudget(m_info.budgetBytes, m_contextLength); // back to the budget in force
        showError(tr("Could not change the budget"), message, detail);
    });
}

} // namespace sluice::gui
