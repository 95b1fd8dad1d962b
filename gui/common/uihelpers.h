#pragma once
// Small helpers every view uses: sizes and numbers in the user's locale, and
// the refit of word-wrapped labels in panels that lose height-for-width.
#include <QByteArray>
#include <QRect>
#include <QString>

class QLabel;
class QScrollArea;
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

// Small screens (issue 30): the available geometry of the screen `w` is on (its
// parent window's before it is shown; else the primary screen's).
QRect availableGeometryFor(const QWidget *w);
// Sizes the top-level `window` to `wanted` (its sizeHint() when empty), never
// larger than `available`, and moves it inside `available` (centred on its
// parent window when it has one).
void fitWindowToScreen(QWidget *window, const QRect &available, QSize wanted = QSize());
// A geometry restored from the settings that no longer fits any screen (saved
// on a bigger or a removed monitor) is shrunk and moved onto the nearest screen.
void clampOntoScreen(QWidget *window);
// A main window's first placement: `saved` (from saveGeometry()) restored and
// clamped onto a screen, else `size` bounded by the screen and centred. At the
// first show, when the frame is known, it is clamped again so the title bar is
// on screen too, unless the window was moved or resized on purpose before.
void placeOnScreen(QWidget *window, const QByteArray &saved, QSize size);
// `page` in a frameless scroll area that gives it the whole width: a tall or
// wide panel then scrolls instead of setting its window's minimum size.
QScrollArea *makePageScrollArea(QWidget *page, QWidget *parent);

} // namespace sluice::gui
