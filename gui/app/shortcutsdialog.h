#pragma once
// Help → Keyboard shortcuts: lists the window's actions with their keys,
// read from the actions themselves so the list can never drift.
#include <QDialog>

class QAction;
class QTableWidget;

namespace sluice::gui {

class ShortcutsDialog : public QDialog
{
    Q_OBJECT
public:
    ShortcutsDialog(const QList<QAction *> &actions, QWidget *parent = nullptr);
    int rowCount() const { return m_rows; }
    QSize sizeHint() const override;

private:
    QTableWidget *m_table = nullptr;
    int m_rows = 0;
};

} // namespace sluice::gui
