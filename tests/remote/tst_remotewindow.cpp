// The app on the remote backend (issue 16) against OUR server (`sluice-cli
// serve` on a demo model, loopback): "Connect to a server…" lists the models
// and keeps the key owner-only; the window connects, the model panel says it
// is remote, a turn streams into the conversation with the figures a remote
// can measure; a wrong key and a server gone are shown with Retry. A
// screenshot of a remote conversation goes to <build>/screenshots.
#include "support/testregistry.h"
#include "models/connectdialog.h"
#include "chat/conversationview.h"
#include "gui/guitestutil.h"
#include "models/modelpanel.h"
#include "chat/promptedit.h"
#include "../server/servedprocess.h"
#include "planner/statspanel.h"

#include <QComboBox>
#include <QLabel>
#include <QTabWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>

#include <sys/stat.h>

using namespace sluice;
using namespace sluice::test;

namespace {

// The completion length the server logged for the last chat request ("…, N
// generated, …"; core/server/generator.cpp), -1 when there is none.
int generatedByServer(const QByteArray &log)
{
    int n = -1;
    const QRegularExpression re(QStringLiteral("POST /v1/chat/completions .*, (\\d+) generated,"));
    for (const QByteArray &line : log.split('\n'))
        if (const QRegularExpressionMatch m = re.match(QString::fromUtf8(line)); m.hasMatch())
            n = m.captured(1).toInt();
    return n;
}

} // namespace

class TestRemoteWindow : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void dialogListsModelsAndKeepsTheKeyPrivate();
    void windowChatsWithTheServer();
    void errorsOfferRetry();

private:
    QTemporaryDir m_dir;
    QString m_model;
    Served m_server;
};

void TestRemoteWindow::initTestCase()
{
    SLUICE_SERVE_DEMO_OR_SKIP("--api-key", "sk-gui");
}

void TestRemoteWindow::dialogListsModelsAndKeepsTheKeyPrivate()
{
    QTemporaryDir data;
    gui::ConnectDialog dialog(data.path());
    qt::RemoteConnection c;
    c.url = m_server.url();
    c.apiKey = "sk-gui";
    dialog.setConnection(c);
    QSignalSpy listed(&dialog, &gui::ConnectDialog::modelsListed);
    dialog.listModels();
    QVERIFY(listed.wait(20000));
    QCOMPARE(listed[0][0].toBool(), true);
    QCOMPARE(dialog.modelBox()->count(), 1);
    QCOMPARE(dialog.modelBox()->itemText(0), QStringLiteral("demo"));
    dialog.show();
    QTest::qWait(50);
    QVERIFY(dialog.grab().save(screenshotDir() + QStringLiteral("/remote-connect.png")));
    QCOMPARE(dialog.save(), QString());
    const QString keyPath = data.filePath("remote/api-key");
    struct stat st { };
    QCOMPARE(::stat(QFile::encodeName(keyPath).constData(), &st), 0);
    QCOMPARE(int(st.st_mode & 0777), 0600);
    qt::RemoteConnection back = gui::ConnectDialog::load(data.path());
    QCOMPARE(back.url, m_server.url());
    QCOMPARE(back.apiKey, QStringLiteral("sk-gui"));
    QCOMPARE(back.model, QStringLiteral("demo"));
    // A key file someone made readable by others is not used, and the reason is named.
    ::chmod(QFile::encodeName(keyPath).constData(), 0644);
    QString error;
    back = gui::ConnectDialog::load(data.path(), &error);
    QVERIFY(back.apiKey.isEmpty());
    QVERIFY2(error.contains("readable by others (mode 0644)"), qPrintable(error));
    // A wrong key: the list fails with the server's 401.
    c.apiKey = "nope";
    dialog.setConnection(c);
    dialog.listModels();
    QVERIFY(listed.wait(20000));
    QCOMPARE(listed[1][0].toBool(), false);
    QVERIFY2(dialog.statusText().contains("HTTP 401"), qPrintable(dialog.statusText()));
}

void TestRemoteWindow::windowChatsWithTheServer()
{
    GuiFixture f;
    // Greedy: the reply is the same on every run. Its length is still the
    // model's choice (an end-of-message may come before the cap), so the test
    // asserts 1..24 tokens and the exact count the server reported, never 24.
    f.settings->setTemperature(0.0);
    f.settings->setMaxTokens(24);
    f.window->show();
    QVERIFY(QTest::qWaitForWindowExposed(f.window.get()));
    QSignalSpy opened(f.window.get(), &gui::MainWindow::modelOpened);
    qt::RemoteConnection c;
    c.url = m_server.url();
    c.apiKey = "sk-gui";
    f.window->connectToServer(c);
    QVERIFY(opened.wait(20000));
    QVERIFY(f.window->isRemote());
    QVERIFY(f.window->isModelOpen());
    QSignalSpy done(f.window.get(), &gui::MainWindow::generationFinished);
    f.window->promptEdit()->setPlainText(QStringLiteral("Hello from the window"));
    f.window->sendPrompt();
    QVERIFY(done.wait(60000));
    const gui::Chat *chat = f.window->chatStore()->chat(f.window->currentChatId());
    QVERIFY(chat);
    QCOMPARE(chat->messages.size(), 2);
    const gui::Message &reply = chat->messages.last();
    QCOMPARE(reply.role, QStringLiteral("assistant"));
    QVERIFY(!reply.content.isEmpty() || !reply.reasoning.isEmpty());
    QVERIFY(reply.stats.valid);
    QVERIFY2(reply.stats.tokens >= 1 && reply.stats.tokens <= 24, qPrintable(QString::number(reply.stats.tokens)));
    // The server prints its log line as it ends the stream: it may reach us just after the reply.
    QTRY_COMPARE_WITH_TIMEOUT(generatedByServer(m_server.log()), reply.stats.tokens, 20000);
    QVERIFY(reply.stats.tokensPerSecond > 0);
    QVERIFY(reply.stats.timeToFirstToken > 0);
    QVERIFY2(f.window->statsPanel()->figuresText().contains("Remote server"),
        qPrintable(f.window->statsPanel()->figuresText()));
    QVERIFY(!f.window->statsPanel()->figuresText().contains("Expert hit rate"));
    QVERIFY(reply.stats.hitRate < 0); // stored as "not measured": the message line shows no hit rate or disk figure
    // A second turn carries the first (the server reuses its prefix).
    f.window->promptEdit()->setPlainText(QStringLiteral("And again"));
    f.window->sendPrompt();
    QVERIFY(done.wait(60000));
    QCOMPARE(f.window->chatStore()->chat(f.window->currentChatId())->messages.size(), 4);
    for (int i = 0; i < 3; ++i)
        QTest::qWait(30);
    QVERIFY(f.window->grab().save(screenshotDir() + QStringLiteral("/remote-chat.png")));
    // The Model tab says it is remote.
    for (QTabWidget *tabs : f.window->findChildren<QTabWidget *>()) // each page sits in a scroll area
        for (int i = 0; i < tabs->count(); ++i)
            if (tabs->widget(i)->isAncestorOf(f.window->modelPanel()))
                tabs->setCurrentIndex(i);
    QTest::qWait(50);
    const QLabel *info = f.window->modelPanel()->findChild<QLabel *>();
    QVERIFY(info);
    bool saysRemote = false;
    for (const QLabel *l : f.window->modelPanel()->findChildren<QLabel *>())
        saysRemote |= l->text().contains("Remote server: " + m_server.url());
    QVERIFY(saysRemote);
    QVERIFY(f.window->grab().save(screenshotDir() + QStringLiteral("/remote-model.png")));
}

void TestRemoteWindow::errorsOfferRetry()
{
    GuiFixture f;
    f.settings->setMaxTokens(8);
    f.window->show();
    QVERIFY(QTest::qWaitForWindowExposed(f.window.get()));
    // A wrong key: the connection is refused with the server's 401, Retry offered.
    qt::RemoteConnection c;
    c.url = m_server.url();
    c.apiKey = "wrong";
    QSignalSpy notices(f.window.get(), &gui::MainWindow::noticeShown);
    f.window->connectToServer(c);
    QTRY_VERIFY_WITH_TIMEOUT(f.window->lastMessage().contains("HTTP 401"), 20000);
    QVERIFY(!f.window->isRemote());
    auto retryButton = [&]() -> QPushButton * {
        for (QMessageBox *box : f.window->findChildren<QMessageBox *>())
            for (QAbstractButton *b : box->buttons())
                if (b->text() == QStringLiteral("&Retry"))
                    return qobject_cast<QPushButton *>(b);
        return nullptr;
    };
    QVERIFY(retryButton());
    // A server that goes away: the turn fails with the reason, Retry asks again (and fails the same way).
    Served gone;
    QString why;
    QVERIFY2(gone.start(m_model, {}, &why), qPrintable(why));
    QSignalSpy opened(f.window.get(), &gui::MainWindow::modelOpened);
    c.url = gone.url();
    c.apiKey.clear();
    f.window->connectToServer(c);
    QVERIFY(opened.wait(20000));
    gone.kill();
    for (QMessageBox *box : f.window->findChildren<QMessageBox *>())
        box->close();
    QSignalSpy done(f.window.get(), &gui::MainWindow::generationFinished);
    f.window->promptEdit()->setPlainText(QStringLiteral("Anyone there?"));
    f.window->sendPrompt();
    QTRY_VERIFY_WITH_TIMEOUT(!f.window->isGenerating(), 20000);
    QVERIFY2(f.window->lastMessage().contains("Connection refused"), qPrintable(f.window->lastMessage()));
    QTRY_VERIFY(retryButton());
    f.window->findChildren<QMessageBox *>();
    retryButton()->click();
    QTRY_VERIFY_WITH_TIMEOUT(!f.window->isGenerating(), 20000);
    QVERIFY(f.window->lastMessage().contains("Connection refused"));
}

SLUICE_TEST_MAIN(TestRemoteWindow)
#include "tst_remotewindow.moc"
