#pragma once
// The budget planner view. PlannerBar paints usable RAM as a stacked bar
// (trunk, attention state / KV cache, scratch, vision, expert cache, free
// headroom) with the floor marked and the paging-risk zone above 7/8 shaded.
// PlannerPanel adds the controls and maps them onto a PlannerModel
// (planner/plannermodel.h), which holds the inputs, the reconciliation and the
// jobs; every figure comes from the library through it.
#include "planner/expertsspinbox.h"
#include "planner/plannermodel.h"

#include "common/sidepanel.h"

#include <QWidget>
#include <optional>

class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QProgressBar;
class QPushButton;
class QSlider;
class QSpinBox;
class QVBoxLayout;

namespace sluice::gui {

class PlannerBar : public QWidget
{
    Q_OBJECT
public:
    struct Segment {
        QString label;
        quint64 bytes = 0;
        QColor color;
    };

    explicit PlannerBar(QWidget *parent = nullptr);

    // plan + sizing for the chosen budget; nullopt sizing = no valid budget.
    // `unit` (1 << 20 or 1 << 30) is the one unit every label of the bar uses.
    // `zoomTo` > 0: draw only the first that many bytes (a model that is a
    // sliver of usable RAM), the headroom running off the right edge.
    // `split`: the trunk split the plan was made with (a streaming split draws
    // the resident trunk and the staging slots apart; the floor marker then
    // marks `residentFloor`, where every layer fits in RAM).
    void setPlan(const MemoryPlan &plan, const std::optional<CacheSizing> &sizing, quint64 unit = 1ull << 30,
                 quint64 zoomTo = 0, const model::TrunkSplit *split = nullptr, quint64 residentFloor = 0);
    void clear();

    const QList<Segment> &segments() const { return m_segments; }
    quint64 scaleBytes() const { return m_scale; }
    quint64 floorBytes() const { return m_floor; }
    quint64 riskFromBytes() const { return m_riskFrom; }

    // One more line when the labels under the bar would overlap side by side.
    QSize sizeHint() const override { return {360, 96 + extraLabelHeight()}; }
    QSize minimumSizeHint() const override { return {200, 80 + extraLabelHeight()}; }
    // Where the floor, usable-RAM and paging-risk labels are drawn (for tests: they never overlap).
    QList<QRectF> labelRects() const;

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    struct Label {
        QRectF rect;
        QString text;
        QColor color;
    };
    QFont labelFont() const;
    QString floorText() const;
    QString usableText() const;
    QString riskText() const;
    bool hasRisk() const { return m_riskFrom > 0 && m_riskFrom < m_scale; }
    // The usable-RAM and paging-risk labels side by side would overlap at `width`.
    bool labelsStacked(int width) const;
    int extraLabelHeight() const;
    void updateStacking();
    QRectF barArea() const;
    QList<Label> labels() const;

    bool m_stacked = false;
    QList<Segment> m_segments;
    quint64 m_scale = 0;
    quint64 m_floor = 0;
    quint64 m_riskFrom = 0;
    quint64 m_usable = 0;
    quint64 m_unit = 1ull << 30;
    bool m_streaming = false;
};

class PlannerPanel : public SidePanel
{
    Q_OBJECT
public:
    explicit PlannerPanel(QWidget *parent = nullptr);

    // The planner without its widgets: inputs, reconciliation, jobs.
    PlannerModel *model() const { return m_model; }

    // The model's shape (from its manifest) and the machine's usable RAM.
    void setInputs(const PlannerInputs &inputs, quint64 usableRamBytes, bool modelOpen);
    void clearInputs(const QString &why);
    // The model's shape (api/planning.h): with it every budget is planned by
    // planBudget, as Model::open and `sluice-cli plan` plan it (the trunk
    // split below the resident floor, the prefill chunk, the cache), the
    // slider reaches down to the streaming floor and the predicted speed
    // includes the streamed trunk. `request` gives vision, threads, sessions
    // and the process term; context and budget come from the controls. The
    // shape must be the model of the inputs (its resident decode floor is checked).
    void setShape(const PlannerShape &shape, const PlanRequest &request);
    void clearShape();
    // A shape is set and is the inputs' model (same decode floor at their context).
    bool hasShape() const { return m_model->hasShape(); }
    // The budget in force for the open model (selects the slider position).
    void setCurrentBudget(quint64 budgetBytes, int contextLength);
    // What the open model fixed at open and a live budget cannot change: the
    // bytes its prefill chunk and chat checkpoints add to the decode floor
    // (ModelInfo::liveBudgetMinBytes - floorBytes), and the top of the live
    // budget (liveBudgetMaxBytes, 0 = none). While the context stays the one in
    // force the panel plans with these, so its figures are the engine's, and
    // Apply changes the budget in place (appliesLive).
    void setOpenModelTerms(quint64 decodeFloorBytes, quint64 fixedAtOpenBytes, quint64 liveMaxBytes);
    // The open model's trunk split (ModelInfo::residentLayers of layers, and
    // whether its lm_head streams): a live budget keeps it, so a budget whose
    // plan needs another split reopens.
    void setOpenModelSplit(int residentLayers, int layers, bool lmHeadStreamed = false);
    // The process term a reopen (or a first open) plans with: this process
    // measured now the way Model::open measures itself, less what the open
    // model gives back, plus the margin (api/budget.h plannedProcessBytes).
    // The open model's own term (its inputs' processBytes) still plans a live
    // change, which measures nothing; every budget that reopens plans with
    // this, so the floor shown opens on the next attempt (issue 27).
    void setReopenProcessBytes(quint64 bytes);
    quint64 reopenProcessBytes() const { return m_model->reopenProcessBytes(); }
    // The lowest budget a reopen of the model opens at: what "reopen it for
    // down to" names while a model is open, else lowestBudget().
    quint64 reopenFloor() const { return m_model->reopenFloor(); }
    // Apply would move the budget of the open model without reopening it.
    bool appliesLive() const { return m_model->appliesLive(); }
    // Experts per token (issue 31), beside the budget: the model's own top-k
    // (0 = no model: the box is disabled) and the value the open model runs
    // with. A value other than the open one plans, predicts and reopens with it.
    void setExpertsPerToken(int modelTopK, int openExpertsPerToken);
    // 0 = the model's own, else 1..its top-k (ModelOptions::expertsPerToken).
    int chosenExpertsPerToken() const { return m_model->chosenExpertsPerToken(); }
    QSpinBox *expertsField() const { return m_experts; }

    PlannerBar *bar() const { return m_bar; }
    QSlider *slider() const { return m_slider; }
    QDoubleSpinBox *budgetField() const { return m_field; }
    QComboBox *contextBox() const { return m_context; }
    QPushButton *applyButton() const { return m_apply; }
    QPushButton *diskTestButton() const { return m_diskTest; }
    QPushButton *cancelJobButton() const { return m_cancelJob; }
    QDoubleSpinBox *diskSpeedField() const { return m_diskSpeed; }
    // The disk speed the prediction uses (the disk test fills it; typed in GB/s).
    void setDiskSpeed(double gbps);
    // The plan for the chosen budget when a shape is set (nullopt: none, or refused).
    const std::optional<model::BudgetPlan> &budgetPlan() const { return m_model->budgetPlan(); }
    // The predicted speed at the chosen budget (shape, disk speed and trace known).
    const std::optional<SpeedFigures> &speed() const { return m_model->speed(); }
    QString speedText() const;
    // The lowest budget the slider and the field reach: the streaming floor with a shape, else the floor.
    quint64 lowestBudget() const { return m_model->lowestBudget(); }

    // The background jobs: what the disk test reads (a model folder: its
    // largest expert bank; or a plain file) and the routing trace for the estimate.
    void setDiskTestTarget(const QString &modelPathOrFile, double seconds = 2.0, quint64 recordBytes = 0);
    void setTracePath(const QString &path) { m_model->setTracePath(path); }
    // The model the figures and the estimate are about (its folder name).
    void setModelName(const QString &name);
    // Choose a budget as the field would (exact bytes); 0 = back to the planner's default.
    void chooseBudget(quint64 bytes);
    // Bytes per slider step (whole working sets; several for a tiny model).
    quint64 stepBytes() const { return m_model->stepBytes(); }
    quint64 unitBytes() const { return m_model->unitBytes(); }
    void startDiskTest();
    void cancelJobs();
    bool isDiskTestRunning() const { return m_model->isDiskTestRunning(); }
    double measuredGBps() const { return m_model->diskGBps(); }
    QString diskResultText() const;
    const std::optional<TokRateEstimate> &estimate() const { return m_model->estimate(); }
    QString estimateLabelText() const;

    const std::optional<MemoryPlan> &plan() const { return m_model->plan(); }
    const std::optional<CacheSizing> &sizing() const { return m_model->sizing(); }
    quint64 chosenBudget() const { return m_model->chosenBudget(); }
    int chosenContext() const { return m_model->context(); }
    QString figuresText() const;

Q_SIGNALS:
    void applyRequested(quint64 budgetBytes, int contextLength);
    void diskTestFinished(bool ok);
    void estimateReady();
    // The figures changed (budget, context, disk speed or inputs): emitted after every recompute.
    void planChanged();

protected:
    void retranslate() override;

private:
    // The constructor's parts.
    QFormLayout *buildForm();
    void buildActions(QVBoxLayout *layout);
    void connectControls();
    void connectModel();
    // The model's new plan: the ranges of the slider and the field.
    void syncRanges();
    // The model's chosen budget on the slider and the field.
    void syncBudget();
    void refresh();
    void appendFloorLines(QStringList &lines, const MemoryPlan &p) const;
    void appendBudgetLines(QStringList &lines, const MemoryPlan &p) const;
    void updateApplyButton();
    void updateJobControls();
    QString emptyText() const;

    PlannerModel *m_model;
    bool m_updating = false;
    bool m_fromSlider = false; // the budget being set came from the slider
    QString m_modelName;

    QLabel *m_title;
    QLabel *m_empty;
    QString m_emptyReason; // why the tab is empty; none: the tab's own explanation
    PlannerBar *m_bar;
    QLabel *m_legend;
    QLabel *m_contextLabel;
    QComboBox *m_context;
    QLabel *m_sliderLabel;
    QSlider *m_slider;
    QLabel *m_fieldLabel;
    QDoubleSpinBox *m_field;
    QLabel *m_figures;
    QPushButton *m_apply;
    QPushButton *m_diskTest;
    QPushButton *m_cancelJob;
    QProgressBar *m_jobProgress;
    QLabel *m_diskResult;
    QLabel *m_estimate;
    QWidget *m_controls;
    QLabel *m_diskSpeedLabel;
    QLabel *m_expertsLabel;
    ExpertsSpinBox *m_experts;
    QDoubleSpinBox *m_diskSpeed;
};

} // namespace sluice::gui
