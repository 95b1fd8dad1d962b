// The live budget in the window (issue 19): the planner's Apply moves the
// budget of the open model without reopening it, the panel's figures are the
// engine's (the demo model with the real engine: its prefill chunk and chat
// checkpoints included), and the applied budget is the one the next start
// opens with.
#include "support/testregistry.h"
#include "support/synthmodel.h"
#include "guitestutil.h"
#include "testsanitized.h"

#include "planner/budgetchart.h"
#include "app/enginefactory.h"
#include "planner/plannerwidget.h"
#include "qt/budgetmonitor.h"
#include "app/settingsdialog.h"
#include "planner/statspanel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QSlider>
#include <QStandardPaths>
#include <QTest>

#include <cstring>
#include <memory>

using namespace sluice;
using namespace sluice::test;

class TestBudget : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void applyWithoutReopen_data();
    void applyWithoutReopen();
    void contextChangeReopens();
    void refusedBudgetIsAnError();
    void demoFiguresAreTheEngines();
    void lowestAdvisedOpensAfterGrowth_data();
    void lowestAdvisedOpensAfterGrowth();
    void refusedReopenKeepsTheModel();
    void pressureShrinksAndRegrows();
    void monitorCanBeTurnedOff();
    void settingsDialogTurnsItOff();
    void samplingFollowsTheModelUntilChosen();
    void expertsPerTokenPersistsAndReopens();
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
    QTRY_VERIFY_WITH_TIMEOUT(changed.count() >= 1, 10000); // the worker's thread may answer before a wait()
    QTest::qWait(50); // anything queued behind it would arrive now
    QCOMPARE(opened.count(), 0);
    QCOMPARE(closed.count(), 0);
    QCOMPARE(progress.count(), 0);
    QCOMPARE(windowOpened.count(), 0);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.first().at(1).value<ModelInfo>().budgetBytes, target);
    QTRY_COMPARE(f.window->modelInfo().budgetBytes, target);
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
    o.plannerInputs
        = [](const QString &, int ctx, int) { return std::optional<PlannerInputs>(k3LikePlannerInputs(ctx)); };
    o.usableRamBytes = 64ull << 30;
    o.pressureSource
        = [] { return std::make_unique<ScriptedPressureSource>(std::vector<PressureSample> { calmSample() }); };
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
    // The window's own signal, not the worker's: the worker's `opened` is seen here as soon as
    // its thread emits it, before the window's queued slot has saved the applied context.
    QSignalSpy opened(f.window.get(), &gui::MainWindow::modelOpened);
    QSignalSpy changed(w, &qt::EngineWorker::budgetChanged);
    panel->applyButton()->click();
    QTRY_VERIFY_WITH_TIMEOUT(opened.count() >= 1, 10000); // the worker's thread may answer before a wait()
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
    QTRY_VERIFY_WITH_TIMEOUT(error.count() >= 1, 10000); // the worker's thread may answer before a wait()
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
    SLUICE_SYNTH_DEMO(demo);
    RealEngineFixture f;
    f.settings.setThreads(1);
    setCalmPressure(f.options);
    gui::MainWindow window(&f.settings, &f.appearance, f.options);
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
    QTRY_VERIFY_WITH_TIMEOUT(changed.count() >= 1, 20000); // the worker's thread may answer before a wait()
    QCOMPARE(opened.count(), 0);
    QTRY_COMPARE(info.budgetBytes, chosen);
    check();
}

void TestBudget::lowestAdvisedOpensAfterGrowth_data()
{
    QTest::addColumn<bool>("withShape");
    QTest::newRow("floor (no shape)") << false;
    QTest::newRow("streaming floor (shape)") << true;
}

void TestBudget::lowestAdvisedOpensAfterGrowth()
{
    // Issue 27: the panel advised a budget from the app's footprint at open;
    // the app had grown since and the reopen was refused, leaving no model.
    // Here the process grows by 64 MiB after the open, the planner measures
    // again, and the lowest budget it lets Apply reach opens.
    QFETCH(bool, withShape);
    // The staged growth is read from the process's RSS. Under ASan the memory
    // freed earlier in this process (the demo written in-process, the window's
    // start) sits in the allocator's quarantine and leaves it while the test
    // runs, so RSS falls as much as the test adds (seen: one row of two failed).
    if (SLUICE_TEST_SANITIZED)
        QSKIP("RSS growth cannot be staged under a sanitizer's allocator (quarantine); the Release run checks it");
    QTemporaryDir tmp;
    const QString demo = tmp.filePath(QStringLiteral("sluice-demo.waste"));
    SLUICE_SYNTH_DEMO(demo);
    RealEngineFixture f;
    f.settings.setThreads(1);
    if (withShape)
        f.options.plannerShape = gui::defaultPlannerShape();
    setCalmPressure(f.options);
    gui::MainWindow window(&f.settings, &f.appearance, f.options);
    QVERIFY(openAndPlan(window, demo));
    gui::PlannerPanel *panel = window.plannerPanel();
    const quint64 reopenBefore = panel->reopenProcessBytes();
    QVERIFY(reopenBefore > 0);
    // Touched, so resident; alive until the end of the test.
    constexpr size_t kGrowth = 64u << 20;
    std::unique_ptr<char[]> growth(new char[kGrowth]);
    std::memset(growth.get(), 0x27, kGrowth);
    window.refreshPlanner();
    QTRY_VERIFY_WITH_TIMEOUT(panel->reopenProcessBytes() >= reopenBefore + kGrowth - (8u << 20), 20000);
    // Another context: Apply reopens; the lowest budget the panel reaches.
    QComboBox *ctx = panel->contextBox();
    const int other = ctx->currentIndex() > 0 ? ctx->currentIndex() - 1 : ctx->currentIndex() + 1;
    ctx->setCurrentIndex(other);
    QVERIFY(!panel->appliesLive());
    const quint64 lowest = panel->lowestBudget();
    QVERIFY(lowest > 0);
    panel->chooseBudget(lowest);
    QCOMPARE(panel->chosenBudget(), lowest);
    QVERIFY(panel->applyButton()->isEnabled());
    QSignalSpy opened(&window, &gui::MainWindow::modelOpened);
    panel->applyButton()->click();
    QTRY_VERIFY_WITH_TIMEOUT(opened.count() >= 1, 60000); // refused, the old model would be back: checked below
    QVERIFY2(window.isModelOpen(), qPrintable(window.lastMessage()));
    QCOMPARE(window.modelInfo().budgetBytes, lowest);
    QCOMPARE(window.modelInfo().contextLength, ctx->itemData(other).toInt());
    QCOMPARE(f.settings.budgetMode(), gui::Settings::BudgetMode::Fixed); // taken: saved
    QCOMPARE(f.settings.fixedBudgetBytes(), lowest);
    QCOMPARE(growth[kGrowth - 1], char(0x27));
}

void TestBudget::refusedReopenKeepsTheModel()
{
    // A reopen the engine refuses (a budget under the floor it measured)
    // reopens the model as it was, says why, and saves nothing (issue 27:
    // the model was lost and the refused budget broke the next start).
    QTemporaryDir tmp;
    const QString demo = tmp.filePath(QStringLiteral("sluice-demo.waste"));
    SLUICE_SYNTH_DEMO(demo);
    RealEngineFixture f;
    f.settings.setThreads(1);
    setCalmPressure(f.options);
    gui::MainWindow window(&f.settings, &f.appearance, f.options);
    QVERIFY(openAndPlan(window, demo));
    const ModelInfo before = window.modelInfo();
    const gui::Settings::BudgetMode mode = f.settings.budgetMode();
    const quint64 fixed = f.settings.fixedBudgetBytes();
    const int context = f.settings.contextLength();
    QSignalSpy opened(&window, &gui::MainWindow::modelOpened);
    QSignalSpy notice(&window, &gui::MainWindow::noticeShown);
    // Another context (a reopen) at a budget no model opens in.
    QMetaObject::invokeMethod(window.plannerPanel(), "applyRequested", Q_ARG(quint64, 1ull << 20),
        Q_ARG(int, before.contextLength == 512 ? 1024 : 512));
    QTRY_VERIFY_WITH_TIMEOUT(opened.count() >= 1, 60000); // the old model, reopened
    QVERIFY(window.isModelOpen());
    // As it was asked at open (the default budget, planned again).
    QVERIFY(window.modelInfo().budgetBytes >= window.modelInfo().floorBytes);
    QCOMPARE(window.modelInfo().contextLength, before.contextLength);
    QVERIFY(!notice.isEmpty());
    QVERIFY2(notice.last().at(0).toString().contains(QStringLiteral("reopened with its previous budget")),
             qPrintable(notice.last().at(0).toString()));
    QCOMPARE(f.settings.budgetMode(), mode);
    QCOMPARE(f.settings.fixedBudgetBytes(), fixed);
    QCOMPARE(f.settings.contextLength(), context);
}

namespace {

PressureSample availableGiB(double gib)
{
    PressureSample s;
    s.haveAvailable = true;
    s.totalBytes = 64ull << 30;
    s.availableBytes = quint64(gib * double(1ull << 30));
    return s;
}

struct PressureWindow {
    QTemporaryDir dir;
    gui::Settings settings { dir.filePath(QStringLiteral("settings.ini")) };
    gui::Appearance appearance { qApp };
    QString modelDir = dir.filePath(QStringLiteral("test-model.waste"));
    std::unique_ptr<gui::MainWindow> window;

    explicit PressureWindow(std::vector<PressureSample> script)
    {
        QDir().mkpath(modelDir);
        QFile manifest(QDir(modelDir).filePath(QStringLiteral("manifest.json")));
        manifest.open(QIODevice::WriteOnly);
        manifest.write("{}");
        manifest.close();
        // Fast thresholds so the episode takes a fraction of a second.
        settings.setAdaptIntervalSeconds(0.02);
        settings.setAdaptHoldSeconds(0);
        settings.setAdaptCalmSeconds(0.3);
        gui::MainWindowOptions o;
        o.dataDirectory = dir.filePath(QStringLiteral("data"));
        o.engineFactory = scriptedFactory(defaultScript());
        o.plannerInputs
            = [](const QString &, int ctx, int) { return std::optional<PlannerInputs>(k3LikePlannerInputs(ctx)); };
        o.usableRamBytes = 64ull << 30;
        o.pressureSource = [script] { return std::make_unique<ScriptedPressureSource>(script); };
        window = std::make_unique<gui::MainWindow>(&settings, &appearance, o);
    }
};

} // namespace

void TestBudget::pressureShrinksAndRegrows()
{
    // Short of memory for three samples, then plenty: the window lowers the
    // budget in steps through the live budget (no reopen), says so, draws it,
    // and grows back to the user's budget after the calm period.
    std::vector<PressureSample> script(3, availableGiB(0.2));
    script.push_back(availableGiB(16));
    PressureWindow f(script);
    f.settings.setAdaptBudget(false); // armed below, once the spies are in place
    QVERIFY(openAndPlan(*f.window, f.modelDir));
    const quint64 user = f.window->modelInfo().budgetBytes;
    const quint64 floor = f.window->modelInfo().floorBytes;
    qt::EngineWorker *w = f.window->engine()->worker();
    QSignalSpy opened(w, &qt::EngineWorker::opened);
    QSignalSpy closed(w, &qt::EngineWorker::closed);
    QSignalSpy changed(w, &qt::EngineWorker::budgetChanged);
    QSignalSpy notices(f.window.get(), &gui::MainWindow::noticeShown);
    f.settings.setAdaptBudget(true); // a settings change (re)starts the monitor
    QVERIFY(f.window->budgetMonitor()->isRunning());
    QTRY_VERIFY_WITH_TIMEOUT(changed.count() >= 2 && f.window->modelInfo().budgetBytes == user, 10000);
    QCOMPARE(opened.count(), 0);
    QCOMPARE(closed.count(), 0);

    // Down in steps, never under the floor, then up in steps to the user's budget.
    QVector<quint64> budgets;
    for (const QList<QVariant> &c : changed)
        budgets << c.at(1).value<ModelInfo>().budgetBytes;
    int lowest = int(std::min_element(budgets.begin(), budgets.end()) - budgets.begin());
    QVERIFY(budgets.at(lowest) < user);
    QVERIFY(budgets.at(lowest) >= floor);
    for (int i = 1; i <= lowest; ++i)
        QVERIFY(budgets.at(i) < budgets.at(i - 1));
    QVERIFY(budgets.at(0) < user);
    for (int i = lowest + 1; i < budgets.size(); ++i)
        QVERIFY(budgets.at(i) > budgets.at(i - 1));
    QCOMPARE(budgets.last(), user);
    QStringList said;
    for (const QList<QVariant> &n : notices)
        said << n.at(0).toString();
    QVERIFY2(
        said.filter(QStringLiteral("while the system needed memory")).size() == lowest + 1, qPrintable(said.join('|')));
    QVERIFY2(said.filter(QStringLiteral("the system has memory again")).size() == budgets.size() - lowest - 1,
        qPrintable(said.join('|')));
    // The chart: the budget at open, then every step, the reductions marked.
    const auto &points = f.window->statsPanel()->budgetChart()->points();
    QCOMPARE(points.size(), 1 + budgets.size());
    QCOMPARE(points.first().budgetBytes, user);
    for (int i = 0; i < budgets.size(); ++i) {
        QCOMPARE(points.at(i + 1).budgetBytes, budgets.at(i));
        QCOMPARE(points.at(i + 1).pressure, i <= lowest);
    }
    // Pressure moves nothing the user chose: the stored budget is the user's.
    QCOMPARE(f.window->plannerPanel()->chosenBudget(), user);
}

void TestBudget::monitorCanBeTurnedOff()
{
    PressureWindow f(std::vector<PressureSample> { availableGiB(0.2) });
    f.settings.setAdaptBudget(false);
    QVERIFY(openAndPlan(*f.window, f.modelDir));
    QVERIFY(!f.window->budgetMonitor()->isRunning());
    QSignalSpy changed(f.window->engine()->worker(), &qt::EngineWorker::budgetChanged);
    QTest::qWait(300);
    QCOMPARE(changed.count(), 0);
    // On: it reduces. Off again: the user's budget comes back at once.
    const quint64 user = f.window->modelInfo().budgetBytes;
    f.settings.setAdaptBudget(true);
    QTRY_VERIFY_WITH_TIMEOUT(f.window->modelInfo().budgetBytes < user, 5000);
    f.settings.setAdaptBudget(false);
    QVERIFY(!f.window->budgetMonitor()->isRunning());
    QTRY_COMPARE_WITH_TIMEOUT(f.window->modelInfo().budgetBytes, user, 5000);
}

void TestBudget::settingsDialogTurnsItOff()
{
    QTemporaryDir dir;
    gui::Settings settings(dir.filePath(QStringLiteral("s.ini")));
    QVERIFY(settings.adaptBudget()); // on by default in the app
    QCOMPARE(settings.adaptMinBudgetBytes(), quint64(0));
    gui::SettingsDialog dialog(&settings);
    QCheckBox *box = nullptr;
    QDoubleSpinBox *min = nullptr;
    for (QCheckBox *b : dialog.findChildren<QCheckBox *>())
        if (b->accessibleName().contains(QStringLiteral("short of memory")))
            box = b;
    for (QDoubleSpinBox *b : dialog.findChildren<QDoubleSpinBox *>())
        if (b->accessibleName().contains(QStringLiteral("Smallest budget")))
            min = b;
    QVERIFY(box && min);
    QVERIFY(box->isChecked());
    min->setValue(3.0);
    box->setChecked(false);
    QVERIFY(!min->isEnabled());
    dialog.apply();
    QVERIFY(!settings.adaptBudget());
    QCOMPARE(settings.adaptMinBudgetBytes(), quint64(3ull << 30));
}


// Issue 30: a sampling field the user never set follows the open model's
// recommendation, shown in the dialog; one changed there overrides it and
// the rest keep following the model.
void TestBudget::samplingFollowsTheModelUntilChosen()
{
    QTemporaryDir dir;
    gui::Settings settings(dir.filePath(QStringLiteral("s.ini")));
    RecommendedSampling r;
    r.temperature = 0.4f;
    r.topP = 0.9f;
    r.repeatPenalty = 1.15f;
    r.loopStop = 3;
    r.source = "demo/generation_config.json";
    SamplingParams s = settings.sampling(r);
    QCOMPARE(s.temperature, 0.4f);
    QCOMPARE(s.topP, 0.9f);
    QCOMPARE(s.repeatPenalty, 1.15f);
    QCOMPARE(s.loopStop, 3);
    QCOMPARE(s.maxTokens, settings.maxTokens()); // not recommended: the app's own
    gui::SettingsDialog dialog(&settings, nullptr, 0, r);
    QDoubleSpinBox *temperature = nullptr;
    for (QDoubleSpinBox *b : dialog.findChildren<QDoubleSpinBox *>())
        if (b->accessibleName() == QStringLiteral("Temperature"))
            temperature = b;
    QVERIFY(temperature);
    QCOMPARE(temperature->value(), 0.4); // shown
    temperature->setValue(0.8);
    dialog.apply();
    QVERIFY(settings.samplingChosen("temperature"));
    QVERIFY(!settings.samplingChosen("topP")); // left as shown: still the model's
    s = settings.sampling(r);
    QCOMPARE(s.temperature, 0.8f);
    QCOMPARE(s.topP, 0.9f);
    // Without a recommendation, the app's defaults (before issue 30) hold.
    QCOMPARE(settings.sampling({}).topP, 0.95f);
    QCOMPARE(settings.sampling({}).repeatPenalty, 1.0f);
}

// Experts per token beside the budget (issue 31), on the real engine: the
// stored value opens the model, another one chosen in the panel reopens it
// and is stored for that model, and the model's own value stores 0.
void TestBudget::expertsPerTokenPersistsAndReopens()
{
    QTemporaryDir tmp;
    const QString demo = tmp.filePath(QStringLiteral("sluice-demo.waste"));
    SLUICE_SYNTH_DEMO(demo);
    RealEngineFixture f;
    f.settings.setThreads(1);
    f.options.plannerShape = gui::defaultPlannerShape(); // as the app: the panel plans from the shape
    setCalmPressure(f.options);
    f.settings.setExpertsPerToken(demo, 2);
    QCOMPARE(f.settings.expertsPerToken(tmp.filePath(QStringLiteral("other.waste"))), 0); // per model
    gui::MainWindow window(&f.settings, &f.appearance, f.options);
    QVERIFY(openAndPlan(window, demo));
    const ModelInfo &info = window.modelInfo();
    QCOMPARE(info.topK, 2);
    const int own = info.modelTopK;
    QVERIFY(own > 3);
    gui::PlannerPanel *panel = window.plannerPanel();
    QCOMPARE(panel->chosenExpertsPerToken(), 2);
    QTRY_VERIFY(panel->expertsField()->isEnabled());
    auto applyExperts = [&](int value) {
        panel->expertsField()->setValue(value);
        QVERIFY(!panel->appliesLive()); // another routing: the model reopens
        QTRY_VERIFY(panel->applyButton()->isEnabled());
        QSignalSpy opened(&window, &gui::MainWindow::modelOpened);
        panel->applyButton()->click();
        QVERIFY(opened.wait(60000));
    };
    applyExperts(3);
    QCOMPARE(info.topK, 3);
    QCOMPARE(f.settings.expertsPerToken(demo), 3);
    // At the lowered value the budget still moves in place: once the planner's
    // inputs for the reopened model arrived, the panel plans with its terms.
    QTRY_COMPARE_WITH_TIMEOUT(panel->plan()->floorBytes, info.liveBudgetMinBytes, 20000);
    QTRY_COMPARE(panel->chosenBudget(), info.budgetBytes);
    const quint64 target = info.liveBudgetMinBytes + info.recordBytes + kCacheIndexBytesPerSlot;
    panel->budgetField()->setValue(double(target) / double(panel->unitBytes()));
    QVERIFY(panel->appliesLive());
    {
        const quint64 chosen = panel->chosenBudget();
        QSignalSpy changed(window.engine()->worker(), &qt::EngineWorker::budgetChanged);
        panel->applyButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(changed.count() >= 1, 20000);
        QTRY_COMPARE(info.budgetBytes, chosen);
        QCOMPARE(info.topK, 3);
    }
    applyExperts(own);
    QCOMPARE(info.topK, own);
    QCOMPARE(f.settings.expertsPerToken(demo), 0);
}

SLUICE_TEST_MAIN(TestBudget)
#include "tst_budget.moc"
