// util/atomicfile: a user's file is replaced only when it is a regular file
// (or absent), and the temporaries of writers killed mid-write (kill -9 between
// create and rename) are removed by the next write of the same name, never a
// live process's and never another file's.
#include "support/testregistry.h"
#include "util/atomicfile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace sluice;

namespace {

// The PID of a process that has ended and been reaped: a writer killed mid-save.
long deadPid()
{
    const pid_t child = ::fork();
    if (child == 0)
        ::_exit(0);
    int status = 0;
    ::waitpid(child, &status, 0);
    return long(child);
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool plant(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

} // namespace

class TestAtomicFile : public QObject {
    Q_OBJECT
private slots:
    void writesAndReplaces()
    {
        QTemporaryDir dir;
        const QString path = dir.path() + "/chat.sess";
        QVERIFY(writeFileAtomically(path.toStdString(), "first").isOk());
        QCOMPARE(readAll(path), QByteArray("first"));
        QVERIFY(writeFileAtomically(path.toStdString(), "second").isOk());
        QCOMPARE(readAll(path), QByteArray("second"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::System), QStringList{"chat.sess"}); // no temporary left
    }

    // What is not a regular file is refused by name and left as it was.
    void refusesWhatIsNotARegularFile_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("message");
        QTest::newRow("FIFO") << "fifo" << "@P (session file): is a FIFO (named pipe), not a regular file; not replaced";
        QTest::newRow("directory") << "dir" << "@P (session file): is a directory, not a regular file; not replaced";
        QTest::newRow("symlink to a FIFO")
            << "link" << "@P (session file): is a FIFO (named pipe), not a regular file; not replaced";
    }
    void refusesWhatIsNotARegularFile()
    {
        QFETCH(QString, kind);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const QString path = dir.path() + "/target", fifo = dir.path() + "/fifo";
        QVERIFY(::mkfifo(QFile::encodeName(fifo).constData(), 0600) == 0);
        if (kind == "fifo")
            QVERIFY(QFile::rename(fifo, path));
        else if (kind == "dir")
            QVERIFY(QDir().mkdir(path));
        else
            QVERIFY(QFile::link(fifo, path));
        const Status st = writeFileAtomically(path.toStdString(), "state", path.toStdString() + " (session file)");
        QCOMPARE(st.code(), ErrorCode::InvalidArgument);
        QCOMPARE(QString::fromStdString(st.message()), QString(message).replace("@P", path));
        struct stat after;
        QVERIFY(::stat(QFile::encodeName(path).constData(), &after) == 0);
        QVERIFY(kind == "dir" ? S_ISDIR(after.st_mode) : S_ISFIFO(after.st_mode)); // still what it was
        QVERIFY(!QFileInfo::exists(path + ".tmp." + QString::number(::getpid())));
    }

    // kill -9 mid-save leaves NAME.tmp.PID: the next save of NAME removes the
    // dead writers' ones and nothing else.
    void removesDeadWritersTemporaries()
    {
        QTemporaryDir dir;
        const QString path = dir.path() + "/chat.sess";
        const long dead = deadPid(), alive = long(::getppid());
        const QString stale = path + ".tmp." + QString::number(dead);
        const QString live = path + ".tmp." + QString::number(alive);
        const QString otherName = dir.path() + "/other.sess.tmp." + QString::number(dead);
        const QString notAPid = path + ".tmp.12x";
        for (const QString &p : {stale, live, otherName, notAPid})
            QVERIFY(plant(p, "half a session"));
        QVERIFY(writeFileAtomically(path.toStdString(), "whole").isOk());
        QVERIFY2(!QFileInfo::exists(stale), "a dead writer's temporary was left");
        QVERIFY(QFileInfo::exists(live));      // its writer may still be saving
        QVERIFY(QFileInfo::exists(otherName)); // another file's
        QVERIFY(QFileInfo::exists(notAPid));
        QCOMPARE(readAll(path), QByteArray("whole"));
    }
};

SLUICE_TEST_APPLESS_MAIN(TestAtomicFile)
#include "tst_atomicfile.moc"
