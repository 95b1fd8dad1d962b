#include "chat/contextbanner.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>

namespace sluice::gui {

int estimateTokens(const QString &text)
{
    constexpr int kTemplateTokens = 8; // role markers and separators of one message
    return int((text.toUtf8().size() + 3) / 4) + kTemplateTokens;
}

ContextBanner::ContextBanner(QWidget *parent)
    : SidePanel(parent)
{
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::ToolTipBase);
    auto *layout = new QVBoxLayout(this);
    m_text = new QLabel(this);
    m_text->setWordWrap(true);
    m_text->setForegroundRole(QPalette::ToolTipText);
    auto *buttons = new QHBoxLayout;
    m_newChat = new QPushButton(this);
    m_drop = new QPushButton(this);
    m_cancel = new QPushButton(this);
    buttons->addWidget(m_newChat);
    buttons->addWidget(m_drop);
    buttons->addStretch(1);
    buttons->addWidget(m_cancel);
    layout->addWidget(m_text);
    layout->addLayout(buttons);
    connect(m_newChat, &QPushButton::clicked, this, [this] {
        hide();
        Q_EMIT newChatChosen();
    });
    connect(m_drop, &QPushButton::clicked, this, [this] {
        hide();
        Q_EMIT dropOldestChosen();
    });
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        hide();
        Q_EMIT cancelled();
    });
    hide();
    retranslate();
}

void ContextBanner::ask(int needed, int context)
{
    m_needed = needed;
    m_context = context;
    retranslate();
    show();
    m_newChat->setFocus();
}

QString ContextBanner::text() const { return m_text->text(); }

void ContextBanner::retranslate()
{
    const QLocale l;
    m_text->setText(tr("This turn needs %1 tokens with room for the reply, but the model's context holds %2. "
                       "Choose how to go on:")
                        .arg(l.toString(m_needed), l.toString(m_context)));
    setAccessibleName(tr("The conversation no longer fits in the context"));
    m_newChat->setText(tr("New chat with the last turns"));
    m_newChat->setAccessibleName(tr("Start a new chat carrying the last turns"));
    m_drop->setText(tr("Drop the oldest turns (reads the rest again)"));
    m_drop->setAccessibleName(tr("Drop the oldest turns of this chat"));
    m_drop->setToolTip(tr("The rest of the conversation is read again from the start"));
    m_cancel->setText(tr("Cancel"));
    m_cancel->setAccessibleName(tr("Cancel sending"));
}

} // namespace sluice::gui
