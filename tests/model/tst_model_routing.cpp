// Routing of the synthetic large models and routing-trace replay (issue 14):
// large-mode routers pick experts that vary with the token (the former bias
// picked the same few for every token), and a trace's expert ids replace the
// router's choice deterministically, mapped as stream/routetrace.h documents.
#include "support/testregistry.h"
#include "format/synth.h"
#include "modeltestutil.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cstring>
#include <map>
#include <set>

using namespace sluice;

namespace {

constexpr int kLayers = 3;
constexpr int kExperts = 128;
constexpr int kTopK = 8;

using test::Routes;

} // namespace

class TestModelRouting : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::string m_model;

    Expected<ModelSession> open(Routes *routes, const std::string &trace = {})
    {
        ModelOptions o;
        o.modelPath = m_model;
        o.contextLength = 128;
        o.vision = false;
        o.threads = 2;
        o.routeTracePath = trace;
        if (routes)
            o.routeObserver = [routes](int moeLayer, int64_t position, std::span<const int> experts) {
                (*routes)[position][moeLayer].assign(experts.begin(), experts.end());
            };
        return openModelSession(o);
    }

    std::string writeTrace(const QByteArray &text)
    {
        const QString path = m_dir.filePath(QString("trace-%1.jsonl").arg(qHash(text)));
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(text) != text.size())
            return {};
        return path.toStdString();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_model = m_dir.filePath("large.waste").toStdString();
        const Status st = test::writeRoutingModel(m_model, 64 << 10, kLayers, kExperts, kTopK);
        QVERIFY2(st.isOk(), st.message().c_str());
    }

    void largeTopKOption()
    {
        auto e = open(nullptr);
        QVERIFY2(e, e ? "" : e.status().message().c_str());
        QCOMPARE(e->info().topK, kTopK);
        SynthOptions bad;
        bad.recordBytes = 64 << 10;
        bad.layers = 1;
        bad.experts = 4;
        bad.topK = 5; // more than there are experts
        QVERIFY(!writeSyntheticModel(m_dir.filePath("bad.waste").toStdString(), bad).isOk());
    }

    // The router of a large synthetic model decides per token: many keys are
    // touched, consecutive tokens share only part of their experts, and no
    // small group of experts takes nearly every use (the old bias: the top 10%
    // of experts took 96-100% of uses).
    void syntheticLargeRoutingVariesWithToken()
    {
        Routes routes;
        auto e = open(&routes);
        QVERIFY2(e, e ? "" : e.status().message().c_str());
        const std::vector<int> p = test::routingPrompt(48);
        QVERIFY((*e)->eval(p, nullptr).isOk());
        QCOMPARE(int(routes.size()), int(p.size()));
        std::set<std::pair<int, int>> keys;
        std::vector<std::map<int, int>> uses(kLayers);
        double overlap = 0;
        int pairs = 0, changed = 0;
        for (const auto &[pos, layers] : routes) {
            QCOMPARE(int(layers.size()), kLayers);
            for (const auto &[m, ids] : layers) {
                QCOMPARE(int(ids.size()), kTopK);
                for (int id : ids) {
                    keys.insert({ m, id });
                    ++uses[size_t(m)][id];
                }
                if (pos > 0) {
                    const std::vector<int> &prev = routes[pos - 1][m];
                    int common = 0;
                    for (int id : ids)
                        common += std::count(prev.begin(), prev.end(), id) ? 1 : 0;
                    overlap += double(common) / kTopK;
                    changed += common < kTopK ? 1 : 0;
                    ++pairs;
                }
            }
        }
        overlap /= pairs;
        double topShare = 0;
        for (const auto &u : uses) {
            std::vector<int> counts;
            for (const auto &[id, c] : u)
                counts.push_back(c);
            std::sort(counts.rbegin(), counts.rend());
            int top = 0;
            for (int i = 0; i < kExperts / 10 && i < int(counts.size()); ++i)
                top += counts[size_t(i)];
            topShare += double(top) / double(p.size() * kTopK) / kLayers;
        }
        qInfo("%zu distinct keys of %d, next-token overlap %.1f%%, top 10%% of experts take %.1f%% of uses",
            keys.size(), kLayers * kExperts, 100 * overlap, 100 * topShare);
        QVERIFY2(keys.size() >= size_t(kLayers * kExperts / 4), "too few experts ever chosen");
        QVERIFY2(overlap < 0.6, "consecutive tokens route to nearly the same experts");
        QVERIFY2(changed > pairs * 9 / 10, "the selection rarely changes from token to token");
        QVERIFY2(topShare < 0.8, "a few experts take nearly every use");
    }

    // Every MoE layer of every token runs the trace's experts: ids mod the
    // expert count, layers mod the trace's layer count, lines by position mod
    // the trace length, a collision after the mod filled by the router.
    void replayChoosesTraceExperts()
    {
        // 2 trace layers for 3 model layers; ids beyond 128 wrap; 3 and 131 collide.
        const std::string path
            = writeTrace("{\"tok\":0,\"layers\":[[1,2,3,4,5,6,7,8],[200,201,202,203,204,205,206,207]]}\n"
                         "{\"tok\":1,\"layers\":[[3,131,10,11,12,13,14,15],[9,8,7,6,5,4,3,2]]}\n");
        QVERIFY(!path.empty());
        Routes routes;
        auto e = open(&routes, path);
        QVERIFY2(e, e ? "" : e.status().message().c_str());
        QVERIFY((*e)->eval(test::routingPrompt(5), nullptr).isOk());
        QCOMPARE(int(routes.size()), 5);
        const std::vector<std::vector<int>> line0 = { { 1, 2, 3, 4, 5, 6, 7, 8 }, { 72, 73, 74, 75, 76, 77, 78, 79 } };
        for (int64_t pos : { 0, 2, 4 })
            for (int m = 0; m < kLayers; ++m)
                QCOMPARE(routes[pos][m], line0[size_t(m % 2)]);
        for (int64_t pos : { 1, 3 }) {
            QCOMPARE(routes[pos][1], (std::vector<int> { 9, 8, 7, 6, 5, 4, 3, 2 }));
            for (int m : { 0, 2 }) {
                const std::vector<int> &got = routes[pos][m];
                QCOMPARE(int(got.size()), kTopK);
                QCOMPARE(
                    std::vector<int>(got.begin(), got.begin() + 7), (std::vector<int> { 3, 10, 11, 12, 13, 14, 15 }));
                QVERIFY(std::count(got.begin(), got.end(), got[7]) == 1); // the router's fill, not a repeat
            }
        }
    }

    // Same trace, same prompt: bit-identical logits; and the trace really
    // changed the computation (logits differ from the router's own routing).
    void replayIsDeterministic()
    {
        QByteArray text;
        for (int t = 0; t < 7; ++t) {
            text += "{\"tok\":" + QByteArray::number(t) + ",\"layers\":[";
            for (int m = 0; m < kLayers; ++m) {
                text += m ? ",[" : "[";
                for (int j = 0; j < kTopK; ++j)
                    text += (j ? "," : "") + QByteArray::number((t * 37 + m * 11 + j * 5) % 300);
                text += "]";
            }
            text += "]}\n";
        }
        const std::string path = writeTrace(text);
        std::vector<std::vector<float>> logits;
        for (const std::string &trace : { path, path, std::string() }) {
            auto e = open(nullptr, trace);
            QVERIFY2(e, e ? "" : e.status().message().c_str());
            std::vector<float> l;
            QVERIFY((*e)->eval(test::routingPrompt(12), &l).isOk());
            logits.push_back(l);
        }
        QCOMPARE(logits[0].size(), logits[1].size());
        QVERIFY(std::memcmp(logits[0].data(), logits[1].data(), logits[0].size() * 4) == 0);
        QVERIFY(std::memcmp(logits[0].data(), logits[2].data(), logits[0].size() * 4) != 0);
    }

    void badTraceRefusedAtOpen()
    {
        const std::string path = writeTrace("{\"layers\":[[1,2]]}\n{\"layers\":[[1],[2]]}\n");
        auto e = open(nullptr, path);
        QVERIFY(!e);
        QVERIFY2(e.status().message().find(":2:") != std::string::npos, e.status().message().c_str());
    }
};

SLUICE_TEST_GUILESS_MAIN(TestModelRouting)
#include "tst_model_routing.moc"
