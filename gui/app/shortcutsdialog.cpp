#include "app/shortcutsdialog.h"

#include "common/uihelpers.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QScrollBar>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace sluice::gui {

ShortcutsDialog::ShortcutsDialog(const QList<QAction *> &actions, QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Keyboard shortcuts"));
    setAccessibleName(tr("Keyboard shortcuts"));
    auto *layout = new QVBoxLayout(this);
    auto *table = new QTableWidget(this);
    table->setColumnCount(2);
    table->setHorizontalHeaderLabels({tr("Action"), tr("Shortcut")});
    table->setAccessibleName(tr("List of keyboard shortcuts"));
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->verticalHeader()->hide();
    for (QAction *a : actions) {
        if (a->shortcuts().isEmpty())
            continue;
        QStringList keys;
        for (const QKeySequence &k : a->shortcuts())
            keys << k.toString(QKeySequence::NativeText);
        const int row = table->rowCount();
        table->insertRow(row);
        QString text = a->text();
        text.remove(QLatin1Char('&'));
        text.remove(QStringLiteral("…"));
        table->setItem(row, 0, new QTableWidgetItem(text));
        table->setItem(row, 1, new QTableWidgetItem(keys.join(QStringLiteral(", "))));
    }
    m_rows = table->rowCount();
    // The dialog's size hint is the table's whole width (see sizeHint()), so
    // it never opens with the columns cut: it opened at 278×244, a table's
    // default hint, whatever the screen.
    table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    layout->addWidget(m_table = table);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    fitWindowToScreen(this, availableGeometryFor(parent ? parent : this), sizeHint());
}

// The table's full width and height plus the dialog around it (the screen caps it where it opens).
QSize ShortcutsDialog::sizeHint() const
{
    const QSize base = QDialog::sizeHint();
    const QSize tableHint = m_table->sizeHint();
    const int frame = 2 * m_table->frameWidth();
    const int grid = m_table->showGrid() ? 1 : 0;
    QList<int> columns(m_table->columnCount(), 0);
    int height = frame + m_table->horizontalHeader()->sizeHint().height();
    for (int r = 0; r < m_table->rowCount(); ++r) {
        int row = m_table->verticalHeader()->defaultSectionSize();
        for (int c = 0; c < m_table->columnCount(); ++c) {
            const QSize cell = m_table->sizeHintForIndex(m_table->model()->index(r, c));
            columns[c] = std::max(columns[c], cell.width() + grid);
            row = std::max(row, cell.height() + grid);
        }
        height += row;
    }
    int width = frame + m_table->verticalScrollBar()->sizeHint().width();
    for (int c = 0; c < m_table->columnCount(); ++c)
        width += std::max(columns[c], m_table->horizontalHeader()->sectionSizeHint(c));
    return QSize(base.width() - tableHint.width() + width, base.height() - tableHint.height() + height);
}

} // namespace sluice::gui
