#include "chat/promptedit.h"

#include "chat/imagestrip.h"

#include <QKeyEvent>
#include <QMimeData>

namespace sluice::gui {

PromptEdit::PromptEdit(QWidget *parent)
    : QPlainTextEdit(parent)
{
    setTabChangesFocus(true); // Tab moves on, so the window stays fully keyboard-operable
}

void PromptEdit::keyPressEvent(QKeyEvent *event)
{
    const bool enter = event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter;
    if (enter && !(event->modifiers() & (Qt::ShiftModifier | Qt::AltModifier | Qt::ControlModifier))) {
        Q_EMIT sendRequested();
        event->accept();
        return;
    }
    if (enter && (event->modifiers() & Qt::ShiftModifier)) {
        insertPlainText(QStringLiteral("\n"));
        event->accept();
        return;
    }
    QPlainTextEdit::keyPressEvent(event);
}

bool PromptEdit::canInsertFromMimeData(const QMimeData *source) const
{
    if (m_strip && ImageStrip::mimeHasImages(source))
        return true;
    return QPlainTextEdit::canInsertFromMimeData(source);
}

void PromptEdit::insertFromMimeData(const QMimeData *source)
{
    // Images (and image files) go to the strip; text stays text.
    if (m_strip && (source->hasImage() || (source->hasUrls() && !source->hasText()))) {
        m_strip->addMimeData(source);
        return;
    }
    if (m_strip && source->hasUrls()) {
        bool allFiles = true;
        for (const QUrl &u : source->urls())
            allFiles = allFiles && u.isLocalFile();
        if (allFiles) {
            m_strip->addMimeData(source);
            return;
        }
    }
    QPlainTextEdit::insertFromMimeData(source);
}

} // namespace sluice::gui
