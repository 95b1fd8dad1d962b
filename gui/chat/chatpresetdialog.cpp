#include "chat/chatpresetdialog.h"

#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSpinBox>
#include <QVBoxLayout>

namespace sluice::gui {

namespace {

template <typename W>
W *presetField(W *w, const QString &name)
{
    w->setAccessibleName(name);
    return w;
}

} // namespace

ChatPresetDialog::ChatPresetDialog(const QString &chatTitle, const ChatPreset &preset, const SamplingParams &defaults,
                                   const QString &defaultPrompt, QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Chat settings — %1").arg(chatTitle));
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("Values for this chat alone. A group left off follows the app's settings, "
                                "which every new chat starts with."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);

    m_promptGroup = new QGroupBox(tr("This chat's own system prompt"), this);
    m_promptGroup->setCheckable(true);
    m_promptGroup->setChecked(preset.systemPrompt.has_value());
    auto *pl = new QVBoxLayout(m_promptGroup);
    m_systemPrompt = presetField(new QPlainTextEdit(m_promptGroup), tr("System prompt of this chat"));
    m_systemPrompt->setPlainText(preset.systemPrompt.value_or(defaultPrompt));
    m_systemPrompt->setTabChangesFocus(true);
    pl->addWidget(m_systemPrompt);
    layout->addWidget(m_promptGroup);

    buildSampling(preset, defaults);
    layout->addWidget(m_samplingGroup);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
}

void ChatPresetDialog::buildSampling(const ChatPreset &preset, const SamplingParams &defaults)
{
    // The same ranges as the app's settings (settingsdialog.cpp).
    m_samplingGroup = new QGroupBox(tr("This chat's own sampling"), this);
    m_samplingGroup->setCheckable(true);
    m_samplingGroup->setChecked(preset.hasSampling());
    auto *sf = new QFormLayout(m_samplingGroup);
    m_temperature = presetField(new QDoubleSpinBox(m_samplingGroup), tr("Temperature of this chat"));
    m_temperature->setRange(0.0, 4.0);
    m_temperature->setSingleStep(0.05);
    m_temperature->setSpecialValueText(tr("0 (greedy)"));
    m_temperature->setValue(preset.temperature.value_or(defaults.temperature));
    sf->addRow(tr("T&emperature:"), m_temperature);
    m_topP = presetField(new QDoubleSpinBox(m_samplingGroup), tr("Top-p of this chat"));
    m_topP->setRange(0.0, 1.0);
    m_topP->setSingleStep(0.01);
    m_topP->setValue(preset.topP.value_or(defaults.topP));
    sf->addRow(tr("Top-&p:"), m_topP);
    m_topK = presetField(new QSpinBox(m_samplingGroup), tr("Top-k of this chat"));
    m_topK->setRange(0, 100000);
    m_topK->setSpecialValueText(tr("Off"));
    m_topK->setValue(preset.topK.value_or(defaults.topK));
    sf->addRow(tr("Top-&k:"), m_topK);
    m_repeatPenalty = presetField(new QDoubleSpinBox(m_samplingGroup), tr("Repetition penalty of this chat"));
    m_repeatPenalty->setRange(1.0, 10.0);
    m_repeatPenalty->setSingleStep(0.05);
    m_repeatPenalty->setSpecialValueText(tr("Off"));
    m_repeatPenalty->setValue(preset.repeatPenalty.value_or(defaults.repeatPenalty));
    sf->addRow(tr("&Repetition penalty:"), m_repeatPenalty);
    m_maxTokens = presetField(new QSpinBox(m_samplingGroup), tr("Maximum reply tokens of this chat"));
    m_maxTokens->setRange(1, 1 << 20);
    m_maxTokens->setValue(preset.maxTokens.value_or(defaults.maxTokens));
    sf->addRow(tr("&Max reply tokens:"), m_maxTokens);
}

ChatPreset ChatPresetDialog::preset() const
{
    ChatPreset p;
    if (m_promptGroup->isChecked())
        p.systemPrompt = m_systemPrompt->toPlainText();
    if (m_samplingGroup->isChecked()) {
        p.temperature = m_temperature->value();
        p.topP = m_topP->value();
        p.topK = m_topK->value();
        p.maxTokens = m_maxTokens->value();
        p.repeatPenalty = m_repeatPenalty->value();
    }
    return p;
}

} // namespace sluice::gui
