// The memory ledger as a hard ceiling: registrations over the budget fail and
// change nothing, buffers give their bytes back, and a child process that
// allocates and touches everything the ledger allows stays within the budget
// in peak RSS (getrusage ru_maxrss).
#include "support/testregistry.h"
#include "testunits.h"
#include "stream/memoryledger.h"

#include <QTest>

#include <array>
#include <cstring>
#include <string>
#include <sys/resource.h>

#include "procstatus.h"
#include "testsanitized.h"

using namespace sluice;

namespace {

using sluice::test::MiB;

using test::currentRssBytes;

} // namespace

class TestMemoryLedger : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void reserveWithinAndOverCeiling()
    {
        MemoryLedger ledger(1000);
        QVERIFY(ledger.reserve("a", 600).isOk());
        QVERIFY(ledger.reserve("b", 400).isOk());
        QCOMPARE(ledger.total(), uint64_t(1000));
        Status over = ledger.reserve("c", 1);
        QVERIFY(!over.isOk());
        QCOMPARE(over.code(), ErrorCode::Budget);
        QVERIFY(over.message().find("'c'") != std::string::npos);
        QCOMPARE(ledger.total(), uint64_t(1000)); // the refusal changed nothing
        QCOMPARE(ledger.bytesFor("c"), uint64_t(0));
        ledger.unreserve("a", 600);
        QCOMPARE(ledger.total(), uint64_t(400));
        QCOMPARE(ledger.peak(), uint64_t(1000));
        QVERIFY(!ledger.reserve("huge", ~0ull).isOk()); // no wrap-around
    }

    void entriesAddUpByName()
    {
        MemoryLedger ledger(1 << 20);
        QVERIFY(ledger.reserve("trunk", 100).isOk());
        QVERIFY(ledger.reserve("scratch: logits", 50).isOk());
        QVERIFY(ledger.reserve("trunk", 25).isOk());
        const auto entries = ledger.entries();
        QCOMPARE(entries.size(), size_t(2));
        QCOMPARE(entries[0].name, std::string("trunk"));
        QCOMPARE(entries[0].bytes, uint64_t(125));
        uint64_t sum = 0;
        for (const auto &e : entries)
            sum += e.bytes;
        QCOMPARE(sum, ledger.total());
    }

    void buffersReleaseOnDestruction()
    {
        MemoryLedger ledger(64 * 1024);
        {
            auto a = ledger.allocate("slots", 32 * 1024);
            QVERIFY(a.isOk());
            QVERIFY((reinterpret_cast<uintptr_t>(a->data()) & 4095) == 0);
            QCOMPARE(ledger.total(), uint64_t(32 * 1024));
            auto b = ledger.allocate("more", 40 * 1024);
            QVERIFY(!b.isOk());
            LedgerBuffer moved = std::move(*a);
            QCOMPARE(ledger.total(), uint64_t(32 * 1024));
            QVERIFY(moved.data() != nullptr);
        }
        QCOMPARE(ledger.total(), uint64_t(0));
        QVERIFY(!ledger.allocate("x", 64, 3).isOk()); // alignment not a power of two
    }

    // A child allocates and touches everything the ledger allows (several buffer
    // sizes, some freed and re-allocated) and reports its peak RSS; it must stay
    // within the budget over what the process held before.
    void peakRssWithinBudget_data()
    {
        QTest::addColumn<qulonglong>("budget");
        QTest::addColumn<qulonglong>("chunk");
        QTest::newRow("16 MiB / 1 MiB") << qulonglong(16 * MiB) << qulonglong(1 * MiB);
        QTest::newRow("48 MiB / 3 MiB") << qulonglong(48 * MiB) << qulonglong(3 * MiB);
        QTest::newRow("96 MiB / 12 MiB") << qulonglong(96 * MiB) << qulonglong(12 * MiB);
        QTest::newRow("160 MiB / 7 MiB") << qulonglong(160 * MiB) << qulonglong(7 * MiB);
    }
    void peakRssWithinBudget()
    {
        QFETCH(qulonglong, budget);
#if SLUICE_TEST_SANITIZED
        QSKIP("peak RSS under a sanitizer measures its shadow memory (and TSan cannot fork a threaded process)");
#endif
        QFETCH(qulonglong, chunk);
        const uint64_t before = currentRssBytes();
        QVERIFY(before > 0);
        std::array<long long, 3> result{};
        QVERIFY(test::runInChild(
            [&](std::array<long long, 3> &r) {
                {
                    MemoryLedger ledger(budget);
                    std::vector<LedgerBuffer> held;
                    for (int round = 0; round < 3; ++round) {
                        while (true) {
                            auto buffer = ledger.allocate("chunk", chunk);
                            if (!buffer.isOk())
                                break;
                            std::memset(buffer->data(), round + 1, chunk);
                            held.push_back(std::move(*buffer));
                        }
                        r[1] = (long long)held.size();
                        held.resize(held.size() / 2); // free half, allocate again
                    }
                    r[2] = (long long)ledger.peak();
                }
                struct rusage usage {};
                getrusage(RUSAGE_SELF, &usage);
                r[0] = usage.ru_maxrss * 1024ll;
            },
            result));
        const uint64_t peak = uint64_t(result[0]);
        qInfo("budget %llu MiB: peak RSS %.1f MiB (process before %.1f MiB), ledger peak %.1f MiB", budget / MiB,
              double(peak) / MiB, double(before) / MiB, double(result[2]) / MiB);
        QCOMPARE(uint64_t(result[1]), uint64_t(budget / chunk)); // the ledger allowed exactly what fits
        QVERIFY(uint64_t(result[2]) <= budget);
        QVERIFY2(peak <= before + budget, "peak RSS exceeded the budget");
        // The memory really was touched (else the check above proves nothing).
        QVERIFY(peak + 4 * MiB >= (budget / chunk) * chunk);
    }
};

SLUICE_TEST_GUILESS_MAIN(TestMemoryLedger)
#include "tst_memoryledger.moc"
