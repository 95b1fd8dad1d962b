// The tests' in-process synthesiser (tests/support/synthmodel.h) writes the
// same bytes as `sluice-dev synth` with the same arguments: every file of the
// folder, by name and content, for the demo container, a release checkpoint
// and a Kimi-Linear container. The fixtures' container hashes were made by
// the command; the tests now rebuild them in-process.
#include "support/testregistry.h"
#include "clirun.h"
#include "support/synthmodel.h"

#include <QDirIterator>
#include <QFile>
#include <QMap>
#include <QTemporaryDir>
#include <QTest>

namespace {

// Every file under `dir` (relative path -> bytes).
QMap<QString, QByteArray> filesUnder(const QString &dir)
{
    QMap<QString, QByteArray> files;
    QDirIterator it(dir, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        QFile f(path);
        if (f.open(QIODevice::ReadOnly))
            files.insert(path.mid(dir.size() + 1), f.readAll());
    }
    return files;
}

} // namespace

class TestSynthModel : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void sameBytesAsTheCommand_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("mustHave");
        QTest::newRow("demo") << QStringList{"--demo"} << "manifest.json";
        QTest::newRow("release") << QStringList{"--release"} << "model.safetensors.index.json";
        QTest::newRow("kimi-linear seed 5") << QStringList{"--arch", "kl", "--seed", "5"} << "trunk.bin";
    }
    void sameBytesAsTheCommand()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, mustHave);
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        const QString byCommand = tmp.filePath("command"), inProcess = tmp.filePath("in-process");
        const sluice::test::CliRun r = sluice::test::runProgram(
            QStringLiteral(SLUICE_DEV_PATH), QStringList{"synth"} + args + QStringList{"--out", byCommand});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QString why = sluice::test::synthesize(args + QStringList{"--out", inProcess});
        QVERIFY2(why.isEmpty(), qPrintable(why));

        const QMap<QString, QByteArray> expected = filesUnder(byCommand), actual = filesUnder(inProcess);
        QVERIFY2(expected.contains(mustHave), qPrintable(expected.keys().join(' ')));
        QCOMPARE(actual.keys(), expected.keys());
        for (auto it = expected.cbegin(); it != expected.cend(); ++it)
            QVERIFY2(actual.value(it.key()) == it.value(), qPrintable(it.key() + " differs"));
    }

    // A usage error is one in-process too, and nothing is written.
    void refusedArguments()
    {
        QTemporaryDir tmp;
        const QString out = tmp.filePath("x");
        QVERIFY(!sluice::test::synthesize({"--out", out, "--trunk-bits", "5"}).isEmpty());
        QVERIFY(!sluice::test::synthesize({"--trunk-bits", "8"}).isEmpty()); // no --out
        QVERIFY(!QFile::exists(out));
    }
};

SLUICE_TEST_GUILESS_MAIN(TestSynthModel)
#include "tst_synthmodel.moc"
