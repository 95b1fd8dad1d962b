#pragma once
// Widgets that fit narrow screens (issue 30: the window and its dialogs at
// 800×600 in every language): a radio button whose text wraps, a label that
// elides with the whole text in its tooltip, and a row layout that moves its
// trailing items under its first one when the row is too narrow.
#include <QLabel>
#include <QLayout>
#include <QRadioButton>

namespace sluice::gui {

// A radio button whose text wraps at word boundaries instead of widening the
// window; text(), the mnemonic, keyboard use and the accessible name stay
// QRadioButton's own, and the whole text is the click target.
class WrappingRadioButton : public QRadioButton
{
    Q_OBJECT
public:
    explicit WrappingRadioButton(QWidget *parent = nullptr);

    QSize sizeHint() const override;        // the text on one line
    QSize minimumSizeHint() const override; // the longest word
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    bool hitButton(const QPoint &pos) const override;

private:
    int indicatorWidth() const; // the indicator and the gap after it
    QRect textRectFor(int width) const;
};

// A one-line label that may be narrower than its text: it then shows the text
// elided at the right and the whole text in its tooltip. text() stays whole.
class ElidingLabel : public QLabel
{
    Q_OBJECT
public:
    explicit ElidingLabel(QWidget *parent = nullptr);

    void setFullText(const QString &text);
    bool isElided() const;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void updateToolTip();
};

// One row: the first item at the left, the others at the right; when the row
// is narrower than all of them, the others go on the next line(s), right
// aligned. Its minimum width is its widest item, so a narrow pane never
// scrolls sideways to show a header's buttons.
class HeaderRowLayout : public QLayout
{
    Q_OBJECT
public:
    explicit HeaderRowLayout(QWidget *parent = nullptr);
    ~HeaderRowLayout() override;

    void addItem(QLayoutItem *item) override;
    int count() const override { return int(m_items.size()); }
    QLayoutItem *itemAt(int index) const override { return m_items.value(index); }
    QLayoutItem *takeAt(int index) override;
    QSize sizeHint() const override;
    QSize minimumSize() const override;
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    void setGeometry(const QRect &rect) override;
    Qt::Orientations expandingDirections() const override { return Qt::Horizontal; }
    // Whether the trailing items sit on the first item's line at `width`.
    bool fitsOneLine(int width) const;

private:
    int place(const QRect &rect, bool apply) const; // the height used
    int gap() const;
    QList<QLayoutItem *> shownItems() const;

    QList<QLayoutItem *> m_items;
};

} // namespace sluice::gui
