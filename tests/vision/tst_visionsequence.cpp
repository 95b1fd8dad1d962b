// Images in the token stream (spec 6.5, 7.6) through the public Model/Session API on
// the synthetic K3 with a vision tower: a prompt with one <|media_pad|> per
// image, expanded to one position per embedding and fed in chunks of 64, 3
// and 1 (the single-token step path), gives the float64 oracle's logits
// (tests/oracle/vision_ref.py sequence) within 1e-5 relative. Also: the
// prompt/queue mismatch is refused without touching the session, the image
// lives in the session state (save -> load in a fresh session without images
// continues bit-identically), the chat markup carries the original size, and
// vision can be switched off at open.
#include "support/testregistry.h"
#include "format/container.h"
#include "../model/modeltestutil.h"
#include "vision/visiontower.h"
#include "visiontestutil.h"

#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

#include <cstring>

using namespace sluice;

class TestVisionSequence : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_tmp;
    QJsonObject m_fx;
    QString m_model;
    QStringList m_images; // BMP files of the fixture's images, in prompt order

    ModelSession open(int threads = 2, bool vision = true)
    {
        ModelOptions o;
        o.modelPath = m_model.toStdString();
        o.contextLength = 256;
        o.threads = threads;
        o.vision = vision;
        o.maxImagePatches = m_fx["max_patches"].toInt(); // the oracle's patch budget
        return test::openModelSessionOrWarn(o);
    }

    std::vector<int> ids(const char *key) const
    {
        std::vector<int> out;
        for (const QJsonValue &v : m_fx[key].toArray())
            out.push_back(v.toInt());
        return out;
    }

    bool addImages(Session &s)
    {
        for (const QString &path : m_images) {
            const Status st = s.addImage(path.toStdString());
            if (!st.isOk()) {
                qWarning("%s", st.message().c_str());
                return false;
            }
        }
        return true;
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_fx = test::readFixture("vision/sequence.json");
        QVERIFY2(!m_fx.isEmpty(), "tests/fixtures/vision/sequence.json missing");
        QVERIFY(m_tmp.isValid());
        m_model = m_tmp.filePath("k3v.waste");
        const QString args = m_fx["regenerate"].toString();
        const QString err = test::runSynth(m_model, args);
        QVERIFY2(err.isEmpty(), qPrintable(err));
        QVERIFY2(test::containerHash(m_model) == m_fx["container_hash"].toString(),
                 qPrintable("synth " + args + " no longer writes the fixture's container; regenerate: "
                            "/usr/bin/python3 tests/oracle/vision_ref.py sequence DIR tests/fixtures/vision/sequence.json "
                            "--media-pad ID --synth \"" + args + "\""));
        int n = 0;
        for (const QJsonValue &v : m_fx["images"].toArray()) {
            const QJsonObject o = v.toObject();
            const QString path = m_tmp.filePath(QString("image%1.bmp").arg(n++));
            QVERIFY(test::writeBmp(path, test::genImage(o["width"].toInt(), o["height"].toInt(), o["seed"].toInt())));
            m_images << path;
        }
    }

    void logitsMatchOracle_data()
    {
        QTest::addColumn<int>("chunk");
        QTest::addColumn<int>("threads");
        QTest::newRow("chunk 64") << 64 << 2;
        QTest::newRow("chunk 3") << 3 << 1;
        QTest::newRow("token by token") << 1 << 2;
    }

    void logitsMatchOracle()
    {
        QFETCH(int, chunk);
        QFETCH(int, threads);
        const std::vector<int> compact = ids("compact_ids");
        const std::vector<int> expanded = ids("prompt_ids");
        auto e = open(threads);
        QVERIFY(e);
        QVERIFY(addImages(*e.session));
        std::vector<float> all;
        const Status st = e->evalAll(compact, all, chunk);
        QVERIFY2(st.isOk(), st.message().c_str());
        const size_t vocab = size_t(m_fx["vocab"].toInt());
        QCOMPARE(all.size(), expanded.size() * vocab); // one position per image embedding
        QCOMPARE(e->position(), int(expanded.size()));
        double worst = 0;
        const QString mismatch = test::oracleLogitsMismatch(m_fx, all, expanded.size(), vocab, 1e-5, worst);
        QVERIFY2(mismatch.isEmpty(), qPrintable(mismatch));
        qInfo("worst rel %.3g over %d checked positions", worst, int(m_fx["logit_positions"].toArray().size()));
    }

    void padsWithoutImagesRefused()
    {
        auto e = open();
        QVERIFY(e);
        QVERIFY(e->addImage(m_images[0].toStdString()).isOk());
        const std::vector<int> compact = ids("compact_ids"); // two pads, one image
        std::vector<float> logits;
        const Status st = e->eval(compact, &logits);
        QVERIFY(!st.isOk());
        QVERIFY2(st.message().find("media_pad") != std::string::npos, st.message().c_str());
        QCOMPARE(e->position(), 0);
        // Adding the second image makes the same prompt acceptable.
        QVERIFY(e->addImage(m_images[1].toStdString()).isOk());
        QVERIFY(e->eval(compact, &logits).isOk());
        QCOMPARE(e->position(), int(ids("prompt_ids").size()));
        // Consumed: a further pad has no image left.
        const int pad[1] = {m_fx["media_pad"].toInt()};
        QVERIFY(!e->eval(pad, &logits).isOk());
        // clearImages drops what waits.
        QVERIFY(e->addImage(m_images[0].toStdString()).isOk());
        e->clearImages();
        QVERIFY(!e->eval(pad, &logits).isOk());
    }

    void imageLivesInSessionState()
    {
        const std::vector<int> compact = ids("compact_ids");
        const std::vector<int> tail = {7, 11, 13};
        auto a = open();
        QVERIFY(a);
        QVERIFY(addImages(*a.session));
        std::vector<float> la, lb;
        QVERIFY(a->eval(compact, &la).isOk());
        const QString session = m_tmp.filePath("image.session");
        const Status saved = a->save(session.toStdString());
        QVERIFY2(saved.isOk(), saved.message().c_str());
        QVERIFY(a->eval(tail, &la).isOk());
        // A fresh session with no images queued: the images come from the state.
        auto b = open();
        QVERIFY(b);
        const Status loaded = b->load(session.toStdString());
        QVERIFY2(loaded.isOk(), loaded.message().c_str());
        QCOMPARE(b->position(), int(ids("prompt_ids").size()));
        QVERIFY(b->eval(tail, &lb).isOk());
        QCOMPARE(la.size(), lb.size());
        QVERIFY(std::memcmp(la.data(), lb.data(), la.size() * 4) == 0);
    }

    void chatMarkupCarriesOriginalSize()
    {
        auto e = open();
        QVERIFY(e);
        QVERIFY(e->addImage(m_images[0].toStdString()).isOk());
        const QJsonObject first = m_fx["images"].toArray()[0].toObject();
        ChatMessage m;
        m.role = "user";
        m.content = "What is this?";
        m.imageCount = 1;
        const std::vector<int> prompt = e.model->renderChat({m}, ChatOptions{}, e->imageSizes());
        if (prompt.empty())
            QSKIP("the synthetic container has no tokenizer/chat format to render with");
        const int pad = m_fx["media_pad"].toInt();
        QCOMPARE(std::count(prompt.begin(), prompt.end(), pad), ptrdiff_t(1));
        const std::string text = e.model->detokenize(prompt);
        const std::string size = "image " + std::to_string(first["width"].toInt()) + "x" +
                                 std::to_string(first["height"].toInt());
        QVERIFY2(text.find(size) != std::string::npos, text.c_str());
        std::vector<float> logits;
        QVERIFY(e->eval(prompt, &logits).isOk());
        QCOMPARE(e->position(), int(prompt.size()) - 1 + m_fx["image_tokens"].toArray()[0].toInt());
    }

    void planCountsVision()
    {
        // The planner's floor carries the tower's figure (spec 9) only when
        // vision is on, and exactly VisionTower::memoryPlan()'s total.
        auto on = open(2, true);
        auto off = open(2, false);
        QVERIFY(on && off);
        auto c = Container::open(m_model.toStdString());
        QVERIFY(c.isOk());
        vision::VisionTowerOptions o;
        o.maxPatches = m_fx["max_patches"].toInt();
        o.attentionSlices = 2;
        auto plan = vision::VisionTower::memoryPlan((*c)->config(), (*c)->tensors(), o);
        QVERIFY(plan.isOk());
        QCOMPARE(on.info().floorBytes - off.info().floorBytes, plan->total());
    }

    void visionSwitchedOff()
    {
        auto e = open(1, false);
        QVERIFY(e);
        const Status st = e->addImage(m_images[0].toStdString());
        QVERIFY(!st.isOk());
        QVERIFY2(st.message().find("vision") != std::string::npos, st.message().c_str());
    }

    void badImageFile()
    {
        auto e = open(1);
        QVERIFY(e);
        const QString path = m_tmp.filePath("broken.png");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("\x89PNG\r\n\x1a\n broken");
        f.close();
        const Status st = e->addImage(path.toStdString());
        QVERIFY(!st.isOk());
        QVERIFY2(st.message().find("broken.png") != std::string::npos, st.message().c_str());
        QVERIFY(!e->addImage(m_tmp.filePath("absent.png").toStdString()).isOk());
    }
};

SLUICE_TEST_GUILESS_MAIN(TestVisionSequence)
#include "tst_visionsequence.moc"
