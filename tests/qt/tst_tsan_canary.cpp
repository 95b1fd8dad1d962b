// The ThreadSanitizer setup of the Qt-side tests must still catch a race
// (issue 15). Runs tests/qt/tsan_canary.cpp as a subprocess with the suite's
// suppression file (tests/tsan.supp) and checks what TSan says: nothing for
// correctly ordered queued-signal traffic with the handoff installed
// (qt/tsanhandoff.h), reports for the same traffic without it (so the clean
// run is the handoff's doing, not a setup that hides everything), and both
// planted races reported with the handoff installed, each naming its two
// functions. Only meaningful in a TSan build (build-tsan); skipped elsewhere.
#include "support/testregistry.h"
#include <QProcess>
#include <QProcessEnvironment>
#include <QTest>

#if defined(__SANITIZE_THREAD__)
#define SLUICE_IS_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define SLUICE_IS_TSAN 1
#endif
#endif

class TestTsanCanary : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void canary_data();
    void canary();
};

void TestTsanCanary::canary_data()
{
    QTest::addColumn<QString>("mode");
    QTest::addColumn<bool>("reports");
    QTest::addColumn<QStringList>("mustName"); // every one must appear in the report text

    QTest::newRow("ordered traffic with the handoff: no report") << "clean" << false << QStringList();
    QTest::newRow("the same traffic unannotated: reported") << "unannotated" << true << QStringList();
    QTest::newRow("planted races with the handoff: both reported")
        << "race" << true << QStringList { "writeFromWorker", "writeFromMain", "changeAfterEmit", "readInSlot" };
}

void TestTsanCanary::canary()
{
#ifndef SLUICE_IS_TSAN
    QSKIP("not a ThreadSanitizer build (scripts/sluice.sh test --tsan builds build-tsan)");
#else
    QFETCH(QString, mode);
    QFETCH(bool, reports);
    QFETCH(QStringList, mustName);

    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    // The suite's own suppressions, so the canary proves they hide no race of
    // ours; later TSan flags override earlier ones.
    env.insert(QStringLiteral("TSAN_OPTIONS"),
        env.value(QStringLiteral("TSAN_OPTIONS"))
            + QStringLiteral(" suppressions=" SLUICE_SOURCE_DIR "/tests/tsan.supp halt_on_error=0 exitcode=66"));
    env.insert(QStringLiteral("QT_NO_GLIB"), QStringLiteral("1"));
    QProcess canary;
    canary.setProcessEnvironment(env);
    canary.start(QStringLiteral(SLUICE_TSAN_CANARY_PATH), { mode });
    QVERIFY2(canary.waitForFinished(120000), "the canary did not finish in 120 s");
    const QString err = QString::fromLocal8Bit(canary.readAllStandardError());
    const int count = int(err.count(QStringLiteral("WARNING: ThreadSanitizer:")));
    qInfo("%s: exit %d, %d TSan report(s)", qPrintable(mode), canary.exitCode(), count);
    QCOMPARE(canary.exitStatus(), QProcess::NormalExit);
    if (!reports) {
        QVERIFY2(count == 0, qPrintable(err.left(6000)));
        QCOMPARE(canary.exitCode(), 0);
        QVERIFY(canary.readAllStandardOutput().startsWith("tsan_canary " + mode.toUtf8()));
    } else {
        QVERIFY2(err.contains(QStringLiteral("WARNING: ThreadSanitizer: data race")), qPrintable(err.left(6000)));
        QCOMPARE(canary.exitCode(), 66);
        for (const QString &name : mustName)
            QVERIFY2(err.contains(name), qPrintable(name + QStringLiteral(" not in the reports:\n") + err.left(6000)));
    }
#endif
}

SLUICE_TEST_GUILESS_MAIN(TestTsanCanary)
#include "tst_tsan_canary.moc"
