#pragma once
// The chat list column: title, search in titles and messages, the list (newest first) and
// New / Rename / Delete. It shows what the ChatStore holds and says which
// chat the user picked; the window decides what picking means.
#include "common/sidepanel.h"

class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;

namespace sluice::gui {

class ChatStore;

class ChatListPanel : public SidePanel
{
    Q_OBJECT
public:
    explicit ChatListPanel(ChatStore *store, QWidget *parent = nullptr);

    // Rebuilds the list from the store (filtered by the search), marking `currentId`.
    void refresh(const QString &currentId);
    // Marks `id` as current without emitting chatPicked.
    void markCurrent(const QString &id);
    // The id `delta` rows away from the current one (wrapping); "" when empty.
    QString stepFrom(int delta) const;
    void clearSearch();
    // Ctrl+F: the search field takes the focus, its text selected.
    void focusSearch();
    QString searchText() const;
    QListWidget *list() const { return m_list; }

Q_SIGNALS:
    void chatPicked(const QString &id);
    // The search text changed (the open chat shows its first match).
    void searchChanged(const QString &text);
    void newRequested();
    void renameRequested();
    void deleteRequested();

protected:
    void retranslate() override;

private:
    void updateEmptyText();

    ChatStore *m_store;
    QString m_current;
    QLabel *m_title;
    QLineEdit *m_search;
    QLabel *m_empty;
    QListWidget *m_list;
    QPushButton *m_new;
    QPushButton *m_rename;
    QPushButton *m_delete;
};

} // namespace sluice::gui
