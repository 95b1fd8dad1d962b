// The live budget in the window (issue 19): the planner's Apply moves the
// budget of the open model without reopening it, the panel's figures are the
// engine's (the demo model with the real engine: its prefill chunk and chat
// checkpoints included), and the applied budget is the one the next start
// opens with.
#include "guitestutil.h"

#include "enginefactory.h"
#include "plannerwidget.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QProcess>
#include <QPushButton>
#include <QSlider>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

using namespace sluice;
using namespace sluice::test;

class TestBudget : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void applyWithoutReopen_data();
    void applyWithoutReopen();
    void contextChangeReopens();
    void refusedBudgetIsAnError();
    void demoFiguresAreTheEngines();
};

namespace {

bool openAndPlan(gui::MainWindow &window, const QString &path)
{
    QSignalSpy opened(&window, &gui::MainWindow::modelOpened);
    window.openModel(path);
    if (!opened.wait(60000))
        return false;
    // The planner's inputs arrive from a pool thread.
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < 20000) {
        if (window.plannerPanel()->plan() && window.plannerPanel()->chosenBudget() == window.modelInfo().budgetBytes)
            return true;
        QTest::qWait(10);
    }
    return false;
}

} // namespace

void TestBudget::applyWithoutReopen_data()
{
    QTest::addColumn<int>("workingSets");
    QTest::newRow("grow by one working set") << 1;
    QTest::newRow("shrink by one working set") << -1;
}

void TestBudget::applyWithoutReopen()
{
    QFETCH(int, workingSets);
    GuiFixture f;
    QVERIFY(openAndPlan(*f.window, f.modelDir));
    gui::PlannerPanel *panel = f.window->plannerPanel();
    const quint64 before = f.window->modelInfo().budgetBytes;
    panel->slider()->setValue(panel->slider()->value() + workingSets);
    const quint64 target = panel->chosenBudget();
    QVERIFY(workingSets > 0 ? target > before : target < before);
    QVERIFY(panel->appliesLive());
    QCOMPARE(panel->applyButton()->text(), QStringLiteral("&Apply"));
    QVERIFY(panel->applyButton()->isEnabled());

    qt::EngineWorker *w = f.window->engine()->worker();
    QSignalSpy opened(w, &qt::EngineWorker::opened);
    QSignalSpy closed(w, &qt::EngineWorker::closed);
    QSignalSpy progress(w, &qt::EngineWorker::progress);
    QSignalSpy changed(w, &qt::EngineWorker::budgetChanged);
    QSignalSpy windowOpened(f.window.get(), &gui::MainWindow::modelOpened);
    panel->applyButton()->click();
    QVERIFY(changed.wait(10000));
    QTest::qWait(50); // anything queued behind it would arrive now
    QCOMPARE(opened.count(), 0);
    QCOMPARE(closed.count(), 0);
    QCOMPARE(progress.count(), 0);
    QCOMPARE(windowOpened.count(), 0);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.first().at(1).value<ModelInfo>().budgetBytes, target);
    QCOMPARE(f.window->modelInfo().budgetBytes, target);
    QVERIFY(f.window->isModelOpen());
    QVERIFY(f.window->lastMessage().contains(QStringLiteral("stayed open")));
    // Nothing left to apply.
    QVERIFY(!panel->applyButton()->isEnabled());

    // The applied budget is what the next start opens with.
    QCOMPARE(f.settings->budgetMode(), gui::Settings::BudgetMode::Fixed);
    QCOMPARE(f.settings->fixedBudgetBytes(), target);
    f.window.reset();
    gui::MainWindowOptions o;
    o.dataDirectory = f.dir.filePath(QStringLiteral("data"));
    o.engineFactory = scriptedFactory(defaultScript());
    o.plannerInputs = [](const QString &, int ctx, int) { return std::optional<PlannerInputs>(k3LikePlannerInputs(ctx)); };
    o.usableRamBytes = 64ull << 30;
    gui::Settings again(f.dir.filePath(QStringLiteral("settings.ini")));
    gui::MainWindow restarted(&again, f.appearance.get(), o);
    QVERIFY(openAndPlan(restarted, f.modelDir));
    QCOMPARE(restarted.modelInfo().budgetBytes, target);
    QCOMPARE(restarted.plannerPanel()->chosenBudget(), target);
}

void TestBudget::contextChangeReopens()
{
    GuiFixture f;
    QVERIFY(openAndPlan(*f.window, f.modelDir));
    gui::PlannerPanel *panel = f.window->plannerPanel();
    QComboBox *ctx = panel->contextBox();
    const int other = ctx->currentIndex() + 1 < ctx->count() ? ctx->currentIndex() + 1 : ctx->currentIndex() - 1;
    QVERIFY(other >= 0);
    ctx->setCurrentIndex(other);
    QVERIFY(!panel->appliesLive());
    QCOMPARE(panel->applyButton()->text(), QStringLiteral("&Apply and reopen model"));
    qt::EngineWorker *w = f.window->engine()->worker();
    QSignalSpy opened(w, &qt::EngineWorker::opened);
    QSignalSpy changed(w, &qt::EngineWorker::budgetChanged);
    panel->applyButton()->click();
    QVERIFY(opened.wait(10000));
    QCOMPARE(changed.count(), 0);
    QCOMPARE(f.settings->contextLength(), ctx->itemData(other).toInt());
}

void TestBudget::refusedBudgetIsAnError()
{
    // The scripted engine refuses a live budget under its floor as a real model does;
    // the panel (planning with other inputs) lets it through, the window reports it
    // and the panel returns to the budget in force.
    EngineScript script = defaultScript();
    GuiFixture f(script);
    QVERIFY(openAndPlan(*f.window, f.modelDir));
    const quint64 inForce = f.window->modelInfo().budgetBytes;
    qt::EngineWorker *w = f.window->engine()->worker();
    QSignalSpy error(w, &qt::EngineWorker::error);
    QSignalSpy notice(f.window.get(), &gui::MainWindow::noticeShown);
    // Straight to the window's handler: under the scripted floor but above the panel's.
    QMetaObject::invokeMethod(f.window->plannerPanel(), "applyRequested", Q_ARG(quint64, script.floorBytes - 4096),
                              Q_ARG(int, f.window->plannerPanel()->chosenContext()));
    QVERIFY(error.wait(10000));
    QTRY_VERIFY(!notice.isEmpty());
    QCOMPARE(notice.last().at(0).toString(), QStringLiteral("The budget could not be changed."));
    QCOMPARE(f.window->modelInfo().budgetBytes, inForce);
    QCOMPARE(f.window->plannerPanel()->chosenBudget(), inForce);
    QVERIFY(f.window->isModelOpen());
}

void TestBudget::demoFiguresAreTheEngines()
{
    // The real engine on the demo model, opened as the app opens it (chat
    // checkpoints, the default budget's prefill chunk): the panel's budget,
    // cache slots and engine figure are the engine's, before and after a live Apply.
    QTemporaryDir tmp;
    const QString demo = tmp.filePath(QStringLiteral("sluice-demo.waste"));
    QProcess synth;
    synth.start(QStringLiteral(SLUICE_CLI_PATH), {QStringLiteral("synth"), QStringLiteral("--demo"), QStringLiteral("--out"), demo});
    QVERIFY(synth.waitForFinished(60000));
    if (synth.exitCode() != 0)
        QSKIP("sluice-cli synth --demo failed");
    QTemporaryDir dir;
    gui::Settings settings(dir.filePath(QStringLiteral("s.ini")));
    settings.setThreads(1);
    gui::Appearance appearance(qApp);
    gui::MainWindowOptions o;
    o.dataDirectory = dir.filePath(QStringLiteral("data"));
    o.engineFactory = gui::defaultEngineFactory();
    o.plannerInputs = gui::defaultPlannerInputs();
    gui::MainWindow window(&settings, &appearance, o);
    QVERIFY(openAndPlan(window, demo));
    const ModelInfo &info = window.modelInfo();
    QVERIFY2(info.checkpoints > 0, "the app opens chats with checkpoints: the defect needs them to show");
    gui::PlannerPanel *panel = window.plannerPanel();
    auto check = [&] {
        QVERIFY(panel->sizing().has_value());
        QCOMPARE(panel->chosenBudget(), info.budgetBytes);
        QCOMPARE(panel->sizing()->budgetBytes, info.budgetBytes);
        QCOMPARE(panel->sizing()->slotCount, info.expertCacheSlots);
        QCOMPARE(panel->sizing()->slotBufferBytes, info.expertCacheBytes);
        QCOMPARE(panel->plan()->floorBytes, info.liveBudgetMinBytes);
        // The field shows the budget in force (to its decimals), not one clamped to a smaller top.
        const double unit = double(panel->unitBytes());
        QVERIFY(std::abs(panel->budgetField()->value() * unit - double(info.budgetBytes)) <= unit * 0.051);
    };
    check();
    if (QTest::currentTestFailed())
        return;
    // Down to the live floor plus one slot, applied in place.
    const quint64 target = info.liveBudgetMinBytes + info.recordBytes + kCacheIndexBytesPerSlot;
    panel->budgetField()->setValue(double(target) / double(panel->unitBytes()));
    const quint64 chosen = panel->chosenBudget();
    QVERIFY(panel->appliesLive());
    QSignalSpy changed(window.engine()->worker(), &qt::EngineWorker::budgetChanged);
    QSignalSpy opened(window.engine()->worker(), &qt::EngineWorker::opened);
    panel->applyButton()->click();
    QVERIFY(changed.wait(20000));
    QCOMPARE(opened.count(), 0);
    QCOMPARE(info.budgetBytes, chosen);
    check();
}

QTEST_MAIN(TestBudget)
#include "tst_budget.moc"
