#pragma once
// A chat's own system prompt and sampling (issue 30): two groups, each off
// (the chat follows the app's settings, the default of every chat) or on with
// the chat's values. Opened from Chat → Chat settings….
#include "api/types.h"
#include "chat/chatstore.h"

#include <QDialog>

class QDoubleSpinBox;
class QGroupBox;
class QPlainTextEdit;
class QSpinBox;

namespace sluice::gui {

class ChatPresetDialog : public QDialog
{
    Q_OBJECT
public:
    // `defaults`/`defaultPrompt`: what the chat follows without its own values
    // (shown in the fields while a group is off, and the start of an edit).
    ChatPresetDialog(const QString &chatTitle, const ChatPreset &preset, const SamplingParams &defaults,
                     const QString &defaultPrompt, QWidget *parent = nullptr);

    ChatPreset preset() const;
    QGroupBox *promptGroup() const { return m_promptGroup; }
    QGroupBox *samplingGroup() const { return m_samplingGroup; }
    QPlainTextEdit *systemPrompt() const { return m_systemPrompt; }
    QDoubleSpinBox *temperature() const { return m_temperature; }
    QDoubleSpinBox *topP() const { return m_topP; }
    QSpinBox *topK() const { return m_topK; }
    QSpinBox *maxTokens() const { return m_maxTokens; }
    QDoubleSpinBox *repeatPenalty() const { return m_repeatPenalty; }

private:
    void buildSampling(const ChatPreset &preset, const SamplingParams &defaults);

    QGroupBox *m_promptGroup;
    QGroupBox *m_samplingGroup;
    QPlainTextEdit *m_systemPrompt;
    QDoubleSpinBox *m_temperature;
    QDoubleSpinBox *m_topP;
    QSpinBox *m_topK;
    QSpinBox *m_maxTokens;
    QDoubleSpinBox *m_repeatPenalty;
};

} // namespace sluice::gui
