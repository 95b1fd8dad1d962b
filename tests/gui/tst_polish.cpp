// First-run polish (issue 18) and planner fixes (issue 13), each checked on
// the window or panel the user sees: stored finish codes retranslated, the
// view following a reply, a pending image not carried into a new chat, Copy of
// an all-thinking reply, "stopped" before the first token, locale digits,
// English plurals without a system language, Qt's buttons in Indonesian, the
// window title, reopening the last model, an applied budget surviving a
// restart, and a tiny model's cache capped at its expert total.
#include "support/testregistry.h"
#include "guitestutil.h"

#include "chat/chatlistpanel.h"
#include "chat/conversationview.h"
#include "chat/imagestrip.h"
#include "chat/messagestats.h"
#include "planner/plannerwidget.h"
#include "chat/promptedit.h"
#include "planner/statspanel.h"
#include "common/uihelpers.h"

#include <QClipboard>
#include <QLabel>
#include <QListWidget>
#include <QDoubleSpinBox>
#include <QPushButton>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSlider>
#include <QStandardPaths>
#include <QTest>

using namespace sluice;
using namespace sluice::test;

class TestPolish : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        m_appearance = std::make_unique<gui::Appearance>(qApp);
    }
    void cleanup() { m_appearance->applyLanguage(QStringLiteral("en")); }
    void finishReasonIsACode();
    void stoppedBeforeFirstToken();
    void pendingImageStaysWithItsChat();
    void viewFollowsTheReply();
    void copyAllThinkingReply();
    void localeDigitsAndPlurals();
    void qtButtonsInIndonesian();
    void titleAndReopen();
    void appliedBudgetPersists();
    void tinyModelCacheCapped();
    void statsLineFitsAfterSwitch();
    void chartScalesPastSpikes_data();
    void chartScalesPastSpikes();

private:
    std::unique_ptr<gui::Appearance> m_appearance;
};

void TestPolish::finishReasonIsACode()
{
    GuiFixture f;
    f.window->show();
    QVERIFY(openModel(f));
    QVERIFY(sendAndWait(f, QStringLiteral("hi")));
    const gui::Chat *chat = f.window->chatStore()->chat(f.window->currentChatId());
    const gui::MessageStats &stats = chat->messages[1].stats;
    // Stored language-neutral, shown in the language in force.
    QVERIFY2(QStringList({QStringLiteral("end"), QStringLiteral("length")}).contains(stats.stopReason),
             qPrintable(stats.stopReason));
    const QString english = gui::messageStatsText(stats);
    QVERIFY(english.contains(gui::stopReasonLabel(stats.stopReason)));
    QVERIFY(f.appearance->applyLanguage(QStringLiteral("fr")));
    const QString french = gui::stopReasonLabel(stats.stopReason);
    QVERIFY(french == QStringLiteral("fin de la réponse") || french.contains(QStringLiteral("limite")));
    QVERIFY(gui::messageStatsText(stats).contains(french));
    // A chat written by an older version stored the English words: they translate too.
    QCOMPARE(gui::stopReasonLabel(QStringLiteral("end of reply")), QStringLiteral("fin de la réponse"));
}

void TestPolish::stoppedBeforeFirstToken()
{
    gui::MessageStats s;
    s.valid = true;
    s.stopReason = gui::stopReasonCode(StopReason::Cancelled);
    QCOMPARE(s.stopReason, QStringLiteral("stopped"));
    QCOMPARE(gui::messageStatsText(s), QStringLiteral("stopped"));
    s.tokens = 3;
    QVERIFY(gui::messageStatsText(s).contains(QStringLiteral("3 tokens")));
}

void TestPolish::pendingImageStaysWithItsChat()
{
    EngineScript script = defaultScript();
    script.hasVision = true;
    GuiFixture f(script);
    f.window->show();
    QVERIFY(openModel(f));
    QImage img(16, 16, QImage::Format_RGB888);
    img.fill(Qt::red);
    const QString path = f.dir.filePath(QStringLiteral("red.png"));
    QVERIFY(img.save(path));
    QVERIFY(f.window->imageStrip()->addFile(path));
    QTRY_COMPARE(f.window->imageStrip()->count(), 1);
    f.window->newChat();
    QCOMPARE(f.window->imageStrip()->count(), 0);
}

void TestPolish::viewFollowsTheReply()
{
    EngineScript script = defaultScript();
    script.tokens.clear();
    for (int i = 0; i < 300; ++i)
        script.tokens.push_back(i % 12 == 11 ? "\n\n" : "word ");
    GuiFixture f(script);
    f.window->show();
    QVERIFY(openModel(f));
    QVERIFY(sendAndWait(f, QStringLiteral("a long one")));
    QScrollBar *bar = f.window->conversation()->verticalScrollBar();
    QTRY_VERIFY(bar->maximum() > 0);
    QTRY_COMPARE(bar->value(), bar->maximum());
    // Scrolled up, the view stays put; a new turn brings it back to the end.
    bar->setValue(0);
    QVERIFY(!f.window->conversation()->isFollowing());
    QVERIFY(sendAndWait(f, QStringLiteral("again")));
    QTRY_COMPARE(bar->value(), bar->maximum());
}

void TestPolish::copyAllThinkingReply()
{
    EngineScript script = defaultScript();
    script.tokens = {"<think>", "Weighing", " the", " options"};
    GuiFixture f(script);
    f.settings->setThinking(true);
    f.window->show();
    QVERIFY(openModel(f));
    QVERIFY(sendAndWait(f, QStringLiteral("think only")));
    const gui::Chat *chat = f.window->chatStore()->chat(f.window->currentChatId());
    QCOMPARE(chat->messages.size(), 2);
    QVERIFY(chat->messages[1].content.isEmpty());
    QVERIFY(!chat->messages[1].reasoning.isEmpty());
    QApplication::clipboard()->clear();
    Q_EMIT f.window->conversation()->copyRequested(1);
    QCOMPARE(QApplication::clipboard()->text(), chat->messages[1].reasoning);
}

void TestPolish::localeDigitsAndPlurals()
{
    gui::Appearance &a = *m_appearance;
    // No translation for the language (as under LANG=C.UTF-8): English plurals still apply.
    QVERIFY(!a.applyLanguage(QStringLiteral("xx")));
    QCOMPARE(QObject::tr("%n token(s)", nullptr, 1), QStringLiteral("1 token"));
    QCOMPARE(QObject::tr("%n token(s)", nullptr, 2), QStringLiteral("2 tokens"));
    QVERIFY(a.applyLanguage(QStringLiteral("fr")));
    QCOMPARE(gui::formatNumber(1.5, 2), QStringLiteral("1,50"));
    QVERIFY(gui::formatBytes(3ull << 29).startsWith(QStringLiteral("1,50")));
    QVERIFY(a.applyLanguage(QStringLiteral("en")));
    QCOMPARE(gui::formatNumber(1.5, 2), QStringLiteral("1.50"));
}

void TestPolish::qtButtonsInIndonesian()
{
    gui::Appearance &a = *m_appearance;
    QVERIFY(a.applyLanguage(QStringLiteral("id")));
    QCOMPARE(QCoreApplication::translate("QPlatformTheme", "Cancel"), QStringLiteral("Batal"));
    QCOMPARE(QCoreApplication::translate("QPlatformTheme", "&Yes"), QStringLiteral("&Ya"));
    QVERIFY(a.applyLanguage(QStringLiteral("fr")));
    // French comes from the system's qtbase_fr.qm when installed (qt6-translations-l10n).
    if (QCoreApplication::translate("QPlatformTheme", "Cancel") == QStringLiteral("Cancel"))
        QSKIP("qtbase_fr.qm is not installed (qt6-translations-l10n)");
    QCOMPARE(QCoreApplication::translate("QPlatformTheme", "Cancel"), QStringLiteral("Annuler"));
}

void TestPolish::titleAndReopen()
{
    QTemporaryDir data;
    QString iniFile, modelDir;
    {
        GuiFixture f;
        f.window->show();
        QVERIFY(openModel(f));
        // Qt appends the application display name; the window adds only the model.
        QCOMPARE(f.window->windowTitle(), QStringLiteral("test-model.waste"));
        QVERIFY(!f.window->windowTitle().contains(QStringLiteral("Sluice")));
        QCOMPARE(f.settings->recentModels().value(0), f.modelDir);
        // A second window on the same settings (a restart) reopens it.
        gui::MainWindowOptions o;
        o.dataDirectory = data.path();
        o.engineFactory = scriptedFactory(defaultScript());
        o.usableRamBytes = 64ull << 30;
        o.pressureSource = [] { return std::make_unique<ScriptedPressureSource>(std::vector<PressureSample>{calmSample()}); };
        gui::MainWindow again(f.settings.get(), f.appearance.get(), o);
        QSignalSpy opened(&again, &gui::MainWindow::modelOpened);
        QVERIFY(again.reopenLastModel());
        QVERIFY(opened.wait(5000));
        QVERIFY(again.isModelOpen());
        // Gone from disk: nothing is reopened.
        f.settings->clearRecentModels();
        f.settings->addRecentModel(f.dir.filePath(QStringLiteral("gone.waste")));
        QVERIFY(!again.reopenLastModel());
    }
}

void TestPolish::appliedBudgetPersists()
{
    GuiFixture f;
    f.window->show();
    QVERIFY(openModel(f));
    gui::PlannerPanel *panel = f.window->plannerPanel();
    QTRY_VERIFY(panel->plan().has_value());
    panel->slider()->setValue(0); // the floor: another budget than the one in force
    const quint64 budget = panel->chosenBudget();
    QTRY_VERIFY(panel->applyButton()->isEnabled());
    QSignalSpy opened(f.window.get(), &gui::MainWindow::modelOpened);
    QSignalSpy changed(f.window->engine()->worker(), &qt::EngineWorker::budgetChanged);
    QSignalSpy failed(f.window->engine()->worker(), &qt::EngineWorker::error);
    panel->applyButton()->click();
    // Only the budget changed: applied in place (issue 19), no reopen.
    // The worker answers on its own thread: the count, not wait(), which would miss an early answer.
    QTRY_VERIFY2_WITH_TIMEOUT(changed.count() == 1,
                              failed.isEmpty() ? "no answer" : qPrintable(failed.first().at(2).toString()), 5000);
    QCOMPARE(opened.count(), 0);
    QTRY_COMPARE(f.window->modelInfo().budgetBytes, budget); // the window hears it a moment later
    QCOMPARE(f.settings->budgetMode(), gui::Settings::BudgetMode::Fixed);
    QCOMPARE(f.settings->fixedBudgetBytes(), budget);
    QCOMPARE(f.settings->contextLength(), panel->chosenContext());
}

void TestPolish::tinyModelCacheCapped()
{
    // A model of a few MB: 4 MoE layers x 8 experts of 64 KiB records.
    PlannerInputs in;
    in.trunkBytes = 4ull << 20;
    in.kdaLayers = 2;
    in.kdaHeads = 2;
    in.kdaHeadDim = 16;
    in.convKernel = 4;
    in.mlaLayers = 2;
    in.kvLoraRank = 32;
    in.qkRopeDim = 16;
    in.contextLength = 4096;
    in.topK = 2;
    in.moeLayers = 4;
    in.expertsPerLayer = 8;
    in.recordBytes = 64ull << 10;
    gui::PlannerPanel panel;
    const quint64 usable = 16ull << 30;
    panel.setInputs(in, usable, true);
    QVERIFY(panel.plan().has_value());
    const quint64 full = gui::fullCacheBudget(*panel.plan());
    QVERIFY(full > panel.plan()->floorBytes);
    QVERIFY(full < (64ull << 20));
    // The slider ends where every expert is cached, in a handful of steps, not at usable RAM.
    panel.slider()->setValue(panel.slider()->maximum());
    QVERIFY(panel.slider()->maximum() <= 20);
    QVERIFY(panel.chosenBudget() <= full);
    QVERIFY(panel.sizing().has_value());
    QCOMPARE(panel.sizing()->slotCount, in.moeLayers * in.expertsPerLayer);
    // One unit, MiB, for every figure of this panel.
    QCOMPARE(panel.unitBytes(), quint64(1) << 20);
    QVERIFY(!panel.figuresText().contains(QStringLiteral("GiB")));
    QVERIFY(panel.budgetField()->maximum() <= double(full) / double(1 << 20) + 0.1);
    // No cache segment larger than every record of the model.
    quint64 cache = 0;
    for (const auto &s : panel.bar()->segments())
        if (s.label.startsWith(QStringLiteral("Expert cache")))
            cache = s.bytes;
    QVERIFY(cache > 0);
    QVERIFY(cache <= quint64(in.moeLayers * in.expertsPerLayer) * (in.recordBytes + 256));
    // Plain words: no "working set" jargon in what the panel shows.
    QVERIFY(!panel.figuresText().contains(QStringLiteral("orking set")));
}

void TestPolish::statsLineFitsAfterSwitch()
{
    // A reply's statistics line is one line at the window's width, also when
    // the chat is opened (built while the view is hidden) rather than streamed.
    GuiFixture f;
    f.window->show();
    QVERIFY(openModel(f));
    QVERIFY(sendAndWait(f, QStringLiteral("hi")));
    const QString first = f.window->currentChatId();
    f.window->newChat();
    QListWidget *list = f.window->findChild<gui::ChatListPanel *>()->list();
    for (int i = 0; i < list->count(); ++i)
        if (list->item(i)->data(Qt::UserRole).toString() == first)
            list->setCurrentRow(i);
    QCOMPARE(f.window->currentChatId(), first);
    QTest::qWait(100);
    QLabel *stats = nullptr;
    for (QLabel *l : f.window->conversation()->findChildren<QLabel *>())
        if (l->text().contains(QStringLiteral("tok/s")))
            stats = l;
    QVERIFY(stats);
    QVERIFY2(stats->height() <= 2 * stats->fontMetrics().lineSpacing() + 4,
             qPrintable(QStringLiteral("%1 px for one line").arg(stats->height())));
}

// The statistics chart's tokens/s axis (issue 30: one 39,706 tok/s first
// token beside a rate of 252 flattened the line onto zero).
void TestPolish::chartScalesPastSpikes_data()
{
    QTest::addColumn<QVector<double>>("series");
    QTest::addColumn<double>("top");
    QVector<double> spiked(20, 252.0);
    spiked.prepend(39706.0);
    QTest::newRow("a first-token spike is clipped") << spiked << 300.0;
    QTest::newRow("a rate that rises scales") << QVector<double>{100, 150, 200, 300} << 400.0;
    QTest::newRow("two points are both kept") << QVector<double>{10, 10000} << 12000.0;
    QTest::newRow("K3 on a slow disk") << QVector<double>{0.021, 0.02, 0.019} << 0.025;
    QTest::newRow("nothing measurable") << QVector<double>{0, qQNaN(), qInf()} << 1.0;
    QTest::newRow("empty") << QVector<double>{} << 1.0;
}

void TestPolish::chartScalesPastSpikes()
{
    QFETCH(QVector<double>, series);
    QFETCH(double, top);
    const double got = gui::StatsChart::axisTop(series);
    QVERIFY2(qFuzzyCompare(got, top), qPrintable(QString::number(got)));
}

SLUICE_TEST_MAIN(TestPolish)
#include "tst_polish.moc"
