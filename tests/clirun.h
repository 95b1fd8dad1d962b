#pragma once
// Runs a command-line program to its end and keeps what it said: the tests
// that drive sluice-cli or sluice-dev (the commands under test). Callers pass
// QStringLiteral(SLUICE_CLI_PATH) or SLUICE_DEV_PATH themselves, so the scan
// in tests/CMakeLists.txt sees which tests must wait for which program.
// Synthetic models are written in-process instead (support/synthmodel.h).
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

} // namespace sluice::test
