// The governor's host side (api/budgetadapter.h), which sluice-cli chat/run
// (--adapt-budget), serve (by default) and the app share: the settings it
// derives from an open model, and decisions that wait for the host to apply
// them. Against a model double whose live budget refuses the floor as a
// real model does, and a scripted pressure source.
#include "support/testregistry.h"
#include "api/budget.h"
#include "api/budgetadapter.h"
#include "pressuretestutil.h"

#include <QTest>

#include <condition_variable>
#include <mutex>

using namespace sluice;

namespace {

constexpr uint64_t GiB = 1ull << 30;
constexpr uint64_t kRecordBytes = 64ull << 20;

// A model at 8 GiB whose live budget cannot go under 2 GiB; the cache is
// what the budget leaves above the floor.
struct ModelDouble {
    ModelInfo info;
    int calls = 0;
    bool refuse = false;
    ModelDouble()
    {
        info.floorBytes = 2 * GiB;
        info.liveBudgetMinBytes = 2 * GiB;
        info.recordBytes = kRecordBytes;
        set(8 * GiB);
    }
    void set(uint64_t b)
    {
        info.budgetBytes = b;
        info.expertCacheBytes = b - info.floorBytes;
    }
    Status setBudget(uint64_t b)
    {
        ++calls;
        if (refuse || b < info.liveBudgetMinBytes)
            return makeError(ErrorCode::InvalidArgument, "under the live floor");
        set(b);
        return Status::ok();
    }
    BudgetTarget target()
    {
        return { [this]() -> const ModelInfo & { return info; }, [this](uint64_t b) { return setBudget(b); } };
    }
};

PressureSample availableGiB(double gib)
{
    return test::availableSample(uint64_t(gib * double(GiB)), 16 * GiB);
}

std::unique_ptr<ScriptedPressureSource> scripted(std::vector<PressureSample> samples)
{
    return std::make_unique<ScriptedPressureSource>(std::move(samples));
}

} // namespace

class TestBudgetAdapter : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void settingsForAModel_data();
    void settingsForAModel();
    void nothingToGiveAtTheFloor();
    void sampleNowShrinksThenRegrows();
    void decisionsWaitForTheHost();
    void refusedBudgetIsReported();
};

void TestBudgetAdapter::settingsForAModel_data()
{
    QTest::addColumn<quint64>("userMin");
    QTest::addColumn<quint64>("top");
    QTest::addColumn<quint64>("low");
    QTest::addColumn<quint64>("high");
    QTest::addColumn<quint64>("wantMin");
    QTest::addColumn<quint64>("wantMax");
    QTest::addColumn<quint64>("wantHigh");
    QTest::newRow("defaults: live floor to the budget in force") << quint64(0) << quint64(0) << quint64(GiB)
                                                                 << quint64(2 * GiB) << quint64(2 * GiB)
                                                                 << quint64(8 * GiB) << quint64(2 * GiB);
    QTest::newRow("a user minimum above the floor") << quint64(3 * GiB) << quint64(0) << quint64(GiB)
                                                    << quint64(2 * GiB) << quint64(3 * GiB) << quint64(8 * GiB)
                                                    << quint64(2 * GiB);
    QTest::newRow("a user minimum under the floor is the floor") << quint64(GiB) << quint64(0) << quint64(GiB)
                                                                 << quint64(2 * GiB) << quint64(2 * GiB)
                                                                 << quint64(8 * GiB) << quint64(2 * GiB);
    QTest::newRow("the app's chosen budget is the top") << quint64(0) << quint64(6 * GiB) << quint64(GiB)
                                                        << quint64(2 * GiB) << quint64(2 * GiB) << quint64(6 * GiB)
                                                        << quint64(2 * GiB);
    QTest::newRow("calm under pressure is raised to it") << quint64(0) << quint64(0) << quint64(3 * GiB)
                                                         << quint64(GiB) << quint64(2 * GiB) << quint64(8 * GiB)
                                                         << quint64(3 * GiB);
}

void TestBudgetAdapter::settingsForAModel()
{
    QFETCH(quint64, userMin);
    QFETCH(quint64, top);
    QFETCH(quint64, low);
    QFETCH(quint64, high);
    QFETCH(quint64, wantMin);
    QFETCH(quint64, wantMax);
    QFETCH(quint64, wantHigh);
    ModelDouble m;
    AdaptSettings a;
    a.minBudgetBytes = userMin;
    a.lowAvailableBytes = low;
    a.highAvailableBytes = high;
    a.calmSeconds = 7;
    a.holdSeconds = 3;
    a.psiSomePercent = 12;
    const GovernorSettings g = governorSettingsFor(m.info, a, top);
    QCOMPARE(quint64(g.minBudgetBytes), wantMin);
    QCOMPARE(quint64(g.maxBudgetBytes), wantMax);
    QCOMPARE(quint64(g.lowAvailableBytes), low);
    QCOMPARE(quint64(g.highAvailableBytes), wantHigh);
    QCOMPARE(g.calmSeconds, 7.0);
    QCOMPARE(g.holdSeconds, 3.0);
    QCOMPARE(g.psiSomePercent, 12.0);
    QCOMPARE(g.stepBytes, cacheSlotBytes(kRecordBytes)); // whole slots
    QCOMPARE(canAdaptBudget(g), wantMin < wantMax);
}

void TestBudgetAdapter::nothingToGiveAtTheFloor()
{
    ModelDouble m;
    m.set(2 * GiB); // opened at its floor
    BudgetAdapter a;
    QVERIFY(a.start(m.target(), {}, scripted({ availableGiB(0.1) }), false).isOk());
    QVERIFY(!a.running());
    const BudgetChange c = a.sampleNow();
    QVERIFY(!c.changed);
    QCOMPARE(c.describe(), std::string());
    QCOMPARE(m.calls, 0);
}

void TestBudgetAdapter::sampleNowShrinksThenRegrows()
{
    ModelDouble m;
    AdaptSettings s;
    s.calmSeconds = 0; // grow back on the first calm sample
    BudgetAdapter a;
    QVERIFY(a.start(m.target(), s, scripted({ availableGiB(0.5), availableGiB(8) }), false).isOk());
    QVERIFY(a.running());
    const BudgetChange shrink = a.sampleNow();
    QVERIFY(shrink.changed);
    QCOMPARE(int(shrink.action), int(BudgetAction::Shrink));
    QVERIFY2(shrink.describe().find("while the system needed memory") != std::string::npos, shrink.describe().c_str());
    QVERIFY(m.info.budgetBytes < 8 * GiB);
    QVERIFY(m.info.budgetBytes >= 2 * GiB); // the live floor is the minimum
    QCOMPARE(shrink.budgetBytes, m.info.budgetBytes);
    // Whole slots: what the budget keeps above the live floor is a multiple of one slot.
    QCOMPARE((m.info.budgetBytes - 2 * GiB) % cacheSlotBytes(kRecordBytes), uint64_t(0));
    // Calm again: back up, never past the budget it started with.
    BudgetChange grow;
    for (int i = 0; i < 8 && m.info.budgetBytes < 8 * GiB; ++i)
        grow = a.sampleNow();
    QVERIFY2(grow.describe().find("now the system has memory again") != std::string::npos, grow.describe().c_str());
    QCOMPARE(m.info.budgetBytes, 8 * GiB);
    QVERIFY(!a.sampleNow().changed); // at the top: nothing to do
}

void TestBudgetAdapter::decisionsWaitForTheHost()
{
    // The monitor's thread only decides and tells; nothing moves until the
    // host applies the pending decision (between replies, or between requests).
    ModelDouble m;
    AdaptSettings s;
    s.intervalSeconds = 0.01;
    std::mutex mutex;
    std::condition_variable told;
    int pending = 0;
    BudgetAdapter a;
    QVERIFY(a.start(m.target(), s, scripted({ availableGiB(0.1) }), true, [&] {
                 std::lock_guard lock(mutex);
                 ++pending;
                 told.notify_all();
             }).isOk());
    {
        std::unique_lock lock(mutex);
        QVERIFY(told.wait_for(lock, std::chrono::seconds(30), [&] { return pending > 0; }));
    }
    QCOMPARE(m.calls, 0);
    QCOMPARE(m.info.budgetBytes, 8 * GiB);
    const BudgetChange c = a.applyPending();
    QVERIFY(c.changed);
    QVERIFY(m.info.budgetBytes < 8 * GiB);
    a.stop(); // joins: no decision arrives after this
    QVERIFY(!a.running());
    QVERIFY(!a.applyPending().changed);
}

void TestBudgetAdapter::refusedBudgetIsReported()
{
    ModelDouble m;
    m.refuse = true;
    BudgetAdapter a;
    QVERIFY(a.start(m.target(), {}, scripted({ availableGiB(0.1) }), false).isOk());
    const BudgetChange c = a.sampleNow();
    QVERIFY(!c.changed);
    QVERIFY2(c.error.find("under the live floor") != std::string::npos, c.error.c_str());
    QCOMPARE(c.budgetBytes, 8 * GiB); // the budget in force stays
    QCOMPARE(m.info.budgetBytes, 8 * GiB);
}

SLUICE_TEST_GUILESS_MAIN(TestBudgetAdapter)
#include "tst_budgetadapter.moc"
