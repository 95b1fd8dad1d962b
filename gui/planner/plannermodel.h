#pragma once
// The budget planner without widgets (issue 28): the inputs (the model's
// planner inputs and shape, usable RAM, context, experts per token, disk
// speed, routing trace, the budget chosen), the reconciliation (which plan is
// current, the chosen budget against the floors and the top, the open model's
// live terms against a reopen's) and the background jobs (disk test, tok/s
// estimate). PlannerPanel maps its widgets onto it; tests drive it directly.
// Every figure comes from the library (api/inspect.h planMemory and
// sizeCache, api/planning.h planBudget and predictSpeed), the functions
// `sluice-cli plan` and Model::open use; nothing is computed here.
#include "app/backgroundjobs.h"
#include "api/inspect.h"  // PlannerInputs, MemoryPlan
#include "api/planning.h" // PlannerShape, planBudget, predictSpeed

#include <QObject>
#include <QString>
#include <optional>

namespace sluice::gui {

// The largest budget the model can use: every expert record of the model in
// the cache (more is memory nobody reads). 0 when the plan has no expert count.
quint64 fullCacheBudget(const MemoryPlan &plan);

class PlannerModel : public QObject
{
    Q_OBJECT
public:
    explicit PlannerModel(QObject *parent = nullptr);

    // The context lengths offered (the panel's box lists these).
    static const QList<int> &contexts();

    // ---- Inputs (PlannerPanel documents each; it forwards to these).
    void setInputs(const PlannerInputs &inputs, quint64 usableRamBytes, bool modelOpen);
    void clearInputs();
    bool hasInputs() const { return m_haveInputs; }
    void setShape(const PlannerShape &shape, const PlanRequest &request);
    void clearShape();
    bool hasShape() const { return m_shape.has_value() && m_shapeUsable; }
    void setCurrentBudget(quint64 budgetBytes, int contextLength);
    void setOpenModelTerms(quint64 decodeFloorBytes, quint64 fixedAtOpenBytes, quint64 liveMaxBytes);
    void setOpenModelSplit(int residentLayers, int layers, bool lmHeadStreamed = false);
    void setReopenProcessBytes(quint64 bytes);
    quint64 reopenProcessBytes() const { return m_reopenProcess; }
    // The model's own top-k and the open model's experts per token (0 = its own).
    void setExpertsPerToken(int modelTopK, int openExpertsPerToken);
    // The user's choice: 0 or the model's top-k = the model's own.
    void setChosenExpertsPerToken(int experts);
    int chosenExpertsPerToken() const { return m_request.expertsPerToken; }
    int modelTopK() const { return m_modelTopK; }
    int openExpertsPerToken() const { return m_openExperts; }
    // A context of contexts(); another value is ignored (the previous stays).
    void setContext(int contextLength);
    int context() const { return m_context; }
    // Exact bytes; 0 = back to the planner's default.
    void chooseBudget(quint64 bytes);
    // Exact bytes, 0 included (a budget under the lowest is kept and refused: sizing() is empty, error() says why).
    void setChosenBudget(quint64 bytes) { setBudget(bytes); }
    // Typed by the user (a measured speed comes from the disk test).
    void setDiskSpeed(double gbps);
    void setTracePath(const QString &path);
    QString tracePath() const { return m_tracePath; }
    void setDiskTestTarget(const QString &modelPathOrFile, double seconds = 2.0, quint64 recordBytes = 0);
    bool hasDiskTestTarget() const { return !m_diskTarget.isEmpty(); }

    // ---- Jobs.
    // Starts the disk test (false: no target, or one runs).
    bool startDiskTest();
    void cancelJobs();
    bool isDiskTestRunning() const { return m_diskJob->isRunning(); }
    bool isBusy() const;

    // ---- Figures, all derived from the inputs above.
    const std::optional<MemoryPlan> &plan() const { return m_plan; }
    const std::optional<CacheSizing> &sizing() const { return m_sizing; }
    const std::optional<model::BudgetPlan> &budgetPlan() const { return m_budgetPlan; }
    // Why there is no plan or no sizing (the library's words).
    QString error() const { return m_error; }
    quint64 usableRamBytes() const { return m_usable; }
    quint64 chosenBudget() const { return m_budget; }
    quint64 appliedBudget() const { return m_appliedBudget; }
    int appliedContext() const { return m_appliedContext; }
    bool modelOpen() const { return m_modelOpen; }
    // The top of the budget: usable RAM, never past every expert cached.
    quint64 maxBudget() const { return m_maxBudget; }
    quint64 unitBytes() const { return m_unit; }
    int stepSets() const { return m_stepSets; }
    quint64 stepBytes() const { return m_plan ? quint64(m_stepSets) * m_plan->workingSetBytes : 0; }
    // Whole steps from the floor to the top.
    int maxSteps() const { return m_maxSteps; }
    quint64 streamingFloor() const { return m_streamingFloor; }
    int streamSteps() const { return m_streamSteps; }
    // The plan holds the open model's live terms (what it fixed at open).
    bool liveTermsInPlan() const { return m_liveTermsInPlan; }
    quint64 lowestBudget() const;
    quint64 reopenFloor() const;
    // With a model open and other experts per token chosen: the floor a reopen
    // with the open model's experts per token would need, planned as the
    // chosen one's is (the process measured now plus the margin). The open
    // model's live floor has neither and is no fair comparison (issue 30). 0 = n/a.
    quint64 reopenFloorAtOpenExperts() const { return m_reopenFloorOpenExperts; }
    bool appliesLive() const;
    // Something differs from what is in force, and the budget can be applied.
    bool canApply() const;
    // The slider's mapping: a budget for a step (negative: below the resident floor) and back.
    quint64 budgetAtStep(int step) const;
    int stepAt(quint64 budget) const;

    double diskGBps() const { return m_gbps; }
    bool diskSpeedTyped() const { return m_diskTyped; }
    bool diskDirectIo() const { return m_directIo; }
    // The disk test's error (the job's words); diskTestCancelled() when the user cancelled it.
    QString diskError() const { return m_diskError; }
    bool diskTestCancelled() const { return m_diskCancelled; }
    const std::optional<SpeedFigures> &speed() const { return m_speed; }
    // The library's reason there is no predicted speed; speedNeedsTrace() when no trace was found.
    QString speedError() const { return m_speedError; }
    bool speedNeedsTrace() const { return m_speedNeedsTrace; }
    const std::optional<TokRateEstimate> &estimate() const { return m_estimateResult; }
    // The estimate request made last (a newer input makes older answers stale).
    quint64 estimateSequence() const { return m_estimateSeq; }

Q_SIGNALS:
    // The plan was recomputed (inputs, context, experts, shape, open terms).
    void planChanged();
    // The chosen budget changed (by the user, or clamped by a new plan).
    void budgetChanged(quint64 bytes);
    // Any figure changed: emitted once after every recompute.
    void figuresChanged();
    void contextChanged(int contextLength);
    void diskSpeedChanged(double gbps);
    void busyChanged(bool busy);
    void diskTestProgress(int percent);
    void diskTestFinished(bool ok);
    void estimateReady();

private:
    void replan();
    PlannerInputs plannedInputs();
    Expected<MemoryPlan> planWithOpenTerms(PlannerInputs &in);
    void planStreamingFloor(const MemoryPlan &plan);
    void planOpenExpertsFloor();
    void sizeRange(const MemoryPlan &plan);
    quint64 reopenExtraBytes() const;
    PlanRequest reopenRequest() const;
    bool liveTermsApply(quint64 decodeFloorBytes) const;
    void setBudget(quint64 bytes);
    void recompute();
    void computeSpeed();
    void runEstimate();
    void diskTestDone(const DiskTestResult &result);

    PlannerInputs m_inputs;
    bool m_haveInputs = false;
    bool m_modelOpen = false;
    quint64 m_usable = 0;
    int m_context = 4096;
    std::optional<MemoryPlan> m_plan;
    std::optional<CacheSizing> m_sizing;
    QString m_error;
    quint64 m_budget = 0;
    quint64 m_appliedBudget = 0;
    int m_appliedContext = 0;
    quint64 m_openDecodeFloor = 0;
    quint64 m_reopenProcess = 0; // 0 = the inputs' own
    quint64 m_fixedAtOpen = 0;
    quint64 m_liveMax = 0;
    bool m_haveOpenTerms = false;
    bool m_liveTermsInPlan = false;
    int m_stepSets = 1;
    int m_maxSteps = 1;
    quint64 m_maxBudget = 0;
    quint64 m_unit = 1ull << 30;

    std::optional<PlannerShape> m_shape;
    PlanRequest m_request;
    bool m_shapeUsable = false;
    int m_openResident = -1;
    int m_openLayers = 0;
    bool m_openLmHeadStreamed = false;
    std::optional<model::BudgetPlan> m_budgetPlan;
    quint64 m_streamingFloor = 0;
    int m_streamSteps = 0;
    quint64 m_reopenFloorOpenExperts = 0;
    int m_modelTopK = 0;
    int m_openExperts = 0;

    DiskTestJob *m_diskJob;
    EstimateJob *m_estimateJob;
    QString m_diskTarget;
    double m_diskSeconds = 2.0;
    quint64 m_diskRecordBytes = 0;
    QString m_tracePath;
    double m_gbps = 0;
    bool m_directIo = false;
    bool m_diskTyped = false;
    QString m_diskError;
    bool m_diskCancelled = false;
    std::optional<SpeedFigures> m_speed;
    QString m_speedError;
    bool m_speedNeedsTrace = false;
    std::optional<RoutingTrace> m_trace;
    QString m_traceLoaded;
    std::optional<TokRateEstimate> m_estimateResult;
    quint64 m_estimateSeq = 0;   // the request made last
    quint64 m_estimateAnswer = 0; // the request the running job answers
};

} // namespace sluice::gui
