// The one option parser of sluice-cli (core/cli/options.h): its grammars as
// functions, and every command run with bad options, each asserting the exact
// message on stderr, exit status 2, and that nothing ran (empty stdout, no
// container written).
#include "support/testregistry.h"
#include "cli/options.h"
#include "api/types.h"
#include "clirun.h"
#include "support/synthmodel.h"
#include "testsanitized.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <sys/resource.h>
#include <sched.h>
#include <sys/stat.h>
#include <vector>

using namespace sluice::cli;

class TestCliOptions : public QObject {
    Q_OBJECT
    QTemporaryDir m_tmp;
    QString m_model;

    using Run = sluice::test::CliRun;
    // A command under test runs in its own program: the developer tools
    // (benchmarks, the disk test, the cache simulator, synth) in sluice-dev.
    static QString programOf(const QString &command)
    {
        static const QStringList developerCommands{"bench", "benchstream", "diskbench", "cachesim", "synth"};
        return developerCommands.contains(command) ? QStringLiteral(SLUICE_DEV_PATH) : QStringLiteral(SLUICE_CLI_PATH);
    }
    Run cli(const QStringList &args) { return sluice::test::runProgram(programOf(args.value(0)), args, 60000); }
    // A model the commands run on, written in-process; false (and why, as a
    // warning) when it could not be.
    static bool synthesized(const QStringList &args)
    {
        const QString why = sluice::test::synthesize(args);
        if (!why.isEmpty())
            qWarning("%s", qPrintable(why));
        return why.isEmpty();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        m_model = m_tmp.path() + "/tiny.waste";
        QVERIFY(synthesized({"--out", m_model, "--seed", "3"}));
    }

    void sizeGrammar_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<quint64>("bytes");
        const quint64 G = 1ull << 30;
        QTest::newRow("48G") << "48G" << true << 48 * G;
        QTest::newRow("48gb") << "48gb" << true << 48 * G;
        QTest::newRow("48GiB") << "48GiB" << true << 48 * G;
        QTest::newRow("512MiB") << "512MiB" << true << (512ull << 20);
        QTest::newRow("1.5T") << "1.5T" << true << (3ull << 39);
        QTest::newRow("plain") << "123456789" << true << 123456789ull;
        QTest::newRow("4K") << "4k" << true << 4096ull;
        QTest::newRow("0") << "0" << false << 0ull;
        QTest::newRow("0.5") << "0.5" << false << 0ull;
        QTest::newRow("nan") << "nan" << false << 0ull;
        QTest::newRow("inf") << "inf" << false << 0ull;
        QTest::newRow("1e30") << "1e30" << false << 0ull;
        QTest::newRow("1e19") << "1e19" << false << 0ull;
        QTest::newRow("negative") << "-5G" << false << 0ull;
        QTest::newRow("overflow") << "99999999999999999999999" << false << 0ull;
        QTest::newRow("huge unit") << "17000000T" << false << 0ull;
        QTest::newRow("bad unit") << "5X" << false << 0ull;
        QTest::newRow("empty") << "" << false << 0ull;
        QTest::newRow("dot") << "5." << false << 0ull;
        QTest::newRow("space") << "5 G" << false << 0ull;
    }
    void sizeGrammar()
    {
        QFETCH(QString, text);
        QFETCH(bool, ok);
        QFETCH(quint64, bytes);
        uint64_t out = 7;
        const std::string e = parseSize(text.toStdString(), 1, 1ull << 50, out);
        QCOMPARE(e.empty(), ok);
        if (ok)
            QCOMPARE(quint64(out), bytes);
        else
            QCOMPARE(QString::fromStdString(e), QString("expected a size in 1 B..1 PiB (e.g. 48G, 512MiB, 1.5T)"));
        if (!ok)
            QCOMPARE(out, uint64_t(7)); // untouched
    }

    // parseInteger (in 0..64) and parseNumber (in 0..1): what each accepts,
    // and the one message of each for what it refuses.
    void numberGrammar_data()
    {
        QTest::addColumn<bool>("integer");
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("ok");
        QTest::newRow("integer 5") << true << "5" << true;
        QTest::newRow("integer +5") << true << "+5" << true;
        QTest::newRow("integer 1e9") << true << "1e9" << false;
        QTest::newRow("integer overflow") << true << "99999999999999999999999" << false;
        QTest::newRow("integer out of range") << true << "65" << false;
        QTest::newRow("integer trailing") << true << "5x" << false;
        QTest::newRow("integer negative") << true << "-3" << false;
        QTest::newRow("integer empty") << true << "" << false;
        QTest::newRow("integer float") << true << "5.0" << false;
        QTest::newRow("number 0.7") << false << "0.7" << true;
        QTest::newRow("number 1e-3") << false << "1e-3" << true;
        QTest::newRow("number nan") << false << "nan" << false;
        QTest::newRow("number inf") << false << "inf" << false;
        QTest::newRow("number -inf") << false << "-inf" << false;
        QTest::newRow("number abc") << false << "abc" << false;
        QTest::newRow("number -1") << false << "-1" << false;
        QTest::newRow("number 1e400") << false << "1e400" << false;
        QTest::newRow("number 2") << false << "2" << false;
    }
    void numberGrammar()
    {
        QFETCH(bool, integer);
        QFETCH(QString, text);
        QFETCH(bool, ok);
        int64_t whole = 0;
        double real = 0;
        const std::string e
            = integer ? parseInteger(text.toStdString(), 0, 64, whole) : parseNumber(text.toStdString(), 0, 1, real);
        QCOMPARE(e.empty(), ok);
        if (!ok)
            QCOMPARE(QString::fromStdString(e),
                QString(integer ? "expected an integer in 0..64" : "expected a number in 0..1"));
    }

    // Every command, bad options: the exact first line on stderr, exit 2, no output.
    void badOptions_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::addColumn<int>("exitCode");
        const QString M = "@MODEL";
        const QString size = "expected a size in 4 KiB..1 PiB (e.g. 48G, 512MiB, 1.5T)";
        QTest::newRow("run -n 1e9") << QStringList{"run", M, "hi", "-n", "1e9"}
                                    << "run: -n '1e9': expected an integer in 1..16777216" << 2;
        QTest::newRow("run -n huge") << QStringList{"run", M, "hi", "-n", "99999999999"}
                                     << "run: -n '99999999999': expected an integer in 1..16777216" << 2;
        QTest::newRow("run --top-k -3") << QStringList{"run", M, "hi", "--top-k", "-3"}
                                        << "run: --top-k '-3': expected an integer in 0..16777216" << 2;
        QTest::newRow("run --seed abc") << QStringList{"run", M, "hi", "--seed", "abc"}
                                        << "run: --seed 'abc': expected an integer in 0..18446744073709551615" << 2;
        for (const char *t : {"abc", "-1", "nan", "inf"})
            QTest::newRow(qPrintable(QString("run --temp %1").arg(t)))
                << QStringList{"run", M, "hi", "--temp", t}
                << QString("run: --temp '%1': expected a number in 0..100").arg(t) << 2;
        QTest::newRow("run --top-p 5") << QStringList{"run", M, "hi", "--top-p", "5"}
                                       << "run: --top-p '5': expected a number in 0..1" << 2;
        for (const char *b : {"0", "0.5", "nan", "inf", "1e30", "-1G", "2000T"})
            QTest::newRow(qPrintable(QString("run --budget %1").arg(b)))
                << QStringList{"run", M, "hi", "--budget", b} << QString("run: --budget '%1': %2").arg(b, size) << 2;
        QTest::newRow("run --max-patches 0") << QStringList{"run", M, "hi", "--max-patches", "0"}
                                             << "run: --max-patches '0': expected an integer in 4..16384" << 2;
        QTest::newRow("run --max-patches huge")
            << QStringList{"run", M, "hi", "--max-patches", "100000000"}
            << "run: --max-patches '100000000': expected an integer in 4..16384" << 2;
        QTest::newRow("run --ctx beyond the model")
            << QStringList{"run", M, "hi", "--ctx", "2000000"}
            << "run: context length 2000000 exceeds the model's max_position_embeddings 1048576" << 1;
        for (const char *c : {"", "x", "3-1", "2,1", "1,1", "0-", "-3", "0,", "5000", "0;1"})
            QTest::newRow(qPrintable(QString("run --cpus '%1'").arg(c)))
                << QStringList{"run", M, "hi", "--cpus", c}
                << QString("run: --cpus '%1': expected CPU numbers and ranges like 0-3,8 (0..4095, ascending)").arg(c)
                << 2;
        QTest::newRow("run --cpus not ours") << QStringList{"run", M, "hi", "--cpus", "4095"}
                                             << "run: thread placement: CPU 4095 is not one this process may run on "
                                                "(allowed: @ALLOWED)"
                                             << 1;
        QTest::newRow("run unknown") << QStringList{"run", M, "hi", "--frobnicate"}
                                     << "run: unknown option '--frobnicate' (see sluice-cli run --help)" << 2;
        QTest::newRow("run missing value") << QStringList{"run", M, "hi", "--temp"}
                                           << "run: --temp needs a value: a number in 0..100" << 2;
        QTest::newRow("run no prompt") << QStringList{"run", M} << "run: missing PROMPT" << 2;
        QTest::newRow("run no model") << QStringList{"run"} << "run: missing MODEL" << 2;
        QTest::newRow("run flag with value") << QStringList{"run", M, "hi", "--chat=yes"}
                                             << "run: --chat takes no value" << 2;
        QTest::newRow("chat --temp nan") << QStringList{"chat", M, "--temp", "nan"}
                                         << "chat: --temp 'nan': expected a number in 0..100" << 2;
        QTest::newRow("chat --budget 0") << QStringList{"chat", M, "--budget", "0"}
                                         << "chat: --budget '0': " + size << 2;
        QTest::newRow("eval --chunk 0") << QStringList{"eval", M, "--ids", "1,2", "--chunk", "0"}
                                        << "eval: --chunk '0': expected an integer in 1..64" << 2;
        QTest::newRow("eval --ids junk") << QStringList{"eval", M, "--ids", "1,x"}
                                         << "eval: --ids '1,x': expected comma-separated token ids (0..16777216)" << 2;
        QTest::newRow("plan --budget 1e19") << QStringList{"plan", M, "--budget", "1e19", "--json"}
                                            << "plan: --budget '1e19': " + size << 2;
        QTest::newRow("plan --budget 10^19 bytes")
            << QStringList{"plan", M, "--budget", "10000000000000000000", "--json"}
            << "plan: --budget '10000000000000000000': " + size << 2;
        QTest::newRow("plan --ctx 0") << QStringList{"plan", M, "--ctx", "0"}
                                      << "plan: --ctx '0': expected an integer in 1..16777216" << 2;
        QTest::newRow("plan --ctx beyond the model")
            << QStringList{"plan", M, "--ctx", "2000000"}
            << "plan: context length 2000000 exceeds the model's max_position_embeddings 1048576" << 1;
        QTest::newRow("info extra") << QStringList{"info", M, "extra"}
                                    << "info: unexpected argument 'extra' (see sluice-cli info --help)" << 2;
        QTest::newRow("verify unknown") << QStringList{"verify", M, "--fast"}
                                        << "verify: unknown option '--fast' (see sluice-cli verify --help)" << 2;
        QTest::newRow("bench -n 0") << QStringList{"bench", M, "-n", "0"}
                                    << "bench: -n '0': expected an integer in 1..1048576" << 2;
        QTest::newRow("benchstream --ws nan") << QStringList{"benchstream", M, "--ws", "nan"}
                                              << "benchstream: --ws 'nan': expected a number in 0..1000" << 2;
        QTest::newRow("diskbench --qd 0") << QStringList{"diskbench", M + "/manifest.json", "--qd", "0"}
                                          << "diskbench: --qd '0': expected a list like 1,2,4 (each 1..256)" << 2;
        QTest::newRow("diskbench --seconds inf")
            << QStringList{"diskbench", M + "/manifest.json", "--seconds", "inf"}
            << "diskbench: --seconds 'inf': expected a number in 0.001..3600" << 2;
        QTest::newRow("diskbench --engine x") << QStringList{"diskbench", M + "/manifest.json", "--engine", "x"}
                                              << "diskbench: --engine 'x': expected one of threads, io_uring, both"
                                              << 2;
        QTest::newRow("cachesim --sizes") << QStringList{"cachesim", "trace.jsonl", "--sizes", "1,nan"}
                                          << "cachesim: --sizes '1,nan': expected a list of numbers in 0.001..1000, "
                                             "e.g. 1,2,3,5"
                                          << 2;
        QTest::newRow("synth --seed -1") << QStringList{"synth", "--out", "@TMP/x.waste", "--seed", "-1"}
                                         << "synth: --seed '-1': expected an integer in 0..18446744073709551615" << 2;
        QTest::newRow("synth --trunk-bits 5") << QStringList{"synth", "--out", "@TMP/x.waste", "--trunk-bits", "5"}
                                              << "synth: --trunk-bits '5': expected 4 or 8" << 2;
        QTest::newRow("synth --arch x") << QStringList{"synth", "--out", "@TMP/x.waste", "--arch", "x"}
                                        << "synth: --arch 'x': expected one of k3, kimi-k3, kimi-linear, kl" << 2;
        QTest::newRow("tokenize --pattern x") << QStringList{"tokenize", M, "--pattern", "x", "hi"}
                                              << "tokenize: --pattern 'x': expected one of kimi, cl100k" << 2;
    }
    // This process's CPUs as `--cpus` errors name them ("0-1").
    static QString allowedCpuRanges()
    {
        cpu_set_t set;
        CPU_ZERO(&set);
        QStringList parts;
        if (sched_getaffinity(0, sizeof set, &set) != 0)
            return "?";
        for (int c = 0; c < CPU_SETSIZE; ++c) {
            if (!CPU_ISSET(c, &set))
                continue;
            int last = c;
            while (last + 1 < CPU_SETSIZE && CPU_ISSET(last + 1, &set))
                ++last;
            parts << (last > c ? QString("%1-%2").arg(c).arg(last) : QString::number(c));
            c = last;
        }
        return parts.join(',');
    }

    void badOptions()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        QFETCH(int, exitCode);
        for (QString &a : args)
            a.replace("@MODEL", m_model).replace("@TMP", m_tmp.path());
        message.replace("@ALLOWED", allowedCpuRanges());
        const Run r = cli(args);
        QCOMPARE(r.exitCode, exitCode);
        QCOMPARE(QString::fromUtf8(r.err).section('\n', 0, 0), message);
        QVERIFY2(r.out.trimmed().isEmpty(), r.out.constData()); // nothing ran
        QVERIFY(!QDir(m_tmp.path() + "/x.waste").exists());  // nothing written
    }

    // Bad inputs that are not options: each the exact error, a non-zero exit,
    // no crash (no SIGABRT from an escaping exception), no hang.
    void badInputs_data()
    {
        QTest::addColumn<QString>("setup");
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("stdinText");
        QTest::addColumn<QString>("message");
        QTest::addColumn<int>("exitCode");
        QTest::newRow("prompt longer than the context")
            << "" << QStringList{"run", "@M", "hello world this is a long prompt", "--ctx", "4"} << ""
            << "run: context full: 0 + 17 tokens exceed the context length 4" << 1;
        QTest::newRow("tokenizer.model is a directory")
            << "tokdir" << QStringList{"run", "@M", "hello"} << ""
            << "run: @M/tokenizer.model: is a directory, not a regular file" << 1;
        QTest::newRow("tokenizer.model is a FIFO")
            << "tokfifo" << QStringList{"run", "@M", "hello"} << ""
            << "run: @M/tokenizer.model: is a FIFO (named pipe), not a regular file" << 1;
        QTest::newRow("rank file error surfaces")
            << "badrank" << QStringList{"run", "@M", "hello"} << ""
            << "run: @M/tokenizer.model: rank file:301: bad rank 'xyz'" << 1;
        QTest::newRow("image is a FIFO") << "fifo" << QStringList{"run", "@D", "hi", "--image", "@T/fifo"} << ""
                                         << "run: @T/fifo: is a FIFO (named pipe), not a regular file" << 1;
        QTest::newRow("image is /dev/zero") << "" << QStringList{"run", "@D", "hi", "--image", "/dev/zero"} << ""
                                            << "run: /dev/zero: is a character device, not a regular file" << 1;
        QTest::newRow("image is a directory") << "" << QStringList{"run", "@D", "hi", "--image", "@T"} << ""
                                              << "run: @T: is a directory, not a regular file" << 1;
        QTest::newRow("chat /load a directory")
            << "" << QStringList{"chat", "@M"} << "/load @T\n/quit\n"
            << "> error: @T (session file): is a directory, not a regular file" << 1;
        QTest::newRow("chat /load a FIFO") << "fifo" << QStringList{"chat", "@M"} << "/load @T/fifo\n/quit\n"
                                           << "> error: @T/fifo (session file): is a FIFO (named pipe), not a regular file"
                                           << 1;
        QTest::newRow("chat --script a FIFO") << "fifo" << QStringList{"chat", "@M", "--script", "@T/fifo"} << ""
                                              << "chat: @T/fifo: not a regular file" << 2;
        QTest::newRow("chat --script a directory") << "" << QStringList{"chat", "@M", "--script", "@T"} << ""
                                                   << "chat: @T: not a regular file" << 2;
        QTest::newRow("chat /save without a name") << "" << QStringList{"chat", "@M"} << "/save\n/quit\n"
                                                   << "> error: /save needs a FILE (/save FILE)" << 1;
        QTest::newRow("chat /budget below the floor")
            << "" << QStringList{"chat", "@M"} << "/budget 4096\n/quit\n"
            << "> error: RAM budget 4.00 KiB (4096 B) is below this model's floor of" << 1;
        QTest::newRow("chat /budget not a size")
            << "" << QStringList{"chat", "@M"} << "/budget lots\n/quit\n"
            << "> error: /budget lots: expected a size in 4 KiB..1 PiB (e.g. 48G, 512MiB, 1.5T)" << 1;
        QTest::newRow("chat /budget moves the cache (no error)")
            << "" << QStringList{"chat", "@M", "--budget", "1G"} << "/budget 512M\n/budget 2G\n/quit\n"
            << "> budget 2.00 GiB: expert cache" << 0;
        QTest::newRow("chat prompt longer than the context")
            << "" << QStringList{"chat", "@M", "--ctx", "8"} << "hello world this is a long prompt\n/quit\n"
            << "error: the prompt needs 43 positions; the context holds 8; /reset or a larger --ctx" << 1;
        QTest::newRow("non-finite logits")
            << "overflow" << QStringList{"run", "@M", "hello", "-n", "3"} << ""
            << "run: non-finite logits at position " << 1;
        // Issue 29: a crash, silently ignored input and unclear messages.
        QTest::newRow("chat /regenerate after /reset")
            << "" << QStringList{"chat", "@M", "-n", "4"} << "hi\n/reset\n/regenerate\n/quit\n"
            << "> error: nothing to regenerate: no reply since the start, /reset or /load" << 1;
        QTest::newRow("chat /regenerate after /load")
            << "" << QStringList{"chat", "@M", "-n", "4"} << "hi\n/save @T/s.sess\n/load @T/s.sess\n/regenerate\n/quit\n"
            << "> error: nothing to regenerate: no reply since the start, /reset or /load" << 1;
        QTest::newRow("chat /regenerate before any reply")
            << "" << QStringList{"chat", "@M", "-n", "4"} << "/regenerate\n/quit\n"
            << "> error: nothing to regenerate: no reply since the start, /reset or /load" << 1;
        QTest::newRow("chat /think maybe") << "" << QStringList{"chat", "@M"} << "/think maybe\n/quit\n"
                                           << "> error: /think 'maybe': expected on or off" << 1;
        QTest::newRow("chat /think without a word") << "" << QStringList{"chat", "@M"} << "/think\n/quit\n"
                                                    << "> error: /think '': expected on or off" << 1;
        QTest::newRow("chat /save onto a FIFO")
            << "fifo" << QStringList{"chat", "@M", "-n", "2"} << "hi\n/save @T/fifo\n/quit\n"
            << "> error: @T/fifo (session file): is a FIFO (named pipe), not a regular file; not replaced" << 1;
        QTest::newRow("plan --trace missing")
            << "" << QStringList{"plan", "--model", "k3", "--trace", "@T/missing.jsonl"} << ""
            << "plan: --trace @T/missing.jsonl (routing trace): no such file" << 1;
        QTest::newRow("plan --trace a directory")
            << "" << QStringList{"plan", "--model", "k3", "--disk-gbps", "3", "--trace", "@T"} << ""
            << "plan: --trace @T (routing trace): is a directory, not a regular file" << 1;
        QTest::newRow("release folder without config.json")
            << "relnoconfig" << QStringList{"info", "@T/rel"} << ""
            << "info: @T/rel: config.json is missing: a release folder needs the config.json published with its "
               "safetensors"
            << 1;
        QTest::newRow("release folder without its index")
            << "relnoindex" << QStringList{"run", "@T/rel", "hi"} << ""
            << "run: @T/rel: model.safetensors.index.json is missing: a release folder needs its safetensors index "
               "(or model.safetensors) beside config.json"
            << 1;
        QTest::newRow("a folder that is no model")
            << "" << QStringList{"info", "@T"} << ""
            << "info: @T: neither a release folder (config.json and model.safetensors.index.json) nor a Sluice "
               "container (manifest.json)"
            << 1;
        QTest::newRow("container without manifest.json")
            << "nomanifest" << QStringList{"info", "@M"} << ""
            << "info: @M: manifest.json is missing (not a complete container)" << 1;
        QTest::newRow("info a missing folder") << "" << QStringList{"info", "@T/nope"} << ""
                                               << "info: @T/nope: no such folder" << 1;
        QTest::newRow("convert a missing folder") << "" << QStringList{"convert", "@T/nope", "@T/out.waste"} << ""
                                                  << "convert: @T/nope: no such folder" << 1;
        QTest::newRow("convert a folder without config.json")
            << "relnoconfig" << QStringList{"convert", "@T/rel", "@T/out.waste"} << ""
            << "convert: @T/rel: config.json is missing: a release folder needs the config.json published with its "
               "safetensors"
            << 1;
        // info judges the tokenizer as run does (it said "yes" to each of these).
        for (const auto &[setup, why] : std::vector<std::pair<QString, QString>>{
                 {"tokfifo", "@M/tokenizer.model: is a FIFO (named pipe), not a regular file"},
                 {"tokempty", "@M/tokenizer.model: rank file: no tokens"},
                 {"toktrunc", "@M/tokenizer.model: rank file:124: expected '<base64> <rank>'"},
                 {"tokdangling", "@M/tokenizer.model: no such file"}}) {
            QTest::newRow(qPrintable("info: tokenizer " + setup)) << setup << QStringList{"info", "@M"} << ""
                                                                   << "tokenizer      no: " + why << 0;
            QTest::newRow(qPrintable("run: tokenizer " + setup)) << setup << QStringList{"run", "@M", "hello"} << ""
                                                                  << "run: " + why << 1;
        }
        QTest::newRow("verify a FIFO bank")
            << "bankfifo" << QStringList{"verify", "@M"} << ""
            << "DAMAGED layer 1, expert 0: bank unreadable (@M/experts-L1.bin: is a FIFO (named pipe), not a regular "
               "file)"
            << 1;
    }
    void badInputs()
    {
        QFETCH(QString, setup);
        QFETCH(QStringList, args);
        QFETCH(QString, stdinText);
        QFETCH(QString, message);
        QFETCH(int, exitCode);
        QTemporaryDir work;
        const QString model = work.path() + "/m.waste", demo = work.path() + "/d.waste";
        QVERIFY(synthesized({"--out", model, "--seed", "3"}));
        if (args.join(' ').contains("@D"))
            QVERIFY(synthesized({"--demo", "--out", demo, "--seed", "3"}));
        const QString tok = model + "/tokenizer.model";
        if (setup == "tokdir") {
            QFile::remove(tok);
            QVERIFY(QDir().mkpath(tok));
        } else if (setup == "tokfifo") {
            QFile::remove(tok);
            QVERIFY(::mkfifo(QFile::encodeName(tok).constData(), 0600) == 0);
        } else if (setup == "badrank") {
            QFile f(tok);
            QVERIFY(f.open(QIODevice::ReadOnly));
            QList<QByteArray> lines = f.readAll().split('\n');
            f.close();
            lines[300] = lines[300].split(' ').first() + " xyz";
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write(lines.join('\n'));
        } else if (setup == "fifo") {
            QVERIFY(::mkfifo(QFile::encodeName(work.path() + "/fifo").constData(), 0600) == 0);
        } else if (setup == "overflow") {
            // Finite weights (no load check refuses them) whose product
            // overflows: the final norm's weights at 3e38.
            QFile mf(model + "/manifest.json");
            QVERIFY(mf.open(QIODevice::ReadOnly));
            const QJsonArray trunk = QJsonDocument::fromJson(mf.readAll()).object()["trunk"].toArray();
            qint64 off = -1, bytes = 0;
            for (const QJsonValue &v : trunk)
                if (v.toObject()["name"].toString() == "language_model.model.norm.weight") {
                    off = qint64(v.toObject()["off"].toDouble());
                    bytes = qint64(v.toObject()["bytes"].toDouble());
                }
            QVERIFY(off >= 0 && bytes > 0);
            QFile f(model + "/trunk.bin");
            QVERIFY(f.open(QIODevice::ReadWrite) && f.seek(off));
            const std::vector<float> huge(size_t(bytes / 4), 3e38f);
            QCOMPARE(f.write(reinterpret_cast<const char *>(huge.data()), bytes), bytes);
        } else if (setup == "tokempty" || setup == "toktrunc") {
            QFile f(tok);
            QVERIFY(f.open(QIODevice::ReadWrite));
            QVERIFY(f.resize(setup == "tokempty" ? 0 : 1000)); // 1000 bytes ends inside a line
        } else if (setup == "tokdangling") {
            QVERIFY(QFile::remove(tok));
            QVERIFY(QFile::link(work.path() + "/gone.model", tok));
        } else if (setup == "relnoconfig" || setup == "relnoindex") {
            QVERIFY(synthesized({"--release", "--out", work.path() + "/rel"}));
            QVERIFY(QFile::remove(work.path() + (setup == "relnoconfig" ? "/rel/config.json"
                                                                          : "/rel/model.safetensors.index.json")));
        } else if (setup == "nomanifest") {
            QVERIFY(QFile::remove(model + "/manifest.json"));
        } else if (setup == "bankfifo") {
            QFile::remove(model + "/experts-L1.bin");
            QVERIFY(::mkfifo(QFile::encodeName(model + "/experts-L1.bin").constData(), 0600) == 0);
        }
        const auto subst = [&](QString t) { return t.replace("@M", model).replace("@D", demo).replace("@T", work.path()); };
        for (QString &a : args)
            a = subst(a);
        QProcess p;
        p.start(QStringLiteral(SLUICE_CLI_PATH), args);
        QVERIFY(p.waitForStarted());
        p.write(subst(stdinText).toUtf8());
        p.closeWriteChannel();
        QVERIFY2(p.waitForFinished(30000), "hung");
        QCOMPARE(p.exitStatus(), QProcess::NormalExit); // no SIGABRT
        QCOMPARE(p.exitCode(), exitCode);
        const QString all = QString::fromUtf8(p.readAllStandardOutput() + p.readAllStandardError());
        QVERIFY2(all.contains(subst(message)), qPrintable(all.left(2000)));
    }

    // /save replaces only what is ours: a FIFO stays a FIFO (it was replaced by a
    // regular file), and the temporaries of a save killed with -9 (NAME.tmp.PID
    // of a process that is gone) are removed by the next save of NAME.
    void sessionSaveLeavesWhatIsNotOurs()
    {
        QTemporaryDir work;
        const QString fifo = work.path() + "/fifo", sess = work.path() + "/s.sess";
        QVERIFY(::mkfifo(QFile::encodeName(fifo).constData(), 0600) == 0);
        QProcess dead; // a writer that is gone: its PID names the stale temporary
        dead.start("true", {});
        QVERIFY(dead.waitForStarted());
        const qint64 deadPid = dead.processId(); // 0 once it has finished
        QVERIFY(dead.waitForFinished());
        const QString stale = sess + ".tmp." + QString::number(deadPid);
        QFile planted(stale);
        QVERIFY(planted.open(QIODevice::WriteOnly) && planted.write("half a session") > 0);
        planted.close();
        QProcess p;
        p.start(QStringLiteral(SLUICE_CLI_PATH), {"chat", m_model, "-n", "2"});
        QVERIFY(p.waitForStarted());
        p.write(QString("hi\n/save %1\n/save %2\n/quit\n").arg(fifo, sess).toUtf8());
        p.closeWriteChannel();
        QVERIFY2(p.waitForFinished(30000), "hung");
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 1); // the refused save
        struct stat st;
        QVERIFY(::stat(QFile::encodeName(fifo).constData(), &st) == 0);
        QVERIFY2(S_ISFIFO(st.st_mode), "the FIFO was replaced");
        QVERIFY(QFileInfo(sess).isFile());
        QVERIFY2(!QFileInfo::exists(stale), "the dead writer's temporary is still there");
        QCOMPARE(QDir(work.path()).entryList(QDir::Files | QDir::System | QDir::Hidden), (QStringList{"fifo", "s.sess", "s.sess.turn"}));
    }

    // `run --threads 1024` under an address-space limit (`ulimit -v`): the system
    // refuses a thread stack, and that is an error naming the count (exit 1),
    // not a std::system_error escaping as SIGABRT.
    void threadStartRefusedUnderAnAddressSpaceLimit()
    {
        if (SLUICE_TEST_SANITIZED)
            QSKIP("a sanitizer's shadow memory does not fit under an address-space limit");
        QProcess p;
        p.setChildProcessModifier([] {
            // 2 GiB: the program and the tiny model fit, 1024 stacks of 8 MiB do not.
            const rlimit limit{rlim_t(2) << 30, rlim_t(2) << 30};
            ::setrlimit(RLIMIT_AS, &limit);
        });
        p.start(QStringLiteral(SLUICE_CLI_PATH), {"run", m_model, "hi", "-n", "2", "--threads", "1024"});
        QVERIFY(p.waitForStarted());
        QVERIFY2(p.waitForFinished(60000), "hung");
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QCOMPARE(p.exitStatus(), QProcess::NormalExit); // no SIGABRT
        QCOMPARE(p.exitCode(), 1);
        const QString first = err.section('\n', 0, 0);
        QVERIFY2(first.startsWith("run: could start only ") &&
                     first.contains(" of 1024 compute threads: cannot start compute thread ") &&
                     first.endsWith("; ask for fewer threads"),
                 qPrintable(err));
    }

    // Help comes from the same table: every option of run is listed with its range.
    void helpFromTheTable()
    {
        const Run r = cli({"run", "--help"});
        QCOMPARE(r.exitCode, 0);
        for (const char *line : {"-n, --max-tokens N", "[1..16777216; default 64]", "--temp T", "[0..100; default 0]",
                                 "--budget SIZE", "[4 KiB..1 PiB]", "--max-patches N", "[4..16384; default 0]"})
            QVERIFY2(r.out.contains(line), line);
    }

    // The model's recommendation fills the sampling options not given; one
    // given (by its name or alias) wins; a damaged file is only a message.
    void recommendedSamplingUnderTheOptions()
    {
        sluice::SamplingParams sp;
        OptionParser p("run", "", "");
        addSamplingOptions(p, sp);
        QCOMPARE(p.parse({"run", "--temp", "0.9", "-n", "7", "--repeat-penalty", "1.5"}), -1);
        sluice::RecommendedSampling r;
        r.temperature = 0.4f;
        r.topP = 0.8f;
        r.repeatPenalty = 1.15f;
        r.maxTokens = 160;
        r.loopStop = 3;
        r.source = "M/generation_config.json";
        const std::string said = applyRecommendedSampling(p, r, sp);
        QCOMPARE(sp.temperature, 0.9f);
        QCOMPARE(sp.maxTokens, 7);
        QCOMPARE(sp.repeatPenalty, 1.5f);
        QCOMPARE(sp.topP, 0.8f);
        QCOMPARE(sp.loopStop, 3);
        QCOMPARE(QString::fromStdString(said),
                 QString("the model recommends (M/generation_config.json): --top-p 0.8 --loop-stop 3 (options override)"));
        sluice::RecommendedSampling damaged;
        damaged.error = "M/generation_config.json: temperature: not a number; the defaults apply";
        sluice::SamplingParams untouched;
        QCOMPARE(applyRecommendedSampling(p, damaged, untouched), damaged.error);
        QCOMPARE(untouched.topP, 1.0f);
    }

    // Valid spellings reach the command: plan prints the budget given in every unit grammar.
    void goodSizesReachThePlanner()
    {
        for (const auto &[text, bytes] : std::vector<std::pair<QString, qint64>>{
                 {"48gb", 48ll << 30}, {"512MiB", 512ll << 20}, {"1.5T", 3ll << 39}, {"1000000000", 1000000000}}) {
            const Run r = cli({"plan", m_model, "--budget", text, "--json"});
            QVERIFY2(r.exitCode == 0 || r.exitCode == 1, r.err.constData());
            QVERIFY2(r.out.contains(QString("\"budget_bytes\": %1").arg(bytes).toUtf8()) ||
                         r.err.contains("cap"), // above this machine's 7/8 cap: the planner says so
                     r.out.constData());
        }
    }
};

SLUICE_TEST_GUILESS_MAIN(TestCliOptions)
#include "tst_cli_options.moc"
