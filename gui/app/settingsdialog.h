#pragma once
// Edits every field of Settings; OK writes them back.
#include "app/settings.h"

#include <QDialog>

#include "api/types.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QGroupBox;
class QPlainTextEdit;
class QSpinBox;

namespace sluice::gui {

class SettingsDialog : public QDialog
{
    Q_OBJECT
public:
    // sessionDiskUse: what the saved conversation states take now (shown beside their limit).
    // `recommended`: the open model's sampling (its generation_config.json),
    // shown in the fields the user never set; a field changed here overrides it.
    SettingsDialog(Settings *settings, QWidget *parent = nullptr, quint64 sessionDiskUse = 0,
                   const RecommendedSampling &recommended = {});
    void apply(); // writes the fields to Settings

private:
    // The dialog's four groups, each built from the current settings.
    QGroupBox *engineGroup();
    QGroupBox *samplingGroup();
    QGroupBox *chatGroup(quint64 sessionDiskUse);
    QGroupBox *appearanceGroup();

    Settings *m_settings;
    QSpinBox *m_threads;
    QComboBox *m_budgetMode;
    QDoubleSpinBox *m_fixedBudget;
    QDoubleSpinBox *m_sessionLimit;
    QComboBox *m_context;
    QCheckBox *m_adaptBudget;
    QDoubleSpinBox *m_adaptMin;
    QDoubleSpinBox *m_temperature;
    QDoubleSpinBox *m_topP;
    QSpinBox *m_topK;
    QSpinBox *m_maxTokens;
    QDoubleSpinBox *m_repeatPenalty;
    RecommendedSampling m_recommended;
    // The sampling values the fields showed at open (after the spin boxes'
    // rounding): a field still equal to its one was left to the model.
    double m_shownTemperature = 0, m_shownTopP = 0, m_shownRepeatPenalty = 0;
    int m_shownTopK = 0, m_shownMaxTokens = 0;
    QPlainTextEdit *m_systemPrompt;
    QCheckBox *m_thinking;
    QComboBox *m_effort;
    QComboBox *m_theme;
    QSpinBox *m_fontSize;
    QComboBox *m_language;
};

} // namespace sluice::gui
