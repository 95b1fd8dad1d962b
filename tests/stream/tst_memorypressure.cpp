// The memory-pressure monitor (issue 19): parsers of the kernel's files, the
// Linux source on fake /proc and /sys trees (including a cgroup and a FIFO
// planted where a file belongs), and the governor on scripted pressure
// episodes: shrink, hold, floor, regrow after calm, hysteresis, whole slots.
#include "support/testregistry.h"
#include "testunits.h"
#include "testfiles.h"
#include "stream/memorypressure.h"
#include "pressuretestutil.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <chrono>
#include <sys/stat.h>
#include <thread>

using namespace sluice;

namespace {

using sluice::test::GiB;
using sluice::test::MiB;

PressureSample avail(uint64_t bytes, double psiSome = 0)
{
    PressureSample s = test::availableSample(bytes, 24 * GiB);
    s.havePsi = true;
    s.someAvg10 = psiSome;
    return s;
}

GovernorSettings settings8to2()
{
    GovernorSettings g = test::governor8to2(2, 30);
    g.psiSomePercent = 10;
    g.psiCalmPercent = 2;
    return g;
}

const char *kPsi = "some avg10=12.50 avg60=3.00 avg300=1.00 total=123456\n"
                   "full avg10=4.25 avg60=1.00 avg300=0.20 total=6543\n";
const char *kMeminfo = "MemTotal:       24576000 kB\nMemFree:         1000000 kB\nMemAvailable:    3145728 kB\n";

} // namespace

class TestMemoryPressure : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void parsePsiLines()
    {
        PressureSample s;
        QVERIFY(parsePsi(kPsi, s).isOk());
        QVERIFY(s.havePsi);
        QCOMPARE(s.someAvg10, 12.5);
        QCOMPARE(s.fullAvg10, 4.25);
    }

    void parseRefusesBadFiles_data()
    {
        QTest::addColumn<int>("which");
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("psi empty") << 0 << QByteArray("") << "no 'some avg10=' line";
        QTest::newRow("psi nan") << 0 << QByteArray("some avg10=nan avg60=0\n") << "bad PSI value 'avg10=nan'";
        QTest::newRow("psi over 100") << 0 << QByteArray("some avg10=250.0\n") << "bad PSI value 'avg10=250.0'";
        QTest::newRow("psi negative") << 0 << QByteArray("some avg10=-1\n") << "bad PSI value 'avg10=-1'";
        QTest::newRow("meminfo no total") << 1 << QByteArray("MemAvailable: 10 kB\n") << "no MemTotal line";
        QTest::newRow("meminfo junk") << 1 << QByteArray("MemTotal: 12x kB\n") << "unreadable line 'MemTotal: 12x kB'";
        QTest::newRow("meminfo absurd") << 1 << QByteArray("MemTotal: 99999999999999999999 kB\n")
                                        << "unreadable line 'MemTotal: 99999999999999999999 kB'";
        QTest::newRow("events junk") << 2 << QByteArray("low 0\nhigh many\n") << "unreadable line 'high many'";
    }
    void parseRefusesBadFiles()
    {
        QFETCH(int, which);
        QFETCH(QByteArray, text);
        QFETCH(QString, message);
        PressureSample s;
        const std::string t = text.toStdString();
        const Status st = which == 0 ? parsePsi(t, s) : which == 1 ? parseMeminfo(t, s) : parseMemoryEvents(t, s);
        QVERIFY(!st.isOk());
        QCOMPARE(QString::fromStdString(st.message()), message);
    }

    void meminfoWithoutAvailableMeansUnknown()
    {
        PressureSample s;
        QVERIFY(parseMeminfo("MemTotal: 1024 kB\n", s).isOk());
        QCOMPARE(s.totalBytes, 1024ull * 1024);
        QVERIFY(!s.haveAvailable); // old kernels: unknown, not "zero available"
    }

    void linuxSourceReadsHostFiles()
    {
        QTemporaryDir dir;
        const QString proc = dir.path() + "/proc", sys = dir.path() + "/sys";
        QVERIFY(sluice::test::plantFile(proc + "/meminfo", kMeminfo));
        QVERIFY(sluice::test::plantFile(proc + "/pressure/memory", kPsi));
        QVERIFY(sluice::test::plantFile(proc + "/self/cgroup", ""));
        auto src = makeSystemPressureSource({proc.toStdString(), sys.toStdString()});
        QVERIFY(src);
        auto s = src->sample();
        QVERIFY2(s.isOk(), s.status().message().c_str());
        QCOMPARE(s->availableBytes, 3145728ull * 1024);
        QCOMPARE(s->totalBytes, 24576000ull * 1024);
        QVERIFY(s->havePsi);
        QCOMPARE(s->someAvg10, 12.5);
        QVERIFY(!s->haveCgroupEvents);
        QVERIFY(QString::fromStdString(src->describe()).contains("PSI"));
    }

    void linuxSourcePrefersTheCgroup()
    {
        QTemporaryDir dir;
        const QString proc = dir.path() + "/proc", sys = dir.path() + "/sys";
        QVERIFY(sluice::test::plantFile(proc + "/meminfo", kMeminfo));
        QVERIFY(sluice::test::plantFile(proc + "/pressure/memory", "some avg10=0.00 avg60=0 avg300=0 total=0\n"));
        QVERIFY(sluice::test::plantFile(proc + "/self/cgroup", "0::/user.slice/app\n"));
        const QString cg = sys + "/fs/cgroup/user.slice/app";
        QVERIFY(sluice::test::plantFile(cg + "/memory.max", "8589934592\n"));
        QVERIFY(sluice::test::plantFile(cg + "/memory.pressure", "some avg10=40.00 avg60=0 avg300=0 total=9\n"));
        QVERIFY(sluice::test::plantFile(cg + "/memory.events", "low 0\nhigh 7\nmax 2\noom 1\noom_kill 0\n"));
        auto src = makeSystemPressureSource({proc.toStdString(), sys.toStdString()});
        auto s = src->sample();
        QVERIFY2(s.isOk(), s.status().message().c_str());
        QCOMPARE(s->someAvg10, 40.0); // the cgroup's pressure, not the host's 0
        QVERIFY(s->haveCgroupEvents);
        QCOMPARE(s->cgroupHighEvents, 7ull);
        QCOMPARE(s->cgroupMaxEvents, 3ull);
        QVERIFY(QString::fromStdString(src->describe()).contains("cgroup"));
    }

    void linuxSourceDoesNotBlockOnAFifo()
    {
        QTemporaryDir dir;
        const QString proc = dir.path() + "/proc";
        QDir().mkpath(proc + "/self");
        QVERIFY(sluice::test::plantFile(proc + "/self/cgroup", ""));
        QVERIFY(::mkfifo((proc + "/meminfo").toLocal8Bit().constData(), 0600) == 0);
        auto src = makeSystemPressureSource({proc.toStdString(), (dir.path() + "/sys").toStdString()});
        std::atomic<bool> done{false};
        Expected<PressureSample> s = makeError(ErrorCode::Internal, "not run");
        std::thread t([&] {
            s = src->sample();
            done = true;
        });
        for (int i = 0; i < 200 && !done; ++i)
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        QVERIFY2(done, "sample() blocked on a FIFO");
        t.join();
        QVERIFY(!s.isOk());
        QVERIFY(QString::fromStdString(s.status().message()).endsWith("meminfo: not a regular file"));
    }

    void calmKeepsTheBudget()
    {
        BudgetGovernor g(settings8to2());
        for (int t = 0; t < 100; t += 5) {
            const BudgetDecision d = g.update(avail(10 * GiB), t);
            QCOMPARE(d.action, BudgetAction::Keep);
            QCOMPARE(d.budgetBytes, 8 * GiB);
            QVERIFY(!d.underPressure);
        }
    }

    void shrinksHoldsAndStopsAtTheMinimum()
    {
        BudgetGovernor g(settings8to2());
        // 0.5 GiB available: deficit 0.5 GiB < 25% of the 6 GiB room = 1.5 GiB.
        BudgetDecision d = g.update(avail(GiB / 2), 10);
        QCOMPARE(d.action, BudgetAction::Shrink);
        QCOMPARE(d.budgetBytes, 8 * GiB - 1536 * MiB);
        QVERIFY(QString::fromStdString(d.reason).startsWith("cache reduced to 6.5 GiB while the system needed memory"));
        // Within holdSeconds: no second cut before the kernel's figures catch up.
        d = g.update(avail(GiB / 2), 11);
        QCOMPARE(d.action, BudgetAction::Keep);
        QCOMPARE(d.budgetBytes, 8 * GiB - 1536 * MiB);
        QVERIFY(d.underPressure);
        // A large deficit gives back at least the deficit.
        d = g.update(avail(0), 12.5);
        QCOMPARE(d.action, BudgetAction::Shrink);
        const uint64_t room = 8 * GiB - 1536 * MiB - 2 * GiB;
        QCOMPARE(d.budgetBytes, 8 * GiB - 1536 * MiB - std::max<uint64_t>(GiB, uint64_t(double(room) * 0.25)));
        // Persisting pressure walks down to the minimum and stays there.
        for (double t = 15; t < 60; t += 2.5)
            d = g.update(avail(GiB / 4, 50), t);
        QCOMPARE(d.budgetBytes, 2 * GiB);
        QCOMPARE(d.action, BudgetAction::Keep);
        QVERIFY(QString::fromStdString(d.reason).startsWith("at the minimum budget"));
    }

    void psiAloneIsPressure()
    {
        BudgetGovernor g(settings8to2());
        const BudgetDecision d = g.update(avail(10 * GiB, 25.0), 1);
        QCOMPARE(d.action, BudgetAction::Shrink);
        QVERIFY(QString::fromStdString(d.reason).contains("waited on memory 25%"));
    }

    void cgroupEventsArePressure()
    {
        BudgetGovernor g(settings8to2());
        PressureSample s = avail(10 * GiB);
        s.haveCgroupEvents = true;
        s.cgroupHighEvents = 5; // the first reading sets the baseline: old events are history
        QCOMPARE(g.update(s, 0).action, BudgetAction::Keep);
        QCOMPARE(g.update(s, 5).action, BudgetAction::Keep);
        s.cgroupHighEvents = 6;
        const BudgetDecision d = g.update(s, 10);
        QCOMPARE(d.action, BudgetAction::Shrink);
        QVERIFY(QString::fromStdString(d.reason).contains("cgroup"));
    }

    void regrowsOnlyAfterACalmPeriod()
    {
        BudgetGovernor g(settings8to2());
        QCOMPARE(g.update(avail(0), 0).action, BudgetAction::Shrink);
        QCOMPARE(g.update(avail(0), 3).action, BudgetAction::Shrink);
        const uint64_t low = g.currentBudget();
        QVERIFY(low + 2 * 1536 * MiB >= 8 * GiB && low + 1536 * MiB < 8 * GiB); // two grow steps back to the top
        // Between the thresholds (1.5 GiB: not pressure, not calm): never grows.
        for (double t = 1; t < 200; t += 5)
            QCOMPARE(g.update(avail(1536 * MiB), t).action, BudgetAction::Keep);
        QCOMPARE(g.currentBudget(), low);
        // Calm from t=200: nothing until 30 s have passed.
        for (double t = 200; t < 230; t += 5)
            QCOMPARE(g.update(avail(12 * GiB), t).action, BudgetAction::Keep);
        BudgetDecision d = g.update(avail(12 * GiB), 230);
        QCOMPARE(d.action, BudgetAction::Grow);
        QCOMPARE(d.budgetBytes, std::min(8 * GiB, low + 1536 * MiB)); // 25% of (max - min)
        // The next step needs another full calm period.
        QCOMPARE(g.update(avail(12 * GiB), 240).action, BudgetAction::Keep);
        QCOMPARE(g.update(avail(12 * GiB), 260).action, BudgetAction::Grow);
        // Never above the user's budget.
        for (double t = 300; t < 600; t += 31)
            g.update(avail(12 * GiB), t);
        QCOMPARE(g.currentBudget(), 8 * GiB);
    }

    void growNeverEatsTheCalmMargin()
    {
        BudgetGovernor g(settings8to2());
        g.update(avail(0), 0);
        g.update(avail(0), 3);
        const uint64_t low = g.currentBudget();
        // 2.25 GiB available, calm threshold 2 GiB: at most 0.25 GiB may be taken back.
        g.update(avail(2 * GiB + GiB / 4), 10);
        const BudgetDecision d = g.update(avail(2 * GiB + GiB / 4), 40);
        QCOMPARE(d.action, BudgetAction::Grow);
        QCOMPARE(d.budgetBytes, low + GiB / 4);
    }

    void stepsAreWholeSlots()
    {
        GovernorSettings s = settings8to2();
        s.stepBytes = 300 * MiB; // e.g. a slot of 300 MiB
        BudgetGovernor g(s);
        const BudgetDecision d = g.update(avail(GiB / 2), 0);
        QCOMPARE(d.action, BudgetAction::Shrink);
        QCOMPARE((d.budgetBytes - s.minBudgetBytes) % s.stepBytes, 0ull);
        QVERIFY(d.budgetBytes <= 8 * GiB - 1536 * MiB);
        QVERIFY(d.budgetBytes >= s.minBudgetBytes);
    }

    void settingsChangeClampsTheBudget()
    {
        BudgetGovernor g(settings8to2());
        GovernorSettings s = settings8to2();
        s.maxBudgetBytes = 4 * GiB;
        g.setSettings(s);
        QCOMPARE(g.currentBudget(), 4 * GiB);
        s.minBudgetBytes = 6 * GiB; // a minimum above the maximum is the maximum
        g.setSettings(s);
        QCOMPARE(g.settings().minBudgetBytes, 4 * GiB);
    }

    void systemLevelSourcesAreHonoured()
    {
        BudgetGovernor g(settings8to2());
        PressureSample s;
        s.systemSaysLow = true; // macOS / Windows: only a level
        QCOMPARE(g.update(s, 0).action, BudgetAction::Shrink);
    }

    void monitorThreadCallsBackAndStops()
    {
        std::vector<PressureSample> script(3, avail(10 * GiB));
        script.push_back(avail(0));
        auto *src = new ScriptedPressureSource(script);
        std::atomic<int> calls{0};
        std::atomic<uint64_t> last{0};
        {
            PressureMonitor m(std::unique_ptr<PressureSource>(src), settings8to2(), 0.01,
                              [&](const BudgetDecision &d) {
                                  ++calls;
                                  last = d.budgetBytes;
                              });
            for (int i = 0; i < 300 && calls == 0; ++i)
                std::this_thread::sleep_for(std::chrono::milliseconds(5));
        } // the destructor joins the thread
        QVERIFY(calls >= 1);
        QVERIFY(last < 8 * GiB);
        QVERIFY(last >= 2 * GiB);
    }

    void monitorReportsASourceErrorOnce()
    {
        int errors = 0;
        PressureMonitor m(std::make_unique<ScriptedPressureSource>(std::vector<PressureSample>{}), settings8to2(), 0,
                          {}, [&](const Status &) { ++errors; });
        for (int i = 0; i < 5; ++i)
            QCOMPARE(m.step(i).budgetBytes, 8 * GiB);
        QCOMPARE(errors, 1);
    }
};

SLUICE_TEST_GUILESS_MAIN(TestMemoryPressure)
#include "tst_memorypressure.moc"
