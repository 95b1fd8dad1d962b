#pragma once
// The status bar's permanent parts: what model is open (or opening, with a
// progress bar and Cancel) and the figures of the running reply. Transient
// notices go through QStatusBar::showMessage as usual.
#include "qt/enginetypes.h"

#include <QObject>

class QProgressBar;
class QStatusBar;
class QToolButton;

namespace sluice::gui {

class ElidingLabel;

class StatusArea : public QObject
{
    Q_OBJECT
public:
    explicit StatusArea(QStatusBar *bar);

    void showOpening(const QString &path);
    void setOpenProgress(double fraction, const QString &stage);
    void hideOpenProgress();
    void setModelText(const QString &text);
    void setStats(const qt::LiveStats &stats);
    void retranslate();

Q_SIGNALS:
    void cancelRequested();

private:
    ElidingLabel *m_model;
    ElidingLabel *m_stats;
    QProgressBar *m_progress;
    QToolButton *m_cancel;
};

} // namespace sluice::gui
