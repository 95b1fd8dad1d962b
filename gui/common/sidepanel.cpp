#include "common/sidepanel.h"

#include "common/uihelpers.h"

#include <QEvent>
#include <QTimer>

namespace sluice::gui {

SidePanel::SidePanel(QWidget *parent)
    : QFrame(parent)
{
}

void SidePanel::refitLater()
{
    QTimer::singleShot(0, this, [this] { fitWrappedLabels(this); });
}

void SidePanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        refitLater();
    }
    QFrame::changeEvent(event);
}

void SidePanel::resizeEvent(QResizeEvent *event)
{
    QFrame::resizeEvent(event);
    fitWrappedLabels(this);
    // The children get their new widths only when the layout runs after this
    // event: a label fitted now to its old, narrower width would keep a too
    // tall minimum (blank lines under a message's statistics), so fit again then.
    refitLater();
}

} // namespace sluice::gui
