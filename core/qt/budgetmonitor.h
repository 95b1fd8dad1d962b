#pragma once
// The memory-pressure monitor run by a client (issue 19): a QTimer samples a
// PressureSource, BudgetGovernor (api/memorypressure.h) decides, and a
// change is announced with budgetDecided for the client to apply through the
// live budget (EngineThread::setBudget: queued, so served between
// generations). The monitor keeps no engine pointer and changes nothing
// itself; the source is injectable (ScriptedPressureSource) and step() takes
// the time explicitly, so tests script an episode without sleeping.
//
//   BudgetMonitor monitor(makeSystemPressureSource());
//   connect(&monitor, &BudgetMonitor::budgetDecided, ..., [&](quint64 b, bool shrink, QString why) {
//       engine->setBudget(b); });
//   monitor.start(settings, 2.0);   // settings.maxBudgetBytes = the user's budget
#include "api/memorypressure.h"

#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <QTimer>
#include <memory>
#include <optional>

namespace sluice::qt {

class BudgetMonitor : public QObject {
    Q_OBJECT
public:
    explicit BudgetMonitor(std::unique_ptr<PressureSource> source, QObject *parent = nullptr);

    // Starts (or restarts) watching with a fresh governor at settings.maxBudgetBytes.
    void start(const GovernorSettings &settings, double intervalSeconds);
    void stop();
    bool isRunning() const { return m_timer.isActive(); }
    // The user moved the budget or the minimum: the current budget is clamped
    // into the new range, without a signal (the caller applies its own budget).
    void setSettings(const GovernorSettings &settings);
    std::optional<GovernorSettings> settings() const;
    quint64 currentBudget() const { return m_governor ? m_governor->currentBudget() : 0; }
    bool underPressure() const { return m_underPressure; }
    QString sourceDescription() const;
    // One sample at `nowSeconds` (the timer's tick uses the time since start()).
    // Returns the decision (Keep included) for tests and the CLI.
    BudgetDecision step(double nowSeconds);

Q_SIGNALS:
    // The budget to run at now; shrink = false means growing back.
    void budgetDecided(quint64 budgetBytes, bool shrink, const QString &reason);
    // The source failed (reported once per start); the budget stays as it is.
    void sourceFailed(const QString &message);

private:
    std::unique_ptr<PressureSource> m_source;
    std::optional<BudgetGovernor> m_governor;
    QTimer m_timer;
    QElapsedTimer m_clock;
    bool m_errorReported = false;
    bool m_underPressure = false;
};

} // namespace sluice::qt
