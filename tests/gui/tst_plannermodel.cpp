// The planner model without widgets (issue 28): the inputs give the figures
// `sluice-cli plan --json` prints, a budget under the floor is refused with
// the library's reason, a newer input supersedes the answer of an older
// background estimate, and the experts per token move the floor the right
// way (issue 30).
#include "support/testregistry.h"
#include "plancli.h"
#include "planner/plannermodel.h"

#include "api/builtinmodels.h"
#include "model/plannerinputs.h"

#include <QFile>
#include <QSignalSpy>
#include <QTest>

using namespace sluice;
using namespace sluice::gui;

namespace {

// The model set up as "Plan a model…" sets its panel up: a built-in shape, its inputs, typed RAM.
bool setUpPlannerModel(PlannerModel &m, const PlannerShape &shape, quint64 usable, quint64 processBytes,
                       int experts = 0)
{
    model::PlannerInputsOptions o;
    o.contextLength = 4096;
    o.processBytes = processBytes;
    auto in = model::plannerInputs(shape.config, shape.tensors, shape.recordBytes, o);
    if (!in)
        return false;
    PlanRequest r;
    r.processBytes = processBytes;
    m.setExpertsPerToken(shape.config.topK, 0);
    m.setShape(shape, r);
    m.setInputs(*in, usable, false);
    if (experts)
        m.setChosenExpertsPerToken(experts);
    return m.hasShape() && m.plan().has_value();
}

std::optional<PlannerShape> builtinShape(const QString &name, const QString &format)
{
    auto m = parseBuiltinModel(name.toStdString());
    auto f = parseBuiltinFormat(format.toStdString());
    if (!m || !f)
        return std::nullopt;
    auto shape = builtinPlannerShape(*m, *f);
    if (!shape)
        return std::nullopt;
    return *shape;
}

} // namespace

class TestPlannerModel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void figuresAreCliPlan_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<quint64>("ram");
        QTest::addColumn<quint64>("budget");
        QTest::addColumn<int>("experts");
        QTest::newRow("kl 16G 2G") << "kimi-linear" << (16ull << 30) << (2ull << 30) << 0;
        QTest::newRow("kl 16G 0.5G streamed") << "kimi-linear" << (16ull << 30) << (1ull << 29) << 0;
        QTest::newRow("kl 16G 2G 4 experts") << "kimi-linear" << (16ull << 30) << (2ull << 30) << 4;
        QTest::newRow("k3 64G 12G") << "k3" << (64ull << 30) << (12ull << 30) << 0;
        QTest::newRow("k3 64G 40G 2 experts") << "k3" << (64ull << 30) << (40ull << 30) << 2;
    }

    // The model's figures for a budget are the CLI's, field by field.
    void figuresAreCliPlan()
    {
        QFETCH(QString, model);
        QFETCH(quint64, ram);
        QFETCH(quint64, budget);
        QFETCH(int, experts);
        int code = -1;
        QStringList args{"--model", model, "--ram", QString::number(ram), "--budget", QString::number(budget), "--json"};
        if (experts)
            args << "--experts-per-token" << QString::number(experts);
        const QJsonObject cli = test::planJson(QStringLiteral(SLUICE_CLI_PATH), args, &code);
        QCOMPARE(code, 0);
        QVERIFY(cli.contains(QStringLiteral("floor_bytes")));
        auto shape = builtinShape(model, QStringLiteral("vq3r"));
        QVERIFY(shape);

        PlannerModel m;
        QVERIFY(setUpPlannerModel(m, *shape, ram, test::processTerm(cli), experts));
        QSignalSpy budgetSpy(&m, &PlannerModel::budgetChanged);
        QSignalSpy figures(&m, &PlannerModel::figuresChanged);
        m.chooseBudget(budget);
        QCOMPARE(budgetSpy.count(), 1);
        QCOMPARE(budgetSpy.at(0).at(0).value<quint64>(), budget);
        QVERIFY(figures.count() >= 1);

        QCOMPARE(m.chosenBudget(), budget);
        QCOMPARE(qint64(m.plan()->floorBytes), cli["floor_bytes"].toInteger());
        QCOMPARE(qint64(m.plan()->workingSetBytes), cli["working_set_bytes"].toInteger());
        QVERIFY(m.budgetPlan().has_value());
        const model::BudgetPlan &bp = *m.budgetPlan();
        QCOMPARE(qint64(bp.sizing.budgetBytes), cli["budget_bytes"].toInteger());
        QCOMPARE(bp.sizing.slotCount, cli["cache_slots"].toInt());
        QCOMPARE(qint64(bp.sizing.engineBytes), cli["engine_bytes"].toInteger());
        QCOMPARE(bp.prefillChunk, cli["prefill_chunk"].toInt());
        QCOMPARE(bp.split.residentLayers, cli["resident_layers"].toInt());
        QCOMPARE(qint64(bp.streamingFloorBytes), cli["streaming_floor_bytes"].toInteger());
        QCOMPARE(qint64(m.lowestBudget()), cli["streaming_floor_bytes"].toInteger());
        QCOMPARE(m.chosenExpertsPerToken(), experts == shape->config.topK ? 0 : experts);
        QCOMPARE(cli["experts_per_token"].toInt(), experts ? experts : shape->config.topK);
    }

    // Under the lowest budget the model keeps the choice but refuses it, with the library's reason.
    void budgetBelowFloorRefused()
    {
        auto shape = builtinShape(QStringLiteral("kimi-linear"), QStringLiteral("vq3r"));
        QVERIFY(shape);
        PlannerModel m;
        QVERIFY(setUpPlannerModel(m, *shape, 16ull << 30, 0));
        QVERIFY(m.sizing().has_value());
        QVERIFY(m.error().isEmpty());
        const quint64 lowest = m.lowestBudget();
        QVERIFY(lowest > 0);
        QSignalSpy figures(&m, &PlannerModel::figuresChanged);
        m.setChosenBudget(lowest - 4096);
        QCOMPARE(figures.count(), 1);
        QCOMPARE(m.chosenBudget(), lowest - 4096);
        QVERIFY(!m.sizing().has_value());
        QVERIFY(!m.budgetPlan().has_value());
        QVERIFY2(!m.error().isEmpty(), "a refused budget says why");
        QVERIFY(!m.canApply());
        // Back at the lowest budget it is planned again, and the reason is gone.
        m.setChosenBudget(lowest);
        QVERIFY(m.sizing().has_value());
        QVERIFY(m.error().isEmpty());
        // 0 through chooseBudget is "the planner's default", never a refusal.
        m.chooseBudget(0);
        QCOMPARE(m.chosenBudget(), m.plan()->defaultBudgetBytes);
    }

    // A plan change (context here) re-plans, moves the budget to what still holds, and says so once each.
    void contextReplans()
    {
        auto shape = builtinShape(QStringLiteral("kimi-linear"), QStringLiteral("vq3r"));
        QVERIFY(shape);
        PlannerModel m;
        QVERIFY(setUpPlannerModel(m, *shape, 16ull << 30, 0));
        const quint64 floor4k = m.plan()->floorBytes;
        QSignalSpy plan(&m, &PlannerModel::planChanged);
        QSignalSpy ctx(&m, &PlannerModel::contextChanged);
        m.setContext(65536);
        QCOMPARE(plan.count(), 1);
        QCOMPARE(ctx.count(), 1);
        QCOMPARE(m.context(), 65536);
        QVERIFY(m.plan()->floorBytes > floor4k); // a longer attention cache
        m.setContext(12345);                     // not offered: ignored
        QCOMPARE(m.context(), 65536);
        QCOMPARE(plan.count(), 1);
    }

    // A background estimate asked for an older input is not taken once a newer input came.
    void newerInputSupersedesEstimate()
    {
        if (!QFile::exists(test::kTrace))
            QSKIP("routing trace not found (../shared/data/traces)");
        auto shape = builtinShape(QStringLiteral("kimi-linear"), QStringLiteral("vq3r"));
        QVERIFY(shape);
        model::PlannerInputsOptions o;
        o.contextLength = 4096;
        auto in = model::plannerInputs(shape->config, shape->tensors, shape->recordBytes, o);
        QVERIFY(in);
        // Inputs without a shape: the estimate runs as a background job.
        PlannerModel m;
        m.setTracePath(test::kTrace);
        m.setInputs(*in, 16ull << 30, false);
        QVERIFY(!m.hasShape());
        QSignalSpy busy(&m, &PlannerModel::busyChanged);
        QSignalSpy ready(&m, &PlannerModel::estimateReady);
        m.setDiskSpeed(2.0);
        QCOMPARE(busy.count(), 1); // the job started (its answer comes through the event loop)
        QVERIFY(busy.at(0).at(0).toBool());
        const quint64 asked = m.estimateSequence();
        // A newer input while it runs (a budget with no sizing starts no new job).
        m.setChosenBudget(m.lowestBudget() - 4096);
        QVERIFY(m.estimateSequence() > asked);
        QTRY_VERIFY_WITH_TIMEOUT(!busy.last().at(0).toBool(), 30000); // the job answered
        QCOMPARE(ready.count(), 0);
        QVERIFY(!m.estimate().has_value());
        // The current input's own estimate is taken.
        m.chooseBudget(0);
        QVERIFY(ready.wait(30000) || !ready.isEmpty());
        QVERIFY(m.estimate().has_value());
        QVERIFY(m.estimate()->lowTokPerSec <= m.estimate()->highTokPerSec);
    }

    // With a model open, other experts per token plan a reopen, measured now: its
    // floor can lie above the open model's live one (the rise seen in issue 30),
    // and the model gives the fair comparison, a reopen with the open model's own.
    void openModelFloorComparesReopens()
    {
        auto shape = builtinShape(QStringLiteral("kimi-linear"), QStringLiteral("vq3r"));
        QVERIFY(shape);
        const quint64 process = 400ull << 20;
        model::PlannerInputsOptions o;
        o.contextLength = 4096;
        o.processBytes = process;
        auto in = model::plannerInputs(shape->config, shape->tensors, shape->recordBytes, o);
        QVERIFY(in);
        auto decode = planMemory(*in, 16ull << 30);
        QVERIFY(decode);
        PlanRequest r;
        r.processBytes = process;
        PlannerModel m;
        const int topK = shape->config.topK;
        m.setExpertsPerToken(topK, 0);
        m.setShape(*shape, r);
        m.setInputs(*in, 16ull << 30, true);
        m.setOpenModelTerms(decode->floorBytes, 8ull << 20, 0);
        m.setReopenProcessBytes(process + (40ull << 20)); // the app grew since the open
        m.setCurrentBudget(decode->floorBytes + (8ull << 20), 4096);
        QVERIFY(m.liveTermsInPlan());
        const quint64 liveFloor = m.plan()->floorBytes;
        const quint64 reopenOwn = m.reopenFloor();
        QCOMPARE(liveFloor, decode->floorBytes + (8ull << 20));
        QCOMPARE(m.reopenFloorAtOpenExperts(), quint64(0)); // the open model's own experts: no comparison
        quint64 last = reopenOwn;
        for (int k = topK - 1; k >= 1; --k) {
            m.setChosenExpertsPerToken(k);
            QVERIFY(!m.liveTermsInPlan());
            QVERIFY(!m.appliesLive());
            QCOMPARE(m.reopenFloorAtOpenExperts(), reopenOwn); // measured the same way as the chosen one
            QVERIFY2(m.plan()->floorBytes < last, qPrintable(QStringLiteral("reopen floor rose at %1 experts").arg(k)));
            last = m.plan()->floorBytes;
        }
        QVERIFY(m.plan()->floorBytes < reopenOwn);
        QVERIFY(reopenOwn > liveFloor); // why the app showed a rise
    }

    void floorFallsWithExperts_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("format");
        QTest::newRow("kimi-linear vq3r") << "kimi-linear" << "vq3r";
        QTest::newRow("k3 vq3r") << "k3" << "vq3r";
        QTest::newRow("k3 mxfp4") << "k3" << "mxfp4";
    }

    // Fewer experts per token never raise the floor, the streaming floor or the working set (issue 30).
    void floorFallsWithExperts()
    {
        QFETCH(QString, model);
        QFETCH(QString, format);
        auto shape = builtinShape(model, format);
        QVERIFY(shape);
        PlannerModel m;
        QVERIFY(setUpPlannerModel(m, *shape, 64ull << 30, 512ull << 20));
        quint64 floor = m.plan()->floorBytes, lowest = m.lowestBudget(), ws = m.plan()->workingSetBytes;
        for (int k = shape->config.topK - 1; k >= 1; --k) {
            QSignalSpy plan(&m, &PlannerModel::planChanged);
            m.setChosenExpertsPerToken(k);
            QCOMPARE(plan.count(), 1);
            QVERIFY2(m.plan()->floorBytes <= floor, qPrintable(QStringLiteral("floor rose at %1 experts").arg(k)));
            QVERIFY2(m.lowestBudget() <= lowest, qPrintable(QStringLiteral("lowest rose at %1 experts").arg(k)));
            QVERIFY(m.plan()->workingSetBytes < ws);
            floor = m.plan()->floorBytes;
            lowest = m.lowestBudget();
            ws = m.plan()->workingSetBytes;
        }
    }
};

SLUICE_TEST_MAIN(TestPlannerModel)
#include "tst_plannermodel.moc"
