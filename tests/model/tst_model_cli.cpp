// The model commands of sluice-cli end to end on a WASTE-made container:
// `eval --json` reproduces WASTE's argmax at every position, `run` generates
// WASTE's greedy ids' text length, bad input gives an error and exit code.
#include "support/testregistry.h"
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

class TestModelCli : public QObject {
    Q_OBJECT
    const QString m_dir = QStringLiteral(SLUICE_SHARED_DIR "/data/compat/kimi-linear-s0-tokenizer");

    int cli(const QStringList &args, QByteArray *out, QByteArray *err = nullptr)
    {
        QProcess p;
        p.start(QStringLiteral(SLUICE_CLI_PATH), args);
        if (!p.waitForFinished(60000))
            return -1;
        *out = p.readAllStandardOutput();
        if (err)
            *err = p.readAllStandardError();
        return p.exitCode();
    }

private Q_SLOTS:
    void initTestCase()
    {
        if (!QDir(m_dir).exists())
            QSKIP("../shared/data/compat is absent (SLUICE_SHARED_DIR)");
    }

    void evalJsonMatchesWaste()
    {
        QFile f(m_dir + "/expected-waste-0.6.6.json");
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject exp = QJsonDocument::fromJson(f.readAll()).object();
        QStringList ids;
        for (const auto &v : exp["prompt_ids"].toArray())
            ids << QString::number(v.toInt());
        QByteArray out;
        QCOMPARE(cli({"eval", m_dir + "/container.waste", "--ids", ids.join(','), "--json", "--chunk", "7"}, &out), 0);
        const QJsonArray positions = QJsonDocument::fromJson(out).object()["positions"].toArray();
        const QJsonArray steps = exp["step_logits"].toArray();
        QCOMPARE(positions.size(), steps.size());
        for (int i = 0; i < steps.size(); ++i) {
            const QJsonArray ref = steps[i].toArray();
            int best = 0;
            for (int j = 1; j < ref.size(); ++j) {
                if (ref[j].toDouble() > ref[best].toDouble())
                    best = j;
            }
            QCOMPARE(positions[i].toObject()["argmax"].toInt(), best);
            QCOMPARE(positions[i].toObject()["top10"].toArray().size(), 10);
        }
        // The last position carries its full logits.
        QCOMPARE(positions.last().toObject()["logits"].toArray().size(), steps.last().toArray().size());
    }

    void runGenerates()
    {
        QByteArray out, err;
        QCOMPARE(cli({"run", m_dir + "/container.waste", "hello world", "-n", "5", "--stats"}, &out, &err), 0);
        QVERIFY2(err.contains("5 tokens") || err.contains("tokens in"), err.constData());
    }

    void badInputIsAnError()
    {
        QByteArray out, err;
        QVERIFY(cli({"eval", m_dir + "/container.waste", "--ids", "1,x"}, &out, &err) != 0);
        QVERIFY(cli({"eval", m_dir + "/container.waste", "--ids", "999999"}, &out, &err) != 0);
        QVERIFY2(err.contains("vocabulary"), err.constData());
        QVERIFY(cli({"run", "/nonexistent/model.waste", "hi"}, &out, &err) != 0);
        QVERIFY(!err.isEmpty());
    }
};

SLUICE_TEST_GUILESS_MAIN(TestModelCli)
#include "tst_model_cli.moc"
