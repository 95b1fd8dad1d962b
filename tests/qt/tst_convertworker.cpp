// The app's converter worker: progress arrives by queued signals on the
// receiver's thread while the conversion runs on the worker's; stop() gives
// finished(cancelled) and a second start resumes to a complete container;
// convertSpace names needed and available bytes.
#include "support/testregistry.h"
#include "format/container.h"
#include "format/synth.h"
#include "qt/convertworker.h"
#include "qt/queuedspy.h"

#include <QTemporaryDir>
#include <QTest>

using namespace sluice;
using namespace sluice::qt;
using sluice::test::QueuedSpy;

class TestConvertWorker : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void progressStopResume();
};

void TestConvertWorker::progressStopResume()
{
    QTemporaryDir tmp;
    SynthOptions s;
    s.arch = Architecture::KimiLinear;
    QVERIFY(writeSyntheticRelease((tmp.path() + "/rel").toStdString(), s).isOk());
    ConvertRequest req;
    req.source = tmp.path() + "/rel";
    req.destination = tmp.path() + "/out";
    req.jobs = 2;
    req.sampleVectors = 4096;
    req.iterations = 4;

    const ConvertSpaceInfo space = convertSpace(req);
    QVERIFY2(space.error.isEmpty(), qPrintable(space.error.english()));
    QVERIFY(space.needed > 0 && space.available > 0);
    QVERIFY(space.peakMemory > 0);

    ConvertThread thread;
    // Queued spies: a QSignalSpy appends on the worker thread while this
    // thread reads it, a data race TSan reported (queuedspy.h).
    QueuedSpy progress(thread.worker(), &ConvertWorker::progress);
    QueuedSpy finished(thread.worker(), &ConvertWorker::finished);
    bool onMainThread = true, trunkShown = false;
    connect(thread.worker(), &ConvertWorker::progress, this, [&](const ConvertStatus &st) {
        onMainThread = onMainThread && QThread::currentThread() == thread.thread();
        if (st.phase == "trunk") // the trunk pass, per tensor with its byte counts
            trunkShown = trunkShown || (st.trunkTensors > 0 && st.trunkTensor < st.trunkTensors &&
                                        st.trunkBytesTotal > 0 && st.trunkBytesDone <= st.trunkBytesTotal);
        if (st.layersDone >= 2)
            thread.stop(); // "pause" from the UI thread
    });
    thread.start(req);
    QTRY_VERIFY_WITH_TIMEOUT(finished.count() >= 1, 240000); // 63 s under TSan at load 12
    QCOMPARE(finished.size(), 1);
    QCOMPARE(finished.at(0).at(0).toBool(), false);
    QCOMPARE(finished.at(0).at(1).toBool(), true); // cancelled, resumable
    QVERIFY(progress.size() > 0);
    QVERIFY(onMainThread);
    QVERIFY(trunkShown);

    finished.clear();
    disconnect(thread.worker(), &ConvertWorker::progress, this, nullptr);
    thread.start(req);
    QTRY_VERIFY_WITH_TIMEOUT(finished.count() >= 1, 240000); // 63 s under TSan at load 12
    QCOMPARE(finished.at(0).at(0).toBool(), true);
    QVERIFY2(Container::open(req.destination.toStdString()).isOk(), "the result does not open");
    const ConvertStatus last = progress.last().at(0).value<ConvertStatus>();
    QCOMPARE(last.expertsTotal, quint64(7 * 16));
}

SLUICE_TEST_GUILESS_MAIN(TestConvertWorker)
#include "tst_convertworker.moc"
