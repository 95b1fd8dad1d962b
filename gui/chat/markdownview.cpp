#include "chat/markdownview.h"

#include <QAbstractTextDocumentLayout>
#include <QClipboard>
#include <QEvent>
#include <QFontDatabase>
#include <QGuiApplication>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextCursor>
#include <QToolButton>

namespace sluice::gui {

namespace {

// Marks the header line put above a code block (not part of the Markdown).
constexpr int kCodeHeaderProperty = QTextFormat::UserProperty + 1;

bool isCodeBlock(const QTextBlock &b)
{
    const QTextBlockFormat f = b.blockFormat();
    if (f.hasProperty(kCodeHeaderProperty))
        return false;
    return f.hasProperty(QTextFormat::BlockCodeFence) || f.hasProperty(QTextFormat::BlockCodeLanguage) ||
           b.charFormat().fontFixedPitch();
}

} // namespace

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
    render();
}

void MarkdownView::render()
{
    ++m_renders;
    setMarkdown(m_markdown);
    styleCodeBlocks();
    monospaceInlineCode();
    addCodeHeaders();
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
        if (isCodeBlock(b)) {
            QTextBlockFormat f = b.blockFormat();
            f.setBackground(tint);
            cursor.setPosition(b.position());
            cursor.setBlockFormat(f);
        }
    }
    cursor.endEditBlock();
}

void MarkdownView::monospaceInlineCode()
{
    // The importer only sets the fixed-pitch hint, which fontconfig does not
    // always honour: name the system's fixed font so code is monospace.
    const QStringList fixed{QFontDatabase::systemFont(QFontDatabase::FixedFont).family()};
    QTextCursor cursor(document());
    cursor.beginEditBlock();
    for (QTextBlock b = document()->begin(); b.isValid(); b = b.next()) {
        for (auto it = b.begin(); !it.atEnd(); ++it) {
            const QTextFragment frag = it.fragment();
            if (!frag.isValid() || !frag.charFormat().fontFixedPitch())
                continue;
            QTextCharFormat f;
            f.setFontFamilies(fixed);
            cursor.setPosition(frag.position());
            cursor.setPosition(frag.position() + frag.length(), QTextCursor::KeepAnchor);
            cursor.mergeCharFormat(f);
        }
    }
    cursor.endEditBlock();
}

void MarkdownView::addCodeHeaders()
{
    // Each run of code lines is one block of code: its text is the lines joined
    // by newlines (what the fences held, without them or any markup).
    QList<CodeBlock> found;
    QList<int> starts;
    QStringList languages;
    for (QTextBlock b = document()->begin(); b.isValid(); b = b.next()) {
        if (!isCodeBlock(b))
            continue;
        const bool continues = b.previous().isValid() && isCodeBlock(b.previous());
        if (!continues) {
            found.append(CodeBlock{});
            starts.append(b.position());
            languages.append(b.blockFormat().stringProperty(QTextFormat::BlockCodeLanguage));
        } else {
            found.last().text += QLatin1Char('\n');
        }
        found.last().text += b.text();
    }
    // A header line above each block (from the last, so earlier positions hold)
    // holds the language and leaves room for the Copy button.
    // Measured only when there is a block, on a kept button when there is one
    // (a streaming reply re-renders at 30 Hz).
    int buttonHeight = 0;
    if (!starts.isEmpty())
        buttonHeight = m_codeBlocks.isEmpty() ? QToolButton().sizeHint().height()
                                              : m_codeBlocks[0].button->sizeHint().height();
    QTextCursor cursor(document());
    cursor.beginEditBlock();
    for (int i = int(starts.size()) - 1; i >= 0; --i) {
        cursor.setPosition(starts[i]);
        const QTextBlockFormat code = cursor.blockFormat();
        cursor.insertBlock(code, cursor.block().charFormat());
        cursor.movePosition(QTextCursor::PreviousBlock);
        QTextBlockFormat header;
        header.setProperty(kCodeHeaderProperty, true);
        header.setBackground(code.background());
        header.setLineHeight(buttonHeight, QTextBlockFormat::MinimumHeight);
        cursor.setBlockFormat(header);
        QTextCharFormat small;
        small.setForeground(palette().color(QPalette::PlaceholderText));
        cursor.insertText(languages[i], small);
    }
    cursor.endEditBlock();
    // Buttons are kept across renders: a streaming reply re-renders per token.
    for (int i = 0; i < found.size(); ++i) {
        found[i].button = i < m_codeBlocks.size() ? m_codeBlocks[i].button : nullptr;
        if (!found[i].button) {
            auto *button = new QToolButton(viewport());
            button->setAutoRaise(true);
            button->setFocusPolicy(Qt::StrongFocus);
            connect(button, &QToolButton::clicked, this, [this, i] { copyCodeBlock(i); });
            // Tab goes from the text to its blocks' buttons in reading order.
            QWidget::setTabOrder(i == 0 ? static_cast<QWidget *>(this) : found[i - 1].button, button);
            found[i].button = button;
        }
    }
    for (qsizetype i = found.size(); i < m_codeBlocks.size(); ++i)
        delete m_codeBlocks[i].button;
    m_codeBlocks = found;
    retranslateButtons();
}

void MarkdownView::copyCodeBlock(int i) const
{
    if (i >= 0 && i < m_codeBlocks.size())
        QGuiApplication::clipboard()->setText(m_codeBlocks[i].text);
}

void MarkdownView::retranslateButtons()
{
    for (int i = 0; i < m_codeBlocks.size(); ++i) {
        QToolButton *b = m_codeBlocks[i].button;
        b->setText(tr("Copy"));
        b->setToolTip(tr("Copy this code to the clipboard"));
        b->setAccessibleName(tr("Copy code block %1").arg(i + 1));
    }
    placeCopyButtons();
}

void MarkdownView::placeCopyButtons()
{
    // Each button sits at the right end of its block's header line.
    int i = 0;
    auto *layout = document()->documentLayout();
    for (QTextBlock b = document()->begin(); b.isValid() && i < m_codeBlocks.size(); b = b.next()) {
        if (!b.blockFormat().hasProperty(kCodeHeaderProperty))
            continue;
        QToolButton *button = m_codeBlocks[i++].button;
        button->adjustSize();
        const QRectF r = layout->blockBoundingRect(b);
        const int y = int(r.top()) - verticalScrollBar()->value();
        button->move(viewport()->width() - button->width() - 4, y);
        button->show();
    }
}

void MarkdownView::fitHeight()
{
    document()->setTextWidth(viewport()->width());
    const int h = int(std::ceil(document()->size().height())) + frameWidth() * 2;
    if (h != height())
        setFixedHeight(h);
    placeCopyButtons();
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
    if (event->type() == QEvent::PaletteChange && !m_markdown.isEmpty())
        render();
    else if (event->type() == QEvent::LanguageChange)
        retranslateButtons();
}

} // namespace sluice::gui
