#include "app/donenotifier.h"

#include <QApplication>
#include <QSystemTrayIcon>
#include <QWidget>

namespace sluice::gui {

DoneNotifier::DoneNotifier(QWidget *window)
    : QObject(window)
    , m_window(window)
    , m_isActive([] { return QApplication::activeWindow() != nullptr; }) // the window or one of its dialogs
    , m_hasTray([] { return QSystemTrayIcon::isSystemTrayAvailable(); })
{
}

DoneNotifier::Via DoneNotifier::notify(const QString &title, const QString &message)
{
    Via via = Via::None;
    if (m_isActive()) {
        // The status bar in front of the user says it.
    } else if (m_hasTray()) {
        if (!m_tray) {
            m_tray = new QSystemTrayIcon(m_window->windowIcon(), this);
            m_tray->setToolTip(QApplication::applicationDisplayName());
            // A click on the message brings the window back.
            connect(m_tray, &QSystemTrayIcon::messageClicked, m_window, [this] {
                m_window->show();
                m_window->raise();
                m_window->activateWindow();
            });
        }
        m_tray->show();
        m_tray->showMessage(title, message, QSystemTrayIcon::Information, 10000);
        via = Via::Tray;
    } else {
        QApplication::alert(m_window); // until the window is activated
        via = Via::Alert;
    }
    Q_EMIT notified(via, message);
    return via;
}

} // namespace sluice::gui
