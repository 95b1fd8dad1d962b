#pragma once
// Read-only Markdown text that is exactly as tall as its content, for use in a
// scrolling column of messages. A QTextBrowser underneath (QLabel's height-for-
// width dropped trailing code blocks); code blocks get a tinted background.
#include <QTextBrowser>

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

protected:
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void fitHeight();
    void styleCodeBlocks();
    QString m_markdown;
};

} // namespace sluice::gui
