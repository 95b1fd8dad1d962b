#pragma once
// The budget over time (issue 19): a step line of the budget in force and of
// the expert cache inside it, since the model opened, with the moments the
// system needed memory shaded. Fed by MainWindow whenever the budget moves
// (the planner's Apply or the pressure monitor); it samples nothing itself.
#include <QElapsedTimer>
#include <QTimer>
#include <QVector>
#include <QWidget>

namespace sluice::gui {

class BudgetChart : public QWidget {
    Q_OBJECT
public:
    struct Point {
        double seconds = 0; // since clear()
        quint64 budgetBytes = 0;
        quint64 cacheBytes = 0;
        bool pressure = false; // the step was a reduction for the system's sake
    };

    explicit BudgetChart(QWidget *parent = nullptr);
    void clear();
    void addPoint(quint64 budgetBytes, quint64 cacheBytes, bool pressure);
    const QVector<Point> &points() const { return m_points; }
    static constexpr int kMaxPoints = 240;

    QSize sizeHint() const override { return { 320, 90 }; }

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    QVector<Point> m_points;
    QElapsedTimer m_clock;
    QTimer m_tick; // the last step runs on to "now"
};

} // namespace sluice::gui
