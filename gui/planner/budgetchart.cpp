#include "planner/budgetchart.h"

#include "common/uihelpers.h"

#include <QPainter>
#include <QPainterPath>
#include <algorithm>

namespace sluice::gui {

BudgetChart::BudgetChart(QWidget *parent)
    : QWidget(parent)
{
    setMinimumHeight(80);
    m_clock.start();
    m_tick.setInterval(1000);
    connect(&m_tick, &QTimer::timeout, this, [this] {
        if (isVisible())
            update();
    });
}

void BudgetChart::clear()
{
    m_points.clear();
    m_clock.restart();
    m_tick.stop();
    update();
}

void BudgetChart::addPoint(quint64 budgetBytes, quint64 cacheBytes, bool pressure)
{
    m_points.append({ double(m_clock.elapsed()) / 1000.0, budgetBytes, cacheBytes, pressure });
    if (m_points.size() > kMaxPoints)
        m_points.removeFirst();
    if (!m_tick.isActive())
        m_tick.start();
    update();
}

void BudgetChart::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QRectF area = QRectF(rect()).adjusted(4, 16, -4, -4);
    p.fillRect(area, palette().color(QPalette::Base));
    p.setPen(palette().color(QPalette::Mid));
    p.drawRect(area);
    const QColor budgetColor(0x4a, 0x55, 0x68), cacheColor(0xdd, 0x6b, 0x20), pressureColor(0xe5, 0x3e, 0x3e, 40);
    QFont small = font();
    small.setPointSizeF(std::max(7.0, small.pointSizeF() * 0.8));
    p.setFont(small);
    if (m_points.isEmpty()) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(area, Qt::AlignCenter | Qt::TextWordWrap, tr("The budget over time appears once a model is open."));
        return;
    }
    const double t0 = m_points.first().seconds;
    const double t1 = std::max(t0 + 1.0, double(m_clock.elapsed()) / 1000.0);
    quint64 top = 1;
    for (const Point &pt : m_points)
        top = std::max(top, pt.budgetBytes);
    const double maxV = double(top) * 1.1;
    auto x = [&](double t) { return area.left() + area.width() * (t - t0) / (t1 - t0); };
    auto y = [&](quint64 v) { return area.bottom() - area.height() * std::clamp(double(v) / maxV, 0.0, 1.0); };
    // Shade the time spent reduced for the system.
    for (int i = 0; i < m_points.size(); ++i) {
        if (!m_points[i].pressure)
            continue;
        const double end = i + 1 < m_points.size() ? m_points[i + 1].seconds : t1;
        p.fillRect(QRectF(QPointF(x(m_points[i].seconds), area.top()), QPointF(x(end), area.bottom())), pressureColor);
    }
    auto steps = [&](auto value, const QColor &c) {
        QPainterPath path;
        for (int i = 0; i < m_points.size(); ++i) {
            const double v = y(value(m_points[i]));
            if (i == 0)
                path.moveTo(x(m_points[i].seconds), v);
            else {
                path.lineTo(x(m_points[i].seconds), path.currentPosition().y());
                path.lineTo(x(m_points[i].seconds), v);
            }
        }
        path.lineTo(x(t1), path.currentPosition().y());
        p.setPen(QPen(c, 1.6));
        p.drawPath(path);
    };
    steps([](const Point &pt) { return pt.cacheBytes; }, cacheColor);
    steps([](const Point &pt) { return pt.budgetBytes; }, budgetColor);
    p.setPen(budgetColor);
    p.drawText(
        QRectF(0, 0, width() / 2, 14), Qt::AlignLeft, tr("budget %1").arg(formatBytes(m_points.last().budgetBytes)));
    p.setPen(cacheColor);
    p.drawText(QRectF(width() / 2, 0, width() / 2, 14), Qt::AlignRight,
        tr("expert cache %1").arg(formatBytes(m_points.last().cacheBytes)));
}

} // namespace sluice::gui
