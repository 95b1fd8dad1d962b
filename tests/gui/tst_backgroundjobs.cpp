// The app's background jobs (disk test, container verification, tok/s
// estimate) and the planner panel on a real container: Qt Concurrent jobs
// report through signals, can be cancelled, and the planner's figures are
// the core planner's on the same mapping `sluice-cli plan` uses.
#include "support/testregistry.h"
#include "app/backgroundjobs.h"
#include "support/synthmodel.h"
#include "app/enginefactory.h"
#include "guitestutil.h"
#include "common/uihelpers.h" // formatBytes
#include "planner/plannerwidget.h"

#include "format/container.h"
#include "model/plannerinputs.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace sluice;

class TestBackgroundJobs : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void diskTestReportsSpeed();
    void diskTestCancel();
    void verifyDemoIntact();
    void verifyFlippedByte();
    void plannerMatchesCorePlanner();
    void estimateRange();
    void plannerPanelJobs();

private:
    QTemporaryDir m_tmp;
    QString m_demo;
    QString m_file;
};

void TestBackgroundJobs::initTestCase()
{
    QVERIFY(m_tmp.isValid());
    // 8 MiB of data for the disk test: small, but big enough for record reads.
    m_file = m_tmp.filePath(QStringLiteral("disk.bin"));
    QFile f(m_file);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QByteArray block(1 << 20, '\x5a');
    for (int i = 0; i < 8; ++i)
        QCOMPARE(f.write(block), qint64(block.size()));
    f.close();

    m_demo = m_tmp.filePath(QStringLiteral("sluice-demo.waste"));
    SLUICE_SYNTH_DEMO(m_demo);
}

void TestBackgroundJobs::diskTestReportsSpeed()
{
    gui::DiskTestJob job;
    QSignalSpy done(&job, &gui::DiskTestJob::finished);
    QSignalSpy progress(&job, &gui::DiskTestJob::progress);
    job.start(m_file, 0.5, 1 << 20);
    QVERIFY(job.isRunning());
    QVERIFY(done.wait(10000));
    const auto r = done.at(0).at(0).value<gui::DiskTestResult>();
    QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
    QVERIFY(!r.cancelled);
    QVERIFY(r.bytes > 0);
    QVERIFY(r.gbPerSecond() > 0);
    QCOMPARE(r.file, m_file);
    QVERIFY(!progress.isEmpty());
    QCOMPARE(progress.last().at(0).toInt(), 100);
}

void TestBackgroundJobs::diskTestCancel()
{
    gui::DiskTestJob job;
    QSignalSpy done(&job, &gui::DiskTestJob::finished);
    job.start(m_file, 60.0, 1 << 20); // a minute unless Cancel works
    job.cancel();
    QVERIFY(done.wait(5000));
    QVERIFY(done.at(0).at(0).value<gui::DiskTestResult>().cancelled);
    QVERIFY(!job.isRunning());
}

void TestBackgroundJobs::verifyDemoIntact()
{
    if (m_demo.isEmpty())
        QSKIP("sluice-cli synth --demo failed");
    gui::VerifyJob job;
    QSignalSpy done(&job, &gui::VerifyJob::finished);
    QSignalSpy progress(&job, &gui::VerifyJob::progress);
    job.start(m_demo);
    QVERIFY(done.wait(10000));
    const auto o = done.at(0).at(0).value<gui::VerifyOutcome>();
    QVERIFY2(o.error.isEmpty(), qPrintable(o.error));
    QVERIFY(o.report.records > 0);
    QCOMPARE(o.report.records, o.report.total);
    QVERIFY(o.report.ok());
    QVERIFY(!progress.isEmpty());
    QCOMPARE(progress.last().at(0).toULongLong(), o.report.total);
}

void TestBackgroundJobs::verifyFlippedByte()
{
    if (m_demo.isEmpty())
        QSKIP("sluice-cli synth --demo failed");
    // A copy of the demo with one payload byte flipped in (layer L, expert 1).
    const QString copy = m_tmp.filePath(QStringLiteral("damaged.waste"));
    QVERIFY(QProcess::execute(QStringLiteral("cp"), {QStringLiteral("-r"), m_demo, copy}) == 0);
    auto c = Container::open(copy.toStdString());
    QVERIFY(bool(c));
    const int layer = (*c)->config().nLayers - 1;
    const ExpertBank bank = (*c)->expertLayer(layer);
    const int expert = std::min(1, bank.experts - 1);
    c->reset();
    QFile f(QString::fromStdString(bank.path));
    QVERIFY(f.open(QIODevice::ReadWrite));
    const qint64 at = qint64(expert) * qint64(bank.recordBytes) + 48 + 100; // past the 48-byte header, in the CRC'd payload
    QVERIFY(f.seek(at));
    char b = 0;
    QVERIFY(f.getChar(&b));
    QVERIFY(f.seek(at));
    QVERIFY(f.putChar(char(b ^ 0x10)));
    f.close();

    gui::VerifyJob job;
    QSignalSpy done(&job, &gui::VerifyJob::finished);
    job.start(copy);
    QVERIFY(done.wait(10000));
    const auto o = done.at(0).at(0).value<gui::VerifyOutcome>();
    QVERIFY2(o.error.isEmpty(), qPrintable(o.error));
    QCOMPARE(int(o.report.damaged.size()), 1);
    QCOMPARE(o.report.damaged[0].layer, layer);
    QCOMPARE(o.report.damaged[0].expert, expert);
    QVERIFY(!o.report.ok());
}

void TestBackgroundJobs::plannerMatchesCorePlanner()
{
    if (m_demo.isEmpty())
        QSKIP("sluice-cli synth --demo failed");
    const auto provider = gui::defaultPlannerInputs();
    if (!provider)
        QSKIP("this build has no model module");
    const std::optional<PlannerInputs> in = provider(m_demo, 8192, 0);
    QVERIFY(bool(in));
    // The app counts its own process in the floor (issue 15), as the engine it
    // opens does (reserveProcess): a term of its own, measured in this process.
    QVERIFY(in->processBytes > 0);

    auto c = Container::open(m_demo.toStdString());
    QVERIFY(bool(c));
    model::PlannerInputsOptions o;
    o.contextLength = 8192;
    o.vision = true;
    o.attentionSlices = QThread::idealThreadCount();
    o.processBytes = in->processBytes;
    auto direct = model::plannerInputs(**c, o);
    QVERIFY(bool(direct));
    const quint64 usable = 64ull << 30;
    auto plan = planMemory(*direct, usable);
    QVERIFY(bool(plan));

    gui::PlannerPanel panel;
    panel.setInputs(*in, usable, true);
    QVERIFY(panel.plan().has_value());
    QCOMPARE(panel.plan()->floorBytes, plan->floorBytes);
    QCOMPARE(panel.plan()->workingSetBytes, plan->workingSetBytes);
    QCOMPARE(panel.bar()->floorBytes(), quint64(plan->floorBytes));
    auto sizing = sizeCache(*plan, plan->defaultBudgetBytes);
    QVERIFY(bool(sizing));
    QVERIFY(panel.sizing().has_value());
    QCOMPARE(panel.sizing()->cacheBytes, sizing->cacheBytes);
    QCOMPARE(panel.sizing()->slotCount, sizing->slotCount);
    QVERIFY(panel.figuresText().contains(gui::formatBytes(plan->floorBytes)));

    // And what `sluice-cli plan --json` prints for the same model (vision counted, as the engine does).
    QProcess cli;
    cli.start(QStringLiteral(SLUICE_CLI_PATH), {QStringLiteral("plan"), m_demo, QStringLiteral("--ctx"),
                                                QStringLiteral("8192"), QStringLiteral("--vision"), QStringLiteral("--json")});
    QVERIFY(cli.waitForFinished(30000));
    const QJsonObject j = QJsonDocument::fromJson(cli.readAllStandardOutput()).object();
    // The CLI counts its own process in the floor too (another process, another
    // figure): without the process terms the rest is the same plan.
    quint64 process = 0;
    for (const QJsonValue &t : j.value(QStringLiteral("terms")).toArray())
        if (t.toObject().value(QStringLiteral("name")).toString() == QLatin1String(kProcessTermName))
            process = quint64(t.toObject().value(QStringLiteral("bytes")).toInteger());
    QVERIFY(process > 0);
    QCOMPARE(quint64(j.value(QStringLiteral("floor_bytes")).toInteger()) - process,
             quint64(plan->floorBytes) - in->processBytes);
    QCOMPARE(quint64(j.value(QStringLiteral("working_set_bytes")).toInteger()), quint64(plan->workingSetBytes));
}

void TestBackgroundJobs::estimateRange()
{
    const QString trace = QStringLiteral(SLUICE_SHARED_DIR "/data/traces/kimi-linear-300tok.jsonl");
    if (!QFile::exists(trace))
        QSKIP("no routing trace under the shared data");
    const PlannerInputs in = test::k3LikePlannerInputs();
    auto plan = planMemory(in, 64ull << 30);
    QVERIFY(bool(plan));
    auto sizing = sizeCache(*plan, 0);
    QVERIFY(bool(sizing));
    const gui::TokRateEstimate e = gui::estimateTokRate(*plan, *sizing, 3.0, trace);
    QVERIFY2(e.error.isEmpty(), qPrintable(e.error));
    QVERIFY(e.simSlots > 0);
    QVERIFY(e.coldHitRate > 0 && e.coldHitRate <= e.warmHitRate);
    QVERIFY(e.lowTokPerSec > 0);
    QVERIFY(e.lowTokPerSec <= e.highTokPerSec);
    // The formula (docs/gui.md): bandwidth / ((1 - hit) x working set bytes).
    QCOMPARE(e.lowTokPerSec, 3e9 / ((1 - e.coldHitRate) * double(plan->workingSetBytes)));
    QVERIFY(gui::estimateText(e).contains(QStringLiteral("estimate"), Qt::CaseInsensitive));

    // A bigger cache never lowers the simulated hit rate (LRU is a stack algorithm).
    auto bigger = sizeCache(*plan, plan->floorBytes + 5 * plan->workingSetBytes);
    QVERIFY(bool(bigger));
    const gui::TokRateEstimate e2 = gui::estimateTokRate(*plan, *bigger, 3.0, trace);
    QVERIFY(e2.simSlots > e.simSlots);
    QVERIFY(e2.coldHitRate >= e.coldHitRate);

    // Two requests in a row (a slider dragged): only the last one is answered.
    gui::EstimateJob job;
    QSignalSpy answered(&job, &gui::EstimateJob::finished);
    job.start(*plan, *sizing, 3.0, trace);
    job.start(*plan, *bigger, 3.0, trace);
    QVERIFY(answered.wait(10000));
    QTest::qWait(20);
    QCOMPARE(answered.count(), 1);
    QCOMPARE(answered.at(0).at(0).value<gui::TokRateEstimate>().simSlots, e2.simSlots);

    const gui::TokRateEstimate none = gui::estimateTokRate(*plan, *sizing, 3.0, QString());
    QVERIFY(!none.error.isEmpty());
    QVERIFY(gui::estimateText(none).contains(QStringLiteral("trace")));
}

void TestBackgroundJobs::plannerPanelJobs()
{
    const QString trace = QStringLiteral(SLUICE_SHARED_DIR "/data/traces/kimi-linear-300tok.jsonl");
    gui::PlannerPanel panel;
    panel.resize(420, 640);
    if (!m_demo.isEmpty() && gui::defaultPlannerInputs()) {
        panel.setInputs(*gui::defaultPlannerInputs()(m_demo, 4096, 0), 64ull << 30, true);
        panel.setDiskTestTarget(m_demo, 0.5);
    } else {
        panel.setInputs(test::k3LikePlannerInputs(), 64ull << 30, true);
        panel.setDiskTestTarget(m_file, 0.5, 1 << 20);
    }
    panel.setTracePath(QFile::exists(trace) ? trace : QString());
    panel.show();
    QVERIFY(panel.diskTestButton()->isEnabled());
    QSignalSpy disk(&panel, &gui::PlannerPanel::diskTestFinished);
    QSignalSpy est(&panel, &gui::PlannerPanel::estimateReady);
    QTest::mouseClick(panel.diskTestButton(), Qt::LeftButton);
    QVERIFY(panel.isDiskTestRunning());
    QVERIFY(!panel.diskTestButton()->isEnabled());
    QVERIFY(disk.wait(10000));
    QVERIFY2(disk.at(0).at(0).toBool(), qPrintable(panel.diskResultText()));
    QVERIFY(panel.measuredGBps() > 0);
    QVERIFY(panel.diskResultText().contains(QStringLiteral("GB/s")));
    QVERIFY(est.wait(10000) || !est.isEmpty());
    QVERIFY(panel.estimate().has_value());
    if (QFile::exists(trace)) {
        QVERIFY(panel.estimate()->lowTokPerSec <= panel.estimate()->highTokPerSec);
        QVERIFY(panel.estimateLabelText().contains(QStringLiteral("estimate"), Qt::CaseInsensitive));
    } else {
        QVERIFY(panel.estimateLabelText().contains(QStringLiteral("trace")));
    }
    panel.resize(421, 640); // the labels refit on resize, as in the window
    QTest::qWait(50);
    QVERIFY(panel.grab().save(test::screenshotDir() + QStringLiteral("/planner-demo.png")));

    // Cancel from the panel's own button.
    QSignalSpy disk2(&panel, &gui::PlannerPanel::diskTestFinished);
    panel.setDiskTestTarget(m_file, 60.0, 1 << 20);
    panel.startDiskTest();
    QVERIFY(panel.cancelJobButton()->isVisible());
    QTest::mouseClick(panel.cancelJobButton(), Qt::LeftButton);
    QVERIFY(disk2.wait(5000));
    QVERIFY(!disk2.at(0).at(0).toBool());
    QVERIFY(panel.diskTestButton()->isEnabled());
}

SLUICE_TEST_MAIN(TestBackgroundJobs)
#include "tst_backgroundjobs.moc"
