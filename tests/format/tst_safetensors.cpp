// The safetensors reader (issue 11): round trips through our writer, and every
// kind of damage a shard or index can carry gives a named error (shard and
// tensor) and no crash.
#include "support/testregistry.h"
#include "testmetatypes.h"
#include "testfiles.h"
#include "format/safetensors.h"
#include "format/safetensorswriter.h"
#include "util/half.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cstring>
#include <functional>
#include <sys/stat.h>

using namespace sluice;


namespace {

using Edit = std::function<void(const QString &)>;

using test::readFile;
using test::writeFile;
QByteArray le64(quint64 v)
{
    QByteArray b(8, 0);
    for (int i = 0; i < 8; ++i)
        b[i] = char((v >> (8 * i)) & 0xff);
    return b;
}
// A shard made by hand: header text + `dataBytes` zero bytes.
QByteArray rawShard(const QByteArray &header, int dataBytes) { return le64(quint64(header.size())) + header + QByteArray(dataBytes, 0); }

SafetensorsWriteTensor tensor(const std::string &name, SafetensorsDtype dtype, std::vector<int64_t> shape, uint8_t fill)
{
    SafetensorsWriteTensor t{name, dtype, std::move(shape), {}};
    uint64_t n = safetensorsDtypeBytes(dtype);
    for (int64_t d : t.shape)
        n *= uint64_t(d);
    t.data.resize(n);
    for (size_t i = 0; i < n; ++i)
        t.data[i] = uint8_t(fill + i * 7);
    return t;
}

// Two shards whose tensors interleave (a.* and b.* alternate between them).
void writeTwoShards(const QString &dir)
{
    const std::string d = dir.toStdString();
    std::vector<SafetensorsWriteTensor> s1{tensor("a.weight", SafetensorsDtype::BF16, {3, 5}, 1),
                                           tensor("b.weight_packed", SafetensorsDtype::U8, {4, 16}, 2)};
    std::vector<SafetensorsWriteTensor> s2{tensor("a.bias", SafetensorsDtype::F32, {5}, 3),
                                           tensor("b.weight_scale", SafetensorsDtype::U8, {4, 1}, 4)};
    QVERIFY(writeSafetensorsFile(d + "/model-00001-of-00002.safetensors", s1).isOk());
    QVERIFY(writeSafetensorsFile(d + "/model-00002-of-00002.safetensors", s2).isOk());
    QVERIFY(writeSafetensorsIndex(d,
                                  {{"a.weight", "model-00001-of-00002.safetensors"},
                                   {"b.weight_packed", "model-00001-of-00002.safetensors"},
                                   {"a.bias", "model-00002-of-00002.safetensors"},
                                   {"b.weight_scale", "model-00002-of-00002.safetensors"}},
                                  0)
                .isOk());
}

const char *kShard1 = "/model-00001-of-00002.safetensors";

} // namespace

class TestSafetensors : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void roundTrip()
    {
        QTemporaryDir tmp;
        writeTwoShards(tmp.path());
        QVERIFY(SafetensorsCheckpoint::looksLikeCheckpoint(tmp.path().toStdString()));
        auto ck = SafetensorsCheckpoint::open(tmp.path().toStdString());
        QVERIFY2(ck.isOk(), ck.status().message().c_str());
        QCOMPARE((*ck)->shards().size(), size_t(2));
        QCOMPARE((*ck)->tensors().size(), size_t(4));
        const SafetensorsTensor *w = (*ck)->find("a.weight");
        QVERIFY(w);
        QCOMPARE(w->dtype, SafetensorsDtype::BF16);
        QCOMPARE(w->rows(), uint64_t(3));
        QCOMPARE(w->cols(), uint64_t(5));
        QCOMPARE(w->bytes, uint64_t(30));
        std::vector<uint8_t> bytes;
        QVERIFY((*ck)->readBytes(*w, bytes).isOk());
        QCOMPARE(bytes, tensor("a.weight", SafetensorsDtype::BF16, {3, 5}, 1).data);
        // bf16 widening is exact: compare with the bit pattern.
        auto f = (*ck)->readFloat(*w);
        QVERIFY(f.isOk());
        for (size_t i = 0; i < f->size(); ++i) {
            uint32_t bits = 0;
            std::memcpy(&bits, &(*f)[i], 4);
            QCOMPARE(bits, (uint32_t(bytes[2 * i]) | uint32_t(bytes[2 * i + 1]) << 8) << 16);
        }
        const SafetensorsTensor *scale = (*ck)->find("b.weight_scale");
        QVERIFY(scale);
        QCOMPARE((*ck)->shards()[size_t(scale->shard)].file, std::string("model-00002-of-00002.safetensors"));
        QVERIFY(!(*ck)->readFloat(*scale).isOk()); // U8 is not a float tensor
        QVERIFY(!(*ck)->find("missing"));
    }

    void singleFile()
    {
        QTemporaryDir tmp;
        QVERIFY(writeSafetensorsFile(tmp.path().toStdString() + "/model.safetensors",
                                     {tensor("x", SafetensorsDtype::F32, {2, 2}, 9), tensor("s", SafetensorsDtype::F32, {}, 1)})
                    .isOk());
        auto ck = SafetensorsCheckpoint::open(tmp.path().toStdString());
        QVERIFY2(ck.isOk(), ck.status().message().c_str());
        QCOMPARE((*ck)->tensors().size(), size_t(2));
        QCOMPARE((*ck)->find("s")->elements(), uint64_t(1));
    }

    void bf16Rounding()
    {
        QCOMPARE(floatToBf16(1.0f), uint16_t(0x3f80));
        QCOMPARE(floatToBf16(-2.0f), uint16_t(0xc000));
        // 1 + 2^-8 is halfway between two bf16 values: ties to even (down).
        QCOMPARE(floatToBf16(1.00390625f), uint16_t(0x3f80));
        QCOMPARE(floatToBf16(1.01171875f), uint16_t(0x3f82)); // 1 + 3*2^-8: tie, up to even
    }

    // Headers fed straight to the parser.
    void header_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<int>("dataBytes");
        QTest::addColumn<QString>("expect"); // empty = accepted
        QTest::newRow("valid") << QByteArray(R"({"t":{"dtype":"BF16","shape":[2,3],"data_offsets":[0,12]}})") << 12 << "";
        QTest::newRow("metadata") << QByteArray(R"({"__metadata__":{"format":"pt"},"t":{"dtype":"U8","shape":[4],"data_offsets":[0,4]}})") << 4 << "";
        QTest::newRow("zero-size") << QByteArray(R"({"t":{"dtype":"F32","shape":[0,3],"data_offsets":[0,0]},"u":{"dtype":"U8","shape":[1],"data_offsets":[0,1]}})") << 1 << "";
        QTest::newRow("not json") << QByteArray("{\"t\":") << 0 << "not valid JSON";
        QTest::newRow("array") << QByteArray("[1,2]") << 0 << "not a JSON object";
        QTest::newRow("f16") << QByteArray(R"({"t":{"dtype":"F16","shape":[2],"data_offsets":[0,4]}})") << 4 << "tensor 't': dtype F16 is not supported";
        QTest::newRow("f8") << QByteArray(R"({"t":{"dtype":"F8_E4M3","shape":[2],"data_offsets":[0,2]}})") << 2 << "dtype F8_E4M3 is not supported";
        QTest::newRow("i32") << QByteArray(R"({"t":{"dtype":"I32","shape":[2],"data_offsets":[0,8]}})") << 8 << "dtype 'I32' is not supported";
        QTest::newRow("no dtype") << QByteArray(R"({"t":{"shape":[2],"data_offsets":[0,8]}})") << 8 << "'dtype' is missing";
        QTest::newRow("negative dim") << QByteArray(R"({"t":{"dtype":"U8","shape":[-2],"data_offsets":[0,2]}})") << 2 << "dimension 0 is not an integer";
        QTest::newRow("fraction dim") << QByteArray(R"({"t":{"dtype":"U8","shape":[1.5],"data_offsets":[0,2]}})") << 2 << "dimension 0 is not an integer";
        QTest::newRow("rank 9") << QByteArray(R"({"t":{"dtype":"U8","shape":[1,1,1,1,1,1,1,1,1],"data_offsets":[0,1]}})") << 1 << "at most 8 dimensions";
        QTest::newRow("overflow") << QByteArray(R"({"t":{"dtype":"F32","shape":[1099511627776,1099511627776,1099511627776],"data_offsets":[0,4]}})") << 4 << "needs more bytes than";
        QTest::newRow("beyond file") << QByteArray(R"({"t":{"dtype":"U8","shape":[4],"data_offsets":[0,8]}})") << 4 << "lie outside the 4-byte data section";
        QTest::newRow("reversed") << QByteArray(R"({"t":{"dtype":"U8","shape":[0],"data_offsets":[3,2]}})") << 4 << "lie outside";
        QTest::newRow("shape lies") << QByteArray(R"({"t":{"dtype":"BF16","shape":[3],"data_offsets":[0,4]}})") << 8 << "span 4 bytes but BF16 shape needs 6";
        QTest::newRow("offsets bad") << QByteArray(R"({"t":{"dtype":"U8","shape":[1],"data_offsets":[0]}})") << 4 << "'data_offsets' must be two";
        QTest::newRow("overlap") << QByteArray(R"({"a":{"dtype":"U8","shape":[4],"data_offsets":[0,4]},"b":{"dtype":"U8","shape":[4],"data_offsets":[2,6]}})") << 8 << "tensors 'a' and 'b' overlap";
        QTest::newRow("huge offset") << QByteArray(R"({"t":{"dtype":"U8","shape":[1],"data_offsets":[1e300,1e300]}})") << 4 << "'data_offsets' must be two";
    }
    void header()
    {
        QFETCH(QByteArray, json);
        QFETCH(int, dataBytes);
        QFETCH(QString, expect);
        const uint64_t fileBytes = 8 + uint64_t(json.size()) + uint64_t(dataBytes);
        auto parsed = parseSafetensorsHeader(json.constData(), size_t(json.size()), fileBytes, "s.safetensors");
        if (expect.isEmpty()) {
            QVERIFY2(parsed.isOk(), parsed.status().message().c_str());
            for (const SafetensorsTensor &t : *parsed)
                QVERIFY(t.offset >= 8 + uint64_t(json.size()) && t.offset + t.bytes <= fileBytes);
            return;
        }
        QVERIFY(!parsed.isOk());
        const QString message = QString::fromStdString(parsed.status().message());
        QVERIFY2(message.contains(expect), qPrintable(message));
        QVERIFY2(message.startsWith(QLatin1String("shard 's.safetensors'")), qPrintable(message));
    }

    // Damage applied to a written two-shard checkpoint; every error names the shard.
    void damage_data()
    {
        QTest::addColumn<Edit>("edit");
        QTest::addColumn<QString>("expect");
        QTest::newRow("truncated data") << Edit([](const QString &d) {
            QByteArray b = readFile(d + kShard1);
            writeFile(d + kShard1, b.left(b.size() - 3));
        }) << "shard 'model-00001-of-00002.safetensors', tensor 'b.weight_packed': data_offsets";
        QTest::newRow("truncated header") << Edit([](const QString &d) { writeFile(d + kShard1, readFile(d + kShard1).left(40)); })
                                          << "shard 'model-00001-of-00002.safetensors': header length";
        QTest::newRow("tiny file") << Edit([](const QString &d) { writeFile(d + kShard1, "abc"); })
                                   << "shard 'model-00001-of-00002.safetensors': 3 bytes is too short";
        QTest::newRow("header length lies") << Edit([](const QString &d) {
            QByteArray b = readFile(d + kShard1);
            b.replace(0, 8, le64(quint64(1) << 40));
            writeFile(d + kShard1, b);
        }) << "header length 1099511627776 exceeds";
        QTest::newRow("wrong dtype") << Edit([](const QString &d) {
            QByteArray b = readFile(d + kShard1);
            b.replace("\"BF16\"", "\"F16\" ");
            writeFile(d + kShard1, b);
        }) << "tensor 'a.weight': dtype F16 is not supported";
        QTest::newRow("missing tensor") << Edit([](const QString &d) {
            QByteArray index = readFile(d + "/model.safetensors.index.json");
            index.replace("\"b.weight_scale\"", "\"c.weight_scale\"");
            writeFile(d + "/model.safetensors.index.json", index);
        }) << "shard 'model-00002-of-00002.safetensors', tensor 'c.weight_scale': listed in the index but missing";
        QTest::newRow("wrong shard") << Edit([](const QString &d) {
            QByteArray index = readFile(d + "/model.safetensors.index.json");
            index.replace("\"a.bias\": \"model-00002", "\"a.bias\": \"model-00001");
            writeFile(d + "/model.safetensors.index.json", index);
        }) << "tensor 'a.bias': the index says shard 'model-00001-of-00002.safetensors'";
        QTest::newRow("missing shard") << Edit([](const QString &d) { QFile::remove(d + kShard1); })
                                       << "shard 'model-00001-of-00002.safetensors': cannot open";
        QTest::newRow("directory shard") << Edit([](const QString &d) {
            QFile::remove(d + kShard1);
            ::mkdir(qPrintable(d + kShard1), 0755);
        }) << "shard 'model-00001-of-00002.safetensors': is a directory";
        QTest::newRow("fifo shard") << Edit([](const QString &d) {
            QFile::remove(d + kShard1);
            ::mkfifo(qPrintable(d + kShard1), 0644);
        }) << "shard 'model-00001-of-00002.safetensors': is a FIFO";
        QTest::newRow("index path escape") << Edit([](const QString &d) {
            QByteArray index = readFile(d + "/model.safetensors.index.json");
            index.replace("\"a.bias\": \"model-00002", "\"a.bias\": \"../model-00002");
            writeFile(d + "/model.safetensors.index.json", index);
        }) << "not a plain file name";
        QTest::newRow("index not json") << Edit([](const QString &d) { writeFile(d + "/model.safetensors.index.json", "{"); })
                                        << "model.safetensors.index.json: not valid JSON";
        QTest::newRow("extra tensor") << Edit([](const QString &d) {
            writeFile(d + kShard1, rawShard(R"({"a.weight":{"dtype":"BF16","shape":[3,5],"data_offsets":[0,30]},)"
                                           R"("b.weight_packed":{"dtype":"U8","shape":[4,16],"data_offsets":[30,94]},)"
                                           R"("z":{"dtype":"U8","shape":[1],"data_offsets":[94,95]}})",
                                           95));
        }) << "tensor 'z': stored in the shard but missing from the index";
    }
    void damage()
    {
        QFETCH(Edit, edit);
        QFETCH(QString, expect);
        QTemporaryDir tmp;
        writeTwoShards(tmp.path());
        edit(tmp.path());
        auto ck = SafetensorsCheckpoint::open(tmp.path().toStdString());
        QVERIFY(!ck.isOk());
        const QString message = QString::fromStdString(ck.status().message());
        QVERIFY2(message.contains(expect), qPrintable(message));
    }
};

SLUICE_TEST_GUILESS_MAIN(TestSafetensors)
#include "tst_safetensors.moc"
