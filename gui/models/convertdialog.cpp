#include "models/convertdialog.h"

#include "common/errortext.h"
#include "qt/convertworker.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QThread>
#include <QVBoxLayout>

namespace {

QWidget *pickerRow(QLineEdit *edit, QPushButton *browse)
{
    auto *w = new QWidget;
    auto *h = new QHBoxLayout(w);
    h->setContentsMargins(0, 0, 0, 0);
    h->addWidget(edit, 1);
    h->addWidget(browse);
    return w;
}

QString duration(double seconds)
{
    if (seconds < 0)
        return QStringLiteral("–");
    const qint64 s = qint64(seconds + 0.5);
    if (s >= 3600)
        return QStringLiteral("%1 h %2 min").arg(s / 3600).arg((s % 3600) / 60);
    if (s >= 60)
        return QStringLiteral("%1 min %2 s").arg(s / 60).arg(s % 60);
    return QStringLiteral("%1 s").arg(s);
}

} // namespace

ConvertDialog::ConvertDialog(QWidget *parent) : QDialog(parent)
{
    setWindowTitle(tr("Convert model"));
    m_source = new QLineEdit(this);
    m_destination = new QLineEdit(this);
    auto *browseSource = new QPushButton(tr("Browse…"), this);
    auto *browseDest = new QPushButton(tr("Browse…"), this);
    m_jobs = new QSpinBox(this);
    m_jobs->setRange(1, std::max(1, QThread::idealThreadCount()));
    m_jobs->setValue(std::max(1, QThread::idealThreadCount()));
    m_reclaim = new QCheckBox(tr("Delete each source shard once it is converted"), this);
    m_space = new QLabel(this);
    m_space->setWordWrap(true);
    m_status = new QLabel(tr("Choose a published checkpoint folder and a destination."), this);
    m_status->setWordWrap(true);
    m_layerBar = new QProgressBar(this);
    m_overallBar = new QProgressBar(this);
    m_layerBar->setFormat(tr("Layer: %p%"));
    m_overallBar->setFormat(tr("Overall: %p%"));

    auto *form = new QFormLayout;
    form->addRow(tr("Checkpoint folder:"), pickerRow(m_source, browseSource));
    form->addRow(tr("Container folder:"), pickerRow(m_destination, browseDest));
    form->addRow(tr("Threads:"), m_jobs);
    form->addRow(QString(), m_reclaim);
    auto *buttons = new QDialogButtonBox(this);
    m_start = buttons->addButton(tr("Convert"), QDialogButtonBox::AcceptRole);
    m_pause = buttons->addButton(tr("Pause"), QDialogButtonBox::ActionRole);
    m_close = buttons->addButton(QDialogButtonBox::Close);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_space);
    layout->addWidget(m_layerBar);
    layout->addWidget(m_overallBar);
    layout->addWidget(m_status);
    layout->addWidget(buttons);

    connect(browseSource, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Checkpoint folder"), m_source->text());
        if (!dir.isEmpty())
            setSource(dir);
    });
    connect(browseDest, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Container folder"), m_destination->text());
        if (!dir.isEmpty())
            setDestination(dir);
    });
    connect(m_source, &QLineEdit::editingFinished, this, &ConvertDialog::updateSpace);
    connect(m_destination, &QLineEdit::editingFinished, this, &ConvertDialog::updateSpace);
    connect(m_start, &QPushButton::clicked, this, &ConvertDialog::startOrResume);
    connect(m_pause, &QPushButton::clicked, this, &ConvertDialog::pause);
    connect(m_close, &QPushButton::clicked, this, &ConvertDialog::reject);

    m_thread = new sluice::qt::ConvertThread(this);
    connect(m_thread->worker(), &sluice::qt::ConvertWorker::progress, this, &ConvertDialog::onProgress);
    connect(m_thread->worker(), &sluice::qt::ConvertWorker::finished, this, &ConvertDialog::onFinished);
    setRunning(false);
}

ConvertDialog::~ConvertDialog() = default;

void ConvertDialog::setSource(const QString &dir)
{
    m_source->setText(dir);
    if (m_destination->text().isEmpty())
        m_destination->setText(dir + QStringLiteral(".waste"));
    updateSpace();
}

void ConvertDialog::setDestination(const QString &dir)
{
    m_destination->setText(dir);
    updateSpace();
}

QString ConvertDialog::statusText() const { return m_status->text(); }
int ConvertDialog::overallPercent() const { return m_overallBar->value(); }

void ConvertDialog::updateSpace()
{
    m_spaceOk = false;
    if (m_source->text().isEmpty() || m_destination->text().isEmpty()) {
        m_space->clear();
        setRunning(m_running);
        return;
    }
    sluice::qt::ConvertRequest req;
    req.source = m_source->text();
    req.destination = m_destination->text();
    const sluice::qt::ConvertSpaceInfo info = sluice::qt::convertSpace(req);
    const QLocale locale;
    if (!info.error.isEmpty()) {
        m_space->setText(tr("Not a checkpoint this app can convert: %1").arg(sluice::gui::errorText(info.error)));
    } else {
        m_spaceOk = info.needed <= info.available;
        m_space->setText((m_spaceOk ? tr("Needs %1 on the destination; %2 available.")
                                    : tr("Not enough space: needs %1 on the destination, only %2 available."))
                             .arg(locale.formattedDataSize(qint64(info.needed)),
                                  locale.formattedDataSize(qint64(info.available))) +
                         QLatin1Char(' ') +
                         tr("The conversion uses at most %1 of RAM beyond the app's own.")
                             .arg(locale.formattedDataSize(qint64(info.peakMemory))));
    }
    setRunning(m_running);
}

void ConvertDialog::startOrResume()
{
    if (m_running)
        return;
    updateSpace();
    if (!m_spaceOk)
        return;
    sluice::qt::ConvertRequest req;
    req.source = m_source->text();
    req.destination = m_destination->text();
    req.jobs = m_jobs->value();
    req.reclaim = m_reclaim->isChecked();
    req.sampleVectors = m_sampleVectors;
    req.iterations = m_iterations;
    m_status->setText(tr("Starting…"));
    setRunning(true);
    m_thread->start(req);
}

void ConvertDialog::pause()
{
    if (m_running)
        m_thread->stop();
}

void ConvertDialog::reject()
{
    if (m_running) {
        // Cancel: stop between two records; what is done stays for a later resume.
        m_closeWhenStopped = true;
        m_thread->stop();
        return;
    }
    QDialog::reject();
}

void ConvertDialog::onProgress(const sluice::qt::ConvertStatus &s)
{
    if (s.phase == "trunk") {
        // The trunk pass comes first: the first bar follows it, by source bytes.
        const QLocale locale;
        m_layerBar->setFormat(tr("Trunk: %p%"));
        m_layerBar->setValue(s.trunkBytesTotal > 0 ? int(100 * s.trunkBytesDone / s.trunkBytesTotal) : 0);
        m_overallBar->setValue(0);
        m_status->setText(tr("Converting the trunk: tensor %1 of %2 — %3 of %4, %5/s, about %6 left")
                              .arg(s.trunkTensor + 1)
                              .arg(s.trunkTensors)
                              .arg(locale.formattedDataSize(qint64(s.trunkBytesDone)),
                                   locale.formattedDataSize(qint64(s.trunkBytesTotal)),
                                   locale.formattedDataSize(qint64(s.trunkBytesPerSecond)), duration(s.etaSeconds)));
        return;
    }
    m_layerBar->setFormat(tr("Layer: %p%"));
    const int perLayer = s.layers > 0 ? int(s.expertsTotal / quint64(s.layers)) : 0;
    const quint64 inLayer = perLayer > 0 ? s.expertsDone - quint64(s.layersDone) * quint64(perLayer) : 0;
    m_layerBar->setValue(perLayer > 0 ? int(100 * inLayer / quint64(perLayer)) : 0);
    m_overallBar->setValue(s.expertsTotal > 0 ? int(100 * s.expertsDone / s.expertsTotal) : 0);
    QString phase = s.phase == "codebooks" ? tr("fitting codebooks")
                    : s.phase == "experts"   ? tr("encoding experts")
                    : s.phase == "trunk"     ? tr("converting the trunk")
                                             : tr("writing the manifest");
    m_status->setText(tr("Layer %1 (%2 of %3 done): %4 — %5 of %6 experts, %7 experts/s, about %8 left")
                          .arg(s.layer)
                          .arg(s.layersDone)
                          .arg(s.layers)
                          .arg(phase)
                          .arg(s.expertsDone)
                          .arg(s.expertsTotal)
                          .arg(s.expertsPerSecond, 0, 'f', 2)
                          .arg(duration(s.etaSeconds)));
}

void ConvertDialog::onFinished(bool ok, bool cancelled, const sluice::qt::ErrorText &error, const QString &destination)
{
    const QString message = sluice::gui::errorText(error);
    setRunning(false);
    Q_EMIT conversionFinished(ok, cancelled, message);
    if (ok) {
        m_overallBar->setValue(100);
        m_layerBar->setValue(100);
        m_status->setText(tr("Converted: %1").arg(destination));
        if (m_askToOpen &&
            QMessageBox::question(this, tr("Conversion finished"), tr("Open the converted model now?")) ==
                QMessageBox::Yes)
            Q_EMIT openRequested(destination);
        return;
    }
    m_status->setText(cancelled ? tr("Paused. Convert again (now or after a restart) to resume where it stopped.")
                                : tr("Conversion failed: %1").arg(message));
    if (m_closeWhenStopped) {
        m_closeWhenStopped = false;
        QDialog::reject();
    }
}

void ConvertDialog::setRunning(bool running)
{
    m_running = running;
    m_start->setText(m_overallBar->value() > 0 && m_overallBar->value() < 100 ? tr("Resume") : tr("Convert"));
    m_start->setEnabled(!running && m_spaceOk);
    m_pause->setEnabled(running);
    m_source->setEnabled(!running);
    m_destination->setEnabled(!running);
    m_jobs->setEnabled(!running);
    m_reclaim->setEnabled(!running);
}
