#include "sidepanel.h"

#include "uihelpers.h"

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
}

} // namespace sluice::gui
