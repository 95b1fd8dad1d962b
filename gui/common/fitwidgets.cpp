#include "common/fitwidgets.h"

#include <QPainter>
#include <QStyle>
#include <QStyleOptionButton>
#include <QStylePainter>
#include <QTextLayout>

#include <algorithm>

namespace sluice::gui {

namespace {
constexpr int kTextFlags = Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap | Qt::TextShowMnemonic;
} // namespace

WrappingRadioButton::WrappingRadioButton(QWidget *parent)
    : QRadioButton(parent)
{
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
}

int WrappingRadioButton::indicatorWidth() const
{
    QStyleOptionButton opt;
    initStyleOption(&opt);
    return style()->pixelMetric(QStyle::PM_ExclusiveIndicatorWidth, &opt, this) +
           style()->pixelMetric(QStyle::PM_RadioButtonLabelSpacing, &opt, this);
}

// Where the text goes in a button `width` wide: after the indicator, as tall as its wrapped lines.
QRect WrappingRadioButton::textRectFor(int width) const
{
    const int left = indicatorWidth();
    const int textWidth = std::max(1, width - left - 2);
    const QRect r = fontMetrics().boundingRect(QRect(0, 0, textWidth, 100000), kTextFlags, text());
    return QRect(left, 1, textWidth, r.height());
}

QSize WrappingRadioButton::sizeHint() const
{
    const int oneLine = fontMetrics().boundingRect(QRect(0, 0, 100000, 1000), kTextFlags, text()).width();
    const int w = indicatorWidth() + oneLine + 2;
    return QSize(w, heightForWidth(w));
}

QSize WrappingRadioButton::minimumSizeHint() const
{
    int longest = 0;
    const QString plain = QString(text()).remove(QLatin1Char('&'));
    for (const QString &word : plain.split(QLatin1Char(' '), Qt::SkipEmptyParts))
        longest = std::max(longest, fontMetrics().horizontalAdvance(word));
    // The height of one line: the layout gives the wrapped height for the width it chose (heightForWidth).
    return QSize(indicatorWidth() + longest + 2, sizeHint().height());
}

int WrappingRadioButton::heightForWidth(int width) const
{
    QStyleOptionButton opt;
    initStyleOption(&opt);
    const int indicator = style()->pixelMetric(QStyle::PM_ExclusiveIndicatorHeight, &opt, this);
    return std::max(indicator, textRectFor(width).height()) + 2;
}

void WrappingRadioButton::paintEvent(QPaintEvent *)
{
    QStylePainter p(this);
    QStyleOptionButton opt;
    initStyleOption(&opt);
    const QRect text = textRectFor(width());
    // The indicator beside the first line, as a one-line radio button has it.
    const int ih = style()->pixelMetric(QStyle::PM_ExclusiveIndicatorHeight, &opt, this);
    const int iw = style()->pixelMetric(QStyle::PM_ExclusiveIndicatorWidth, &opt, this);
    const int line = fontMetrics().height();
    QStyleOptionButton indicator = opt;
    indicator.rect = QStyle::visualRect(layoutDirection(), rect(), QRect(0, 1 + std::max(0, (line - ih) / 2), iw, ih));
    p.drawPrimitive(QStyle::PE_IndicatorRadioButton, indicator);
    const QRect shown = QStyle::visualRect(layoutDirection(), rect(), text);
    int flags = kTextFlags;
    if (!style()->styleHint(QStyle::SH_UnderlineShortcut, &opt, this))
        flags |= Qt::TextHideMnemonic;
    style()->drawItemText(&p, shown, flags, palette(), isEnabled(), this->text(), QPalette::WindowText);
    if (hasFocus()) {
        QStyleOptionFocusRect focus;
        focus.initFrom(this);
        focus.rect = shown.adjusted(-1, 0, 1, 0);
        p.drawPrimitive(QStyle::PE_FrameFocusRect, focus);
    }
}

bool WrappingRadioButton::hitButton(const QPoint &pos) const { return rect().contains(pos); }

ElidingLabel::ElidingLabel(QWidget *parent)
    : QLabel(parent)
{
    setTextFormat(Qt::PlainText);
    setWordWrap(false);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
}

void ElidingLabel::setFullText(const QString &text)
{
    setText(text);
    updateToolTip();
}

bool ElidingLabel::isElided() const
{
    return fontMetrics().horizontalAdvance(text()) > contentsRect().width();
}

// A few characters and the ellipsis: the rest of the text is in the tooltip.
QSize ElidingLabel::minimumSizeHint() const
{
    const QSize full = QLabel::minimumSizeHint();
    const int few = fontMetrics().horizontalAdvance(text().left(4) + QStringLiteral("…"));
    const QMargins m = contentsMargins();
    return QSize(std::min(full.width(), few + m.left() + m.right() + 2 * margin()), full.height());
}

void ElidingLabel::paintEvent(QPaintEvent *event)
{
    if (!isElided()) {
        QLabel::paintEvent(event);
        return;
    }
    QPainter p(this);
    const QRect r = contentsRect();
    const QString shown = fontMetrics().elidedText(text(), Qt::ElideRight, r.width());
    style()->drawItemText(&p, r, QStyle::visualAlignment(layoutDirection(), alignment()), palette(), isEnabled(),
                          shown, foregroundRole());
}

void ElidingLabel::resizeEvent(QResizeEvent *event)
{
    QLabel::resizeEvent(event);
    updateToolTip();
}

void ElidingLabel::updateToolTip() { setToolTip(isElided() ? text() : QString()); }

HeaderRowLayout::HeaderRowLayout(QWidget *parent)
    : QLayout(parent)
{
    setContentsMargins(0, 0, 0, 0);
}

// The style's gap between widgets in a row when none was set.
int HeaderRowLayout::gap() const
{
    if (spacing() >= 0)
        return spacing();
    const QWidget *w = parentWidget();
    const int s = w ? w->style()->pixelMetric(QStyle::PM_LayoutHorizontalSpacing, nullptr, w) : -1;
    return s >= 0 ? s : 6;
}

HeaderRowLayout::~HeaderRowLayout()
{
    qDeleteAll(m_items);
}

void HeaderRowLayout::addItem(QLayoutItem *item) { m_items.append(item); }

QLayoutItem *HeaderRowLayout::takeAt(int index)
{
    if (index < 0 || index >= m_items.size())
        return nullptr;
    return m_items.takeAt(index);
}

QList<QLayoutItem *> HeaderRowLayout::shownItems() const
{
    QList<QLayoutItem *> out;
    for (QLayoutItem *i : m_items)
        if (!i->isEmpty())
            out.append(i);
    return out;
}

QSize HeaderRowLayout::sizeHint() const
{
    int w = 0, h = 0;
    const QList<QLayoutItem *> items = shownItems();
    for (QLayoutItem *i : items) {
        w += i->sizeHint().width();
        h = std::max(h, i->sizeHint().height());
    }
    const QMargins m = contentsMargins();
    return QSize(w + gap() * std::max<int>(0, int(items.size()) - 1) + m.left() + m.right(), h + m.top() + m.bottom());
}

// As narrow as the widest item, as tall as one line: the height at the width
// given comes from heightForWidth (a minimum as tall as the narrowest layout
// left blank space under a scrolled conversation).
QSize HeaderRowLayout::minimumSize() const
{
    int w = 0, h = 0;
    for (QLayoutItem *i : shownItems()) {
        w = std::max(w, i->minimumSize().width());
        h = std::max(h, i->minimumSize().height());
    }
    const QMargins m = contentsMargins();
    return QSize(w + m.left() + m.right(), h + m.top() + m.bottom());
}

int HeaderRowLayout::heightForWidth(int width) const { return place(QRect(0, 0, width, 0), false); }

void HeaderRowLayout::setGeometry(const QRect &rect)
{
    QLayout::setGeometry(rect);
    place(rect, true);
}

bool HeaderRowLayout::fitsOneLine(int width) const
{
    const QMargins m = contentsMargins();
    return sizeHint().width() - m.left() - m.right() <= width - m.left() - m.right();
}

// The first item at the left of the first line; the others at the right of
// it, or from the next line on, right aligned, as many per line as fit.
int HeaderRowLayout::place(const QRect &rect, bool apply) const
{
    const QRect area = rect.marginsRemoved(contentsMargins());
    const QList<QLayoutItem *> items = shownItems();
    if (items.isEmpty())
        return 0;
    const bool oneLine = fitsOneLine(rect.width());
    QLayoutItem *first = items.first();
    const int firstWidth = std::min(first->sizeHint().width(), area.width());
    int lineHeight = first->hasHeightForWidth()
                         ? std::max(first->heightForWidth(firstWidth), first->minimumSize().height())
                         : first->sizeHint().height();
    if (oneLine)
        for (QLayoutItem *i : items)
            lineHeight = std::max(lineHeight, i->sizeHint().height());
    if (apply)
        first->setGeometry(QRect(area.left(), area.top(), firstWidth, lineHeight));
    const QMargins m = contentsMargins();
    if (items.size() == 1)
        return lineHeight + m.top() + m.bottom();
    int y = area.top() + (oneLine ? 0 : lineHeight + gap());
    // The trailing items in lines of what fits, each line right aligned.
    for (qsizetype at = 1; at < items.size();) {
        qsizetype end = at;
        int width = 0, height = 0;
        while (end < items.size()) {
            const int w = items[end]->sizeHint().width() + (end > at ? gap() : 0);
            if (end > at && width + w > area.width())
                break;
            width += w;
            height = std::max(height, items[end]->sizeHint().height());
            ++end;
        }
        if (oneLine)
            height = lineHeight;
        int x = area.right() + 1 - std::min(width, area.width());
        for (qsizetype i = at; i < end; ++i) {
            const QSize s = items[i]->sizeHint();
            const int w = std::min(s.width(), area.width());
            if (apply)
                items[i]->setGeometry(QRect(x, y, w, height));
            x += w + gap();
        }
        y += height + gap();
        at = end;
    }
    return y - gap() - area.top() + m.top() + m.bottom();
}

} // namespace sluice::gui
