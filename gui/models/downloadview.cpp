#include "models/downloadview.h"


#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QVBoxLayout>

#include <algorithm>

namespace sluice::gui {

namespace {
// KiB for a small file, GiB for a shard: the unit follows each figure (the user's locale's digits).
QString dataSize(quint64 bytes)
{
    return QLocale().formattedDataSize(qint64(bytes), 1, QLocale::DataSizeIecFormat);
}

// Bars count in permille: a file of 600 GiB overflows an int in bytes.
int permille(quint64 done, quint64 total)
{
    return total ? int(1000 * std::min<double>(1.0, double(done) / double(total))) : 0;
}
} // namespace

QString formatDuration(double seconds)
{
    if (seconds < 0)
        return QStringLiteral("–");
    const qint64 s = qint64(seconds + 0.5);
    if (s >= 3600)
        return DownloadView::tr("%1 h %2 min").arg(s / 3600).arg((s % 3600) / 60);
    if (s >= 60)
        return DownloadView::tr("%1 min %2 s").arg(s / 60).arg(s % 60);
    return DownloadView::tr("%1 s").arg(s);
}

DownloadView::DownloadView(QWidget *parent) : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_overall = new QProgressBar(this);
    m_overall->setRange(0, 1000);
    m_overall->setAccessibleName(tr("Whole download"));
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    m_summary->setAccessibleName(tr("Download progress"));
    m_files = new QVBoxLayout;
    m_note = new QLabel(this);
    m_note->setWordWrap(true);
    m_note->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_note->setAccessibleName(tr("Download state"));
    layout->addWidget(m_overall);
    layout->addWidget(m_summary);
    layout->addLayout(m_files);
    layout->addWidget(m_note);
    clear();
}

DownloadView::FileRow &DownloadView::row(int i)
{
    while (m_rows.size() <= i) {
        FileRow r{new QLabel(this), new QProgressBar(this)};
        r.name->setTextFormat(Qt::PlainText);
        r.bar->setRange(0, 1000);
        r.bar->setAccessibleName(tr("File progress"));
        m_files->addWidget(r.name);
        m_files->addWidget(r.bar);
        m_rows.append(r);
    }
    return m_rows[i];
}

void DownloadView::clear()
{
    m_overall->setValue(0);
    m_overall->setFormat(QString());
    m_summary->clear();
    m_note->clear();
    m_last = {};
    for (FileRow &r : m_rows) {
        r.name->hide();
        r.bar->hide();
    }
}

void DownloadView::setListed(int files, quint64 totalBytes)
{
    m_summary->setText(tr("%n file(s), %1 in all", nullptr, files).arg(dataSize(totalBytes)));
}

QString DownloadView::convertingText(const qt::DownloadStatus &s)
{
    if (s.convertPhase == QLatin1String("trunk"))
        return tr("Converting the trunk · %1 of %2 layers converted").arg(s.layersDone).arg(s.layers);
    if (s.convertPhase == QLatin1String("finish"))
        return tr("Finishing the container");
    return tr("Converting layer %1 of %2").arg(std::min(s.layersDone + 1, s.layers)).arg(s.layers);
}

void DownloadView::setStatus(const qt::DownloadStatus &s)
{
    m_last = s;
    m_overall->setValue(permille(s.totalDone, s.totalSize));
    m_overall->setFormat(tr("%1 of %2").arg(dataSize(s.totalDone), dataSize(s.totalSize)));
    if (s.converting) {
        m_summary->setText(tr("%1 · %2 of %3 files fetched").arg(convertingText(s)).arg(s.filesDone).arg(s.filesTotal));
        for (FileRow &r : m_rows) {
            r.name->hide();
            r.bar->hide();
        }
        return;
    }
    const QString rate = s.bytesPerSecond > 0 ? tr("%1/s").arg(dataSize(quint64(s.bytesPerSecond))) : tr("– /s");
    if (s.peers >= 0) { // a torrent: pieces, not files
        m_summary->setText(s.checking ? tr("Checking the pieces already on disk…")
                                      : tr("%1 · about %2 left · %n peer(s)", nullptr, s.peers)
                                            .arg(rate, formatDuration(s.etaSeconds)));
        for (FileRow &r : m_rows) {
            r.name->hide();
            r.bar->hide();
        }
        return;
    }
    m_summary->setText(tr("%1 · about %2 left · %3 of %4 files")
                           .arg(rate, formatDuration(s.etaSeconds))
                           .arg(s.filesDone)
                           .arg(s.filesTotal));
    for (int i = 0; i < s.files.size(); ++i) {
        const qt::FileProgress &f = s.files[i];
        FileRow &r = row(i);
        r.name->setText(f.path);
        r.bar->setValue(permille(f.done, f.size));
        r.bar->setFormat(tr("%1 of %2").arg(dataSize(f.done), dataSize(f.size)));
        r.name->show();
        r.bar->show();
    }
    for (int i = int(s.files.size()); i < m_rows.size(); ++i) {
        m_rows[i].name->hide();
        m_rows[i].bar->hide();
    }
}

void DownloadView::showStopped()
{
    if (m_last.peers >= 0) {
        m_summary->setText(tr("%1 of %2 verified").arg(dataSize(m_last.totalDone), dataSize(m_last.totalSize)));
        return;
    }
    m_summary->setText(tr("%1 of %2 files done").arg(m_last.filesDone).arg(m_last.filesTotal));
}

void DownloadView::setNote(const QString &text)
{
    m_note->setText(text);
}

int DownloadView::visibleFileRows() const
{
    int n = 0;
    for (const FileRow &r : m_rows)
        n += r.bar->isVisibleTo(this) ? 1 : 0;
    return n;
}

QString DownloadView::fileRowText(int row) const
{
    return row < m_rows.size() ? m_rows[row].name->text() : QString();
}

} // namespace sluice::gui
