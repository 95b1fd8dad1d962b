// The event-loop probe (issue 30): its statistics fed known gaps, the timer
// catching a stall made on purpose, the report written where asked; and the
// structure behind the figures it gave: a chat's JSON is built off the GUI
// thread, a streamed reply re-renders only its tail.
#include "support/testregistry.h"
#include "app/stallprobe.h"
#include "chat/chatstore.h"
#include "chat/conversationview.h"
#include "chat/markdownview.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMutex>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

using namespace sluice::gui;

class TestStallProbe : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void percentiles_data();
    void percentiles();
    void widestGapsAskActivityOnlyForThem();
    void probeSeesABlockedThread();
    void summaryGoesToTheFile();
    void saveBuildsTheJsonOffTheGuiThread();
    void streamingRendersOnlyTheTail();
};

void TestStallProbe::percentiles_data()
{
    QTest::addColumn<QList<qint64>>("gapsUs");
    QTest::addColumn<qint64>("p50");
    QTest::addColumn<qint64>("p99");
    QTest::addColumn<qint64>("max");

    QTest::newRow("empty") << QList<qint64>{} << qint64(0) << qint64(0) << qint64(0);
    QTest::newRow("one") << QList<qint64>{1234} << qint64(1200) << qint64(1200) << qint64(1234);
    // 1..100 ms: nearest rank puts p50 at 50 ms and p99 at 99 ms.
    QList<qint64> hundred;
    for (qint64 i = 100; i >= 1; --i)
        hundred << i * 1000;
    QTest::newRow("1..100 ms, any order") << hundred << qint64(50000) << qint64(99000) << qint64(100000);
    // 990 quiet firings and ten stalls of 30 ms: p99 is still quiet, the max is not.
    QList<qint64> quiet(990, 300);
    quiet << QList<qint64>(10, 30000);
    QTest::newRow("1 % of stalls") << quiet << qint64(300) << qint64(300) << qint64(30000);
    // Eleven stalls in 1000 push p99 onto them.
    QList<qint64> eleven(989, 300);
    eleven << QList<qint64>(11, 30000);
    QTest::newRow("1.1 % of stalls") << eleven << qint64(300) << qint64(30000) << qint64(30000);
    // Late firings are never negative; beyond the histogram the max stays exact.
    QTest::newRow("negative and huge") << QList<qint64>{-50, -50, 5'000'000} << qint64(0) << qint64(1'999'900)
                                       << qint64(5'000'000);
}

void TestStallProbe::percentiles()
{
    QFETCH(QList<qint64>, gapsUs);
    QFETCH(qint64, p50);
    QFETCH(qint64, p99);
    QFETCH(qint64, max);
    StallStats stats;
    for (qint64 us : gapsUs)
        stats.add(us, 0);
    QCOMPARE(stats.count(), qint64(gapsUs.size()));
    QCOMPARE(stats.percentileUs(50), p50);
    QCOMPARE(stats.percentileUs(99), p99);
    QCOMPARE(stats.maxUs(), max);
}

void TestStallProbe::widestGapsAskActivityOnlyForThem()
{
    StallStats stats;
    int asked = 0;
    QString doing;
    auto activity = [&] {
        ++asked;
        return doing;
    };
    for (int i = 0; i < 1000; ++i) {
        doing = QStringLiteral("gap %1").arg(i);
        stats.add(i % 100 == 7 ? 10000 + i : 100, i, activity); // ten wide gaps, the later ones wider
    }
    // The five widest, widest first, each with what was going on then.
    QCOMPARE(int(stats.widest().size()), StallStats::kTop);
    QCOMPARE(stats.widest().first().us, qint64(10907));
    QCOMPARE(stats.widest().first().activity, QStringLiteral("gap 907"));
    QCOMPARE(stats.widest().first().atMs, qint64(907));
    QCOMPARE(stats.widest().last().us, qint64(10507));
    // Asked for the first five quiet ones (the list was not full) and each new wide one: never per firing.
    QCOMPARE(asked, 5 + 10);
    const QString text = stats.summary(4, 4000);
    QVERIFY2(text.contains(QStringLiteral("1000 timer firings over 4.0 s")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("max 10.9 ms")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("10.9 ms at 0.907 s: gap 907")), qPrintable(text));
}

void TestStallProbe::probeSeesABlockedThread()
{
    StallProbe probe(QStringLiteral("-"));
    probe.setActivity([] { return QStringLiteral("blocking on purpose"); });
    probe.start();
    QTRY_VERIFY(probe.stats().count() >= 2);
    // The GUI thread does no event processing for 60 ms: the next firing is that late.
    QThread::msleep(60);
    const qint64 before = probe.stats().count();
    QTRY_VERIFY(probe.stats().count() > before);
    probe.stop();
    QVERIFY2(probe.stats().maxUs() >= 50000, qPrintable(probe.summary()));
    QCOMPARE(probe.stats().widest().first().activity, QStringLiteral("blocking on purpose"));
    // Asleep, not working: the thread's CPU clock says so (where there is one).
    if (probe.stats().widest().first().busyUs >= 0)
        QVERIFY2(probe.stats().widest().first().busyUs < 30000, qPrintable(probe.summary()));
}

void TestStallProbe::summaryGoesToTheFile()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("stalls.txt"));
    StallProbe probe(path);
    probe.start();
    QTRY_VERIFY(probe.stats().count() >= 3);
    probe.stop();
    QVERIFY(probe.writeSummary());
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(f.readAll());
    QVERIFY2(text.startsWith(QStringLiteral("sluice event-loop probe: ")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("p99 ")), qPrintable(text));
    // An unwritable destination is a warning and false, not a crash.
    StallProbe nowhere(dir.filePath(QStringLiteral("missing/dir/stalls.txt")));
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("event-loop probe: cannot write")));
    QVERIFY(!nowhere.writeSummary());
}

void TestStallProbe::saveBuildsTheJsonOffTheGuiThread()
{
    // The JSON of a long chat is built by the writer, not by save() on the
    // GUI thread; the file still holds the chat as it was when saved.
    QTemporaryDir dir;
    ChatStore store(dir.path());
    const QString id = store.createChat(QStringLiteral("long"));
    Chat chat = *store.chat(id);
    for (int i = 0; i < 400; ++i) {
        Message m;
        m.role = i % 2 ? QStringLiteral("assistant") : QStringLiteral("user");
        m.content = QStringLiteral("message %1").arg(i);
        chat.messages.append(m);
    }
    QVERIFY(store.update(chat));
    store.waitForWrites();
    QList<QThread *> builtOn;
    QMutex mutex;
    ChatStore::setSerializeHook([&] {
        QMutexLocker lock(&mutex);
        builtOn << QThread::currentThread();
    });
    const auto unhook = qScopeGuard([] { ChatStore::setSerializeHook({}); });
    QVERIFY(store.save(id));
    // Changed right after the save: the file must hold the chat as it was at save().
    chat.messages.append(Message{QStringLiteral("user"), QStringLiteral("later"), {}, {}, {}, {}, {}});
    QVERIFY(store.update(chat));
    store.waitForWrites();
    QMutexLocker lock(&mutex);
    QCOMPARE(builtOn.size(), 2);
    for (QThread *t : std::as_const(builtOn))
        QVERIFY(t != QThread::currentThread());
    QFile f(store.fileFor(id));
    QVERIFY(f.open(QIODevice::ReadOnly));
    Chat read;
    QString why;
    QVERIFY2(chatFromJson(QJsonDocument::fromJson(f.readAll()).object(), &read, &why), qPrintable(why));
    QCOMPARE(read.messages.size(), 401);
}

void TestStallProbe::streamingRendersOnlyTheTail()
{
    // Per update of a streamed reply only its unsettled tail is rendered again:
    // no other message, and no settled part of the reply itself.
    Chat chat;
    for (int i = 0; i < 10; ++i) {
        Message m;
        m.role = i % 2 ? QStringLiteral("assistant") : QStringLiteral("user");
        m.content = QStringLiteral("message **%1**").arg(i);
        chat.messages.append(m);
    }
    ConversationView view;
    view.resize(800, 600);
    view.setChat(&chat);
    QList<MessageWidget *> widgets = view.findChildren<MessageWidget *>();
    std::sort(widgets.begin(), widgets.end(), [](MessageWidget *a, MessageWidget *b) { return a->index() < b->index(); });
    QCOMPARE(widgets.size(), 10);
    MessageWidget *last = widgets.last();
    QHash<MarkdownView *, int> before;
    for (MessageWidget *w : std::as_const(widgets)) {
        if (w != last)
            for (MarkdownView *v : w->findChildren<MarkdownView *>())
                before.insert(v, v->renderCount());
    }
    Message reply = chat.messages.last();
    const QStringList pieces{QStringLiteral("The river **carries** boats"), QStringLiteral(" past `the` tree."),
                             QStringLiteral("\n\n- an item\n- another\n\n"), QStringLiteral("```\nint x = 1;\n\n"),
                             QStringLiteral("int y = 2;\n```\n\n")};
    int tailRenders = 0;
    qsizetype widestTail = 0;
    for (int i = 0; i < 250; ++i) {
        reply.content += pieces[i % pieces.size()];
        view.updateLastMessage(reply);
        widestTail = std::max(widestTail, last->contentViews().last()->markdownText().size());
        tailRenders = last->contentViews().last()->renderCount();
    }
    QVERIFY(tailRenders > 0);
    for (auto it = before.cbegin(); it != before.cend(); ++it)
        QCOMPARE(it.key()->renderCount(), it.value());
    const QList<MarkdownView *> parts = last->contentViews();
    QVERIFY2(parts.size() > 3, qPrintable(QString::number(parts.size())));
    QString joined;
    for (MarkdownView *v : parts) {
        joined += v->markdownText();
        if (v != parts.last())
            QCOMPARE(v->renderCount(), 1);
    }
    QCOMPARE(joined, reply.content);
    QVERIFY2(widestTail < 3000, qPrintable(QString::number(widestTail)));
    // A blank line inside a fenced block is not a place to cut: every part holds whole fences.
    for (MarkdownView *v : parts)
        QCOMPARE(v->markdownText().count(QStringLiteral("```")) % 2, 0);
    // Any change other than growth (an edit, the final parse) renders the whole text in one view.
    reply.content = QStringLiteral("Edited.");
    view.updateLastMessage(reply);
    QCOMPARE(last->contentViews().size(), 1);
    QCOMPARE(last->contentViews().first()->markdownText(), QStringLiteral("Edited."));
}

SLUICE_TEST_MAIN(TestStallProbe)
#include "tst_stallprobe.moc"
