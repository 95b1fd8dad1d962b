// Every kind of damage issue 3 lists gets its own specific, named error and
// no crash: each row copies a fresh synthetic container, damages one thing,
// and checks the message. Also drives `sluice-cli info/verify` end to end.
#include "support/testregistry.h"
#include "testmetatypes.h"
#include "testfiles.h"
#include "format/container.h"
#include "format/synth.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <functional>
#include <limits>
#include <sys/stat.h>

using namespace sluice;

namespace {

using Damage = std::function<void(const QString &dir)>;

using test::readFile;
using test::writeFile;
// Patches bytes of one file in place.
void patch(const QString &path, qint64 at, const QByteArray &bytes)
{
    QFile f(path);
    f.open(QIODevice::ReadWrite);
    f.seek(at);
    f.write(bytes);
}
void replaceWithFifo(const QString &path)
{
    QFile::remove(path);
    QVERIFY(::mkfifo(QFile::encodeName(path).constData(), 0600) == 0);
}
void replaceWithDir(const QString &path)
{
    QFile::remove(path);
    QVERIFY(QDir().mkpath(path));
}
QByteArray le16(int v) { return QByteArray(1, char(v & 0xff)) + QByteArray(1, char((v >> 8) & 0xff)); }
QByteArray le32(quint32 v)
{
    QByteArray b(4, 0);
    for (int i = 0; i < 4; ++i)
        b[i] = char((v >> (8 * i)) & 0xff);
    return b;
}
void editManifest(const QString &dir, const std::function<void(QJsonObject &)> &edit)
{
    QJsonObject m = QJsonDocument::fromJson(readFile(dir + "/manifest.json")).object();
    edit(m);
    writeFile(dir + "/manifest.json", QJsonDocument(m).toJson());
}
void editConfig(const QString &dir, const char *key, const QJsonValue &value)
{
    editManifest(dir, [&](QJsonObject &m) {
        QJsonObject c = m["config"].toObject();
        c[key] = value;
        m["config"] = c;
    });
}
constexpr qint64 kRecord = 20480; // tiny K3 record
qint64 recordAt(int expert) { return kRecord * expert; }

} // namespace


class TestDamage : public QObject {
    Q_OBJECT
    QTemporaryDir m_tmp;
    QString m_template;

    QString freshCopy()
    {
        static int n = 0;
        const QString dir = m_tmp.filePath(QString("copy%1").arg(n++));
        if (!test::copyFolderFiles(m_template, dir))
            qWarning("could not copy %s to %s", qPrintable(m_template), qPrintable(dir));
        return dir;
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_template = m_tmp.filePath("template");
        SynthOptions o; // tiny K3, VQ3R
        const Status s = writeSyntheticModel(m_template.toStdString(), o);
        QVERIFY2(s.isOk(), s.message().c_str());
        QCOMPARE(QFileInfo(m_template + "/experts-L2.bin").size(), 16 * kRecord);
    }

    void damaged_data()
    {
        QTest::addColumn<Damage>("damage");
        QTest::addColumn<bool>("opens");      // the damage is found at open (false) or on a record read (true)
        QTest::addColumn<bool>("crc");        // the record read verifies the CRC
        QTest::addColumn<QString>("expected"); // text the error must contain
        QTest::addColumn<int>("code");

        const auto bank = [](const QString &d) { return d + "/experts-L2.bin"; };
        QTest::newRow("wrong magic") << Damage([=](const QString &d) { patch(bank(d), recordAt(3), "XXXX"); })
                                     << true << false << "layer 2, expert 3: bad magic" << int(ErrorCode::Format);
        QTest::newRow("wrong expert id") << Damage([=](const QString &d) { patch(bank(d), recordAt(3) + 6, le16(4)); })
                                         << true << false << "layer 2, expert 3: record holds expert 4 (wrong expert id)"
                                         << int(ErrorCode::Format);
        QTest::newRow("record from another layer")
            << Damage([=](const QString &d) {
                   const QByteArray other = readFile(d + "/experts-L5.bin").mid(recordAt(3), kRecord);
                   patch(bank(d), recordAt(3), other);
               })
            << true << false << "layer 2, expert 3: record belongs to layer 5" << int(ErrorCode::Format);
        QTest::newRow("truncated bank")
            << Damage([=](const QString &d) { QFile::resize(bank(d), 15 * kRecord); }) << false << false
            << "experts-L2.bin (layer 2): truncated bank (307200 bytes, manifest says 327680)" << int(ErrorCode::Format);
        QTest::newRow("bank not a 4 KiB multiple")
            << Damage([=](const QString &d) { QFile::resize(bank(d), 16 * kRecord - 100); }) << false << false
            << "experts-L2.bin (layer 2): file size 327580 is not a multiple of 4096" << int(ErrorCode::Format);
        QTest::newRow("flipped payload byte")
            << Damage([=](const QString &d) {
                   QByteArray b = readFile(bank(d)).mid(recordAt(3) + 1000, 1);
                   b[0] = char(b[0] ^ 0x01);
                   patch(bank(d), recordAt(3) + 1000, b);
               })
            << true << true << "layer 2, expert 3: checksum mismatch" << int(ErrorCode::Checksum);
        QTest::newRow("offsets out of range")
            << Damage([=](const QString &d) { patch(bank(d), recordAt(3) + 32, le32(20000)); }) << true << false
            << "layer 2, expert 3: offsets out of range" << int(ErrorCode::Format);
        QTest::newRow("offsets out of order")
            << Damage([=](const QString &d) { patch(bank(d), recordAt(3) + 24, le32(40)); }) << true << false
            << "layer 2, expert 3: offsets out of order" << int(ErrorCode::Format);
        QTest::newRow("VQ4P record in a VQ3R manifest")
            << Damage([=](const QString &d) { patch(bank(d), recordAt(3) + 8, QByteArray(1, char(8))); }) << true << false
            << "layer 2, expert 3: record fmt 8 (VQ4P) disagrees with the manifest's VQ3R" << int(ErrorCode::Format);
        QTest::newRow("lowrank id") << Damage([=](const QString &d) { patch(bank(d), recordAt(3) + 12, le16(1)); })
                                    << true << false << "layer 2, expert 3: lowrank_id 1" << int(ErrorCode::Format);
        QTest::newRow("codebook id out of range")
            << Damage([=](const QString &d) { patch(bank(d), recordAt(3) + 10, le16(60)); }) << true << false
            << "layer 2, expert 3: codebook id 60 + 9 books exceeds the 63" << int(ErrorCode::Format);
        // Header fields outside the CRC that have a defined value (issue 15).
        QTest::newRow("codebook id differs from the manifest")
            << Damage([=](const QString &d) { patch(bank(d), recordAt(3) + 10, le16(0)); }) << true << false
            << "layer 2, expert 3: codebook_id 0 differs from the manifest's codebook_base 9" << int(ErrorCode::Format);
        QTest::newRow("flags bf16") << Damage([=](const QString &d) { patch(bank(d), recordAt(3) + 9, QByteArray(1, 1)); })
                                    << true << false << "layer 2, expert 3: flags 0x01 (v0 defines only the hot hint"
                                    << int(ErrorCode::Format);
        QTest::newRow("reserved0") << Damage([=](const QString &d) { patch(bank(d), recordAt(3) + 14, le16(7)); })
                                   << true << false << "layer 2, expert 3: reserved0 is 7 (must be 0)"
                                   << int(ErrorCode::Format);
        QTest::newRow("reserved1") << Damage([=](const QString &d) { patch(bank(d), recordAt(3) + 44, le32(1)); })
                                   << true << false << "layer 2, expert 3: reserved1 is not zero" << int(ErrorCode::Format);
        QTest::newRow("padding not zero")
            << Damage([=](const QString &d) { patch(bank(d), recordAt(3) + kRecord - 1, QByteArray(1, char(0x5a))); })
            << true << true << "layer 2, expert 3: padding byte at offset 20479 is not zero" << int(ErrorCode::Format);
        QTest::newRow("trunk with trailing bytes")
            << Damage([](const QString &d) {
                   QFile f(d + "/trunk.bin");
                   QVERIFY(f.open(QIODevice::Append));
                   f.write(QByteArray(10, 'x'));
               })
            << false << false << "(trailing bytes)" << int(ErrorCode::Format);
        QTest::newRow("codebook reserved field")
            << Damage([](const QString &d) { patch(d + "/codebooks.bin", 9 * 4112 + 12, le32(3)); }) << false << false
            << "codebooks.bin: book 9: reserved field is 3 (must be 0)" << int(ErrorCode::Format);
        QTest::newRow("codebook NaN")
            << Damage([](const QString &d) { patch(d + "/codebooks.bin", 9 * 4112 + 16 + 2 * 20, le16(0x7e00)); })
            << false << false << "codebooks.bin: book 9: non-finite value at entry 2, dim 4" << int(ErrorCode::Format);
        QTest::newRow("codebook inf")
            << Damage([](const QString &d) { patch(d + "/codebooks.bin", 10 * 4112 + 16, le16(0x7c00)); })
            << false << false << "codebooks.bin: book 10: non-finite value at entry 0, dim 0" << int(ErrorCode::Format);
        QTest::newRow("absurd hidden size") << Damage([](const QString &d) { editConfig(d, "hidden_size", 1 << 30); })
                                            << false << false << "'hidden_size' = 1073741824 is outside [1, 1048576]"
                                            << int(ErrorCode::Format);
        QTest::newRow("absurd layer count") << Damage([](const QString &d) { editConfig(d, "num_hidden_layers", 100000); })
                                            << false << false << "'num_hidden_layers' = 100000 is outside [1, 128]"
                                            << int(ErrorCode::Format);
        QTest::newRow("top_k above experts") << Damage([](const QString &d) { editConfig(d, "num_experts_per_token", 32); })
                                             << false << false << "num_experts_per_token 32 exceeds num_experts 16"
                                             << int(ErrorCode::Format);
        QTest::newRow("tensor outside trunk.bin")
            << Damage([](const QString &d) {
                   editManifest(d, [](QJsonObject &m) {
                       QJsonArray t = m["trunk"].toArray();
                       QJsonObject first = t[0].toObject();
                       first["off"] = 1e12;
                       t[0] = first;
                       m["trunk"] = t;
                   });
               })
            << false << false << "lie outside trunk.bin" << int(ErrorCode::Format);
        QTest::newRow("shape disagrees with config")
            << Damage([](const QString &d) { editConfig(d, "kv_lora_rank", 32); }) << false << false
            << "kv_a_proj_with_mqa.weight: shape [80, 256], expected [48, 256]" << int(ErrorCode::Format);
        QTest::newRow("format_version 1")
            << Damage([](const QString &d) { editManifest(d, [](QJsonObject &m) { m["format_version"] = 1; }); }) << false
            << false << "format_version 1 is not supported" << int(ErrorCode::Unsupported);
        QTest::newRow("format_version absent")
            << Damage([](const QString &d) { editManifest(d, [](QJsonObject &m) { m.remove("format_version"); }); })
            << false << false << "'format_version' is absent" << int(ErrorCode::Unsupported);
        QTest::newRow("manifest not JSON") << Damage([](const QString &d) { writeFile(d + "/manifest.json", "{\"format_"); })
                                           << false << false << "manifest.json: not valid JSON" << int(ErrorCode::Format);
        QTest::newRow("manifest over the size cap")
            << Damage([](const QString &d) {
                   QFile f(d + "/manifest.json");
                   QVERIFY(f.open(QIODevice::Append));
                   f.write(QByteArray((16 << 20) + 1, ' ')); // still valid JSON: trailing whitespace
               })
            << false << false << "bytes is over the 16777216-byte limit" << int(ErrorCode::Format);
        QTest::newRow("missing manifest") << Damage([](const QString &d) { QFile::remove(d + "/manifest.json"); })
                                          << false << false << "manifest.json is missing" << int(ErrorCode::NotFound);
        QTest::newRow("missing trunk") << Damage([](const QString &d) { QFile::remove(d + "/trunk.bin"); }) << false
                                       << false << "trunk.bin is missing" << int(ErrorCode::NotFound);
        QTest::newRow("missing codebooks") << Damage([](const QString &d) { QFile::remove(d + "/codebooks.bin"); })
                                           << false << false << "codebooks.bin is missing" << int(ErrorCode::NotFound);
        QTest::newRow("missing bank") << Damage([](const QString &d) { QFile::remove(d + "/experts-L6.bin"); }) << false
                                      << false << "experts-L6.bin (layer 6): bank file is missing" << int(ErrorCode::NotFound);
        // Not regular files: each named for what it is, none opened or waited on.
        QTest::newRow("trunk is a FIFO") << Damage([](const QString &d) { replaceWithFifo(d + "/trunk.bin"); }) << false
                                         << false << "trunk.bin: is a FIFO (named pipe), not a regular file"
                                         << int(ErrorCode::Io);
        QTest::newRow("manifest is a directory")
            << Damage([](const QString &d) { replaceWithDir(d + "/manifest.json"); }) << false << false
            << "manifest.json: is a directory, not a regular file" << int(ErrorCode::Io);
        QTest::newRow("bank is a FIFO") << Damage([](const QString &d) { replaceWithFifo(d + "/experts-L6.bin"); })
                                        << false << false
                                        << "experts-L6.bin (layer 6): is a FIFO (named pipe), not a regular file"
                                        << int(ErrorCode::Io);
        QTest::newRow("bank is a directory") << Damage([](const QString &d) { replaceWithDir(d + "/experts-L6.bin"); })
                                             << false << false
                                             << "experts-L6.bin (layer 6): is a directory, not a regular file"
                                             << int(ErrorCode::Io);
        QTest::newRow("codebooks are /dev/zero")
            << Damage([](const QString &d) {
                   QFile::remove(d + "/codebooks.bin");
                   QFile::link("/dev/zero", d + "/codebooks.bin");
               })
            << false << false << "codebooks.bin: is a character device, not a regular file" << int(ErrorCode::Io);
        QTest::newRow("bank path escapes")
            << Damage([](const QString &d) {
                   editManifest(d, [](QJsonObject &m) {
                       QJsonObject layers = m["layers"].toObject();
                       QJsonObject l1 = layers["1"].toObject();
                       l1["file"] = "../../etc/passwd";
                       layers["1"] = l1;
                       m["layers"] = layers;
                   });
               })
            << false << false << "'file' is not a plain file name" << int(ErrorCode::Format);
        QTest::newRow("layer lists overlap")
            << Damage([](const QString &d) {
                   editManifest(d, [](QJsonObject &m) {
                       QJsonObject c = m["config"].toObject();
                       QJsonObject lac = c["linear_attn_config"].toObject();
                       lac["kda_layers"] = QJsonArray{1, 2, 3, 4, 5, 6};
                       c["linear_attn_config"] = lac;
                       m["config"] = c;
                   });
               })
            << false << false << "layer 3 (1-based 4) is listed twice" << int(ErrorCode::Format);
    }
    void damaged()
    {
        QFETCH(Damage, damage);
        QFETCH(bool, opens);
        QFETCH(bool, crc);
        QFETCH(QString, expected);
        QFETCH(int, code);
        const QString dir = freshCopy();
        damage(dir);
        auto opened = Container::open(dir.toStdString());
        Status s;
        if (opens) {
            QVERIFY2(opened.isOk(), opened.status().message().c_str());
            std::vector<uint8_t> rec;
            // Neighbours stay readable: the damage is confined to its record.
            QVERIFY((*opened)->readExpertRecord(2, 2, rec, true).isOk());
            s = (*opened)->readExpertRecord(2, 3, rec, crc);
            if (!crc)
                QVERIFY(!s.isOk());
            else
                QVERIFY((*opened)->readExpertRecord(2, 3, rec, false).isOk()); // the header is fine
        } else {
            QVERIFY(!opened.isOk());
            s = opened.status();
        }
        QVERIFY(!s.isOk());
        QVERIFY2(QString::fromStdString(s.message()).contains(expected), s.message().c_str());
        QCOMPARE(int(s.code()), code);
    }

    // Non-finite trunk values are refused when the tensor is read (the engine
    // reads every trunk tensor at open), naming the tensor; a manifest whose
    // codebook_base disagrees with its records refuses every record.
    void nonFiniteTrunkValues_data()
    {
        QTest::addColumn<QString>("tensor");
        QTest::addColumn<bool>("scale");
        QTest::addColumn<quint16>("bits");
        QTest::addColumn<QString>("expected");
        QTest::newRow("F32 NaN") << "language_model.model.layers.0.input_layernorm.weight" << false << quint16(0)
                                 << "trunk.bin 'language_model.model.layers.0.input_layernorm.weight': non-finite value "
                                    "at element 1";
        QTest::newRow("Q8G scale inf") << "language_model.model.embed_tokens.weight" << true << quint16(0x7c00)
                                       << "trunk.bin 'language_model.model.embed_tokens.weight': non-finite scale at "
                                          "row 0, group 1";
        QTest::newRow("Q8G scale NaN") << "language_model.model.embed_tokens.weight" << true << quint16(0xfe00)
                                       << "trunk.bin 'language_model.model.embed_tokens.weight': non-finite scale at "
                                          "row 0, group 1";
    }
    void nonFiniteTrunkValues()
    {
        QFETCH(QString, tensor);
        QFETCH(bool, scale);
        QFETCH(quint16, bits);
        QFETCH(QString, expected);
        const QString dir = freshCopy();
        const QJsonArray trunk = QJsonDocument::fromJson(readFile(dir + "/manifest.json")).object()["trunk"].toArray();
        for (const QJsonValue &v : trunk) {
            const QJsonObject t = v.toObject();
            if (t["name"].toString() != tensor)
                continue;
            if (scale) {
                patch(dir + "/trunk.bin", qint64(t["scale_off"].toDouble()) + 2, le16(bits));
            } else {
                const float nan = std::numeric_limits<float>::quiet_NaN();
                patch(dir + "/trunk.bin", qint64(t["off"].toDouble()) + 4,
                      QByteArray(reinterpret_cast<const char *>(&nan), 4));
            }
        }
        auto opened = Container::open(dir.toStdString());
        QVERIFY2(opened.isOk(), opened.status().message().c_str());
        const TensorInfo *info = (*opened)->findTensor(tensor.toStdString());
        QVERIFY(info);
        std::vector<uint8_t> payload;
        std::vector<uint16_t> scales;
        const Status st = (*opened)->readTensorBytes(*info, payload, scales);
        QCOMPARE(QString::fromStdString(st.message()), expected);
        QCOMPARE(int(st.code()), int(ErrorCode::Format));
        QVERIFY(!(*opened)->dequantizeTensor(*info).isOk());
        // Other tensors are unaffected.
        const TensorInfo *other = (*opened)->findTensor("model.norm.weight");
        QVERIFY(other && (*opened)->readTensorBytes(*other, payload, scales).isOk());
        if (scale) { // the on-disk embedding row of token 0 is checked as it is read
            std::vector<float> row(size_t(info->cols));
            QVERIFY(!(*opened)->readEmbeddingRow(0, row.data()).isOk());
            QVERIFY((*opened)->readEmbeddingRow(1, row.data()).isOk());
        }
    }

    void manifestCodebookBaseDisagrees()
    {
        const QString dir = freshCopy();
        editManifest(dir, [](QJsonObject &m) {
            QJsonObject layers = m["layers"].toObject();
            QJsonObject l2 = layers["2"].toObject();
            l2["codebook_base"] = 18;
            layers["2"] = l2;
            m["layers"] = layers;
        });
        auto opened = Container::open(dir.toStdString());
        QVERIFY2(opened.isOk(), opened.status().message().c_str());
        std::vector<uint8_t> rec;
        const Status st = (*opened)->readExpertRecord(2, 0, rec, false);
        QCOMPARE(QString::fromStdString(st.message()),
                 QString("layer 2, expert 0: codebook_id 9 differs from the manifest's codebook_base 18"));
        QVERIFY((*opened)->readExpertRecord(3, 0, rec, true).isOk());
    }

    // A model opens for text whatever is wrong with an optional part it does
    // not need: the tower is switched off with its reason (issue 15).
    void optionalVisionIsDisabled_data()
    {
        QTest::addColumn<QString>("damage");
        QTest::addColumn<QString>("reason");
        QTest::newRow("vision_config lacks heads and qkv size")
            << "strip" << "manifest.json: vision_tower.encoder.blocks.0.wqkv.weight: shape [192, 64], expected [4608, 64]";
        QTest::newRow("vision_config has a bad value")
            << "badvalue" << "vision_config: 'patch_size' = 1000 is outside [1, 64]";
    }
    void optionalVisionIsDisabled()
    {
        QFETCH(QString, damage);
        QFETCH(QString, reason);
        static int copies = 0;
        const QString dir = m_tmp.filePath("vision-" + QString::number(++copies));
        SynthOptions o;
        o.withVision = true;
        QVERIFY(writeSyntheticModel(dir.toStdString(), o).isOk());
        {
            auto good = Container::open(dir.toStdString());
            QVERIFY(good.isOk());
            QVERIFY((*good)->config().vision.present);
        }
        editManifest(dir, [&](QJsonObject &m) {
            QJsonObject c = m["config"].toObject();
            QJsonObject outer = c["_outer"].toObject();
            QJsonObject v = outer["vision_config"].toObject();
            if (damage == "strip") {
                v.remove("vt_num_attention_heads");
                v.remove("qkv_hidden_size");
            } else {
                v["patch_size"] = 1000;
            }
            outer["vision_config"] = v;
            c["_outer"] = outer;
            m["config"] = c;
        });
        auto opened = Container::open(dir.toStdString());
        QVERIFY2(opened.isOk(), opened.status().message().c_str());
        QVERIFY(!(*opened)->config().vision.present);
        QCOMPARE(QString::fromStdString((*opened)->config().vision.disabledReason), reason);
        // The text model is intact.
        std::vector<uint8_t> rec;
        QVERIFY((*opened)->readExpertRecord(2, 0, rec, true).isOk());
    }

    // `sluice-dev synth` itself (the command under test: its exit codes and
    // messages), read back by `sluice-cli info`.
    void cliSynthDemo()
    {
        if (!QFile::exists(SLUICE_CLI_PATH) || !QFile::exists(SLUICE_DEV_PATH))
            QSKIP("sluice-cli or sluice-dev is not built");
        const QString dir = m_tmp.filePath("demo.waste");
        QProcess synth;
        synth.start(SLUICE_DEV_PATH, {"synth", "--demo", "--seed", "5", "--out", dir});
        QVERIFY(synth.waitForFinished(120000));
        QVERIFY2(synth.exitCode() == 0, synth.readAllStandardError().constData());
        QProcess info;
        info.start(SLUICE_CLI_PATH, {"info", dir, "--json"});
        QVERIFY(info.waitForFinished(60000));
        QCOMPARE(info.exitCode(), 0);
        const QJsonObject o = QJsonDocument::fromJson(info.readAllStandardOutput()).object();
        QCOMPARE(o["demo"].toBool(), true);
        QCOMPARE(o["vision"].toBool(), true);
        QCOMPARE(o["tokenizer"].toBool(), true);
        QCOMPARE(o["architecture"].toString(), QStringLiteral("kimi-k3"));
        auto opened = Container::open(dir.toStdString());
        QVERIFY(opened.isOk());
        QCOMPARE(int((*opened)->specials().empty()), 0);
        QCOMPARE((*opened)->config().mediaPadId, 3840 + 21);

        QProcess bad;
        bad.start(SLUICE_DEV_PATH, {"synth", "--arch", "k3", "--expert-fmt", "VQ9", "--out", m_tmp.filePath("bad")});
        QVERIFY(bad.waitForFinished(60000));
        QCOMPARE(bad.exitCode(), 1);
        QVERIFY(bad.readAllStandardError().contains("--expert-fmt must be VQ3R, VQ2R or VQ4P"));
        QVERIFY(!QFile::exists(m_tmp.filePath("bad/manifest.json")));
    }

    void cliInfoAndVerify()
    {
        if (!QFile::exists(SLUICE_CLI_PATH))
            QSKIP("sluice-cli is not built");
        QProcess info;
        info.start(SLUICE_CLI_PATH, {"info", m_template, "--json"});
        QVERIFY(info.waitForFinished(60000));
        QCOMPARE(info.exitCode(), 0);
        const QJsonObject o = QJsonDocument::fromJson(info.readAllStandardOutput()).object();
        QCOMPARE(o["architecture"].toString(), QStringLiteral("kimi-k3"));
        QCOMPARE(o["experts"].toInt(), 16);
        QCOMPARE(o["layers"].toInt(), 8);
        QCOMPARE(o["record_bytes"].toInteger(), kRecord);
        QVERIFY(o["trunk"].toObject().contains("Q4G"));
        QVERIFY(o["parameters"].toInteger() > 10000000);

        QProcess verify;
        verify.start(SLUICE_CLI_PATH, {"verify", m_template});
        QVERIFY(verify.waitForFinished(60000));
        QCOMPARE(verify.exitCode(), 0);
        QVERIFY(verify.readAllStandardOutput().contains("112 records checked, 0 damaged"));

        const QString dir = freshCopy();
        patch(dir + "/experts-L4.bin", recordAt(9) + 500, "\x55\xaa");
        QFile::resize(dir + "/experts-L6.bin", 15 * kRecord);
        QProcess bad;
        bad.start(SLUICE_CLI_PATH, {"verify", dir, "--json"});
        QVERIFY(bad.waitForFinished(60000));
        QCOMPARE(bad.exitCode(), 1);
        const QJsonObject r = QJsonDocument::fromJson(bad.readAllStandardOutput()).object();
        QCOMPARE(r["ok"].toBool(), false);
        const QJsonArray damaged = r["damaged"].toArray();
        QCOMPARE(damaged.size(), 2);
        QCOMPARE(damaged[0].toObject()["layer"].toInt(), 4);
        QCOMPARE(damaged[0].toObject()["expert"].toInt(), 9);
        QVERIFY(damaged[0].toObject()["error"].toString().contains("checksum mismatch"));
        QCOMPARE(damaged[1].toObject()["layer"].toInt(), 6);
        QCOMPARE(damaged[1].toObject()["expert"].toInt(), 15);
        QVERIFY(damaged[1].toObject()["error"].toString().contains("short read"));
    }
};

SLUICE_TEST_GUILESS_MAIN(TestDamage)
#include "tst_damage.moc"
