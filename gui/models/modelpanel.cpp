#include "models/modelpanel.h"

#include "app/backgroundjobs.h"
#include "common/uihelpers.h"

#include <QAccessible>
#include <QDir>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

namespace sluice::gui {

ModelPanel::ModelPanel(QWidget *parent)
    : SidePanel(parent)
{
    auto *layout = new QVBoxLayout(this);
    m_infoLabel = new QLabel(this);
    m_infoLabel->setWordWrap(true);
    m_infoLabel->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_infoLabel->setFocusPolicy(Qt::StrongFocus);
    m_verify = new QPushButton(this);
    m_verify->setEnabled(false);
    m_progress = new QProgressBar(this);
    m_progress->hide();
    m_cancel = new QPushButton(this);
    m_cancel->hide();
    m_result = new QLabel(this);
    m_result->setWordWrap(true);
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_job = new VerifyJob(this);
    for (QWidget *w : {static_cast<QWidget *>(m_infoLabel), static_cast<QWidget *>(m_verify),
                       static_cast<QWidget *>(m_progress), static_cast<QWidget *>(m_cancel),
                       static_cast<QWidget *>(m_result)})
        layout->addWidget(w);
    layout->addStretch(1);

    connect(m_verify, &QPushButton::clicked, this, &ModelPanel::verifyRequested);
    connect(m_cancel, &QPushButton::clicked, m_job, &VerifyJob::cancel);
    connect(m_job, &VerifyJob::progress, this, [this](int done, int total) {
        m_progress->setRange(0, std::max(1, total));
        m_progress->setValue(done);
    });
    connect(m_job, &VerifyJob::finished, this, &ModelPanel::showOutcome);
    retranslate();
}

void ModelPanel::showModel(const QString &path, const ModelInfo *info, int contextLength)
{
    m_path = path;
    m_remoteUrl.clear();
    m_haveModel = info != nullptr;
    if (info)
        m_info = *info;
    m_contextLength = contextLength;
    retranslate();
}

void ModelPanel::showRemote(const QString &url, const QString &model, const QStringList &models)
{
    m_path.clear();
    m_haveModel = false;
    m_remoteUrl = url;
    m_remoteModel = model;
    m_remoteModels = models;
    retranslate();
}

void ModelPanel::setVerifyAllowed(bool allowed)
{
    m_verifyAllowed = allowed;
    m_verify->setEnabled(allowed && !m_job->isRunning());
}

bool ModelPanel::isVerifying() const { return m_job->isRunning(); }

QString ModelPanel::verifyResultText() const { return m_result->text(); }

void ModelPanel::startVerify(const QString &modelPath)
{
    if (modelPath.isEmpty() || m_job->isRunning())
        return;
    m_verify->setEnabled(false);
    m_progress->setRange(0, 0);
    m_progress->show();
    m_cancel->show();
    m_result->setText(tr("Verifying %1…").arg(QDir::toNativeSeparators(modelPath)));
    m_job->start(modelPath);
}

void ModelPanel::showOutcome(const VerifyOutcome &o)
{
    m_progress->hide();
    m_cancel->hide();
    m_verify->setEnabled(m_verifyAllowed);
    QString text;
    if (!o.error.isEmpty()) {
        text = tr("Could not verify: %1").arg(o.error);
    } else if (o.report.cancelled) {
        text = tr("Verification cancelled after %n record(s).", nullptr, int(o.report.records));
    } else if (o.report.damaged.empty()) {
        text = tr("All %n record(s) intact (headers and CRC).", nullptr, int(o.report.records));
    } else {
        QStringList lines;
        lines << tr("%n damaged record(s):", nullptr, int(o.report.damaged.size()));
        for (const RecordDamage &d : o.report.damaged)
            lines << (d.expert >= 0 ? tr("layer %1, expert %2").arg(d.layer).arg(d.expert)
                                    : tr("layer %1 (whole bank)").arg(d.layer))
                         + QStringLiteral(": ") + QString::fromStdString(d.what);
        text = lines.join(QLatin1Char('\n'));
    }
    m_result->setText(text);
    QAccessibleEvent ev(m_result, QAccessible::Alert);
    QAccessible::updateAccessibility(&ev);
    Q_EMIT verifyFinished();
}

void ModelPanel::retranslate()
{
    setAccessibleName(tr("Model information"));
    m_infoLabel->setAccessibleName(tr("Model information"));
    m_verify->setText(tr("Verify container"));
    m_verify->setAccessibleName(tr("Verify the model container"));
    m_verify->setToolTip(tr("Checks every expert record's header and CRC, like `sluice-cli verify MODEL`"));
    m_cancel->setText(tr("Cancel verification"));
    m_cancel->setAccessibleName(tr("Cancel verification"));
    m_progress->setAccessibleName(tr("Verification progress"));
    m_result->setAccessibleName(tr("Verification result"));
    if (!m_remoteUrl.isEmpty()) {
        m_infoLabel->setText(tr("Remote server: %1\nModel: %2\nThe server offers: %3\nReplies are computed there: "
                                "the budget, the expert cache and verification belong to the server.")
                                 .arg(m_remoteUrl, m_remoteModel, m_remoteModels.join(QStringLiteral(", "))));
        return;
    }
    if (!m_haveModel) {
        m_infoLabel->setText(tr("Architecture, parameter count, container size and whether the model can see images "
                                "are shown here once a model is open."));
        return;
    }
    const ModelInfo &i = m_info;
    QStringList lines;
    lines << tr("Folder: %1").arg(QDir::toNativeSeparators(m_path));
    lines << tr("Architecture: %1").arg(QString::fromStdString(i.architecture));
    if (i.release) {
        // A release folder opened as it is (issue 11): say so, and what it costs against converting.
        lines << QString::fromStdString(i.description);
        lines << tr("Trunk cache: %1 (%2)").arg(formatBytes(i.trunkCacheBytes), QDir::toNativeSeparators(QString::fromStdString(i.trunkCachePath)));
        if (i.vq3rRecordBytes)
            lines << tr("Reads %1 per expert miss, %2% more than a converted VQ3R container (%3)")
                         .arg(formatBytes(i.recordBytes))
                         .arg(qRound(100.0 * (double(i.recordBytes) / double(i.vq3rRecordBytes) - 1.0)))
                         .arg(formatBytes(i.vq3rRecordBytes));
    }
    lines << tr("Parameters: %1 billion").arg(formatNumber(double(i.parameters) / 1e9, 3));
    lines << tr("Container size: %1").arg(formatBytes(i.containerBytes));
    lines << tr("Layers: %1 · experts: %2 (top-%3)").arg(i.layers).arg(i.experts).arg(i.modelTopK > 0 ? i.modelTopK : i.topK);
    if (i.modelTopK > 0 && i.topK < i.modelTopK)
        lines << tr("Experts per token: %1 of the model's %2 (the Memory budget panel sets it)").arg(i.topK).arg(i.modelTopK);
    lines << tr("Vision: %1").arg(i.hasVision ? tr("yes") : tr("no"));
    lines << tr("Budget: %1 · floor: %2").arg(formatBytes(i.budgetBytes), formatBytes(i.floorBytes));
    lines << tr("Expert cache: %1 (%n slot(s))", nullptr, i.expertCacheSlots).arg(formatBytes(i.expertCacheBytes));
    lines << tr("Direct I/O: %1").arg(i.directIo ? tr("yes") : tr("no (buffered reads)"));
    lines << tr("Context length: %1 tokens").arg(QLocale().toString(m_contextLength));
    m_infoLabel->setText(lines.join(QLatin1Char('\n')));
}

} // namespace sluice::gui
