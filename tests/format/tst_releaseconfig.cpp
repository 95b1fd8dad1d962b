// config.json of a release and a container's manifest config go through one
// mapping: equivalent inputs (the synthetic models' configs, nested as the
// release ships them and flattened as the converter stores them) give equal
// ModelConfigs. Also the quantization_config checks and tokenizer_config.json.
#include "support/testregistry.h"
#include "format/releaseconfig.h"
#include "format/synth.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace sluice;

namespace {

std::string edit(const std::string &json, const std::function<void(QJsonObject &)> &f)
{
    QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(json)).object();
    f(o);
    return QJsonDocument(o).toJson().toStdString();
}

QJsonObject textConfig(QJsonObject &root) { return root.value("text_config").toObject(); }

} // namespace

class TestReleaseConfig : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void sameMapping_data()
    {
        QTest::addColumn<int>("arch");
        QTest::addColumn<bool>("vision");
        QTest::newRow("k3") << int(Architecture::KimiK3) << false;
        QTest::newRow("k3+vision") << int(Architecture::KimiK3) << true;
        QTest::newRow("kimi-linear") << int(Architecture::KimiLinear) << false;
    }
    void sameMapping()
    {
        QFETCH(int, arch);
        QFETCH(bool, vision);
        SynthOptions o;
        o.arch = Architecture(arch);
        o.withVision = vision;
        auto spec = syntheticModelSpec(o);
        QVERIFY(spec.isOk());
        const bool k3 = o.arch == Architecture::KimiK3;
        // What a container reader sees (manifest config, flattened with _outer for K3).
        auto container = parseModelConfig(spec->configJson, k3 ? "language_model." : "", ExpertQuantConfig{});
        QVERIFY(container.isOk());
        auto releaseJson = releaseConfigFromManifestConfig(spec->configJson, k3);
        QVERIFY(releaseJson.isOk());
        if (k3)
            QVERIFY(QByteArray::fromStdString(*releaseJson).contains("\"text_config\""));
        auto release = parseReleaseConfig(releaseJson->data(), releaseJson->size());
        QVERIFY2(release.isOk(), release.status().message().c_str());
        QCOMPARE(release->visionConfigured, vision);
        QCOMPARE(release->config.tensorPrefix, std::string(k3 ? "language_model." : ""));
        QCOMPARE(release->config.expertQuant.fmtName, std::string(k3 ? "MXFP4" : "BF16"));
        if (k3)
            QCOMPARE(release->config.expertQuant.groupSize, 32);
        // Only the expert format differs, by design.
        ModelConfig a = *container;
        ModelConfig b = release->config;
        b.expertQuant = a.expertQuant;
        QVERIFY(a == b);
        QCOMPARE(b.arch, o.arch);
        QCOMPARE(b.hidden, spec->config.hidden);
        QCOMPARE(b.bosId, spec->config.bosId);

        // The comparison can fail: one changed key gives a different config.
        const std::string changed = edit(*releaseJson, [&](QJsonObject &root) {
            if (k3) {
                QJsonObject text = textConfig(root);
                text["rms_norm_eps"] = 2e-5;
                root["text_config"] = text;
            } else {
                root["rms_norm_eps"] = 2e-5;
            }
        });
        auto other = parseReleaseConfig(changed.data(), changed.size());
        QVERIFY(other.isOk());
        other->config.expertQuant = a.expertQuant;
        QVERIFY(!(other->config == a));
    }

    void quantization_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QJsonValue>("value");
        QTest::addColumn<QString>("expect");
        QTest::newRow("method") << "quant_method" << QJsonValue("gptq") << "quant_method 'gptq' (only compressed-tensors)";
        QTest::newRow("format") << "format" << QJsonValue("nvfp4-pack-quantized") << "format 'nvfp4-pack-quantized'";
        QTest::newRow("group") << "group_size" << QJsonValue(16) << "group_size is not 32";
        QTest::newRow("bits") << "num_bits" << QJsonValue(8) << "num_bits is not 4";
        QTest::newRow("type") << "type" << QJsonValue("int") << "type is not float";
        QTest::newRow("scale dtype") << "scale_dtype" << QJsonValue("torch.float8_e4m3fn") << "scale_dtype 'torch.float8_e4m3fn'";
    }
    void quantization()
    {
        QFETCH(QString, key);
        QFETCH(QJsonValue, value);
        QFETCH(QString, expect);
        SynthOptions o;
        auto spec = syntheticModelSpec(o);
        QVERIFY(spec.isOk());
        auto releaseJson = releaseConfigFromManifestConfig(spec->configJson, true);
        QVERIFY(releaseJson.isOk());
        const std::string bad = edit(*releaseJson, [&](QJsonObject &root) {
            QJsonObject text = textConfig(root);
            QJsonObject q = text["quantization_config"].toObject();
            if (q.contains(key)) {
                q[key] = value;
            } else {
                QJsonObject groups = q["config_groups"].toObject();
                QJsonObject g0 = groups["group_0"].toObject();
                QJsonObject w = g0["weights"].toObject();
                w[key] = value;
                g0["weights"] = w;
                groups["group_0"] = g0;
                q["config_groups"] = groups;
            }
            text["quantization_config"] = q;
            root["text_config"] = text;
        });
        auto parsed = parseReleaseConfig(bad.data(), bad.size());
        QVERIFY(!parsed.isOk());
        QCOMPARE(parsed.status().code(), ErrorCode::Unsupported);
        QVERIFY2(QString::fromStdString(parsed.status().message()).contains(expect), parsed.status().message().c_str());
    }

    void refusesConverted()
    {
        SynthOptions o;
        auto spec = syntheticModelSpec(o);
        QVERIFY(spec.isOk());
        auto parsed = parseReleaseConfig(spec->configJson.data(), spec->configJson.size());
        QVERIFY(!parsed.isOk());
        QVERIFY(QString::fromStdString(parsed.status().message()).contains("_outer"));
    }

    void addedTokens_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("expect"); // empty = accepted
        QTest::newRow("valid") << QByteArray(R"({"added_tokens_decoder":{"102":{"content":"<|b|>","special":true},"100":{"content":"[BOS]"}}})") << "";
        QTest::newRow("none") << QByteArray(R"({"model_max_length":5})") << "";
        QTest::newRow("out of range") << QByteArray(R"({"added_tokens_decoder":{"200":{"content":"x"}}})") << "not an id in [0, 128)";
        QTest::newRow("not a number") << QByteArray(R"({"added_tokens_decoder":{"1e2":{"content":"x"}}})") << "not an id";
        QTest::newRow("no content") << QByteArray(R"({"added_tokens_decoder":{"100":{"special":true}}})") << "has no content";
        QTest::newRow("twice") << QByteArray(R"({"added_tokens_decoder":{"100":{"content":"x"},"101":{"content":"x"}}})") << "named by two ids";
        QTest::newRow("not json") << QByteArray("[") << "not a JSON object";
    }
    void addedTokens()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, expect);
        auto parsed = parseAddedTokens(json.constData(), size_t(json.size()), 128);
        if (!expect.isEmpty()) {
            QVERIFY(!parsed.isOk());
            QVERIFY2(QString::fromStdString(parsed.status().message()).contains(expect), parsed.status().message().c_str());
            return;
        }
        QVERIFY2(parsed.isOk(), parsed.status().message().c_str());
        if (json.contains("added_tokens_decoder")) {
            QCOMPARE(parsed->size(), size_t(2));
            QCOMPARE((*parsed)[0].id, 100); // sorted by id
            QCOMPARE((*parsed)[0].text, std::string("[BOS]"));
            QCOMPARE(specialsToJson(*parsed), std::string(R"([{"id":100,"text":"[BOS]"},{"id":102,"text":"<|b|>"}])"));
        } else {
            QVERIFY(parsed->empty());
        }
    }
};

SLUICE_TEST_GUILESS_MAIN(TestReleaseConfig)
#include "tst_releaseconfig.moc"
