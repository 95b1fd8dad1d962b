// The Server tab (gui/server/serverpanel.h): on a demo model (`sluice-cli synth
// --demo`) opened in the test, the panel serves at the URL it shows, a real
// request to that URL appears in its request log and counts, switching it off
// frees the port, the settings (on/off, port, address) survive a new panel,
// another address without a key is refused with the reason shown, and the
// panel lets go of the model when told the model is going.
#include "support/testregistry.h"
#include "app/enginefactory.h"
#include "guitestutil.h"
#include "chat/promptedit.h"
#include "qt/localserver.h"
#include "support/synthmodel.h"
#include "server/serverpanel.h"

#include "api/model.h"
#include "api/session.h"

#include <QCheckBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

using namespace sluice;

class TestServerPanel : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_modelPath;
    std::shared_ptr<Model> m_model;

    QString settingsFile() const { return m_dir.filePath(QStringLiteral("settings.ini")); }
    static quint16 freePort()
    {
        QTcpServer probe;
        if (!probe.listen(QHostAddress::LocalHost, 0))
            return 0;
        return probe.serverPort();
    }
    static bool portFree(quint16 port)
    {
        QTcpServer probe;
        return probe.listen(QHostAddress::LocalHost, port);
    }
    // A window on the demo model with the server switched `serving` on `port`
    // (its settings and data under `name` in the test's folder).
    struct WindowUnderTest {
        std::unique_ptr<gui::Settings> settings;
        std::unique_ptr<gui::Appearance> appearance;
        std::unique_ptr<gui::MainWindow> window;
    };
    WindowUnderTest makeWindow(const QString &name, bool serving, quint16 port)
    {
        WindowUnderTest w;
        w.settings = std::make_unique<gui::Settings>(m_dir.filePath(name + QStringLiteral(".ini")));
        w.settings->setAdaptBudget(false);
        w.settings->setThinking(false);
        {
            QSettings s(w.settings->fileName(), QSettings::IniFormat);
            s.setValue("server/enabled", serving);
            s.setValue("server/port", port);
        }
        w.appearance = std::make_unique<gui::Appearance>(qApp);
        gui::MainWindowOptions o;
        o.dataDirectory = m_dir.filePath(name + QStringLiteral("-data"));
        o.engineFactory = gui::defaultEngineFactory();
        o.usableRamBytes = 16ull << 30;
        w.window = std::make_unique<gui::MainWindow>(w.settings.get(), w.appearance.get(), o);
        return w;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_modelPath = m_dir.filePath(QStringLiteral("demo.waste"));
        SLUICE_SYNTH_DEMO(m_modelPath);
        ModelOptions o;
        o.modelPath = m_modelPath.toStdString();
        o.contextLength = 256;
        o.threads = 1;
        o.sessions = 1; // the window's would be the other one: here the server takes the only one
        auto m = Model::open(o);
        QVERIFY2(m, m ? "" : m.status().message().c_str());
        m_model = *m;
    }

    void servesLogsAndStops()
    {
        const quint16 port = freePort();
        QVERIFY(port != 0);
        {
            QSettings s(settingsFile(), QSettings::IniFormat);
            s.clear();
            s.setValue("server/enabled", true);
            s.setValue("server/port", port);
        }
        gui::ServerPanel panel(settingsFile());
        panel.resize(420, 720);
        panel.show();
        QVERIFY(panel.serverWanted());
        QVERIFY(!panel.server()->running());
        panel.setModel(m_model, QStringLiteral("demo"));
        QVERIFY2(panel.server()->running(), qPrintable(panel.statusText()));
        const QString url = QStringLiteral("http://127.0.0.1:%1/v1").arg(port);
        QCOMPARE(panel.urlText(), url);
        QVERIFY(panel.curlText().contains(url + "/chat/completions"));
        QVERIFY(panel.statusText().contains(url));

        QSignalSpy logged(panel.server(), &qt::LocalServer::requestLogged);
        QNetworkAccessManager nam;
        QNetworkRequest req(QUrl(panel.urlText() + "/chat/completions"));
        req.setHeader(QNetworkRequest::ContentTypeHeader, "application/json");
        const QByteArray body = QJsonDocument(
            QJsonObject {
                { "model", "demo" },
                { "messages", QJsonArray { QJsonObject { { "role", "user" }, { "content", "hello" } } } },
                { "max_tokens", 4 },
                { "temperature", 0 },
            })
                                    .toJson();
        QNetworkReply *reply = nam.post(req, body);
        QTRY_VERIFY_WITH_TIMEOUT(reply->isFinished(), 60000);
        QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);
        const QJsonObject answer = QJsonDocument::fromJson(reply->readAll()).object();
        reply->deleteLater();
        const int tokens = answer.value("usage").toObject().value("completion_tokens").toInt();
        QVERIFY(tokens >= 1 && tokens <= 4);
        QTRY_COMPARE(logged.count(), 1);
        // "TIME POST /v1/chat/completions (30 prompt (0 reused), 4 generated, ...) 200 0.085 s"
        const QString line = logged.at(0).at(0).toString();
        QVERIFY2(line.contains("POST /v1/chat/completions (")
                && line.contains(QStringLiteral("%1 generated").arg(tokens)) && line.contains(") 200 "),
            qPrintable(line));
        QTRY_VERIFY(panel.logText().contains(line));
        QCOMPARE(panel.server()->requestCount(), 1);
        QCOMPARE(panel.server()->tokenCount(), quint64(tokens));
        QVERIFY2(panel.countsText().startsWith("1 request"), qPrintable(panel.countsText()));

        QVERIFY(panel.grab().save(test::screenshotDir() + "/server-panel.png"));

        // Off: the port is free at once, and the choice is kept.
        QVERIFY(!portFree(port));
        auto *enabled = panel.findChild<QCheckBox *>();
        QVERIFY(enabled);
        enabled->setChecked(false);
        QVERIFY(!panel.server()->running());
        QVERIFY(portFree(port));
        QVERIFY(panel.urlText().isEmpty());
        QVERIFY(!QSettings(settingsFile(), QSettings::IniFormat).value("server/enabled").toBool());
        enabled->setChecked(true);
        QVERIFY(panel.server()->running());

        // The model is going: the panel stops and lets go of it.
        panel.clearModel();
        QVERIFY(!panel.server()->running());
        QVERIFY(portFree(port));
        QCOMPARE(m_model.use_count(), 1L);
    }

    void settingsSurviveANewPanel()
    {
        const quint16 port = freePort();
        {
            QSettings s(settingsFile(), QSettings::IniFormat);
            s.clear();
            s.setValue("server/enabled", false);
            s.setValue("server/port", port);
        }
        {
            gui::ServerPanel panel(settingsFile());
            panel.setModel(m_model, QStringLiteral("demo"));
            QVERIFY(!panel.server()->running()); // off stays off
            panel.findChild<QCheckBox *>()->setChecked(true);
            QVERIFY(panel.server()->running());
            QCOMPARE(panel.server()->port(), port);
        } // the app quits with the server on
        QVERIFY(portFree(port));
        gui::ServerPanel again(settingsFile());
        QVERIFY(again.serverWanted());
        again.setModel(m_model, QStringLiteral("demo"));
        QVERIFY(again.server()->running());
        QCOMPARE(again.server()->port(), port);
        again.clearModel();
    }

    void otherAddressNeedsAKey()
    {
        {
            QSettings s(settingsFile(), QSettings::IniFormat);
            s.clear();
            s.setValue("server/enabled", true);
            s.setValue("server/host", "0.0.0.0");
            s.setValue("server/port", freePort());
        }
        gui::ServerPanel panel(settingsFile());
        panel.setModel(m_model, QStringLiteral("demo"));
        QVERIFY(!panel.server()->running());
        QVERIFY2(panel.statusText().contains("needs an API key"), qPrintable(panel.statusText()));
        QVERIFY(panel.urlText().isEmpty());
        panel.clearModel();
    }

    // The window's session holds the only planned session: the server says so instead of failing each request.
    void noFreeSession()
    {
        {
            QSettings s(settingsFile(), QSettings::IniFormat);
            s.clear();
            s.setValue("server/enabled", true);
            s.setValue("server/port", freePort());
        }
        auto windowSession = m_model->createSession();
        QVERIFY(windowSession);
        gui::ServerPanel panel(settingsFile());
        panel.setModel(m_model, QStringLiteral("demo"));
        QVERIFY(!panel.server()->running());
        QVERIFY2(panel.statusText().contains("room for the server"), qPrintable(panel.statusText()));
        // The way forward is offered, in the user's terms (no internal names).
        QVERIFY(!panel.statusText().contains("ModelOptions"));
        QPushButton *button = nullptr;
        for (QPushButton *b : panel.findChildren<QPushButton *>())
            if (b->text() == QStringLiteral("Reopen the model and serve"))
                button = b;
        QVERIFY(button && button->isVisibleTo(&panel));
        QSignalSpy asked(&panel, &gui::ServerPanel::reopenRequested);
        button->click();
        QCOMPARE(asked.count(), 1);
        panel.clearModel();
        QVERIFY(!button->isVisibleTo(&panel));
    }

    // In the app: the window's own model is served (the same object, no
    // second copy), a window reply and a server request at the same time
    // both finish (the model serialises them), closing the window frees the port.
    void inTheWindow()
    {
        qputenv("SLUICE_THREADS", "1");
        const quint16 port = freePort();
        WindowUnderTest w = makeWindow(QStringLiteral("window"), true, port);
        gui::MainWindow *window = w.window.get();
        QSignalSpy opened(window, &gui::MainWindow::modelOpened);
        window->openModel(m_modelPath);
        QVERIFY(opened.wait(60000));
        auto *panel = window->findChild<gui::ServerPanel *>();
        QVERIFY(panel);
        QVERIFY2(panel->server()->running(), qPrintable(panel->statusText()));
        const std::shared_ptr<Model> windowModel = window->engine()->worker()->model();
        QVERIFY(windowModel);
        QCOMPARE(panel->servedModel(), windowModel.get());

        QSignalSpy done(window, &gui::MainWindow::generationFinished);
        window->promptEdit()->setPlainText(QStringLiteral("hello from the window"));
        window->sendPrompt();
        QNetworkAccessManager nam;
        QNetworkRequest req(QUrl(panel->urlText() + "/completions"));
        req.setHeader(QNetworkRequest::ContentTypeHeader, "application/json");
        QNetworkReply *reply = nam.post(req, QByteArray(R"({"prompt":"hello from a client","max_tokens":8})"));
        QTRY_VERIFY_WITH_TIMEOUT(reply->isFinished(), 60000);
        QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);
        QCOMPARE(QJsonDocument::fromJson(reply->readAll())
                     .object()
                     .value("usage")
                     .toObject()
                     .value("completion_tokens")
                     .toInt(),
            8);
        reply->deleteLater();
        QVERIFY(done.count() > 0 || done.wait(60000));
        QTRY_VERIFY(panel->logText().contains("POST /v1/completions"));
        for (QTabWidget *side : window->findChildren<QTabWidget *>()) // each page sits in a scroll area
            for (int i = 0; i < side->count(); ++i)
                if (side->widget(i)->isAncestorOf(panel))
                    side->setCurrentIndex(i);
        window->resize(1400, 860);
        window->show();
        QVERIFY(QTest::qWaitForWindowExposed(window));
        QVERIFY(window->grab().save(test::screenshotDir() + "/server-tab-window.png"));

        window->close();
        QVERIFY(!panel->server()->running());
        QVERIFY(portFree(port));
    }

    // Issue 27: the Server tab switched on while the window's model is open
    // (planned for the window's chat alone) offers to reopen it; after the
    // reopen the same window serves it.
    void startWithAModelOpen()
    {
        qputenv("SLUICE_THREADS", "1");
        WindowUnderTest w = makeWindow(QStringLiteral("later"), false, freePort());
        gui::MainWindow *window = w.window.get();
        QSignalSpy opened(window, &gui::MainWindow::modelOpened);
        window->openModel(m_modelPath);
        QVERIFY(opened.wait(60000));
        auto *panel = window->findChild<gui::ServerPanel *>();
        QVERIFY(panel);
        QCOMPARE(window->engine()->worker()->model()->options().sessions, 1);
        auto *enabled = panel->findChild<QCheckBox *>();
        QVERIFY(enabled);
        enabled->setChecked(true);
        QVERIFY(!panel->server()->running());
        QPushButton *button = nullptr;
        for (QPushButton *b : panel->findChildren<QPushButton *>())
            if (b->text() == QStringLiteral("Reopen the model and serve"))
                button = b;
        QVERIFY(button && button->isVisibleTo(panel));
        for (QTabWidget *side : window->findChildren<QTabWidget *>()) // each page sits in a scroll area
            for (int i = 0; i < side->count(); ++i)
                if (side->widget(i)->isAncestorOf(panel))
                    side->setCurrentIndex(i);
        window->resize(1400, 860);
        window->show();
        QVERIFY(QTest::qWaitForWindowExposed(window));
        QVERIFY(window->grab().save(test::screenshotDir() + "/server-tab-needs-room.png"));
        button->click();
        QVERIFY(opened.wait(60000));
        QVERIFY(window->isModelOpen());
        QCOMPARE(window->engine()->worker()->model()->options().sessions, 2);
        QVERIFY2(panel->server()->running(), qPrintable(panel->statusText()));
        QVERIFY(!button->isVisibleTo(panel));
        QVERIFY(window->grab().save(test::screenshotDir() + "/server-tab-after-reopen.png"));
        window->close();
        QVERIFY(!panel->server()->running());
    }

    void generatedKeys()
    {
        const QString a = qt::LocalServer::generateKey(), b = qt::LocalServer::generateKey();
        QVERIFY(a.startsWith("sk-"));
        QCOMPARE(a.size(), 3 + 64);
        QVERIFY(a != b);
    }
};

SLUICE_TEST_MAIN(TestServerPanel)
#include "tst_serverpanel.moc"
