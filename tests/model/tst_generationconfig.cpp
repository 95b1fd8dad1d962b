// generation_config.json (format/generationconfig.h): the sampling keys read,
// checked and bounded; unknown keys ignored; a damaged file is a message.
#include "support/testregistry.h"
#include "format/generationconfig.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace sluice;

class TestGenerationConfig : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void parses()
    {
        auto r = parseGenerationConfig(R"({"do_sample": true, "temperature": 0.7, "top_p": 0.8, "top_k": 20,
            "repetition_penalty": 1.1, "max_new_tokens": 300, "eos_token_id": [1, 2],
            "transformers_version": "4.44", "presence_penalty": null})");
        QVERIFY2(r, r ? "" : r.status().message().c_str());
        QCOMPARE(r->temperature.value_or(-1), 0.7f);
        QCOMPARE(r->topP.value_or(-1), 0.8f);
        QCOMPARE(r->topK.value_or(-1), 20);
        QCOMPARE(r->repeatPenalty.value_or(-1), 1.1f);
        QCOMPARE(r->maxTokens.value_or(-1), 300);
        QVERIFY(!r->presencePenalty); // null = unset, as transformers writes it
        QVERIFY(!r->loopStop);
        SamplingParams p;
        r->applyTo(p);
        QCOMPARE(p.temperature, 0.7f);
        QCOMPARE(p.loopStop, 0); // not recommended: the default stays
    }

    void doSampleFalseIsGreedy()
    {
        auto r = parseGenerationConfig(R"({"do_sample": false, "temperature": 0.9})");
        QVERIFY(r);
        QCOMPARE(r->temperature.value_or(-1), 0.0f);
    }

    void refused_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("says");
        QTest::newRow("not JSON") << QByteArray("{\"temperature\": ") << "not JSON";
        QTest::newRow("array") << QByteArray("[1]") << "not a JSON object";
        QTest::newRow("string temperature") << QByteArray(R"({"temperature": "hot"})") << "temperature: not a number";
        QTest::newRow("negative temperature") << QByteArray(R"({"temperature": -1})") << "temperature: -1";
        QTest::newRow("top_p above 1") << QByteArray(R"({"top_p": 1.5})") << "top_p";
        QTest::newRow("fractional top_k") << QByteArray(R"({"top_k": 2.5})") << "top_k: not a whole number";
        QTest::newRow("zero penalty") << QByteArray(R"({"repetition_penalty": 0})") << "repetition_penalty";
        QTest::newRow("zero max") << QByteArray(R"({"max_new_tokens": 0})") << "max_new_tokens";
        QTest::newRow("do_sample string") << QByteArray(R"({"do_sample": "yes"})") << "do_sample";
    }

    void refused()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, says);
        auto r = parseGenerationConfig(std::string_view(json.constData(), size_t(json.size())));
        QVERIFY(!r);
        QVERIFY2(QString::fromStdString(r.status().message()).contains(says), r.status().message().c_str());
    }

    void folder()
    {
        QTemporaryDir dir;
        const std::string path = dir.path().toStdString();
        RecommendedSampling none = readGenerationConfig(path);
        QVERIFY(none.empty() && none.source.empty() && none.error.empty());
        QFile f(dir.filePath(QStringLiteral("generation_config.json")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"temperature": 7e9})");
        f.close();
        RecommendedSampling damaged = readGenerationConfig(path);
        QVERIFY(damaged.empty());
        QVERIFY2(damaged.error.find("temperature") != std::string::npos, damaged.error.c_str());
        QVERIFY2(damaged.error.find("the defaults apply") != std::string::npos, damaged.error.c_str());
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(demoGenerationConfig().data(), qint64(demoGenerationConfig().size()));
        f.close();
        RecommendedSampling demo = readGenerationConfig(path);
        QVERIFY2(demo.error.empty(), demo.error.c_str());
        QCOMPARE(demo.source, path + "/generation_config.json");
        QCOMPARE(demo.loopStop.value_or(-1), 3);
    }

    // A FIFO or a folder in its place is named at once (a FIFO used to block
    // every open of the model, and `info`, waiting for a writer).
    void notARegularFile()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("generation_config.json")).toStdString();
        QCOMPARE(::mkfifo(path.c_str(), 0600), 0);
        RecommendedSampling fifo = readGenerationConfig(dir.path().toStdString());
        QVERIFY(fifo.empty());
        QVERIFY2(fifo.error.find("FIFO") != std::string::npos, fifo.error.c_str());
        QVERIFY(QFile::remove(QString::fromStdString(path)));
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("generation_config.json")));
        RecommendedSampling folder = readGenerationConfig(dir.path().toStdString());
        QVERIFY(folder.empty());
        QVERIFY2(folder.error.find("directory") != std::string::npos, folder.error.c_str());
    }
};

SLUICE_TEST_GUILESS_MAIN(TestGenerationConfig)
#include "tst_generationconfig.moc"
