#pragma once
// The images attached to the next prompt: thumbnails with a remove button.
// Accepts dropped files, pasted images and a file picker. Every file is
// checked with the core image loader (header bounds first, then a full decode)
// on a worker thread, so a 64-megapixel file never freezes the window.
#include <QFutureWatcher>
#include <QMimeData>
#include <QStringList>
#include <QWidget>

class QHBoxLayout;
class QLabel;
class QDragEnterEvent;
class QDropEvent;

namespace sluice::gui {

class ImageStrip : public QWidget
{
    Q_OBJECT
public:
    explicit ImageStrip(const QString &pasteDirectory, QWidget *parent = nullptr);

    // Whether the open model has a vision tower; without one images are refused.
    void setVisionAvailable(bool available, bool modelOpen);
    bool visionAvailable() const { return m_vision; }

    QStringList images() const { return m_paths; }
    int count() const { return int(m_paths.size()); }
    int pendingChecks() const { return m_pending; }
    void clear();

    // Each returns false (and emits refused) when the image cannot be taken.
    bool addFile(const QString &path);
    bool addImage(const QImage &image); // pasted pixels, kept as a PNG in pasteDirectory
    bool addMimeData(const QMimeData *mime);
    static bool mimeHasImages(const QMimeData *mime);

Q_SIGNALS:
    void imagesChanged();
    // A readable sentence for the user (status bar / message box).
    void refused(const QString &message);

protected:
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    struct Checked {
        QString path;
        QString error; // empty = fine
        QImage thumbnail;
    };
    static Checked check(const QString &path);
    void addThumbnail(const Checked &checked);
    void retranslate();
    bool refuseIfNoVision();

    QString m_pasteDir;
    bool m_vision = false;
    bool m_modelOpen = false;
    int m_pending = 0;
    QStringList m_paths;
    QHBoxLayout *m_layout;
    QLabel *m_hint;
};

} // namespace sluice::gui
