#pragma once
// `sluice-cli serve` on a synthetic model, for the tests that talk to our own
// server over loopback (tests/server, tests/remote): a free port read from its
// "listening on" line, its request log, its pid and resident memory.
#include "support/synthmodel.h"

#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QRegularExpression>
#include <QString>
#include <QStringList>

#include <csignal>
#include <sys/prctl.h>

// A `sluice-cli serve` process; the port comes from its "listening on" line.
class Served {
public:
    ~Served() { stop(); }
    bool start(const QString &model, const QStringList &extra, QString *why)
    {
        m_process.setProgram(QStringLiteral(SLUICE_CLI_PATH));
        m_process.setProcessChannelMode(QProcess::MergedChannels); // the request log (stderr) follows the port line
        // The server ends with the test even when the test crashes.
        m_process.setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGTERM); });
        m_process.setArguments(QStringList { "serve", model, "--port", "0", "--threads", "1" } + extra);
        m_process.start();
        if (!m_process.waitForStarted(10000)) {
            *why = "serve did not start";
            return false;
        }
        QElapsedTimer t;
        t.start();
        while (t.elapsed() < 60000) {
            while (m_process.canReadLine()) {
                const auto m = QRegularExpression(QStringLiteral("listening on http://[^ ]+:(\\d+)"))
                                   .match(QString::fromUtf8(m_process.readLine()));
                if (m.hasMatch()) {
                    m_port = m.captured(1).toInt();
                    return true;
                }
            }
            if (m_process.state() != QProcess::Running) {
                *why = "serve exited: " + QString::fromUtf8(m_process.readAll());
                return false;
            }
            m_process.waitForReadyRead(200);
        }
        *why = "serve printed no listening line";
        return false;
    }
    void stop()
    {
        if (m_process.state() == QProcess::Running) {
            m_process.terminate();
            if (!m_process.waitForFinished(10000))
                m_process.kill();
            m_process.waitForFinished(5000);
        }
    }
    void kill()
    {
        m_process.kill();
        m_process.waitForFinished(5000);
    }
    QString url(const QString &path = {}) const { return QStringLiteral("http://127.0.0.1:%1%2").arg(m_port).arg(path); }
    int port() const { return m_port; }
    qint64 pid() const { return m_process.processId(); }
    QByteArray log()
    {
        m_process.waitForReadyRead(300);
        return m_log += m_process.readAll();
    }
    qint64 rssKiB() const
    {
        QFile f(QStringLiteral("/proc/%1/status").arg(pid()));
        if (!f.open(QIODevice::ReadOnly))
            return -1;
        for (const QByteArray &line : f.readAll().split('\n'))
            if (line.startsWith("VmRSS:"))
                return line.mid(6).trimmed().split(' ').value(0).toLongLong();
        return -1;
    }

private:
    QProcess m_process;
    int m_port = 0;
    QByteArray m_log;
};

// Writes the random-weight demo into dir and serves it with these arguments
// (`model` is set to its path). Empty on success; otherwise why, with *fatal
// true when the test must fail (synth timed out, the server did not start)
// rather than skip (synth could not run here).
inline QString serveDemo(const QTemporaryDir &dir, QString &model, Served &server, const QStringList &serveArgs,
                         bool *fatal)
{
    *fatal = false;
    if (!dir.isValid()) {
        *fatal = true;
        return QStringLiteral("no temporary folder");
    }
    model = dir.filePath(QStringLiteral("demo.waste"));
    // The random-weight demo, written in-process: a failure is the test's.
    if (QString why = sluice::test::synthesizeDemo(model); !why.isEmpty()) {
        *fatal = true;
        return why;
    }
    QString why;
    if (!server.start(model, serveArgs, &why)) {
        *fatal = true;
        return why;
    }
    return QString();
}

// In a test class's initTestCase: serveDemo into its m_dir, m_model and
// m_server with the serve arguments given; a failure fails, a missing
// prerequisite skips.
#define SLUICE_SERVE_DEMO_OR_SKIP(...)                                                                    \
    do {                                                                                                   \
        bool fatal_ = false;                                                                               \
        if (const QString why_ = serveDemo(m_dir, m_model, m_server, QStringList { __VA_ARGS__ }, &fatal_); \
            !why_.isEmpty()) {                                                                             \
            QVERIFY2(!fatal_, qPrintable(why_));                                                           \
            QSKIP(qPrintable(why_));                                                                       \
        }                                                                                                  \
    } while (false)
