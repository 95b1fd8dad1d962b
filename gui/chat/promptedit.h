#pragma once
// The prompt editor: Enter sends, Shift+Enter inserts a new line. Pasted or
// dropped images are handed to the image strip instead of becoming text.
#include <QMimeData>
#include <QPlainTextEdit>

namespace sluice::gui {

class ImageStrip;

class PromptEdit : public QPlainTextEdit
{
    Q_OBJECT
public:
    explicit PromptEdit(QWidget *parent = nullptr);
    void setImageStrip(ImageStrip *strip) { m_strip = strip; }

Q_SIGNALS:
    void sendRequested();

protected:
    void keyPressEvent(QKeyEvent *event) override;
    bool canInsertFromMimeData(const QMimeData *source) const override;
    void insertFromMimeData(const QMimeData *source) override;

private:
    ImageStrip *m_strip = nullptr;
};

} // namespace sluice::gui
