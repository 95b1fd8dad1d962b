// One app per user and settings file (gui/app/singleinstance.h, issue 29): a
// second launch hands its arguments to the first and exits; a socket left by
// a crashed instance does not block the next one; what is not a message of
// ours is dropped. The later launch runs on its own thread here (its calls
// block, as they do in main() before the event loop); the first instance
// answers on the test's event loop, which QSignalSpy::wait runs.
#include "support/testregistry.h"
#include "app/singleinstance.h"

#include <QFile>
#include <QLocalSocket>
#include <QLockFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using sluice::gui::SingleInstance;

class TestSingleInstance : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString key(const char *name) const { return m_dir.filePath(QString::fromLatin1(name)); }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }
    void nobodyToHandOverTo();
    void secondLaunchHandsOver();
    void staleSocketIsReplaced();
    void strangersAreDropped();
    void keysAreSeparate();
};

// No instance runs: the launch finds nobody and becomes the first.
void TestSingleInstance::nobodyToHandOverTo()
{
    SingleInstance first(key("alone.conf"));
    QVERIFY(!first.handOver({}, 2000));
    QVERIFY(first.listen());
    QVERIFY(QFile::exists(first.serverName()));
}

void TestSingleInstance::secondLaunchHandsOver()
{
    SingleInstance first(key("main.conf"));
    QVERIFY(first.listen());
    QSignalSpy activated(&first, &SingleInstance::activated);
    const QStringList arguments { "--model", "/models/Kimi K3 (ünïcode)" };
    std::atomic<int> handed { -1 };
    std::thread later([&] {
        SingleInstance second(key("main.conf"));
        handed = second.handOver(arguments, 30000) ? 1 : 0;
    });
    QVERIFY(activated.wait(30000));
    later.join();
    QCOMPARE(handed.load(), 1); // acknowledged: the second launch exits
    QCOMPARE(activated.count(), 1);
    QCOMPARE(activated.first().first().toStringList(), arguments);
    // A later launch cannot take over while the first lives.
    SingleInstance third(key("main.conf"));
    QVERIFY(!third.listen());
}

// A crashed instance leaves its socket file and its lock (naming a process
// that is gone); the next launch takes over both.
void TestSingleInstance::staleSocketIsReplaced()
{
    const QString name = SingleInstance(key("crashed.conf")).serverName();
    const pid_t child = ::fork();
    if (child == 0) { // the "instance" that crashes: takes the lock, never releases it
        QLockFile lock(name + QStringLiteral(".lock"));
        ::_exit(lock.tryLock(0) ? 0 : 1);
    }
    QVERIFY(child > 0);
    int status = 0;
    QCOMPARE(::waitpid(child, &status, 0), child);
    QVERIFY(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    QVERIFY(QFile::exists(name + QStringLiteral(".lock")));
    const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    QVERIFY(fd >= 0);
    sockaddr_un addr {};
    addr.sun_family = AF_UNIX;
    const QByteArray path = QFile::encodeName(name);
    QVERIFY(size_t(path.size()) < sizeof addr.sun_path);
    std::memcpy(addr.sun_path, path.constData(), size_t(path.size()));
    QCOMPARE(::bind(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr), 0);
    ::close(fd); // bound, never listening, file left behind: what a crash leaves
    QVERIFY(QFile::exists(name));

    SingleInstance next(key("crashed.conf"));
    QVERIFY(!next.handOver({}, 2000));
    QVERIFY(next.listen());
    QSignalSpy activated(&next, &SingleInstance::activated);
    std::atomic<int> handed { -1 };
    std::thread later([&] { handed = SingleInstance(key("crashed.conf")).handOver({ "x" }, 30000) ? 1 : 0; });
    QVERIFY(activated.wait(30000));
    later.join();
    QCOMPARE(handed.load(), 1);
}

// Bytes that are not one line of a JSON array (another program on the
// socket, a line over the bound) activate nothing.
void TestSingleInstance::strangersAreDropped()
{
    SingleInstance first(key("strangers.conf"));
    QVERIFY(first.listen());
    QSignalSpy activated(&first, &SingleInstance::activated);
    for (const QByteArray &bytes :
        { QByteArray("GET / HTTP/1.1\n"), QByteArray("{\"model\": 1}\n"),
            QByteArray(int(SingleInstance::kMaxMessageBytes) + 16, 'a') }) {
        QLocalSocket stranger;
        stranger.connectToServer(first.serverName());
        QVERIFY(stranger.waitForConnected(5000));
        stranger.write(bytes);
        QVERIFY(stranger.waitForBytesWritten(5000));
        // The first instance closes the connection without an answer.
        QTRY_VERIFY_WITH_TIMEOUT(stranger.state() == QLocalSocket::UnconnectedState, 10000);
        QCOMPARE(stranger.readAll(), QByteArray());
    }
    QCOMPARE(activated.count(), 0);
}

// Two settings files (a test, a second profile) are two instances.
void TestSingleInstance::keysAreSeparate()
{
    SingleInstance a(key("a.conf")), b(key("b.conf"));
    QVERIFY(a.serverName() != b.serverName());
    QVERIFY(a.listen());
    QVERIFY(b.listen());
}

SLUICE_TEST_MAIN(TestSingleInstance)
#include "tst_singleinstance.moc"
