// "Plan a model…" (issue 13): a published model planned with no file on disk.
// Its figures are `sluice-cli plan --model …`'s (compared with the command's
// JSON), the choices survive a restart, "Measure this machine" runs off the
// GUI thread with progress and cancel, and the dialog is reachable from the
// Tools menu and the start page and usable by keyboard. The open model's panel
// gets the model's shape too (trunk split below the resident floor).
#include "support/testregistry.h"
#include "guitestutil.h"
#include "plancli.h"
#include "planner/planmodeldialog.h"
#include "planner/plannerwidget.h"
#include "common/uihelpers.h"

#include "model/plannerinputs.h"

#include <algorithm>
#include <QAction>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QMenuBar>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QTest>
#include <cmath>

using namespace sluice;
using namespace sluice::gui;

namespace {

using test::kTrace;

// The plan's JSON, empty unless the command succeeded.
QJsonObject successfulPlan(const QStringList &args)
{
    int exitCode = -1;
    const QJsonObject plan = test::planJson(QStringLiteral(SLUICE_CLI_PATH), args, &exitCode);
    return exitCode == 0 ? plan : QJsonObject();
}
using test::processTerm;

void choose(QComboBox *box, const QString &data)
{
    const int i = box->findData(data);
    QVERIFY(i >= 0);
    box->setCurrentIndex(i);
}

// The dialog's model, format and RAM as a user picks them.
void pick(PlanModelDialog &dialog, const QString &model, const QString &format, double ramGiB)
{
    choose(dialog.modelBox(), model);
    choose(dialog.formatBox(), format);
    dialog.ramField()->setValue(ramGiB);
}

} // namespace

class TestPlanModel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void figuresArePlanModel_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("format");
        QTest::addColumn<int>("ramGiB");
        QTest::addColumn<int>("ctx");
        QTest::addColumn<bool>("fitsWhole");
        QTest::newRow("k3 64G") << "k3"
                                << "vq3r" << 64 << 4096 << true;
        QTest::newRow("k3 16G streams") << "k3"
                                        << "vq3r" << 16 << 4096 << false;
        QTest::newRow("k3 release 256G") << "k3"
                                         << "release" << 256 << 4096 << true;
        QTest::newRow("k3 release 64G streams") << "k3"
                                                << "release" << 64 << 4096 << false;
        QTest::newRow("kl 16G 32K") << "kimi-linear"
                                    << "vq3r" << 16 << 32768 << true;
        QTest::newRow("kl release 8G") << "kimi-linear"
                                       << "release" << 8 << 4096 << true;
    }

    void figuresArePlanModel()
    {
        QFETCH(QString, model);
        QFETCH(QString, format);
        QFETCH(int, ramGiB);
        QFETCH(int, ctx);
        QFETCH(bool, fitsWhole);
        if (!QFile::exists(kTrace))
            QSKIP("routing trace not found (../shared/data/traces)");
        const QString cliFormat
            = format == QLatin1String("vq3r") ? format : (model == QLatin1String("k3") ? "mxfp4" : "bf16");
        const QStringList common { "--model", model, "--format", cliFormat, "--ram",
            QString::number(quint64(ramGiB) << 30), "--ctx", QString::number(ctx), "--disk-gbps", "3.5", "--trace",
            kTrace, "--json" };
        const QJsonObject first = successfulPlan(common);
        QVERIFY(!first.isEmpty());
        QCOMPARE(first["fits"].toBool(), fitsWhole);

        QTemporaryDir dir;
        Settings settings(dir.filePath(QStringLiteral("s.ini")));
        // The CLI's process term: the dialog plans for the process it is given.
        PlanModelDialog dialog(&settings, 64ull << 30, processTerm(first));
        QSignalSpy planned(&dialog, &PlanModelDialog::planned);
        dialog.panel()->setTracePath(kTrace);
        choose(dialog.modelBox(), model);
        choose(dialog.formatBox(), format);
        dialog.ramField()->setValue(ramGiB + 1);
        dialog.ramField()->setValue(ramGiB);
        choose(dialog.panel()->contextBox(), QString::number(ctx));
        dialog.panel()->diskSpeedField()->setValue(3.5);
        QVERIFY(planned.count() >= 2);
        QVERIFY(dialog.shape().has_value());
        QVERIFY2(dialog.panel()->budgetPlan().has_value(), qPrintable(dialog.panel()->figuresText()));

        // The same command at the budget the dialog chose (the default, or the 3/4 cap when the trunk streams).
        const quint64 budget = dialog.panel()->chosenBudget();
        const QJsonObject cli = successfulPlan(common + QStringList { "--budget", QString::number(budget) });
        QVERIFY(!cli.isEmpty());
        // The command measures its own process term each run (MiB rounding may move it):
        // plan the dialog's budget again with this run's term.
        PlanModelDialog again(&settings, 64ull << 30, processTerm(cli));
        again.panel()->setTracePath(kTrace);
        again.panel()->chooseBudget(budget);
        QCOMPARE(again.panel()->chosenBudget(), budget);
        QVERIFY2(again.panel()->budgetPlan().has_value(), qPrintable(again.panel()->figuresText()));
        const model::BudgetPlan &bp = *again.panel()->budgetPlan();
        QCOMPARE(QString::fromStdString(again.shape()->name), cli["model"].toString());
        QCOMPARE(qint64(again.panel()->plan()->floorBytes), cli["floor_bytes"].toInteger());
        QCOMPARE(qint64(bp.sizing.budgetBytes), cli["budget_bytes"].toInteger());
        QCOMPARE(bp.sizing.slotCount, cli["cache_slots"].toInt());
        QCOMPARE(bp.split.residentLayers, cli["resident_layers"].toInt());
        QCOMPARE(qint64(bp.split.readBytesPerToken), cli["trunk_stream_bytes_per_token"].toInteger());
        QCOMPARE(qint64(bp.streamingFloorBytes), cli["streaming_floor_bytes"].toInteger());
        QCOMPARE(bp.split.streaming(), !fitsWhole);
        QVERIFY(again.panel()->speed().has_value());
        const QJsonObject speed = cli["speed"].toObject();
        QVERIFY(std::fabs(
                    again.panel()->speed()->totalSecondsPerTokenWarm - speed["total_seconds_per_token_warm"].toDouble())
            < 1e-9 * std::max(1.0, speed["total_seconds_per_token_warm"].toDouble()));

        // The verdict in words: the command's last line, and the download.
        const QString verdict = dialog.verdictText();
        if (fitsWhole) {
            QCOMPARE(qint64(budget), first["default_budget_bytes"].toInteger());
            QVERIFY2(verdict.startsWith(QStringLiteral("Fits: default budget ")
                         + formatBytes(quint64(first["default_budget_bytes"].toInteger()))),
                qPrintable(verdict));
        } else {
            QVERIFY2(verdict.contains(QStringLiteral("with the trunk streamed from disk it runs with a budget from ")
                         + formatBytes(quint64(first["streaming_floor_bytes"].toInteger()))),
                qPrintable(verdict));
            // Streamed: the 3/4 cap, or the streaming floor when that is higher (issue 31).
            QCOMPARE(qint64(budget), std::max(first["default_cap_bytes"].toInteger(),
                                              first["streaming_floor_bytes"].toInteger()));
        }
        QVERIFY2(verdict.contains(formatBytes(quint64(first["download_bytes"].toInteger()))), qPrintable(verdict));
    }

    void refusesWhatCannotRun()
    {
        QTemporaryDir dir;
        Settings settings(dir.filePath(QStringLiteral("s.ini")));
        PlanModelDialog dialog(&settings, 64ull << 30, 0);
        pick(dialog, QStringLiteral("k3"), QStringLiteral("vq3r"), 2); // under K3's streaming floor (3.3 GiB)
        QVERIFY2(dialog.verdictText().startsWith(QStringLiteral("Does not fit: even with the trunk streamed")),
            qPrintable(dialog.verdictText()));
    }

    void choicesSurviveRestart()
    {
        QTemporaryDir dir;
        const QString ini = dir.filePath(QStringLiteral("s.ini"));
        {
            Settings settings(ini);
            PlanModelDialog dialog(&settings, 64ull << 30, 0);
            pick(dialog, QStringLiteral("kimi-linear"), QStringLiteral("release"), 24);
            choose(dialog.panel()->contextBox(), QStringLiteral("32768"));
            dialog.panel()->diskSpeedField()->setValue(2.25);
            settings.sync();
        }
        Settings settings(ini);
        PlanModelDialog dialog(&settings, 64ull << 30, 0);
        QCOMPARE(dialog.modelBox()->currentData().toString(), QStringLiteral("kimi-linear"));
        QCOMPARE(dialog.formatBox()->currentData().toString(), QStringLiteral("release"));
        QCOMPARE(dialog.ramField()->value(), 24.0);
        QCOMPARE(dialog.panel()->chosenContext(), 32768);
        QCOMPARE(dialog.panel()->diskSpeedField()->value(), 2.25);
        QCOMPARE(dialog.panel()->measuredGBps(), 2.25);
    }

    void measureThisMachine()
    {
        QTemporaryDir dir;
        Settings settings(dir.filePath(QStringLiteral("s.ini")));
        PlanModelDialog dialog(&settings, 64ull << 30, 0);
        choose(dialog.modelBox(), QStringLiteral("kimi-linear"));
        const QString folder = dir.filePath(QStringLiteral("measure"));
        QDir().mkpath(folder);
        dialog.setMeasureFolder(folder);
        dialog.setMeasureFileBytes(32ull << 20);
        QSignalSpy finished(&dialog, &PlanModelDialog::measureFinished);
        QTest::mouseClick(dialog.measureButton(), Qt::LeftButton);
        QVERIFY(!dialog.measureButton()->isEnabled()); // the GUI thread goes on; the work is on the pool
        QVERIFY(finished.wait(30000));
        QCOMPARE(finished.first().first().toBool(), true);
        QVERIFY(dialog.panel()->diskSpeedField()->value() > 0);
        QVERIFY(QDir(folder).entryList(QDir::NoDotAndDotDot | QDir::AllEntries).isEmpty()); // the test file is gone
        QVERIFY(dialog.measureButton()->isEnabled());

        // Cancel while it reads: the measurement ends as cancelled, the speed stays the last one.
        finished.clear();
        const double before = dialog.panel()->diskSpeedField()->value();
        QTest::mouseClick(dialog.measureButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(dialog.panel()->isDiskTestRunning() || !finished.isEmpty(), 20000);
        if (finished.isEmpty()) {
            QVERIFY(dialog.panel()->cancelJobButton()->isVisible()
                || dialog.panel()->cancelJobButton()->isVisibleTo(&dialog));
            QTest::mouseClick(dialog.panel()->cancelJobButton(), Qt::LeftButton);
            QVERIFY(finished.wait(20000));
            QCOMPARE(finished.first().first().toBool(), false);
            QCOMPARE(dialog.panel()->diskSpeedField()->value(), before);
        }
        QVERIFY(QDir(folder).entryList(QDir::NoDotAndDotDot | QDir::AllEntries).isEmpty());
    }

    void reachableAndAccessible()
    {
        test::GuiFixture f;
        QAction *plan = nullptr;
        for (QAction *menu : f.window->menuBar()->actions())
            if (menu->menu())
                for (QAction *a : menu->menu()->actions())
                    if (a->text() == QStringLiteral("&Plan a model…"))
                        plan = a;
        QVERIFY(plan);
        plan->trigger();
        PlanModelDialog *dialog = f.window->planModelDialog();
        QVERIFY(dialog);
        QVERIFY(dialog->isVisible());
        // The start page's button opens the same dialog.
        QPushButton *start = nullptr;
        for (QPushButton *b : f.window->findChildren<QPushButton *>())
            if (b->text() == QStringLiteral("Plan a model before downloading…"))
                start = b;
        QVERIFY(start);
        QVERIFY(!start->accessibleName().isEmpty());
        start->click();
        QCOMPARE(f.window->planModelDialog(), dialog);
        // Every control has an accessible name and a mnemonic label reaching it by keyboard.
        for (QWidget *w : QList<QWidget *> { dialog->modelBox(), dialog->formatBox(), dialog->ramField(),
                 dialog->panel()->diskSpeedField(), dialog->panel()->contextBox(), dialog->panel()->slider(),
                 dialog->panel()->budgetField() }) {
            QVERIFY2(!w->accessibleName().isEmpty(), qPrintable(w->objectName()));
            QVERIFY(w->focusPolicy() & Qt::TabFocus);
            bool labelled = false;
            for (QLabel *l : dialog->findChildren<QLabel *>())
                labelled = labelled || (l->buddy() == w && l->text().contains(QLatin1Char('&')));
            QVERIFY2(labelled, qPrintable(w->accessibleName()));
        }
        QVERIFY(!dialog->measureButton()->accessibleName().isEmpty());
        QVERIFY(dialog->measureButton()->text().contains(QLatin1Char('&')));
        QVERIFY(!dialog->panel()->applyButton()->isVisibleTo(dialog)); // no model to apply to
        dialog->close();
    }

    void screenshot()
    {
        // For a human to look at: K3 on a 16 GiB machine (the trunk streams) at 3.5 GB/s.
        QTemporaryDir dir;
        Settings settings(dir.filePath(QStringLiteral("s.ini")));
        PlanModelDialog dialog(&settings, 64ull << 30, 0);
        pick(dialog, QStringLiteral("k3"), QStringLiteral("vq3r"), 16);
        dialog.panel()->diskSpeedField()->setValue(3.5);
        dialog.resize(680, 900);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QVERIFY(dialog.panel()->budgetPlan().has_value() && dialog.panel()->budgetPlan()->split.streaming());
        QTest::qWait(100); // the wrapped labels refit after the layouts ran
        QVERIFY(dialog.grab().save(test::screenshotDir() + QStringLiteral("/plan-model-k3-16g.png")));
        dialog.panel()->slider()->setValue(dialog.panel()->slider()->minimum() + 2);
        QTest::qWait(100);
        QVERIFY(dialog.grab().save(test::screenshotDir() + QStringLiteral("/plan-model-k3-16g-low.png")));
    }

    void openModelPanelGetsShape()
    {
        // The open model's panel plans with its shape: the slider reaches below the resident floor.
        auto shape = builtinPlannerShape(BuiltinModel::KimiLinear, BuiltinFormat::Container);
        QVERIFY(shape);
        test::GuiFixture f;
        const PlannerShape s = *shape;
        auto window = [&] {
            MainWindowOptions w;
            w.dataDirectory = f.dir.filePath(QStringLiteral("data2"));
            w.engineFactory = scriptedFactory(test::defaultScript());
            w.plannerInputs = [s](const QString &, int ctx, int) {
                model::PlannerInputsOptions po;
                po.contextLength = ctx;
                po.vision = true;
                auto in = model::plannerInputs(s.config, s.tensors, s.recordBytes, po);
                return in ? std::optional<PlannerInputs>(*in) : std::nullopt;
            };
            w.plannerShape = [s](const QString &) { return std::optional<PlannerShape>(s); };
            w.usableRamBytes = 16ull << 30;
            w.pressureSource = [] {
                return std::make_unique<ScriptedPressureSource>(std::vector<PressureSample> { test::calmSample() });
            };
            return std::make_unique<MainWindow>(f.settings.get(), f.appearance.get(), w);
        }();
        QSignalSpy opened(window.get(), &MainWindow::modelOpened);
        window->openModel(f.modelDir);
        QVERIFY(opened.wait(10000));
        QTRY_VERIFY_WITH_TIMEOUT(
            window->plannerPanel()->hasShape() && window->plannerPanel()->plan().has_value(), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(window->plannerPanel()->slider()->minimum() < 0, 10000);
        PlannerPanel *panel = window->plannerPanel();
        panel->slider()->setValue(panel->slider()->minimum());
        QVERIFY(panel->budgetPlan().has_value());
        QVERIFY(panel->budgetPlan()->split.streaming());
        QCOMPARE(panel->chosenBudget(), quint64(panel->budgetPlan()->streamingFloorBytes));
        // A live change keeps the open model's split: streaming needs a reopen.
        QVERIFY(!panel->appliesLive());
        QVERIFY(panel->applyButton()->isEnabled());
        QCOMPARE(panel->applyButton()->text(), QStringLiteral("&Apply and reopen model"));
    }
};

SLUICE_TEST_MAIN(TestPlanModel)
#include "tst_planmodel.moc"
