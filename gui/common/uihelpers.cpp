#include "common/uihelpers.h"

#include <QObject>
#include <QLabel>
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

} // namespace sluice::gui
