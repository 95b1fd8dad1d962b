#pragma once
// "Plan a model…" (issue 13): does a published model fit this machine, with
// what budget, at what speed — before a download. The user picks Kimi K3 or
// Kimi-Linear 48B, converted or as released, types the RAM (default: this
// machine's usable RAM) and the disk speed or measures it, and the context;
// the planner panel below answers with the same functions `sluice-cli plan
// --model …` uses (api/planning.h), so the figures are that command's.
// The choices are remembered (Settings::plan*).
#include "api/planning.h"

#include <QDialog>
#include <QFutureWatcher>
#include <QTemporaryDir>
#include <memory>
#include <optional>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;

namespace sluice::gui {

class PlannerPanel;
class Settings;

class PlanModelDialog : public QDialog {
    Q_OBJECT
public:
    // `usableRamBytes`: this machine's (the RAM field's default); `processBytes`:
    // the app's own memory term (0 = estimate it now).
    PlanModelDialog(Settings *settings, quint64 usableRamBytes, quint64 processBytes, QWidget *parent = nullptr);
    ~PlanModelDialog() override;
    QSize sizeHint() const override;

    QComboBox *modelBox() const { return m_model; }
    QComboBox *formatBox() const { return m_format; }
    QDoubleSpinBox *ramField() const { return m_ram; }
    QPushButton *measureButton() const { return m_measure; }
    PlannerPanel *panel() const { return m_panel; }
    const std::optional<PlannerShape> &shape() const { return m_shape; }
    // "Fits: …" / "Does not fit …" in plain words, as `plan --model`'s last lines.
    QString verdictText() const;
    // Where "Measure this machine" writes its test file (a temporary folder in it).
    void setMeasureFolder(const QString &folder) { m_measureFolder = folder; }
    // Test hook: the test file's size (default 256 MiB).
    void setMeasureFileBytes(quint64 bytes) { m_measureBytes = bytes; }
    void measureMachine();

Q_SIGNALS:
    void planned(); // the verdict and the panel follow the current choices
    void measureFinished(bool ok);

private:
    void buildWidgets();
    void restoreChoices();
    void connectChoices();
    void connectMeasure();
    void replan();
    void fillFormats();
    void retranslate();
    void saveChoices();

    Settings *m_settings;
    quint64 m_machineRam;
    quint64 m_processBytes;
    std::optional<PlannerShape> m_shape;
    std::optional<model::BudgetPlan> m_default; // the default budget's plan (budget 0)
    QString m_error;
    bool m_updating = false;
    QString m_measureFolder;
    quint64 m_measureBytes = 256ull << 20;
    std::unique_ptr<QTemporaryDir> m_measureDir;
    QFutureWatcher<QString> m_writer;

    QLabel *m_modelLabel;
    QComboBox *m_model;
    QLabel *m_formatLabel;
    QComboBox *m_format;
    QLabel *m_ramLabel;
    QDoubleSpinBox *m_ram;
    QPushButton *m_measure;
    QLabel *m_verdict;
    QLabel *m_measureNote;
    PlannerPanel *m_panel;
    QPushButton *m_close;
    QWidget *m_content; // everything but Close, in a scroll area
    QWidget *m_buttons;
};

} // namespace sluice::gui
