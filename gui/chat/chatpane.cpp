#include "chat/chatpane.h"

#include "chat/contextbanner.h"
#include "chat/conversationview.h"
#include "chat/imagestrip.h"
#include "chat/promptedit.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QStandardPaths>
#include <QVBoxLayout>

namespace sluice::gui {

ChatPane::ChatPane(const QString &imagesDirectory, QWidget *parent)
    : QWidget(parent)
{
    // Conversation over the model buttons (no model) and the composer.
    auto *cl = new QVBoxLayout(this);
    cl->setContentsMargins(0, 0, 0, 0);
    m_view = new ConversationView(this);
    cl->addWidget(m_view, 1);
    // One column, centred: four in a row (or two long French ones side by
    // side) kept the window from shrinking to 800 px (issue 30).
    auto *modelButtons = new QGridLayout;
    m_openButton = new QPushButton(this);
    m_demoButton = new QPushButton(this);
    m_getButton = new QPushButton(this);
    m_planButton = new QPushButton(this);
    modelButtons->setColumnStretch(0, 1);
    modelButtons->setColumnStretch(2, 1);
    int row = 0;
    for (QPushButton *b : {m_openButton, m_demoButton, m_getButton, m_planButton})
        modelButtons->addWidget(b, row++, 1);
    cl->addLayout(modelButtons);
    connect(m_openButton, &QPushButton::clicked, this, &ChatPane::openRequested);
    connect(m_demoButton, &QPushButton::clicked, this, &ChatPane::demoRequested);
    connect(m_planButton, &QPushButton::clicked, this, &ChatPane::planRequested);
    connect(m_getButton, &QPushButton::clicked, this, &ChatPane::getRequested);
    connect(m_view, &ConversationView::stopRequested, this, &ChatPane::stopRequested);
    m_banner = new ContextBanner(this);
    cl->addWidget(m_banner);
    m_strip = new ImageStrip(imagesDirectory, this);
    cl->addWidget(buildComposer());
}

QWidget *ChatPane::buildComposer()
{
    auto *composer = new QFrame(this);
    composer->setFrameShape(QFrame::StyledPanel);
    auto *pl = new QVBoxLayout(composer);
    m_prompt = new PromptEdit(composer);
    m_prompt->setImageStrip(m_strip);
    m_prompt->setMaximumHeight(140);
    m_attach = new QPushButton(composer);
    m_send = new QPushButton(composer);
    m_send->setDefault(true);
    m_stop = new QPushButton(composer);
    auto *pb = new QHBoxLayout;
    pb->addWidget(m_attach);
    m_contextMeter = new QLabel(composer);
    m_contextMeter->setForegroundRole(QPalette::PlaceholderText);
    m_contextMeter->setWordWrap(true); // two lines rather than a wider window (800 px, issue 30)
    pb->addWidget(m_contextMeter, 1); // takes the free room: wraps only when the window is narrow
    pb->addWidget(m_stop);
    pb->addWidget(m_send);
    pl->addWidget(m_strip);
    pl->addWidget(m_prompt);
    pl->addLayout(pb);
    connect(m_prompt, &PromptEdit::sendRequested, this, &ChatPane::sendRequested);
    connect(m_send, &QPushButton::clicked, this, &ChatPane::sendRequested);
    connect(m_stop, &QPushButton::clicked, this, &ChatPane::stopRequested);
    connect(m_attach, &QPushButton::clicked, this, &ChatPane::attachImagesDialog);
    return composer;
}

void ChatPane::attachImagesDialog()
{
    // Start where people keep pictures, not in the app's working directory.
    QString start = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation);
    if (start.isEmpty() || !QFileInfo(start).isDir())
        start = QDir::homePath();
    const QStringList files = QFileDialog::getOpenFileNames(
        this, tr("Attach images"), start, tr("Images (*.png *.jpg *.jpeg *.gif *.bmp *.tga);;All files (*)"));
    for (const QString &f : files)
        m_strip->addFile(f);
}

void ChatPane::retranslate()
{
    m_view->setAccessibleName(tr("Conversation"));
    m_openButton->setText(tr("Open model…"));
    m_openButton->setAccessibleName(tr("Open a model folder"));
    m_demoButton->setText(tr("Try the demo model"));
    m_demoButton->setAccessibleName(tr("Open the bundled demo model"));
    m_getButton->setText(tr("Get a model…"));
    m_getButton->setAccessibleName(tr("Download Kimi K3 or Kimi-Linear from the hub"));
    m_planButton->setText(tr("Plan a model before downloading…"));
    m_planButton->setAccessibleName(tr("Plan a published model: does it fit, what budget, what speed"));
    m_demoButton->setToolTip(tr("A tiny model with the Kimi K3 architecture, trained here on the WordNet "
                                "dictionary: it answers in dictionary-style English but is far too small to make "
                                "sense; every feature can be tried."));
    m_prompt->setPlaceholderText(tr("Message (Enter sends, Shift+Enter for a new line)"));
    m_prompt->setAccessibleName(tr("Prompt"));
    m_attach->setText(tr("Attach…"));
    m_attach->setAccessibleName(tr("Attach images"));
    m_send->setText(tr("Send"));
    m_send->setAccessibleName(tr("Send message"));
    m_stop->setText(tr("Stop"));
    m_stop->setAccessibleName(tr("Stop generating"));
    m_stop->setToolTip(tr("Stop generating (Esc)"));
}

void ChatPane::setModelState(const ModelState &s)
{
    m_demoButton->setVisible(!s.open && !s.opening && s.demoAvailable);
    m_openButton->setVisible(!s.open && !s.opening);
    m_planButton->setVisible(!s.open && !s.opening);
    m_getButton->setVisible(!s.open && !s.opening);
    m_send->setEnabled(s.open && !s.busy);
    m_stop->setEnabled(s.busy);
    m_attach->setEnabled(s.open && s.vision && !s.busy);
    m_attach->setToolTip(s.open && !s.vision ? tr("This model has no vision tower") : QString());
    if (s.opening) {
        m_view->setEmptyText(tr("Opening the model…"));
    } else if (!s.open) {
        m_view->setEmptyText(
            s.demoAvailable
                ? tr("## No model is open\n\nOpen a model folder (a `.waste` container) with **File → Open model…**, "
                     "drop one onto this window, get one with **File → Get a model…**, or try the bundled demo model below. The demo is a tiny model "
                     "trained here on a dictionary: it answers in dictionary-style English but is far too small "
                     "to make sense, and it cannot see images; every feature works with it.")
                : tr("## No model is open\n\nOpen a model folder (a `.waste` container) with **File → Open model…** "
                     "or drop one onto this window; **File → Get a model…** downloads Kimi K3 or Kimi-Linear. Your conversation will appear here."));
    } else {
        m_view->setEmptyText(tr("Type a message below to start the conversation."));
    }
}

QString ChatPane::contextText() const { return m_contextMeter->text(); }

void ChatPane::setContextUse(int usedTokens, int contextLength, bool visible)
{
    const QLocale l;
    m_contextMeter->setVisible(visible);
    if (usedTokens > 0)
        m_contextMeter->setText(tr("Context: %1 of %2 tokens").arg(l.toString(usedTokens), l.toString(contextLength)));
    else
        m_contextMeter->setText(tr("Context: %1 tokens").arg(l.toString(contextLength)));
    m_contextMeter->setAccessibleName(tr("Context in use"));
}

} // namespace sluice::gui
