#include "chat/chatlistpanel.h"

#include "chat/chatstore.h"
#include "common/uihelpers.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QStyledItemDelegate>
#include <QVBoxLayout>

namespace sluice::gui {

namespace {
// A list's row is as wide as its widest item's size hint, or the viewport when
// wider: rows that ask for no width are laid out at the viewport's width, and
// the delegate elides a title longer than that.
class NarrowRowDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        return QSize(0, QStyledItemDelegate::sizeHint(option, index).height());
    }
};
} // namespace

ChatListPanel::ChatListPanel(ChatStore *store, QWidget *parent)
    : SidePanel(parent)
    , m_store(store)
{
    auto *layout = new QVBoxLayout(this);
    m_title = makeTitleLabel(this);
    m_search = new QLineEdit(this);
    m_search->setClearButtonEnabled(true);
    m_empty = makeHintLabel(this);
    m_list = new QListWidget(this);
    // Titles longer than the column are elided (the whole title is the item's
    // tooltip) instead of widening the rows and scrolling sideways.
    m_list->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_list->setTextElideMode(Qt::ElideRight);
    m_list->setItemDelegate(new NarrowRowDelegate(m_list));
    m_new = new QPushButton(this);
    m_rename = new QPushButton(this);
    m_delete = new QPushButton(this);
    // One above the other: three buttons side by side made the column 270 px
    // wide and the window unable to shrink to 800 px (issue 30).
    auto *buttons = new QVBoxLayout;
    for (QPushButton *b : {m_new, m_rename, m_delete})
        buttons->addWidget(b);
    layout->addWidget(m_title);
    layout->addWidget(m_search);
    layout->addWidget(m_empty);
    layout->addWidget(m_list, 1);
    layout->addLayout(buttons);

    connect(m_search, &QLineEdit::textChanged, this, [this](const QString &text) {
        refresh(m_current);
        Q_EMIT searchChanged(text);
    });
    connect(m_list, &QListWidget::currentItemChanged, this, [this](QListWidgetItem *item) {
        if (item && item->data(Qt::UserRole).toString() != m_current)
            Q_EMIT chatPicked(item->data(Qt::UserRole).toString());
    });
    connect(m_new, &QPushButton::clicked, this, &ChatListPanel::newRequested);
    connect(m_rename, &QPushButton::clicked, this, &ChatListPanel::renameRequested);
    connect(m_delete, &QPushButton::clicked, this, &ChatListPanel::deleteRequested);
    retranslate();
}

void ChatListPanel::refresh(const QString &currentId)
{
    m_current = currentId;
    const QSignalBlocker block(m_list);
    m_list->clear();
    for (const QString &id : m_store->search(m_search->text())) {
        auto *item = new QListWidgetItem(m_store->chat(id)->title, m_list);
        item->setData(Qt::UserRole, id);
        item->setToolTip(m_store->chat(id)->title);
        if (id == currentId)
            m_list->setCurrentItem(item);
    }
    m_empty->setVisible(m_list->count() == 0);
    updateEmptyText();
}

void ChatListPanel::markCurrent(const QString &id)
{
    m_current = id;
    const QSignalBlocker block(m_list);
    for (int i = 0; i < m_list->count(); ++i) {
        if (m_list->item(i)->data(Qt::UserRole).toString() == id)
            m_list->setCurrentRow(i);
    }
}

QString ChatListPanel::stepFrom(int delta) const
{
    const int n = m_list->count();
    if (n == 0)
        return QString();
    const int row = ((std::max(0, m_list->currentRow()) + delta) % n + n) % n;
    return m_list->item(row)->data(Qt::UserRole).toString();
}

void ChatListPanel::clearSearch() { m_search->clear(); }

void ChatListPanel::focusSearch()
{
    m_search->setFocus(Qt::ShortcutFocusReason);
    m_search->selectAll();
}

QString ChatListPanel::searchText() const { return m_search->text(); }

void ChatListPanel::updateEmptyText()
{
    m_empty->setText(m_search->text().isEmpty() ? tr("Your chats are listed here, newest first.")
                                                : tr("No chat title or message matches the search."));
}

void ChatListPanel::retranslate()
{
    m_title->setText(tr("Chats"));
    m_search->setPlaceholderText(tr("Search titles and messages"));
    m_search->setAccessibleName(tr("Search chats by title and content"));
    m_list->setAccessibleName(tr("Chat list"));
    updateEmptyText();
    m_new->setText(tr("New"));
    m_new->setAccessibleName(tr("New chat"));
    m_rename->setText(tr("Rename"));
    m_rename->setAccessibleName(tr("Rename chat"));
    m_delete->setText(tr("Delete"));
    m_delete->setAccessibleName(tr("Delete chat"));
}

} // namespace sluice::gui
