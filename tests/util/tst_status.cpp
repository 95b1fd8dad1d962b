// Structured errors (util/status.h): the English message a template renders is
// the text the string concatenation it replaced made, and the pieces keep what
// a client needs to render it in another language.
#include "support/testregistry.h"
#include "util/status.h"

#include <QTest>

using namespace sluice;

class TestStatus : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void rendersLikeConcatenation_data()
    {
        QTest::addColumn<QString>("rendered");
        QTest::addColumn<QString>("concatenated");
        const std::string path = "/m/x.waste", kind = "a FIFO (named pipe)";
        const uint64_t size = 123456789012ull;
        const int layer = 37, expert = 412;
        auto row = [](const char *name, const Status &s, const std::string &expected) {
            QTest::newRow(name) << QString::fromStdString(s.message()) << QString::fromStdString(expected);
        };
        row("one arg", makeError(ErrorCode::NotFound, SLUICE_ERRT("Error", "%1: no such file"), path),
            path + ": no such file");
        row("integers", makeError(ErrorCode::Checksum, SLUICE_ERRT("Error", "layer %1, expert %2: checksum mismatch"), layer, expert),
            "layer " + std::to_string(layer) + ", expert " + std::to_string(expert) + ": checksum mismatch");
        row("64-bit", makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1: %2 bytes is too large"), path, size),
            path + ": " + std::to_string(size) + " bytes is too large");
        row("reordered", makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%2 then %1"), "a", "b"), "b then a");
        row("argument holds %2", makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1 / %2"), "50%2", "x"), "50%2 / x");
        row("percent kept", makeError(ErrorCode::Io, SLUICE_ERRT("Error", "100% of %1, %9 unused"), kind),
            "100% of " + kind + ", %9 unused");
        row("ten args", makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%10-%1"), 1, 2, 3, 4, 5, 6, 7, 8, 9, 10), "10-1");
        row("plain context", makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: short read"), "trunk.bin").withContext(path),
            path + ": trunk.bin: short read");
        row("template context",
            makeError(ErrorCode::Io, "plain").withContext(SLUICE_ERRT("Error", "layer %1"), layer).withContext("outer"),
            "outer: layer 37: plain");
    }
    void rendersLikeConcatenation()
    {
        QFETCH(QString, rendered);
        QFETCH(QString, concatenated);
        QCOMPARE(rendered, concatenated);
    }

    void piecesKeepTheStructure()
    {
        const Status s = makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1: bad magic"), "trunk.bin")
                             .withContext(SLUICE_ERRT("Error", "layer %1"), 3)
                             .withContext("/m");
        QCOMPARE(s.code(), ErrorCode::Format);
        const std::vector<ErrorPiece> p = s.pieces();
        QCOMPARE(p.size(), size_t(3));
        QVERIFY(!p[0].text);
        QCOMPARE(p[0].plain, std::string("/m"));
        QCOMPARE(std::string(p[1].text), std::string("layer %1"));
        QCOMPARE(p[1].args, std::vector<std::string>{"3"});
        QCOMPARE(std::string(p[2].text), std::string("%1: bad magic"));
        QCOMPARE(p[2].args, std::vector<std::string>{"trunk.bin"});
        std::string joined;
        for (const ErrorPiece &piece : p)
            joined += (joined.empty() ? "" : ": ") + renderErrorPiece(piece);
        QCOMPARE(joined, s.message());
    }

    void plainErrorsAreOnePlainPiece()
    {
        const Status s = makeError(ErrorCode::Io, "disk on fire").withContext("trunk.bin");
        const std::vector<ErrorPiece> p = s.pieces();
        QCOMPARE(p.size(), size_t(2));
        QVERIFY(!p[0].text && !p[1].text);
        QCOMPARE(p[1].plain, std::string("disk on fire"));
        QCOMPARE(s.message(), std::string("trunk.bin: disk on fire"));
        QVERIFY(Status::ok().pieces().empty());
        QVERIFY(Status::ok().withContext(SLUICE_ERRT("Error", "layer %1"), 1).isOk());
    }
};

SLUICE_TEST_APPLESS_MAIN(TestStatus)
#include "tst_status.moc"
