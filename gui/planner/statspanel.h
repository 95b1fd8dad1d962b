#pragma once
// Live statistics: figures of the running generation and a small chart of
// tokens/s and expert hit rate over the last tokens.
#include "qt/enginetypes.h"

#include <QVector>
#include "common/sidepanel.h"

#include <QWidget>

class QLabel;

namespace sluice::gui {

class BudgetChart;

class StatsChart : public QWidget
{
    Q_OBJECT
public:
    explicit StatsChart(QWidget *parent = nullptr);
    void addPoint(double tokensPerSecond, double hitRate);
    void clear();
    int pointCount() const { return int(m_tps.size()); }
    static constexpr int kMaxPoints = 120;
    // The tokens/s axis's top: a round value above the series, ignoring
    // spikes (a first token measured over microseconds reads 40,000 tok/s
    // beside a rate of 250 and would flatten the line); a spike is drawn
    // clipped at the top edge.
    static double axisTop(const QVector<double> &values);

    QSize sizeHint() const override { return {320, 120}; }

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    QVector<double> m_tps;
    QVector<double> m_hit;
};

class StatsPanel : public SidePanel
{
    Q_OBJECT
public:
    explicit StatsPanel(QWidget *parent = nullptr);
    void reset();
    void update(const qt::LiveStats &stats);
    StatsChart *chart() const { return m_chart; }
    // The budget over time (issue 19): kept across replies, cleared when a model opens.
    BudgetChart *budgetChart() const { return m_budgetChart; }
    QString figuresText() const;
    // A remote backend (issue 16): only what a client can measure is shown
    // (tokens, tok/s, time to first token); cache, disk and RAM are the server's.
    void setRemote(bool remote);

protected:
    void retranslate() override;

private:
    QLabel *m_title;
    QLabel *m_empty;
    QLabel *m_figures;
    StatsChart *m_chart;
    BudgetChart *m_budgetChart;
    qt::LiveStats m_last;
    bool m_have = false;
    bool m_remote = false;
};

} // namespace sluice::gui
