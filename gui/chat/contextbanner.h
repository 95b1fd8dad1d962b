#pragma once
// The banner shown above the prompt when the next turn will not fit in the
// model's context: it says so in numbers and offers the ways out (a new chat
// carrying the last turns, dropping the oldest turns — which reads the rest
// again — or cancel). Never a silent "context full" after the fact.
#include "common/sidepanel.h"

class QLabel;
class QPushButton;

namespace sluice::gui {

class ContextBanner : public SidePanel
{
    Q_OBJECT
public:
    explicit ContextBanner(QWidget *parent = nullptr);
    // needed: tokens the turn would need (the rendered prompt + the reply room,
    // counted by the engine); context: the engine's.
    void ask(int needed, int context);
    QString text() const;
    QPushButton *newChatButton() const { return m_newChat; }
    QPushButton *dropButton() const { return m_drop; }
    QPushButton *cancelButton() const { return m_cancel; }

Q_SIGNALS:
    void newChatChosen();
    void dropOldestChosen();
    void cancelled();

protected:
    void retranslate() override;

private:
    int m_needed = 0;
    int m_context = 0;
    QLabel *m_text;
    QPushButton *m_newChat;
    QPushButton *m_drop;
    QPushButton *m_cancel;
};

// Tokens a text will take, estimated from its length (about 4 bytes of UTF-8
// per token, plus the chat template's markers), for the check before a turn.
int estimateTokens(const QString &text);

} // namespace sluice::gui
