#include "uihelpers.h"

#include <QObject>
#include <QLabel>
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

void fitWrappedLabels(QWidget *root)
{
    for (QLabel *label : root->findChildren<QLabel *>()) {
        if (!label->wordWrap() || !label->isVisibleTo(root) || label->width() <= 0)
            continue;
        const int h = label->heightForWidth(label->width());
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
