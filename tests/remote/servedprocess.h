#pragma once
// `sluice-cli serve` on a demo model for the remote tests (tst_remotechat,
// tst_remoteworker): loopback, a free port read from its "listening on" line.
#include <QElapsedTimer>
#include <QProcess>
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
        m_process.setProcessChannelMode(QProcess::MergedChannels);
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
    QString url() const { return QStringLiteral("http://127.0.0.1:%1").arg(m_port); }

private:
    QProcess m_process;
    int m_port = 0;
};
