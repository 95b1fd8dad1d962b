// Expert record header validation, CRC and index layouts on records built in
// memory: every rule of spec 4.5 gets its own damaged record and its own
// error text, and index packing is checked against the byte-address formula
// of spec 5.3 / 4.6 written out again here.
#include "support/testregistry.h"
#include "format/expertrecord.h"
#include "util/half.h"

#include <QTest>
#include <zlib.h>

#include <cstring>
#include <functional>
#include <vector>

using namespace sluice;

namespace {

ModelConfig smallConfig(const char *fmt, int indexBlock)
{
    ModelConfig c;
    c.hidden = 64;
    c.moeIntermediate = 96; // not a multiple of 64: exercises row padding in blocks
    c.expertQuant.fmtName = fmt;
    c.expertQuant.indexBlock = indexBlock;
    if (std::strcmp(fmt, "VQ4P") == 0) {
        c.expertQuant.stages = 4;
        c.expertQuant.entries = 64;
        c.expertQuant.indexBits = 6;
    }
    return c;
}

// A well-formed record for (layer 3, expert 5) with a deterministic payload.
std::vector<uint8_t> buildRecord(const ExpertLayout &l, int layer = 3, int expert = 5)
{
    std::vector<uint8_t> rec(size_t(l.recordBytes), 0);
    ExpertRecordHeader h;
    h.magic = kExpertMagic;
    h.layer = uint16_t(layer);
    h.expertId = uint16_t(expert);
    h.fmt = l.fmt == TensorFormat::VQ4P ? 8 : 4;
    h.codebookId = 9;
    h.rec4kBlocks = uint32_t(l.recordBytes / 4096);
    h.gateOff = 48;
    h.upOff = uint32_t(48 + l.indexBytes[0]);
    h.downOff = uint32_t(h.upOff + l.indexBytes[1]);
    h.chanCorrOff = uint32_t(h.downOff + l.indexBytes[2]);
    const uint64_t end = h.chanCorrOff + l.scaleBytes();
    for (uint64_t i = 48; i < end; ++i)
        rec[i] = uint8_t(i * 131 + 7);
    // zlib's crc32 directly: an independent computation of the stored CRC.
    h.crc32 = uint32_t(crc32(crc32(0, nullptr, 0), rec.data() + 48, uInt(end - 48)));
    encodeRecordHeader(h, rec.data());
    return rec;
}

void put16(std::vector<uint8_t> &r, size_t at, uint16_t v) { r[at] = uint8_t(v); r[at + 1] = uint8_t(v >> 8); }
void put32(std::vector<uint8_t> &r, size_t at, uint32_t v) { for (int i = 0; i < 4; ++i) r[at + size_t(i)] = uint8_t(v >> (8 * i)); }

} // namespace

using RecordDamage = std::function<void(std::vector<uint8_t> &)>;
Q_DECLARE_METATYPE(RecordDamage)

class TestExpertRecord : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void layoutSizes_data()
    {
        QTest::addColumn<int>("inter");
        QTest::addColumn<int>("latent");
        QTest::addColumn<QString>("fmt");
        QTest::addColumn<qulonglong>("indexBytes");
        QTest::addColumn<qulonglong>("record");
        // K3 (spec 4.5 worked sizes): 4,128,768 per matrix, record 12,406,784.
        QTest::newRow("k3 vq3r") << 3072 << 3584 << "VQ3R" << 4128768ULL << 12406784ULL;
        QTest::newRow("k3 vq4p") << 3072 << 3584 << "VQ4P" << 4128768ULL << 12406784ULL;
        // KL: 884,736 per matrix, record 2,666,496.
        QTest::newRow("kl vq3r") << 1024 << 2304 << "VQ3R" << 884736ULL << 2666496ULL;
    }
    void layoutSizes()
    {
        QFETCH(int, inter);
        QFETCH(int, latent);
        QFETCH(QString, fmt);
        QFETCH(qulonglong, indexBytes);
        QFETCH(qulonglong, record);
        ModelConfig c = smallConfig(fmt.toLatin1().constData(), 64);
        c.hidden = 7168;
        c.latentDim = latent;
        c.moeIntermediate = inter;
        const ExpertLayout l = makeExpertLayout(c, 0, 1000);
        for (int k = 0; k < 3; ++k)
            QCOMPARE(l.indexBytes[k], indexBytes);
        QCOMPARE(l.minimumRecordBytes(), record);
    }

    void validRecordPasses_data()
    {
        QTest::addColumn<QString>("fmt");
        QTest::addColumn<int>("indexBlock");
        QTest::newRow("vq3r/64") << "VQ3R" << 64;
        QTest::newRow("vq3r/0") << "VQ3R" << 0;
        QTest::newRow("vq4p/64") << "VQ4P" << 64;
        QTest::newRow("vq2r/64") << "VQ2R" << 64;
    }
    void validRecordPasses()
    {
        QFETCH(QString, fmt);
        QFETCH(int, indexBlock);
        ModelConfig c = smallConfig(fmt.toLatin1().constData(), indexBlock);
        if (fmt == "VQ2R")
            c.expertQuant.stages = 2;
        const ExpertLayout l = makeExpertLayout(c, 0, 30);
        const auto rec = buildRecord(l);
        QVERIFY2(validateRecordHeader(rec.data(), rec.size(), 3, 5, l).isOk(),
                 validateRecordHeader(rec.data(), rec.size(), 3, 5, l).message().c_str());
        QVERIFY(verifyRecordCrc(rec.data(), rec.size(), 3, 5, l).isOk());
    }

    void damagedRecordIsNamed_data()
    {
        QTest::addColumn<RecordDamage>("damage");
        QTest::addColumn<QString>("expected");
        QTest::addColumn<bool>("crcOnly");
        QTest::newRow("wrong magic") << RecordDamage([](auto &r) { r[0] ^= 1; }) << "layer 3, expert 5: bad magic" << false;
        QTest::newRow("wrong expert id") << RecordDamage([](auto &r) { put16(r, 6, 6); }) << "layer 3, expert 5: record holds expert 6 (wrong expert id)" << false;
        QTest::newRow("record from another layer") << RecordDamage([](auto &r) { put16(r, 4, 2); }) << "layer 3, expert 5: record belongs to layer 2" << false;
        QTest::newRow("size mismatch") << RecordDamage([](auto &r) { put32(r, 16, 4); }) << "differs from the bank stride" << false;
        QTest::newRow("vq4p in vq3r") << RecordDamage([](auto &r) { r[8] = 8; }) << "record fmt 8 (VQ4P) disagrees with the manifest's VQ3R" << false;
        QTest::newRow("lowrank") << RecordDamage([](auto &r) { put16(r, 12, 1); }) << "lowrank_id 1" << false;
        QTest::newRow("codebook id") << RecordDamage([](auto &r) { put16(r, 10, 10); }) << "codebook id 10 + 9 books exceeds the 18" << false;
        QTest::newRow("gate offset") << RecordDamage([](auto &r) { put32(r, 20, 52); }) << "gate offset 52" << false;
        QTest::newRow("offsets out of order") << RecordDamage([](auto &r) { put32(r, 28, 60); }) << "offsets out of order" << false;
        QTest::newRow("offsets out of range") << RecordDamage([](auto &r) { put32(r, 32, 12000); }) << "offsets out of range" << false;
        QTest::newRow("flipped payload byte") << RecordDamage([](auto &r) { r[100] ^= 0x10; }) << "layer 3, expert 5: checksum mismatch" << true;
        QTest::newRow("flipped scale byte") << RecordDamage([](auto &r) {
            const uint32_t off = uint32_t(r[32] | r[33] << 8 | r[34] << 16);
            r[off + 3] ^= 0x80;
        }) << "checksum mismatch" << true;
    }
    void damagedRecordIsNamed()
    {
        QFETCH(RecordDamage, damage);
        QFETCH(QString, expected);
        QFETCH(bool, crcOnly);
        const ExpertLayout l = makeExpertLayout(smallConfig("VQ3R", 64), 0, 18);
        auto rec = buildRecord(l);
        damage(rec);
        const Status header = validateRecordHeader(rec.data(), rec.size(), 3, 5, l);
        if (crcOnly) {
            QVERIFY(header.isOk());
            const Status crc = verifyRecordCrc(rec.data(), rec.size(), 3, 5, l);
            QCOMPARE(crc.code(), ErrorCode::Checksum);
            QVERIFY2(QString::fromStdString(crc.message()).contains(expected), crc.message().c_str());
        } else {
            QVERIFY(!header.isOk());
            QVERIFY2(QString::fromStdString(header.message()).contains(expected), header.message().c_str());
            QVERIFY(QString::fromStdString(header.message()).startsWith("layer 3, expert 5: "));
        }
    }

    void shortReadIsAnError()
    {
        const ExpertLayout l = makeExpertLayout(smallConfig("VQ3R", 64), 0, 18);
        const auto rec = buildRecord(l);
        const Status s = validateRecordHeader(rec.data(), rec.size() - 1, 3, 5, l);
        QCOMPARE(s.code(), ErrorCode::Io);
        QVERIFY(QString::fromStdString(s.message()).contains("short read"));
    }

    // vqWriteIndices/vqReadIndices against the address formula of spec 5.3,
    // and the VQ4P bit packing of spec 4.6.
    void indexLayout_data()
    {
        QTest::addColumn<QString>("fmt");
        QTest::addColumn<int>("indexBlock");
        QTest::newRow("vq3r blocked") << "VQ3R" << 64;
        QTest::newRow("vq3r plain") << "VQ3R" << 0;
        QTest::newRow("vq4p blocked") << "VQ4P" << 64;
        QTest::newRow("vq4p plain") << "VQ4P" << 0;
    }
    void indexLayout()
    {
        QFETCH(QString, fmt);
        QFETCH(int, indexBlock);
        const bool packed = fmt == "VQ4P";
        const int stages = packed ? 4 : 3;
        const uint64_t rows = 96, cols = 64, nv = cols / 8;
        const uint64_t bytes = vqIndexBytes(rows, cols, stages, 8, indexBlock, packed ? 6 : 8);
        QCOMPARE(bytes, (indexBlock ? 128u : 96u) * nv * 3u);
        std::vector<uint8_t> buf(bytes, 0);
        const TensorFormat f = packed ? TensorFormat::VQ4P : TensorFormat::VQ3R;
        auto code = [&](uint64_t r, uint64_t v, int s) { return int((r * 7 + v * 13 + uint64_t(s) * 29) % (packed ? 64 : 256)); };
        for (uint64_t r = 0; r < rows; ++r)
            for (uint64_t v = 0; v < nv; ++v) {
                int idx[4];
                for (int s = 0; s < stages; ++s)
                    idx[s] = code(r, v, s);
                vqWriteIndices(buf.data(), f, stages, indexBlock, nv, r, v, idx);
            }
        // Independent decoding from the spec's formulas.
        for (uint64_t r = 0; r < rows; ++r)
            for (uint64_t v = 0; v < nv; ++v) {
                const uint64_t per = 3; // 3 stages x 1 byte, or 4 x 6 bits = 3 bytes
                const uint64_t at = indexBlock ? ((r / 64) * nv + v) * 64 * per + (r % 64) * per : (r * nv + v) * per;
                const uint8_t *b = buf.data() + at;
                if (packed) {
                    QCOMPARE(b[0] & 63, code(r, v, 0));
                    QCOMPARE((b[0] >> 6) | ((b[1] & 15) << 2), code(r, v, 1));
                    QCOMPARE((b[1] >> 4) | ((b[2] & 3) << 4), code(r, v, 2));
                    QCOMPARE(b[2] >> 2, code(r, v, 3));
                } else {
                    for (int s = 0; s < 3; ++s)
                        QCOMPARE(int(b[s]), code(r, v, s));
                }
                VqMatrixView m;
                m.fmt = f;
                m.indices = buf.data();
                m.rows = rows;
                m.cols = cols;
                m.stages = stages;
                m.indexBlock = indexBlock;
                int idx[4];
                vqReadIndices(m, r, v, idx);
                for (int s = 0; s < stages; ++s)
                    QCOMPARE(idx[s], code(r, v, s));
            }
    }

    void parseRecordViews()
    {
        const ExpertLayout l = makeExpertLayout(smallConfig("VQ3R", 64), 0, 18);
        const auto rec = buildRecord(l);
        const ExpertRecordView v = parseRecord(rec.data(), l);
        QCOMPARE(v.codebookId, 9);
        QCOMPARE(v.matrix[kGate].indices, rec.data() + 48);
        QCOMPARE(v.matrix[kUp].indices, rec.data() + 48 + l.indexBytes[0]);
        QCOMPARE(v.matrix[kDown].rows, size_t(64));
        QCOMPARE(v.matrix[kDown].cols, size_t(96));
        const uint8_t *scales = rec.data() + 48 + l.indexBytes[0] + l.indexBytes[1] + l.indexBytes[2];
        QCOMPARE(reinterpret_cast<const uint8_t *>(v.matrix[kUp].rowScales), scales + 2 * 96);
        QCOMPARE(reinterpret_cast<const uint8_t *>(v.matrix[kDown].rowScales), scales + 4 * 96);
    }

    void dequantizeUsesBooksAndScales()
    {
        // One row, two vectors, 2 stages: w = scale * (C0[i0] + C1[i1]).
        std::vector<float> books(2 * 256 * 8);
        for (size_t i = 0; i < books.size(); ++i)
            books[i] = float(i % 17) * 0.25f - 2.0f;
        uint8_t idx[2 * 2] = {3, 200, 255, 0};
        const uint16_t scale = floatToHalf(0.5f);
        VqMatrixView m;
        m.fmt = TensorFormat::VQ2R;
        m.indices = idx;
        m.rowScales = &scale;
        m.rows = 1;
        m.cols = 16;
        m.stages = 2;
        m.indexBlock = 0;
        float out[16];
        vqDequantize(m, books.data(), 256, out);
        for (int v = 0; v < 2; ++v)
            for (int d = 0; d < 8; ++d) {
                const float expected = 0.5f * (books[size_t(idx[2 * v]) * 8 + size_t(d)] +
                                               books[(256 + size_t(idx[2 * v + 1])) * 8 + size_t(d)]);
                QCOMPARE(out[v * 8 + d], expected);
            }
    }
};

SLUICE_TEST_APPLESS_MAIN(TestExpertRecord)
#include "tst_expertrecord.moc"
