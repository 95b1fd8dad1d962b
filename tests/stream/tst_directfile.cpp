// DirectFile: O_DIRECT with the probe and the buffered fallback, exact
// positional reads, alignment checks, and short reads (including a file
// truncated after open) reported with the file and the offset.
#include "support/testregistry.h"
#include "stream/directfile.h"
#include "util/aligned.h"

#include "stream/bankfixture.h"

#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace sluice;
using namespace sluice::testing;

class TestDirectFile : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir{QDir::tempPath() + "/sluice-directfile-XXXXXX"};
    static constexpr uint64_t kRecord = 3 * 4096;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY(writeBank(m_dir.path(), 5, 8, kRecord));
    }

    void readsRecords_data()
    {
        QTest::addColumn<bool>("forceBuffered");
        QTest::newRow("direct") << false;
        QTest::newRow("buffered") << true;
    }
    void readsRecords()
    {
        QFETCH(bool, forceBuffered);
        auto file = DirectFile::open(bankPath(m_dir.path(), 5).toStdString(), {forceBuffered});
        QVERIFY2(file.isOk(), file.status().message().c_str());
        if (forceBuffered)
            QVERIFY(!(*file)->directIo());
        else if (!(*file)->directIo())
            qWarning("O_DIRECT refused on %s; the fallback was used", qPrintable(QDir::tempPath()));
        QCOMPARE((*file)->sizeAtOpen(), 8 * kRecord);
        auto buffer = makeAligned<uint8_t>(kRecord, 4096);
        for (int e : {7, 0, 3}) {
            QVERIFY((*file)->readAt(e * kRecord, buffer.get(), kRecord).isOk());
            const auto expected = expectedRecord(5, e, kRecord);
            QVERIFY(std::memcmp(buffer.get(), expected.data(), kRecord) == 0);
        }
        // Past the end: a short read naming the file and the offset.
        Status past = (*file)->readAt(7 * kRecord + 4096, buffer.get(), kRecord);
        QCOMPARE(past.code(), ErrorCode::Io);
        QVERIFY2(past.message().find("experts-L5.bin") != std::string::npos, past.message().c_str());
        QVERIFY2(past.message().find(std::to_string(7 * kRecord + 4096)) != std::string::npos, past.message().c_str());
        QVERIFY2(past.message().find("short read") != std::string::npos, past.message().c_str());
    }

    void directRefusesMisalignment()
    {
        auto file = DirectFile::open(bankPath(m_dir.path(), 5).toStdString());
        QVERIFY(file.isOk());
        if (!(*file)->directIo())
            QSKIP("no O_DIRECT on this filesystem");
        auto buffer = makeAligned<uint8_t>(2 * kRecord, 4096);
        QCOMPARE((*file)->readAt(100, buffer.get(), 4096).code(), ErrorCode::InvalidArgument);
        QCOMPARE((*file)->readAt(0, buffer.get() + 8, 4096).code(), ErrorCode::InvalidArgument);
        QCOMPARE((*file)->readAt(0, buffer.get(), 100).code(), ErrorCode::InvalidArgument);
    }

    void truncatedAfterOpen_data() { readsRecords_data(); }
    void truncatedAfterOpen()
    {
        QFETCH(bool, forceBuffered);
        const QString path = m_dir.filePath(forceBuffered ? "trunc-b.bin" : "trunc-d.bin");
        QVERIFY(QFile::copy(bankPath(m_dir.path(), 5), path));
        auto file = DirectFile::open(path.toStdString(), {forceBuffered});
        QVERIFY(file.isOk());
        QVERIFY(::truncate(path.toLocal8Bit().constData(), off_t(5 * kRecord + 4096)) == 0);
        auto buffer = makeAligned<uint8_t>(kRecord, 4096);
        QVERIFY((*file)->readAt(4 * kRecord, buffer.get(), kRecord).isOk());
        Status cut = (*file)->readAt(5 * kRecord, buffer.get(), kRecord);
        QCOMPARE(cut.code(), ErrorCode::Io);
        QVERIFY2(cut.message().find("4096 of 12288") != std::string::npos, cut.message().c_str());
        QCOMPARE(*(*file)->currentSize(), 5 * kRecord + 4096);
    }

    void missingFile()
    {
        auto file = DirectFile::open(m_dir.filePath("nope.bin").toStdString());
        QVERIFY(!file.isOk());
        QCOMPARE(file.status().code(), ErrorCode::NotFound);
        QVERIFY(file.status().message().find("nope.bin") != std::string::npos);
    }
};

SLUICE_TEST_GUILESS_MAIN(TestDirectFile)
#include "tst_directfile.moc"
