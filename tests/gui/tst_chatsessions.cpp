// One engine session per chat (issue 10) on the real engine and the demo
// model: the window saves the chat's state after each reply and swaps it back
// in when the chat is opened again (after another chat's turn, after a
// restart); a damaged session file is refused with a notice and the turn is
// computed afresh, the chat intact.
#include "support/testregistry.h"
#include "app/appearance.h"
#include "support/synthmodel.h"
#include "chat/chatlistpanel.h"
#include "chat/conversationview.h"
#include "app/enginefactory.h"
#include "app/mainwindow.h"
#include "chat/promptedit.h"
#include "chat/sessionstore.h"
#include "app/settings.h"

#include <QApplication>
#include <QDebug>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QListWidget>
#include <QLocale>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

using namespace sluice;

#define WAIT_COUNT(spy, n, ms) QTRY_VERIFY_WITH_TIMEOUT((spy).count() >= (n), ms)

// Empty when `next` reused `prev`'s whole turn up to its reply's last id (the
// id splice); else what it reused of what it should have.
static QString missedSplice(const qt::GenerationSummary &next, const qt::GenerationSummary &prev)
{
    if (next.reusedTokens >= prev.promptTokens + prev.stats.tokens - 1)
        return QString();
    return QStringLiteral("reused %1 of %2 + %3").arg(next.reusedTokens).arg(prev.promptTokens).arg(prev.stats.tokens);
}

class TestChatSessions : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void switchingChatsSwapsState();
    void damagedSessionIsRebuilt();
    void readingProgressInTheMessage();
    void modelChangedIsSaid();
    void stopWhileReading();

private:
    void startWindow();
    bool openDemo();
    // Sends `text` in the open chat; the worker's summary of the turn.
    qt::GenerationSummary send(const QString &text, bool *ok);
    // Opens the demo and has a first turn ("Hello there") answered and saved
    // in the chat it names; *ok when all of that worked.
    qt::GenerationSummary helloTurn(QString *chatId, bool *ok);
    // Picks a chat in the list as a user would; the chat then current.
    QString pick(const QString &id);
    bool waitForSave();

    QTemporaryDir m_model;
    QString m_demo;
    std::unique_ptr<QTemporaryDir> m_data;
    std::unique_ptr<gui::Settings> m_settings;
    std::unique_ptr<gui::Appearance> m_appearance;
    std::unique_ptr<gui::MainWindow> m_window;
    std::unique_ptr<QSignalSpy> m_finished, m_saved, m_error;
};

void TestChatSessions::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    qputenv("SLUICE_THREADS", "1"); // the machine is shared; the demo needs no more
    qt::registerEngineMetaTypes();
    m_demo = m_model.filePath(QStringLiteral("demo.waste"));
    SLUICE_SYNTH_DEMO(m_demo);
}

void TestChatSessions::init()
{
    m_data = std::make_unique<QTemporaryDir>();
    m_settings = std::make_unique<gui::Settings>(m_data->filePath(QStringLiteral("settings.ini")));
    m_settings->setThinking(false);
    m_settings->setTemperature(0); // greedy: the same prompt gives the same reply
    m_settings->setMaxTokens(8);
    m_appearance = std::make_unique<gui::Appearance>(qApp);
    startWindow();
}

void TestChatSessions::cleanup()
{
    m_finished.reset();
    m_saved.reset();
    m_error.reset();
    m_window.reset();
    m_appearance.reset();
    m_settings.reset();
    m_data.reset();
}

void TestChatSessions::startWindow()
{
    m_finished.reset();
    m_saved.reset();
    m_error.reset();
    m_window.reset();
    gui::MainWindowOptions o;
    o.dataDirectory = m_data->filePath(QStringLiteral("data"));
    o.engineFactory = gui::defaultEngineFactory();
    o.usableRamBytes = 16ull << 30;
    m_settings->setAdaptBudget(false); // budgets must not move with the shared machine's memory
    m_window = std::make_unique<gui::MainWindow>(m_settings.get(), m_appearance.get(), o);
    m_finished = std::make_unique<QSignalSpy>(m_window->engine()->worker(), &qt::EngineWorker::finished);
    m_saved = std::make_unique<QSignalSpy>(m_window->engine()->worker(), &qt::EngineWorker::sessionSaved);
    m_error = std::make_unique<QSignalSpy>(m_window->engine()->worker(), &qt::EngineWorker::error);
}

bool TestChatSessions::openDemo()
{
    QSignalSpy opened(m_window.get(), &gui::MainWindow::modelOpened);
    m_window->openModel(m_demo);
    return opened.wait(60000);
}

qt::GenerationSummary TestChatSessions::send(const QString &text, bool *ok)
{
    const qsizetype before = m_finished->count();
    QSignalSpy done(m_window.get(), &gui::MainWindow::generationFinished);
    m_window->promptEdit()->setPlainText(text);
    m_window->sendPrompt();
    // The window hears of the end through a queued signal, the spy on the
    // worker's thread right after: either can come first, so wait for both.
    // A turn after a long prompt reads it all again: under ASan at a load of
    // 10 on two cores that took over 60 s once (session 16), so the wait is
    // the test function's budget, not a guess at the machine's speed.
    *ok = done.wait(180000);
    QElapsedTimer t;
    t.start();
    while (*ok && m_finished->count() < before + 1 && t.elapsed() < 10000)
        QTest::qWait(10);
    *ok = *ok && m_finished->count() == before + 1;
    if (!*ok)
        qWarning().noquote() << "turn failed:" << m_window->lastMessage() << m_finished->count() - before;
    return *ok ? m_finished->last().at(1).value<qt::GenerationSummary>() : qt::GenerationSummary();
}

qt::GenerationSummary TestChatSessions::helloTurn(QString *chatId, bool *ok)
{
    *ok = false;
    if (!openDemo())
        return {};
    bool sent = false;
    const qt::GenerationSummary summary = send(QStringLiteral("Hello there"), &sent);
    *chatId = m_window->currentChatId();
    *ok = sent && waitForSave();
    return summary;
}

QString TestChatSessions::pick(const QString &id)
{
    QListWidget *list = m_window->findChild<gui::ChatListPanel *>()->list();
    for (int i = 0; i < list->count(); ++i)
        if (list->item(i)->data(Qt::UserRole).toString() == id)
            list->setCurrentRow(i);
    return m_window->currentChatId();
}

bool TestChatSessions::waitForSave()
{
    // One save per finished turn, queued behind it on the worker; it may
    // already have been answered, so count against the turns, not the moment.
    const qsizetype expected = m_finished->count();
    QElapsedTimer t;
    t.start();
    while (m_saved->count() < expected && t.elapsed() < 30000)
        QTest::qWait(10);
    return m_saved->count() == expected && m_saved->last().at(1).toBool();
}

void TestChatSessions::switchingChatsSwapsState()
{
    bool ok = false;
    QString chatA;
    const qt::GenerationSummary a1 = helloTurn(&chatA, &ok);
    QVERIFY(ok);
    QVERIFY(m_window->sessionStore()->has(chatA));

    m_window->newChat();
    const QString chatB = m_window->currentChatId();
    QVERIFY(chatB != chatA);
    const qt::GenerationSummary b1 = send(QStringLiteral("Something else"), &ok);
    QVERIFY(ok);
    QCOMPARE(b1.reusedTokens, 0); // a new chat starts from an empty state, not A's
    QVERIFY(waitForSave());

    QCOMPARE(pick(chatA), chatA);
    const qt::GenerationSummary a2 = send(QStringLiteral("And then?"), &ok);
    QVERIFY(ok);
    // A's first turn came back from its file, reply included: the id splice
    // works after a load too (everything up to the reply's last id is reused,
    // nothing of A is read again).
    QCOMPARE(missedSplice(a2, a1), QString());
    QCOMPARE(a2.reusedTokens + a2.prefillTokens, a2.promptTokens);
    QVERIFY(waitForSave());

    // Across a restart: a new window (a new engine) continues B from its file.
    startWindow();
    QVERIFY(openDemo());
    QCOMPARE(pick(chatB), chatB);
    const qt::GenerationSummary b2 = send(QStringLiteral("More please"), &ok);
    QVERIFY(ok);
    QCOMPARE(missedSplice(b2, b1), QString());
    QVERIFY(m_error->isEmpty());
}

void TestChatSessions::damagedSessionIsRebuilt()
{
    bool ok = false;
    QString chatA;
    QVERIFY((helloTurn(&chatA, &ok), ok));
    m_window->newChat();
    QVERIFY((send(QStringLiteral("Something else"), &ok), ok));
    QVERIFY(waitForSave());

    {
        QFile f(m_window->sessionStore()->fileFor(chatA));
        QVERIFY(f.open(QIODevice::ReadWrite));
        QVERIFY(f.size() > 256);
        f.seek(f.size() / 2);
        f.write(QByteArray(64, '\x5a'));
    }
    QSignalSpy notices(m_window.get(), &gui::MainWindow::noticeShown);
    pick(chatA);
    QTRY_VERIFY_WITH_TIMEOUT(!notices.isEmpty(), 30000);
    const QString notice = notices.last().at(0).toString();
    QVERIFY2(notice.contains(QStringLiteral("could not be used"))
            && notice.contains(QStringLiteral("rebuilding the context")),
        qPrintable(notice));
    QCOMPARE(m_window->conversation()->noticeText(), notice); // shown in the chat too

    const qt::GenerationSummary a2 = send(QStringLiteral("And then?"), &ok);
    QVERIFY(ok);
    QCOMPARE(a2.reusedTokens, 0); // neither the damaged file nor B's state was used
    QCOMPARE(a2.prefillTokens, a2.promptTokens);
    const gui::Chat *a = m_window->chatStore()->chat(chatA);
    QVERIFY(a);
    QCOMPARE(a->messages.size(), 4); // the chat itself is intact, and the turn was added
    QVERIFY(waitForSave()); // and a good file replaces the damaged one
    QVERIFY(m_error->isEmpty());
}

// "Reading N of M tokens" in the message being produced comes from the
// engine's prefill: every report the window gets is shown as it came, and the
// row goes when the reply streams.
void TestChatSessions::readingProgressInTheMessage()
{
    QVERIFY(openDemo());
    QStringList shown, expected;
    // Connected after the window's own handler: each report is seen right after the window applied it.
    connect(m_window->engine()->worker(), &qt::EngineWorker::prefillProgress, this, [&](quint64, int done, int total) {
        gui::MessageWidget *last = m_window->conversation()->lastWidget();
        shown << (last ? last->readingText() : QString());
        expected << QStringLiteral("Reading %1 of %2 tokens…").arg(QLocale().toString(done), QLocale().toString(total));
    });
    QString text;
    for (int i = 0; i < 150; ++i)
        text += i % 3 ? QStringLiteral("stone ") : QStringLiteral("river ");
    bool ok = false;
    const qt::GenerationSummary s = send(text, &ok);
    QVERIFY(ok);
    QVERIFY(s.prefillTokens > 64); // more than one chunk
    QVERIFY(shown.size() >= 2);
    QCOMPARE(shown, expected);
    QVERIFY(expected.first().startsWith(QStringLiteral("Reading 0 of ")));
    QVERIFY(expected.last().startsWith(QStringLiteral("Reading %1 of").arg(QLocale().toString(s.prefillTokens))));
    QVERIFY(!m_window->conversation()->lastWidget()->isReading()); // the reply came: the row went
    // The reply kept in the chat is the engine's parse of the ids (no re-tokenised text).
    const gui::Chat *c = m_window->chatStore()->chat(m_window->currentChatId());
    QVERIFY(c && c->messages.size() == 2);
    QVERIFY(s.reply.has_value());
    QCOMPARE(c->messages.last().content, QString::fromStdString(s.reply->content));
}

// A session saved with one model and loaded with another (same shape, other
// weights: the fingerprint differs) is refused and said so in the user's
// words; the next turn reads the whole chat again, with progress, chat intact.
void TestChatSessions::modelChangedIsSaid()
{
    const QString other = m_model.filePath(QStringLiteral("demo-seed7.waste"));
    if (!QFileInfo::exists(other)) {
        const QString why = test::synthesizeDemo(other, {QStringLiteral("--seed"), QStringLiteral("7")});
        QVERIFY2(why.isEmpty(), qPrintable(why));
    }
    bool ok = false;
    QString chatA;
    const qt::GenerationSummary a1 = helloTurn(&chatA, &ok);
    QVERIFY(ok);

    startWindow();
    QSignalSpy notices(m_window.get(), &gui::MainWindow::noticeShown);
    QSignalSpy opened(m_window.get(), &gui::MainWindow::modelOpened);
    m_window->openModel(other);
    QVERIFY(opened.wait(60000));
    QCOMPARE(pick(chatA), chatA);
    QTRY_VERIFY_WITH_TIMEOUT(!notices.isEmpty(), 30000);
    const QString notice = notices.last().at(0).toString();
    QVERIFY2(notice.startsWith(QStringLiteral("The model changed: rebuilding the context, ")), qPrintable(notice));
    // N is the engine's count of what the chat held.
    const gui::Chat *a = m_window->chatStore()->chat(chatA);
    QVERIFY(a);
    QVERIFY2(notice.contains(QLocale().toString(a->contextTokens)), qPrintable(notice));
    QCOMPARE(m_window->conversation()->noticeText(), notice);

    QSignalSpy reading(m_window->engine()->worker(), &qt::EngineWorker::prefillProgress);
    const qt::GenerationSummary a2 = send(QStringLiteral("And then?"), &ok);
    QVERIFY(ok);
    QCOMPARE(a2.reusedTokens, 0); // rebuilt, not the other model's state
    QVERIFY(a2.promptTokens > a1.promptTokens);
    QVERIFY(!reading.isEmpty());
    QCOMPARE(reading.last().at(1).toInt(), a2.prefillTokens); // with its progress
    QCOMPARE(m_window->chatStore()->chat(chatA)->messages.size(), 4);
    QVERIFY(m_error->isEmpty());
}

// The Stop beside "Reading N of M tokens" stops the prefill itself: the turn
// ends cancelled before any token, well before the prompt was read, and the
// chat goes on.
void TestChatSessions::stopWhileReading()
{
    QVERIFY(openDemo());
    QSignalSpy reading(m_window->engine()->worker(), &qt::EngineWorker::prefillProgress);
    bool clicked = false;
    connect(m_window->engine()->worker(), &qt::EngineWorker::prefillProgress, this, [&](quint64, int done, int) {
        gui::MessageWidget *last = m_window->conversation()->lastWidget();
        if (clicked || done == 0 || !last || !last->isReading())
            return;
        for (QToolButton *b : last->findChildren<QToolButton *>())
            if (b->accessibleName() == QStringLiteral("Stop reading the prompt") && b->isVisibleTo(last)) {
                clicked = true;
                b->click();
            }
    });
    QString text;
    for (int i = 0; i < 1500; ++i)
        text += i % 5 ? QStringLiteral("stone ") : QStringLiteral("river ");
    bool ok = false;
    const qt::GenerationSummary s = send(text, &ok);
    QVERIFY(ok);
    QVERIFY(clicked);
    QCOMPARE(s.reason, StopReason::Cancelled);
    QCOMPARE(s.stats.tokens, 0);
    const int total = reading.last().at(2).toInt();
    QVERIFY2(reading.last().at(1).toInt() < total / 2,
             qPrintable(QStringLiteral("read %1 of %2 before stopping").arg(reading.last().at(1).toInt()).arg(total)));
    QVERIFY(!m_window->isGenerating());
    QVERIFY(!m_window->conversation()->lastWidget()->isReading());
    // The chat goes on: the next turn completes.
    const qt::GenerationSummary next = send(QStringLiteral("Hello"), &ok);
    QVERIFY(ok);
    QVERIFY(next.reason != StopReason::Cancelled);
    QVERIFY(m_error->isEmpty());
}

SLUICE_TEST_MAIN(TestChatSessions)
#include "tst_chatsessions.moc"
