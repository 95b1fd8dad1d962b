// ThreadPool: every index is visited exactly once, ranges respect the grain,
// nested calls run inline, and a pool of 1 runs on the caller's thread. A
// thread the system refuses is a Status, never an escaping std::system_error.
#include "support/testregistry.h"
#include "kernels/threadpool.h"
#include "util/threadstart.h"

#include <QTest>
#include <algorithm>
#include <sched.h>
#include <atomic>
#include <memory>
#include <thread>
#include <vector>

using namespace sluice;
using namespace sluice::kernels;

class TestThreadPool : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void coversEachIndexOnce_data()
    {
        QTest::addColumn<int>("threads");
        QTest::addColumn<int>("n");
        QTest::addColumn<int>("grain");
        QTest::newRow("1 thread") << 1 << 1000 << 1;
        QTest::newRow("2 threads") << 2 << 1000 << 1;
        QTest::newRow("4 threads grain 64") << 4 << 3072 << 64;
        QTest::newRow("3 threads ragged") << 3 << 1001 << 64;
        QTest::newRow("more threads than work") << 8 << 3 << 1;
    }
    void coversEachIndexOnce()
    {
        QFETCH(int, threads);
        QFETCH(int, n);
        QFETCH(int, grain);
        ThreadPool pool(threads);
        QCOMPARE(pool.threadCount(), threads);
        for (int round = 0; round < 20; ++round) { // reuse across many jobs
            std::vector<std::atomic<int>> hits(n);
            std::atomic<int> badRanges{0};
            pool.parallelFor(size_t(n), [&](size_t b, size_t e) {
                if (b % grain != 0 || (e % grain != 0 && e != size_t(n)) || b >= e)
                    ++badRanges;
                for (size_t i = b; i < e; ++i)
                    ++hits[i];
            }, size_t(grain));
            QCOMPARE(badRanges.load(), 0);
            for (int i = 0; i < n; ++i)
                QCOMPARE(hits[i].load(), 1);
        }
    }

    void singleThreadRunsInline()
    {
        ThreadPool pool(1);
        const auto caller = std::this_thread::get_id();
        bool inline_ = true;
        pool.parallelFor(100, [&](size_t, size_t) { inline_ = inline_ && std::this_thread::get_id() == caller; });
        QVERIFY(inline_);
    }

    void nestedCallRunsInline()
    {
        ThreadPool pool(3);
        std::atomic<int> total{0};
        pool.parallelFor(6, [&](size_t b, size_t e) {
            for (size_t i = b; i < e; ++i)
                pool.parallelFor(10, [&](size_t b2, size_t e2) { total += int(e2 - b2); });
        });
        QCOMPARE(total.load(), 60);
    }

    // The system refuses the (failAfter+1)-th thread (EAGAIN, as under `ulimit -v`
    // with --threads 1024): the pool keeps what started, says why, and still works.
    void threadStartRefused_data()
    {
        QTest::addColumn<int>("threads");
        QTest::addColumn<int>("failAfter");
        QTest::addColumn<int>("expectedCount");
        QTest::newRow("no worker starts") << 4 << 0 << 1;
        QTest::newRow("two of seven workers start") << 8 << 2 << 3;
        QTest::newRow("every worker starts") << 4 << 3 << 4;
    }
    void threadStartRefused()
    {
        QFETCH(int, threads);
        QFETCH(int, failAfter);
        QFETCH(int, expectedCount);
        sluice::testing::failThreadStartsAfter(failAfter);
        std::unique_ptr<ThreadPool> pool;
        try {
            pool = std::make_unique<ThreadPool>(threads);
        } catch (const std::exception &e) {
            sluice::testing::failThreadStartsAfter(-1);
            QFAIL(qPrintable(QString("an exception escaped the pool: ") + e.what()));
        }
        sluice::testing::failThreadStartsAfter(-1);
        QCOMPARE(pool->threadCount(), expectedCount);
        if (expectedCount == threads) {
            QVERIFY(pool->startStatus().isOk());
        } else {
            QCOMPARE(QString::fromStdString(pool->startStatus().message()),
                     QString("could start only %1 of %2 compute threads: cannot start compute thread %3 "
                             "(Resource temporarily unavailable)")
                         .arg(expectedCount)
                         .arg(threads)
                         .arg(expectedCount + 1));
        }
        std::vector<std::atomic<int>> hits(1000);
        pool->parallelFor(hits.size(), [&](size_t b, size_t e) {
            for (size_t i = b; i < e; ++i)
                ++hits[i];
        });
        for (const auto &h : hits)
            QCOMPARE(h.load(), 1);
    }

    // --cpus (issue 31): every range runs on a bound worker, on a CPU of the
    // placement, and the caller computes none of it. Each CPU this process
    // may use, alone and (where there are two) together.
    void placementRunsOnTheListedCpus_data()
    {
        QTest::addColumn<QList<int>>("cpuList");
        const std::vector<int> allowed = allowedCpus();
#ifndef __linux__
        QSKIP("thread placement is Linux-only");
#endif
        QVERIFY(!allowed.empty());
        for (int c : allowed)
            QTest::addRow("cpu %d", c) << QList<int>{c};
        if (allowed.size() >= 2)
            QTest::addRow("cpus %d,%d", allowed[0], allowed[1]) << QList<int>{allowed[0], allowed[1]};
    }
    void placementRunsOnTheListedCpus()
    {
        QFETCH(QList<int>, cpuList);
        const std::vector<int> cpus(cpuList.begin(), cpuList.end());
        QVERIFY(checkCpus(cpus).isOk());
        kernels::ThreadPool pool(int(cpus.size()), cpus);
        QCOMPARE(pool.threadCount(), int(cpus.size()));
        const std::thread::id caller = std::this_thread::get_id();
        std::vector<int> ranOn(4096, -1);
        std::atomic<int> onCaller{0};
        pool.parallelFor(ranOn.size(), [&](size_t b, size_t e) {
            if (std::this_thread::get_id() == caller)
                ++onCaller;
            for (size_t i = b; i < e; ++i)
                ranOn[i] = sched_getcpu();
        });
        QCOMPARE(onCaller.load(), 0);
        for (int cpu : ranOn)
            QVERIFY2(std::find(cpus.begin(), cpus.end(), cpu) != cpus.end(), qPrintable(QString("ran on CPU %1").arg(cpu)));
    }

    void foreignCpuRefused()
    {
#ifndef __linux__
        QSKIP("thread placement is Linux-only");
#endif
        const std::vector<int> allowed = allowedCpus();
        QVERIFY(!allowed.empty());
        const Status st = checkCpus({allowed.back() + 1});
        QVERIFY(!st.isOk());
        QVERIFY2(QByteArray::fromStdString(st.message()).contains("CPU " + QByteArray::number(allowed.back() + 1)),
                 st.message().c_str());
    }

    void nullPoolHelperRunsInline()
    {
        int calls = 0;
        size_t covered = 0;
        parallelFor(nullptr, 77, [&](size_t b, size_t e) { ++calls; covered += e - b; });
        QCOMPARE(calls, 1);
        QCOMPARE(covered, size_t(77));
    }
};

SLUICE_TEST_APPLESS_MAIN(TestThreadPool)
#include "tst_threadpool.moc"
