#include "qt/budgetmonitor.h"

#include <cmath>

namespace sluice::qt {

BudgetMonitor::BudgetMonitor(std::unique_ptr<PressureSource> source, QObject *parent)
    : QObject(parent)
    , m_source(std::move(source))
{
    connect(&m_timer, &QTimer::timeout, this, [this] { step(double(m_clock.elapsed()) / 1000.0); });
}

void BudgetMonitor::start(const GovernorSettings &settings, double intervalSeconds)
{
    m_governor.emplace(settings);
    m_errorReported = false;
    m_underPressure = false;
    m_clock.start();
    if (!m_source)
        return;
    m_timer.start(int(std::lround(std::clamp(intervalSeconds, 0.01, 3600.0) * 1000.0)));
}

void BudgetMonitor::stop()
{
    m_timer.stop();
    m_governor.reset();
    m_underPressure = false;
}

void BudgetMonitor::setSettings(const GovernorSettings &settings)
{
    if (m_governor)
        m_governor->setSettings(settings);
}

std::optional<GovernorSettings> BudgetMonitor::settings() const
{
    if (!m_governor)
        return std::nullopt;
    return m_governor->settings();
}

QString BudgetMonitor::sourceDescription() const
{
    return m_source ? QString::fromStdString(m_source->describe()) : QString();
}

BudgetDecision BudgetMonitor::step(double nowSeconds)
{
    if (!m_governor || !m_source)
        return {};
    Expected<PressureSample> sample = m_source->sample();
    if (!sample) {
        if (!m_errorReported) {
            m_errorReported = true;
            Q_EMIT sourceFailed(QString::fromStdString(sample.status().message()));
        }
        BudgetDecision keep;
        keep.budgetBytes = m_governor->currentBudget();
        return keep;
    }
    const BudgetDecision d = m_governor->update(*sample, nowSeconds);
    m_underPressure = d.underPressure;
    if (d.action != BudgetAction::Keep)
        Q_EMIT budgetDecided(d.budgetBytes, d.action == BudgetAction::Shrink, QString::fromStdString(d.reason));
    return d;
}

} // namespace sluice::qt
