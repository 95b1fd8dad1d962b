#pragma once
// Small helpers every view uses: sizes and numbers in the user's locale, and
// the refit of word-wrapped labels in panels that lose height-for-width.
#include <QString>

class QLabel;
class QWidget;

namespace sluice::gui {

// "1,50 Gio"-style sizes: GiB from 1 GiB up, else MiB; digits follow QLocale().
QString formatBytes(quint64 bytes);
// The same in a fixed unit (1 << 20 or 1 << 30), so one panel never mixes units.
QString formatBytesIn(quint64 bytes, quint64 unit);
// MiB when every figure of a view stays under 1 GiB, else GiB.
quint64 unitFor(quint64 largestBytes);
// A fixed-point number in the default locale (decimal comma in French).
QString formatNumber(double value, int decimals);
// Word-wrapped QLabels in panels that do not propagate height-for-width (tab
// pages, scroll areas) get their minimum height from their current width.
void fitWrappedLabels(QWidget *root);
// A bold heading label.
QLabel *makeTitleLabel(QWidget *parent);
// A word-wrapped label in the placeholder colour (empty states, hints).
QLabel *makeHintLabel(QWidget *parent);

} // namespace sluice::gui
