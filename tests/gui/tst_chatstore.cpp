// Chat persistence. The crash test runs this executable
// again as a child that aborts between writing the temporary file and the
// rename — the worst moment — and checks the parent still reads every chat.
#include "support/testregistry.h"
#include "chat/chatstore.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <cstdlib>
#include <cstring>

using namespace sluice::gui;

namespace {

Message msg(const QString &role, const QString &content)
{
    Message m;
    m.role = role;
    m.content = content;
    m.created = QDateTime::currentDateTimeUtc();
    return m;
}

// Child mode: add a message to chat `id` and die inside the save.
int crashChild(const QString &dir, const QString &id)
{
    ChatStore store(dir);
    store.load();
    const Chat *c = store.chat(id);
    if (!c)
        return 3;
    Chat chat = *c;
    chat.messages.append(msg(QStringLiteral("user"), QStringLiteral("this message is being saved when the app dies")));
    ChatStore::setBeforeCommitHook([] { std::abort(); });
    store.update(chat);
    store.waitForWrites();
    return 4; // not reached
}

} // namespace

class TestChatStore : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void roundTrip();
    void renameDeleteSearch();
    void damagedFileIsSkippedNotFatal();
    void crashBetweenWriteAndRename();
    void exportMarkdown();
};

void TestChatStore::roundTrip()
{
    QTemporaryDir dir;
    QString id;
    {
        ChatStore store(dir.path());
        id = store.createChat(QStringLiteral("First"));
        Chat chat = *store.chat(id);
        chat.messages.append(msg(QStringLiteral("user"), QStringLiteral("Hi ünïcödé 日本")));
        Message a = msg(QStringLiteral("assistant"), QStringLiteral("**Hello**"));
        a.reasoning = QStringLiteral("think");
        a.toolCalls.append({QStringLiteral("search"), QStringLiteral("query: cats")});
        a.images = {QStringLiteral("/tmp/x.png")};
        a.stats.valid = true;
        a.stats.tokens = 12;
        a.stats.tokensPerSecond = 3.5;
        a.stats.budgetBytes = 1ull << 35;
        chat.messages.append(a);
        QVERIFY(store.update(chat));
    } // destructor waits for the write
    ChatStore again(dir.path());
    again.load();
    QVERIFY(again.loadErrors().isEmpty());
    const Chat *c = again.chat(id);
    QVERIFY(c);
    QCOMPARE(c->title, QStringLiteral("First"));
    QCOMPARE(c->messages.size(), 2);
    QCOMPARE(c->messages[0].content, QStringLiteral("Hi ünïcödé 日本"));
    QCOMPARE(c->messages[1].reasoning, QStringLiteral("think"));
    QCOMPARE(c->messages[1].toolCalls.size(), 1);
    QCOMPARE(c->messages[1].toolCalls[0].name, QStringLiteral("search"));
    QCOMPARE(c->messages[1].images, QStringList{QStringLiteral("/tmp/x.png")});
    QVERIFY(c->messages[1].stats.valid);
    QCOMPARE(c->messages[1].stats.tokens, 12);
    QCOMPARE(c->messages[1].stats.budgetBytes, 1ull << 35);
}

void TestChatStore::renameDeleteSearch()
{
    QTemporaryDir dir;
    ChatStore store(dir.path());
    QSignalSpy changed(&store, &ChatStore::chatsChanged);
    const QString a = store.createChat(QStringLiteral("Cooking pasta"));
    const QString b = store.createChat(QStringLiteral("Rust lifetimes"));
    QCOMPARE(store.search(QStringLiteral("PASTA")), QStringList{a});
    QVERIFY(store.rename(b, QStringLiteral("C++ templates")));
    QVERIFY(!store.rename(b, QStringLiteral("   "))); // empty titles are refused
    QCOMPARE(store.search(QStringLiteral("templates")), QStringList{b});
    QCOMPARE(store.search(QString()).size(), 2);
    QVERIFY(store.remove(a));
    store.waitForWrites();
    QVERIFY(!QFile::exists(store.fileFor(a)));
    QVERIFY(changed.count() >= 4);
    ChatStore again(dir.path());
    again.load();
    QCOMPARE(again.ids(), QStringList{b});
    QCOMPARE(again.chat(b)->title, QStringLiteral("C++ templates"));
}

void TestChatStore::damagedFileIsSkippedNotFatal()
{
    QTemporaryDir dir;
    QString good;
    {
        ChatStore store(dir.path());
        good = store.createChat(QStringLiteral("good"));
    }
    QFile bad(QDir(dir.path()).filePath(QStringLiteral("broken.json")));
    QVERIFY(bad.open(QIODevice::WriteOnly));
    bad.write("{\"format\": \"sluice-chat\", \"id\": ");
    bad.close();
    QFile alien(QDir(dir.path()).filePath(QStringLiteral("alien.json")));
    QVERIFY(alien.open(QIODevice::WriteOnly));
    alien.write("{\"hello\": 1}");
    alien.close();
    ChatStore store(dir.path());
    store.load();
    QCOMPARE(store.ids(), QStringList{good});
    QCOMPARE(store.loadErrors().size(), 2);
    QVERIFY(store.loadErrors().join(QLatin1Char(' ')).contains(QStringLiteral("broken.json")));
}

void TestChatStore::crashBetweenWriteAndRename()
{
    QTemporaryDir dir;
    QString id, other;
    {
        ChatStore store(dir.path());
        id = store.createChat(QStringLiteral("precious"));
        other = store.createChat(QStringLiteral("bystander"));
        Chat chat = *store.chat(id);
        chat.messages.append(msg(QStringLiteral("user"), QStringLiteral("one")));
        chat.messages.append(msg(QStringLiteral("assistant"), QStringLiteral("two")));
        store.update(chat);
    }
    QProcess child;
    // This test's own executable, in its child mode (support/testregistry.h: the test name comes first).
    child.start(QCoreApplication::applicationFilePath(), {QStringLiteral("tst_chatstore"), QStringLiteral("--crash-child"), dir.path(), id});
    QVERIFY(child.waitForFinished(30000));
    QCOMPARE(child.exitStatus(), QProcess::CrashExit); // it really died mid-save

    ChatStore store(dir.path());
    store.load();
    QVERIFY2(store.loadErrors().isEmpty(), qPrintable(store.loadErrors().join(QLatin1Char(';'))));
    QCOMPARE(store.count(), 2); // nothing lost, the temporary file is not mistaken for a chat
    const Chat *c = store.chat(id);
    QVERIFY(c);
    QCOMPARE(c->messages.size(), 2); // the previous complete version
    QCOMPARE(c->messages[1].content, QStringLiteral("two"));
    QVERIFY(store.chat(other));
    // And the store keeps working afterwards.
    Chat chat = *c;
    chat.messages.append(msg(QStringLiteral("user"), QStringLiteral("three")));
    QVERIFY(store.update(chat));
    store.waitForWrites();
    ChatStore again(dir.path());
    again.load();
    QCOMPARE(again.chat(id)->messages.size(), 3);
}

void TestChatStore::exportMarkdown()
{
    Chat chat;
    chat.id = QStringLiteral("x");
    chat.title = QStringLiteral("Export me");
    chat.messages = {msg(QStringLiteral("user"), QStringLiteral("Question?")), msg(QStringLiteral("assistant"), QStringLiteral("Answer."))};
    chat.messages[1].reasoning = QStringLiteral("hmm");
    const QString md = chatToMarkdown(chat);
    QVERIFY(md.startsWith(QStringLiteral("# Export me\n")));
    QVERIFY(md.indexOf(QStringLiteral("Question?")) < md.indexOf(QStringLiteral("Answer.")));
    QVERIFY(md.contains(QStringLiteral("<details>")));
    // JSON export is the same document the store writes, and reads back.
    Chat back;
    QString error;
    QVERIFY(chatFromJson(QJsonDocument::fromJson(QJsonDocument(chatToJson(chat)).toJson()).object(), &back, &error));
    QCOMPARE(back.messages.size(), 2);
    QCOMPARE(back.messages[1].reasoning, QStringLiteral("hmm"));
}

static int chatStoreMain(int argc, char **argv)
{
    if (argc >= 4 && std::strcmp(argv[1], "--crash-child") == 0) {
        QCoreApplication app(argc, argv);
        return crashChild(QString::fromLocal8Bit(argv[2]), QString::fromLocal8Bit(argv[3]));
    }
    QCoreApplication app(argc, argv);
    TestChatStore tc;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&tc, argc, argv);
}
SLUICE_TEST_CUSTOM_MAIN(chatStoreMain)

#include "tst_chatstore.moc"
