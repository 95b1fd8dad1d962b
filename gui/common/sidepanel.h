#pragma once
// Base of the side-panel pages (budget, statistics, model), the chat list and
// the message widgets, everything with wrapped text: retranslates on a language change and refits its
// word-wrapped labels when resized or retranslated (tab pages do not pass
// height-for-width down, so a wrapped label would otherwise overlap).
#include <QFrame>

namespace sluice::gui {

class SidePanel : public QFrame
{
    Q_OBJECT
public:
    explicit SidePanel(QWidget *parent = nullptr);

protected:
    // Sets every user-visible text; subclasses call it once at the end of their constructor.
    virtual void retranslate() = 0;
    // Refit once the layouts have run (after texts changed height).
    void refitLater();
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
};

} // namespace sluice::gui
