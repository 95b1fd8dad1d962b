// The app's hub downloads (qt/downloadworker.h, issue 26) against the mock
// hub on loopback (tests/remote/mockhub.h): listing and progress signals, a
// pause that keeps the parts and a resume that fetches exactly the missing
// bytes (byte-identical result), a cancel that drops the parts, and a failure
// that names the file. The worker runs on its own thread; this thread's event
// loop serves the mock while the test waits on signals.
#include "support/testregistry.h"
#include "qt/downloadworker.h"
#include "remote/mockhub.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace sluice;
using namespace sluicetest;

class TestDownloadWorker : public QObject {
    Q_OBJECT

    MockHub m_hub;

    qt::DownloadRequest request(const QString &folder) const
    {
        qt::DownloadRequest r;
        r.endpoint = m_hub.url();
        r.repo = QStringLiteral("org/model");
        r.folder = folder;
        r.jobs = 2;
        r.backoffBaseMs = 5;
        r.jitterSeed = 7;
        return r;
    }

    quint64 total() const
    {
        quint64 n = 0;
        for (const QByteArray &b : m_hub.files)
            n += quint64(b.size());
        return n;
    }

    // Bytes on disk that the next run need not fetch: complete files and parts.
    static quint64 bytesOnDisk(const QString &folder, int *parts = nullptr)
    {
        quint64 n = 0;
        for (QDirIterator it(folder, QDir::Files, QDirIterator::Subdirectories); it.hasNext();) {
            it.next();
            n += quint64(it.fileInfo().size());
            if (parts && it.fileName().endsWith(QStringLiteral(".part")))
                ++*parts;
        }
        return n;
    }

    void verifyFolder(const QString &dir) const
    {
        const QString why = m_hub.differences(dir);
        QVERIFY2(why.isEmpty(), qPrintable(why));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_hub.start());
        m_hub.fillTwoShards(600 * 1024, 400 * 1024 + 5, 11);
    }

    void downloadsAndReports()
    {
        QTemporaryDir dir;
        const QString folder = QDir(dir.path()).filePath("model");
        qt::DownloadThread thread;
        QSignalSpy listed(thread.worker(), &qt::DownloadWorker::listed);
        QSignalSpy progress(thread.worker(), &qt::DownloadWorker::progress);
        QSignalSpy finished(thread.worker(), &qt::DownloadWorker::finished);
        thread.start(request(folder));
        QVERIFY(finished.wait(30000));
        QCOMPARE(listed.size(), 1);
        QCOMPARE(listed[0][0].toInt(), m_hub.files.size());
        QCOMPARE(listed[0][1].toULongLong(), total());
        QCOMPARE(finished[0][0].toString(), folder);
        QCOMPARE(finished[0][1].toULongLong(), total());
        QVERIFY(!progress.isEmpty());
        const auto last = progress.last()[0].value<qt::DownloadStatus>();
        QCOMPARE(last.totalDone, total());
        QCOMPARE(last.totalSize, total());
        QCOMPARE(last.filesDone, int(m_hub.files.size()));
        QCOMPARE(last.filesTotal, int(m_hub.files.size()));
        verifyFolder(folder);
    }

    // Pause keeps what arrived; the resume fetches exactly the rest, and the
    // result is byte-identical to the source.
    void pauseThenResume()
    {
        QTemporaryDir dir;
        qt::DownloadThread thread;
        QSignalSpy progress(thread.worker(), &qt::DownloadWorker::progress);
        QSignalSpy paused(thread.worker(), &qt::DownloadWorker::paused);
        QSignalSpy finished(thread.worker(), &qt::DownloadWorker::finished);
        qt::DownloadRequest r = request(dir.path());
        r.maxBytesPerSecond = 256 * 1024; // about four seconds: room to pause halfway
        thread.start(r);
        QTRY_VERIFY_WITH_TIMEOUT(!progress.isEmpty() && progress.last()[0].value<qt::DownloadStatus>().totalDone > 0,
                                 30000);
        thread.pause();
        QVERIFY(paused.wait(30000));
        QVERIFY(finished.isEmpty());
        int parts = 0;
        const quint64 kept = bytesOnDisk(dir.path(), &parts);
        QVERIFY(kept > 0);
        QVERIFY2(kept < total(), "paused after the end");
        QVERIFY(parts > 0);
        r.maxBytesPerSecond = 0;
        thread.start(r);
        QVERIFY(finished.wait(30000));
        QCOMPARE(finished[0][1].toULongLong(), total() - kept); // no finished byte fetched again
        verifyFolder(dir.path());
    }

    void cancelDropsTheParts()
    {
        QTemporaryDir dir;
        qt::DownloadThread thread;
        QSignalSpy progress(thread.worker(), &qt::DownloadWorker::progress);
        QSignalSpy cancelled(thread.worker(), &qt::DownloadWorker::cancelled);
        qt::DownloadRequest r = request(dir.path());
        r.maxBytesPerSecond = 256 * 1024;
        thread.start(r);
        QTRY_VERIFY_WITH_TIMEOUT(!progress.isEmpty() && progress.last()[0].value<qt::DownloadStatus>().totalDone > 0,
                                 30000);
        thread.cancel();
        QVERIFY(cancelled.wait(30000));
        int parts = 0;
        bytesOnDisk(dir.path(), &parts);
        QCOMPARE(parts, 0);
    }

    void failureNamesTheFile()
    {
        QTemporaryDir dir;
        qt::DownloadThread thread;
        QSignalSpy failed(thread.worker(), &qt::DownloadWorker::failed);
        m_hub.faults["model-00002-of-00002.safetensors"] = {Fault::NotFound};
        thread.start(request(dir.path()));
        QVERIFY(failed.wait(30000));
        m_hub.faults.clear();
        const QString message = failed[0][0].toString();
        QVERIFY2(message.contains("model-00002-of-00002.safetensors") && message.contains("404"), qPrintable(message));
    }

    void listingFailureNamesTheRepository()
    {
        QTemporaryDir dir;
        qt::DownloadThread thread;
        QSignalSpy failed(thread.worker(), &qt::DownloadWorker::failed);
        qt::DownloadRequest r = request(dir.path());
        r.repo = QStringLiteral("org/missing");
        thread.start(r);
        QVERIFY(failed.wait(30000));
        QVERIFY2(failed[0][0].toString().contains("org/missing"), qPrintable(failed[0][0].toString()));
    }
};

SLUICE_TEST_GUILESS_MAIN(TestDownloadWorker)
#include "tst_downloadworker.moc"
