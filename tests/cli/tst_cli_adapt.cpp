// sluice-cli --adapt-budget (core/cli/budgetadapt.h): the library's monitor
// decides, the command applies the decision between generations through the
// live budget. Against the scripted engine (its live budget refuses the floor
// as a real model does) and a scripted pressure source.
#include "../qt/scriptedengine.h"
#include "budgetadapt.h"
#include "pressuretestutil.h"

#include <QTest>
#include <thread>

using namespace sluice;

namespace {

constexpr uint64_t GiB = 1ull << 30;

PressureSample availableGiB(double gib)
{
    return test::availableSample(uint64_t(gib * double(GiB)), 16 * GiB);
}

test::EngineScript script()
{
    test::EngineScript s;
    s.floorBytes = 2 * GiB;
    s.budgetBytes = 8 * GiB;
    return s;
}

} // namespace

// The adapter moves a Model in sluice-cli; here the scripted backend stands in.
static cli::BudgetTarget engineTarget(test::ScriptedEngine &e)
{
    return {[&e]() -> const ModelInfo & { return e.info(); }, [&e](uint64_t b) { return e.setBudget(b); }};
}

class TestCliAdapt : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void offByDefault();
    void sampleNowShrinksThenRegrows();
    void watchingAppliesBetweenTurns();
};

void TestCliAdapt::offByDefault()
{
    test::ScriptedEngine e(script());
    cli::AdaptOptions o; // --adapt-budget not given
    cli::BudgetAdapter a;
    QVERIFY(a.start(engineTarget(e), o,
                 std::make_unique<ScriptedPressureSource>(std::vector<PressureSample> { availableGiB(0.1) }), false)
                .isOk());
    QVERIFY(!a.running());
    QCOMPARE(a.sampleNow(), std::string());
    QCOMPARE(e.info().budgetBytes, 8 * GiB);
}

void TestCliAdapt::sampleNowShrinksThenRegrows()
{
    test::ScriptedEngine e(script());
    cli::AdaptOptions o;
    o.enabled = true;
    o.calmSeconds = 0; // grow back on the first calm sample
    cli::BudgetAdapter a;
    QVERIFY(a.start(engineTarget(e), o,
                 std::make_unique<ScriptedPressureSource>(
                     std::vector<PressureSample> { availableGiB(0.5), availableGiB(8) }),
                 false)
                .isOk());
    const std::string shrink = a.sampleNow();
    QVERIFY2(shrink.find("while the system needed memory") != std::string::npos, shrink.c_str());
    QVERIFY(e.info().budgetBytes < 8 * GiB);
    QVERIFY(e.info().budgetBytes >= 2 * GiB); // the floor is the minimum
    // Calm again: back up, never past the budget it started with.
    std::string grow;
    for (int i = 0; i < 8 && e.info().budgetBytes < 8 * GiB; ++i)
        grow = a.sampleNow();
    QVERIFY2(grow.find("now the system has memory again") != std::string::npos, grow.c_str());
    QCOMPARE(e.info().budgetBytes, 8 * GiB);
    QCOMPARE(a.sampleNow(), std::string()); // at the top: nothing to do
}

void TestCliAdapt::watchingAppliesBetweenTurns()
{
    // The monitor's thread only decides; nothing moves until the command
    // applies the pending decision (between replies).
    test::ScriptedEngine e(script());
    cli::AdaptOptions o;
    o.enabled = true;
    o.intervalSeconds = 0.01;
    cli::BudgetAdapter a;
    QVERIFY(a.start(engineTarget(e), o,
                 std::make_unique<ScriptedPressureSource>(std::vector<PressureSample> { availableGiB(0.1) }))
                .isOk());
    QVERIFY(a.running());
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    QCOMPARE(e.info().budgetBytes, 8 * GiB);
    std::string said;
    QTRY_VERIFY2((said += a.applyPending()).find("cache reduced") != std::string::npos, said.c_str());
    QVERIFY(e.info().budgetBytes < 8 * GiB);
}

QTEST_GUILESS_MAIN(TestCliAdapt)
#include "tst_cli_adapt.moc"
