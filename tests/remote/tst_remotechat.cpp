// `sluice-cli chat --remote` (docs/server.md "Remote") against OUR server:
// `sluice-cli serve` on a demo model (`sluice-cli synth --demo`), loopback,
// a free port, so no network is needed. Plain and streamed replies (greedy:
// the same text), an image, tools, stop, a wrong key (401 named), a key file
// readable by others (refused, named), a server killed mid-stream (the
// cut-off reply kept, a clear error, exit 1) and a port nobody listens on.
#include "support/testregistry.h"
#include "../server/servedprocess.h"
#include "clirun.h"
#include "testfiles.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

namespace {

struct Run : sluice::test::CliRun {
    QList<QJsonObject> turns; // --json lines
};

Run chat(const QStringList &args, const QStringList &script, const QString &dir)
{
    const QString scriptPath = dir + "/script.json";
    sluice::test::writeFile(scriptPath, QJsonDocument(QJsonArray::fromStringList(script)).toJson());
    Run r { sluice::test::runProgram(QStringLiteral(SLUICE_CLI_PATH),
                QStringList { "chat" } + args + QStringList { "--script", scriptPath }, 120000),
        {} };
    for (const QByteArray &line : r.out.split('\n'))
        if (line.startsWith('{'))
            r.turns << QJsonDocument::fromJson(line).object();
    return r;
}

QString describe(const Run &r)
{
    return QStringLiteral("exit %1\nstdout: %2\nstderr: %3")
        .arg(r.exitCode)
        .arg(QString::fromUtf8(r.out.left(2000)), QString::fromUtf8(r.err.left(2000)));
}

} // namespace

class TestRemoteChat : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void plainAndStreamedAgree();
    void localShowsWhatTheServerSends();
    void conversationContinues();
    void image();
    void tools();
    void stop();
    void wrongKey();
    void keyFile();
    void unknownModel();
    void nobodyListens();
    void killedMidStream();

private:
    QStringList base() const
    {
        return { "--remote", m_server.url(), "--api-key", "sk-test", "--json", "--temp", "0", "--reasoning-effort",
            "none" };
    }
    QTemporaryDir m_dir;
    QString m_model;
    Served m_server;
};

void TestRemoteChat::initTestCase()
{
    SLUICE_SERVE_DEMO_OR_SKIP("--api-key", "sk-test");
}

void TestRemoteChat::cleanupTestCase()
{
    m_server.stop();
}

void TestRemoteChat::plainAndStreamedAgree()
{
    const Run whole = chat(base() + QStringList { "--no-stream", "-n", "6" }, { "Say hello" }, m_dir.path());
    QVERIFY2(whole.exitCode == 0 && whole.turns.size() == 1, qPrintable(describe(whole)));
    const Run streamed = chat(base() + QStringList { "-n", "6" }, { "Say hello" }, m_dir.path());
    QVERIFY2(streamed.exitCode == 0 && streamed.turns.size() == 1, qPrintable(describe(streamed)));
    const QJsonObject w = whole.turns[0], s = streamed.turns[0];
    QCOMPARE(s.value("reply").toString(), w.value("reply").toString()); // greedy: the same text
    QVERIFY(!w.value("reply").toString().isEmpty());
    QCOMPARE(s.value("model").toString(), QStringLiteral("demo"));
    QVERIFY(s.value("prompt_tokens").toInt() > 0);
    QCOMPARE(s.value("reply_tokens").toInt(), 6);
    QCOMPARE(s.value("finish_reason").toString(), QStringLiteral("length"));
    QCOMPARE(s.value("cut_off").toBool(), false);
    QVERIFY(s.value("usage_from_server").toBool());
    QVERIFY(s.value("ttft_s").toDouble() > 0);
    QVERIFY(s.value("total_s").toDouble() >= s.value("ttft_s").toDouble());
    QVERIFY(s.value("decode_tok_s").toDouble() > 0);
}

// The local chat prints the reply parsed by id (content, never the markup
// that closes the message) — the same text the server streams for it. (The
// served demo here has random weights: its content may spell reserved ids.)
void TestRemoteChat::localShowsWhatTheServerSends()
{
    const QStringList script { "What is a tree?", "Hello" };
    const Run remote = chat(base() + QStringList { "-n", "80" }, script, m_dir.path());
    QVERIFY2(remote.exitCode == 0 && remote.turns.size() == 2, qPrintable(describe(remote)));
    // The server fills what a request leaves out from the model's
    // generation_config.json (synth --demo writes the demo's); so does the
    // local chat, with no option repeating it.
    const Run local = chat({ m_model, "--json", "--temp", "0", "-n", "80" }, script, m_dir.path());
    QVERIFY2(local.exitCode == 0 && local.turns.size() == 2, qPrintable(describe(local)));
    // The first reply (later turns differ: the server re-renders the history from text, the local chat keeps
    // the ids it produced, and this random model's text does not round-trip).
    QVERIFY(!local.turns[0].value("reply").toString().isEmpty());
    QCOMPARE(local.turns[0].value("reply").toString(), remote.turns[0].value("reply").toString());
    // The bundled (trained) demo ends its messages: the terminal shows each reply and none of the markup.
    const QString trained = QStringLiteral(SLUICE_BINARY_DIR "/demo/sluice-demo.waste");
    if (!QFileInfo::exists(trained))
        QSKIP("the bundled demo model is not built");
    const Run json = chat({ trained, "--json", "--temp", "0", "-n", "80" }, script, m_dir.path());
    const Run plain = chat({ trained, "--temp", "0", "-n", "80" }, script, m_dir.path());
    QVERIFY2(json.exitCode == 0 && json.turns.size() == 2 && plain.exitCode == 0, qPrintable(describe(plain)));
    for (const QJsonObject &turn : json.turns) {
        const QString reply = turn.value("reply").toString();
        QVERIFY2(!reply.isEmpty() && !reply.contains(QLatin1String("<|")), qPrintable(reply));
        QVERIFY2(QString::fromUtf8(plain.out).contains(reply), qPrintable(describe(plain)));
    }
    QVERIFY2(!plain.out.contains("<|"), qPrintable(describe(plain)));
}

void TestRemoteChat::conversationContinues()
{
    // The second turn carries the first reply: its prompt is longer and the server reuses the prefix.
    const Run r = chat(base() + QStringList { "-n", "4", "--system", "Be brief." }, { "One", "Two" }, m_dir.path());
    QVERIFY2(r.exitCode == 0 && r.turns.size() == 2, qPrintable(describe(r)));
    QVERIFY(r.turns[1].value("prompt_tokens").toInt() > r.turns[0].value("prompt_tokens").toInt());
    QVERIFY(r.turns[1].value("cached_tokens").toInt() > 0);
}

void TestRemoteChat::image()
{
    const QString png = QStringLiteral(SLUICE_SOURCE_DIR "/resources/icons/sluice-32.png");
    const Run plain = chat(base() + QStringList { "-n", "2" }, { "Describe" }, m_dir.path());
    const Run withImage = chat(base() + QStringList { "-n", "2" }, { "/image " + png, "Describe" }, m_dir.path());
    QVERIFY2(withImage.exitCode == 0 && withImage.turns.size() == 1, qPrintable(describe(withImage)));
    // The image's rows are part of the prompt the server counted.
    QVERIFY2(
        withImage.turns[0].value("prompt_tokens").toInt() > plain.turns.value(0).value("prompt_tokens").toInt() + 4,
        qPrintable(describe(withImage)));
    const Run missing = chat(
        base() + QStringList { "-n", "2" }, { "/image " + m_dir.filePath("none.png"), "Describe" }, m_dir.path());
    QCOMPARE(missing.exitCode, 1);
    QVERIFY2(missing.out.contains("none.png: no such file"), qPrintable(describe(missing)));
}

void TestRemoteChat::tools()
{
    const QString toolsPath = m_dir.filePath("tools.json");
    QVERIFY(sluice::test::writeFile(toolsPath,
        R"([{"type":"function","function":{"name":"get_weather","description":"Weather of a city",
               "parameters":{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}}}])"));
    const Run plain = chat(base() + QStringList { "-n", "3" }, { "Weather in Oslo?" }, m_dir.path());
    const Run r = chat(base() + QStringList { "-n", "3", "--tools", toolsPath }, { "Weather in Oslo?" }, m_dir.path());
    QVERIFY2(r.exitCode == 0 && r.turns.size() == 1, qPrintable(describe(r)));
    QVERIFY(r.turns[0].value("prompt_tokens").toInt() > plain.turns.value(0).value("prompt_tokens").toInt() + 10);
    QVERIFY(QStringList({ "stop", "length", "tool_calls" }).contains(r.turns[0].value("finish_reason").toString()));
    for (const QJsonValue &call : r.turns[0].value("tool_calls").toArray())
        QVERIFY(QJsonDocument::fromJson(call.toObject().value("arguments").toString().toUtf8()).isObject());
    const QString bad = m_dir.filePath("bad.json");
    QVERIFY(sluice::test::writeFile(bad, "{"));
    const Run refused = chat(base() + QStringList { "--tools", bad }, { "x" }, m_dir.path());
    QCOMPARE(refused.exitCode, 2);
    QVERIFY2(refused.err.contains("bad.json: not a JSON array of tools"), qPrintable(describe(refused)));
}

void TestRemoteChat::stop()
{
    const Run full = chat(base() + QStringList { "-n", "24" }, { "Count" }, m_dir.path());
    QVERIFY2(full.exitCode == 0 && full.turns.size() == 1, qPrintable(describe(full)));
    const QString text = full.turns[0].value("reply").toString();
    if (text.size() < 8)
        QSKIP("the greedy reply is too short to pick a stop string from");
    const QString stopAt = text.mid(text.size() / 2, 2);
    const Run stopped = chat(base() + QStringList { "-n", "24", "--stop", stopAt }, { "Count" }, m_dir.path());
    QVERIFY2(stopped.exitCode == 0 && stopped.turns.size() == 1, qPrintable(describe(stopped)));
    QCOMPARE(stopped.turns[0].value("reply").toString(), text.left(text.indexOf(stopAt)));
    QCOMPARE(stopped.turns[0].value("finish_reason").toString(), QStringLiteral("stop"));
}

void TestRemoteChat::wrongKey()
{
    const Run r = chat({ "--remote", m_server.url(), "--api-key", "wrong" }, { "x" }, m_dir.path());
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("HTTP 401 Unauthorized (wrong or missing API key)"), qPrintable(describe(r)));
    const Run none = chat({ "--remote", m_server.url() }, { "x" }, m_dir.path());
    QCOMPARE(none.exitCode, 1);
    QVERIFY2(none.err.contains("401"), qPrintable(describe(none)));
}

void TestRemoteChat::keyFile()
{
    const QString path = m_dir.filePath("key");
    QVERIFY(sluice::test::writeFile(path, "sk-test\n"));
    ::chmod(QFile::encodeName(path).constData(), 0644);
    const QStringList args { "--remote", m_server.url(), "--api-key-file", path, "--json", "-n", "2" };
    const Run refused = chat(args, { "x" }, m_dir.path());
    QCOMPARE(refused.exitCode, 2);
    QVERIFY2(refused.err.contains(QFile::encodeName(path) + ": the key file is readable by others (mode 0644)"),
        qPrintable(describe(refused)));
    ::chmod(QFile::encodeName(path).constData(), 0600);
    const Run ok = chat(args, { "x" }, m_dir.path());
    QVERIFY2(ok.exitCode == 0 && ok.turns.size() == 1, qPrintable(describe(ok)));
}

void TestRemoteChat::unknownModel()
{
    const Run r = chat(base() + QStringList { "--model", "gpt-9" }, { "x" }, m_dir.path());
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("does not offer model \"gpt-9\" (it offers: demo)"), qPrintable(describe(r)));
}

void TestRemoteChat::nobodyListens()
{
    QTcpServer probe; // a port that was free a moment ago, now closed
    QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
    const int port = probe.serverPort();
    probe.close();
    const Run r = chat({ "--remote", QStringLiteral("http://127.0.0.1:%1").arg(port) }, { "x" }, m_dir.path());
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(QStringLiteral("http://127.0.0.1:%1/v1/models: Connection refused").arg(port).toUtf8()),
        qPrintable(describe(r)));
}

void TestRemoteChat::killedMidStream()
{
    Served victim;
    QString why;
    QVERIFY2(victim.start(m_model, {}, &why), qPrintable(why));
    const QString scriptPath = m_dir.filePath("long.json");
    QFile f(scriptPath);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"(["Write a long story"])");
    f.close();
    QProcess p;
    p.start(QStringLiteral(SLUICE_CLI_PATH),
        { "chat", "--remote", victim.url(), "--temp", "0", "--reasoning-effort", "none", "-n", "3000", "--script",
            scriptPath });
    QVERIFY(p.waitForStarted(10000));
    QByteArray out;
    QElapsedTimer t;
    t.start();
    while (out.size() < 40 && t.elapsed() < 60000 && p.state() == QProcess::Running) {
        p.waitForReadyRead(100);
        out += p.readAllStandardOutput();
    }
    QVERIFY2(out.size() >= 40, out.constData()); // streaming began
    victim.kill();
    QVERIFY(p.waitForFinished(30000));
    out += p.readAllStandardOutput();
    const QByteArray err = p.readAllStandardError();
    QCOMPARE(p.exitCode(), 1);
    // What streamed before the kill is on stdout, then the error says it is cut off and how much was kept.
    QVERIFY2(out.contains("error: "), out.right(600).constData());
    QVERIFY2(out.contains("the reply is cut off ("), out.right(600).constData());
    QVERIFY2(
        QRegularExpression("cut off \\((\\d+) bytes kept\\)").match(QString::fromUtf8(out)).captured(1).toInt() >= 10,
        out.right(600).constData());
    Q_UNUSED(err);
    qInfo("%s", out.mid(out.lastIndexOf("error: ")).trimmed().constData());
}

SLUICE_TEST_GUILESS_MAIN(TestRemoteChat)
#include "tst_remotechat.moc"
