#include "app/settingsdialog.h"

#include "app/appearance.h"
#include "common/uihelpers.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSpinBox>
#include <QThread>
#include <QVBoxLayout>

namespace sluice::gui {

namespace {
constexpr double kGiB = double(1ull << 30);

template <typename W>
W *named(W *w, const QString &name)
{
    w->setAccessibleName(name);
    return w;
}
} // namespace

SettingsDialog::SettingsDialog(Settings *settings, QWidget *parent, quint64 sessionDiskUse,
                               const RecommendedSampling &recommended)
    : QDialog(parent)
    , m_settings(settings)
    , m_recommended(recommended)
{
    setWindowTitle(tr("Settings"));
    // The four groups are 768 px tall: on a small screen (800×600) they
    // scroll and OK / Cancel stay shown below them (issue 30).
    auto *content = new QWidget(this);
    auto *groups = new QVBoxLayout(content);
    groups->setContentsMargins(0, 0, 0, 0);
    groups->addWidget(engineGroup());
    groups->addWidget(samplingGroup());
    groups->addWidget(chatGroup(sessionDiskUse));
    groups->addWidget(appearanceGroup());
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(makePageScrollArea(content, this), 1);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        apply();
        accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
}

QGroupBox *SettingsDialog::engineGroup()
{
    auto *engine = new QGroupBox(tr("Engine"), this);
    auto *ef = new QFormLayout(engine);
    m_threads = named(new QSpinBox(engine), tr("Compute threads"));
    m_threads->setRange(0, 1024);
    m_threads->setSpecialValueText(tr("All cores (%1)").arg(QThread::idealThreadCount()));
    m_threads->setValue(m_settings->threads());
    ef->addRow(tr("&Threads:"), m_threads);
    m_budgetMode = named(new QComboBox(engine), tr("Budget mode"));
    m_budgetMode->addItem(tr("Automatic (planner default)"), int(Settings::BudgetMode::Auto));
    m_budgetMode->addItem(tr("Fixed"), int(Settings::BudgetMode::Fixed));
    m_budgetMode->setCurrentIndex(m_settings->budgetMode() == Settings::BudgetMode::Fixed ? 1 : 0);
    ef->addRow(tr("&Budget mode:"), m_budgetMode);
    m_fixedBudget = named(new QDoubleSpinBox(engine), tr("Fixed budget in GiB"));
    m_fixedBudget->setRange(0.0, 4096.0);
    m_fixedBudget->setDecimals(2);
    m_fixedBudget->setSuffix(tr(" GiB"));
    m_fixedBudget->setValue(double(m_settings->fixedBudgetBytes()) / kGiB);
    m_fixedBudget->setEnabled(m_budgetMode->currentIndex() == 1);
    connect(m_budgetMode, &QComboBox::currentIndexChanged, this, [this](int i) { m_fixedBudget->setEnabled(i == 1); });
    ef->addRow(tr("Fixed &budget:"), m_fixedBudget);
    m_context = named(new QComboBox(engine), tr("Context length"));
    for (int c : {4096, 8192, 16384, 32768, 65536, 131072, 262144, 1048576})
        m_context->addItem(QLocale().toString(c), c);
    m_context->setCurrentIndex(std::max(0, m_context->findData(m_settings->contextLength())));
    ef->addRow(tr("&Context length:"), m_context);
    // Yielding memory under pressure (issue 19); the thresholds stay in the settings file.
    m_adaptBudget = named(new QCheckBox(tr("&Give memory back when the system needs it"), engine),
                          tr("Reduce the expert cache while the system is short of memory"));
    m_adaptBudget->setToolTip(tr("While other programs need memory, the expert cache shrinks in steps and grows "
                                 "back once the system has been calm for a while"));
    m_adaptBudget->setChecked(m_settings->adaptBudget());
    ef->addRow(QString(), m_adaptBudget);
    m_adaptMin = named(new QDoubleSpinBox(engine), tr("Smallest budget when giving memory back, in GiB"));
    m_adaptMin->setRange(0.0, 4096.0);
    m_adaptMin->setDecimals(2);
    m_adaptMin->setSuffix(tr(" GiB"));
    m_adaptMin->setSpecialValueText(tr("The model's floor"));
    m_adaptMin->setValue(double(m_settings->adaptMinBudgetBytes()) / kGiB);
    m_adaptMin->setEnabled(m_adaptBudget->isChecked());
    connect(m_adaptBudget, &QCheckBox::toggled, m_adaptMin, &QWidget::setEnabled);
    ef->addRow(tr("Never &below:"), m_adaptMin);
    return engine;
}

QGroupBox *SettingsDialog::samplingGroup()
{
    auto *sampling = new QGroupBox(tr("Sampling"), this);
    auto *sf = new QFormLayout(sampling);
    const SamplingParams shown = m_settings->sampling(m_recommended);
    m_temperature = named(new QDoubleSpinBox(sampling), tr("Temperature"));
    m_temperature->setRange(0.0, 4.0);
    m_temperature->setSingleStep(0.05);
    m_temperature->setSpecialValueText(tr("0 (greedy)"));
    m_temperature->setValue(shown.temperature);
    sf->addRow(tr("T&emperature:"), m_temperature);
    m_topP = named(new QDoubleSpinBox(sampling), tr("Top-p"));
    m_topP->setRange(0.0, 1.0);
    m_topP->setSingleStep(0.01);
    m_topP->setValue(shown.topP);
    sf->addRow(tr("Top-&p:"), m_topP);
    m_topK = named(new QSpinBox(sampling), tr("Top-k"));
    m_topK->setRange(0, 100000);
    m_topK->setSpecialValueText(tr("Off"));
    m_topK->setValue(shown.topK);
    sf->addRow(tr("Top-&k:"), m_topK);
    m_repeatPenalty = named(new QDoubleSpinBox(sampling), tr("Repetition penalty"));
    m_repeatPenalty->setRange(1.0, 10.0); // below 1 rewards repeating: only for experiments (the CLI)
    m_repeatPenalty->setSingleStep(0.05);
    m_repeatPenalty->setSpecialValueText(tr("Off"));
    m_repeatPenalty->setValue(shown.repeatPenalty);
    sf->addRow(tr("&Repetition penalty:"), m_repeatPenalty);
    m_maxTokens = named(new QSpinBox(sampling), tr("Maximum reply tokens"));
    m_maxTokens->setRange(1, 1 << 20);
    m_maxTokens->setValue(shown.maxTokens);
    sf->addRow(tr("&Max reply tokens:"), m_maxTokens);
    m_shownTemperature = m_temperature->value();
    m_shownTopP = m_topP->value();
    m_shownTopK = m_topK->value();
    m_shownRepeatPenalty = m_repeatPenalty->value();
    m_shownMaxTokens = m_maxTokens->value();
    if (!m_recommended.error.empty()) {
        sf->addRow(new QLabel(tr("The model's recommended sampling was not used: %1")
                                  .arg(QString::fromStdString(m_recommended.error)),
                              sampling));
    } else if (!m_recommended.empty()) {
        auto *note = new QLabel(tr("A field you have not changed follows the model's recommendation (%1).")
                                    .arg(QString::fromStdString(m_recommended.source)),
                                sampling);
        note->setWordWrap(true);
        sf->addRow(note);
    }
    return sampling;
}

QGroupBox *SettingsDialog::chatGroup(quint64 sessionDiskUse)
{
    auto *chat = new QGroupBox(tr("Chat"), this);
    auto *cf = new QFormLayout(chat);
    m_systemPrompt = named(new QPlainTextEdit(chat), tr("System prompt"));
    m_systemPrompt->setPlainText(m_settings->systemPrompt());
    m_systemPrompt->setPlaceholderText(tr("Optional instructions sent before every chat"));
    m_systemPrompt->setTabChangesFocus(true);
    m_systemPrompt->setMaximumHeight(80);
    cf->addRow(tr("&System prompt:"), m_systemPrompt);
    // Each chat's engine state is kept on disk so it continues without reading
    // the conversation again; the oldest chats' states go first beyond this.
    m_sessionLimit = named(new QDoubleSpinBox(chat), tr("Disk for saved conversation states, in GiB"));
    m_sessionLimit->setRange(0.0, 1024.0);
    m_sessionLimit->setDecimals(1);
    m_sessionLimit->setSuffix(tr(" GiB"));
    m_sessionLimit->setValue(double(m_settings->sessionDiskLimitBytes()) / kGiB);
    m_sessionLimit->setToolTip(tr("Now in use: %1 GiB. 0 keeps none (every chat is read again when reopened).")
                                   .arg(QLocale().toString(double(sessionDiskUse) / kGiB, 'f', 2)));
    cf->addRow(tr("Saved &states, at most:"), m_sessionLimit);
    m_thinking = named(new QCheckBox(tr("Let the model &think before answering"), chat), tr("Thinking"));
    m_thinking->setChecked(m_settings->thinking());
    cf->addRow(m_thinking);
    m_effort = named(new QComboBox(chat), tr("Thinking effort"));
    m_effort->addItem(tr("Model default"), QString());
    m_effort->addItem(tr("Low"), QStringLiteral("low"));
    m_effort->addItem(tr("High"), QStringLiteral("high"));
    m_effort->addItem(tr("Maximum"), QStringLiteral("max"));
    m_effort->setCurrentIndex(std::max(0, m_effort->findData(m_settings->thinkingEffort())));
    cf->addRow(tr("Thinking &effort:"), m_effort);
    return chat;
}

QGroupBox *SettingsDialog::appearanceGroup()
{
    auto *look = new QGroupBox(tr("Appearance"), this);
    auto *lf = new QFormLayout(look);
    m_theme = named(new QComboBox(look), tr("Theme"));
    m_theme->addItem(tr("System"), int(Settings::Theme::System));
    m_theme->addItem(tr("Light"), int(Settings::Theme::Light));
    m_theme->addItem(tr("Dark"), int(Settings::Theme::Dark));
    m_theme->setCurrentIndex(int(m_settings->theme()));
    lf->addRow(tr("T&heme:"), m_theme);
    m_fontSize = named(new QSpinBox(look), tr("Font size"));
    m_fontSize->setRange(0, 48);
    m_fontSize->setSpecialValueText(tr("System default"));
    m_fontSize->setSuffix(tr(" pt"));
    m_fontSize->setValue(m_settings->fontSize());
    lf->addRow(tr("&Font size:"), m_fontSize);
    m_language = named(new QComboBox(look), tr("Language"));
    m_language->addItem(tr("System language"), QString());
    for (const auto &lang : Appearance::availableLanguages())
        m_language->addItem(lang.second, lang.first);
    m_language->setCurrentIndex(std::max(0, m_language->findData(m_settings->language())));
    lf->addRow(tr("&Language:"), m_language);
    return look;
}

void SettingsDialog::apply()
{
    Settings *s = m_settings;
    s->setThreads(m_threads->value());
    s->setBudgetMode(Settings::BudgetMode(m_budgetMode->currentData().toInt()));
    s->setFixedBudgetBytes(quint64(m_fixedBudget->value() * kGiB));
    s->setContextLength(m_context->currentData().toInt());
    s->setAdaptBudget(m_adaptBudget->isChecked());
    s->setAdaptMinBudgetBytes(quint64(m_adaptMin->value() * kGiB));
    // A sampling field is the user's choice once changed here (or set
    // before); one left as shown keeps following the model.
    if (s->samplingChosen("temperature") || m_temperature->value() != m_shownTemperature)
        s->setTemperature(m_temperature->value());
    if (s->samplingChosen("topP") || m_topP->value() != m_shownTopP)
        s->setTopP(m_topP->value());
    if (s->samplingChosen("topK") || m_topK->value() != m_shownTopK)
        s->setTopK(m_topK->value());
    if (s->samplingChosen("repeatPenalty") || m_repeatPenalty->value() != m_shownRepeatPenalty)
        s->setRepeatPenalty(m_repeatPenalty->value());
    if (s->samplingChosen("maxTokens") || m_maxTokens->value() != m_shownMaxTokens)
        s->setMaxTokens(m_maxTokens->value());
    s->setSystemPrompt(m_systemPrompt->toPlainText());
    s->setSessionDiskLimitBytes(quint64(m_sessionLimit->value() * kGiB));
    s->setThinking(m_thinking->isChecked());
    s->setThinkingEffort(m_effort->currentData().toString());
    s->setTheme(Settings::Theme(m_theme->currentData().toInt()));
    s->setFontSize(m_fontSize->value());
    s->setLanguage(m_language->currentData().toString());
}

} // namespace sluice::gui
