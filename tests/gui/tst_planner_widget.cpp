// The planner view shows exactly what the core planner computes: the bar's
// segments sum to the budget sizeCache() accepted, the figures match, and a
// budget under the floor cannot be applied.
#include "support/testregistry.h"
#include "guitestutil.h"
#include "planner/plannerwidget.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QTest>
#include <cmath>

using namespace sluice;
using namespace sluice::gui;

class TestPlannerWidget : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void sliderFollowsPlanner_data();
    void sliderFollowsPlanner();
    void contextChangesState();
    void underFloorCannotApply();
    void emptyStateExplains();
};

static const quint64 kUsable = 64ull << 30;

void TestPlannerWidget::sliderFollowsPlanner_data()
{
    QTest::addColumn<int>("steps");
    for (int k = 0; k <= 2; ++k)
        QTest::newRow(qPrintable(QStringLiteral("floor+%1ws").arg(k))) << k;
}

void TestPlannerWidget::sliderFollowsPlanner()
{
    QFETCH(int, steps);
    PlannerPanel panel;
    const PlannerInputs in = test::k3LikePlannerInputs();
    panel.setInputs(in, kUsable, true);
    panel.setCurrentBudget(0, 4096);
    panel.slider()->setValue(steps);

    // The planner's own answer for the same inputs.
    Expected<MemoryPlan> plan = planMemory(in, kUsable);
    QVERIFY(plan);
    const quint64 budget = plan->floorBytes + quint64(steps) * plan->workingSetBytes;
    Expected<CacheSizing> sizing = sizeCache(*plan, budget);
    QVERIFY(sizing);

    QCOMPARE(panel.chosenBudget(), budget);
    QVERIFY(panel.sizing().has_value());
    QCOMPARE(panel.sizing()->cacheBytes, sizing->cacheBytes);
    QCOMPARE(panel.sizing()->slotCount, sizing->slotCount);
    // The field shows GiB to two decimals; the budget itself stays exact.
    QCOMPARE(panel.budgetField()->value(), std::round(double(budget) / double(1ull << 30) * 100.0) / 100.0);

    // Bar: trunk, state, scratch, cache, headroom — in the planner's bytes.
    const auto &segs = panel.bar()->segments();
    QCOMPARE(segs.size(), 5);
    QCOMPARE(segs[0].bytes, plan->trunkBytes);
    QCOMPARE(segs[1].bytes, plan->stateBytes);
    QCOMPARE(segs[2].bytes, plan->scratchBytes);
    QCOMPARE(segs[3].bytes, sizing->cacheBytes + plan->cacheIndexBytes);
    quint64 used = 0;
    for (int i = 0; i < 4; ++i)
        used += segs[i].bytes;
    QCOMPARE(used, budget); // the segments add up to the budget exactly
    QCOMPARE(segs[4].bytes, kUsable - budget);
    QCOMPARE(panel.bar()->floorBytes(), plan->floorBytes);
    QCOMPARE(panel.bar()->riskFromBytes(), kUsable - kUsable / 8);
    QVERIFY(panel.figuresText().contains(QString::fromStdString(formatGiB(plan->floorBytes)).section(QLatin1Char(' '), 0, 0)));
    QCOMPARE(panel.applyButton()->isEnabled(), true);
}

void TestPlannerWidget::contextChangesState()
{
    PlannerPanel panel;
    panel.setInputs(test::k3LikePlannerInputs(), kUsable, true);
    const quint64 state4k = panel.plan()->stateBytes;
    panel.contextBox()->setCurrentIndex(panel.contextBox()->findData(32768));
    QCOMPARE(panel.chosenContext(), 32768);
    PlannerInputs in = test::k3LikePlannerInputs(32768);
    Expected<MemoryPlan> plan = planMemory(in, kUsable);
    QVERIFY(plan);
    QCOMPARE(panel.plan()->stateBytes, plan->stateBytes);
    QVERIFY(panel.plan()->stateBytes > state4k);
    QCOMPARE(panel.bar()->segments()[1].bytes, plan->stateBytes);
}

void TestPlannerWidget::underFloorCannotApply()
{
    PlannerPanel panel;
    panel.setInputs(test::k3LikePlannerInputs(), kUsable, true);
    QSignalSpy apply(&panel, &PlannerPanel::applyRequested);
    const quint64 floor = panel.plan()->floorBytes;
    panel.budgetField()->setValue(double(floor - (1ull << 30)) / double(1ull << 30));
    QVERIFY(panel.chosenBudget() < floor);
    QVERIFY(!panel.sizing().has_value());
    QVERIFY(!panel.applyButton()->isEnabled());
    panel.applyButton()->click();
    QCOMPARE(apply.count(), 0);
    // Back above the floor: applicable again, and the signal carries the planner's budget.
    panel.slider()->setValue(1);
    QVERIFY(panel.applyButton()->isEnabled());
    panel.applyButton()->click();
    QCOMPARE(apply.count(), 1);
    QCOMPARE(apply.first().at(0).toULongLong(), floor + panel.plan()->workingSetBytes);
}

void TestPlannerWidget::emptyStateExplains()
{
    PlannerPanel panel;
    QVERIFY(!panel.plan().has_value());
    QVERIFY(panel.bar()->segments().isEmpty());
    QVERIFY(!panel.applyButton()->isVisibleTo(&panel));
}

SLUICE_TEST_MAIN(TestPlannerWidget)
#include "tst_planner_widget.moc"
