#include "common/uihelpers.h"

#include <QEvent>
#include <QGuiApplication>
#include <QObject>
#include <QLabel>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QStyle>
#include <QTimer>
#include <QTextDocument>
#include <algorithm>
#include <QLocale>

namespace sluice::gui {

QString formatBytes(quint64 bytes)
{
    const double gib = double(bytes) / double(1ull << 30);
    if (gib >= 1.0)
        return QObject::tr("%1 GiB").arg(formatNumber(gib, 2));
    return QObject::tr("%1 MiB").arg(formatNumber(double(bytes) / double(1ull << 20), 1));
}

QString formatBytesIn(quint64 bytes, quint64 unit)
{
    if (unit >= (1ull << 30))
        return QObject::tr("%1 GiB").arg(formatNumber(double(bytes) / double(1ull << 30), 2));
    return QObject::tr("%1 MiB").arg(formatNumber(double(bytes) / double(1ull << 20), 1));
}

quint64 unitFor(quint64 largestBytes) { return largestBytes < (1ull << 30) ? (1ull << 20) : (1ull << 30); }

QString formatNumber(double value, int decimals) { return QLocale().toString(value, 'f', decimals); }

namespace {

// Rich text measured at the label's width: QLabel::heightForWidth can keep the
// answer of an earlier, narrower layout too (the planner's legend in a wide dialog).
int richTextHeight(const QLabel *label)
{
    const QMargins m = label->contentsMargins();
    QTextDocument doc;
    doc.setDefaultFont(label->font());
    doc.setDocumentMargin(0);
    doc.setHtml(label->text());
    doc.setTextWidth(std::max(1, label->width() - m.left() - m.right() - 2 * label->margin()));
    return int(std::ceil(doc.size().height())) + m.top() + m.bottom() + 2 * label->margin();
}

} // namespace

void fitWrappedLabels(QWidget *root)
{
    for (QLabel *label : root->findChildren<QLabel *>()) {
        if (!label->wordWrap() || !label->isVisibleTo(root) || label->width() <= 0)
            continue;
        // QLabel::heightForWidth can answer from a layout made at an earlier,
        // narrower width (a message built while the view was hidden kept six
        // blank lines); plain text is measured directly.
        const bool plain = label->textFormat() == Qt::PlainText ||
                           (label->textFormat() == Qt::AutoText && !Qt::mightBeRichText(label->text()));
        const QMargins m = label->contentsMargins();
        const int h = plain ? label->fontMetrics()
                                      .boundingRect(QRect(0, 0, std::max(1, label->width() - m.left() - m.right()), 1 << 20),
                                                    int(label->alignment()) | Qt::TextWordWrap, label->text())
                                      .height() + m.top() + m.bottom() + 2 * label->margin()
                            : richTextHeight(label);
        if (h > 0 && label->minimumHeight() != h)
            label->setMinimumHeight(h);
    }
}

QLabel *makeTitleLabel(QWidget *parent)
{
    auto *label = new QLabel(parent);
    QFont bold = label->font();
    bold.setBold(true);
    label->setFont(bold);
    return label;
}

QLabel *makeHintLabel(QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setWordWrap(true);
    label->setForegroundRole(QPalette::PlaceholderText);
    return label;
}

namespace {
// A page that scrolls: vertically when taller than the room, horizontally
// only when its minimum width (a long path, say) is wider than the room, so
// no page sets its window's minimum size; a change of the page's size (a
// language switch) reaches the layouts above.
class PageScrollArea : public QScrollArea
{
public:
    using QScrollArea::QScrollArea;

    // The page's own size: the scroll area wants it whole, the layout decides.
    QSize sizeHint() const override
    {
        QSize s = QScrollArea::sizeHint();
        if (QWidget *page = widget())
            s = page->sizeHint() + QSize(style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, this), 0) +
                QSize(2 * frameWidth(), 2 * frameWidth());
        return s;
    }

protected:
    bool eventFilter(QObject *o, QEvent *e) override
    {
        if (o == widget() && e->type() == QEvent::LayoutRequest) {
            // QScrollArea sizes its page when the area is resized, not when the
            // page's needs change: rows that arrive after the dialog is shown
            // were squeezed into the old height, drawn over the widgets below.
            // Setting the (unchanged) flag makes it size the page again.
            updateGeometry();
            setWidgetResizable(true);
        }
        return QScrollArea::eventFilter(o, e);
    }
};

// Clamps its window again at the first show if it still has the size it was
// placed with (the position moves by the frame when the window is shown).
class FirstShowClamp : public QObject
{
public:
    FirstShowClamp(QWidget *window)
        : QObject(window)
        , m_placed(window->size())
    {
        window->installEventFilter(this);
    }

protected:
    bool eventFilter(QObject *o, QEvent *e) override
    {
        auto *window = static_cast<QWidget *>(parent());
        if (o == window && e->type() == QEvent::Show) {
            window->removeEventFilter(this);
            if (window->size() == m_placed)
                QTimer::singleShot(0, window, [window] { clampOntoScreen(window); });
            deleteLater();
        }
        return false;
    }

private:
    QSize m_placed;
};

QScreen *screenFor(const QWidget *w)
{
    if (w->isVisible() && w->screen())
        return w->screen();
    if (const QWidget *p = w->parentWidget(); p && p->window()->screen())
        return p->window()->screen();
    return QGuiApplication::primaryScreen();
}

// Moves `r` inside `area` (its size already bounded to it).
QRect movedInside(QRect r, const QRect &area)
{
    r.moveLeft(std::clamp(r.left(), area.left(), std::max(area.left(), area.right() - r.width() + 1)));
    r.moveTop(std::clamp(r.top(), area.top(), std::max(area.top(), area.bottom() - r.height() + 1)));
    return r;
}
} // namespace

QRect availableGeometryFor(const QWidget *w)
{
    QScreen *s = screenFor(w);
    return s ? s->availableGeometry() : QRect(0, 0, 1024, 640);
}

void fitWindowToScreen(QWidget *window, const QRect &available, QSize wanted)
{
    if (!wanted.isValid())
        wanted = window->sizeHint();
    // The frame is known once shown; before that the title bar is allowed for.
    const QSize frame = window->isVisible() ? window->frameGeometry().size() - window->size() : QSize(0, 0);
    const QSize size = wanted.boundedTo(available.size() - frame);
    QRect r(QPoint(0, 0), size);
    if (const QWidget *p = window->parentWidget())
        r.moveCenter(p->window()->geometry().center());
    else
        r.moveCenter(available.center());
    window->resize(size);
    window->move(movedInside(r.adjusted(0, 0, frame.width(), frame.height()), available).topLeft());
}

void clampOntoScreen(QWidget *window)
{
    const QRect g = window->geometry();
    QScreen *best = nullptr;
    qint64 bestArea = -1;
    for (QScreen *s : QGuiApplication::screens()) {
        const QRect i = s->availableGeometry().intersected(g);
        const qint64 area = i.isEmpty() ? 0 : qint64(i.width()) * i.height();
        if (area > bestArea) {
            best = s;
            bestArea = area;
        }
    }
    if (bestArea <= 0)
        best = QGuiApplication::screenAt(g.center()) ? QGuiApplication::screenAt(g.center()) : QGuiApplication::primaryScreen();
    if (!best)
        return;
    const QRect area = best->availableGeometry();
    const QSize frame = window->isVisible() ? window->frameGeometry().size() - window->size() : QSize(0, 0);
    const QSize size = g.size().boundedTo(area.size() - frame).expandedTo(window->minimumSize());
    const QPoint at = window->frameGeometry().topLeft();
    const QRect placed = movedInside(QRect(at, size + frame), area);
    if (size != g.size())
        window->resize(size);
    if (placed.topLeft() != at)
        window->move(placed.topLeft()); // move() places the frame
}

void placeOnScreen(QWidget *window, const QByteArray &saved, QSize size)
{
    if (!saved.isEmpty() && window->restoreGeometry(saved))
        clampOntoScreen(window);
    else
        fitWindowToScreen(window, availableGeometryFor(window), size);
    new FirstShowClamp(window);
}

QScrollArea *makePageScrollArea(QWidget *page, QWidget *parent)
{
    auto *area = new PageScrollArea(parent);
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    area->setWidget(page); // which filters the page's events: its LayoutRequest reaches eventFilter
    return area;
}

} // namespace sluice::gui
