// The live budget (issue 19, Model::setBudget): moving the budget between
// tokens changes where experts live, never a number. A decode with the
// budget shrunk to the floor, grown back and grown past the open budget
// gives the same logits, bit for bit, as one without; after every change the
// ledger holds exactly the planner's figure for the new budget (same prefill
// chunk and checkpoint grant as at open); budgets below the floor or beyond
// the cache's address space are refused, changing nothing.
#include "support/testregistry.h"
#include "api/model.h"
#include "api/session.h"
#include "format/container.h"
#include "format/synth.h"
#include "model/plannerinputs.h"
#include "stream/memoryplanner.h"
#include "modeltestutil.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cstring>
#include <map>

using namespace sluice;

namespace {
constexpr int kContext = 512;
constexpr int kSessions = 2; // the one under test and a probe reading the ledger

std::vector<int> promptIds(int n, int vocab)
{
    return test::pseudoRandomIds(n, 12345, vocab);
}

using test::sameBits;
} // namespace

class TestLiveBudget : public QObject {
    Q_OBJECT
    QTemporaryDir m_tmp;
    std::string m_path;
    uint64_t m_perSlot = 0; // record + its index entry: one slot's share of the budget
    int m_keys = 0;         // every record of the model
    int m_topK = 0;

    std::shared_ptr<Model> open(uint64_t budget, uint64_t capacity = 0)
    {
        ModelOptions o;
        o.modelPath = m_path;
        o.contextLength = kContext;
        o.threads = 1;
        o.sessions = kSessions;
        o.checkpoints = kChatCheckpoints;
        o.budgetBytes = budget;
        o.budgetCapacityBytes = capacity;
        return test::openModelOrWarn(o);
    }

    // What the planner says the ledger holds at `budget` for a model opened
    // at `openBudget` (the same calls Model::open makes, then only the cache resized).
    uint64_t plannedBytes(uint64_t openBudget, uint64_t budget)
    {
        auto c = Container::open(m_path);
        auto ram = detectUsableRam();
        if (!c || !ram)
            return 0;
        model::PlannerInputsOptions pio;
        pio.contextLength = kContext;
        pio.vision = true;
        pio.attentionSlices = 1;
        pio.sessions = kSessions;
        auto bp = model::planForBudget(**c, pio, ram->usableBytes, openBudget);
        if (!bp)
            return 0;
        auto cp = model::planCheckpoints(*bp, (*c)->config(), kChatCheckpoints, kSessions);
        if (!cp)
            return 0;
        auto s = sizeCache(bp->plan, budget - cp->bytes);
        return s ? s->engineBytes + cp->bytes : 0;
    }

    // The ledger total, as a session's token statistics report it.
    static uint64_t ledgerTotal(Session &probe, int vocab)
    {
        probe.reset();
        SamplingParams sp;
        sp.maxTokens = 2;
        auto g = probe.generate(promptIds(3, vocab), sp, {});
        if (!g)
            qWarning("probe generate: %s", g.status().message().c_str());
        return g ? g->totals.residentBytes : 0;
    }

    // Greedy decode of `steps` tokens after the prompt, logits of every step;
    // budgets[step] is applied before that step's token.
    std::vector<std::vector<float>> decode(Model &m, int steps, const std::map<int, uint64_t> &budgets,
                                           uint64_t openBudget)
    {
        std::vector<std::vector<float>> out;
        auto s = m.createSession();
        auto probe = m.createSession();
        if (!s || !probe)
            return {};
        std::vector<float> logits;
        if (!(*s)->prefill(promptIds(11, m.info().vocab), &logits))
            return {};
        out.push_back(logits);
        for (int step = 0; step < steps; ++step) {
            if (auto it = budgets.find(step); it != budgets.end()) {
                const Status st = m.setBudget(it->second);
                if (!st.isOk()) {
                    qWarning("setBudget(%llu): %s", (unsigned long long)it->second, st.message().c_str());
                    return {};
                }
                // Planner figure == ledger, and the info follows.
                const uint64_t planned = plannedBytes(openBudget, it->second);
                const uint64_t ledger = ledgerTotal(**probe, m.info().vocab);
                if (planned == 0 || ledger != planned || m.info().budgetBytes != it->second ||
                    ledger > it->second ||
                    m.info().expertCacheBytes != uint64_t(m.info().expertCacheSlots) * m.info().recordBytes) {
                    qWarning("step %d budget %llu: ledger %llu, planned %llu", step, (unsigned long long)it->second,
                             (unsigned long long)ledger, (unsigned long long)planned);
                    return {};
                }
            }
            const int next = int(std::max_element(logits.begin(), logits.end()) - logits.begin());
            const int tok[1] = {next};
            if (!(*s)->eval(tok, &logits).isOk())
                return {};
            out.push_back(logits);
        }
        return out;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        m_path = m_tmp.filePath("k3.waste").toStdString();
        SynthOptions so;
        so.arch = Architecture::KimiK3;
        const Status st = writeSyntheticModel(m_path, so);
        QVERIFY2(st.isOk(), st.message().c_str());
        auto probe = open(2ull << 30);
        QVERIFY(probe);
        const ModelInfo &info = probe->info();
        m_keys = info.moeLayers * info.experts;
        m_topK = info.topK;
        m_perSlot = info.recordBytes + kCacheIndexBytesPerSlot;
        QCOMPARE(info.expertCacheSlots, m_keys); // 2 GiB holds every record of the tiny model
        QVERIFY(m_keys > 4 * m_topK);            // so a half-size cache evicts
    }

    // (a) + (b): shrink to the floor, grow back, grow past the open budget,
    // shrink part-way, at several points of a decode.
    void budgetMovesKeepLogits()
    {
        // Open with half the records cached, so growing adds slots.
        auto probe = open(2ull << 30);
        QVERIFY(probe);
        const uint64_t openBudget = probe->info().liveBudgetMinBytes + uint64_t(m_keys / 2) * m_perSlot;
        probe.reset();
        auto ref = open(openBudget);
        auto live = open(openBudget);
        QVERIFY(ref && live);
        const uint64_t floor = live->info().liveBudgetMinBytes;
        QCOMPARE(live->info().liveBudgetMaxBytes, uint64_t(0)); // default capacity holds every record
        const int checkpoints = live->info().checkpoints;
        QVERIFY(checkpoints > 0); // the grant is part of the plan that must not move
        const int slotsAtOpen = live->info().expertCacheSlots;
        QVERIFY(slotsAtOpen > 2 * m_topK && slotsAtOpen < m_keys);

        const int steps = 14;
        const auto a = decode(*ref, steps, {}, openBudget);
        const std::map<int, uint64_t> moves = {
            {0, floor},                                     // before the first decoded token
            {2, openBudget},                                // grow back
            {4, openBudget + uint64_t(m_keys) * m_perSlot}, // past the open budget: every record
            {7, floor + 3 * m_perSlot},                     // shrink part-way (evicts)
            {9, floor},
            {12, openBudget + m_perSlot},
        };
        const auto b = decode(*live, steps, moves, openBudget);
        QCOMPARE(int(a.size()), steps + 1);
        QCOMPARE(int(b.size()), steps + 1);
        for (int i = 0; i <= steps; ++i)
            QVERIFY2(sameBits(a[size_t(i)], b[size_t(i)]), qPrintable(QString("logits differ at step %1").arg(i)));
        // Only the cache moved.
        QCOMPARE(live->info().checkpoints, checkpoints);
        QCOMPARE(live->info().liveBudgetMinBytes, floor);
        QCOMPARE(live->info().expertCacheSlots, slotsAtOpen + 1);

        // At the floor the cache is the minimum; generation still matches.
        QVERIFY(live->setBudget(floor).isOk());
        QCOMPARE(live->info().expertCacheSlots, 2 * m_topK);
        auto s1 = ref->createSession();
        QVERIFY(s1);
        SamplingParams sp;
        sp.maxTokens = 8;
        auto g1 = (*s1)->generate(promptIds(9, ref->info().vocab), sp, {});
        auto s2 = live->createSession();
        QVERIFY(g1 && s2);
        auto g2 = (*s2)->generate(promptIds(9, live->info().vocab), sp, {});
        QVERIFY(g2);
        QCOMPARE(g2->tokens, g1->tokens);
    }

    // (c) below the floor and beyond the capacity: refused, nothing changed.
    void refusedChangesNothing()
    {
        auto probe = open(2ull << 30);
        QVERIFY(probe);
        const uint64_t openBudget = probe->info().liveBudgetMinBytes + uint64_t(m_keys / 2) * m_perSlot;
        probe.reset();
        // Address space for the open budget's slots plus two.
        auto m = open(openBudget, openBudget + 2 * m_perSlot);
        QVERIFY(m);
        const ModelInfo before = m->info();
        QVERIFY(before.liveBudgetMaxBytes >= openBudget + 2 * m_perSlot);
        QVERIFY(before.liveBudgetMaxBytes < openBudget + 3 * m_perSlot);
        auto s = m->createSession();
        QVERIFY(s);
        const uint64_t ledger = ledgerTotal(**s, before.vocab);
        QCOMPARE(ledger, plannedBytes(openBudget, openBudget));

        const auto unchanged = [&] {
            return m->info().budgetBytes == before.budgetBytes && m->info().expertCacheSlots == before.expertCacheSlots &&
                   m->info().expertCacheBytes == before.expertCacheBytes && ledgerTotal(**s, before.vocab) == ledger;
        };
        Status st = m->setBudget(before.liveBudgetMinBytes - 1);
        QCOMPARE(st.code(), ErrorCode::Budget);
        QVERIFY2(st.message().find("floor") != std::string::npos, st.message().c_str());
        QVERIFY2(st.message().find(std::to_string(before.liveBudgetMinBytes)) != std::string::npos, st.message().c_str());
        QVERIFY(unchanged());

        st = m->setBudget(before.liveBudgetMaxBytes + 1);
        QCOMPARE(st.code(), ErrorCode::Budget);
        QVERIFY2(st.message().find("reopen the model to grow beyond") != std::string::npos, st.message().c_str());
        QVERIFY2(st.message().find(std::to_string(before.liveBudgetMaxBytes)) != std::string::npos, st.message().c_str());
        QVERIFY(unchanged());

        // The bounds themselves are accepted.
        QVERIFY(m->setBudget(before.liveBudgetMaxBytes).isOk());
        QCOMPARE(m->info().expertCacheSlots, before.expertCacheSlots + 2);
        QCOMPARE(ledgerTotal(**s, before.vocab), plannedBytes(openBudget, before.liveBudgetMaxBytes));
        QVERIFY(m->setBudget(before.liveBudgetMinBytes).isOk());
        QCOMPARE(m->info().expertCacheSlots, 2 * m_topK);
        QCOMPARE(ledgerTotal(**s, before.vocab), plannedBytes(openBudget, before.liveBudgetMinBytes));
    }
};

SLUICE_TEST_GUILESS_MAIN(TestLiveBudget)
#include "tst_livebudget.moc"
