// sluice-cli tokenize / detokenize end to end, against ids from the tiktoken
// fixture (tests/fixtures/tokenizer/expected.json).
#include "support/testregistry.h"
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

class TestTokenizeCli : public QObject {
    Q_OBJECT

    static QByteArray run(const QStringList &args, int *exitCode)
    {
        QProcess p;
        p.start(QStringLiteral(SLUICE_CLI_PATH), args);
        if (!p.waitForFinished(60000))
            return {};
        *exitCode = p.exitCode();
        return p.readAllStandardOutput().trimmed();
    }

private Q_SLOTS:
    void encodesAndDecodesLikeTiktoken()
    {
        QFile file(QStringLiteral(SLUICE_FIXTURES_DIR "/tokenizer/expected.json"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject fixture = QJsonDocument::fromJson(file.readAll()).object();
        const QString ranks = QStringLiteral(SLUICE_FIXTURES_DIR "/tokenizer/cl100k_base.tiktoken.gz");
        const QJsonObject c = fixture.value("cases").toArray().at(2).toObject(); // contractions
        int code = -1;
        const QByteArray ids = run({"tokenize", ranks, "--json", c.value("text").toString()}, &code);
        QCOMPARE(code, 0);
        QCOMPARE(QJsonDocument::fromJson(ids).array(), c.value("kimi").toArray());
        const QByteArray native =
            run({"tokenize", ranks, "--json", "--pattern", "cl100k", c.value("text").toString()}, &code);
        QCOMPARE(QJsonDocument::fromJson(native).array(), c.value("cl100k").toArray());

        QStringList idList;
        for (const QJsonValue &v : c.value("kimi").toArray())
            idList << QString::number(v.toInt());
        const QByteArray text = run({"detokenize", ranks, idList.join(',')}, &code);
        QCOMPARE(code, 0);
        QCOMPARE(QString::fromUtf8(text), c.value("text").toString());
    }

    void reportsErrors()
    {
        const QString ranks = QStringLiteral(SLUICE_FIXTURES_DIR "/tokenizer/cl100k_base.tiktoken.gz");
        int code = -1;
        run({"detokenize", ranks, "999999"}, &code);
        QCOMPARE(code, 1);
        run({"tokenize", "/nonexistent/model", "x"}, &code);
        QCOMPARE(code, 1);
        run({"tokenize", ranks, "--bogus", "x"}, &code);
        QCOMPARE(code, 2);
    }
};

SLUICE_TEST_GUILESS_MAIN(TestTokenizeCli)
#include "tst_tokenizecli.moc"
