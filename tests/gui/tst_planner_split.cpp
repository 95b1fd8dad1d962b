// The planner panel with a model's shape (issue 13): every budget is planned
// as `sluice-cli plan` plans it (the trunk split below the resident floor,
// the prefill chunk, the cache, the predicted speed), the slider reaches the
// streaming floor, and the bar draws the resident and the streamed trunk apart.
// "Panel == plan" is checked against the CLI's own JSON, not a re-derivation.
#include "support/testregistry.h"
#include "plancli.h"
#include "support/synthmodel.h"
#include "app/enginefactory.h"
#include "planner/plannerwidget.h"

#include "model/plannerinputs.h"

#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>

using namespace sluice;
using namespace sluice::gui;

namespace {

using test::kTrace;

QJsonObject runPlan(const QStringList &args, int *exitCode = nullptr)
{
    return test::planJson(QStringLiteral(SLUICE_CLI_PATH), args, exitCode);
}
using test::processTerm;

// The panel set up as "Plan a model…" sets it up: a built-in shape, its inputs, typed RAM.
void setUp(PlannerPanel &panel, const PlannerShape &shape, quint64 usable, quint64 processBytes, int ctx = 4096)
{
    model::PlannerInputsOptions o;
    o.contextLength = ctx;
    o.processBytes = processBytes;
    auto in = model::plannerInputs(shape.config, shape.tensors, shape.recordBytes, o);
    QVERIFY(in);
    PlanRequest r;
    r.processBytes = processBytes;
    panel.setShape(shape, r);
    panel.setInputs(*in, usable, false);
}

void setBudgetField(PlannerPanel &panel, quint64 bytes)
{
    const double v = double(bytes) / double(panel.unitBytes());
    QCOMPARE(std::llround(v * double(panel.unitBytes())), qint64(bytes)); // exact in the field
    panel.budgetField()->setValue(v);
}

quint64 segmentSum(const PlannerPanel &panel)
{
    quint64 sum = 0;
    for (const PlannerBar::Segment &s : panel.bar()->segments())
        if (s.label != PlannerBar::tr("Free headroom"))
            sum += s.bytes;
    return sum;
}

} // namespace

class TestPlannerSplit : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void panelEqualsPlan_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("format");
        QTest::addColumn<quint64>("ram");
        QTest::addColumn<quint64>("budget");
        // K3's trunk is 27.28 GiB: 4, 12 and 20 GiB stream it, 40 GiB holds it.
        // Under the layers-only streaming floor (3.31 GiB) lm_head streams too.
        QTest::newRow("k3 3G lm_head streamed") << "k3"
                                                << "vq3r" << (16ull << 30) << (3ull << 30);
        QTest::newRow("k3 4G") << "k3"
                               << "vq3r" << (64ull << 30) << (4ull << 30);
        QTest::newRow("k3 12G") << "k3"
                                << "vq3r" << (64ull << 30) << (12ull << 30);
        QTest::newRow("k3 20G") << "k3"
                                << "vq3r" << (64ull << 30) << (20ull << 30);
        QTest::newRow("k3 40G") << "k3"
                                << "vq3r" << (64ull << 30) << (40ull << 30);
        QTest::newRow("k3 mxfp4 64G") << "k3"
                                      << "mxfp4" << (256ull << 30) << (64ull << 30);
        QTest::newRow("kl 0.75G") << "kimi-linear"
                                  << "vq3r" << (16ull << 30) << (3ull << 28);
        QTest::newRow("kl 0.5G lm_head streamed") << "kimi-linear"
                                                  << "vq3r" << (16ull << 30) << (1ull << 29);
        QTest::newRow("kl 2G") << "kimi-linear"
                               << "vq3r" << (16ull << 30) << (2ull << 30);
    }

    void panelEqualsPlan()
    {
        QFETCH(QString, model);
        QFETCH(QString, format);
        QFETCH(quint64, ram);
        QFETCH(quint64, budget);
        if (!QFile::exists(kTrace))
            QSKIP("routing trace not found (../shared/data/traces)");
        int code = -1;
        const QJsonObject cli
            = runPlan({ "--model", model, "--format", format, "--ram", QString::number(ram), "--budget",
                          QString::number(budget), "--disk-gbps", "3.5", "--trace", kTrace, "--json" },
                &code);
        QCOMPARE(code, 0);
        QVERIFY(cli.contains(QStringLiteral("resident_layers")));
        auto m = parseBuiltinModel(model.toStdString());
        auto f = parseBuiltinFormat(format.toStdString());
        QVERIFY(m && f);
        auto shape = builtinPlannerShape(*m, *f);
        QVERIFY(shape);

        PlannerPanel panel;
        QSignalSpy changed(&panel, &PlannerPanel::planChanged);
        setUp(panel, *shape, ram, processTerm(cli));
        panel.setTracePath(kTrace);
        panel.setDiskSpeed(3.5);
        const int before = int(changed.count());
        setBudgetField(panel, budget);
        QVERIFY(changed.count() > before);

        QCOMPARE(panel.chosenBudget(), budget);
        QVERIFY(panel.budgetPlan().has_value());
        const model::BudgetPlan &bp = *panel.budgetPlan();
        QCOMPARE(qint64(bp.sizing.budgetBytes), cli["budget_bytes"].toInteger());
        QCOMPARE(bp.sizing.slotCount, cli["cache_slots"].toInt());
        QCOMPARE(qint64(bp.sizing.slotBufferBytes), cli["cache_bytes"].toInteger());
        QCOMPARE(qint64(bp.sizing.engineBytes), cli["engine_bytes"].toInteger());
        QCOMPARE(bp.prefillChunk, cli["prefill_chunk"].toInt());
        QCOMPARE(bp.split.layers, cli["layers"].toInt());
        QCOMPARE(bp.split.residentLayers, cli["resident_layers"].toInt());
        QCOMPARE(qint64(bp.split.readBytesPerToken), cli["trunk_stream_bytes_per_token"].toInteger());
        QCOMPARE(qint64(bp.split.stagingBytes), cli["trunk_staging_bytes"].toInteger());
        QCOMPARE(qint64(bp.streamingFloorBytes), cli["streaming_floor_bytes"].toInteger());
        QCOMPARE(qint64(bp.residentFloorBytes), cli["resident_floor_bytes"].toInteger());
        QCOMPARE(qint64(bp.layersStreamingFloorBytes), cli["layers_streaming_floor_bytes"].toInteger());
        QCOMPARE(bp.split.lmHeadStreamed, cli["lm_head_streamed"].toBool());
        QCOMPARE(qint64(bp.split.lmHeadReadBytes), cli["lm_head_stream_bytes_per_token"].toInteger());
        // lm_head streams exactly under the floor with it resident (QTest rows above and below).
        QCOMPARE(bp.split.lmHeadStreamed, budget < bp.layersStreamingFloorBytes);
        QCOMPARE(qint64(panel.plan()->floorBytes), cli["floor_bytes"].toInteger());
        // Below the trunk's size the trunk streams, above the resident floor it does not.
        QCOMPARE(bp.split.streaming(), budget < bp.residentFloorBytes);

        // The predicted speed: the same numbers `plan --disk-gbps` prints.
        QVERIFY(panel.speed().has_value());
        const QJsonObject speed = cli["speed"].toObject();
        auto close = [](double a, double b) { return std::fabs(a - b) <= 1e-9 * std::max(1.0, std::fabs(b)); };
        QVERIFY(close(panel.speed()->totalSecondsPerTokenWarm, speed["total_seconds_per_token_warm"].toDouble()));
        QVERIFY(close(panel.speed()->totalBytesPerTokenWarm, speed["total_bytes_per_token_warm"].toDouble()));
        QVERIFY(close(panel.speed()->trunkSecondsPerToken, speed["trunk_seconds_per_token"].toDouble()));
        QVERIFY(close(panel.speed()->experts.warmHitRate, speed["hit_rate_warm"].toDouble()));
        const QString text = panel.speedText();
        QVERIFY2(
            text.contains(QLocale().toString(speed["total_seconds_per_token_warm"].toDouble(), 'f', 2) + " s/token"),
            qPrintable(text));
        // The figures follow the UI language's number format (French: a decimal comma), not the C locale's.
        {
            const QLocale saved;
            const QLocale french(QLocale::French, QLocale::France);
            QLocale::setDefault(french);
            const QString frText = panel.speedText();
            const QString frDisk = panel.diskResultText();
            QLocale::setDefault(saved);
            const QString seconds = french.toString(speed["total_seconds_per_token_warm"].toDouble(), 'f', 2);
            QVERIFY(seconds.contains(QLatin1Char(',')));
            QVERIFY2(frText.contains(seconds + QStringLiteral(" s/token")), qPrintable(frText));
            QVERIFY2(frDisk.contains(QStringLiteral("3,50 GB/s")), qPrintable(frDisk));
        }

        // The bar: its segments add up to the budget; a streaming split draws the staging on its own.
        QCOMPARE(segmentSum(panel), budget);
        bool staging = false, headLabel = false;
        for (const PlannerBar::Segment &s : panel.bar()->segments()) {
            staging = staging || s.label == PlannerBar::tr("Trunk staging (streamed layers)")
                || s.label == PlannerBar::tr("Trunk staging (streamed layers and lm_head)");
            headLabel = headLabel || s.label.contains(QStringLiteral("lm_head streamed"));
        }
        QCOMPARE(staging, bp.split.streaming());
        QCOMPARE(headLabel, bp.split.lmHeadStreamed);
        QCOMPARE(panel.figuresText().contains(QStringLiteral("lm_head: streamed from disk")), bp.split.lmHeadStreamed);
        QCOMPARE(panel.figuresText().contains(QStringLiteral("read from disk every token")), bp.split.streaming());
    }

    void sliderReachesStreamingFloor()
    {
        auto shape = builtinPlannerShape(BuiltinModel::KimiK3, BuiltinFormat::Container);
        QVERIFY(shape);
        PlannerPanel panel;
        setUp(panel, *shape, 64ull << 30, 0);
        PlanRequest r;
        r.usableRamBytes = 64ull << 30;
        auto def = planBudget(*shape, r);
        QVERIFY(def);
        QVERIFY(panel.slider()->minimum() < 0);
        QCOMPARE(panel.lowestBudget(), quint64(def->streamingFloorBytes));
        QSignalSpy changed(&panel, &PlannerPanel::planChanged);
        // From the streaming floor up to the resident floor: budgets rise, resident layers never fall.
        quint64 lastBudget = 0;
        int lastResident = -1;
        for (int v = panel.slider()->minimum(); v <= 0; ++v) {
            panel.slider()->setValue(v);
            QVERIFY(panel.budgetPlan().has_value());
            QVERIFY(panel.chosenBudget() > lastBudget);
            QVERIFY(panel.budgetPlan()->split.residentLayers >= lastResident);
            QCOMPARE(segmentSum(panel), panel.chosenBudget());
            lastBudget = panel.chosenBudget();
            lastResident = panel.budgetPlan()->split.residentLayers;
            if (v == panel.slider()->minimum()) {
                QCOMPARE(panel.chosenBudget(), quint64(def->streamingFloorBytes));
                QVERIFY(panel.budgetPlan()->split.streaming());
            }
        }
        QCOMPARE(lastBudget, quint64(panel.plan()->floorBytes));
        QCOMPARE(lastResident, shape->config.nLayers);
        QVERIFY(changed.count() >= -panel.slider()->minimum());
        // Under the streaming floor the field's budget is refused, naming that floor.
        setBudgetField(panel, 2ull << 30);
        QVERIFY(!panel.sizing().has_value());
        QVERIFY2(panel.figuresText().contains(QStringLiteral("streaming floor")), qPrintable(panel.figuresText()));
    }

    void openModelLiveAndReopen()
    {
        // The open model fixed a prefill chunk and checkpoints at open: budgets at or above its live
        // floor change in place with its terms, budgets under it reopen with the shape's plan.
        auto shape = builtinPlannerShape(BuiltinModel::KimiLinear, BuiltinFormat::Container);
        QVERIFY(shape);
        model::PlannerInputsOptions o;
        auto in = model::plannerInputs(shape->config, shape->tensors, shape->recordBytes, o);
        QVERIFY(in);
        const quint64 usable = 16ull << 30;
        auto decode = planMemory(*in, usable);
        QVERIFY(decode);
        const quint64 fixed = 64ull << 20;
        PlannerPanel panel;
        panel.setShape(*shape, PlanRequest {});
        panel.setInputs(*in, usable, true);
        panel.setOpenModelTerms(decode->floorBytes, fixed, 0);
        panel.setOpenModelSplit(shape->config.nLayers, shape->config.nLayers);
        panel.setCurrentBudget(decode->floorBytes + fixed + (1ull << 30), 4096);
        QVERIFY(panel.hasShape());
        QCOMPARE(quint64(panel.plan()->floorBytes), decode->floorBytes + fixed);
        QVERIFY(panel.slider()->minimum() < 0); // the trunk can still stream (after a reopen)
        // Live: the open model's terms, no reopen plan.
        QVERIFY(!panel.budgetPlan().has_value());
        QVERIFY(panel.appliesLive());
        auto live = sizeCache(*panel.plan(), panel.chosenBudget());
        QVERIFY(live);
        QCOMPARE(panel.sizing()->slotCount, live->slotCount);
        // Under the live floor: planned as the reopen would be.
        panel.chooseBudget(decode->floorBytes - (decode->floorBytes - panel.lowestBudget()) / 2);
        QVERIFY(panel.budgetPlan().has_value());
        QVERIFY(panel.budgetPlan()->split.streaming());
        QVERIFY(!panel.appliesLive());
        QVERIFY(panel.applyButton()->isEnabled());
    }

    void openModelWithStreamedLmHeadReopens_data()
    {
        QTest::addColumn<bool>("openStreamsLmHead");
        QTest::newRow("open model streams lm_head") << true;
        QTest::newRow("open model holds lm_head") << false;
    }

    void openModelWithStreamedLmHeadReopens()
    {
        // An open K3 with no resident layer: a budget whose plan keeps the same split (also for lm_head)
        // applies live; one whose plan holds lm_head where the open model streams it (or the reverse)
        // is another split, so Apply must reopen.
        QFETCH(bool, openStreamsLmHead);
        auto shape = builtinPlannerShape(BuiltinModel::KimiK3, BuiltinFormat::Container);
        QVERIFY(shape);
        const quint64 usable = 16ull << 30;
        PlanRequest r;
        r.usableRamBytes = usable;
        // Two budgets with 0 resident layers: the lowest (lm_head streamed) and the first above it
        // where the plan holds lm_head.
        r.budgetBytes = 0;
        auto lowest = planBudget(*shape, r);
        QVERIFY(lowest);
        const quint64 streamedBudget = lowest->streamingFloorBytes;
        quint64 heldBudget = 0;
        for (quint64 b = streamedBudget; b < streamedBudget + (4ull << 30) && !heldBudget; b += 32ull << 20) {
            r.budgetBytes = b;
            auto bp = planBudget(*shape, r);
            if (bp && bp->split.residentLayers == 0 && !bp->split.lmHeadStreamed)
                heldBudget = b;
        }
        QVERIFY2(heldBudget, "no budget plans 0 resident layers with lm_head held");
        r.budgetBytes = streamedBudget;
        auto atLowest = planBudget(*shape, r);
        QVERIFY(atLowest && atLowest->split.lmHeadStreamed && atLowest->split.residentLayers == 0);

        PlannerPanel panel;
        setUp(panel, *shape, usable, 0);
        panel.setInputs(*model::plannerInputs(shape->config, shape->tensors, shape->recordBytes, {}), usable, true);
        panel.setOpenModelTerms(streamedBudget, 0, 0);
        panel.setOpenModelSplit(0, shape->config.nLayers, openStreamsLmHead);
        panel.setCurrentBudget(streamedBudget, 4096);
        for (quint64 b : {streamedBudget, heldBudget}) {
            panel.chooseBudget(b);
            QVERIFY(panel.budgetPlan().has_value());
            QCOMPARE(panel.budgetPlan()->split.residentLayers, 0);
            const bool sameSplit = panel.budgetPlan()->split.lmHeadStreamed == openStreamsLmHead;
            QCOMPARE(panel.appliesLive(), sameSplit);
            QCOMPARE(panel.applyButton()->text(), sameSplit ? QStringLiteral("&Apply") : QStringLiteral("&Apply and reopen model"));
        }
    }

    void appReadersAgreeOnAContainer()
    {
        // The app's own readers (defaultPlannerInputs, defaultPlannerShape) on a real container:
        // the shape is the inputs' model (vision on, the process term), so the panel uses it.
        QTemporaryDir tmp;
        const QString demo = tmp.filePath(QStringLiteral("demo.waste"));
        SLUICE_SYNTH_DEMO(demo);
        const auto in = defaultPlannerInputs()(demo, 4096, 0);
        const auto shape = defaultPlannerShape()(demo);
        QVERIFY(in && shape);
        PlanRequest r;
        r.vision = true;
        r.processBytes = in->processBytes;
        PlannerPanel panel;
        panel.setShape(*shape, r);
        panel.setInputs(*in, 24ull << 30, false);
        QVERIFY(panel.hasShape());
        QVERIFY(panel.budgetPlan().has_value());
        QCOMPARE(panel.budgetPlan()->residentFloorBytes, panel.plan()->floorBytes);
        if (panel.slider()->minimum() < 0) {
            panel.slider()->setValue(panel.slider()->minimum());
            QVERIFY(panel.budgetPlan()->split.streaming());
            QVERIFY(!panel.budgetPlan()->split.layoutEstimated); // a real file layout: the streamer can read it
        }
    }

    // Experts per token beside the budget (issue 31): the panel plans and
    // predicts with the chosen value exactly as `plan --experts-per-token`,
    // and a value other than the open one cannot apply live.
    void expertsPerTokenEqualsPlan()
    {
        if (!QFile::exists(kTrace))
            QSKIP("routing trace not found (../shared/data/traces)");
        const quint64 ram = 64ull << 30, budget = 48ull << 30;
        int code = -1;
        const QJsonObject cli
            = runPlan({ "--model", "k3", "--ram", QString::number(ram), "--budget", QString::number(budget),
                          "--disk-gbps", "3.5", "--trace", kTrace, "--experts-per-token", "4", "--json" },
                &code);
        QCOMPARE(code, 0);
        QCOMPARE(cli["experts_per_token"].toInt(), 4);
        QCOMPARE(cli["model_experts_per_token"].toInt(), 16);
        auto shape = builtinPlannerShape(BuiltinModel::KimiK3, BuiltinFormat::Container);
        QVERIFY(shape);
        PlannerPanel panel;
        setUp(panel, *shape, ram, processTerm(cli));
        panel.setTracePath(kTrace);
        panel.setDiskSpeed(3.5);
        panel.setExpertsPerToken(16, 0);
        QVERIFY(panel.expertsField()->isEnabled());
        QVERIFY(!panel.expertsField()->accessibleName().isEmpty());
        QVERIFY(!panel.expertsField()->toolTip().isEmpty());
        QCOMPARE(panel.expertsField()->maximum(), 16);
        QCOMPARE(panel.chosenExpertsPerToken(), 0);
        // The box opens at its top, which is the model's own and says so; Up
        // stays there, Down lowers by one (it read backwards when the own value
        // was the minimum's special text).
        QCOMPARE(panel.expertsField()->minimum(), 1);
        QCOMPARE(panel.expertsField()->value(), 16);
        QCOMPARE(panel.expertsField()->text(), QStringLiteral("The model's own (16)"));
        panel.expertsField()->stepUp();
        QCOMPARE(panel.chosenExpertsPerToken(), 0);
        panel.expertsField()->stepDown();
        QCOMPARE(panel.chosenExpertsPerToken(), 15);
        QCOMPARE(panel.expertsField()->text(), QStringLiteral("15"));
        panel.expertsField()->stepUp();
        QCOMPARE(panel.chosenExpertsPerToken(), 0);
        setBudgetField(panel, budget);
        QVERIFY(panel.speed().has_value());
        const double ownSeconds = panel.speed()->totalSecondsPerTokenWarm;
        panel.expertsField()->setValue(4);
        QCOMPARE(panel.chosenExpertsPerToken(), 4);
        QVERIFY(panel.budgetPlan().has_value());
        QCOMPARE(panel.budgetPlan()->plan.topK, 4);
        QCOMPARE(qint64(panel.plan()->floorBytes), cli["floor_bytes"].toInteger());
        QCOMPARE(qint64(panel.plan()->workingSetBytes), cli["working_set_bytes"].toInteger());
        QCOMPARE(panel.budgetPlan()->sizing.slotCount, cli["cache_slots"].toInt());
        QVERIFY(panel.speed().has_value());
        const QJsonObject speed = cli["speed"].toObject();
        auto close = [](double a, double b) { return std::fabs(a - b) <= 1e-9 * std::max(1.0, std::fabs(b)); };
        QVERIFY(close(panel.speed()->totalSecondsPerTokenWarm, speed["total_seconds_per_token_warm"].toDouble()));
        QVERIFY(panel.speed()->totalSecondsPerTokenWarm < ownSeconds);
        QVERIFY(panel.figuresText().contains(QStringLiteral("4")));
        // For a human to look at: <build>/screenshots/planner-experts-per-token.png.
        panel.resize(480, 980);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        const QString shots = QStringLiteral(SLUICE_BINARY_DIR "/screenshots");
        QDir().mkpath(shots);
        QVERIFY(panel.grab().save(shots + QStringLiteral("/planner-experts-per-token.png")));
        // The model's own value again reads as 0 (nothing lowered).
        panel.expertsField()->setValue(16);
        QCOMPARE(panel.chosenExpertsPerToken(), 0);
    }

    void shapeOfAnotherModelIsDropped()
    {
        // A shape whose resident floor is not the inputs' is never mixed with them.
        auto k3 = builtinPlannerShape(BuiltinModel::KimiK3, BuiltinFormat::Container);
        auto kl = builtinPlannerShape(BuiltinModel::KimiLinear, BuiltinFormat::Container);
        QVERIFY(k3 && kl);
        PlannerPanel panel;
        model::PlannerInputsOptions o;
        auto in = model::plannerInputs(kl->config, kl->tensors, kl->recordBytes, o);
        QVERIFY(in);
        panel.setShape(*k3, PlanRequest {});
        panel.setInputs(*in, 16ull << 30, false);
        QVERIFY(!panel.hasShape());
        QCOMPARE(panel.slider()->minimum(), 0);
    }
};

SLUICE_TEST_MAIN(TestPlannerSplit)
#include "tst_planner_split.moc"
