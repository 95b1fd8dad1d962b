// The synthetic tokenizer used by `sluice-cli synth`: deterministic, loads as
// a real Tokenizer, puts the Kimi specials at the Kimi offsets, and has learnt
// merges from its corpus (text compresses, round trips exactly).
#include "support/testregistry.h"
#include "text/synthtokenizer.h"
#include "text/tokenizer.h"

#include <QTest>

using namespace sluice;
using namespace sluice::text;

class TestSynthTokenizer : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void isDeterministic()
    {
        auto a = makeSyntheticTokenizer(1024);
        auto b = makeSyntheticTokenizer(1024);
        QVERIFY2(a.isOk(), a.status().message().c_str());
        QVERIFY(b.isOk());
        QCOMPARE(a->rankFileText, b->rankFileText);
        QCOMPARE(a->specialsJson, b->specialsJson);
        // The cached full training run, cut to size, equals training to that size.
        auto direct = trainBpe(syntheticCorpus(), 1024);
        QVERIFY(direct.isOk());
        auto table = RankTable::fromTokens(*direct, "direct");
        QVERIFY(table.isOk());
        QCOMPARE(table->toTiktokenText(), a->rankFileText);
    }

    void loadsWithKimiOffsets_data()
    {
        QTest::addColumn<int>("base");
        QTest::newRow("default 3840") << 3840;
        QTest::newRow("tiny 300") << 300;
        QTest::newRow("bytes only 256") << 256;
    }
    void loadsWithKimiOffsets()
    {
        QFETCH(int, base);
        auto synth = makeSyntheticTokenizer(base);
        QVERIFY2(synth.isOk(), synth.status().message().c_str());
        QCOMPARE(synth->baseVocab, base);
        QCOMPARE(synth->vocabSize, base + 256);
        TokenizerOptions options;
        options.vocabSize = synth->vocabSize;
        auto tok = Tokenizer::fromText(synth->rankFileText, synth->specialsJson, options);
        QVERIFY2(tok.isOk(), tok.status().message().c_str());
        QCOMPARE(tok->baseVocabSize(), base);
        QCOMPARE(tok->vocabSize(), base + 256);
        const struct {
            const char *text;
            int offset;
            int id;
        } expected[] = {
            {"[BOS]", 0, synth->bosId},           {"[EOS]", 1, synth->eosTextId},
            {"<|end_of_msg|>", 2, synth->eosId},  {"<|open|>", 3, synth->openId},
            {"<|close|>", 4, synth->closeId},     {"<|sep|>", 5, synth->sepId},
            {"<|media_begin|>", 18, synth->mediaBeginId}, {"<|media_content|>", 19, synth->mediaContentId},
            {"<|media_end|>", 20, synth->mediaEndId},     {"<|media_pad|>", 21, synth->mediaPadId},
            {"[PAD]", 255, synth->padId},
        };
        for (const auto &e : expected) {
            QCOMPARE(e.id, base + e.offset);
            QCOMPARE(tok->specialId(e.text).value_or(-1), base + e.offset);
        }
        for (int id : {synth->imagePlaceholderId, synth->imSystemId, synth->imUserId, synth->imAssistantId,
                       synth->imMiddleId, synth->imEndId}) {
            QVERIFY(id > base + 5 && id < base + 18);
            QVERIFY(tok->isSpecial(id));
        }
        // Unnamed slots of the 256-id block get upstream's reserved names.
        QCOMPARE(std::string(tok->tokenBytes(base + 100)), "<|reserved_token_" + std::to_string(base + 100) + "|>");
        QVERIFY(!tok->isValidId(base + 256));
    }

    void learnsMergesAndRoundTrips()
    {
        auto synth = makeSyntheticTokenizer();
        QVERIFY2(synth.isOk(), synth.status().message().c_str());
        auto tok = Tokenizer::fromText(synth->rankFileText, synth->specialsJson);
        QVERIFY2(tok.isOk(), tok.status().message().c_str());
        const std::string corpus(syntheticCorpus());
        const std::vector<int> ids = tok->encode(corpus);
        QCOMPARE(tok->decode(ids), corpus);
        // A trained vocabulary of 3840 compresses its own corpus well below
        // one token per 2 bytes; a byte-only table would give exactly 1.
        QVERIFY2(ids.size() * 3 < corpus.size(), std::to_string(ids.size()).c_str());
        for (const char *text : {"Hello world, this is new text.", "完全に新しい文。", "Özgür ümit 12345"}) {
            const std::vector<int> t = tok->encode(text);
            QCOMPARE(tok->decode(t), std::string(text));
            for (int id : t)
                QVERIFY(id >= 0 && id < synth->baseVocab);
        }
    }

    void trainerMergesMostFrequentPairFirst()
    {
        // "ab" occurs 3 times, "cd" twice: the first merge is "ab", then "cd",
        // then the whole words.
        auto tokens = trainBpe("ab ab ab cd cd", 260);
        QVERIFY(tokens.isOk());
        QVERIFY(tokens->size() >= 258);
        QCOMPARE((*tokens)[256], std::string("ab"));
        QCOMPARE((*tokens)[257], std::string(" ab"));
    }

    void rejectsBadSizes()
    {
        QVERIFY(!makeSyntheticTokenizer(255).isOk());
        QVERIFY(!makeSyntheticTokenizer(70000).isOk());
        QVERIFY(!makeTokenizerFromCorpus("text", 255).isOk());
        QVERIFY(!makeTokenizerFromCorpus("text", 70000).isOk());
    }

    void fromCorpusLearnsThatCorpusWithTheSameSpecials()
    {
        // The demo tokenizer (sluice-cli demo-corpus): merges from the given
        // text, the special ids of makeSyntheticTokenizer at the same offsets.
        std::string corpus;
        for (int i = 0; i < 50; ++i)
            corpus += "A dictionary means a reference book. Water means a liquid. ";
        auto made = makeTokenizerFromCorpus(corpus, 300);
        QVERIFY2(made.isOk(), made.status().message().c_str());
        auto synth = makeSyntheticTokenizer(300);
        QVERIFY(synth.isOk());
        QCOMPARE(made->specialsJson, synth->specialsJson);
        QVERIFY(made->rankFileText != synth->rankFileText);
        auto tok = Tokenizer::fromText(made->rankFileText, made->specialsJson);
        QVERIFY2(tok.isOk(), tok.status().message().c_str());
        const std::vector<int> means = tok->encode(" means");
        QCOMPARE(means.size(), size_t(1)); // a frequent word of the corpus is one token
        QCOMPARE(tok->decode(tok->encode(corpus)), corpus);
        QCOMPARE(tok->specialId("<|end_of_msg|>").value_or(-1), 302);
    }
};

SLUICE_TEST_GUILESS_MAIN(TestSynthTokenizer)
#include "tst_synthtokenizer.moc"
