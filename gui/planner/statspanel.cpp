#include "planner/statspanel.h"

#include "planner/budgetchart.h"

#include "common/uihelpers.h"

#include <QEvent>
#include <QTimer>
#include <QLabel>
#include <QLocale>
#include <QPainter>
#include <QPainterPath>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

namespace sluice::gui {

StatsChart::StatsChart(QWidget *parent)
    : QWidget(parent)
{
    setMinimumHeight(100);
}

void StatsChart::addPoint(double tps, double hit)
{
    m_tps.append(tps);
    m_hit.append(hit);
    if (m_tps.size() > kMaxPoints) {
        m_tps.removeFirst();
        m_hit.removeFirst();
    }
    update();
}

void StatsChart::clear()
{
    m_tps.clear();
    m_hit.clear();
    update();
}

double StatsChart::axisTop(const QVector<double> &values)
{
    QVector<double> sorted;
    for (double v : values)
        if (std::isfinite(v) && v > 0)
            sorted.append(v);
    if (sorted.isEmpty())
        return 1.0;
    std::sort(sorted.begin(), sorted.end());
    // A spike is more than four times the median: a rate that really moves
    // (a cache warming up, a budget change) stays within that, so it scales.
    const double median = sorted[sorted.size() / 2];
    double top = sorted.front();
    for (double v : sorted)
        if (sorted.size() < 3 || v <= 4 * median)
            top = v;
    top *= 1.15; // headroom above the line
    // Round up to a value people read at a glance, close enough that the line uses the height.
    const double decade = std::pow(10.0, std::floor(std::log10(top)));
    for (double step : {1.0, 1.2, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0})
        if (top <= step * decade * (1 + 1e-12))
            return step * decade;
    return 10 * decade;
}

void StatsChart::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QColor tpsColor(0x2b, 0x6c, 0xb0), hitColor(0xdd, 0x6b, 0x20);
    QFont small = font();
    small.setPointSizeF(std::max(7.0, small.pointSizeF() * 0.8));
    p.setFont(small);
    const double maxTps = axisTop(m_tps);
    const int decimals = maxTps >= 10 ? 0 : std::max(1, int(-std::floor(std::log10(maxTps))) + 1);
    const QString topLabel = QLocale().toString(maxTps, 'f', decimals);
    // The gutters fit their labels in this font and language (a cut "39,7" read as 39.7).
    const int left = p.fontMetrics().horizontalAdvance(topLabel) + 6;
    const int right = p.fontMetrics().horizontalAdvance(QStringLiteral("100")) + 6;
    const QRectF area = QRectF(rect()).adjusted(left, 16, -right, -4);
    p.fillRect(area, palette().color(QPalette::Base));
    p.setPen(palette().color(QPalette::Mid));
    p.drawRect(area);
    p.setPen(tpsColor);
    p.drawText(QRectF(0, 0, width() / 2, 14), Qt::AlignLeft, tr("tokens/s"));
    p.setPen(hitColor);
    p.drawText(QRectF(width() / 2, 0, width() / 2, 14), Qt::AlignRight, tr("hit rate %"));
    if (m_tps.isEmpty()) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(area, Qt::AlignCenter | Qt::TextWordWrap, tr("The chart fills while a reply is generated."));
        return;
    }
    auto x = [&](int i) { return area.left() + area.width() * i / double(std::max(1, kMaxPoints - 1)); };
    auto line = [&](const QVector<double> &v, double maxV, const QColor &c) {
        QPainterPath path;
        for (int i = 0; i < v.size(); ++i) {
            const QPointF pt(x(i), area.bottom() - area.height() * std::clamp(v[i] / maxV, 0.0, 1.0));
            i == 0 ? path.moveTo(pt) : path.lineTo(pt);
        }
        p.setPen(QPen(c, 1.6));
        p.drawPath(path);
    };
    line(m_hit, 1.0, hitColor);
    line(m_tps, maxTps, tpsColor);
    p.setPen(tpsColor);
    p.drawText(QRectF(0, area.top(), left - 3, 14), Qt::AlignRight, topLabel);
    p.drawText(QRectF(0, area.bottom() - 14, left - 3, 14), Qt::AlignRight, QLocale().toString(0));
    p.setPen(hitColor);
    p.drawText(QRectF(area.right() + 3, area.top(), right - 3, 14), Qt::AlignLeft, QLocale().toString(100));
    p.drawText(QRectF(area.right() + 3, area.bottom() - 14, right - 3, 14), Qt::AlignLeft, QLocale().toString(0));
}

StatsPanel::StatsPanel(QWidget *parent)
    : SidePanel(parent)
{
    auto *layout = new QVBoxLayout(this);
    m_title = makeTitleLabel(this);
    m_empty = makeHintLabel(this);
    m_figures = new QLabel(this);
    m_figures->setWordWrap(true); // a long line (the remote note, in any language) wraps instead of widening the window
    m_figures->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_figures->setFocusPolicy(Qt::StrongFocus);
    m_chart = new StatsChart(this);
    m_budgetChart = new BudgetChart(this);
    layout->addWidget(m_title);
    layout->addWidget(m_empty);
    layout->addWidget(m_figures);
    layout->addWidget(m_chart);
    layout->addWidget(m_budgetChart);
    layout->addStretch(1);
    retranslate();
    reset();
}

void StatsPanel::reset()
{
    m_have = false;
    m_chart->clear();
    m_figures->hide();
    m_empty->show();
}

void StatsPanel::update(const qt::LiveStats &s)
{
    m_last = s;
    m_have = true;
    m_chart->addPoint(s.lastTokenPerSecond, s.lastHitRate);
    m_empty->hide();
    m_figures->show();
    retranslate();
}

QString StatsPanel::figuresText() const { return m_figures->text(); }

void StatsPanel::setRemote(bool remote)
{
    m_remote = remote;
    retranslate();
}

void StatsPanel::retranslate()
{
    m_title->setText(tr("Live statistics"));
    m_empty->setText(tr("Tokens per second, time to first token, expert cache hit rate, disk throughput and RAM "
                        "use appear here while a reply is generated."));
    m_empty->setAccessibleName(tr("Statistics status"));
    m_chart->setAccessibleName(tr("Chart of tokens per second and hit rate over the last %1 tokens")
                                   .arg(StatsChart::kMaxPoints));
    m_figures->setAccessibleName(tr("Generation statistics"));
    m_budgetChart->setAccessibleName(tr("Chart of the memory budget and expert cache over time"));
    if (!m_have)
        return;
    const qt::LiveStats &s = m_last;
    QStringList lines;
    lines << tr("Tokens: %1").arg(QLocale().toString(s.tokens));
    lines << tr("Speed: %1 tok/s").arg(formatNumber(s.tokensPerSecond, 2));
    lines << tr("First token after: %1 s").arg(formatNumber(s.timeToFirstToken, 2));
    if (m_remote) {
        lines << tr("Remote server: cache, disk and RAM figures are the server's own and not shown");
        m_figures->setText(lines.join(QLatin1Char('\n')));
        return;
    }
    lines << tr("Expert hit rate: %1%").arg(formatNumber(s.hitRate * 100.0, 1));
    lines << tr("Disk: %1 GB/s").arg(formatNumber(s.diskGBps, 2));
    lines << tr("RAM: %1 of %2 budget").arg(formatBytes(s.residentBytes), formatBytes(s.budgetBytes));
    if (s.expertCacheBytes)
        lines << tr("Expert cache: %1").arg(formatBytes(s.expertCacheBytes));
    m_figures->setText(lines.join(QLatin1Char('\n')));
}

} // namespace sluice::gui
