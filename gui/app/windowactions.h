#pragma once
// The main window's menus (File, Chat, Tools, Help, Recent models) and its
// actions with their shortcuts: window-wide, so a shortcut works wherever the
// focus is. The window connects the actions to what they do (issue 28: the
// window is wiring).
#include <QObject>

class QAction;
class QMainWindow;
class QMenu;

namespace sluice::gui {

class Settings;

class WindowActions : public QObject
{
    Q_OBJECT
public:
    WindowActions(Settings *settings, QMainWindow *window);

    // The actions the window triggers; the menus hold them.
    QAction *open, *getModel, *connectServer, *quit, *settings, *verify, *convert;
    QAction *exportMarkdown, *exportJson, *newChat, *rename, *chatSettings, *remove, *next, *previous, *stop, *regenerate;
    QAction *focusPrompt, *searchChats, *shortcuts, *about, *planModel;

    // Listed in the shortcuts dialog (Help → Keyboard shortcuts).
    QList<QAction *> shortcutActions() const;
    void retranslate();
    void updateRecentMenu();

Q_SIGNALS:
    void recentChosen(const QString &path);

private:
    QAction *action(const QKeySequence &key);
    void buildMenus();
    void showAbout();

    Settings *m_settings;
    QMainWindow *m_window;
    QMenu *m_fileMenu;
    QMenu *m_recentMenu;
    QMenu *m_exportMenu;
    QMenu *m_chatMenu;
    QMenu *m_toolsMenu;
    QMenu *m_helpMenu;
};

} // namespace sluice::gui
