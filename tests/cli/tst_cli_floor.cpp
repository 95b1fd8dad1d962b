// The CLI's floor opens (issue 27): the floor `sluice-cli plan` prints for a
// synthetic container is a budget `sluice-cli run` opens with, run after run
// (each process measures itself again at open, about a MiB apart; the plan
// carries the margin of api/budget.h), and the budget a refusal names opens too.
#include "support/testregistry.h"
#include "clirun.h"
#include "support/synthmodel.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

class TestCliFloor : public QObject {
    Q_OBJECT
    QTemporaryDir m_tmp;
    QString m_model;

    using Run = sluice::test::CliRun;
    Run cli(const QStringList &args) { return sluice::test::runProgram(QStringLiteral(SLUICE_CLI_PATH), args, 60000); }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        m_model = m_tmp.path() + "/tiny.waste";
        const QString why = sluice::test::synthesize({"--out", m_model, "--seed", "27"});
        QVERIFY2(why.isEmpty(), qPrintable(why));
    }

    void planFloorOpens_data()
    {
        QTest::addColumn<int>("ctx");
        QTest::addColumn<int>("round");
        for (int ctx : {256, 4096})
            for (int round = 0; round < 4; ++round)
                QTest::addRow("ctx %d, round %d", ctx, round) << ctx << round;
    }

    void planFloorOpens()
    {
        QFETCH(int, ctx);
        const QString c = QString::number(ctx);
        const Run plan = cli({"plan", m_model, "--ctx", c, "--json"});
        QVERIFY2(plan.exitCode == 0, plan.err.constData());
        const QJsonObject root = QJsonDocument::fromJson(plan.out).object();
        const qint64 floor = root.value("floor_bytes").toInteger();
        QVERIFY2(floor > 0, plan.out.constData());
        QVERIFY(root.value("process_margin_bytes").toInteger() >= 16ll << 20);
        const Run run = cli({"run", m_model, "hello", "-n", "2", "--ctx", c, "--budget", QString::number(floor)});
        QVERIFY2(run.exitCode == 0, run.err.constData());
    }

    void refusalNamesABudgetThatOpens()
    {
        const Run refused = cli({"run", m_model, "hello", "-n", "2", "--budget", "4096"});
        QCOMPARE(refused.exitCode, 1);
        const QRegularExpressionMatch m
            = QRegularExpression(R"(ask for at least ([0-9.]+) (KiB|MiB|GiB))").match(QString::fromUtf8(refused.err));
        QVERIFY2(m.hasMatch(), refused.err.constData());
        const QString budget = m.captured(1) + m.captured(2);
        const Run run = cli({"run", m_model, "hello", "-n", "2", "--budget", budget});
        QVERIFY2(run.exitCode == 0, run.err.constData());
    }
};

SLUICE_TEST_GUILESS_MAIN(TestCliFloor)
#include "tst_cli_floor.moc"
