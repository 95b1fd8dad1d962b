// Peak RSS stays under the RAM budget with the trunk streamed (issue 13): a
// synthetic K3 whose trunk (large mode, many shared experts) is bigger than
// every budget tried; six budgets from the streaming floor up to just under
// the trunk's size. Each in a forked child (ru_maxrss is per process), as
// tst_model_rss does: the child reads its RSS before Model::open (baseline)
// and its high-water mark after a prefill and a few decoded tokens, and the
// claim is peak - baseline <= budget. The trunk really streams at each budget
// (ModelInfo::residentLayers < layers) and the logits equal the resident
// engine's bit for bit (checked once, in the parent). Excluded from the
// sanitizer pass (shadow memory inflates RSS by design).
#include "support/testregistry.h"
#include "procstatus.h"
#include "api/model.h"
#include "api/session.h"
#include "format/container.h"
#include "format/synth.h"
#include "model/modelimpl.h"
#include "model/plannerinputs.h"
#include "stream/memoryplanner.h"

#include <QTemporaryDir>
#include <QTest>

#include <cstdio>
#include <cstring>
#include <string>

using namespace sluice;

namespace {

struct ChildReport {
    int ok = 0;
    uint64_t baseline = 0, peak = 0, ledger = 0, budget = 0;
    int residentLayers = 0, layers = 0, lmHeadStreamed = 0, prefillChunk = 0;
    char error[256] = {};
};

const std::vector<int> kRssPrompt = { 11, 200, 3000, 42, 7, 1999 };

ModelOptions options(const std::string &path, uint64_t budget)
{
    ModelOptions o;
    o.modelPath = path;
    o.budgetBytes = budget;
    o.contextLength = 64;
    o.threads = 2;
    o.vision = false;
    return o;
}

} // namespace

class TestTrunkStreamRss : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::string m_model;
    uint64_t m_trunk = 0, m_streamingFloor = 0, m_layersFloor = 0;

private Q_SLOTS:
    void initTestCase()
    {
        SLUICE_SKIP_WITHOUT_PROC_STATUS();
        QVERIFY(m_dir.isValid());
        SynthOptions so;
        so.recordBytes = 1 << 20;
        so.layers = 4;
        so.experts = 8;
        so.sharedExperts = 24;
        m_model = m_dir.filePath("big-trunk.waste").toStdString();
        const Status st = writeSyntheticModel(m_model, so);
        QVERIFY2(st.isOk(), st.message().c_str());
        auto c = Container::open(m_model);
        QVERIFY(c);
        model::PlannerInputsOptions pio;
        pio.contextLength = 64;
        pio.attentionSlices = 2;
        auto bp = model::planForBudget(**c, pio, uint64_t(1) << 40, 0);
        QVERIFY(bp);
        m_trunk = bp->inputs.trunkBytes;
        m_streamingFloor = bp->streamingFloorBytes;
        m_layersFloor = bp->layersStreamingFloorBytes;
        qInfo("trunk %.1f MiB, streaming floor %.1f MiB (%.1f MiB with lm_head resident), resident floor %.1f MiB",
            m_trunk / 1048576.0, m_streamingFloor / 1048576.0, m_layersFloor / 1048576.0,
            bp->residentFloorBytes / 1048576.0);
        QVERIFY2(m_streamingFloor < m_layersFloor, "lm_head streaming must lower the floor");
        QVERIFY2(m_streamingFloor + (8u << 20) < m_trunk, "the trunk must exceed the budgets tried");
    }

    void streamedMatchesResident()
    {
        std::vector<float> ref, got;
        for (uint64_t budget : { uint64_t(0), m_streamingFloor }) {
            auto m = Model::open(options(m_model, budget));
            QVERIFY2(m, m ? "" : m.status().message().c_str());
            auto s = (*m)->createSession();
            QVERIFY(s);
            QVERIFY((*s)->evalAll(kRssPrompt, budget ? got : ref, 1).isOk());
            if (budget) {
                QVERIFY((*m)->info().residentLayers < (*m)->info().layers);
                QVERIFY((*m)->info().lmHeadStreamed);
            }
        }
        QVERIFY(!ref.empty() && ref.size() == got.size());
        QVERIFY(std::memcmp(ref.data(), got.data(), ref.size() * 4) == 0);
    }

    void peakRssUnderBudget_data()
    {
        QTest::addColumn<double>("fraction"); // of the way from the streaming floor to the trunk size
        QTest::addColumn<double>("headFraction"); // >= 0: of the way from the floor to the floor with lm_head resident
        QTest::addColumn<int>("promptLength");
        QTest::addColumn<bool>("forceHead"); // no layer resident and lm_head streamed whatever the budget
        for (double f : { 0.0, 0.15, 0.3, 0.5, 0.7, 0.9 })
            QTest::addRow("floor + %.0f%%", 100 * f) << f << -1.0 << int(kRssPrompt.size()) << false;
        // lm_head streamed (no layer resident, the budget under the floor with
        // it resident), a 56-token prefill in chunks and decode.
        QTest::addRow("lm_head streamed, at the floor, long prefill") << 0.0 << 0.0 << 56 << false;
        QTest::addRow("lm_head streamed, 60%%, long prefill") << 0.0 << 0.6 << 56 << false;
        // Forced (ModelOptions::streamLmHead) at a budget that buys prefill chunks.
        QTest::addRow("lm_head streamed, forced, floor + 90%%, long prefill in chunks") << 0.9 << -1.0 << 56 << true;
    }

    void peakRssUnderBudget()
    {
        QFETCH(double, fraction);
        QFETCH(double, headFraction);
        QFETCH(int, promptLength);
        QFETCH(bool, forceHead);
        const uint64_t budget = headFraction >= 0
            ? m_streamingFloor + uint64_t(headFraction * double(m_layersFloor - m_streamingFloor))
            : m_streamingFloor + uint64_t(fraction * double(m_trunk - m_streamingFloor));
        std::vector<int> prompt;
        for (int i = 0; i < promptLength; ++i)
            prompt.push_back(i < int(kRssPrompt.size()) ? kRssPrompt[size_t(i)] : 5 + (i * 37) % 1000);
        QVERIFY(budget < m_trunk);
        ChildReport r;
        QVERIFY(test::runInChild(
            [&](ChildReport &c) {
                c.baseline = test::currentRss();
                ModelOptions o = options(m_model, budget);
                if (forceHead) {
                    o.residentTrunkLayers = 0;
                    o.streamLmHead = 1;
                }
                auto m = Model::open(o);
                auto s = m ? (*m)->createSession() : Expected<std::unique_ptr<Session>>(m.status());
                if (!s) {
                    std::snprintf(c.error, sizeof c.error, "%s", s.status().message().c_str());
                } else {
                    SamplingParams sp;
                    sp.maxTokens = 4;
                    auto g = (*s)->generate(prompt, sp, nullptr);
                    if (!g) {
                        std::snprintf(c.error, sizeof c.error, "%s", g.status().message().c_str());
                    } else {
                        c.ok = 1;
                        c.ledger = g->totals.residentBytes;
                        c.budget = (*m)->info().budgetBytes;
                        c.residentLayers = (*m)->info().residentLayers;
                        c.layers = (*m)->info().layers;
                        c.lmHeadStreamed = (*m)->info().lmHeadStreamed;
                        if (auto *impl = dynamic_cast<model::ModelImpl *>(m->get()))
                            c.prefillChunk = impl->prefillChunk();
                    }
                }
                c.peak = test::peakRss();
            },
            r));
        QVERIFY2(r.ok, r.error);
        QCOMPARE(r.budget, budget);
        QVERIFY(r.residentLayers < r.layers);
        QCOMPARE(bool(r.lmHeadStreamed), forceHead || budget < m_layersFloor);
        if (forceHead)
            QVERIFY2(r.prefillChunk > 1, "the forced row must prefill in chunks");
        QVERIFY(r.ledger <= budget);
        const uint64_t growth = r.peak > r.baseline ? r.peak - r.baseline : 0;
        qInfo("budget %.1f MiB (trunk %.1f): %d of %d layers resident, lm_head %s, prefill chunk %d, peak growth "
              "%.1f MiB, ledger %.1f MiB",
            budget / 1048576.0, m_trunk / 1048576.0, r.residentLayers, r.layers,
            r.lmHeadStreamed ? "streamed" : "resident", r.prefillChunk, growth / 1048576.0, r.ledger / 1048576.0);
        QVERIFY2(growth <= budget, qPrintable(QString("peak RSS growth %1 B > budget %2 B").arg(growth).arg(budget)));
    }
};

SLUICE_TEST_GUILESS_MAIN(TestTrunkStreamRss)
#include "tst_trunkstream_rss.moc"
