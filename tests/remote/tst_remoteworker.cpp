// The app's remote backend (core/qt/remotebackend, EngineWorker::connectRemote)
// against OUR server (`sluice-cli serve` on a demo model, loopback): the
// worker answers a turn with the same signals as the local engine (tokenChunk,
// stats, finished), with the figures a remote can measure; a wrong key or
// nobody listening is an error naming it; stop() cancels; a server killed
// mid-stream gives an error saying the reply is cut off, its text streamed.
#include "support/testregistry.h"
#include "qt/engineworker.h"
#include "qt/remotebackend.h"
#include "../server/servedprocess.h"

#include <QSignalSpy>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

using namespace sluice;
using namespace sluice::qt;

namespace {

EngineFactory noEngine()
{
    return [](const EngineOptions &) -> Expected<std::unique_ptr<GenerationBackend>> {
        return makeError(ErrorCode::Unsupported, "no local engine in this test");
    };
}

GenerateRequest turn(const QString &text, int maxTokens)
{
    GenerateRequest r;
    r.messages.push_back({ "user", text.toStdString(), "", 0 });
    r.chat.thinking = false;
    r.sampling.temperature = 0;
    r.sampling.maxTokens = maxTokens;
    return r;
}

// Connects `thread` to `url` and asks for a long story: true once connected
// (in 20 s) and streaming, more than two chunks in (in 60 s).
bool streamLongStory(EngineThread &thread, const QString &url, const QString &key)
{
    QSignalSpy connected(thread.worker(), &EngineWorker::remoteConnected);
    QSignalSpy chunks(thread.worker(), &EngineWorker::tokenChunk);
    thread.connectRemote({ url, key, "", 10000, 60000 });
    if (!QTest::qWaitFor([&] { return connected.size() == 1; }, 20000))
        return false;
    thread.generate(turn("Write a long story", 3000));
    return QTest::qWaitFor([&] { return chunks.size() > 2; }, 60000);
}

} // namespace

class TestRemoteWorker : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void requestMapping();
    void connectErrors();
    void turnLikeTheLocalEngine();
    void stopCancels();
    void killedMidStream();

private:
    QTemporaryDir m_dir;
    QString m_model;
    Served m_server;
};

void TestRemoteWorker::initTestCase()
{
    SLUICE_SERVE_DEMO_OR_SKIP("--api-key", "sk-w");
}

void TestRemoteWorker::requestMapping()
{
    GenerateRequest r = turn("look", 7);
    r.messages.front().imageCount = 1;
    r.messages.push_back({ "assistant", "ok", "thought", 0, { { "c1", "f", "{}" } } });
    r.messages.push_back({ "tool", "42", "", 0, {}, "c1", "f" });
    r.images = { "/tmp/a.png" };
    r.sampling.stopStrings = { "END" };
    r.chat.toolsJson = "[]";
    const RemoteChatRequest m = toRemoteRequest(r, "demo");
    QCOMPARE(m.model, std::string("demo"));
    QCOMPARE(m.messages.size(), size_t(3));
    QCOMPARE(m.messages[0].imagePaths, std::vector<std::string> { "/tmp/a.png" });
    QCOMPARE(m.messages[1].toolCalls.at(0).name, std::string("f"));
    QCOMPARE(m.messages[1].reasoning, std::string("thought"));
    QCOMPARE(m.messages[2].toolCallId, std::string("c1"));
    QCOMPARE(m.maxTokens, 7);
    QCOMPARE(m.stop, std::vector<std::string> { "END" });
    QCOMPARE(m.reasoningEffort, std::string("none"));
    QVERIFY(m.stream);
}

void TestRemoteWorker::connectErrors()
{
    EngineThread thread(noEngine());
    QSignalSpy errors(thread.worker(), &EngineWorker::error);
    QSignalSpy connected(thread.worker(), &EngineWorker::remoteConnected);
    thread.connectRemote({ m_server.url(), "wrong", "", 10000, 60000 });
    QTRY_COMPARE_WITH_TIMEOUT(errors.size(), 1, 20000);
    QCOMPARE(errors[0][1].toString(), QStringLiteral("Could not connect to the server."));
    QVERIFY2(errors[0][2].toString().contains("HTTP 401"), qPrintable(errors[0][2].toString()));
    thread.connectRemote({ m_server.url(), "sk-w", "gpt-9", 10000, 60000 });
    QTRY_COMPARE_WITH_TIMEOUT(errors.size(), 2, 20000);
    QVERIFY2(errors[1][2].toString().contains("does not offer \"gpt-9\" (it offers demo)"),
        qPrintable(errors[1][2].toString()));
    QTcpServer probe;
    QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
    const QString nobody = QStringLiteral("http://127.0.0.1:%1").arg(probe.serverPort());
    probe.close();
    thread.connectRemote({ nobody, "", "", 10000, 60000 });
    QTRY_COMPARE_WITH_TIMEOUT(errors.size(), 3, 20000);
    QVERIFY2(errors[2][2].toString().contains("Connection refused"), qPrintable(errors[2][2].toString()));
    QCOMPARE(connected.size(), 0);
}

void TestRemoteWorker::turnLikeTheLocalEngine()
{
    EngineThread thread(noEngine());
    QSignalSpy connected(thread.worker(), &EngineWorker::remoteConnected);
    QSignalSpy chunks(thread.worker(), &EngineWorker::tokenChunk);
    QSignalSpy stats(thread.worker(), &EngineWorker::stats);
    QSignalSpy finished(thread.worker(), &EngineWorker::finished);
    QSignalSpy errors(thread.worker(), &EngineWorker::error);
    thread.connectRemote({ m_server.url(), "sk-w", "", 10000, 60000 });
    QTRY_COMPARE_WITH_TIMEOUT(connected.size(), 1, 20000);
    const RemoteInfo info = connected[0][1].value<RemoteInfo>();
    QCOMPARE(info.model, QStringLiteral("demo"));
    QCOMPARE(info.models, QStringList { "demo" });
    const quint64 id = thread.generate(turn("Say hello", 6));
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 60000);
    QCOMPARE(errors.size(), 0);
    QCOMPARE(finished[0][0].toULongLong(), id);
    const GenerationSummary s = finished[0][1].value<GenerationSummary>();
    QString streamed;
    for (const auto &c : chunks)
        streamed += c[1].toString();
    QVERIFY(s.reply.has_value());
    QCOMPARE(streamed, QString::fromStdString(s.reply->content)); // thinking off: all of it is content
    QCOMPARE(s.reason, StopReason::MaxTokens);
    QCOMPARE(s.stats.tokens, 6); // the server's usage
    QVERIFY(s.promptTokens > 0);
    QVERIFY(s.stats.timeToFirstToken > 0);
    QVERIFY(s.stats.tokensPerSecond > 0);
    QVERIFY(s.stats.hitRate < 0); // no cache figures from a remote: "not measured"
    QCOMPARE(s.stats.budgetBytes, quint64(0));
    QVERIFY(stats.size() >= 2);
}

void TestRemoteWorker::stopCancels()
{
    EngineThread thread(noEngine());
    QSignalSpy finished(thread.worker(), &EngineWorker::finished);
    QVERIFY(streamLongStory(thread, m_server.url(), "sk-w"));
    thread.stop();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 10000);
    QCOMPARE(finished[0][1].value<GenerationSummary>().reason, StopReason::Cancelled);
    // The server is free again at once: the next turn is answered.
    QSignalSpy finished2(thread.worker(), &EngineWorker::finished);
    thread.generate(turn("Again", 2));
    QTRY_COMPARE_WITH_TIMEOUT(finished2.size(), 1, 30000);
    QCOMPARE(finished2[0][1].value<GenerationSummary>().reason, StopReason::MaxTokens);
}

void TestRemoteWorker::killedMidStream()
{
    Served victim;
    QString why;
    QVERIFY2(victim.start(m_model, {}, &why), qPrintable(why));
    EngineThread thread(noEngine());
    QSignalSpy errors(thread.worker(), &EngineWorker::error);
    QSignalSpy finished(thread.worker(), &EngineWorker::finished);
    QVERIFY(streamLongStory(thread, victim.url(), ""));
    victim.kill();
    QTRY_COMPARE_WITH_TIMEOUT(errors.size(), 1, 30000);
    QCOMPARE(errors[0][1].toString(), QStringLiteral("The connection to the server failed; the reply is cut off."));
    QVERIFY2(errors[0][2].toString().contains("cut off ("), qPrintable(errors[0][2].toString()));
    QCOMPARE(finished.size(), 0);
}

SLUICE_TEST_GUILESS_MAIN(TestRemoteWorker)
#include "tst_remoteworker.moc"
