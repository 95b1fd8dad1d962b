// The memory planner against the figures the specification quotes (spec 9)
// and against fake machines: /proc and /sys trees written to a temporary
// directory, so the default-budget rule is exercised for 16/32/64/128 GiB and
// for a cgroup limit below physical RAM without needing such machines.
#include "support/testregistry.h"
#include "testunits.h"
#include "testfiles.h"
#include "stream/memoryplanner.h"
#include "stream/processfootprint.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace sluice;

namespace {

using sluice::test::GiB;
using sluice::test::MiB;
constexpr uint64_t K3Record = 12406784; // spec 4.5
constexpr uint64_t KLRecord = 2666496;

// K3's shape (spec 1.2 / 9): 69 KDA layers x 96 heads x 128, 24 MLA layers with
// kv_lora 512 + rope 64, top-16 over 92 MoE layers. The trunk is chosen so the
// floor is the spec's 29.06 GiB at 4K if the state terms add up to the spec's 659 MiB.
PlannerInputs k3Inputs(int ctx = 4096)
{
    PlannerInputs in;
    in.kdaLayers = 69;
    in.kdaHeads = 96;
    in.kdaHeadDim = 128;
    in.convKernel = 4;
    in.mlaLayers = 24;
    in.kvLoraRank = 512;
    in.qkRopeDim = 64;
    in.contextLength = ctx;
    in.scratch = {{"logits", 163840ull * 4}, {"expert staging", 3ull * 3072 * 7168 * 4}};
    in.topK = 16;
    in.moeLayers = 92;
    in.expertsPerLayer = 896;
    in.recordBytes = K3Record;
    // The spec's floor less its quoted state (659 MiB), scratch and minimum cache.
    in.trunkBytes = uint64_t(29.06 * double(GiB)) - 659 * MiB - 2 * 16 * K3Record - 163840ull * 4 - 3ull * 3072 * 7168 * 4;
    return in;
}

// Kimi-Linear: floor ~1.28 GB (spec 9), top-8 over 26 MoE layers.
PlannerInputs klInputs()
{
    PlannerInputs in;
    in.kdaLayers = 20;
    in.kdaHeads = 32;
    in.kdaHeadDim = 128;
    in.mlaLayers = 7;
    in.kvLoraRank = 512;
    in.qkRopeDim = 64;
    in.topK = 8;
    in.moeLayers = 26;
    in.expertsPerLayer = 256;
    in.recordBytes = KLRecord;
    in.trunkBytes = 1280000000ull - 106 * MiB - 2 * 8 * KLRecord;
    return in;
}

// A fake machine: MemTotal, optional cgroup v2 path and limit files
// (relative path -> contents, e.g. "user.slice/memory.high" -> "1234").
void makeMachine(const QString &root, uint64_t physicalBytes, const QByteArray &cgroupLine,
                 const QMap<QString, QByteArray> &limitFiles)
{
    QVERIFY(sluice::test::plantFile(root + "/proc/meminfo", "MemTotal:       " + QByteArray::number(qulonglong(physicalBytes / 1024)) +
                                                              " kB\nMemFree:        1000 kB\nMemAvailable:   1000 kB\n"));
    QVERIFY(sluice::test::plantFile(root + "/proc/self/cgroup", cgroupLine));
    QDir().mkpath(root + "/sys/fs/cgroup");
    for (auto it = limitFiles.begin(); it != limitFiles.end(); ++it)
        QVERIFY(sluice::test::plantFile(root + "/sys/fs/cgroup/" + it.key(), it.value()));
}

} // namespace

class TestMemoryPlanner : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // The state terms the spec quotes for K3 at 4K: 414 MiB + ~30 MiB + 216 MiB.
    void k3StateMatchesSpec()
    {
        auto plan = planMemory(k3Inputs(), 64 * GiB);
        QVERIFY2(plan.isOk(), plan.status().message().c_str());
        QCOMPARE(plan->kdaStateBytes, 414 * MiB);
        QCOMPARE(plan->mlaCacheBytes, 216 * MiB);
        QVERIFY(plan->kdaConvBytes > 29 * MiB && plan->kdaConvBytes < 31 * MiB);
        // KV grows 54 KiB per token (24 * 576 * 4 B).
        auto longer = planMemory(k3Inputs(4097), 64 * GiB);
        QCOMPARE(longer->mlaCacheBytes - plan->mlaCacheBytes, 54 * 1024ull);
        // 2 x top-k records: K3 0.37 GiB.
        QCOMPARE(plan->minExpertCacheBytes, 2 * 16 * K3Record);
        QVERIFY(qAbs(double(plan->minExpertCacheBytes) / GiB - 0.37) < 0.01);
    }

    void floorAndWorkingSet()
    {
        const PlannerInputs in = k3Inputs();
        auto plan = planMemory(in, 64 * GiB);
        QVERIFY(plan.isOk());
        uint64_t scratch = 0, termSum = 0;
        for (const ScratchBuffer &b : in.scratch)
            scratch += b.bytes;
        QCOMPARE(plan->scratchBytes, scratch);
        for (const MemoryTerm &t : plan->terms)
            termSum += t.bytes;
        QCOMPARE(termSum, plan->floorBytes); // every byte of the floor is shown as a term
        QVERIFY(qAbs(double(plan->floorBytes) / GiB - 29.06) < 0.05);
        // The true 92-MoE-layer working set is 17.0 GiB (spec 9).
        QCOMPARE(plan->workingSetBytes, 16ull * 92 * K3Record);
        QVERIFY(qAbs(double(plan->workingSetBytes) / GiB - 17.0) < 0.02);
        QCOMPARE(plan->recommendedBytes, plan->floorBytes + 3 * plan->workingSetBytes);
        // Vision adds to the floor only when requested.
        PlannerInputs withVision = in;
        withVision.visionBytes = 1200 * MiB;
        QCOMPARE(planMemory(withVision, 64 * GiB)->floorBytes, plan->floorBytes + 1200 * MiB);
    }

    // The default-budget rule on simulated machines. expectedK is read off the
    // spec's worked examples: 64 GiB -> floor + 1 ws (46 GiB), 128 GiB -> floor + 3 ws;
    // 32 GiB and 16 GiB cannot hold floor + 1 ws. The default stays under 3/4
    // of usable RAM (issue 31): 80 GiB -> floor + 1 ws (2 ws would need 63.5 of
    // its 60 GiB); with no whole working set under 3/4 (Kimi-Linear in a 2 GiB
    // cgroup) the default is the 3/4 cap itself, with a warning.
    void defaultBudget_data()
    {
        QTest::addColumn<bool>("k3");
        QTest::addColumn<qulonglong>("physical");
        QTest::addColumn<QByteArray>("cgroupLine");
        QTest::addColumn<QString>("limitFile");
        QTest::addColumn<QByteArray>("limitValue");
        QTest::addColumn<qulonglong>("expectedUsable");
        QTest::addColumn<int>("expectedK");
        QTest::addColumn<bool>("expectWarning");
        const QByteArray none = "1:name=systemd:/\n";
        QTest::newRow("K3 16 GiB") << true << qulonglong(16 * GiB) << none << QString() << QByteArray()
                                   << qulonglong(16 * GiB) << 0 << true;
        QTest::newRow("K3 32 GiB") << true << qulonglong(32 * GiB) << none << QString() << QByteArray()
                                   << qulonglong(32 * GiB) << 0 << true;
        QTest::newRow("K3 64 GiB") << true << qulonglong(64 * GiB) << none << QString() << QByteArray()
                                   << qulonglong(64 * GiB) << 1 << false;
        QTest::newRow("K3 128 GiB") << true << qulonglong(128 * GiB) << QByteArray("0::/\n") << "memory.max"
                                    << QByteArray("max\n") << qulonglong(128 * GiB) << 3 << false;
        // 10.3 #34: a cgroup far below physical must win.
        QTest::newRow("K3 128 GiB host, 48 GiB cgroup high") << true << qulonglong(128 * GiB)
                                                             << QByteArray("0::/user.slice/app.scope\n")
                                                             << "user.slice/memory.high"
                                                             << QByteArray::number(qulonglong(48 * GiB))
                                                             << qulonglong(48 * GiB) << 0 << true;
        QTest::newRow("K3 256 GiB host, 80 GiB limit at the mount root")
            << true << qulonglong(256 * GiB) << QByteArray("0::/a/b\n") << "memory.max"
            << QByteArray::number(qulonglong(80 * GiB)) << qulonglong(80 * GiB) << 1 << false;
        QTest::newRow("KL 16 GiB") << false << qulonglong(16 * GiB) << none << QString() << QByteArray()
                                   << qulonglong(16 * GiB) << 3 << false;
        QTest::newRow("KL 2 GiB cgroup") << false << qulonglong(16 * GiB) << QByteArray("0::/c\n") << "c/memory.max"
                                         << QByteArray::number(qulonglong(2 * GiB)) << qulonglong(2 * GiB) << 0 << true;
        QTest::newRow("KL 1.5 GiB cgroup") << false << qulonglong(16 * GiB) << QByteArray("0::/c\n") << "c/memory.max"
                                           << QByteArray::number(qulonglong(3 * GiB / 2)) << qulonglong(3 * GiB / 2) << 0
                                           << true;
    }
    void defaultBudget()
    {
        QFETCH(bool, k3);
        QFETCH(qulonglong, physical);
        QFETCH(QByteArray, cgroupLine);
        QFETCH(QString, limitFile);
        QFETCH(QByteArray, limitValue);
        QFETCH(qulonglong, expectedUsable);
        QFETCH(int, expectedK);
        QFETCH(bool, expectWarning);

        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QMap<QString, QByteArray> files;
        if (!limitFile.isEmpty())
            files[limitFile] = limitValue;
        makeMachine(dir.path(), physical, cgroupLine, files);
        auto ram = detectUsableRam({(dir.path() + "/proc").toStdString(), (dir.path() + "/sys").toStdString()});
        QVERIFY2(ram.isOk(), ram.status().message().c_str());
        QCOMPARE(ram->physicalBytes, uint64_t(physical));
        QCOMPARE(ram->usableBytes, uint64_t(expectedUsable));

        auto plan = planMemory(k3 ? k3Inputs() : klInputs(), ram->usableBytes);
        QVERIFY(plan.isOk());
        QCOMPARE(plan->capBytes, ram->usableBytes - ram->usableBytes / 8);
        QCOMPARE(plan->defaultWorkingSets, expectedK);
        // No whole working set under 3/4: the cache takes what the 3/4 cap leaves.
        const uint64_t expectedBudget = expectedK == 0 && plan->floorBytes < plan->defaultCapBytes
                                            ? plan->defaultCapBytes
                                            : plan->floorBytes + uint64_t(expectedK) * plan->workingSetBytes;
        QCOMPARE(plan->defaultBudgetBytes, expectedBudget);
        QCOMPARE(plan->defaultCapBytes, ram->usableBytes - ram->usableBytes / 4);
        QVERIFY(plan->defaultBudgetBytes <= plan->defaultCapBytes || expectedK == 0);
        if (expectedK < 3) // the next whole working set would pass 3/4 of usable RAM
            QVERIFY(plan->floorBytes + uint64_t(expectedK + 1) * plan->workingSetBytes > plan->defaultCapBytes);
        QCOMPARE(!plan->warnings.empty(), expectWarning);

        // The default budget always opens, and the cache holds whole working
        // sets (or, under one, what the budget above the floor pays for).
        auto sizing = sizeCache(*plan, 0);
        QVERIFY2(sizing.isOk(), sizing.status().message().c_str());
        QCOMPARE(sizing->budgetBytes, plan->defaultBudgetBytes);
        const int topK = k3 ? 16 : 8, layers = k3 ? 92 : 26;
        const uint64_t record = k3 ? K3Record : KLRecord;
        // Whole working sets of slots, less the few whose index records the extra budget also pays for.
        const int wsSlots = expectedK > 0 ? expectedK * topK * layers
                                          : int((plan->defaultBudgetBytes - plan->floorBytes) / record);
        QVERIFY(wsSlots < topK * layers || expectedK > 0);
        QVERIFY(sizing->slotCount <= 2 * topK + wsSlots);
        QVERIFY(sizing->slotCount >= 2 * topK + wsSlots - int((uint64_t(wsSlots) * kCacheIndexBytesPerSlot) / record) - 1);
        QVERIFY(sizing->engineBytes <= sizing->budgetBytes);
    }

    void cgroupSmallestFiniteUpTheHierarchy()
    {
        QTemporaryDir dir;
        makeMachine(dir.path(), 64 * GiB, "0::/a/b/c\n",
                    {{"memory.max", "max\n"},
                     {"a/memory.max", QByteArray::number(qulonglong(40 * GiB))},
                     {"a/b/memory.high", QByteArray::number(qulonglong(30 * GiB))},
                     {"a/b/memory.max", "max"},
                     {"a/b/c/memory.max", QByteArray::number(qulonglong(35 * GiB))},
                     {"a/b/c/memory.high", "max"}});
        auto ram = detectUsableRam({(dir.path() + "/proc").toStdString(), (dir.path() + "/sys").toStdString()});
        QVERIFY(ram.isOk());
        QCOMPARE(ram->cgroupPath, std::string("/a/b/c"));
        QCOMPARE(ram->cgroupLimitBytes, 30 * GiB);
        QCOMPARE(ram->usableBytes, 30 * GiB);
    }

    // cgroup v1 (older container hosts): memory.limit_in_bytes up the memory
    // hierarchy; the "unlimited" value (2^63 - 4096) is not a limit.
    void cgroupV1Limit()
    {
        QTemporaryDir dir;
        makeMachine(dir.path(), 64 * GiB, "4:memory:/docker/abc\n3:cpu,cpuacct:/docker/abc\n1:name=systemd:/\n",
                    {{"memory/memory.limit_in_bytes", "9223372036854771712\n"},
                     {"memory/docker/memory.limit_in_bytes", "9223372036854771712\n"},
                     {"memory/docker/abc/memory.limit_in_bytes", QByteArray::number(qulonglong(20 * GiB))}});
        auto ram = detectUsableRam({(dir.path() + "/proc").toStdString(), (dir.path() + "/sys").toStdString()});
        QVERIFY2(ram.isOk(), ram.status().message().c_str());
        QCOMPARE(ram->cgroupPath, std::string("/docker/abc"));
        QCOMPARE(ram->usableBytes, 20 * GiB);

        QTemporaryDir unlimited;
        makeMachine(unlimited.path(), 64 * GiB, "4:memory:/x\n",
                    {{"memory/x/memory.limit_in_bytes", "9223372036854771712\n"}});
        auto free = detectUsableRam({(unlimited.path() + "/proc").toStdString(), (unlimited.path() + "/sys").toStdString()});
        QVERIFY(free.isOk());
        QCOMPARE(free->usableBytes, 64 * GiB);
    }

    void cgroupAbovePhysicalIsIgnored()
    {
        QTemporaryDir dir;
        makeMachine(dir.path(), 16 * GiB, "0::/x\n", {{"x/memory.max", QByteArray::number(qulonglong(64 * GiB))}});
        auto ram = detectUsableRam({(dir.path() + "/proc").toStdString(), (dir.path() + "/sys").toStdString()});
        QVERIFY(ram.isOk());
        QCOMPARE(ram->usableBytes, 16 * GiB);
    }

    void cgroupRejectsDotDot()
    {
        QTemporaryDir dir;
        makeMachine(dir.path(), 16 * GiB, "0::/x/../../etc\n", {});
        auto ram = detectUsableRam({(dir.path() + "/proc").toStdString(), (dir.path() + "/sys").toStdString()});
        QVERIFY(!ram.isOk());
        QVERIFY(ram.status().message().find("..") != std::string::npos);
    }

    void missingMeminfoIsAnError()
    {
        QTemporaryDir dir;
        auto ram = detectUsableRam({(dir.path() + "/proc").toStdString(), (dir.path() + "/sys").toStdString()});
        QVERIFY(!ram.isOk());
        QVERIFY(ram.status().message().find("meminfo") != std::string::npos);
    }

    void thisMachine()
    {
        auto ram = detectUsableRam();
        QVERIFY2(ram.isOk(), ram.status().message().c_str());
        QVERIFY(ram->usableBytes > 0 && ram->usableBytes <= ram->physicalBytes);
    }

    void underFloorRefused()
    {
        auto plan = planMemory(k3Inputs(), 64 * GiB);
        auto sizing = sizeCache(*plan, plan->floorBytes - 1);
        QVERIFY(!sizing.isOk());
        QCOMPARE(sizing.status().code(), ErrorCode::Budget);
        const std::string message = sizing.status().message();
        QVERIFY2(message.find(formatGiB(plan->floorBytes)) != std::string::npos, message.c_str());
        QVERIFY2(message.find("sluice-cli plan MODEL") != std::string::npos, message.c_str());
    }

    // Explicit budgets: at the floor the cache is exactly 2 x top-k slots, and
    // every extra record's worth of budget adds one slot.
    void explicitBudgets_data()
    {
        QTest::addColumn<qulonglong>("extra");
        QTest::addColumn<int>("expectedSlots");
        QTest::newRow("floor") << qulonglong(0) << 32;
        QTest::newRow("floor + 1 B") << qulonglong(1) << 32;
        QTest::newRow("floor + record") << qulonglong(K3Record) << 32;
        QTest::newRow("floor + record + index - 1") << qulonglong(K3Record + kCacheIndexBytesPerSlot - 1) << 32;
        QTest::newRow("floor + record + index") << qulonglong(K3Record + kCacheIndexBytesPerSlot) << 33;
        // 1472 records' worth: their 1472 * 80 B of index records cost one record -> one slot fewer.
        QTest::newRow("floor + 1 ws") << qulonglong(16ull * 92 * K3Record) << 32 + 16 * 92 - 1;
    }
    void explicitBudgets()
    {
        QFETCH(qulonglong, extra);
        QFETCH(int, expectedSlots);
        auto plan = planMemory(k3Inputs(), 64 * GiB);
        auto sizing = sizeCache(*plan, plan->floorBytes + extra);
        QVERIFY(sizing.isOk());
        QCOMPARE(sizing->slotCount, expectedSlots);
        QCOMPARE(sizing->slotBytes, K3Record);
        QCOMPARE(sizing->cacheBytes, plan->minExpertCacheBytes + extra);
        QVERIFY(sizing->engineBytes <= sizing->budgetBytes);
        const uint64_t index = 92ull * 896 * kCacheIndexBytesPerKey + uint64_t(expectedSlots) * kCacheIndexBytesPerSlot +
                               92ull * kCacheIndexBytesPerLayer;
        QCOMPARE(sizing->indexBytes, index);
        QCOMPARE(sizing->engineBytes, plan->floorBytes - plan->minExpertCacheBytes - plan->cacheIndexBytes +
                                          uint64_t(expectedSlots) * K3Record + index);
        QVERIFY(sizing->warnings.empty());
    }

    // A budget beyond the whole model caches every record, no more.
    void cacheCappedAtEveryRecord()
    {
        auto plan = planMemory(klInputs(), 64 * GiB);
        auto sizing = sizeCache(*plan, 40 * GiB);
        QVERIFY(sizing.isOk());
        QCOMPARE(sizing->slotCount, 26 * 256);
        QVERIFY(sizing->engineBytes < sizing->budgetBytes);
        QCOMPARE(sizing->engineBytes, plan->floorBytes - plan->minExpertCacheBytes - plan->cacheIndexBytes +
                                          26ull * 256 * KLRecord + sizing->indexBytes);
    }

    void budgetAboveCapWarns()
    {
        auto plan = planMemory(k3Inputs(), 64 * GiB);
        auto sizing = sizeCache(*plan, 60 * GiB);
        QVERIFY(sizing.isOk());
        QCOMPARE(sizing->warnings.size(), size_t(1));
    }

    void badInputsRefused_data()
    {
        QTest::addColumn<int>("topK");
        QTest::addColumn<qulonglong>("record");
        QTest::addColumn<int>("layers");
        QTest::newRow("zero top-k") << 0 << qulonglong(K3Record) << 92;
        QTest::newRow("unaligned record") << 16 << qulonglong(K3Record + 1) << 92;
        QTest::newRow("zero record") << 16 << qulonglong(0) << 92;
        QTest::newRow("no MoE layers") << 16 << qulonglong(K3Record) << 0;
        QTest::newRow("overflow") << 16 << qulonglong(1ull << 62) << 92;
    }
    void badInputsRefused()
    {
        QFETCH(int, topK);
        QFETCH(qulonglong, record);
        QFETCH(int, layers);
        PlannerInputs in = k3Inputs();
        in.topK = topK;
        in.recordBytes = record;
        in.moeLayers = layers;
        auto plan = planMemory(in, 64 * GiB);
        QVERIFY(!plan.isOk());
        QCOMPARE(plan.status().code(), ErrorCode::InvalidArgument);
    }

    // The process term (issue 15): its own line, first, and in the floor,
    // so the cache a budget buys shrinks by exactly that much.
    void processTermInFloor()
    {
        PlannerInputs in = k3Inputs();
        auto without = planMemory(in, 64 * GiB);
        QVERIFY(without);
        for (const MemoryTerm &t : without->terms)
            QVERIFY(t.name != kProcessTermName); // absent when not counted
        in.processBytes = 37 * MiB;
        auto with = planMemory(in, 64 * GiB);
        QVERIFY(with);
        QCOMPARE(with->floorBytes, without->floorBytes + 37 * MiB);
        QCOMPARE(with->terms.front().name, std::string(kProcessTermName));
        QCOMPARE(with->terms.front().bytes, 37 * MiB);
        uint64_t sum = 0;
        for (const MemoryTerm &t : with->terms)
            sum += t.bytes;
        QCOMPARE(sum, with->floorBytes);
        const uint64_t budget = with->floorBytes + 100 * MiB;
        auto a = sizeCache(*without, budget - 37 * MiB);
        auto b = sizeCache(*with, budget);
        QVERIFY(a && b);
        QCOMPARE(b->slotCount, a->slotCount);
        QCOMPARE(b->engineBytes, a->engineBytes + 37 * MiB);
        QVERIFY(!sizeCache(*with, without->floorBytes)); // the old floor no longer opens
    }

    void processFootprint()
    {
        QTemporaryDir dir;
        QVERIFY(sluice::test::plantFile(dir.filePath("self/status"), "Name:\tx\nVmPeak:\t  99999 kB\nVmHWM:\t    2048 kB\nVmRSS:\t    1024 kB\n"));
        auto f = readProcessFootprint(dir.path().toStdString());
        QVERIFY2(f, f ? "" : f.status().message().c_str());
        QCOMPARE(f->residentBytes, uint64_t(1024) * 1024);
        QCOMPARE(f->peakBytes, uint64_t(2048) * 1024);
        QVERIFY(sluice::test::plantFile(dir.filePath("self/status"), "VmRSS: 12 pages\n"));
        QVERIFY(!readProcessFootprint(dir.path().toStdString()));
        QVERIFY(readProcessFootprint()); // this process
        // The open raised the peak: the peak counts; else the resident set.
        const ProcessFootprint before{10 * MiB, 50 * MiB};
        const uint64_t bounds = 3 * kThreadReserveBytes + kHeapReserveBytes + 1000 * kHeapReservePerVocabBytes;
        const auto rounded = [](uint64_t b) { return (b + MiB - 1) / MiB * MiB; };
        QCOMPARE(processReserveBytes(before, {20 * MiB, 50 * MiB}, 3, 1000), rounded(20 * MiB + bounds));
        QCOMPARE(processReserveBytes(before, {20 * MiB, 60 * MiB}, 3, 1000), rounded(60 * MiB + bounds));
        QCOMPARE(processReserveBytes(before, {20 * MiB, 50 * MiB}, 3, 1000) % MiB, uint64_t(0));
    }
};

SLUICE_TEST_GUILESS_MAIN(TestMemoryPlanner)
#include "tst_memoryplanner.moc"
