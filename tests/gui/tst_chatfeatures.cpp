// Chats as users of other local-LLM apps expect them (issue 30): code blocks
// with a Copy button, search in content, branch from any message, per-chat
// presets.
#include "support/testregistry.h"
#include "guitestutil.h"

#include "app/settings.h"
#include "app/turncontroller.h"
#include "chat/chatlistpanel.h"
#include "chat/chatpresetdialog.h"
#include "chat/chatstore.h"
#include "chat/conversationview.h"
#include "chat/markdownview.h"

#include <QApplication>
#include <QClipboard>
#include <QDoubleSpinBox>
#include <QGroupBox>
#include <QPlainTextEdit>
#include <QSpinBox>
#include <QLineEdit>
#include <QListWidget>
#include <QTemporaryDir>
#include <QStandardPaths>
#include <QTest>
#include <QToolButton>

using namespace sluice;
using namespace sluice::test;

class TestChatFeatures : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void copyCodeBlock_data();
    void copyCodeBlock();
    void searchInContent_data();
    void searchInContent();
    void searchJumpsToTheFirstMatch();
    void ctrlFFocusesTheSearch();
    void branchFromAMessage();
    void presetPerChatSurvivesRestart();
};

void TestChatFeatures::copyCodeBlock_data()
{
    QTest::addColumn<bool>("keyboard");
    QTest::newRow("mouse") << false;
    QTest::newRow("keyboard") << true;
}

void TestChatFeatures::copyCodeBlock()
{
    QFETCH(bool, keyboard);
    const QString second = QStringLiteral("def f(x):\n    return x * 2\n\nprint(f(`3`))");
    gui::Chat chat;
    chat.id = QStringLiteral("c1");
    chat.messages.append({QStringLiteral("user"), QStringLiteral("Show me code"), {}, {}, {}, {}, {}});
    chat.messages.append({QStringLiteral("assistant"),
                          QStringLiteral("First, `inline` code:\n\n```sh\necho one\n```\n\nThen **Python**:\n\n```python\n") +
                              second + QStringLiteral("\n```\n\nDone."),
                          {}, {}, {}, {}, {}});
    gui::ConversationView view;
    view.resize(700, 600);
    view.setChat(&chat);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    gui::MarkdownView *reply = nullptr;
    for (auto *md : view.findChildren<gui::MarkdownView *>())
        if (md->markdownText() == chat.messages[1].content)
            reply = md;
    QVERIFY(reply);
    QCOMPARE(reply->codeBlockCount(), 2);
    QCOMPARE(reply->codeBlockText(0), QStringLiteral("echo one"));
    QCOMPARE(reply->codeBlockText(1), second);
    // The headers are not code: the language names stay out of the text copied.
    QVERIFY(!reply->toPlainText().contains(QStringLiteral("```")));
    QToolButton *copy = reply->copyButton(1);
    QVERIFY(copy && copy->isVisible());
    QCOMPARE(copy->accessibleName(), QStringLiteral("Copy code block 2"));
    QVERIFY(copy->focusPolicy() & Qt::TabFocus);
    // The button lies on the view, over its own block (below the first one's).
    QVERIFY(reply->viewport()->rect().contains(copy->geometry()));
    QVERIFY(copy->geometry().top() > reply->copyButton(0)->geometry().bottom());
    QGuiApplication::clipboard()->setText(QStringLiteral("before"));
    if (keyboard) {
        copy->setFocus();
        QTest::keyClick(copy, Qt::Key_Space);
    } else {
        QTest::mouseClick(copy, Qt::LeftButton);
    }
    QCOMPARE(QGuiApplication::clipboard()->text(), second);
}

static gui::Message chatMessage(const QString &role, const QString &content)
{
    gui::Message m;
    m.role = role;
    m.content = content;
    return m;
}

// Three chats: the word sought sits in a title, a user message, a reply.
static QStringList plantSearchChats(gui::ChatStore &store)
{
    const QString a = store.createChat(QStringLiteral("Cooking pasta"));
    const QString b = store.createChat(QStringLiteral("Rust lifetimes"));
    const QString c = store.createChat(QStringLiteral("Holiday plans"));
    gui::Chat cb = *store.chat(b);
    cb.messages = {chatMessage(QStringLiteral("user"), QStringLiteral("Why does the borrow checker complain?")),
                   chatMessage(QStringLiteral("assistant"), QStringLiteral("Because the reference outlives its owner."))};
    store.update(cb);
    gui::Chat cc = *store.chat(c);
    cc.messages = {chatMessage(QStringLiteral("user"), QStringLiteral("Where should I go in May?")),
                   chatMessage(QStringLiteral("assistant"), QStringLiteral("Try Naples: the PASTA alone is worth it."))};
    store.update(cc);
    return {a, b, c};
}

static QStringList listedIds(gui::ChatListPanel &panel)
{
    QStringList ids;
    for (int i = 0; i < panel.list()->count(); ++i)
        ids.append(panel.list()->item(i)->data(Qt::UserRole).toString());
    ids.sort();
    return ids;
}

void TestChatFeatures::searchInContent_data()
{
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QList<int>>("expected"); // indexes into plantSearchChats()
    QTest::newRow("title and reply, any case") << QStringLiteral("pasta") << QList<int>{0, 2};
    QTest::newRow("user message") << QStringLiteral("BORROW") << QList<int>{1};
    QTest::newRow("reply only") << QStringLiteral("outlives its") << QList<int>{1};
    QTest::newRow("nowhere") << QStringLiteral("quantum") << QList<int>{};
}

void TestChatFeatures::searchInContent()
{
    QFETCH(QString, typed);
    QFETCH(QList<int>, expected);
    QTemporaryDir dir;
    gui::ChatStore store(dir.path());
    const QStringList ids = plantSearchChats(store);
    gui::ChatListPanel panel(&store);
    panel.refresh(ids[0]);
    QCOMPARE(panel.list()->count(), 3);
    QSignalSpy changed(&panel, &gui::ChatListPanel::searchChanged);
    auto *field = panel.findChild<QLineEdit *>();
    QVERIFY(field);
    QTest::keyClicks(field, typed);
    QStringList want;
    for (int i : expected)
        want.append(ids[i]);
    want.sort();
    QCOMPARE(listedIds(panel), want);
    QCOMPARE(changed.last().first().toString(), typed);
    field->clear();
    QCOMPARE(panel.list()->count(), 3);
    QCOMPARE(changed.last().first().toString(), QString());
}

void TestChatFeatures::searchJumpsToTheFirstMatch()
{
    // A long chat: the match lies before the messages built at first.
    gui::Chat chat;
    chat.id = QStringLiteral("long");
    for (int i = 0; i < 60; ++i)
        chat.messages.append(chatMessage(i % 2 ? QStringLiteral("assistant") : QStringLiteral("user"),
                                         QStringLiteral("message number %1").arg(i)));
    chat.messages[3].content = QStringLiteral("The **needle** is here, and a second Needle.");
    chat.messages[50].content = QStringLiteral("another needle, later");
    gui::ConversationView view;
    view.resize(600, 400);
    view.setChat(&chat);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QCOMPARE(view.builtCount(), gui::ConversationView::kWindow);
    QCOMPARE(view.findText(QStringLiteral("NEEDLE")), 3);
    QCOMPARE(view.builtCount(), 60); // built back to the match
    const auto target = view.findChildren<gui::MessageWidget *>();
    gui::MessageWidget *three = nullptr;
    for (auto *w : target)
        if (w->index() == 3)
            three = w;
    QVERIFY(three);
    gui::MarkdownView *text = nullptr;
    for (auto *md : three->findChildren<gui::MarkdownView *>())
        if (md->markdownText() == chat.messages[3].content)
            text = md;
    QVERIFY(text);
    QTRY_COMPARE(text->extraSelections().size(), 2);
    QCOMPARE(text->extraSelections().first().cursor.selectedText(), QStringLiteral("needle"));
    // Scrolled to it: the message is inside the viewport.
    QTRY_VERIFY(view.viewport()->rect().intersects(
        QRect(three->mapTo(view.viewport(), QPoint(0, 0)), three->size())));
    QCOMPARE(view.findText(QString()), -1);
    QCOMPARE(text->extraSelections().size(), 0);
    QCOMPARE(view.findText(QStringLiteral("absent")), -1);
}

void TestChatFeatures::ctrlFFocusesTheSearch()
{
    GuiFixture f;
    f.window->show();
    QVERIFY(QTest::qWaitForWindowExposed(f.window.get()));
    auto *panel = f.window->findChild<gui::ChatListPanel *>();
    QVERIFY(panel);
    f.window->promptEdit()->setFocus();
    QTest::keyClick(f.window.get(), Qt::Key_F, Qt::ControlModifier);
    QTRY_COMPARE(QApplication::focusWidget(), panel->findChild<QLineEdit *>());
}

void TestChatFeatures::branchFromAMessage()
{
    GuiFixture f;
    f.window->show();
    gui::ChatStore *store = f.window->chatStore();
    const QString id = store->createChat(QStringLiteral("Trees"));
    gui::Chat chat = *store->chat(id);
    chat.messages = {chatMessage(QStringLiteral("user"), QStringLiteral("What is a tree?")),
                     chatMessage(QStringLiteral("assistant"), QStringLiteral("A **woody** plant.")),
                     chatMessage(QStringLiteral("user"), QStringLiteral("And a bush?")),
                     chatMessage(QStringLiteral("assistant"), QStringLiteral("A smaller one."))};
    chat.messages[1].reasoning = QStringLiteral("Think of oaks.");
    chat.messages[1].stats.valid = true;
    chat.messages[1].stats.tokens = 5;
    QVERIFY(store->update(chat));
    auto *panel = f.window->findChild<gui::ChatListPanel *>();
    panel->refresh(QString());
    for (int i = 0; i < panel->list()->count(); ++i)
        if (panel->list()->item(i)->data(Qt::UserRole).toString() == id)
            panel->list()->setCurrentRow(i);
    QCOMPARE(f.window->currentChatId(), id);
    QCOMPARE(f.window->conversation()->messageCount(), 4);

    // "Branch" on message 2 (index 1) of 4.
    QToolButton *branch = nullptr;
    for (auto *w : f.window->conversation()->findChildren<gui::MessageWidget *>())
        if (w->index() == 1)
            for (auto *b : w->findChildren<QToolButton *>())
                if (b->accessibleName() == QStringLiteral("Branch from here"))
                    branch = b;
    QVERIFY(branch && branch->isVisible() && branch->isEnabled());
    QTest::mouseClick(branch, Qt::LeftButton);
    QTRY_VERIFY(f.window->currentChatId() != id);
    const QString copy = f.window->currentChatId();
    QVERIFY(!copy.isEmpty());
    QCOMPARE(f.window->conversation()->messageCount(), 2);
    QCOMPARE(panel->list()->currentItem()->data(Qt::UserRole).toString(), copy);

    auto checkBoth = [&](const gui::ChatStore &s) {
        QCOMPARE(s.chat(copy)->title, QStringLiteral("Trees (branch)"));
        QCOMPARE(s.chat(copy)->messages.size(), 2);
        QCOMPARE(s.chat(id)->messages.size(), 4);
        for (int i = 0; i < 2; ++i) {
            const gui::Message &a = s.chat(copy)->messages[i];
            const gui::Message &b = chat.messages[i];
            QCOMPARE(a.role, b.role);
            QCOMPARE(a.content, b.content);
            QCOMPARE(a.reasoning, b.reasoning);
            QCOMPARE(a.stats.tokens, b.stats.tokens);
        }
        QCOMPARE(s.chat(id)->messages[3].content, chat.messages[3].content);
    };
    checkBoth(*store);
    if (QTest::currentTestFailed())
        return;
    store->waitForWrites();
    gui::ChatStore again(store->directory());
    again.load();
    checkBoth(again);
}

static QString systemOf(const qt::GenerateRequest &req)
{
    return !req.messages.empty() && req.messages.front().role == "system"
               ? QString::fromStdString(req.messages.front().content)
               : QString();
}

void TestChatFeatures::presetPerChatSurvivesRestart()
{
    QTemporaryDir dir;
    gui::Settings settings(dir.filePath(QStringLiteral("settings.ini")));
    settings.setSystemPrompt(QStringLiteral("You are terse."));
    settings.setTemperature(0.7);
    settings.setTopP(0.9);
    settings.setMaxTokens(300);
    ModelInfo info; // no recommendation: the settings are the default
    const QString chats = dir.filePath(QStringLiteral("chats"));
    QString a, b;
    {
        gui::ChatStore store(chats);
        a = store.createChat(QStringLiteral("A"));
        b = store.createChat(QStringLiteral("B"));
        // Chat A's settings set as a user does: both groups on, values typed.
        gui::ChatPresetDialog dialog(QStringLiteral("A"), store.chat(a)->preset,
                                     settings.sampling(info.recommendedSampling), settings.systemPrompt());
        QVERIFY(!dialog.promptGroup()->isChecked() && !dialog.samplingGroup()->isChecked());
        QCOMPARE(dialog.temperature()->value(), 0.7); // the fields start at the defaults
        dialog.promptGroup()->setChecked(true);
        dialog.systemPrompt()->setPlainText(QStringLiteral("You are a pirate."));
        dialog.samplingGroup()->setChecked(true);
        dialog.temperature()->setValue(0.2);
        dialog.topK()->setValue(40);
        dialog.maxTokens()->setValue(64);
        gui::Chat chatA = *store.chat(a);
        chatA.preset = dialog.preset();
        QVERIFY(store.update(chatA));
        store.waitForWrites();
    }
    // A restart: a new store on the same folder.
    gui::ChatStore store(chats);
    store.load();
    const gui::ChatPreset &pa = store.chat(a)->preset;
    QCOMPARE(pa.systemPrompt.value_or(QString()), QStringLiteral("You are a pirate."));
    QCOMPARE(pa.temperature.value_or(-1), 0.2);
    QCOMPARE(pa.topK.value_or(-1), 40);
    QCOMPARE(pa.maxTokens.value_or(-1), 64);
    QCOMPARE(pa.topP.value_or(-1), 0.9); // kept as shown when the group was turned on
    QVERIFY(store.chat(b)->preset.isEmpty());

    // A turn of A sends A's values; one of B the settings'.
    const qt::GenerateRequest ra = gui::turnRequest(*store.chat(a), settings, info);
    QCOMPARE(systemOf(ra), QStringLiteral("You are a pirate."));
    QCOMPARE(ra.sampling.temperature, 0.2f);
    QCOMPARE(ra.sampling.topK, 40);
    QCOMPARE(ra.sampling.maxTokens, 64);
    const qt::GenerateRequest rb = gui::turnRequest(*store.chat(b), settings, info);
    QCOMPARE(systemOf(rb), QStringLiteral("You are terse."));
    QCOMPARE(rb.sampling.temperature, 0.7f);
    QCOMPARE(rb.sampling.topK, 0);
    QCOMPARE(rb.sampling.maxTokens, 300);
    // The dialog reopened on A shows A's values, its groups on.
    gui::ChatPresetDialog again(QStringLiteral("A"), pa, settings.sampling(info.recommendedSampling),
                                settings.systemPrompt());
    QVERIFY(again.promptGroup()->isChecked() && again.samplingGroup()->isChecked());
    QCOMPARE(again.preset(), pa);
    // Turning a group off gives the chat back to the settings.
    again.samplingGroup()->setChecked(false);
    QVERIFY(!again.preset().hasSampling());
}

SLUICE_TEST_MAIN(TestChatFeatures)
#include "tst_chatfeatures.moc"
