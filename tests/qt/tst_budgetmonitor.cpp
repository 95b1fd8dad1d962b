// The monitor the app runs (issue 19): a scripted pressure episode through
// qt::BudgetMonitor gives shrink steps with a hold between them, never under
// the user's minimum, nothing while memory is merely tight, and growth back
// in steps only after the calm period, up to the user's budget. The timer
// path and a failing source are checked too.
#include "support/testregistry.h"
#include "qt/budgetmonitor.h"
#include "pressuretestutil.h"

#include <QSignalSpy>
#include <QTest>

using namespace sluice;
using sluice::qt::BudgetMonitor;

namespace {

constexpr quint64 GiB = 1ull << 30, MiB = 1ull << 20;

PressureSample available(double gib)
{
    return test::availableSample(quint64(gib * double(GiB)), 16 * GiB);
}

GovernorSettings settings()
{
    GovernorSettings g = test::governor8to2(2, 5);
    g.stepBytes = 64 * MiB;
    return g;
}

class FailingSource final : public PressureSource {
public:
    Expected<PressureSample> sample() override { return makeError(ErrorCode::Io, "/proc/pressure/memory: gone"); }
    std::string describe() const override { return "failing"; }
};

} // namespace

class TestBudgetMonitor : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void episode();
    void sustainedPressureStopsAtTheMinimum();
    void userBudgetMovesTheTop();
    void timerDrivesIt();
    void failingSourceReportsOnce();
};

void TestBudgetMonitor::episode()
{
    // One sample per second: calm, 3 s short of memory, 2 s tight (between the
    // thresholds), then calm for good.
    std::vector<PressureSample> script { available(4) };
    for (int i = 0; i < 3; ++i)
        script.push_back(available(0.5));
    for (int i = 0; i < 2; ++i)
        script.push_back(available(1.5));
    script.push_back(available(6));
    BudgetMonitor monitor(std::make_unique<ScriptedPressureSource>(script));
    QSignalSpy decided(&monitor, &BudgetMonitor::budgetDecided);
    const GovernorSettings g = settings();
    monitor.start(g, 3600); // the test drives time itself
    QCOMPARE(monitor.currentBudget(), g.maxBudgetBytes);

    QVector<double> when;
    for (int t = 0; t < 40; ++t) {
        const int before = decided.count();
        monitor.step(t);
        if (decided.count() > before)
            when << t;
        if (t == 1 || t == 3)
            QVERIFY(monitor.underPressure());
    }
    // Shrinks at t=1 and t=3 (t=2 is inside the 2 s hold), the first by the
    // larger of the deficit (0.5 GiB) and a quarter of the room above the
    // minimum (1.5 GiB): 8 -> 6.5 GiB; the second a quarter of 4.5 GiB, rounded
    // down to whole 64 MiB steps above the minimum.
    QVERIFY(decided.count() >= 3);
    QCOMPARE(when.at(0), 1.0);
    QCOMPARE(decided.at(0).at(1).toBool(), true);
    QCOMPARE(decided.at(0).at(0).toULongLong(), 6 * GiB + 512 * MiB);
    QVERIFY(decided.at(0).at(2).toString().contains(QStringLiteral("while the system needed memory")));
    QCOMPARE(when.at(1), 3.0);
    QCOMPARE(decided.at(1).at(1).toBool(), true);
    const quint64 second = decided.at(1).at(0).toULongLong();
    QCOMPARE(second, 2 * GiB + (4 * GiB + 512 * MiB - (4 * GiB + 512 * MiB) / 4) / (64 * MiB) * (64 * MiB));
    // Tight but not short (t=4, 5): held. Calm from t=6: the first growth
    // comes 5 s later, then one per calm period, each at most a quarter of
    // (max - min), up to the user's budget and never past it.
    QCOMPARE(when.at(2), 11.0);
    quint64 last = second;
    for (int i = 2; i < decided.count(); ++i) {
        QCOMPARE(decided.at(i).at(1).toBool(), false);
        const quint64 b = decided.at(i).at(0).toULongLong();
        QVERIFY(b > last);
        QVERIFY(b - last <= (g.maxBudgetBytes - g.minBudgetBytes) / 4 + g.stepBytes);
        QVERIFY(b <= g.maxBudgetBytes);
        if (i > 2)
            QVERIFY(when.at(i) - when.at(i - 1) >= g.calmSeconds);
        last = b;
    }
    QCOMPARE(last, g.maxBudgetBytes);
    QCOMPARE(monitor.currentBudget(), g.maxBudgetBytes);
}

void TestBudgetMonitor::sustainedPressureStopsAtTheMinimum()
{
    BudgetMonitor monitor(std::make_unique<ScriptedPressureSource>(std::vector<PressureSample> { available(0.2) }));
    QSignalSpy decided(&monitor, &BudgetMonitor::budgetDecided);
    const GovernorSettings g = settings();
    monitor.start(g, 3600);
    for (int t = 0; t < 100; t += 2)
        monitor.step(t);
    QVERIFY(decided.count() >= 2);
    quint64 last = g.maxBudgetBytes;
    for (const QList<QVariant> &d : decided) {
        QVERIFY(d.at(1).toBool());
        QVERIFY(d.at(0).toULongLong() < last);
        QVERIFY(d.at(0).toULongLong() >= g.minBudgetBytes);
        last = d.at(0).toULongLong();
    }
    QCOMPARE(last, g.minBudgetBytes);
    const int n = decided.count();
    monitor.step(200);
    QCOMPARE(decided.count(), n); // at the minimum: nothing more to give
}

void TestBudgetMonitor::userBudgetMovesTheTop()
{
    // After a live Apply the client moves the top; growth stops there.
    BudgetMonitor monitor(std::make_unique<ScriptedPressureSource>(
        std::vector<PressureSample> { available(0.2), available(0.2), available(8) }));
    QSignalSpy decided(&monitor, &BudgetMonitor::budgetDecided);
    GovernorSettings g = settings();
    monitor.start(g, 3600);
    monitor.step(0);
    monitor.step(2);
    const quint64 shrunk = monitor.currentBudget();
    QVERIFY(shrunk < g.maxBudgetBytes);
    g.maxBudgetBytes = shrunk + 256 * MiB;
    monitor.setSettings(g);
    for (int t = 3; t < 60; ++t)
        monitor.step(t);
    QCOMPARE(monitor.currentBudget(), g.maxBudgetBytes);
    QCOMPARE(decided.last().at(0).toULongLong(), g.maxBudgetBytes);
    // A top under the current budget clamps it without a signal.
    const int n = decided.count();
    g.maxBudgetBytes = 3 * GiB;
    monitor.setSettings(g);
    QCOMPARE(monitor.currentBudget(), 3 * GiB);
    QCOMPARE(decided.count(), n);
}

void TestBudgetMonitor::timerDrivesIt()
{
    BudgetMonitor monitor(std::make_unique<ScriptedPressureSource>(std::vector<PressureSample> { available(0.2) }));
    QSignalSpy decided(&monitor, &BudgetMonitor::budgetDecided);
    monitor.start(settings(), 0.02);
    QVERIFY(monitor.isRunning());
    QVERIFY(decided.wait(5000));
    QVERIFY(decided.first().at(1).toBool());
    monitor.stop();
    QVERIFY(!monitor.isRunning());
    const int n = decided.count();
    QTest::qWait(100);
    QCOMPARE(decided.count(), n); // turned off: no decisions
    QCOMPARE(monitor.sourceDescription(), QStringLiteral("scripted"));
}

void TestBudgetMonitor::failingSourceReportsOnce()
{
    BudgetMonitor monitor(std::make_unique<FailingSource>());
    QSignalSpy failed(&monitor, &BudgetMonitor::sourceFailed);
    QSignalSpy decided(&monitor, &BudgetMonitor::budgetDecided);
    monitor.start(settings(), 3600);
    for (int t = 0; t < 5; ++t)
        QCOMPARE(monitor.step(t).budgetBytes, settings().maxBudgetBytes);
    QCOMPARE(failed.count(), 1);
    QVERIFY(failed.first().at(0).toString().contains(QStringLiteral("/proc/pressure/memory")));
    QCOMPARE(decided.count(), 0);
}

SLUICE_TEST_GUILESS_MAIN(TestBudgetMonitor)
#include "tst_budgetmonitor.moc"
