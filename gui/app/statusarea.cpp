#include "app/statusarea.h"

#include "common/fitwidgets.h"
#include "common/uihelpers.h"

#include <QDir>
#include <QLabel>
#include <QProgressBar>
#include <QStatusBar>
#include <QToolButton>

namespace sluice::gui {

StatusArea::StatusArea(QStatusBar *bar)
    : QObject(bar)
{
    // Both elide with the whole text in the tooltip: at 800 px the French and
    // Indonesian figures were cut off at the window's right edge.
    m_model = new ElidingLabel(bar);
    m_stats = new ElidingLabel(bar);
    m_progress = new QProgressBar(bar);
    m_progress->setRange(0, 1000);
    m_progress->setMaximumWidth(220);
    m_progress->hide();
    m_cancel = new QToolButton(bar);
    m_cancel->hide();
    connect(m_cancel, &QToolButton::clicked, this, &StatusArea::cancelRequested);
    bar->addWidget(m_model, 1);
    bar->addPermanentWidget(m_stats);
    bar->addPermanentWidget(m_progress);
    bar->addPermanentWidget(m_cancel);
}

void StatusArea::showOpening(const QString &path)
{
    m_progress->setValue(0);
    m_progress->show();
    m_cancel->show();
    m_model->setFullText(tr("Opening %1…").arg(QDir::toNativeSeparators(path)));
}

void StatusArea::setOpenProgress(double fraction, const QString &stage)
{
    m_progress->setValue(int(fraction * 1000));
    m_progress->setFormat(stage.isEmpty() ? QStringLiteral("%p%") : stage + QStringLiteral(" %p%"));
}

void StatusArea::hideOpenProgress()
{
    m_progress->hide();
    m_cancel->hide();
}

void StatusArea::setModelText(const QString &text) { m_model->setFullText(text); }

void StatusArea::setStats(const qt::LiveStats &s)
{
    if (s.hitRate < 0) { // a remote backend: only what a client measures
        m_stats->setFullText(tr("%1 tok/s · first token %2 s · remote")
                             .arg(formatNumber(s.tokensPerSecond, 2), formatNumber(s.timeToFirstToken, 2)));
        return;
    }
    m_stats->setFullText(tr("%1 tok/s · first token %2 s · hit %3% · disk %4 GB/s · RAM %5 / %6")
                         .arg(formatNumber(s.tokensPerSecond, 2), formatNumber(s.timeToFirstToken, 2),
                              formatNumber(s.hitRate * 100, 1), formatNumber(s.diskGBps, 2),
                              formatBytes(s.residentBytes), formatBytes(s.budgetBytes)));
}

void StatusArea::retranslate()
{
    m_progress->setAccessibleName(tr("Model opening progress"));
    m_cancel->setText(tr("Cancel"));
    m_cancel->setAccessibleName(tr("Cancel opening the model"));
    m_model->setAccessibleName(tr("Model status"));
    m_stats->setAccessibleName(tr("Generation statistics"));
}

} // namespace sluice::gui
