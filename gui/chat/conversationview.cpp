#include "chat/conversationview.h"

#include "chat/markdownview.h"
#include "chat/messagestats.h"
#include "common/fitwidgets.h"
#include "common/uihelpers.h"

#include <QAccessible>
#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QImageReader>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollBar>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <utility>

namespace sluice::gui {

namespace {
// A streamed reply's unsettled tail is split once it holds this many characters (setContentText()).
constexpr qsizetype kSettleChars = 400;
} // namespace

// The role, the Edit / Regenerate / Copy buttons and the stats line under them.
void MessageWidget::buildHeader(QVBoxLayout *layout)
{
    // The buttons go under the role when the pane is narrow (800×600 in French):
    // a row of role and buttons side by side made the message scroll sideways.
    auto *header = new HeaderRowLayout;
    m_role = new QLabel(this);
    m_role->setWordWrap(true); // "… — being edited in the prompt" is long in every language
    QFont bold = m_role->font();
    bold.setBold(true);
    m_role->setFont(bold);
    m_stats = new QLabel(this);
    m_stats->setForegroundRole(QPalette::PlaceholderText);
    m_stats->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_copy = new QToolButton(this);
    m_edit = new QToolButton(this);
    m_regenerate = new QToolButton(this);
    m_branch = new QToolButton(this);
    for (QToolButton *b : {m_copy, m_edit, m_regenerate, m_branch})
        b->setAutoRaise(true);
    header->addWidget(m_role);
    header->addWidget(m_edit);
    header->addWidget(m_regenerate);
    header->addWidget(m_branch);
    header->addWidget(m_copy);
    layout->addLayout(header);
    m_stats->setWordWrap(true);
    QFont smallFont = m_stats->font();
    smallFont.setPointSizeF(smallFont.pointSizeF() * 0.9);
    m_stats->setFont(smallFont);
    layout->addWidget(m_stats);
}

// "Reading N of M tokens" with a bar and Stop, shown while the prompt is prefilled.
void MessageWidget::buildReadingRow(QVBoxLayout *layout)
{
    m_reading = new QWidget(this);
    auto *readingRow = new QHBoxLayout(m_reading);
    readingRow->setContentsMargins(0, 0, 0, 0);
    m_readingLabel = new QLabel(m_reading);
    m_readingBar = new QProgressBar(m_reading);
    m_readingBar->setTextVisible(false);
    m_readingBar->setMaximumHeight(10);
    m_readingStop = new QToolButton(m_reading);
    readingRow->addWidget(m_readingLabel);
    readingRow->addWidget(m_readingBar, 1);
    readingRow->addWidget(m_readingStop);
    m_reading->hide();
    connect(m_readingStop, &QToolButton::clicked, this, &MessageWidget::stopRequested);
    layout->addWidget(m_reading);
}

MessageWidget::MessageWidget(int index, const Message &message, QWidget *parent)
    : SidePanel(parent)
    , m_index(index)
{
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(10, 6, 10, 8);
    layout->setSpacing(4);

    buildHeader(layout);

    m_thinkToggle = new QToolButton(this);
    m_thinkToggle->setCheckable(true);
    m_thinkToggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_thinkToggle->setArrowType(Qt::RightArrow);
    m_thinkToggle->setAutoRaise(true);
    m_thinking = new MarkdownView(this);
    m_thinking->setForegroundRole(QPalette::PlaceholderText);
    m_thinking->setContentsMargins(16, 0, 0, 0);
    m_thinking->hide();
    connect(m_thinkToggle, &QToolButton::toggled, this, [this](bool open) {
        m_thinking->setVisible(open);
        m_thinkToggle->setArrowType(open ? Qt::DownArrow : Qt::RightArrow);
    });
    layout->addWidget(m_thinkToggle);
    layout->addWidget(m_thinking);

    m_images = new QWidget(this);
    m_imagesLayout = new QHBoxLayout(m_images);
    m_imagesLayout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_images);

    m_content = new MarkdownView(this); // focusable: keyboard users can reach and select every message
    layout->addWidget(m_content);

    buildReadingRow(layout);

    m_tools = new QLabel(this);
    m_tools->setTextFormat(Qt::MarkdownText);
    m_tools->setWordWrap(true);
    m_tools->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_tools->setFrameShape(QFrame::StyledPanel);
    layout->addWidget(m_tools);

    connect(m_copy, &QToolButton::clicked, this, [this] { Q_EMIT copyRequested(m_index); });
    connect(m_edit, &QToolButton::clicked, this, [this] { Q_EMIT editRequested(m_index); });
    connect(m_regenerate, &QToolButton::clicked, this, [this] { Q_EMIT regenerateRequested(m_index); });
    connect(m_branch, &QToolButton::clicked, this, [this] { Q_EMIT branchRequested(m_index); });

    setMessage(message);
}

void MessageWidget::setMessage(const Message &message)
{
    const bool imagesChanged = message.images != m_message.images || m_imagesLayout->count() == 0;
    const QString previous = std::exchange(m_message, message).content;
    const bool user = message.role == QLatin1String("user");
    setBackgroundRole(user ? QPalette::AlternateBase : QPalette::Base);

    setContentText(previous, message.content);
    m_content->setVisible(!message.content.isEmpty() || message.reasoning.isEmpty());
    m_thinking->setMarkdownText(message.reasoning);
    m_thinkToggle->setVisible(!message.reasoning.isEmpty());

    if (message.toolCalls.isEmpty()) {
        m_tools->hide();
    } else {
        QString md;
        for (const ToolCall &c : message.toolCalls)
            md += tr("**Tool call:** `%1`").arg(c.name) + QStringLiteral("\n\n```\n") + c.arguments +
                  QStringLiteral("\n```\n\n");
        m_tools->setText(md);
        m_tools->show();
    }

    if (imagesChanged) {
        while (QLayoutItem *item = m_imagesLayout->takeAt(0)) {
            delete item->widget();
            delete item;
        }
        for (const QString &path : message.images) {
            auto *thumb = new QLabel(m_images);
            QImageReader reader(path);
            reader.setAutoTransform(true);
            const QSize size = reader.size();
            if (size.isValid())
                reader.setScaledSize(size.scaled(160, 120, Qt::KeepAspectRatio));
            const QImage img = reader.read();
            if (img.isNull())
                thumb->setText(tr("[image unavailable: %1]").arg(QFileInfo(path).fileName()));
            else
                thumb->setPixmap(QPixmap::fromImage(img));
            thumb->setAccessibleName(tr("Attached image %1").arg(QFileInfo(path).fileName()));
            m_imagesLayout->addWidget(thumb);
        }
        m_imagesLayout->addStretch(1);
        m_images->setVisible(!message.images.isEmpty());
    }
    retranslate();
}

// A streamed reply grows at the end; re-rendering all of its Markdown at
// 30 Hz costs more with every token (a 2,000-token reply with code blocks
// held the GUI thread for seconds). Once the text past the settled part is
// long, its complete blocks (up to the last blank line outside a code
// fence) move into a view of their own, rendered once; only the tail is
// rendered again per update. Any other change renders the whole text anew.
void MessageWidget::setContentText(const QString &previous, const QString &text)
{
    const bool growing = !previous.isEmpty() && text.size() > previous.size() && text.startsWith(previous);
    if (!m_settled.isEmpty() && !growing) {
        qDeleteAll(m_settled);
        m_settled.clear();
        m_settledLength = 0;
    }
    if (growing)
        settleStreamedText(text);
    m_content->setMarkdownText(text.mid(m_settledLength));
}

void MessageWidget::settleStreamedText(const QString &text)
{
    if (text.size() - m_settledLength < kSettleChars)
        return;
    // The last paragraph break outside a fenced code block (the settled part
    // always ends outside one, so counting fences starts from there).
    qsizetype cut = -1;
    bool inFence = false;
    for (qsizetype line = m_settledLength; line < text.size();) {
        qsizetype end = text.indexOf(QLatin1Char('\n'), line);
        if (end < 0)
            break;
        const QStringView row = QStringView(text).mid(line, end - line).trimmed();
        if (row.startsWith(QLatin1String("```")) || row.startsWith(QLatin1String("~~~")))
            inFence = !inFence;
        else if (row.isEmpty() && !inFence && end + 1 < text.size())
            cut = end + 1;
        line = end + 1;
    }
    if (cut - m_settledLength < kSettleChars / 2)
        return;
    auto *part = new MarkdownView(this);
    part->setMarkdownText(text.mid(m_settledLength, cut - m_settledLength));
    auto *box = static_cast<QVBoxLayout *>(layout());
    box->insertWidget(box->indexOf(m_content), part);
    m_settled.append(part);
    m_settledLength = cut;
}

bool MessageWidget::highlight(const QString &text)
{
    bool found = false;
    for (MarkdownView *view : contentViews()) {
        QList<QTextEdit::ExtraSelection> marks;
        QTextDocument *doc = view->document();
        for (QTextCursor c = doc->find(text); !text.isEmpty() && !c.isNull(); c = doc->find(text, c)) {
            QTextEdit::ExtraSelection mark;
            mark.cursor = c;
            mark.format.setBackground(palette().color(QPalette::Highlight));
            mark.format.setForeground(palette().color(QPalette::HighlightedText));
            marks.append(mark);
        }
        view->setExtraSelections(marks);
        found = found || !marks.isEmpty();
    }
    return found;
}

void MessageWidget::setLastAssistant(bool last)
{
    m_lastAssistant = last;
    retranslate();
}

void MessageWidget::setBusy(bool busy)
{
    m_busy = busy;
    retranslate();
}

void MessageWidget::setReadingProgress(int done, int total)
{
    m_readDone = done;
    m_readTotal = total;
    m_reading->setVisible(total > 0);
    m_readingBar->setRange(0, std::max(1, total));
    m_readingBar->setValue(std::clamp(done, 0, std::max(1, total)));
    retranslate();
}

bool MessageWidget::isReading() const { return m_readTotal > 0; }

QString MessageWidget::readingText() const { return m_readTotal > 0 ? m_readingLabel->text() : QString(); }

void MessageWidget::announce()
{
    QAccessibleEvent event(m_content, QAccessible::Alert);
    QAccessible::updateAccessibility(&event);
}

void MessageWidget::updateThinkingButton()
{
    const int words = int(m_message.reasoning.split(QLatin1Char(' '), Qt::SkipEmptyParts).size());
    m_thinkToggle->setText(tr("Thinking (%n word(s))", nullptr, words));
    m_thinkToggle->setAccessibleName(tr("Show or hide the model's thinking"));
}

void MessageWidget::retranslate()
{
    const QString role = m_message.role;
    QString who;
    if (role == QLatin1String("user"))
        who = tr("You");
    else if (role == QLatin1String("assistant"))
        who = tr("Assistant");
    else if (role == QLatin1String("system"))
        who = tr("System");
    else
        who = tr("Tool");
    m_role->setText(m_editing ? tr("%1 — being edited in the prompt").arg(who) : who);
    m_role->setForegroundRole(m_editing ? QPalette::Link : QPalette::WindowText);
    setAccessibleDescription(m_editing ? tr("Being edited: sending replaces this message and everything after it")
                                       : QString());
    m_stats->setText(messageStatsText(m_message.stats));
    m_stats->setVisible(m_message.stats.valid);
    fitWrappedLabels(this);
    m_copy->setText(tr("Copy"));
    m_copy->setAccessibleName(tr("Copy this message"));
    m_copy->setToolTip(tr("Copy the message text to the clipboard"));
    m_edit->setText(tr("Edit"));
    m_edit->setAccessibleName(tr("Edit and resend this message"));
    m_edit->setToolTip(tr("Put this message back into the prompt; sending replaces the conversation from here"));
    m_regenerate->setText(tr("Regenerate"));
    m_regenerate->setAccessibleName(tr("Regenerate this reply"));
    m_regenerate->setToolTip(tr("Generate this reply again"));
    m_branch->setText(tr("Branch"));
    m_branch->setAccessibleName(tr("Branch from here"));
    m_branch->setToolTip(tr("Start a new chat holding the conversation up to this message"));
    m_branch->setEnabled(!m_busy);
    m_edit->setVisible(role == QLatin1String("user"));
    m_regenerate->setVisible(role == QLatin1String("assistant") && m_lastAssistant);
    m_edit->setEnabled(!m_busy);
    m_regenerate->setEnabled(!m_busy);
    m_content->setAccessibleName(tr("%1 message %2").arg(who).arg(m_index + 1));
    m_content->setAccessibleDescription(m_message.content.left(500));
    m_thinking->setAccessibleName(tr("Thinking of message %1").arg(m_index + 1));
    m_tools->setAccessibleName(tr("Tool calls of message %1").arg(m_index + 1));
    m_stats->setAccessibleName(tr("Statistics of message %1").arg(m_index + 1));
    setAccessibleName(tr("Message %1 from %2").arg(m_index + 1).arg(who));
    updateThinkingButton();
    const QLocale locale;
    m_readingLabel->setText(tr("Reading %1 of %2 tokens…").arg(locale.toString(m_readDone), locale.toString(m_readTotal)));
    m_readingBar->setAccessibleName(tr("Prompt reading progress"));
    m_readingStop->setText(tr("Stop"));
    m_readingStop->setAccessibleName(tr("Stop reading the prompt"));
}

ConversationView::ConversationView(QWidget *parent)
    : QScrollArea(parent)
{
    setWidgetResizable(true);
    setFrameShape(QFrame::NoFrame);
    m_canvas = new QWidget(this);
    m_canvas->setBackgroundRole(QPalette::Base);
    m_canvas->setAutoFillBackground(true);
    m_layout = new QVBoxLayout(m_canvas);
    m_layout->setContentsMargins(12, 12, 12, 12);
    m_layout->setSpacing(10);
    m_empty = new QLabel(m_canvas);
    m_empty->setWordWrap(true);
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setForegroundRole(QPalette::PlaceholderText);
    m_empty->setTextFormat(Qt::MarkdownText);
    m_more = new QPushButton(m_canvas);
    m_more->hide();
    connect(m_more, &QPushButton::clicked, this, &ConversationView::showEarlier);
    m_layout->addWidget(m_more, 0, Qt::AlignHCenter);
    m_layout->addWidget(m_empty, 1);
    m_notice = new QLabel(m_canvas);
    m_notice->setWordWrap(true);
    m_notice->setForegroundRole(QPalette::PlaceholderText);
    m_notice->setTextFormat(Qt::PlainText);
    m_notice->hide();
    m_layout->addWidget(m_notice);
    m_layout->addStretch(0);
    setWidget(m_canvas);
    // Every growth of the canvas (a message added, a streamed reply re-laid out,
    // a label refitted later) moves the range; a following view goes with it.
    connect(verticalScrollBar(), &QScrollBar::rangeChanged, this, [this] { followEnd(); });
    connect(verticalScrollBar(), &QScrollBar::valueChanged, this, [this](int value) {
        if (!m_scrolling)
            m_following = value >= verticalScrollBar()->maximum() - 8;
    });
}

void ConversationView::setEmptyText(const QString &text)
{
    m_empty->setText(text);
    m_empty->setAccessibleName(text);
}

void ConversationView::setNotice(const QString &text)
{
    // After the messages built so far; a turn sent next comes below it.
    m_layout->removeWidget(m_notice);
    m_layout->insertWidget(m_layout->count() - 1, m_notice);
    m_notice->setText(text);
    m_notice->setAccessibleName(text);
    m_notice->setVisible(!text.isEmpty());
    m_following = true;
    followEnd();
}

QString ConversationView::noticeText() const { return m_notice->isHidden() ? QString() : m_notice->text(); }

void ConversationView::clearMessages()
{
    for (MessageWidget *w : m_messages)
        delete w;
    m_messages.clear();
}

void ConversationView::followEnd()
{
    if (!m_following)
        return;
    m_scrolling = true;
    verticalScrollBar()->setValue(verticalScrollBar()->maximum());
    m_scrolling = false;
}

void ConversationView::setChat(const Chat *chat)
{
    setUpdatesEnabled(false);
    m_canvas->hide(); // one layout pass at the end instead of one per message
    clearMessages();
    m_notice->hide();
    m_editingIndex = -1; // an edit belongs to the chat it was started in
    m_all = chat ? chat->messages : QList<Message>();
    m_firstBuilt = std::max(0, int(m_all.size()) - kWindow);
    for (int i = m_firstBuilt; i < m_all.size(); ++i) {
        MessageWidget *w = makeWidget(i, m_all[i]);
        m_layout->insertWidget(m_layout->count() - 1, w);
        m_messages.append(w);
    }
    m_empty->setVisible(m_all.isEmpty());
    if (!m_messages.isEmpty())
        m_messages.last()->setLastAssistant(true);
    updateMoreButton();
    m_canvas->show();
    setUpdatesEnabled(true);
    m_following = true;
    followEnd();
}

int ConversationView::findText(const QString &text)
{
    m_finding = text;
    int first = -1;
    for (int i = 0; i < m_all.size() && first < 0 && !text.isEmpty(); ++i)
        if (m_all[i].content.contains(text, Qt::CaseInsensitive))
            first = i;
    while (first >= 0 && first < m_firstBuilt)
        showEarlier();
    for (MessageWidget *w : std::as_const(m_messages))
        w->highlight(text);
    if (first >= 0) {
        m_following = false;
        MessageWidget *w = m_messages[first - m_firstBuilt];
        // After the layout settles (the widgets just built have no place yet).
        QTimer::singleShot(0, w, [this, w] {
            m_scrolling = true;
            ensureWidgetVisible(w, 0, 20);
            m_scrolling = false;
        });
    }
    return first;
}

void ConversationView::showEarlier()
{
    const int from = std::max(0, m_firstBuilt - kWindow);
    const int bar = verticalScrollBar()->maximum() - verticalScrollBar()->value();
    setUpdatesEnabled(false);
    // Widgets go in after the "earlier" button and the empty-state label.
    for (int i = m_firstBuilt - 1; i >= from; --i) {
        MessageWidget *w = makeWidget(i, m_all[i]);
        m_layout->insertWidget(2, w);
        m_messages.prepend(w);
    }
    m_firstBuilt = from;
    updateMoreButton();
    setUpdatesEnabled(true);
    // Keep the message the user was reading in place.
    QTimer::singleShot(0, this, [this, bar] { verticalScrollBar()->setValue(verticalScrollBar()->maximum() - bar); });
}

void ConversationView::updateMoreButton()
{
    m_more->setVisible(m_firstBuilt > 0);
    m_more->setText(tr("Show %n earlier message(s)", nullptr, std::min(m_firstBuilt, int(kWindow))));
    m_more->setAccessibleName(tr("Show earlier messages"));
}

void ConversationView::appendMessage(const Message &message)
{
    if (!m_messages.isEmpty())
        m_messages.last()->setLastAssistant(false);
    m_all.append(message);
    MessageWidget *w = makeWidget(int(m_all.size()) - 1, message);
    m_layout->insertWidget(m_layout->count() - 1, w);
    m_messages.append(w);
    w->setLastAssistant(true);
    m_empty->hide();
    // A new turn is what the user is waiting for: show it whatever was scrolled.
    m_following = true;
    followEnd();
}

MessageWidget *ConversationView::makeWidget(int index, const Message &message)
{
    auto *w = new MessageWidget(index, message, m_canvas);
    w->setBusy(m_busy);
    w->setEditing(index == m_editingIndex);
    connect(w, &MessageWidget::copyRequested, this, &ConversationView::copyRequested);
    connect(w, &MessageWidget::editRequested, this, &ConversationView::editRequested);
    connect(w, &MessageWidget::regenerateRequested, this, &ConversationView::regenerateRequested);
    // Queued: branching shows the new chat, which deletes this widget and the
    // button whose click is still being handled.
    connect(w, &MessageWidget::branchRequested, this, &ConversationView::branchRequested, Qt::QueuedConnection);
    connect(w, &MessageWidget::stopRequested, this, &ConversationView::stopRequested);
    return w;
}

void ConversationView::updateLastMessage(const Message &message)
{
    if (m_messages.isEmpty() || m_all.isEmpty()) {
        appendMessage(message);
        return;
    }
    m_all.last() = message;
    m_messages.last()->setMessage(message);
    followEnd();
}

void ConversationView::setReadingProgress(int done, int total)
{
    if (!m_messages.isEmpty())
        m_messages.last()->setReadingProgress(done, total);
}

void MessageWidget::setEditing(bool editing)
{
    if (m_editing == editing)
        return;
    m_editing = editing;
    setFrameShadow(editing ? QFrame::Sunken : QFrame::Plain);
    setLineWidth(editing ? 2 : 1);
    retranslate();
}

QString MessageWidget::roleText() const
{
    return m_role->text();
}

void ConversationView::setEditing(int index)
{
    m_editingIndex = index;
    for (MessageWidget *w : m_messages)
        w->setEditing(w->index() == index);
}

void ConversationView::setBusy(bool busy)
{
    m_busy = busy;
    for (MessageWidget *w : m_messages)
        w->setBusy(busy);
}

void ConversationView::announceLast()
{
    if (!m_messages.isEmpty())
        m_messages.last()->announce();
}

} // namespace sluice::gui
