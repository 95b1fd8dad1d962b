// Experts per token as an option (issue 31, ModelOptions::expertsPerToken):
// the model's own value changes no bit of output; a lower one routes that
// many experts (the best-scoring ones: a prefix of the full selection where
// the routers see the same input), reads fewer bytes and plans a smaller
// floor; values outside 1..top-k are refused naming them; a session saved
// with one value is not continued with another; the CLI refuses a bad value.
#include "support/testregistry.h"
#include "api/planning.h"
#include "clirun.h"
#include "format/synth.h"
#include "model/plannerinputs.h"
#include "modeltestutil.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cstring>
#include <map>

using namespace sluice;

namespace {

constexpr int kLayers = 3;
constexpr int kExperts = 64;
constexpr int kTopK = 8;
constexpr uint64_t kRecordBytes = 64 << 10;

using test::Routes;

} // namespace

class TestExpertsPerToken : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::string m_model;

    ModelOptions options(int expertsPerToken, Routes *routes = nullptr)
    {
        ModelOptions o;
        o.modelPath = m_model;
        o.contextLength = 128;
        o.vision = false;
        o.threads = 2;
        o.checkpoints = 0;
        o.expertsPerToken = expertsPerToken;
        if (routes)
            o.routeObserver = [routes](int moeLayer, int64_t position, std::span<const int> experts) {
                (*routes)[position][moeLayer].assign(experts.begin(), experts.end());
            };
        return o;
    }

    // Logits of every prompt position, then greedy ids: what a client sees.
    struct Output {
        std::vector<float> logits;
        std::vector<int> tokens;
    };
    Expected<Output> output(const ModelOptions &o)
    {
        auto e = openModelSession(o);
        if (!e)
            return e.status();
        Output out;
        SLUICE_TRY((*e)->evalAll(test::routingPrompt(12), out.logits, 5));
        (*e)->reset();
        SamplingParams sp;
        sp.maxTokens = 8;
        auto r = (*e)->generate(test::routingPrompt(6), sp, nullptr);
        if (!r)
            return r.status();
        out.tokens = r->tokens;
        return out;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_model = m_dir.filePath("large.waste").toStdString();
        const Status st = test::writeRoutingModel(m_model, kRecordBytes, kLayers, kExperts, kTopK);
        QVERIFY2(st.isOk(), st.message().c_str());
    }

    // Not passing the option, 0 and the model's own value: the same bits.
    // A lower value must change them (else this comparison proves nothing).
    void defaultIsBitIdentical()
    {
        auto none = output(options(0));
        QVERIFY2(none, none ? "" : none.status().message().c_str());
        ModelOptions untouched;
        untouched.modelPath = m_model;
        untouched.contextLength = 128;
        untouched.vision = false;
        untouched.threads = 2;
        untouched.checkpoints = 0; // expertsPerToken left at its default
        auto plain = output(untouched);
        QVERIFY2(plain, plain ? "" : plain.status().message().c_str());
        auto own = output(options(kTopK));
        QVERIFY2(own, own ? "" : own.status().message().c_str());
        for (const Output *o : {&*none, &*own}) {
            QCOMPARE(o->logits.size(), plain->logits.size());
            QVERIFY(std::memcmp(o->logits.data(), plain->logits.data(), plain->logits.size() * 4) == 0);
            QCOMPARE(o->tokens, plain->tokens);
        }
        auto half = output(options(kTopK / 2));
        QVERIFY2(half, half ? "" : half.status().message().c_str());
        QCOMPARE(half->logits.size(), plain->logits.size());
        QVERIFY(std::memcmp(half->logits.data(), plain->logits.data(), plain->logits.size() * 4) != 0);
    }

    void infoReportsBoth()
    {
        auto e = openModelSession(options(3));
        QVERIFY2(e, e ? "" : e.status().message().c_str());
        QCOMPARE(e->info().topK, 3);
        QCOMPARE(e->info().modelTopK, kTopK);
        auto d = openModelSession(options(0));
        QVERIFY2(d, d ? "" : d.status().message().c_str());
        QCOMPARE(d->info().topK, kTopK);
        QCOMPARE(d->info().modelTopK, kTopK);
    }

    void routesThatMany_data()
    {
        QTest::addColumn<int>("k");
        for (int k : {1, 2, 4, 6})
            QTest::addRow("top-%d", k) << k;
    }

    // Every span has k experts; at the first MoE layer (whose input no
    // routed expert has touched yet) they are the first k of the full
    // selection, which is ordered best first.
    void routesThatMany()
    {
        QFETCH(int, k);
        Routes full, reduced;
        {
            auto e = openModelSession(options(0, &full));
            QVERIFY2(e, e ? "" : e.status().message().c_str());
            QVERIFY((*e)->eval(test::routingPrompt(10), nullptr).isOk());
        }
        auto e = openModelSession(options(k, &reduced));
        QVERIFY2(e, e ? "" : e.status().message().c_str());
        QVERIFY((*e)->eval(test::routingPrompt(10), nullptr).isOk());
        QCOMPARE(int(reduced.size()), 10);
        for (const auto &[pos, layers] : reduced) {
            QCOMPARE(int(layers.size()), kLayers);
            for (const auto &[m, ids] : layers)
                QCOMPARE(int(ids.size()), k);
            const std::vector<int> &ref = full[pos][0];
            QCOMPARE(layers.at(0), std::vector<int>(ref.begin(), ref.begin() + k));
        }
    }

    // With a routing-trace replay the trace names the model's own top-k and
    // a lowered value keeps the best-scoring of those: a subset of the
    // replayed ids, not merely the trace line's first ids (listed sorted).
    void replayKeepsBestOfTrace()
    {
        QByteArray text;
        for (int t = 0; t < 6; ++t) {
            text += "{\"tok\":" + QByteArray::number(t) + ",\"layers\":[";
            for (int m = 0; m < kLayers; ++m) {
                text += m ? ",[" : "[";
                for (int j = 0; j < kTopK; ++j)
                    text += (j ? "," : "") + QByteArray::number((t * 5 + m * 3 + j * 7) % kExperts);
                text += "]";
            }
            text += "]}\n";
        }
        const QString path = m_dir.filePath("trace.jsonl");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly) && f.write(text) == text.size());
        f.close();
        Routes full, reduced;
        for (auto [k, routes] : {std::pair{0, &full}, std::pair{3, &reduced}}) {
            ModelOptions o = options(k, routes);
            o.routeTracePath = path.toStdString();
            auto e = openModelSession(o);
            QVERIFY2(e, e ? "" : e.status().message().c_str());
            QVERIFY((*e)->eval(test::routingPrompt(6), nullptr).isOk());
        }
        int notPrefix = 0;
        for (const auto &[pos, layers] : reduced)
            for (const auto &[m, ids] : layers) {
                QCOMPARE(int(ids.size()), 3);
                std::vector<int> all = full[pos][m];
                QCOMPARE(int(all.size()), kTopK);
                for (int id : ids)
                    QVERIFY(std::count(all.begin(), all.end(), id) == 1);
                std::vector<int> sortedIds = ids, first(all.begin(), all.begin() + 3);
                std::sort(sortedIds.begin(), sortedIds.end());
                std::sort(first.begin(), first.end());
                notPrefix += sortedIds != first;
            }
        QVERIFY(notPrefix > 0);
    }

    // Without the cache every use is a read: a decode step reads exactly k
    // records per MoE layer, so the reduced model reads k/K of the bytes.
    void readsFewerBytes()
    {
        std::map<int, uint64_t> perStep;
        for (int k : {0, 4, 2}) {
            ModelOptions o = options(k);
            o.cacheEnabled = false;
            o.lookahead = 0;
            o.readAhead = false;
            auto e = openModelSession(o);
            QVERIFY2(e, e ? "" : e.status().message().c_str());
            SamplingParams sp;
            sp.maxTokens = 6;
            std::vector<uint64_t> steps;
            auto r = (*e)->generate(test::routingPrompt(4), sp, [&](const GeneratedToken &g) {
                if (g.stats.demandHits + g.stats.demandMisses > 0)
                    steps.push_back(g.stats.bytesRead);
                return true;
            });
            QVERIFY2(r, r ? "" : r.status().message().c_str());
            // The first token comes from the prefill (a chunk reads each distinct expert once).
            QVERIFY(steps.size() >= 3);
            const int used = k ? k : kTopK;
            for (size_t i = 1; i < steps.size(); ++i)
                QCOMPARE(steps[i], uint64_t(used) * kLayers * e->info().recordBytes);
            perStep[used] = steps[1];
        }
        QVERIFY(perStep[2] < perStep[4] && perStep[4] < perStep[kTopK]);
    }

    // The plan: a lower top-k lowers the cache floor (2 x top-k records) and
    // the working set, and the scratch sized by it.
    void planFollowsTheValue()
    {
        auto shape = inspectPlannerShape(m_model);
        QVERIFY2(shape, shape ? "" : shape.status().message().c_str());
        PlanRequest r;
        r.contextLength = 128;
        r.usableRamBytes = 8ull << 30;
        auto full = planBudget(*shape, r);
        QVERIFY2(full, full ? "" : full.status().message().c_str());
        r.expertsPerToken = 2;
        auto two = planBudget(*shape, r);
        QVERIFY2(two, two ? "" : two.status().message().c_str());
        QCOMPARE(full->plan.topK, kTopK);
        QCOMPARE(two->plan.topK, 2);
        QCOMPARE(two->plan.minExpertCacheBytes * 4, full->plan.minExpertCacheBytes);
        QCOMPARE(two->plan.workingSetBytes * 4, full->plan.workingSetBytes);
        QVERIFY(two->plan.scratchBytes < full->plan.scratchBytes);
        QVERIFY(two->plan.floorBytes < full->plan.floorBytes);
        r.expertsPerToken = kTopK + 1;
        QVERIFY(!planBudget(*shape, r));
        // Model::open plans the same: its floor is the planner's.
        auto e = openModelSession(options(2));
        QVERIFY2(e, e ? "" : e.status().message().c_str());
        QCOMPARE(e->info().floorBytes, two->floorBytes);
    }

    void refusesOutOfRange_data()
    {
        QTest::addColumn<int>("value");
        QTest::newRow("negative") << -1;
        QTest::newRow("one more than the model's") << kTopK + 1;
        QTest::newRow("absurd") << 1000000;
    }

    void refusesOutOfRange()
    {
        QFETCH(int, value);
        auto e = openModelSession(options(value));
        QVERIFY(!e);
        QCOMPARE(e.status().code(), ErrorCode::InvalidArgument);
        const std::string msg = e.status().message();
        QVERIFY2(msg.find(std::to_string(value)) != std::string::npos, msg.c_str());
        QVERIFY2(msg.find("1.." + std::to_string(kTopK)) != std::string::npos, msg.c_str());
    }

    // A session's state depends on the routing: a file saved with one value
    // is refused by a model open with another, either way, and accepted by one
    // open with the same.
    void sessionMismatchRefused()
    {
        const std::string reduced = m_dir.filePath("k4.session").toStdString();
        const std::string own = m_dir.filePath("own.session").toStdString();
        for (const auto &[k, path] : {std::pair{4, reduced}, std::pair{0, own}}) {
            auto e = openModelSession(options(k));
            QVERIFY2(e, e ? "" : e.status().message().c_str());
            QVERIFY((*e)->eval(test::routingPrompt(5), nullptr).isOk());
            const Status st = (*e)->save(path);
            QVERIFY2(st.isOk(), st.message().c_str());
        }
        struct Case {
            int k;
            std::string path;
            bool ok;
        };
        for (const Case &c : {Case{0, reduced, false}, Case{2, reduced, false}, Case{4, reduced, true},
                              Case{4, own, false}, Case{0, own, true}, Case{kTopK, own, true}}) {
            auto e = openModelSession(options(c.k));
            QVERIFY2(e, e ? "" : e.status().message().c_str());
            const Status st = (*e)->load(c.path);
            QVERIFY2(st.isOk() == c.ok, (std::to_string(c.k) + " " + c.path + ": " + st.message()).c_str());
            if (!c.ok)
                QVERIFY2(st.message().find("experts per token") != std::string::npos, st.message().c_str());
            else
                QCOMPARE((*e)->position(), 5);
        }
    }

    // The CLI: a value beyond the model's is refused at open naming the
    // range, one beyond any model by the parser naming the option; both exit non-zero.
    void cliRefuses()
    {
        const QString cli = QStringLiteral(SLUICE_CLI_PATH);
        const QString model = QString::fromStdString(m_model);
        auto r = test::runProgram(cli, {"bench", model, "-n", "2", "--prompt-len", "3", "--experts-per-token", "9"});
        QVERIFY(r.finished);
        QVERIFY(r.exitCode != 0);
        QVERIFY2(r.err.contains("experts per token 9 is outside 1..8"), r.err.constData());
        r = test::runProgram(cli, {"run", model, "hello", "-n", "2", "--experts-per-token", "65"});
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--experts-per-token"), r.err.constData());
        r = test::runProgram(cli, {"bench", model, "-n", "2", "--prompt-len", "3", "--experts-per-token", "2", "--json"});
        QCOMPARE(r.exitCode, 0);
        r = test::runProgram(cli, {"plan", model, "--experts-per-token", "9"});
        QVERIFY(r.finished);
        QVERIFY(r.exitCode != 0);
        QVERIFY2(r.err.contains("1..8"), r.err.constData());
        r = test::runProgram(cli, {"plan", model, "--experts-per-token", "2"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("experts per token"), r.out.constData());
    }
};

SLUICE_TEST_GUILESS_MAIN(TestExpertsPerToken)
#include "tst_expertspertoken.moc"
