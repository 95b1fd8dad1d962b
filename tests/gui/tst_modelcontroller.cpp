// ModelController without a window (issue 28): the engine side of the app
// driven on its own, on the real engine and the synthetic demo model. An
// open answers with the model (and its handle with finished), a failed open
// names the path it was asked for, the planner's live budget is answered and
// saved only when taken, and a chat's session is saved, loaded back, and a
// damaged one reported — each request's own handle says how it ended.
#include "support/testregistry.h"
#include "support/synthmodel.h"
#include "api/budget.h" // kCacheIndexBytesPerSlot
#include "app/enginefactory.h"
#include "app/enginerequest.h"
#include "app/modelcontroller.h"
#include "app/settings.h"
#include "chat/sessionstore.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace sluice;
using gui::EngineRequest;
using gui::ModelController;

class TestModelController : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void openAnswersWithTheModel();
    void failedOpenNamesThePath_data();
    void failedOpenNamesThePath();
    void liveBudgetAnsweredAndSaved();
    void refusedBudgetIsNotSaved();
    void sessionSavedLoadedAndRefused();

private:
    // Opens the demo; false (and a failed test) when it does not open.
    bool openDemo();
    // One short greedy turn on the open model.
    bool runTurn();

    QTemporaryDir m_model;
    QString m_demo;
    std::unique_ptr<QTemporaryDir> m_data;
    std::unique_ptr<gui::Settings> m_settings;
    std::unique_ptr<gui::SessionStore> m_sessions;
    std::unique_ptr<ModelController> m_control;
};

void TestModelController::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    qputenv("SLUICE_THREADS", "1"); // the machine is shared; the demo needs no more
    qt::registerEngineMetaTypes();
    m_demo = m_model.filePath(QStringLiteral("demo.waste"));
    SLUICE_SYNTH_DEMO(m_demo);
}

void TestModelController::init()
{
    m_data = std::make_unique<QTemporaryDir>();
    m_settings = std::make_unique<gui::Settings>(m_data->filePath(QStringLiteral("settings.ini")));
    m_settings->setAdaptBudget(false); // budgets must not move with the shared machine's memory
    m_settings->setThreads(1);
    m_sessions = std::make_unique<gui::SessionStore>(m_data->filePath(QStringLiteral("sessions")));
    gui::MainWindowOptions o;
    o.dataDirectory = m_data->filePath(QStringLiteral("data"));
    o.engineFactory = gui::defaultEngineFactory();
    m_control = std::make_unique<ModelController>(m_settings.get(), m_sessions.get(), o);
}

void TestModelController::cleanup()
{
    m_control.reset();
    m_sessions.reset();
    m_settings.reset();
    m_data.reset();
}

bool TestModelController::openDemo()
{
    QSignalSpy opened(m_control.get(), &ModelController::modelOpened);
    EngineRequest *r = m_control->open(m_demo, 0, 512);
    if (!r)
        return false;
    return opened.wait(60000);
}

bool TestModelController::runTurn()
{
    QSignalSpy finished(m_control.get(), &ModelController::generationFinished);
    qt::GenerateRequest req;
    req.messages.push_back({"user", "Hello there", {}, 0});
    req.sampling.maxTokens = 4;
    m_control->generate(req);
    return finished.wait(60000);
}

void TestModelController::openAnswersWithTheModel()
{
    QSignalSpy started(m_control.get(), &ModelController::openStarted);
    QSignalSpy opened(m_control.get(), &ModelController::modelOpened);
    QSignalSpy failed(m_control.get(), &ModelController::openFailed);
    EngineRequest *r = m_control->open(m_demo, 0, 512);
    QVERIFY(r);
    QSignalSpy progress(r, &EngineRequest::progress);
    QSignalSpy done(r, &EngineRequest::finished);
    QCOMPARE(started.count(), 1);
    QCOMPARE(started.first().first().toString(), QDir::cleanPath(m_demo));
    QVERIFY(m_control->isOpening());
    QVERIFY(!m_control->isOpen());
    QVERIFY(opened.wait(60000));
    QCOMPARE(done.count(), 1);
    QVERIFY(!progress.isEmpty()); // the open's stages, on its own handle
    QVERIFY(failed.isEmpty());
    QVERIFY(m_control->isOpen());
    QVERIFY(!m_control->isOpening());
    QCOMPARE(m_control->modelPath(), QDir::cleanPath(m_demo));
    QCOMPARE(m_control->contextLength(), 512);
    const ModelInfo info = opened.first().first().value<ModelInfo>();
    QVERIFY(info.layers > 0);
    QCOMPARE(m_control->info().budgetBytes, info.budgetBytes);
    QCOMPARE(m_settings->recentModels().value(0), QDir::cleanPath(m_demo));
}

void TestModelController::failedOpenNamesThePath_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QByteArray>("manifest"); // empty: no folder at all
    QTest::newRow("missing folder") << QStringLiteral("nothing-here.waste") << QByteArray();
    QTest::newRow("damaged manifest") << QStringLiteral("damaged.waste") << QByteArray("{ not json");
}

void TestModelController::failedOpenNamesThePath()
{
    QFETCH(QString, name);
    QFETCH(QByteArray, manifest);
    const QString path = m_data->filePath(name);
    if (!manifest.isEmpty()) {
        QVERIFY(QDir().mkpath(path));
        QFile f(QDir(path).filePath(QStringLiteral("manifest.json")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(manifest);
    }
    QSignalSpy failed(m_control.get(), &ModelController::openFailed);
    QSignalSpy opened(m_control.get(), &ModelController::modelOpened);
    EngineRequest *r = m_control->open(path, 0, 512);
    QVERIFY(r);
    QSignalSpy refused(r, &EngineRequest::failed);
    QVERIFY(failed.wait(60000));
    QCOMPARE(failed.first().at(0).toString(), QDir::cleanPath(path));
    QVERIFY(!failed.first().at(1).toString().isEmpty()); // the message the user reads
    QCOMPARE(refused.count(), 1);
    QCOMPARE(refused.first().at(0), failed.first().at(1));
    QVERIFY(opened.isEmpty());
    QVERIFY(!m_control->isOpen());
    QVERIFY(!m_control->isOpening());
    QVERIFY(m_control->modelPath().isEmpty());
    QVERIFY(m_settings->recentModels().isEmpty());
}

void TestModelController::liveBudgetAnsweredAndSaved()
{
    QVERIFY(openDemo());
    const ModelInfo before = m_control->info();
    // Down to the live floor plus one slot: the open cache shrinks in place.
    const quint64 target = before.liveBudgetMinBytes + cacheSlotBytes(before.recordBytes);
    QVERIFY2(target < before.budgetBytes, "the demo opened at its live floor: nothing to move");
    QSignalSpy applied(m_control.get(), &ModelController::budgetApplied);
    QSignalSpy changed(m_control.get(), &ModelController::infoChanged);
    QSignalSpy refused(m_control.get(), &ModelController::budgetRefused);
    QSignalSpy reopened(m_control.get(), &ModelController::openStarted);
    QCOMPARE(m_settings->budgetMode(), gui::Settings::BudgetMode::Auto);
    m_control->applyBudget(target, m_control->contextLength(), 0, true);
    QVERIFY(applied.wait(30000));
    QVERIFY(refused.isEmpty());
    QVERIFY(reopened.isEmpty()); // in place: the model stayed open
    QCOMPARE(changed.count(), 1);
    QCOMPARE(m_control->info().budgetBytes, applied.first().first().value<ModelInfo>().budgetBytes);
    QVERIFY(m_control->info().budgetBytes != before.budgetBytes);
    // Taken, so saved: the next start opens with it.
    QCOMPARE(m_settings->budgetMode(), gui::Settings::BudgetMode::Fixed);
    QCOMPARE(m_settings->fixedBudgetBytes(), target);
}

void TestModelController::refusedBudgetIsNotSaved()
{
    QVERIFY(openDemo());
    const quint64 budget = m_control->info().budgetBytes;
    QSignalSpy applied(m_control.get(), &ModelController::budgetApplied);
    QSignalSpy refused(m_control.get(), &ModelController::budgetRefused);
    m_control->applyBudget(1 << 20, m_control->contextLength(), 0, true); // 1 MiB: under any floor
    QVERIFY(refused.wait(30000));
    QVERIFY(!refused.first().first().toString().isEmpty());
    QVERIFY(applied.isEmpty());
    QVERIFY(m_control->isOpen());
    QCOMPARE(m_control->info().budgetBytes, budget); // the budget in force stays
    QCOMPARE(m_settings->budgetMode(), gui::Settings::BudgetMode::Auto);
}

void TestModelController::sessionSavedLoadedAndRefused()
{
    QVERIFY(openDemo());
    const QString chat = QStringLiteral("chat-a");
    QVERIFY(!m_control->syncSession(chat)); // nothing saved yet: a reset, no load to wait for
    QVERIFY(runTurn());
    EngineRequest *save = m_control->saveSession(chat);
    QVERIFY(save);
    QSignalSpy saved(save, &EngineRequest::finished);
    QVERIFY(saved.wait(30000));
    QVERIFY(m_sessions->has(chat));
    QVERIFY(!m_control->saveSession(QStringLiteral("chat-b"))); // the worker holds chat-a's state, not b's

    // Another chat's state, then chat-a's comes back from its file.
    QVERIFY(!m_control->syncSession(QStringLiteral("chat-b")));
    QSignalSpy rebuilding(m_control.get(), &ModelController::sessionRebuilding);
    EngineRequest *load = m_control->syncSession(chat);
    QVERIFY(load);
    QSignalSpy loaded(load, &EngineRequest::finished);
    QVERIFY(loaded.wait(30000));
    QVERIFY(rebuilding.isEmpty());

    // A damaged file: refused, said once, for the chat it belongs to.
    m_control->forgetSession();
    QFile f(m_sessions->fileFor(chat));
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write("not a session");
    f.close();
    EngineRequest *bad = m_control->syncSession(chat);
    QVERIFY(bad);
    QSignalSpy badFailed(bad, &EngineRequest::failed);
    QVERIFY(rebuilding.wait(30000));
    QCOMPARE(rebuilding.count(), 1);
    QCOMPARE(rebuilding.first().at(0).toString(), chat);
    QCOMPARE(rebuilding.first().at(1).toBool(), false); // damaged, not another model's
    QVERIFY(!rebuilding.first().at(2).toString().isEmpty());
    QCOMPARE(badFailed.count(), 1);
}

SLUICE_TEST_MAIN(TestModelController)
#include "tst_modelcontroller.moc"
