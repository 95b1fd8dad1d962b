// The Qt adapter: the engine lives in the worker thread, requests go in as
// queued signals and answers come back as queued signals, in order. Most cases
// use ScriptedEngine (a test double); the last ones run the real engine on the
// demo model made by `sluice-cli synth --demo` when this build has it.
#include "support/testregistry.h"
#include "qt/engineworker.h"
#ifdef SLUICE_HAVE_ENGINE
#include "qt/localbackend.h"
#endif
#include "qt/scriptedengine.h"
#include "support/synthmodel.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include "qt/queuedspy.h"
#include <QTemporaryDir>
#include <QTest>

#include <atomic>

using namespace sluice;
using namespace sluice::qt;
using namespace sluice::test;

// The spies record on this thread through queued connections (queuedspy.h;
// QSignalSpy appended on the worker thread, a data race TSan reported):
// wait on counts, which spins the event loop that delivers them.
#define WAIT_COUNT(spy, n, ms) QTRY_VERIFY_WITH_TIMEOUT((spy).count() >= (n), ms)

namespace {

GenerateRequest request(const std::string &text, int maxTokens = 256)
{
    GenerateRequest r;
    r.messages.push_back({"user", text, {}, 0});
    r.chat.thinking = false;
    r.sampling.maxTokens = maxTokens;
    return r;
}

QString joinedChunks(const QueuedSpy &spy, quint64 id)
{
    QString s;
    for (const QList<QVariant> &args : spy)
        if (args.at(0).toULongLong() == id)
            s += args.at(1).toString();
    return s;
}

EngineOptions optionsFor(const QString &path)
{
    EngineOptions o;
    o.modelPath = path.toStdString();
    return o;
}

// An engine in its worker thread with a spy on each signal the cases read,
// all made before any request so that none is missed. WATCH_ENGINE binds the
// members to the names the cases use.
struct WatchedEngine {
    using W = EngineWorker;
    explicit WatchedEngine(EngineFactory factory)
        : engine(std::move(factory))
    {
    }
    const W *w() const { return engine.worker(); }
    EngineThread engine;
    // One spy per signal, in one declaration: made in this order, right after the thread.
    QueuedSpy progress{w(), &W::progress}, opened{w(), &W::opened}, closed{w(), &W::closed},
        changed{w(), &W::budgetChanged}, error{w(), &W::error}, chunks{w(), &W::tokenChunk}, stats{w(), &W::stats},
        reading{w(), &W::prefillProgress}, overflow{w(), &W::contextWouldOverflow}, finished{w(), &W::finished},
        saved{w(), &W::sessionSaved}, loaded{w(), &W::sessionLoaded}, reset{w(), &W::sessionReset};

    // True once the open answered with `opened` (within 30 s).
    bool open(const EngineOptions &o)
    {
        engine.open(o);
        return QTest::qWaitFor([this] { return opened.count() + error.count() > 0; }, 30000) && opened.count() == 1;
    }
    QByteArray firstError() const
    {
        return error.isEmpty() ? QByteArray("no answer") : error.first().at(2).toString().toUtf8();
    }
};
#define WATCH_ENGINE(w)                                                                                          \
    auto &[engine, progress, opened, closed, changed, error, chunks, stats, reading, overflow, finished, saved, \
           loaded, reset]                                                                                        \
        = w

} // namespace

class TestEngineWorker : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { registerEngineMetaTypes(); }
    void openGenerateInOrder();
    void answersArriveOnTheGuiThread();
    void splitUtf8IsJoined();
    void stopMidGeneration();
    void secondRequestIsQueued();
    void errorsAreSignals_data();
    void errorsAreSignals();
    void cancelOpen();
    void budgetWithoutReopen();
    void demoModel();
    void demoSessionSaveLoad();
    void demoPrefillProgressAndStop();
    void demoContextCheck();
};

void TestEngineWorker::openGenerateInOrder()
{
    WatchedEngine w(scriptedFactory({}));
    WATCH_ENGINE(w);
    const quint64 openId = engine.open(optionsFor(QStringLiteral("/models/ok.waste")));
    WAIT_COUNT(opened, 1, 5000);
    QCOMPARE(opened.first().at(0).toULongLong(), openId);
    QCOMPARE(opened.first().at(1).value<ModelInfo>().architecture, std::string("scripted-test-double"));
    QVERIFY(progress.count() >= 5);
    double last = -1;
    for (const auto &p : progress) {
        QVERIFY(p.at(1).toDouble() >= last);
        last = p.at(1).toDouble();
    }
    QCOMPARE(last, 1.0);

    const quint64 id = engine.generate(request("hi"));
    WAIT_COUNT(finished, 1, 5000);
    QCOMPARE(finished.first().at(0).toULongLong(), id);
    QCOMPARE(joinedChunks(chunks, id), QStringLiteral("Hello, world!"));
    QCOMPARE(chunks.count(), 4);
    QCOMPARE(stats.count(), 4);
    for (int i = 0; i < stats.count(); ++i)
        QCOMPARE(stats.at(i).at(1).value<LiveStats>().tokens, i + 1);
    const auto summary = finished.first().at(1).value<GenerationSummary>();
    QCOMPARE(int(summary.reason), int(StopReason::EndOfSequence));
    QCOMPARE(summary.stats.tokens, 4);
    // Hits 0,1,2,3 against one miss per token: 6 / 10.
    QCOMPARE(summary.stats.hitRate, 0.6);
    QCOMPARE(summary.stats.budgetBytes, quint64(8ull << 30));
}

void TestEngineWorker::answersArriveOnTheGuiThread()
{
    EngineThread engine(scriptedFactory({}));
    QVERIFY(engine.worker()->thread() != QThread::currentThread());
    QThread *seen = nullptr;
    connect(engine.worker(), &EngineWorker::opened, this, [&] { seen = QThread::currentThread(); });
    QueuedSpy opened(engine.worker(), &EngineWorker::opened);
    engine.open(optionsFor(QStringLiteral("ok")));
    WAIT_COUNT(opened, 1, 5000);
    // The spy counts on the worker's thread; the queued lambda runs a little later here.
    QTRY_VERIFY_WITH_TIMEOUT(seen != nullptr, 5000);
    QCOMPARE(seen, QThread::currentThread());
}

void TestEngineWorker::splitUtf8IsJoined()
{
    EngineScript s;
    // "日本" (e6 97 a5 e6 9c ac) split inside both characters.
    s.tokens = {"\xe6\x97", "\xa5\xe6", "\x9c", "\xac!"};
    WatchedEngine w(scriptedFactory(s));
    WATCH_ENGINE(w);
    engine.open(optionsFor(QStringLiteral("ok")));
    WAIT_COUNT(opened, 1, 5000);
    const quint64 id = engine.generate(request("x"));
    WAIT_COUNT(finished, 1, 5000);
    for (const auto &c : chunks)
        QVERIFY(!c.at(1).toString().contains(QChar::ReplacementCharacter));
    QCOMPARE(joinedChunks(chunks, id), QStringLiteral("日本!"));
}

void TestEngineWorker::stopMidGeneration()
{
    EngineScript s;
    s.tokens = std::vector<std::string>(5000, "a");
    s.layerMicros = 200;
    WatchedEngine w(scriptedFactory(s));
    WATCH_ENGINE(w);
    engine.open(optionsFor(QStringLiteral("ok")));
    WAIT_COUNT(opened, 1, 5000);
    engine.generate(request("x", 4000)); // within the default context of 4096
    WAIT_COUNT(chunks, 1, 5000);
    engine.stop();
    WAIT_COUNT(finished, 1, 5000);
    const auto summary = finished.first().at(1).value<GenerationSummary>();
    QCOMPARE(int(summary.reason), int(StopReason::Cancelled));
    QVERIFY(summary.stats.tokens < 4000);
    // The engine is still usable afterwards.
    const quint64 again = engine.generate(request("y", 3));
    WAIT_COUNT(finished, 2, 5000);
    QCOMPARE(finished.last().at(0).toULongLong(), again);
    QVERIFY(finished.last().at(1).value<GenerationSummary>().reason != StopReason::Cancelled);
    QCOMPARE(finished.last().at(1).value<GenerationSummary>().stats.tokens, 3);
}

void TestEngineWorker::secondRequestIsQueued()
{
    EngineScript s;
    s.tokens = {"a", "b", "c", "d", "e", "f"};
    WatchedEngine w(scriptedFactory(s));
    WATCH_ENGINE(w);
    engine.open(optionsFor(QStringLiteral("ok")));
    WAIT_COUNT(opened, 1, 5000);
    const quint64 first = engine.generate(request("1"));
    const quint64 second = engine.generate(request("2")); // sent while the first runs
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, 5000);
    QCOMPARE(finished.at(0).at(0).toULongLong(), first);
    QCOMPARE(finished.at(1).at(0).toULongLong(), second);
    // Served one after the other: every chunk of the first precedes every chunk of the second.
    int lastOfFirst = -1, firstOfSecond = int(chunks.count());
    for (int i = 0; i < chunks.count(); ++i) {
        if (chunks.at(i).at(0).toULongLong() == first)
            lastOfFirst = i;
        else if (firstOfSecond == chunks.count())
            firstOfSecond = i;
    }
    QVERIFY(lastOfFirst < firstOfSecond);
    QCOMPARE(joinedChunks(chunks, first), QStringLiteral("abcdef"));
    QCOMPARE(joinedChunks(chunks, second), QStringLiteral("abcdef"));
}

void TestEngineWorker::errorsAreSignals_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<bool>("failGenerate");
    QTest::addColumn<QString>("message");
    QTest::addColumn<QString>("detail");
    QTest::newRow("missing") << QStringLiteral("/x/missing.waste") << false << QStringLiteral("not found")
                             << QStringLiteral("manifest.json");
    QTest::newRow("damaged") << QStringLiteral("/x/damaged.waste") << false << QStringLiteral("damaged")
                             << QStringLiteral("bad magic");
    QTest::newRow("generate-io") << QStringLiteral("ok") << true << QStringLiteral("Generation failed")
                                 << QStringLiteral("short read");
}

void TestEngineWorker::errorsAreSignals()
{
    QFETCH(QString, path);
    QFETCH(bool, failGenerate);
    QFETCH(QString, message);
    QFETCH(QString, detail);
    EngineScript s;
    s.failGenerate = failGenerate;
    WatchedEngine w(scriptedFactory(s));
    WATCH_ENGINE(w);
    const quint64 openId = engine.open(optionsFor(path));
    quint64 expectId = openId;
    if (failGenerate) {
        WAIT_COUNT(opened, 1, 5000);
        expectId = engine.generate(request("x"));
    }
    WAIT_COUNT(error, 1, 5000);
    QCOMPARE(error.first().at(0).toULongLong(), expectId);
    QVERIFY2(error.first().at(1).toString().contains(message, Qt::CaseInsensitive), qPrintable(error.first().at(1).toString()));
    QVERIFY2(error.first().at(2).toString().contains(detail), qPrintable(error.first().at(2).toString()));
    QCOMPARE(finished.count(), 0);
}

void TestEngineWorker::cancelOpen()
{
    EngineScript s;
    s.openSteps = 400;
    s.openStepMicros = 5000; // 2 s if not cancelled
    WatchedEngine w(scriptedFactory(s));
    WATCH_ENGINE(w);
    engine.open(optionsFor(QStringLiteral("ok")));
    WAIT_COUNT(progress, 1, 5000);
    engine.stop();
    WAIT_COUNT(error, 1, 5000);
    QVERIFY(error.first().at(1).toString().contains(QStringLiteral("cancelled")));
    QCOMPARE(opened.count(), 0);
    // Generating without a model is an error signal, not a crash.
    engine.generate(request("x"));
    QTRY_COMPARE_WITH_TIMEOUT(error.count(), 2, 5000);
    QVERIFY(error.last().at(1).toString().contains(QStringLiteral("No model")));
}

#ifdef SLUICE_HAVE_ENGINE
namespace {

// The demo model opened as the app's chats open it.
EngineOptions demoOptions(const QString &demo)
{
    EngineOptions o = optionsFor(demo);
    o.threads = 1;
    o.checkpoints = kChatCheckpoints;
    return o;
}
} // namespace

// The first lines of every demo case: the demo model `demo` in `dir` (written
// in-process; a synth that fails fails the case), then the engine `d` with
// its spies bound to their own names.
#define DEMO_CASE_SETUP()                                                                                   \
    QTemporaryDir dir;                                                                                       \
    const QString demo = dir.filePath(QStringLiteral("demo.waste"));                                         \
    SLUICE_SYNTH_DEMO(demo);                                                                                 \
    WatchedEngine d(&LocalBackend::open);                                                                    \
    WATCH_ENGINE(d)
#endif

void TestEngineWorker::demoModel()
{
#ifndef SLUICE_HAVE_ENGINE
    QSKIP("this build has no engine (model module not built)");
#else
    DEMO_CASE_SETUP();
    QVERIFY2(d.open(demoOptions(demo)), d.firstError().constData());
    const ModelInfo info = opened.first().at(1).value<ModelInfo>();
    QCOMPARE(info.architecture, std::string("kimi-k3"));

    GenerateRequest r = request("Hello", 12);
    r.sampling.temperature = 0; // greedy: deterministic
    const quint64 id = engine.generate(r);
    QTRY_VERIFY_WITH_TIMEOUT(finished.count() + error.count() > 0, 60000);
    QVERIFY2(finished.count() == 1, error.isEmpty() ? "" : qPrintable(error.first().at(2).toString()));
    QCOMPARE(finished.first().at(0).toULongLong(), id);
    const auto summary = finished.first().at(1).value<GenerationSummary>();
    QVERIFY(summary.stats.tokens > 0);
    QCOMPARE(stats.count(), summary.stats.tokens);
    // Every live figure and the final one carry the allocation, the budget and
    // the cache in force (the last token has no forward pass after it: it used
    // to report 0 B, the app's "RAM 0.0 MiB").
    for (const QList<QVariant> &s : stats) {
        const auto live = s.at(1).value<LiveStats>();
        QVERIFY(live.residentBytes > info.floorBytes / 2);
        QVERIFY(live.residentBytes <= info.budgetBytes);
        QCOMPARE(live.budgetBytes, info.budgetBytes);
        QCOMPARE(live.expertCacheBytes, info.expertCacheBytes);
    }
    QCOMPARE(summary.stats.residentBytes, stats.last().at(1).value<LiveStats>().residentBytes);
    QVERIFY(summary.promptTokens > 0);

    QCOMPARE(summary.reusedTokens, 0);
    QCOMPARE(summary.prefillTokens, summary.promptTokens);

    // Same request again (a regenerate): same text, and the prompt is kept
    // from the session's state (prefix reuse, issue 10).
    const quint64 id2 = engine.generate(r);
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, 60000);
    QCOMPARE(joinedChunks(chunks, id2), joinedChunks(chunks, id));
    const auto again = finished.at(1).at(1).value<GenerationSummary>();
    QCOMPARE(again.promptTokens, summary.promptTokens);
    if (info.checkpoints > 0) {
        QCOMPARE(again.reusedTokens, summary.promptTokens);
        QCOMPARE(again.prefillTokens, 0);
    }

    // The next turn: the conversation so far is reused, only the new part computed.
    GenerateRequest next = r;
    next.messages.push_back({"assistant", joinedChunks(chunks, id).toStdString(), "", 0});
    next.messages.push_back({"user", "And then?", "", 0});
    engine.generate(next);
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 3, 60000);
    const auto third = finished.at(2).at(1).value<GenerationSummary>();
    QVERIFY2(third.reusedTokens > 0, qPrintable(QString::number(third.reusedTokens)));
    QCOMPARE(third.reusedTokens + third.prefillTokens, third.promptTokens);
    // The reply is continued from the ids the model produced, not re-tokenised
    // from its text: everything up to the reply's last token is reused.
    QVERIFY2(third.reusedTokens >= again.promptTokens + again.stats.tokens - 1,
             qPrintable(QStringLiteral("reused %1 of prompt %2 + reply %3")
                            .arg(third.reusedTokens)
                            .arg(again.promptTokens)
                            .arg(again.stats.tokens)));
#endif
}

#ifdef SLUICE_HAVE_ENGINE
namespace {
std::string longText(int words)
{
    std::string s;
    for (int i = 0; i < words; ++i)
        s += (i % 7 == 0 ? "river " : i % 3 == 0 ? "stone " : "light ");
    return s;
}
} // namespace
#endif

// Issue 10: "Reading N of M tokens" comes from the engine's chunk loop: 0 of M
// first, monotone, ending at M = the positions the turn computed; a stop()
// during the prefill ends it within a chunk and the turn finishes cancelled.
// The reply arrives with its ids and parsed by id.
void TestEngineWorker::demoPrefillProgressAndStop()
{
#ifndef SLUICE_HAVE_ENGINE
    QSKIP("this build has no engine (model module not built)");
#else
    DEMO_CASE_SETUP();
    QVERIFY2(d.open(demoOptions(demo)), d.firstError().constData());

    GenerateRequest r = request(longText(220), 8);
    r.sampling.temperature = 0;
    const quint64 id = engine.generate(r);
    QTRY_VERIFY_WITH_TIMEOUT(finished.count() + error.count() > 0, 120000);
    QVERIFY2(finished.count() == 1, error.isEmpty() ? "" : qPrintable(error.first().at(2).toString()));
    const auto summary = finished.first().at(1).value<GenerationSummary>();
    QVERIFY(summary.prefillTokens > 128); // several chunks
    QVERIFY(reading.count() >= 3);
    int last = -1;
    for (const QList<QVariant> &args : reading) {
        QCOMPARE(args.at(0).toULongLong(), id);
        QCOMPARE(args.at(2).toInt(), summary.prefillTokens);
        QVERIFY2(args.at(1).toInt() > last, "progress goes forward");
        last = args.at(1).toInt();
    }
    QCOMPARE(reading.first().at(1).toInt(), 0);
    QCOMPARE(last, summary.prefillTokens);

    // The ids the model produced come with the reply, parsed by the engine
    // by id; the streamed text is the same reply (no markup in a thinking-off turn).
    QCOMPARE(int(summary.replyIds.size()), summary.stats.tokens);
    QVERIFY(summary.reply.has_value());
    QVERIFY(summary.reply->reasoning.empty());
    // The demo model is untrained: its replies hold bytes that are not UTF-8,
    // which the stream and the parser replace by U+FFFD in different runs.
    const auto valid = [](QString s) { return s.remove(QChar(0xFFFD)); };
    QCOMPARE(valid(QString::fromStdString(summary.reply->content)), valid(joinedChunks(chunks, id)));
    QCOMPARE(summary.contextTokens, summary.promptTokens + summary.stats.tokens - 1); // the last sampled id is not fed
    QVERIFY(summary.contextLength > 0);

    // Stop mid-prefill: a longer prompt, stopped at the first chunk reported.
    reading.clear();
    GenerateRequest longer = request(longText(400), 8);
    std::atomic<quint64> stopId{0};
    std::atomic<int> stoppedAt{-1};
    // Named outside the lambda: clang 14 (the sanitizer build) cannot capture a structured binding.
    EngineWorker *const worker = engine.worker();
    auto stopper = connect(worker, &EngineWorker::prefillProgress, worker,
        [&](quint64 rid, int done, int) {
            if (rid == stopId && done > 0 && stoppedAt.load() < 0) {
                stoppedAt = done;
                worker->cancelUpTo(rid); // thread-safe, like EngineThread::stop()
            }
        }, Qt::DirectConnection);
    stopId = engine.lastRequestId() + 1;
    QCOMPARE(engine.generate(longer), stopId.load());
    QTRY_VERIFY_WITH_TIMEOUT(finished.count() + error.count() > 1, 120000);
    disconnect(stopper);
    QCOMPARE(finished.count(), 2);
    const auto stopped = finished.at(1).at(1).value<GenerationSummary>();
    QCOMPARE(stopped.reason, StopReason::Cancelled);
    QVERIFY(stoppedAt.load() > 0);
    const int total = reading.last().at(2).toInt();
    QVERIFY2(reading.last().at(1).toInt() < total,
             qPrintable(QStringLiteral("stopped at %1, last %2 of %3").arg(stoppedAt.load()).arg(reading.last().at(1).toInt()).arg(total)));
    QCOMPARE(joinedChunks(chunks, stopId.load()), QString()); // nothing was generated
#endif
}

// Issue 10: a turn that will not fit is refused before anything is computed,
// counted from the rendered ids plus the reply room; the state is unchanged
// and the next turn that fits still reuses it.
void TestEngineWorker::demoContextCheck()
{
#ifndef SLUICE_HAVE_ENGINE
    QSKIP("this build has no engine (model module not built)");
#else
    DEMO_CASE_SETUP();
    EngineOptions o = demoOptions(demo);
    o.contextLength = 256;
    QVERIFY2(d.open(o), d.firstError().constData());

    GenerateRequest r = request("Hello", 8);
    r.sampling.temperature = 0;
    engine.generate(r);
    QTRY_VERIFY_WITH_TIMEOUT(finished.count() + error.count() > 0, 60000);
    QCOMPARE(finished.count(), 1);
    const auto first = finished.at(0).at(1).value<GenerationSummary>();
    QCOMPARE(first.contextLength, 256);
    const int room = 256 - first.promptTokens; // what a reply may take after this prompt
    QVERIFY(room > 8);

    // Exactly at the edge fits; one more token of reply room does not.
    GenerateRequest edge = r;
    edge.sampling.maxTokens = room;
    engine.generate(edge);
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, 60000);
    QCOMPARE(overflow.count(), 0);
    edge.sampling.maxTokens = room + 1;
    reading.clear();
    const quint64 refused = engine.generate(edge);
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 3, 60000);
    QCOMPARE(overflow.count(), 1);
    QCOMPARE(overflow.at(0).at(0).toULongLong(), refused);
    QCOMPARE(overflow.at(0).at(1).toInt(), first.promptTokens + room + 1);
    QCOMPARE(overflow.at(0).at(2).toInt(), 256);
    const auto none = finished.at(2).at(1).value<GenerationSummary>();
    QCOMPARE(none.reason, StopReason::ContextFull);
    QCOMPARE(none.stats.tokens, 0);
    QCOMPARE(reading.count(), 0); // nothing was read
    // A conversation the chat format refuses (a user's placeholder text without
    // its image; in a reply it is only text) is an error, never an empty
    // prompt that continues from the state.
    GenerateRequest bad = r;
    bad.messages.push_back({"user", "<|kimi_image_placeholder|> and?", "", 0});
    const quint64 badId = engine.generate(bad);
    WAIT_COUNT(error, 1, 60000);
    QCOMPARE(error.at(0).at(0).toULongLong(), badId);
    QCOMPARE(finished.count(), 3);
    // Nothing changed: the same prompt again is all reused.
    engine.generate(r);
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 4, 60000);
    const auto after = finished.at(3).at(1).value<GenerationSummary>();
    QCOMPARE(after.reusedTokens, after.promptTokens);
    QCOMPARE(error.count(), 1);
#endif
}

// The planner's Apply without a reopen: the budget moves, no close/open
// signals, the next generation reports the new budget; a refusal is an error
// signal and changes nothing.
void TestEngineWorker::budgetWithoutReopen()
{
    WatchedEngine w(scriptedFactory({}));
    WATCH_ENGINE(w);
    const quint64 early = engine.setBudget(4ull << 30); // nothing open yet
    WAIT_COUNT(error, 1, 5000);
    QCOMPARE(error.at(0).at(0).toULongLong(), early);
    engine.open(optionsFor(QStringLiteral("ok")));
    WAIT_COUNT(opened, 1, 5000);
    const int progressAtOpen = int(progress.count());

    const quint64 id = engine.setBudget(6ull << 30);
    WAIT_COUNT(changed, 1, 5000);
    QCOMPARE(changed.at(0).at(0).toULongLong(), id);
    QCOMPARE(changed.at(0).at(1).value<ModelInfo>().budgetBytes, uint64_t(6ull << 30));
    engine.generate(request("x"));
    WAIT_COUNT(finished, 1, 5000);
    QCOMPARE(finished.at(0).at(1).value<GenerationSummary>().stats.budgetBytes, quint64(6ull << 30));

    const quint64 bad = engine.setBudget(1ull << 30); // below the script's 2 GiB floor
    WAIT_COUNT(error, 2, 5000);
    QCOMPARE(error.at(1).at(0).toULongLong(), bad);
    QVERIFY(error.at(1).at(2).toString().contains(QStringLiteral("floor")));
    engine.generate(request("y"));
    WAIT_COUNT(finished, 2, 5000);
    QCOMPARE(finished.at(1).at(1).value<GenerationSummary>().stats.budgetBytes, quint64(6ull << 30));
    QCOMPARE(changed.count(), 1);
    QCOMPARE(opened.count(), 1);
    QCOMPARE(closed.count(), 0);
    QCOMPARE(int(progress.count()), progressAtOpen);
}

void TestEngineWorker::demoSessionSaveLoad()
{
#ifndef SLUICE_HAVE_ENGINE
    QSKIP("this build has no engine (model module not built)");
#else
    DEMO_CASE_SETUP();
    QVERIFY2(d.open(demoOptions(demo)), d.firstError().constData());
    if (opened.first().at(1).value<ModelInfo>().checkpoints == 0)
        QSKIP("the demo model keeps no checkpoints: a regenerate cannot be served from the state");

    GenerateRequest r = request("Hello", 12);
    r.sampling.temperature = 0;
    const quint64 first = engine.generate(r);
    QTRY_VERIFY_WITH_TIMEOUT(finished.count() + error.count() > 0, 60000);
    QVERIFY2(finished.count() == 1, error.isEmpty() ? "" : qPrintable(error.first().at(2).toString()));
    const auto one = finished.first().at(1).value<GenerationSummary>();

    // Save, empty the live state, load it back: the same request is then
    // served wholly from the loaded state, with the same reply.
    const QString file = dir.filePath(QStringLiteral("chat.session"));
    const quint64 saveId = engine.saveSession(file);
    WAIT_COUNT(saved, 1, 30000);
    QCOMPARE(saved.first().at(0).toULongLong(), saveId);
    QVERIFY2(saved.first().at(1).toBool(), qPrintable(saved.first().at(2).toString()));
    QVERIFY(QFileInfo(file).size() > 0);

    engine.resetSession();
    WAIT_COUNT(reset, 1, 30000);
    // After a reset nothing is reused (shows the reload below is what brings it back).
    const quint64 fresh = engine.generate(r);
    WAIT_COUNT(finished, 2, 60000);
    QCOMPARE(finished.at(1).at(1).value<GenerationSummary>().reusedTokens, 0);
    QCOMPARE(joinedChunks(chunks, fresh), joinedChunks(chunks, first));

    engine.resetSession();
    const quint64 loadId = engine.loadSession(file);
    WAIT_COUNT(loaded, 1, 30000);
    QCOMPARE(loaded.first().at(0).toULongLong(), loadId);
    QVERIFY2(loaded.first().at(1).toBool(), qPrintable(loaded.first().at(3).toString()));
    QVERIFY(loaded.first().at(2).toInt() >= one.promptTokens);
    const quint64 again = engine.generate(r);
    WAIT_COUNT(finished, 3, 60000);
    const auto three = finished.at(2).at(1).value<GenerationSummary>();
    QCOMPARE(three.reusedTokens, one.promptTokens);
    QCOMPARE(three.prefillTokens, 0);
    QCOMPARE(joinedChunks(chunks, again), joinedChunks(chunks, first));

    // The next turn after a load: the whole previous conversation (prompt and
    // reply as the state holds them) is kept, only the new message computed.
    engine.resetSession();
    engine.loadSession(file);
    WAIT_COUNT(loaded, 2, 30000);
    QVERIFY(loaded.at(1).at(1).toBool());
    const int held = loaded.at(1).at(2).toInt();
    GenerateRequest next = r;
    next.messages.push_back({"assistant", joinedChunks(chunks, first).toStdString(), "", 0});
    next.messages.push_back({"user", "And then?", "", 0});
    engine.generate(next);
    WAIT_COUNT(finished, 4, 60000);
    const auto turn2 = finished.at(3).at(1).value<GenerationSummary>();
    QVERIFY2(turn2.reusedTokens >= one.promptTokens && turn2.reusedTokens <= held,
             qPrintable(QStringLiteral("reused %1, prompt %2, held %3").arg(turn2.reusedTokens).arg(one.promptTokens).arg(held)));
    QCOMPARE(turn2.reusedTokens + turn2.prefillTokens, turn2.promptTokens);

    // A damaged file: refused with a reason, the live state emptied, and the next turn still works.
    {
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadWrite));
        f.seek(f.size() / 2);
        f.write(QByteArray(64, '\x5a'));
    }
    engine.loadSession(file);
    WAIT_COUNT(loaded, 3, 30000);
    QCOMPARE(loaded.at(2).at(1).toBool(), false);
    QCOMPARE(loaded.at(2).at(2).toInt(), 0);
    QVERIFY(!loaded.at(2).at(3).toString().isEmpty());
    engine.loadSession(dir.filePath(QStringLiteral("missing.session")));
    WAIT_COUNT(loaded, 4, 30000);
    QCOMPARE(loaded.at(3).at(1).toBool(), false);
    const quint64 after = engine.generate(r);
    WAIT_COUNT(finished, 5, 60000);
    const auto four = finished.at(4).at(1).value<GenerationSummary>();
    QCOMPARE(four.reusedTokens, 0);
    QCOMPARE(four.prefillTokens, four.promptTokens);
    QCOMPARE(joinedChunks(chunks, after), joinedChunks(chunks, first));
    QVERIFY(error.isEmpty());
#endif
}

SLUICE_TEST_GUILESS_MAIN(TestEngineWorker)
#include "tst_engineworker.moc"
