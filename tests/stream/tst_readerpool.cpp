// ReaderPool: every job runs exactly once at any thread count; reads go
// before the idle work (the cache's prefault), which runs again only when
// woken; a pool destroyed with jobs queued finishes the running one and
// returns. Waits are on conditions, never on sleeps.
#include "support/testregistry.h"
#include "stream/readerpool.h"

#include <QTest>

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <string>
#include <vector>

using namespace sluice;

namespace {

// A one-shot signal between threads.
class Latch {
public:
    void open()
    {
        {
            std::lock_guard lock(m_mutex);
            m_open = true;
        }
        m_cv.notify_all();
    }
    void wait()
    {
        std::unique_lock lock(m_mutex);
        m_cv.wait(lock, [this] { return m_open; });
    }

private:
    std::mutex m_mutex;
    std::condition_variable m_cv;
    bool m_open = false;
};

// Opens a latch when it goes out of scope (declared after the pool, so a
// failed check never leaves the pool's destructor joining a held job).
struct OpenOnExit {
    Latch &latch;
    ~OpenOnExit() { latch.open(); }
};

// The order things ran in.
class Log {
public:
    void add(const std::string &what)
    {
        std::lock_guard lock(m_mutex);
        m_entries.push_back(what);
    }
    std::vector<std::string> entries()
    {
        std::lock_guard lock(m_mutex);
        return m_entries;
    }

private:
    std::mutex m_mutex;
    std::vector<std::string> m_entries;
};

} // namespace

class TestReaderPool : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void runsEveryJobOnce_data()
    {
        QTest::addColumn<int>("threads");
        for (int threads : {1, 2, 4})
            QTest::addRow("%d threads", threads) << threads;
    }
    void runsEveryJobOnce()
    {
        QFETCH(int, threads);
        constexpr int kJobs = 200;
        std::vector<std::atomic<int>> runs(kJobs);
        Latch done;
        std::atomic<int> left{kJobs};
        {
            ReaderPool pool(threads);
            QVERIFY(pool.startStatus().isOk());
            QCOMPARE(pool.threadCount(), threads);
            for (int i = 0; i < kJobs; ++i)
                pool.submit([&, i] {
                    ++runs[size_t(i)];
                    if (--left == 0)
                        done.open();
                });
            done.wait();
        }
        for (int i = 0; i < kJobs; ++i)
            QCOMPARE(runs[size_t(i)].load(), 1);
    }

    // One reader: the idle work runs once when set, reads queued while a
    // read runs go before it, and it runs again only after wakeIdle().
    void readsGoBeforeIdleWork()
    {
        Log log;
        Latch firstStep, secondStep, jobStarted, releaseJob;
        std::atomic<int> steps{0};
        ReaderPool pool(1);
        const OpenOnExit unblock{releaseJob};
        pool.setIdleWork([&] {
            log.add("step");
            (++steps == 1 ? firstStep : secondStep).open();
            return false; // nothing more until woken
        });
        firstStep.wait();
        pool.submit([&] {
            jobStarted.open();
            releaseJob.wait();
            log.add("first");
        });
        jobStarted.wait();
        pool.wakeIdle();
        pool.submit([&] { log.add("second"); });
        QCOMPARE(pool.queued(), size_t(1));
        releaseJob.open();
        secondStep.wait();
        const std::vector<std::string> expected{"step", "first", "second", "step"};
        QCOMPARE(log.entries(), expected);
        QCOMPARE(pool.queued(), size_t(0));
    }

    // Destroyed with a job running and more queued: the running job finishes
    // before the destructor returns, and nothing hangs.
    void destructionFinishesTheRunningJob()
    {
        Latch started, release;
        std::atomic<bool> finished{false};
        std::atomic<int> queuedRuns{0};
        {
            ReaderPool pool(1);
            pool.submit([&] {
                started.open();
                release.wait();
                finished = true;
            });
            started.wait();
            for (int i = 0; i < 3; ++i)
                pool.submit([&] { ++queuedRuns; });
            release.open();
        }
        QVERIFY(finished);
        qInfo("queued jobs run before the pool stopped: %d of 3", queuedRuns.load());
    }
};

SLUICE_TEST_GUILESS_MAIN(TestReaderPool)
#include "tst_readerpool.moc"
