#include "chat/imagestrip.h"

#include "common/errortext.h"
#include "api/inspect.h"

#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QImage>
#include <QLabel>
#include <QMimeData>
#include <QToolButton>
#include <QUuid>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace sluice::gui {

namespace {
constexpr int kThumb = 72;
}

ImageStrip::ImageStrip(const QString &pasteDirectory, QWidget *parent)
    : QWidget(parent)
    , m_pasteDir(pasteDirectory)
{
    setAcceptDrops(true);
    m_layout = new QHBoxLayout(this);
    m_layout->setContentsMargins(0, 0, 0, 0);
    m_hint = new QLabel(this);
    m_hint->setForegroundRole(QPalette::PlaceholderText);
    m_hint->setWordWrap(true);
    m_layout->addWidget(m_hint, 1);
    m_layout->addStretch(0); // keeps thumbnails packed to the left once the hint hides
    retranslate();
}

void ImageStrip::setVisionAvailable(bool available, bool modelOpen)
{
    m_vision = available;
    m_modelOpen = modelOpen;
    retranslate();
}

void ImageStrip::retranslate()
{
    setAccessibleName(tr("Attached images"));
    if (!m_modelOpen)
        m_hint->setText(tr("Images you attach (drop, paste or Attach…) appear here once a model with vision is open."));
    else if (!m_vision)
        m_hint->setText(tr("This model has no vision tower, so it cannot look at images."));
    else
        m_hint->setText(tr("Drop, paste or attach images (PNG, JPEG, GIF, BMP, TGA)."));
    m_hint->setVisible(m_paths.isEmpty());
    m_hint->setAccessibleName(m_hint->text());
}

void ImageStrip::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

bool ImageStrip::refuseIfNoVision()
{
    if (m_vision)
        return false;
    Q_EMIT refused(m_modelOpen ? tr("Sorry, this model cannot read images: it has no vision tower. "
                                  "Open a model with vision to attach images.")
                             : tr("Open a model with a vision tower before attaching images."));
    return true;
}

ImageStrip::Checked ImageStrip::check(const QString &path)
{
    // Runs on a pool thread: the same loader the engine uses, so what is
    // accepted here will decode there. Header bounds are checked before decoding.
    Checked out;
    out.path = path;
    Expected<vision::RgbImage> img = loadImage(path.toStdString());
    if (!img) {
        out.error = errorText(img.status());
        return out;
    }
    QImage full(img->rgb.data(), img->width, img->height, img->width * 3, QImage::Format_RGB888);
    out.thumbnail = full.scaled(kThumb, kThumb, Qt::KeepAspectRatio, Qt::SmoothTransformation).copy();
    return out;
}

bool ImageStrip::addFile(const QString &path)
{
    if (refuseIfNoVision())
        return false;
    const QFileInfo fi(path);
    if (!fi.isFile()) {
        Q_EMIT refused(tr("“%1” is not an image file.").arg(fi.fileName()));
        return false;
    }
    ++m_pending;
    auto *watcher = new QFutureWatcher<Checked>(this);
    connect(watcher, &QFutureWatcher<Checked>::finished, this, [this, watcher] {
        --m_pending;
        const Checked c = watcher->result();
        watcher->deleteLater();
        if (!c.error.isEmpty()) {
            Q_EMIT refused(tr("“%1” cannot be used: %2").arg(QFileInfo(c.path).fileName(), c.error));
            return;
        }
        addThumbnail(c);
    });
    watcher->setFuture(QtConcurrent::run(&ImageStrip::check, path));
    return true;
}

bool ImageStrip::addImage(const QImage &image)
{
    if (refuseIfNoVision())
        return false;
    if (image.isNull()) {
        Q_EMIT refused(tr("The clipboard image could not be read."));
        return false;
    }
    // The engine reads images from files, so pasted pixels are kept as a PNG.
    QDir().mkpath(m_pasteDir);
    const QString path =
        QDir(m_pasteDir).filePath(QStringLiteral("pasted-%1.png").arg(QUuid::createUuid().toString(QUuid::Id128)));
    if (!image.save(path, "PNG")) {
        Q_EMIT refused(tr("The pasted image could not be saved to %1.").arg(m_pasteDir));
        return false;
    }
    return addFile(path);
}

bool ImageStrip::mimeHasImages(const QMimeData *mime)
{
    if (mime->hasImage())
        return true;
    for (const QUrl &url : mime->urls())
        if (url.isLocalFile())
            return true;
    return false;
}

bool ImageStrip::addMimeData(const QMimeData *mime)
{
    bool any = false;
    if (mime->hasUrls()) {
        for (const QUrl &url : mime->urls())
            if (url.isLocalFile())
                any = addFile(url.toLocalFile()) || any;
        if (any || !m_vision)
            return any;
    }
    if (mime->hasImage())
        return addImage(qvariant_cast<QImage>(mime->imageData()));
    return any;
}

void ImageStrip::dragEnterEvent(QDragEnterEvent *event)
{
    if (mimeHasImages(event->mimeData()))
        event->acceptProposedAction();
}

void ImageStrip::dropEvent(QDropEvent *event)
{
    if (addMimeData(event->mimeData()))
        event->acceptProposedAction();
}

void ImageStrip::addThumbnail(const Checked &c)
{
    auto *cell = new QWidget(this);
    auto *v = new QVBoxLayout(cell);
    v->setContentsMargins(0, 0, 0, 0);
    v->setSpacing(2);
    auto *thumb = new QLabel(cell);
    thumb->setPixmap(QPixmap::fromImage(c.thumbnail));
    thumb->setFixedSize(kThumb, kThumb);
    thumb->setAlignment(Qt::AlignCenter);
    thumb->setFrameShape(QFrame::StyledPanel);
    const QString name = QFileInfo(c.path).fileName();
    thumb->setToolTip(c.path);
    thumb->setAccessibleName(tr("Image %1").arg(name));
    auto *remove = new QToolButton(cell);
    remove->setText(tr("Remove"));
    remove->setAccessibleName(tr("Remove image %1").arg(name));
    remove->setToolTip(tr("Remove this image from the prompt"));
    v->addWidget(thumb);
    v->addWidget(remove, 0, Qt::AlignHCenter);
    m_layout->insertWidget(m_layout->count() - 2, cell);
    m_paths.append(c.path);
    const QString path = c.path;
    connect(remove, &QToolButton::clicked, this, [this, cell, path] {
        m_paths.removeOne(path);
        cell->deleteLater();
        retranslate();
        Q_EMIT imagesChanged();
    });
    retranslate();
    Q_EMIT imagesChanged();
}

void ImageStrip::clear()
{
    m_paths.clear();
    for (int i = m_layout->count() - 1; i >= 0; --i) {
        QWidget *w = m_layout->itemAt(i)->widget();
        if (w && w != m_hint) {
            delete m_layout->takeAt(i); // the QWidgetItem is ours once taken; the widget is not in it
            delete w;
        }
    }
    retranslate();
    Q_EMIT imagesChanged();
}

} // namespace sluice::gui
