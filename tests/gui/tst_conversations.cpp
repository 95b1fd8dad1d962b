// The GUI side of conversations that continue (issue 10), as far as the app
// can go without the engine's session API: the context in use per chat (from
// the worker's token counts), the banner before a turn that will not fit and
// its three ways out, "reading N of M tokens" with Stop in the message being
// produced, the session files' disk use and bound, and switching chats.
#include "support/testregistry.h"
#include "guitestutil.h"

#include "chat/chatlistpanel.h"
#include "chat/contextbanner.h"
#include "chat/conversationview.h"
#include "chat/promptedit.h"
#include "chat/sessionstore.h"

#include <QFile>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QStatusBar>
#include <QToolButton>
#include <QStandardPaths>
#include <QTest>
#include <QThread>

using namespace sluice;
using namespace sluice::test;

class TestConversations : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void contextInUsePerChat();
    void bannerBeforeATurnThatDoesNotFit_data();
    void bannerBeforeATurnThatDoesNotFit();
    void readingProgressWithStop();
    void sessionFilesBounded();
    void deletingAChatDropsItsSession();
    void editStateFollowsTheEdit();
};

// Picks a chat in the list as a user would (a click on its row).
static void pick(GuiFixture &f, const QString &id)
{
    QListWidget *list = f.window->findChild<gui::ChatListPanel *>()->list();
    for (int i = 0; i < list->count(); ++i)
        if (list->item(i)->data(Qt::UserRole).toString() == id)
            list->setCurrentRow(i);
}

void TestConversations::contextInUsePerChat()
{
    GuiFixture f;
    f.window->show();
    QVERIFY(openModel(f));
    QVERIFY(sendAndWait(f, QStringLiteral("first chat")));
    const QString first = f.window->currentChatId();
    const int held = f.window->chatStore()->chat(first)->contextTokens;
    // The worker's count: the prompt it read plus the 4 scripted reply tokens.
    QVERIFY(held > 4);
    QVERIFY(f.window->contextText().contains(QLocale().toString(held)));
    f.window->newChat();
    QVERIFY(sendAndWait(f, QStringLiteral("a second chat with a longer first message than the other one")));
    const QString second = f.window->currentChatId();
    const int held2 = f.window->chatStore()->chat(second)->contextTokens;
    QVERIFY(held2 > held);
    // Switching swaps the conversation and the figure with it.
    pick(f, first);
    QCOMPARE(f.window->currentChatId(), first);
    QCOMPARE(f.window->conversation()->messageCount(), 2);
    QVERIFY(f.window->contextText().contains(QLocale().toString(held)));
    pick(f, second);
    QCOMPARE(f.window->currentChatId(), second);
    QVERIFY(f.window->contextText().contains(QLocale().toString(held2)));
    // And the figure survives a restart (it is part of the chat file).
    f.window->chatStore()->waitForWrites();
    gui::ChatStore again(f.window->chatStore()->directory());
    again.load();
    QCOMPARE(again.chat(first)->contextTokens, held);
}

void TestConversations::bannerBeforeATurnThatDoesNotFit_data()
{
    QTest::addColumn<QString>("choice");
    QTest::newRow("cancel") << QStringLiteral("cancel");
    QTest::newRow("drop oldest") << QStringLiteral("drop");
    QTest::newRow("new chat") << QStringLiteral("new");
}

void TestConversations::bannerBeforeATurnThatDoesNotFit()
{
    QFETCH(QString, choice);
    GuiFixture f;
    f.settings->setContextLength(512);
    f.settings->setMaxTokens(100);
    f.window->show();
    QVERIFY(openModel(f));
    QSignalSpy overflow(f.window->engine()->worker(), &qt::EngineWorker::contextWouldOverflow);
    // The test double's "ids" are the bytes of the messages' content.
    const QString para = QStringLiteral("word ").repeated(60);
    QVERIFY(sendAndWait(f, para)); // 299 + 100 of 512
    const QString chatId = f.window->currentChatId();
    QCOMPARE(f.window->chatStore()->chat(chatId)->messages.size(), 2);
    QCOMPARE(overflow.count(), 0);
    // The second turn needs 299 + the reply + 299 + 100 of 512: the engine
    // counts the rendered ids and refuses before computing anything.
    QSignalSpy refused(f.window.get(), &gui::MainWindow::generationFinished);
    f.window->promptEdit()->setPlainText(para);
    f.window->sendPrompt();
    QVERIFY(refused.wait(10000));
    gui::ContextBanner *banner = f.window->contextBanner();
    QVERIFY(banner->isVisible());
    QVERIFY(!f.window->isGenerating());
    QCOMPARE(overflow.count(), 1);
    const int needed = overflow.first().at(1).toInt();
    QVERIFY(needed > 512);
    QCOMPARE(overflow.first().at(2).toInt(), 512);
    QVERIFY2(banner->text().contains(QLocale().toString(needed)) && banner->text().contains(QStringLiteral("512")),
             qPrintable(banner->text()));
    QCOMPARE(f.window->conversation()->messageCount(), 2); // the refused turn is taken back
    QCOMPARE(f.window->chatStore()->chat(chatId)->messages.size(), 2); // nothing sent, nothing lost
    QCOMPARE(f.window->promptEdit()->toPlainText(), para);

    QSignalSpy done(f.window.get(), &gui::MainWindow::generationFinished);
    if (choice == QLatin1String("cancel")) {
        banner->cancelButton()->click();
        QVERIFY(!banner->isVisible());
        QVERIFY(!f.window->isGenerating());
        QCOMPARE(f.window->promptEdit()->toPlainText(), para);
        return;
    }
    if (choice == QLatin1String("drop")) {
        banner->dropButton()->click();
        QVERIFY(done.wait(10000));
        const gui::Chat *c = f.window->chatStore()->chat(chatId);
        // The engine left the old exchange out (exactly, to fit); the chat did too.
        QCOMPARE(c->messages.size(), 2);
        QCOMPARE(c->messages[0].role, QStringLiteral("user"));
        QCOMPARE(c->messages[1].role, QStringLiteral("assistant"));
        QCOMPARE(f.window->conversation()->messageCount(), 2);
        QCOMPARE(overflow.count(), 1);
        return;
    }
    banner->newChatButton()->click();
    QVERIFY(done.wait(10000));
    QVERIFY(f.window->currentChatId() != chatId);
    const gui::Chat *c = f.window->chatStore()->chat(f.window->currentChatId());
    QVERIFY(c->title.contains(f.window->chatStore()->chat(chatId)->title));
    QCOMPARE(c->messages.last().role, QStringLiteral("assistant"));
    QCOMPARE(c->messages[c->messages.size() - 2].content, para.trimmed());
    QCOMPARE(c->messages.size(), 2); // the last turn that fits: the new question and its reply
    QCOMPARE(overflow.count(), 1);
    // The old chat is untouched.
    QCOMPARE(f.window->chatStore()->chat(chatId)->messages.size(), 2);
}

void TestConversations::readingProgressWithStop()
{
    EngineScript script = defaultScript();
    script.layerMicros = 20000; // slow enough to stop mid-reply
    script.tokens.assign(200, "x");
    GuiFixture f(script);
    f.window->show();
    QVERIFY(openModel(f));
    f.window->promptEdit()->setPlainText(QStringLiteral("hello"));
    f.window->sendPrompt();
    QVERIFY(f.window->isGenerating());
    gui::ConversationView *view = f.window->conversation();
    view->setReadingProgress(5, 12);
    gui::MessageWidget *last = view->lastWidget();
    QVERIFY(last->isReading());
    QCOMPARE(last->readingText(), QStringLiteral("Reading 5 of 12 tokens…"));
    QSignalSpy done(f.window.get(), &gui::MainWindow::generationFinished);
    Q_EMIT last->stopRequested(); // the Stop beside the bar
    QVERIFY(done.wait(5000));
    QVERIFY(!f.window->isGenerating());
    view->setReadingProgress(0, 0);
    QVERIFY(!last->isReading());
}

static void writeFile(const QString &path, int bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QByteArray(bytes, 'x'));
}

void TestConversations::sessionFilesBounded()
{
    QTemporaryDir dir;
    gui::SessionStore store(dir.filePath(QStringLiteral("sessions")));
    QCOMPARE(store.diskUse(), quint64(0));
    // Three chats written one after the other (oldest first), plus a temp file of an interrupted save.
    for (const char *id : {"old", "mid", "new"}) {
        writeFile(store.fileFor(QString::fromLatin1(id)), 1000);
        QThread::msleep(1100); // distinct modification times on coarse file systems
    }
    writeFile(store.fileFor(QStringLiteral("mid")) + QStringLiteral(".tmp-1"), 500);
    QCOMPARE(store.diskUse(), quint64(3500));
    QSignalSpy use(&store, &gui::SessionStore::diskUseChanged);
    // Keep 2000 bytes; "old" is the open chat and must stay.
    const QStringList dropped = store.prune(2000, {QStringLiteral("old")});
    QCOMPARE(dropped, QStringList({QStringLiteral("mid")}));
    QVERIFY(store.has(QStringLiteral("old")));
    QVERIFY(!store.has(QStringLiteral("mid")));
    QVERIFY(store.has(QStringLiteral("new")));
    QCOMPARE(store.diskUse(), quint64(2000));
    QCOMPARE(use.count(), 1);
    QCOMPARE(use.first().first().toULongLong(), quint64(2000));
    QCOMPARE(store.prune(0), QStringList({QStringLiteral("old"), QStringLiteral("new")}));
    QCOMPARE(store.diskUse(), quint64(0));
}

void TestConversations::deletingAChatDropsItsSession()
{
    GuiFixture f;
    f.window->show();
    QVERIFY(openModel(f));
    QVERIFY(sendAndWait(f, QStringLiteral("hi")));
    const QString id = f.window->currentChatId();
    writeFile(f.window->sessionStore()->fileFor(id), 100);
    QVERIFY(f.window->sessionStore()->has(id));
    // Delete asks first: answer the question box with Yes.
    QTimer::singleShot(200, [] {
        if (QWidget *box = QApplication::activeModalWidget())
            QTest::keyClick(box, Qt::Key_Y, Qt::AltModifier);
    });
    QTimer::singleShot(400, [] {
        if (QWidget *box = QApplication::activeModalWidget())
            QTest::keyClick(box, Qt::Key_Return);
    });
    f.window->findChild<gui::ChatListPanel *>()->findChildren<QPushButton *>().last()->click();
    QVERIFY(!f.window->chatStore()->chat(id));
    QVERIFY(!f.window->sessionStore()->has(id));
}

// Editing (issue 30): the message being edited is marked in the view and
// named in the status bar for as long as the edit lasts (not a notice's
// 8 s); sending it, or switching chats, clears both.
void TestConversations::editStateFollowsTheEdit()
{
    GuiFixture f;
    f.window->show();
    QVERIFY(openModel(f));
    QVERIFY(sendAndWait(f, QStringLiteral("first question")));
    QVERIFY(sendAndWait(f, QStringLiteral("second question")));
    gui::ConversationView *view = f.window->conversation();
    QCOMPARE(view->messageCount(), 4);
    const auto widgets = view->findChildren<gui::MessageWidget *>();
    gui::MessageWidget *first = nullptr;
    for (gui::MessageWidget *w : widgets)
        if (w->index() == 0)
            first = w;
    QVERIFY(first);
    // The user clicks Edit on their first message.
    QToolButton *edit = nullptr;
    for (QToolButton *b : first->findChildren<QToolButton *>())
        if (b->accessibleName() == QLatin1String("Edit and resend this message"))
            edit = b;
    QVERIFY(edit);
    edit->click();
    QCOMPARE(f.window->promptEdit()->toPlainText(), QStringLiteral("first question"));
    QCOMPARE(view->editingIndex(), 0);
    QVERIFY(first->isEditing());
    QVERIFY2(first->roleText().contains(QLatin1String("edited")), qPrintable(first->roleText()));
    QVERIFY(!first->accessibleDescription().isEmpty());
    QVERIFY(f.window->statusBar()->currentMessage().contains(QLatin1String("Editing message 1")));

    // Sent: the conversation is replaced from there, and nothing says "editing" any more.
    f.window->promptEdit()->setPlainText(QStringLiteral("first question, asked better"));
    QSignalSpy done(f.window.get(), &gui::MainWindow::generationFinished);
    f.window->sendPrompt();
    QVERIFY(done.wait(10000));
    QCOMPARE(view->messageCount(), 2);
    QCOMPARE(view->editingIndex(), -1);
    for (gui::MessageWidget *w : view->findChildren<gui::MessageWidget *>())
        QVERIFY(!w->isEditing());
    QVERIFY2(!f.window->statusBar()->currentMessage().contains(QLatin1String("Editing")),
        qPrintable(f.window->statusBar()->currentMessage()));

    // An edit started and then left for another chat ends there too.
    for (QToolButton *b : view->findChildren<QToolButton *>())
        if (b->accessibleName() == QLatin1String("Edit and resend this message") && b->isVisible())
            b->click();
    QCOMPARE(view->editingIndex(), 0);
    const QString edited = f.window->currentChatId();
    f.window->newChat();
    QVERIFY(f.window->currentChatId() != edited);
    QCOMPARE(view->editingIndex(), -1);
    QVERIFY(!f.window->statusBar()->currentMessage().contains(QLatin1String("Editing")));
}

SLUICE_TEST_MAIN(TestConversations)
#include "tst_conversations.moc"
