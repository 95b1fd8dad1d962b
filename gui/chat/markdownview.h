#pragma once
// Read-only Markdown text that is exactly as tall as its content, for use in a
// scrolling column of messages. A QTextBrowser underneath (QLabel's height-for-
// width dropped trailing code blocks); code blocks get a tinted background, a
// header line and a "Copy" button that copies the block's text alone.
#include <QTextBrowser>

class QToolButton;

namespace sluice::gui {

class MarkdownView : public QTextBrowser
{
    Q_OBJECT
public:
    explicit MarkdownView(QWidget *parent = nullptr);
    void setMarkdownText(const QString &markdown);
    QString markdownText() const { return m_markdown; }
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    // The code blocks of the text, in order, exactly as the fences held them.
    int codeBlockCount() const { return int(m_codeBlocks.size()); }
    QString codeBlockText(int i) const { return m_codeBlocks.value(i).text; }
    QToolButton *copyButton(int i) const { return m_codeBlocks.value(i).button; }
    void copyCodeBlock(int i) const;
    // How often the text was parsed and laid out anew (tests: a streamed
    // reply must not re-render what is already settled).
    int renderCount() const { return m_renders; }

protected:
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    struct CodeBlock
    {
        QString text;
        int headerPosition = 0; // document position of the header line
        QToolButton *button = nullptr;
    };
    void render();
    void fitHeight();
    void styleCodeBlocks();
    void addCodeHeaders();
    void monospaceInlineCode();
    void placeCopyButtons();
    void retranslateButtons();
    QString m_markdown;
    QList<CodeBlock> m_codeBlocks;
    int m_renders = 0;
};

} // namespace sluice::gui
