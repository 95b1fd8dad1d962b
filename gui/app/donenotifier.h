#pragma once
// Tells the user that a long job (a download, a conversion as it downloads,
// a BitTorrent fetch) finished while they were elsewhere (issue 26): when the
// window is not the active one, a desktop notification from a tray icon where
// the desktop has a tray, else the window asks for attention
// (QApplication::alert: a flashing task-bar entry). The caller also says it
// in the status bar, which is enough while the window is active.
#include <QObject>
#include <QString>

#include <functional>

class QSystemTrayIcon;
class QWidget;

namespace sluice::gui {

class DoneNotifier : public QObject
{
    Q_OBJECT
public:
    enum class Via { None, Tray, Alert };
    Q_ENUM(Via)

    explicit DoneNotifier(QWidget *window);

    // Returns how the user was told (None: the window is active, the status bar is enough).
    Via notify(const QString &title, const QString &message);

    // Tests: whether the window counts as active, and whether a tray exists (offscreen has neither).
    void setActiveCheck(std::function<bool()> check) { m_isActive = std::move(check); }
    void setTrayCheck(std::function<bool()> check) { m_hasTray = std::move(check); }

Q_SIGNALS:
    void notified(sluice::gui::DoneNotifier::Via via, const QString &message);

private:
    QWidget *m_window;
    QSystemTrayIcon *m_tray = nullptr; // made on the first notification that needs it
    std::function<bool()> m_isActive;
    std::function<bool()> m_hasTray;
};

} // namespace sluice::gui
