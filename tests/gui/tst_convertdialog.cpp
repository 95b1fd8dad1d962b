// File -> Convert model…'s dialog: the free-space line, progress while the
// conversion runs on its worker thread (the dialog's event loop keeps
// turning), Pause stops it resumably, Resume finishes it; the result opens.
#include "support/testregistry.h"
#include "models/convertdialog.h"
#include "qt/convertworker.h"
#include "format/container.h"
#include "format/synth.h"

#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace sluice;

class TestConvertDialog : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void pauseAndResume();
};

void TestConvertDialog::pauseAndResume()
{
    QTemporaryDir tmp;
    SynthOptions s;
    s.arch = Architecture::KimiLinear;
    QVERIFY(writeSyntheticRelease((tmp.path() + "/rel").toStdString(), s).isOk());
    ConvertDialog dialog;
    dialog.setTestMode(4096, 4);
    dialog.setSource(tmp.path() + "/rel");
    dialog.setDestination(tmp.path() + "/out");
    bool spaceShown = false;
    for (QLabel *l : dialog.findChildren<QLabel *>())
        spaceShown = spaceShown || (l->text().contains("Needs") && l->text().contains("available"));
    QVERIFY(spaceShown);
    bool memoryShown = false; // the working-set bound in the summary
    for (QLabel *l : dialog.findChildren<QLabel *>())
        memoryShown = memoryShown || (l->text().contains("at most") && l->text().contains("RAM"));
    QVERIFY(memoryShown);
    {
        // The trunk pass's progress as the worker reports it.
        auto *thread = dialog.findChild<qt::ConvertThread *>();
        QVERIFY(thread);
        qt::ConvertStatus st;
        st.phase = "trunk";
        st.trunkTensor = 2;
        st.trunkTensors = 10;
        st.trunkBytesDone = 3u << 20;
        st.trunkBytesTotal = 12u << 20;
        st.trunkBytesPerSecond = 1u << 20;
        st.etaSeconds = 9;
        Q_EMIT thread->worker()->progress(st);
        QVERIFY2(dialog.statusText().contains("tensor 3 of 10") && dialog.statusText().contains("9 s left"),
                 qPrintable(dialog.statusText()));
    }
    QSignalSpy finished(&dialog, &ConvertDialog::conversionFinished);
    dialog.startOrResume();
    QVERIFY(dialog.running());
    QTRY_VERIFY_WITH_TIMEOUT(dialog.statusText().contains("experts/s"), 30000); // progress arrived, UI alive
    dialog.pause();
    QVERIFY(finished.wait(30000));
    QCOMPARE(finished.at(0).at(0).toBool(), false);
    QCOMPARE(finished.at(0).at(1).toBool(), true);
    QVERIFY(dialog.statusText().contains("Paused"));
    QVERIFY(!dialog.running());
    finished.clear();
    dialog.startOrResume();
    QVERIFY(finished.wait(60000));
    QCOMPARE(finished.at(0).at(0).toBool(), true);
    QCOMPARE(dialog.overallPercent(), 100);
    QVERIFY(Container::open((tmp.path() + "/out").toStdString()).isOk());
}

SLUICE_TEST_MAIN(TestConvertDialog)
#include "tst_convertdialog.moc"
