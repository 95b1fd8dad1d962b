// Sampling: the PRNG against its published definition, greedy ties, top-k /
// top-p distributions computed by hand, empirical frequencies, seed
// determinism, and stop strings that span token boundaries.
#include "support/testregistry.h"
#include "text/sampler.h"
#include "text/synthtokenizer.h"

#include <QTest>

#include <cmath>
#include <cstring>
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

// The penalties written out plainly from their definitions (CTRL /
// Hugging Face's repetition_penalty, OpenAI's presence and frequency
// penalties) over the last `window` ids: count every id, then change each
// counted id's logit once.
std::vector<float> referencePenalize(std::vector<float> logits, const std::vector<int> &history, float repeat,
                                     float presence, float frequency, int window)
{
    const size_t from = window > 0 && history.size() > size_t(window) ? history.size() - size_t(window) : 0;
    std::map<int, int> counts;
    for (size_t i = from; i < history.size(); ++i)
        ++counts[history[i]];
    for (const auto &[id, n] : counts) {
        if (id < 0 || size_t(id) >= logits.size() || !std::isfinite(logits[size_t(id)]))
            continue;
        float l = logits[size_t(id)];
        if (repeat != 1.0f)
            l = l > 0 ? l / repeat : l * repeat;
        logits[size_t(id)] = l - (presence + float(n) * frequency);
    }
    return logits;
}

// The loop rule spelled out: some n in 1..64 whose last n ids occur k >= repeats
// times back to back at the end with n * k >= 16.
bool referenceLoop(const std::vector<int> &ids, int repeats)
{
    if (repeats <= 1)
        return false;
    for (size_t n = 1; n <= 64 && n <= ids.size(); ++n) {
        size_t k = 0;
        while ((k + 1) * n <= ids.size()) {
            bool same = true;
            for (size_t j = 0; j < n; ++j)
                same = same && ids[ids.size() - (k + 1) * n + j] == ids[ids.size() - n + j];
            if (!same)
                break;
            ++k;
        }
        if (k >= size_t(repeats) && k * n >= 16)
            return true;
    }
    return false;
}

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

    void penaltiesMatchReference_data()
    {
        QTest::addColumn<float>("repeat");
        QTest::addColumn<float>("presence");
        QTest::addColumn<float>("frequency");
        QTest::addColumn<int>("window");
        QTest::addColumn<float>("temperature");
        QTest::addColumn<quint64>("seed");
        QTest::newRow("repeat 1.3, greedy") << 1.3f << 0.0f << 0.0f << 64 << 0.0f << quint64(1);
        QTest::newRow("repeat 1.1, T 0.7") << 1.1f << 0.0f << 0.0f << 64 << 0.7f << quint64(2);
        QTest::newRow("presence 0.5") << 1.0f << 0.5f << 0.0f << 64 << 1.0f << quint64(3);
        QTest::newRow("frequency 0.3") << 1.0f << 0.0f << 0.3f << 64 << 1.0f << quint64(4);
        QTest::newRow("all, window 8") << 1.2f << 0.4f << 0.2f << 8 << 0.8f << quint64(5);
        QTest::newRow("all, whole history") << 1.5f << 0.1f << 0.1f << 0 << 0.5f << quint64(6);
        QTest::newRow("repeat below 1 (rewards)") << 0.8f << 0.0f << 0.0f << 16 << 0.0f << quint64(7);
    }

    // 200 steps over random logits (fixed seed): the library's penalised
    // logits equal the reference's bit for bit, and sampling from them
    // draws what an unpenalised sampler draws from the reference's logits.
    void penaltiesMatchReference()
    {
        QFETCH(float, repeat);
        QFETCH(float, presence);
        QFETCH(float, frequency);
        QFETCH(int, window);
        QFETCH(float, temperature);
        QFETCH(quint64, seed);
        SamplerConfig penalised{temperature, 0.95f, 0, seed, repeat, presence, frequency, window};
        SamplerConfig plain{temperature, 0.95f, 0, seed};
        Sampler lib(penalised), ref(plain);
        Xoshiro256 logitRng(seed * 977 + 1);
        std::vector<int> history;
        constexpr int kVocab = 40;
        for (int step = 0; step < 200; ++step) {
            std::vector<float> logits(kVocab);
            for (float &l : logits)
                l = float(logitRng.uniform() * 8 - 4); // both signs: the repeat penalty treats them differently
            logits[size_t(step % kVocab)] = -INFINITY; // a banned id stays banned
            const std::vector<float> expected =
                referencePenalize(logits, history, repeat, presence, frequency, window);
            lib.penalize(logits);
            for (int i = 0; i < kVocab; ++i)
                QCOMPARE(logits[size_t(i)], expected[size_t(i)]);
            const int id = lib.sample(logits);
            QCOMPARE(id, ref.sample(expected));
            lib.remember(id);
            history.push_back(id);
        }
    }

    // Defaults: penalize() and remember() change nothing, so every output
    // made before the penalties existed is drawn again bit for bit.
    void defaultsLeaveLogitsAlone()
    {
        Sampler s(SamplerConfig{1.0f, 0.9f, 0, 11});
        Sampler untouched(SamplerConfig{1.0f, 0.9f, 0, 11});
        Xoshiro256 logitRng(5);
        for (int step = 0; step < 100; ++step) {
            std::vector<float> logits(32);
            for (float &l : logits)
                l = float(logitRng.uniform() * 6 - 3);
            const std::vector<float> before = logits;
            s.penalize(logits);
            QVERIFY(std::memcmp(logits.data(), before.data(), logits.size() * sizeof(float)) == 0);
            const int id = s.sample(logits);
            QCOMPARE(id, untouched.sample(before));
            s.remember(id);
        }
    }

    void greedyLoopBrokenByPenalty()
    {
        // A model that always prefers 1 then 2 then 1...: with the penalty
        // the third id is a new one.
        Sampler s(SamplerConfig{0.0f, 1.0f, 0, 0, 2.0f});
        std::vector<float> logits{1.0f, 3.0f, 2.9f, 2.0f};
        std::vector<float> l = logits;
        s.penalize(l);
        QCOMPARE(s.sample(l), 1);
        s.remember(1);
        l = logits;
        s.penalize(l);
        QCOMPARE(s.sample(l), 2); // 3 / 2 = 1.5 < 2.9
        s.remember(2);
        l = logits;
        s.penalize(l);
        QCOMPARE(s.sample(l), 3); // 1.5 and 1.45 < 2
    }

    void loopStopMatchesReference_data()
    {
        QTest::addColumn<std::vector<int>>("ids");
        QTest::addColumn<int>("repeats");
        QTest::addColumn<bool>("loop");
        std::vector<int> person; // "a person who is" x 5 after a lead-in
        for (int id : {7, 8})
            person.push_back(id);
        for (int k = 0; k < 5; ++k)
            for (int id : {1, 2, 3, 4})
                person.push_back(id);
        QTest::newRow("span 4 x 5, repeats 3") << person << 3 << true;
        QTest::newRow("span 4 x 5, repeats 6") << person << 6 << false;
        QTest::newRow("off") << person << 0 << false;
        QTest::newRow("span 1 x 8: too short") << std::vector<int>(8, 5) << 3 << false;
        QTest::newRow("span 1 x 16") << std::vector<int>(16, 5) << 3 << true;
        std::vector<int> broken = person;
        broken.push_back(9);
        QTest::newRow("loop then a new id") << broken << 3 << false;
        std::vector<int> longSpan;
        for (int k = 0; k < 3; ++k)
            for (int id = 0; id < 64; ++id)
                longSpan.push_back(100 + id);
        QTest::newRow("span 64 x 3") << longSpan << 3 << true;
        std::vector<int> tooLong;
        for (int k = 0; k < 3; ++k)
            for (int id = 0; id < 65; ++id)
                tooLong.push_back(100 + id);
        QTest::newRow("span 65 x 3: longer than 64") << tooLong << 3 << false;
        QTest::newRow("empty") << std::vector<int>{} << 3 << false;
    }

    void loopStopMatchesReference()
    {
        QFETCH(std::vector<int>, ids);
        QFETCH(int, repeats);
        QFETCH(bool, loop);
        QCOMPARE(referenceLoop(ids, repeats), loop);
        QCOMPARE(endsInLoop(ids, repeats), loop);
    }

    // Random short-alphabet sequences (fixed seed) against the reference.
    void loopStopRandom()
    {
        Xoshiro256 rng(99);
        for (int trial = 0; trial < 2000; ++trial) {
            std::vector<int> ids;
            const int alphabet = 1 + int(rng.next() % 3);
            const size_t size = rng.next() % 80;
            for (size_t i = 0; i < size; ++i)
                ids.push_back(int(rng.next() % uint64_t(alphabet)));
            const int repeats = int(rng.next() % 6);
            QCOMPARE(endsInLoop(ids, repeats), referenceLoop(ids, repeats));
        }
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

SLUICE_TEST_GUILESS_MAIN(TestSampler)
#include "tst_sampler.moc"
