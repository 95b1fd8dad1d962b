// Sampling: the PRNG against its published definition, greedy ties, top-k /
// top-p distributions computed by hand, empirical frequencies, seed
// determinism, and stop strings that span token boundaries.
#include "text/sampler.h"
#include "text/synthtokenizer.h"

#include <QTest>

#include <cmath>
#include <map>

using namespace sluice;
using namespace sluice::text;

namespace {

// xoshiro256** written out again from the authors' reference C code, so the
// library's version is checked against an independent transcription.
struct ReferenceXoshiro {
    uint64_t s[4];
    static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    uint64_t next()
    {
        const uint64_t result = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
        s[2] ^= s[0], s[3] ^= s[1], s[1] ^= s[2], s[0] ^= s[3], s[2] ^= t, s[3] = rotl(s[3], 45);
        return result;
    }
};

} // namespace

class TestSampler : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void prngMatchesDefinition()
    {
        uint64_t state = 0;
        // SplitMix64's published first output for seed 0.
        QCOMPARE(splitMix64(state), 0xE220A8397B1DCDAFull);
        for (uint64_t seed : {uint64_t(0), uint64_t(42), ~uint64_t(0)}) {
            uint64_t st = seed;
            ReferenceXoshiro ref{{splitMix64(st), splitMix64(st), splitMix64(st), splitMix64(st)}};
            Xoshiro256 rng(seed);
            for (int i = 0; i < 1000; ++i)
                QCOMPARE(rng.next(), ref.next());
        }
        Xoshiro256 rng(7);
        for (int i = 0; i < 1000; ++i) {
            const double u = rng.uniform();
            QVERIFY(u >= 0 && u < 1);
        }
    }

    void greedyTakesLowestIdOnTies()
    {
        const float nan = std::nanf("");
        const std::vector<float> logits{1.0f, 3.0f, nan, 3.0f, -INFINITY, 2.0f};
        Sampler greedy;
        QCOMPARE(greedy.sample(logits), 1);
        QCOMPARE(argmax(std::vector<float>{nan, 0.5f}), 1);
        // top-k 1 is greedy too, whatever the temperature
        Sampler k1({.temperature = 2.0f, .topP = 1.0f, .topK = 1, .seed = 3});
        QCOMPARE(k1.sample(logits), 1);
    }

    void distributionsComputedByHand_data()
    {
        QTest::addColumn<float>("topP");
        QTest::addColumn<int>("topK");
        QTest::addColumn<QList<int>>("ids");
        QTest::addColumn<QList<double>>("probabilities");
        // logits ln 1..ln 4 at T = 1 give 0.1, 0.2, 0.3, 0.4
        QTest::newRow("full") << 1.0f << 0 << QList<int>{3, 2, 1, 0} << QList<double>{0.4, 0.3, 0.2, 0.1};
        QTest::newRow("top-k 3") << 1.0f << 3 << QList<int>{3, 2, 1} << QList<double>{4 / 9.0, 3 / 9.0, 2 / 9.0};
        QTest::newRow("top-p 0.65") << 0.65f << 0 << QList<int>{3, 2} << QList<double>{4 / 7.0, 3 / 7.0};
        QTest::newRow("top-p 0.7 exact") << 0.7f << 0 << QList<int>{3, 2} << QList<double>{4 / 7.0, 3 / 7.0};
        QTest::newRow("top-p tiny") << 0.01f << 0 << QList<int>{3} << QList<double>{1.0};
        QTest::newRow("k then p, one left") << 0.5f << 2 << QList<int>{3} << QList<double>{1.0};
        // top-p applies to the top-k renormalised mass: 4/7 = 0.571 < 0.6, so two stay
        QTest::newRow("k then p") << 0.6f << 2 << QList<int>{3, 2} << QList<double>{4 / 7.0, 3 / 7.0};
    }
    void distributionsComputedByHand()
    {
        QFETCH(float, topP);
        QFETCH(int, topK);
        QFETCH(QList<int>, ids);
        QFETCH(QList<double>, probabilities);
        const std::vector<float> logits{std::log(1.0f), std::log(2.0f), std::log(3.0f), std::log(4.0f)};
        Sampler sampler({.temperature = 1.0f, .topP = topP, .topK = topK, .seed = 1});
        const auto dist = sampler.distribution(logits);
        QCOMPARE(int(dist.size()), int(ids.size()));
        for (qsizetype i = 0; i < ids.size(); ++i) {
            QCOMPARE(dist[size_t(i)].id, ids[i]);
            QVERIFY2(std::abs(dist[size_t(i)].probability - probabilities[i]) < 1e-6,
                     QByteArray::number(dist[size_t(i)].probability).constData());
        }
        // Empirical frequencies follow the distribution; excluded ids never appear.
        const int draws = 20000;
        std::map<int, int> counts;
        for (int i = 0; i < draws; ++i)
            ++counts[sampler.sample(logits)];
        for (qsizetype i = 0; i < ids.size(); ++i)
            QVERIFY2(std::abs(counts[ids[i]] / double(draws) - probabilities[i]) < 0.015,
                     QByteArray::number(counts[ids[i]]).constData());
        int total = 0;
        for (int id : ids)
            total += counts[id];
        QCOMPARE(total, draws);
    }

    void temperatureSharpens()
    {
        const std::vector<float> logits{0.0f, 1.0f};
        // T = 0.5 doubles the logit gap: p1 = 1 / (1 + e^-2)
        Sampler cold({.temperature = 0.5f, .topP = 1.0f, .topK = 0, .seed = 0});
        const auto dist = cold.distribution(logits);
        QCOMPARE(dist[0].id, 1);
        QVERIFY(std::abs(dist[0].probability - 1 / (1 + std::exp(-2.0))) < 1e-9);
    }

    void seedReproduces()
    {
        std::vector<float> logits(1000);
        for (size_t i = 0; i < logits.size(); ++i)
            logits[i] = float(std::sin(double(i)) * 3);
        const SamplerConfig config{.temperature = 1.0f, .topP = 0.95f, .topK = 0, .seed = 1234};
        Sampler a(config), b(config), c({.temperature = 1.0f, .topP = 0.95f, .topK = 0, .seed = 1235});
        std::vector<int> sa, sb, sc;
        for (int i = 0; i < 200; ++i) {
            sa.push_back(a.sample(logits));
            sb.push_back(b.sample(logits));
            sc.push_back(c.sample(logits));
        }
        QCOMPARE(sa, sb);
        QVERIFY(sa != sc);
        a.reseed(1234);
        QCOMPARE(a.sample(logits), sa[0]);
    }

    void stopStringsAcrossBoundaries()
    {
        StopMatcher m({"END", "STOP!"});
        auto r = m.push("foo E");
        QCOMPARE(r.text, std::string("foo ")); // "E" may start END
        QVERIFY(!r.stopped);
        r = m.push("N");
        QCOMPARE(r.text, std::string());
        r = m.push("D and more");
        QVERIFY(r.stopped);
        QCOMPARE(r.text, std::string());

        StopMatcher n({"END"});
        QCOMPARE(n.push("E").text, std::string());
        QCOMPARE(n.push("x").text, std::string("Ex")); // turned out not to be a stop
        QCOMPARE(n.push("EN").text, std::string());
        QCOMPARE(n.flush(), std::string("EN")); // released at the end

        StopMatcher earliest({"bb", "ab"});
        r = earliest.push("xabb");
        QVERIFY(r.stopped);
        QCOMPARE(r.text, std::string("x"));
    }

    void tokenStreamerStops()
    {
        auto synth = makeSyntheticTokenizer();
        QVERIFY(synth.isOk());
        auto tok = Tokenizer::fromText(synth->rankFileText, synth->specialsJson);
        QVERIFY(tok.isOk());
        const std::vector<int> ids = tok->encode("Hello world. STOP here, 漢字");
        QVERIFY(ids.size() > 4);
        TokenStreamer streamer(*tok, {synth->eosId}, {"STOP"});
        std::string shown;
        bool stopped = false;
        for (int id : ids) {
            const auto step = streamer.push(id);
            shown += step.text;
            if (step.stop()) {
                stopped = step.stopString;
                break;
            }
        }
        QVERIFY(stopped);
        QCOMPARE(shown, std::string("Hello world. "));

        TokenStreamer eos(*tok, {synth->eosId}, {});
        std::string text;
        for (int id : tok->encode("漢字 ok"))
            text += eos.push(id).text;
        const auto last = eos.push(synth->eosId);
        QVERIFY(last.endOfSequence);
        QCOMPARE(text + last.text, std::string("漢字 ok"));
    }
};

QTEST_GUILESS_MAIN(TestSampler)
#include "tst_sampler.moc"
