// The pieces of a local turn the local backend and the test double share
// (qt/localturn.h): complete UTF-8 pieces, the live figures from per-token
// stats, and "drop the oldest turns until it fits".
#include "support/testregistry.h"
#include "qt/localturn.h"

#include <QTest>

using namespace sluice;
using namespace sluice::qt;

namespace {

GeneratedToken token(const std::string &text, uint64_t hits, uint64_t misses, uint64_t resident = 0)
{
    GeneratedToken t;
    t.text = text;
    t.stats.demandHits = hits;
    t.stats.demandMisses = misses;
    t.stats.bytesRead = 1000;
    t.stats.tokenSeconds = 0.5;
    t.stats.residentBytes = resident;
    return t;
}

ChatMessage message(const char *role, const char *content, int images = 0)
{
    return { role, content, {}, images };
}

} // namespace

class TestLocalTurn : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void utf8Prefix_data();
    void utf8Prefix();
    void meterJoinsSplitCharacters();
    void meterFigures();
    void dropOldest_data();
    void dropOldest();
};

void TestLocalTurn::utf8Prefix_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<int>("complete");
    QTest::newRow("empty") << QByteArray() << 0;
    QTest::newRow("ascii") << QByteArray("abc") << 3;
    QTest::newRow("2-byte whole") << QByteArray("a\xc3\xa9") << 3;
    QTest::newRow("2-byte lead only") << QByteArray("a\xc3") << 1;
    QTest::newRow("3-byte missing one") << QByteArray("\xe6\x97") << 0;
    QTest::newRow("3-byte whole") << QByteArray("\xe6\x97\xa5") << 3;
    QTest::newRow("4-byte missing one") << QByteArray("x\xf0\x9f\x98") << 1;
    QTest::newRow("4-byte whole") << QByteArray("\xf0\x9f\x98\x80") << 4;
    // Only continuation bytes: invalid, passed on for the decoder to replace.
    QTest::newRow("stray continuations") << QByteArray("\x80\x80\x80\x80\x80") << 5;
}

void TestLocalTurn::utf8Prefix()
{
    QFETCH(QByteArray, bytes);
    QFETCH(int, complete);
    QCOMPARE(int(completeUtf8Prefix(bytes.toStdString())), complete);
}

void TestLocalTurn::meterJoinsSplitCharacters()
{
    LiveStats live;
    TurnMeter meter(live);
    // "日本!" split inside both characters.
    QCOMPARE(meter.add(token("\xe6\x97", 0, 1)), QString());
    QCOMPARE(meter.add(token("\xa5\xe6", 0, 1)), QStringLiteral("日"));
    QCOMPARE(meter.add(token("\x9c", 0, 1)), QString());
    QCOMPARE(meter.add(token("\xac!", 0, 1)), QStringLiteral("本!"));
    QCOMPARE(meter.flush(), QString());
    // An unfinished tail at the end is released by flush, replaced by the decoder.
    QCOMPARE(meter.add(token("\xe6", 0, 1)), QString());
    QCOMPARE(meter.flush(), QString(QChar::ReplacementCharacter));
    QCOMPARE(live.tokens, 5);
}

void TestLocalTurn::meterFigures()
{
    LiveStats live;
    TurnMeter meter(live);
    meter.add(token("a", 3, 1, 100));
    QCOMPARE(live.tokens, 1);
    QCOMPARE(live.lastHitRate, 0.75);
    QCOMPARE(live.hitRate, 0.75);
    QCOMPARE(live.lastTokenPerSecond, 2.0);
    QCOMPARE(live.tokensPerSecond, 2.0); // one token: the last token's rate
    QCOMPARE(live.residentBytes, quint64(100));
    QVERIFY(live.timeToFirstToken >= 0);
    // No resident figure (the last token): the allocation in force stays.
    meter.add(token("b", 0, 4, 0));
    QCOMPARE(live.tokens, 2);
    QCOMPARE(live.lastHitRate, 0.0);
    QCOMPARE(live.hitRate, 3.0 / 8.0);
    QCOMPARE(live.residentBytes, quint64(100));
    QVERIFY(live.elapsedSeconds >= live.timeToFirstToken);
}

void TestLocalTurn::dropOldest_data()
{
    // The "chat format" counts one id per content byte; room = maxTokens.
    QTest::addColumn<int>("context");
    QTest::addColumn<int>("maxTokens");
    QTest::addColumn<int>("dropped");
    QTest::addColumn<QStringList>("left");
    QTest::addColumn<int>("imagesLeft");
    const QStringList all { "sys", "u1xx", "a1xx", "u2xx", "a2xx", "u3xx" };
    QTest::newRow("fits") << 100 << 10 << 0 << all << 2;
    // 23 ids + 10 room: drop the first turn (u1 with its image, a1) -> 15 + 10.
    QTest::newRow("one turn") << 30 << 10 << 2 << QStringList { "sys", "u2xx", "a2xx", "u3xx" } << 1;
    QTest::newRow("two turns") << 20 << 10 << 4 << QStringList { "sys", "u3xx" } << 0;
    // Never the system message nor the last user message: it stops there.
    QTest::newRow("cannot fit") << 5 << 10 << 4 << QStringList { "sys", "u3xx" } << 0;
}

void TestLocalTurn::dropOldest()
{
    QFETCH(int, context);
    QFETCH(int, maxTokens);
    QFETCH(int, dropped);
    QFETCH(QStringList, left);
    QFETCH(int, imagesLeft);
    GenerateRequest r;
    r.messages = { message("system", "sys"), message("user", "u1xx", 1), message("assistant", "a1xx"),
        message("user", "u2xx", 1), message("assistant", "a2xx"), message("user", "u3xx") };
    r.images = { QStringLiteral("one.png"), QStringLiteral("two.png") };
    r.sampling.maxTokens = maxTokens;
    const RenderedLength length = [](const std::vector<ChatMessage> &m) {
        size_t n = 0;
        for (const ChatMessage &x : m)
            n += x.content.size();
        return n;
    };
    QCOMPARE(dropOldestToFit(r, context, length), dropped);
    QStringList got;
    for (const ChatMessage &m : r.messages)
        got << QString::fromStdString(m.content);
    QCOMPARE(got, left);
    QCOMPARE(int(r.images.size()), imagesLeft);
    if (imagesLeft == 1)
        QCOMPARE(r.images.first(), QStringLiteral("two.png")); // the oldest image went with its turn
}

SLUICE_TEST_GUILESS_MAIN(TestLocalTurn)
#include "tst_localturn.moc"
