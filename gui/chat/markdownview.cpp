#include "chat/markdownview.h"

#include <QAbstractTextDocumentLayout>
#include <QEvent>
#include <QTextBlock>
#include <QTextCursor>

namespace sluice::gui {

MarkdownView::MarkdownView(QWidget *parent)
    : QTextBrowser(parent)
{
    setFrameShape(QFrame::NoFrame);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setOpenExternalLinks(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    document()->setDocumentMargin(2);
    viewport()->setAutoFillBackground(false);
    setAutoFillBackground(false);
    connect(document()->documentLayout(), &QAbstractTextDocumentLayout::documentSizeChanged, this,
            &MarkdownView::fitHeight);
}

void MarkdownView::setMarkdownText(const QString &markdown)
{
    if (markdown == m_markdown)
        return;
    m_markdown = markdown;
    setMarkdown(markdown);
    styleCodeBlocks();
    fitHeight();
}

void MarkdownView::styleCodeBlocks()
{
    // The Markdown importer marks fenced and indented code blocks; tint them so
    // code stands apart from prose in both themes.
    const QColor tint = palette().color(QPalette::AlternateBase);
    QTextCursor cursor(document());
    cursor.beginEditBlock();
    for (QTextBlock b = document()->begin(); b.isValid(); b = b.next()) {
        QTextBlockFormat f = b.blockFormat();
        if (f.hasProperty(QTextFormat::BlockCodeFence) || f.hasProperty(QTextFormat::BlockCodeLanguage) ||
            b.charFormat().fontFixedPitch()) {
            f.setBackground(tint);
            cursor.setPosition(b.position());
            cursor.setBlockFormat(f);
        }
    }
    cursor.endEditBlock();
}

void MarkdownView::fitHeight()
{
    document()->setTextWidth(viewport()->width());
    const int h = int(std::ceil(document()->size().height())) + frameWidth() * 2;
    if (h != height())
        setFixedHeight(h);
}

QSize MarkdownView::sizeHint() const { return {200, height()}; }
QSize MarkdownView::minimumSizeHint() const { return {50, height()}; }

void MarkdownView::resizeEvent(QResizeEvent *event)
{
    QTextBrowser::resizeEvent(event);
    fitHeight();
}

void MarkdownView::changeEvent(QEvent *event)
{
    QTextBrowser::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && !m_markdown.isEmpty()) {
        setMarkdown(m_markdown);
        styleCodeBlocks();
    }
}

} // namespace sluice::gui
