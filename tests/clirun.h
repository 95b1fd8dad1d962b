#pragma once
// Runs a command-line program to its end and keeps what it said: the tests
// that drive sluice-cli (synth for their models, the commands under test).
// Callers pass QStringLiteral(SLUICE_CLI_PATH) themselves, so the scan in
// tests/CMakeLists.txt still sees which tests must wait for sluice-cli.
#include <QByteArray>
#include <QProcess>
#include <QString>
#include <QStringList>

namespace sluice::test {

struct CliRun {
    bool finished = false; // ended within the timeout (else it was killed)
    int exitCode = -1; // -1 when it crashed or did not finish
    QByteArray out, err;
};

inline CliRun runProgram(const QString &program, const QStringList &args, int timeoutMs = 120000)
{
    QProcess p;
    p.start(program, args);
    CliRun r;
    r.finished = p.waitForFinished(timeoutMs);
    if (!r.finished) {
        p.kill();
        p.waitForFinished();
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

// `synth --demo --out <path>`: the random-weight demo model the engine tests run.
inline QStringList synthDemoArgs(const QString &path)
{
    return { QStringLiteral("synth"), QStringLiteral("--demo"), QStringLiteral("--out"), path };
}

// Writes the demo model at `path` with `cli` (sluice-cli). Empty on success,
// else why; *timedOut tells a hang (a failure) from a synth that refused (a
// missing prerequisite: the caller skips).
inline QString synthDemo(const QString &cli, const QString &path, bool *timedOut, int timeoutMs)
{
    const CliRun synth = runProgram(cli, synthDemoArgs(path), timeoutMs);
    *timedOut = !synth.finished;
    if (*timedOut)
        return QStringLiteral("sluice-cli synth --demo did not finish in %1 s").arg(timeoutMs / 1000);
    if (synth.exitCode != 0)
        return QStringLiteral("sluice-cli synth --demo failed: ") + QString::fromUtf8(synth.err);
    return {};
}

} // namespace sluice::test

// In a test function: the demo model at `path` made by `cli` (pass
// QStringLiteral(SLUICE_CLI_PATH)); a synth that hangs fails the test, one
// that cannot run here skips it.
#define SLUICE_SYNTH_DEMO_OR_SKIP(cli, path, timeoutMs)                                                                \
    do {                                                                                                               \
        bool hung_ = false;                                                                                            \
        if (const QString why_ = sluice::test::synthDemo(cli, path, &hung_, timeoutMs); !why_.isEmpty()) {             \
            QVERIFY2(!hung_, qPrintable(why_));                                                                        \
            QSKIP(qPrintable(why_));                                                                                   \
        }                                                                                                              \
    } while (false)
