// The main window, offscreen, against the scripted test-double engine:
// widgets and accessible names, a full send -> stream -> save round trip,
// stop, model errors, model-folder drop, runtime language switch, and
// screenshots (light, dark, planner, a conversation with an image) written to
// <build>/screenshots for a human to look at.
#include "support/testregistry.h"
#include "support/synthmodel.h"
#include "guitestutil.h"

#include "chat/chatstore.h"
#include "app/enginefactory.h"
#include "chat/conversationview.h"
#include "chat/imagestrip.h"
#include "planner/plannerwidget.h"
#include "chat/promptedit.h"
#include "app/shortcutsdialog.h"
#include "planner/statspanel.h"

#include <QAbstractButton>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QComboBox>
#include <QElapsedTimer>
#include <QImage>
#include <QLineEdit>
#include <QListWidget>
#include <QMenuBar>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabBar>
#include <QTabWidget>
#include <QScopeGuard>
#include <QTest>
#include <QTimer>

using namespace sluice;
using namespace sluice::test;

class TestMainWindow : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void smoke();
    void accessibleNames();
    void sendStreamSave();
    void stopMidGeneration();
    void openErrorsAreMessages_data();
    void openErrorsAreMessages();
    void dropModelFolder();
    void languageSwitch();
    void shortcutsListed();
    void responsivenessProbe();
    void demoModelEndToEnd();
    void releaseFolderEndToEnd();
    void screenshots();
};

// Lets pending layout passes run (two rounds: a refit can request another) before grabbing.
static QPixmap grabbed(QWidget *w)
{
    for (int i = 0; i < 3; ++i)
        QTest::qWait(20);
    return w->grab();
}

// How long the event loop stalled: the widest gap between the ticks of a
// 5 ms timer from start() to stop().
class StallProbe {
public:
    StallProbe()
    {
        m_timer.setInterval(5);
        QObject::connect(&m_timer, &QTimer::timeout, [this] {
            const qint64 now = m_clock.elapsed();
            m_worst = std::max(m_worst, now - m_last);
            m_last = now;
        });
    }
    void start()
    {
        m_clock.start();
        m_timer.start();
    }
    void stop() { m_timer.stop(); }
    qint64 worst() const { return m_worst; }
    qint64 elapsed() const { return m_clock.elapsed(); }
    // The gap the tests accept: 1 s on the shared machine, 50 ms with SLUICE_STRICT_TIMING.
    static qint64 limitMs() { return qEnvironmentVariableIntValue("SLUICE_STRICT_TIMING") ? 50 : 1000; }

private:
    QElapsedTimer m_clock;
    QTimer m_timer;
    qint64 m_last = 0, m_worst = 0;
};

void TestMainWindow::smoke()
{
    GuiFixture f;
    f.window->show();
    QVERIFY(QTest::qWaitForWindowExposed(f.window.get()));
    QVERIFY(f.window->conversation());
    QVERIFY(f.window->promptEdit());
    QVERIFY(f.window->imageStrip());
    QVERIFY(f.window->plannerPanel());
    QVERIFY(f.window->statsPanel());
    QCOMPARE(f.window->menuBar()->actions().size(), 4); // File, Chat, Tools, Help
    QVERIFY(!f.window->windowIcon().isNull());
    // Nothing pretends to work: with no model the conversation explains itself and Send is off.
    QCOMPARE(f.window->conversation()->messageCount(), 0);
    QVERIFY(!f.window->isModelOpen());
    QVERIFY(!f.window->isGenerating());
}

void TestMainWindow::accessibleNames()
{
    GuiFixture f;
    f.window->show();
    QVERIFY(openModel(f));
    QVERIFY(sendAndWait(f, QStringLiteral("hi")));
    QStringList missing;
    for (QWidget *w : f.window->findChildren<QWidget *>()) {
        const bool control = qobject_cast<QAbstractButton *>(w) || qobject_cast<QLineEdit *>(w) ||
                             qobject_cast<QComboBox *>(w) || qobject_cast<QAbstractSlider *>(w) ||
                             qobject_cast<QAbstractSpinBox *>(w) || qobject_cast<QPlainTextEdit *>(w) ||
                             qobject_cast<QListWidget *>(w) || qobject_cast<QTabWidget *>(w);
        if (!control || qobject_cast<QScrollBar *>(w))
            continue;
        // Sub-widgets Qt creates inside composite controls are named by their owner.
        QWidget *p = w->parentWidget();
        if (p && (qobject_cast<QAbstractSpinBox *>(p) || qobject_cast<QComboBox *>(p) || qobject_cast<QTabBar *>(p) ||
                  qobject_cast<QLineEdit *>(p) || qobject_cast<QMenuBar *>(p)))
            continue;
        if (w->accessibleName().isEmpty())
            missing << QStringLiteral("%1 (%2)").arg(QString::fromLatin1(w->metaObject()->className()), w->objectName());
    }
    QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QStringLiteral(", "))));
}

void TestMainWindow::sendStreamSave()
{
    GuiFixture f;
    f.window->show();
    QVERIFY(openModel(f));
    QVERIFY(f.window->isModelOpen());
    QVERIFY(sendAndWait(f, QStringLiteral("Say hello")));
    const gui::Chat *chat = f.window->chatStore()->chat(f.window->currentChatId());
    QVERIFY(chat);
    QCOMPARE(chat->messages.size(), 2);
    QCOMPARE(chat->messages[0].role, QStringLiteral("user"));
    QCOMPARE(chat->messages[0].content, QStringLiteral("Say hello"));
    QCOMPARE(chat->messages[1].role, QStringLiteral("assistant"));
    QCOMPARE(chat->messages[1].content, QStringLiteral("Hello, world!"));
    QVERIFY(chat->messages[1].stats.valid);
    QCOMPARE(chat->messages[1].stats.tokens, 4);
    QCOMPARE(f.window->conversation()->messageCount(), 2);
    // Persisted: a fresh store reads the same chat back.
    f.window->chatStore()->waitForWrites();
    gui::ChatStore again(f.window->chatStore()->directory());
    again.load();
    QVERIFY(again.chat(chat->id));
    QCOMPARE(again.chat(chat->id)->messages.size(), 2);
    QCOMPARE(again.chat(chat->id)->messages[1].content, QStringLiteral("Hello, world!"));
    // The live statistics panel saw the tokens.
    QVERIFY(f.window->statsPanel()->chart()->pointCount() >= 1);
}

void TestMainWindow::stopMidGeneration()
{
    EngineScript script = defaultScript();
    script.tokens = std::vector<std::string>(2000, "x");
    script.layerMicros = 1000;
    GuiFixture f(script);
    f.window->show();
    QVERIFY(openModel(f));
    QSignalSpy done(f.window.get(), &gui::MainWindow::generationFinished);
    f.window->promptEdit()->setPlainText(QStringLiteral("long"));
    f.window->sendPrompt();
    QVERIFY(f.window->isGenerating());
    QTest::qWait(50);
    // Esc is the Stop shortcut.
    QTest::keyClick(f.window->promptEdit(), Qt::Key_Escape);
    QVERIFY(done.wait(5000));
    QVERIFY(!f.window->isGenerating());
    const gui::Chat *chat = f.window->chatStore()->chat(f.window->currentChatId());
    QVERIFY(chat);
    QCOMPARE(chat->messages.size(), 2);
    QVERIFY(chat->messages[1].stats.tokens < 2000);
}

void TestMainWindow::openErrorsAreMessages_data()
{
    QTest::addColumn<QString>("folder");
    QTest::addColumn<QString>("expect");
    QTest::newRow("missing") << QStringLiteral("missing.waste") << QStringLiteral("not found");
    QTest::newRow("damaged") << QStringLiteral("damaged.waste") << QStringLiteral("damaged");
}

void TestMainWindow::openErrorsAreMessages()
{
    QFETCH(QString, folder);
    QFETCH(QString, expect);
    GuiFixture f;
    f.window->show();
    QSignalSpy notice(f.window.get(), &gui::MainWindow::noticeShown);
    f.window->openModel(f.dir.filePath(folder));
    QVERIFY(notice.wait(5000));
    QVERIFY2(notice.last().at(0).toString().contains(expect, Qt::CaseInsensitive),
             qPrintable(notice.last().at(0).toString()));
    QVERIFY(!f.window->isModelOpen());
}

void TestMainWindow::dropModelFolder()
{
    GuiFixture f;
    f.window->show();
    QVERIFY(QTest::qWaitForWindowExposed(f.window.get()));
    QSignalSpy opened(f.window.get(), &gui::MainWindow::modelOpened);
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(f.modelDir)});
    const QPoint at = f.window->rect().center();
    QDragEnterEvent enter(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(f.window.get(), &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(f.window.get(), &drop);
    QVERIFY(opened.wait(5000));
    QVERIFY(f.window->isModelOpen());
    QCOMPARE(f.settings->recentModels().value(0), QDir::cleanPath(f.modelDir));
}

void TestMainWindow::languageSwitch()
{
    GuiFixture f;
    QCOMPARE(f.window->menuBar()->actions().at(0)->text(), QStringLiteral("&File"));
    // The LanguageChange event is delivered through the event loop, hence QTRY.
    QVERIFY(f.appearance->applyLanguage(QStringLiteral("fr")));
    QTRY_COMPARE(f.window->menuBar()->actions().at(0)->text(), QStringLiteral("&Fichier"));
    QVERIFY(f.appearance->applyLanguage(QStringLiteral("id")));
    QTRY_COMPARE(f.window->menuBar()->actions().at(0)->text(), QStringLiteral("&Berkas"));
    QVERIFY(f.appearance->applyLanguage(QStringLiteral("en")));
    QTRY_COMPARE(f.window->menuBar()->actions().at(0)->text(), QStringLiteral("&File"));
    // English carries only plural forms.
    QCOMPARE(gui::MessageWidget::tr("Thinking (%n word(s))", nullptr, 1), QStringLiteral("Thinking (1 word)"));
    QCOMPARE(gui::MessageWidget::tr("Thinking (%n word(s))", nullptr, 3), QStringLiteral("Thinking (3 words)"));
    QVERIFY(!f.appearance->applyLanguage(QStringLiteral("xx")));
}

void TestMainWindow::shortcutsListed()
{
    GuiFixture f;
    const QList<QAction *> actions = f.window->shortcutActions();
    gui::ShortcutsDialog dialog(actions);
    QVERIFY(dialog.rowCount() >= 10);
    // The required ones: new chat, open model, stop, focus prompt, next/previous chat.
    QStringList keys;
    for (QAction *a : actions)
        keys << a->shortcut().toString();
    for (const char *k : {"Ctrl+N", "Ctrl+O", "Esc", "Ctrl+L", "Ctrl+PgDown", "Ctrl+PgUp"})
        QVERIFY2(keys.contains(QLatin1String(k)), k);
}

void TestMainWindow::responsivenessProbe()
{
    // The GUI thread must keep running its event loop while the engine works
    // and while chats are saved. A GUI that waited on the engine would stall
    // for the whole generation (~1.5 s here). The measured worst gap is
    // printed; the assertion is set far above 50 ms so a loaded CI machine
    // (or ASan) cannot fail it, while a blocking design always would.
    // SLUICE_STRICT_TIMING=1 applies the 50 ms target itself.
    EngineScript script = defaultScript();
    script.tokens = std::vector<std::string>(600, "tok ");
    script.layersPerToken = 5;
    script.layerMicros = 500;
    GuiFixture f(script);
    f.window->show();
    QVERIFY(openModel(f));
    // A long chat to save while generating.
    const QString bigId = f.window->chatStore()->createChat(QStringLiteral("big"));
    gui::Chat big = *f.window->chatStore()->chat(bigId);
    for (int i = 0; i < 400; ++i)
        big.messages.append({i % 2 ? QStringLiteral("assistant") : QStringLiteral("user"),
                             QStringLiteral("message %1 with some **markdown** and `code`").arg(i).repeated(10),
                             {}, {}, {}, {}, {}});
    QVERIFY(f.window->chatStore()->update(big));

    StallProbe probe;
    int saves = 0;
    QTimer saver;
    saver.setInterval(100);
    QObject::connect(&saver, &QTimer::timeout, [&] {
        f.window->chatStore()->save(bigId);
        ++saves;
    });
    QSignalSpy done(f.window.get(), &gui::MainWindow::generationFinished);
    f.window->promptEdit()->setPlainText(QStringLiteral("go"));
    probe.start();
    saver.start();
    f.window->sendPrompt();
    QVERIFY(done.wait(30000));
    probe.stop();
    saver.stop();
    qInfo("responsiveness: worst event-loop gap %lld ms over %lld ms of generation, %d saves of a 400-message chat",
          probe.worst(), probe.elapsed(), saves);
    QVERIFY(saves > 0);
    // Opening a long chat builds one widget per message: measured, not asserted.
    QElapsedTimer open;
    open.start();
    f.window->conversation()->setChat(f.window->chatStore()->chat(bigId));
    QApplication::processEvents();
    qInfo("opening a 400-message chat took %lld ms", open.elapsed());
    QCOMPARE(f.window->conversation()->messageCount(), 400);
    // Only the latest messages are built; earlier ones on request.
    QCOMPARE(f.window->conversation()->builtCount(), int(gui::ConversationView::kWindow));
    f.window->conversation()->showEarlier();
    QCOMPARE(f.window->conversation()->builtCount(), 2 * int(gui::ConversationView::kWindow));
    QVERIFY2(probe.worst() < StallProbe::limitMs(), qPrintable(QStringLiteral("event loop stalled %1 ms").arg(probe.worst())));
}

void TestMainWindow::releaseFolderEndToEnd()
{
    // A published-layout release folder (issue 11) through the real engine:
    // the window accepts it (drop), prepares its trunk once, says what it is,
    // and answers.
    QTemporaryDir tmp;
    const QString release = tmp.filePath(QStringLiteral("kimi-k3-release"));
    const QString why = sluice::test::synthesize({QStringLiteral("--release"), QStringLiteral("--out"), release});
    QVERIFY2(why.isEmpty(), qPrintable(why));

    RealEngineFixture f;
    setQuickGreedy(f.settings, 4);
    gui::MainWindow window(&f.settings, &f.appearance, f.options);
    window.show();
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(release)});
    QDragEnterEvent enter(window.rect().center(), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &enter);
    QVERIFY(enter.isAccepted());
    QSignalSpy opened(&window, &gui::MainWindow::modelOpened);
    QSignalSpy notice(&window, &gui::MainWindow::noticeShown);
    window.openModel(release);
    QVERIFY2(opened.wait(60000), notice.isEmpty() ? "timeout" : qPrintable(notice.last().at(0).toString()));
    QVERIFY(window.modelInfo().release);
    QCOMPARE(window.modelInfo().description, std::string("Kimi K3 release, MXFP4 experts, not converted"));
    QVERIFY(window.modelInfo().trunkCacheBuilt);
    QVERIFY(window.modelInfo().vq3rRecordBytes > 0);
    // Prepared into the app's cache folder, never into the model's (issue 29).
    const QString trunkCache = QString::fromStdString(window.modelInfo().trunkCachePath);
    QVERIFY2(QFile::exists(trunkCache), qPrintable(trunkCache));
    QVERIFY2(!trunkCache.startsWith(release), qPrintable(trunkCache));
    QVERIFY(QDir(release).entryList({QStringLiteral("sluice-*")}, QDir::Files | QDir::Hidden).isEmpty());
    const auto removeCache = qScopeGuard([trunkCache] { // ~/.qttest (test mode) would keep one per run
        QFile::remove(trunkCache);
        QFile::remove(trunkCache + QStringLiteral(".json"));
    });
    QSignalSpy done(&window, &gui::MainWindow::generationFinished);
    window.promptEdit()->setPlainText(QStringLiteral("Hello, release!"));
    window.sendPrompt();
    QVERIFY(done.wait(120000));
    const gui::Chat *chat = window.chatStore()->chat(window.currentChatId());
    QVERIFY(chat);
    QCOMPARE(chat->messages.size(), 2);
    QVERIFY(chat->messages[1].stats.tokens > 0);
}

void TestMainWindow::demoModelEndToEnd()
{
    // The real engine on a random-weight demo model (synth --demo), through the
    // same window: open, send, stream, save — and the event-loop probe again.
    QTemporaryDir tmp;
    const QString demo = tmp.filePath(QStringLiteral("sluice-demo.waste"));
    SLUICE_SYNTH_DEMO(demo);

    RealEngineFixture f;
    setQuickGreedy(f.settings, 24);
    f.options.demoModelPath = demo;
    setCalmPressure(f.options);
    gui::MainWindow window(&f.settings, &f.appearance, f.options);
    window.show();
    QSignalSpy opened(&window, &gui::MainWindow::modelOpened);
    QSignalSpy notice(&window, &gui::MainWindow::noticeShown);
    window.openModel(demo);
    QVERIFY2(opened.wait(60000), notice.isEmpty() ? "timeout" : qPrintable(notice.last().at(0).toString()));
    QCOMPARE(window.modelInfo().architecture, std::string("kimi-k3"));

    StallProbe probe;
    QSignalSpy done(&window, &gui::MainWindow::generationFinished);
    window.promptEdit()->setPlainText(QStringLiteral("Hello, demo!"));
    probe.start();
    window.sendPrompt();
    QVERIFY(done.wait(120000));
    probe.stop();
    const gui::Chat *chat = window.chatStore()->chat(window.currentChatId());
    QVERIFY(chat);
    QCOMPARE(chat->messages.size(), 2);
    QVERIFY(chat->messages[1].stats.valid);
    QVERIFY(chat->messages[1].stats.tokens > 0);
    qInfo("demo model: %d tokens at %.2f tok/s, first token %.3f s; worst event-loop gap %lld ms over %lld ms",
          chat->messages[1].stats.tokens, chat->messages[1].stats.tokensPerSecond,
          chat->messages[1].stats.timeToFirstToken, probe.worst(), probe.elapsed());
    QVERIFY2(probe.worst() < StallProbe::limitMs(), qPrintable(QStringLiteral("event loop stalled %1 ms").arg(probe.worst())));

    // The planner panel's plan for the opened model is the engine's: same
    // floor, with what was fixed at open (prefill chunk, chat checkpoints).
    QTRY_VERIFY(window.plannerPanel()->plan().has_value());
    QCOMPARE(window.plannerPanel()->plan()->floorBytes, window.modelInfo().liveBudgetMinBytes);
    QVERIFY(window.plannerPanel()->diskTestButton()->isEnabled());

    // Verify container from the window (the Model tab's job).
    window.verifyContainer();
    QTRY_VERIFY_WITH_TIMEOUT(window.verifyResultText().contains(QStringLiteral("intact")), 10000);
}

void TestMainWindow::screenshots()
{
    EngineScript script = defaultScript();
    script.hasVision = true;
    // Thinking first (the K3 generation prompt opens `think`), then the response.
    script.tokens = {"The user", " shows", " a picture.", "</think>", "Here", " is", " what", " I", " see", ":\n\n", "- a ", "**red**", " square\n", "- a ",
                     "blue", " border\n\n", "```python\n", "print('hi')\n", "```\n"};
    GuiFixture f(script);
    f.settings->setThinking(true);
    f.window->show();
    QVERIFY(QTest::qWaitForWindowExposed(f.window.get()));
    const QString dir = screenshotDir();
    QVERIFY(grabbed(f.window.get()).save(dir + QStringLiteral("/mainwindow-empty-light.png")));

    QVERIFY(openModel(f));
    // A conversation with an image.
    QImage img(64, 48, QImage::Format_RGB888);
    img.fill(QColor(0x22, 0x55, 0xcc));
    for (int y = 8; y < 40; ++y)
        for (int x = 16; x < 48; ++x)
            img.setPixelColor(x, y, QColor(0xe0, 0x30, 0x30));
    const QString imgPath = f.dir.filePath(QStringLiteral("square.png"));
    QVERIFY(img.save(imgPath));
    QVERIFY(f.window->imageStrip()->addFile(imgPath));
    QTRY_COMPARE(f.window->imageStrip()->count(), 1);
    QVERIFY(sendAndWait(f, QStringLiteral("What is in this picture?")));
    QCOMPARE(f.window->conversation()->messageCount(), 2);
    const gui::Chat *chat = f.window->chatStore()->chat(f.window->currentChatId());
    QCOMPARE(chat->messages[1].reasoning, QStringLiteral("The user shows a picture."));
    QVERIFY(chat->messages[1].content.startsWith(QStringLiteral("Here is what I see")));
    QCOMPARE(chat->messages[0].images.size(), 1);
    QVERIFY(grabbed(f.window.get()).save(dir + QStringLiteral("/conversation-image-light.png")));

    f.appearance->applyTheme(gui::Settings::Theme::Dark);
    QApplication::processEvents();
    QVERIFY(grabbed(f.window.get()).save(dir + QStringLiteral("/mainwindow-dark.png")));
    f.appearance->applyTheme(gui::Settings::Theme::Light);

    QVERIFY(f.appearance->applyLanguage(QStringLiteral("fr")));
    QTRY_COMPARE(f.window->menuBar()->actions().at(0)->text(), QStringLiteral("&Fichier"));
    QVERIFY(grabbed(f.window.get()).save(dir + QStringLiteral("/mainwindow-fr.png")));
    QVERIFY(f.appearance->applyLanguage(QStringLiteral("en")));
    QTRY_COMPARE(f.window->menuBar()->actions().at(0)->text(), QStringLiteral("&File"));

    gui::PlannerPanel *planner = f.window->plannerPanel();
    QTRY_VERIFY(planner->plan().has_value());
    planner->resize(420, 560);
    QVERIFY(grabbed(planner).save(dir + QStringLiteral("/planner.png")));
}

SLUICE_TEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
