// JsonConstraints (api/constraint.h) over a real BPE vocabulary (the demo
// model's, `sluice-dev synth --demo`, written in-process): with random logits
// at every step (no forward pass: the constraint alone decides), the library's Sampler picks
// only masked-in ids, and every reply that completes within its budget
// parses and validates against its schema (tests/text/jsonschemavalidator.h,
// independent of the grammar); a budget at least the schema's smallest
// document (in tokens) always completes; only a smaller one may stop
// incomplete (the server's "length").
#include "support/testregistry.h"
#include "api/constraint.h"
#include "api/model.h"
#include "text/jsonschemagrammar.h"
#include "text/sampler.h"

#include "text/jsonschemavalidator.h"
#include "support/synthmodel.h"
#include "testsanitized.h"

#include <QJsonDocument>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace sluice;

// Seeded runs per schema. The sanitizer suites run the first 24 (the same
// code per step, ~7x slower there: 60 runs were ~67 s under ASan+UBSan).
constexpr int kConstraintRuns = SLUICE_TEST_SANITIZED ? 24 : 60;

class TestJsonConstraint : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::shared_ptr<Model> m_model;
    std::unique_ptr<JsonConstraints> m_json;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const QString path = m_dir.filePath(QStringLiteral("demo.waste"));
        SLUICE_SYNTH_DEMO(path);
        ModelOptions o;
        o.modelPath = path.toStdString();
        o.contextLength = 64;
        o.threads = 1;
        auto m = Model::open(o);
        QVERIFY2(m, m ? "" : m.status().message().c_str());
        m_model = *m;
        m_json = std::make_unique<JsonConstraints>(*m_model);
    }

    void randomLogitsValidate_data()
    {
        QTest::addColumn<QByteArray>("schema");
        QTest::addColumn<bool>("strict");
        QTest::newRow("json_object") << QByteArray() << false;
        QTest::newRow("strict person") << QByteArray(R"({"type":"object","properties":{"name":{"type":"string"},
            "age":{"type":"integer"},"pets":{"type":"array","maxItems":2,"items":{"type":"object","properties":{
            "kind":{"enum":["cat","dog"]},"legs":{"type":"number"}},"required":["kind","legs"],
            "additionalProperties":false}},"ok":{"type":["boolean","null"]}},"required":["name","age","pets","ok"],
            "additionalProperties":false})")
                                       << true;
        QTest::newRow("loose") << QByteArray(R"({"type":"object","properties":{"id":{"const":7},"tags":{"type":"array",
            "minItems":2,"items":{"type":"string"}},"extra":{}},"required":["id","tags"]})")
                               << false;
    }

    void randomLogitsValidate()
    {
        QFETCH(QByteArray, schema);
        QFETCH(bool, strict);
        const QJsonObject schemaObject = QJsonDocument::fromJson(schema).object();
        const int vocab = m_model->info().vocab;
        // Bytes of the schema's smallest document: a budget of at least that many tokens always completes.
        size_t minimal = 2; // "{}"
        if (!schema.isEmpty()) {
            auto compiled = text::JsonSchema::compile(schema.toStdString(), strict);
            QVERIFY(compiled);
            minimal = (*compiled)->node((*compiled)->root()).minimal.size();
        }
        QRandomGenerator rng(42);
        int completed = 0, cut = 0;
        for (int run = 0; run < kConstraintRuns; ++run) {
            auto c = m_json->make({ schema.toStdString(), strict });
            QVERIFY2(c, c ? "" : c.status().message().c_str());
            TokenConstraint &constraint = **c;
            text::SamplerConfig sc;
            sc.temperature = 1.0f;
            sc.seed = uint64_t(run);
            text::Sampler sampler(sc);
            const int budget = 4 + int(rng.bounded(120));
            std::vector<int> ids;
            std::vector<float> logits(static_cast<size_t>(vocab));
            for (int step = 0; step < budget && !constraint.complete(); ++step) {
                for (float &l : logits)
                    l = float(rng.generateDouble() * 8.0 - 4.0);
                QVERIFY(constraint.mask(logits, budget - step));
                const int id = sampler.sample(logits);
                QVERIFY2(std::isfinite(logits[size_t(id)]), "the sampler drew an id the constraint refused");
                constraint.accept(id);
                ids.push_back(id);
            }
            const std::string text = m_model->detokenize(ids);
            if (!constraint.complete()) {
                QVERIFY2(size_t(budget) < minimal,
                    qPrintable(QStringLiteral("budget %1, smallest document %2 bytes: %3")
                                   .arg(budget)
                                   .arg(minimal)
                                   .arg(QString::fromStdString(text))));
                ++cut;
                continue;
            }
            ++completed;
            QJsonParseError pe {};
            const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(text), &pe);
            QVERIFY2(pe.error == QJsonParseError::NoError && doc.isObject(), text.c_str());
            if (!schema.isEmpty())
                QCOMPARE(validate(doc.object(), schemaObject), QString());
        }
        qInfo("%d completed, %d cut off by a budget below the smallest document (%zu bytes)", completed, cut, minimal);
        QVERIFY(completed >= kConstraintRuns / 2);
    }

    void refusedSchemaNamesTheKeyword()
    {
        auto c = m_json->make({ R"({"type":"object","properties":{"a":{"type":"string","maxLength":3}}})", false });
        QVERIFY(!c);
        QVERIFY2(c.status().message().find("'maxLength'") != std::string::npos, c.status().message().c_str());
        QVERIFY(!checkJsonSchema(R"({"type":"object","oneOf":[]})", false));
        QVERIFY(checkJsonSchema(R"({"type":"object","properties":{"a":{"type":"string"}}})", false));
    }
};

SLUICE_TEST_GUILESS_MAIN(TestJsonConstraint)
#include "tst_jsonconstraint.moc"
