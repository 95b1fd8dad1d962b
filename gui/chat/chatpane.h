#pragma once
// The window's centre (issue 28: out of MainWindow): the conversation over the
// start page's model buttons (no model open), the context banner and the
// composer (attached images, prompt, Attach, the context meter, Stop, Send).
// It shows what it is told; the window wires its signals.
#include <QWidget>

class QLabel;
class QPushButton;

namespace sluice::gui {

class ContextBanner;
class ConversationView;
class ImageStrip;
class PromptEdit;

class ChatPane : public QWidget
{
    Q_OBJECT
public:
    ChatPane(const QString &imagesDirectory, QWidget *parent = nullptr);

    ConversationView *conversation() const { return m_view; }
    ImageStrip *imageStrip() const { return m_strip; }
    PromptEdit *promptEdit() const { return m_prompt; }
    ContextBanner *banner() const { return m_banner; }
    QString contextText() const;

    // The start page and the composer as the model allows.
    struct ModelState {
        bool open = false;
        bool opening = false;
        bool busy = false; // a reply in progress
        bool vision = false;
        bool demoAvailable = false;
    };
    void setModelState(const ModelState &state);
    // "Context: used of length tokens" (used 0 = not known yet); hidden without a model.
    void setContextUse(int usedTokens, int contextLength, bool visible);
    void retranslate();

Q_SIGNALS:
    void openRequested();
    void demoRequested();
    void getRequested();
    void planRequested();
    void sendRequested();
    void stopRequested();

private:
    QWidget *buildComposer();
    void attachImagesDialog();

    ConversationView *m_view;
    QPushButton *m_openButton;
    QPushButton *m_demoButton;
    QPushButton *m_getButton;
    QPushButton *m_planButton;
    ContextBanner *m_banner;
    ImageStrip *m_strip;
    PromptEdit *m_prompt;
    QPushButton *m_attach;
    QPushButton *m_send;
    QPushButton *m_stop;
    QLabel *m_contextMeter;
};

} // namespace sluice::gui
