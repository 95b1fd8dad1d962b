// Containers written by WASTE's own test-container writer (release 0.6.6,
// ../shared/data/compat): Sluice must open them, report their shapes and
// read every record. Skips when the shared folder is absent.
#include "support/testregistry.h"
#include "format/container.h"
#include "format/trunkquant.h"
#include "util/half.h"

#include <QFile>
#include <QTest>

using namespace sluice;

namespace {
QString compatDir(const QString &name)
{
    const QString dir = QStringLiteral(SLUICE_SHARED_DIR "/data/compat/") + name + "/container.waste";
    return QFile::exists(dir + "/manifest.json") ? dir : QString();
}

// Every test opens one of these two (initTestCase skips them all without them).
Expected<std::unique_ptr<Container>> openCompat(const QString &name)
{
    return Container::open(compatDir(name).toStdString());
}
} // namespace

class TestCompat : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        if (compatDir("kimi-linear-s0-tokenizer").isEmpty() || compatDir("kimi-linear-s3-prefixed").isEmpty())
            QSKIP("../shared/data/compat is absent (WASTE-made containers)");
    }

    void opens_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("prefix");
        QTest::addColumn<int>("vocab");
        QTest::addColumn<bool>("tokenizer");
        QTest::newRow("s0-tokenizer") << "kimi-linear-s0-tokenizer" << "" << 316 << true;
        QTest::newRow("s3-prefixed") << "kimi-linear-s3-prefixed" << "language_model." << 256 << false;
    }
    void opens()
    {
        QFETCH(QString, name);
        QFETCH(QString, prefix);
        QFETCH(int, vocab);
        QFETCH(bool, tokenizer);
        auto opened = openCompat(name);
        QVERIFY2(opened.isOk(), opened.status().message().c_str());
        const Container &c = **opened;
        const ModelConfig &cfg = c.config();
        QCOMPARE(cfg.arch, Architecture::KimiLinear);
        QCOMPARE(QString::fromStdString(cfg.tensorPrefix), prefix);
        QCOMPARE(cfg.nLayers, 4);
        QCOMPARE(cfg.hidden, 128);
        QCOMPARE(cfg.vocab, vocab);
        QCOMPARE(cfg.nExperts, 8);
        QCOMPARE(cfg.topK, 2);
        QCOMPARE(cfg.moeIntermediate, 64);
        QCOMPARE(cfg.nSharedExperts, 1);
        QCOMPARE(cfg.routedScaling, 2.0f);
        QVERIFY(cfg.renormalize);
        QCOMPARE(cfg.activation, Activation::SiLU);
        QCOMPARE(cfg.qLoraRank, 0);
        QCOMPARE(cfg.kvLoraRank, 32);
        QCOMPARE(cfg.kdaHeads, 4);
        QCOMPARE(cfg.kdaHeadDim, 32);
        QCOMPARE(cfg.kdaDecayRank, 32);
        QCOMPARE(cfg.kdaGateRank, 32);
        // kda_layers [1,2,4] (1-based) -> 0-based KDA 0,1,3; MLA 2.
        const std::vector<bool> kda{true, true, false, true};
        QCOMPARE(cfg.layerIsKda, kda);
        QCOMPARE(QString::fromStdString(cfg.expertQuant.fmtName), QStringLiteral("VQ3R"));
        QCOMPARE(c.paths().tokenizer.empty(), !tokenizer);
        QCOMPARE(c.codebookCount(), 27);
        for (int layer = 1; layer < 4; ++layer) {
            const ExpertBank bank = c.expertLayer(layer);
            QCOMPARE(bank.experts, 8);
            QCOMPARE(bank.recordBytes, uint64_t(12288));
            QCOMPARE(bank.codebookBase, 9 * (layer - 1));
            std::vector<uint8_t> rec;
            for (int e = 0; e < 8; ++e) {
                const Status s = c.readExpertRecord(layer, e, rec, true);
                QVERIFY2(s.isOk(), s.message().c_str());
            }
            const ExpertRecordView view = parseRecord(rec.data(), c.expertLayout(layer));
            QCOMPARE(view.matrix[kGate].rows, size_t(64));
            QCOMPARE(view.matrix[kGate].cols, size_t(128));
            QCOMPARE(view.matrix[kDown].rows, size_t(128));
            QCOMPARE(view.codebookId, bank.codebookBase);
        }
        QCOMPARE(c.expertLayer(0).experts, 0);
        const TensorInfo *oproj = c.findTensor("model.layers.2.self_attn.o_proj.weight");
        QVERIFY(oproj);
        QCOMPARE(oproj->rows, uint64_t(128));
        QCOMPARE(oproj->cols, uint64_t(64));
        QCOMPARE(oproj->fmt, TensorFormat::Q4G);
        QVERIFY(c.parameterCount() > 0);
    }

    // Specials are not at fixed offsets in small vocabularies: ids come from
    // the config and specials.json.
    void specialsFromFiles()
    {
        auto opened = openCompat("kimi-linear-s0-tokenizer");
        QVERIFY(opened.isOk());
        const ModelConfig &cfg = (*opened)->config();
        QCOMPARE(cfg.bosId, 305);
        QCOMPARE(cfg.eosId, 307);
        QCOMPARE(cfg.endOfMsgId, 307);
        QCOMPARE(cfg.mediaPadId, 313);
        QCOMPARE(int((*opened)->specials().size()), 11);
    }

    // Embedding rows read on demand equal the rows of the whole tensor.
    void embeddingRowsMatchTensor()
    {
        auto opened = openCompat("kimi-linear-s3-prefixed");
        QVERIFY(opened.isOk());
        const Container &c = **opened;
        const TensorInfo *embed = c.findTensor("model.embed_tokens.weight");
        QVERIFY(embed);
        QCOMPARE(embed->fmt, TensorFormat::Q8G);
        auto all = c.dequantizeTensor(*embed);
        QVERIFY(all.isOk());
        std::vector<float> row(128);
        for (int token : {0, 1, 100, 255}) {
            QVERIFY(c.readEmbeddingRow(token, row.data()).isOk());
            for (int i = 0; i < 128; ++i)
                QCOMPARE(row[size_t(i)], (*all)[size_t(token) * 128 + size_t(i)]);
        }
        QVERIFY(!c.readEmbeddingRow(256, row.data()).isOk());
    }

    // Codebooks decoded to f32 equal an exact decode of the raw fp16 file.
    void codebooksDecodeExactly()
    {
        auto opened = openCompat("kimi-linear-s0-tokenizer");
        QVERIFY(opened.isOk());
        QFile f(compatDir("kimi-linear-s0-tokenizer") + "/codebooks.bin");
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray raw = f.readAll();
        const VqCodebooksView up = (*opened)->codebooks(2, 1); // book 9 + 3 = 12
        QVERIFY(up.books);
        for (int s = 0; s < 3; ++s)
            for (int i = 0; i < 256 * 8; i += 37) {
                const qsizetype at = qsizetype(12 + s) * 4112 + 16 + 2 * i;
                const uint16_t h = uint16_t(uint8_t(raw[at]) | uint8_t(raw[at + 1]) << 8);
                QCOMPARE(up.books[s * 256 * 8 + i], halfToFloat(h));
            }
    }
};

SLUICE_TEST_APPLESS_MAIN(TestCompat)
#include "tst_compat.moc"
