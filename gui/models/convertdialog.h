#pragma once
// File -> Convert model…: a release checkpoint folder -> a WASTE v0 container
// (core/convert through qt/ConvertThread, so the window stays responsive).
// Source and destination pickers, the free-space check before starting
// (needed vs available), progress per layer and overall with throughput and
// ETA, Pause (stop; Resume continues where it stopped, also after a crash or
// a reboot: the same folders resume), Cancel, and an offer to open the result.
#include "qt/errortext.h"

#include <QDialog>

class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QCheckBox;

namespace sluice::qt {
class ConvertThread;
struct ConvertStatus;
} // namespace sluice::qt

class ConvertDialog : public QDialog
{
    Q_OBJECT
public:
    explicit ConvertDialog(QWidget *parent = nullptr);
    ~ConvertDialog() override;

    void setSource(const QString &dir);
    void setDestination(const QString &dir);
    bool running() const { return m_running; }

    // For tests: a smaller k-means sample (same pipeline), no modal question at the end.
    void setTestMode(int sampleVectors, int iterations)
    {
        m_sampleVectors = sampleVectors;
        m_iterations = iterations;
        m_askToOpen = false;
    }
    // For tests: the state the UI shows.
    QString statusText() const;
    int overallPercent() const;

public Q_SLOTS:
    void startOrResume();
    void pause();

Q_SIGNALS:
    void openRequested(const QString &container);
    // The conversion ended: ok, or stopped (resumable), or failed with a message.
    void conversionFinished(bool ok, bool stopped, const QString &message);

protected:
    void reject() override;

private:
    void updateSpace();
    void onProgress(const sluice::qt::ConvertStatus &status);
    void onFinished(bool ok, bool cancelled, const sluice::qt::ErrorText &error, const QString &destination);
    void setRunning(bool running);

    QLineEdit *m_source = nullptr;
    QLineEdit *m_destination = nullptr;
    QSpinBox *m_jobs = nullptr;
    QCheckBox *m_reclaim = nullptr;
    QLabel *m_space = nullptr;
    QLabel *m_status = nullptr;
    QProgressBar *m_layerBar = nullptr;
    QProgressBar *m_overallBar = nullptr;
    QPushButton *m_start = nullptr;
    QPushButton *m_pause = nullptr;
    QPushButton *m_close = nullptr;
    sluice::qt::ConvertThread *m_thread = nullptr;
    bool m_running = false;
    bool m_closeWhenStopped = false;
    bool m_spaceOk = false;
    bool m_askToOpen = true;
    int m_sampleVectors = 300000;
    int m_iterations = 10;
};
