#include "planner/plannermodel.h"

#include "common/errortext.h"
#include "api/budget.h"

#include "common/uihelpers.h"

#include <algorithm>

namespace sluice::gui {

quint64 fullCacheBudget(const MemoryPlan &plan)
{
    if (plan.moeLayers <= 0 || plan.expertsPerLayer <= 0)
        return 0;
    return budgetForCacheSlots(plan, maxCacheSlots(plan)); // the library's slot rule (api/budget.h)
}

PlannerModel::PlannerModel(QObject *parent)
    : QObject(parent)
    , m_diskJob(new DiskTestJob(this))
    , m_estimateJob(new EstimateJob(this))
{
    m_tracePath = defaultTracePath();
    connect(m_diskJob, &DiskTestJob::progress, this, &PlannerModel::diskTestProgress);
    connect(m_diskJob, &DiskTestJob::finished, this, &PlannerModel::diskTestDone);
    connect(m_estimateJob, &EstimateJob::finished, this, [this](const TokRateEstimate &e) {
        const bool stale = m_estimateAnswer != m_estimateSeq; // the inputs moved on since it was asked
        Q_EMIT busyChanged(isBusy());
        if (stale)
            return;
        m_estimateResult = e;
        Q_EMIT estimateReady();
    });
}

const QList<int> &PlannerModel::contexts()
{
    static const QList<int> list{4096, 8192, 16384, 32768, 65536, 131072, 262144, 1048576};
    return list;
}

void PlannerModel::setInputs(const PlannerInputs &inputs, quint64 usableRamBytes, bool modelOpen)
{
    m_inputs = inputs;
    m_usable = usableRamBytes;
    m_haveInputs = true;
    m_modelOpen = modelOpen;
    m_haveOpenTerms = false; // the open model's terms follow (setOpenModelTerms)
    if (contexts().contains(inputs.contextLength) && inputs.contextLength != m_context) {
        m_context = inputs.contextLength;
        Q_EMIT contextChanged(m_context);
    }
    replan();
}

void PlannerModel::clearInputs()
{
    m_haveInputs = false;
    m_haveOpenTerms = false;
    m_plan.reset();
    m_sizing.reset();
    m_budgetPlan.reset();
    Q_EMIT planChanged();
    Q_EMIT figuresChanged();
}

void PlannerModel::setShape(const PlannerShape &shape, const PlanRequest &request)
{
    const int chosen = m_request.expertsPerToken; // the user's control, not the caller's
    m_shape = shape;
    m_request = request;
    m_request.expertsPerToken = chosen;
    m_trace.reset();
    m_traceLoaded.clear();
    replan();
}

void PlannerModel::clearShape()
{
    m_shape.reset();
    m_budgetPlan.reset();
    m_speed.reset();
    replan();
}

void PlannerModel::setCurrentBudget(quint64 budgetBytes, int contextLength)
{
    m_appliedBudget = budgetBytes;
    m_appliedContext = contextLength;
    if (contexts().contains(contextLength) && contextLength != m_context) {
        m_context = contextLength;
        Q_EMIT contextChanged(m_context);
    }
    replan();
    if (budgetBytes)
        setBudget(budgetBytes);
}

void PlannerModel::setOpenModelTerms(quint64 decodeFloorBytes, quint64 fixedAtOpenBytes, quint64 liveMaxBytes)
{
    m_openDecodeFloor = decodeFloorBytes;
    m_fixedAtOpen = fixedAtOpenBytes;
    m_liveMax = liveMaxBytes;
    m_haveOpenTerms = true;
    replan();
}

void PlannerModel::setOpenModelSplit(int residentLayers, int layers, bool lmHeadStreamed)
{
    m_openResident = residentLayers;
    m_openLayers = layers;
    m_openLmHeadStreamed = lmHeadStreamed;
    recompute();
}

void PlannerModel::setReopenProcessBytes(quint64 bytes)
{
    if (bytes == m_reopenProcess)
        return;
    m_reopenProcess = bytes;
    replan();
}

void PlannerModel::setExpertsPerToken(int modelTopK, int openExpertsPerToken)
{
    m_modelTopK = std::max(0, modelTopK);
    m_openExperts = openExpertsPerToken >= m_modelTopK ? 0 : std::max(0, openExpertsPerToken);
    m_request.expertsPerToken = m_openExperts;
    recompute(); // the caller's setInputs/setShape replan with it
}

void PlannerModel::setChosenExpertsPerToken(int experts)
{
    const int chosen = experts >= m_modelTopK ? 0 : std::max(0, experts);
    if (chosen == m_request.expertsPerToken)
        return;
    m_request.expertsPerToken = chosen;
    replan();
}

void PlannerModel::setContext(int contextLength)
{
    if (!contexts().contains(contextLength) || contextLength == m_context)
        return;
    m_context = contextLength;
    Q_EMIT contextChanged(m_context);
    replan();
}

void PlannerModel::chooseBudget(quint64 bytes)
{
    if (!bytes) {
        m_budget = 0;
        replan(); // the default
        return;
    }
    setBudget(bytes);
}

void PlannerModel::setDiskSpeed(double gbps)
{
    if (gbps == m_gbps && m_diskTyped)
        return;
    m_gbps = gbps;
    m_diskTyped = true;
    m_diskError.clear();
    m_diskCancelled = false;
    Q_EMIT diskSpeedChanged(m_gbps);
    recompute();
}

void PlannerModel::setTracePath(const QString &path)
{
    m_tracePath = path;
}

void PlannerModel::setDiskTestTarget(const QString &target, double seconds, quint64 recordBytes)
{
    m_diskTarget = target;
    m_diskSeconds = seconds;
    m_diskRecordBytes = recordBytes;
}

bool PlannerModel::startDiskTest()
{
    if (m_diskTarget.isEmpty() || m_diskJob->isRunning())
        return false;
    m_diskJob->start(m_diskTarget, m_diskSeconds, m_diskRecordBytes);
    Q_EMIT busyChanged(true);
    return true;
}

void PlannerModel::cancelJobs()
{
    m_diskJob->cancel();
    m_estimateJob->cancel();
}

bool PlannerModel::isBusy() const { return m_diskJob->isRunning() || m_estimateJob->isRunning(); }

void PlannerModel::diskTestDone(const DiskTestResult &r)
{
    m_diskCancelled = r.cancelled;
    m_diskError = r.cancelled ? QString() : r.error;
    const bool ok = r.error.isEmpty() && !r.cancelled;
    if (ok) {
        m_diskTyped = false;
        m_gbps = r.gbPerSecond();
        m_directIo = r.directIo;
        Q_EMIT diskSpeedChanged(m_gbps);
    }
    Q_EMIT busyChanged(isBusy());
    Q_EMIT diskTestFinished(ok);
    if (ok)
        recompute();
}

quint64 PlannerModel::reopenExtraBytes() const
{
    return m_reopenProcess > m_inputs.processBytes ? m_reopenProcess - m_inputs.processBytes : 0;
}

PlanRequest PlannerModel::reopenRequest() const
{
    PlanRequest r = m_request;
    r.processBytes += reopenExtraBytes();
    return r;
}

quint64 PlannerModel::reopenFloor() const
{
    if (m_liveTermsInPlan) // the decode floor with every layer resident, measured again
        return m_openDecodeFloor + reopenExtraBytes();
    return lowestBudget();
}

bool PlannerModel::liveTermsApply(quint64 decodeFloorBytes) const
{
    // Only for the model in force: same context, and inputs that give the
    // engine's own decode floor (else the difference would be misattributed).
    return m_modelOpen && m_haveOpenTerms && m_fixedAtOpen > 0 && m_context == m_appliedContext &&
           decodeFloorBytes == m_openDecodeFloor;
}

bool PlannerModel::appliesLive() const
{
    if (chosenExpertsPerToken() != m_openExperts) // another routing: the model reopens
        return false;
    if (!(m_modelOpen && m_haveOpenTerms && m_context == m_appliedContext && (m_liveMax == 0 || m_budget <= m_liveMax)))
        return false;
    // A live change only resizes the cache: under the open model's live floor,
    // or when this budget's plan needs another trunk split, the model reopens.
    if (m_budget < m_openDecodeFloor + m_fixedAtOpen)
        return false;
    if (m_budgetPlan && m_openResident >= 0) {
        const int open = std::min(m_openResident, m_openLayers);
        if (m_budgetPlan->split.residentLayers != (open < m_openLayers ? open : m_budgetPlan->split.layers))
            return false;
        // lm_head streamed at open but resident in this budget's plan (or the reverse) is another split too.
        if (m_budgetPlan->split.lmHeadStreamed != m_openLmHeadStreamed)
            return false;
    } else if (m_budgetPlan && m_budgetPlan->split.streaming()) {
        return false;
    }
    return true;
}

bool PlannerModel::canApply() const
{
    const bool changed = m_budget != m_appliedBudget || m_context != m_appliedContext ||
                         chosenExpertsPerToken() != m_openExperts;
    // Under the floor there is no sizing, so nothing can be applied.
    return m_modelOpen && m_plan && m_sizing.has_value() && m_budget >= lowestBudget() && changed;
}

// The inputs to plan with: the shape's at the chosen context when the shape
// is the inputs' model (m_shapeUsable), else the inputs at that context.
PlannerInputs PlannerModel::plannedInputs()
{
    PlannerInputs in = m_inputs;
    in.contextLength = m_context;
    m_shapeUsable = false;
    if (m_shape) {
        // The shape is the inputs' model when it gives their decode floor at
        // their own context; then it gives the inputs at any context (their
        // scratch depends on it, which the inputs alone cannot recompute).
        PlanRequest r = m_request;
        r.contextLength = m_inputs.contextLength;
        r.expertsPerToken = 0; // the inputs are the model's own top-k's (the chosen one follows below)
        auto own = shapePlannerInputs(*m_shape, r);
        auto ownPlan = own ? planMemory(*own, m_usable) : Expected<MemoryPlan>(own.status());
        auto given = planMemory(m_inputs, m_usable);
        r.contextLength = m_context;
        r.expertsPerToken = m_request.expertsPerToken;
        auto shaped = shapePlannerInputs(*m_shape, r);
        if (ownPlan && given && ownPlan->floorBytes == given->floorBytes && shaped) {
            in = *shaped;
            m_shapeUsable = true;
        }
    }
    return in;
}

// The plan of `in`, with the open model's live terms when they apply
// (m_liveTermsInPlan) or the extra bytes a reopen measures.
Expected<MemoryPlan> PlannerModel::planWithOpenTerms(PlannerInputs &in)
{
    Expected<MemoryPlan> plan = planMemory(in, m_usable);
    m_liveTermsInPlan = plan && liveTermsApply(plan->floorBytes);
    if (m_liveTermsInPlan) {
        // The engine planned the open model with a prefill chunk and chat
        // checkpoints on top of the decode floor; plan with the same bytes so
        // the budget, the cache and its slots here are the ones in force.
        in.scratch.push_back({"fixed at open (prefill chunk, chat checkpoints)", m_fixedAtOpen});
        plan = planMemory(in, m_usable);
    } else if (plan && reopenExtraBytes()) {
        // Not the open model's live terms: this budget opens the model, which
        // measures the process again (issue 27).
        in.processBytes += reopenExtraBytes();
        plan = planMemory(in, m_usable);
    }
    return plan;
}

// With a shape the trunk can stream: the budget goes on below the floor in
// steps down to the streaming floor.
void PlannerModel::planStreamingFloor(const MemoryPlan &plan)
{
    m_streamingFloor = 0;
    m_streamSteps = 0;
    if (!m_shapeUsable)
        return;
    PlanRequest r = reopenRequest(); // a budget under the floor reopens
    r.contextLength = m_context;
    r.usableRamBytes = m_usable;
    r.budgetBytes = 0;
    auto bp = planBudget(*m_shape, r);
    // The open model's plan adds what it fixed at open; the shape's floors are decode floors.
    const quint64 decodeFloor
        = m_liveTermsInPlan ? plan.floorBytes - m_fixedAtOpen + reopenExtraBytes() : plan.floorBytes;
    if (bp && bp->residentFloorBytes == decodeFloor && bp->streamingFloorBytes < plan.floorBytes) {
        m_streamingFloor = bp->streamingFloorBytes;
        m_streamSteps = std::clamp(bp->split.layers, 1, 10);
    }
}

// Another experts per token than the open model's plans a reopen, whose
// process term is measured now plus the margin (api/budget.h), where the open
// model's live floor has the term measured at open and no margin: the
// comparable floor is a reopen's with the open model's experts per token.
void PlannerModel::planOpenExpertsFloor()
{
    m_reopenFloorOpenExperts = 0;
    if (!m_shapeUsable || !m_modelOpen || m_request.expertsPerToken == m_openExperts)
        return;
    PlanRequest r = reopenRequest();
    r.expertsPerToken = m_openExperts;
    r.contextLength = m_context;
    r.usableRamBytes = m_usable;
    r.budgetBytes = 0;
    if (auto bp = planBudget(*m_shape, r))
        m_reopenFloorOpenExperts = bp->residentFloorBytes;
}

// The top, the unit and the step of the budget for `plan`.
void PlannerModel::sizeRange(const MemoryPlan &plan)
{
    // The top: usable RAM, but never past the point where every expert of the
    // model is cached (a 7 MB model must not draw a 12 GiB cache).
    const quint64 full = fullCacheBudget(plan);
    quint64 top = std::max<quint64>(m_usable, plan.floorBytes);
    if (full)
        top = std::min(top, std::max<quint64>(full, plan.floorBytes));
    m_maxBudget = top;
    m_unit = unitFor(top);
    const quint64 ws = std::max<quint64>(1, plan.workingSetBytes);
    const quint64 sets = (top - plan.floorBytes + ws - 1) / ws; // whole working sets up to the top
    // About 20 steps at most: a tiny model fits thousands of working sets.
    constexpr quint64 kMaxSteps = 20;
    m_stepSets = int(std::max<quint64>(1, (sets + kMaxSteps - 1) / kMaxSteps));
    m_maxSteps = int(std::max<quint64>(1, (sets + m_stepSets - 1) / quint64(m_stepSets)));
}

void PlannerModel::replan()
{
    if (!m_haveInputs)
        return;
    PlannerInputs in = plannedInputs();
    Expected<MemoryPlan> plan = planWithOpenTerms(in);
    if (!plan) {
        m_plan.reset();
        m_sizing.reset();
        m_budgetPlan.reset();
        m_error = errorText(plan.status());
        Q_EMIT planChanged();
        recompute();
        return;
    }
    m_error.clear();
    m_plan = *plan;
    sizeRange(*plan);
    planStreamingFloor(*plan);
    planOpenExpertsFloor();
    Q_EMIT planChanged();
    // Keep the budget the user had if still meaningful, else the planner's default.
    const quint64 fallback = std::min<quint64>(plan->defaultBudgetBytes, m_maxBudget);
    setBudget(m_budget >= lowestBudget() && m_budget <= m_maxBudget ? m_budget : fallback);
}

void PlannerModel::setBudget(quint64 bytes)
{
    m_budget = bytes;
    m_budgetPlan.reset();
    // The open model's own terms hold for a live change (a budget at or above
    // its live floor); anything else is a reopen, which the shape plans.
    const bool live = m_liveTermsInPlan && m_plan && bytes >= m_plan->floorBytes;
    if (m_plan && m_shapeUsable && !live) {
        // What Model::open does with this budget (and `sluice-cli plan --budget`).
        PlanRequest r = reopenRequest();
        r.contextLength = m_context;
        r.usableRamBytes = m_usable;
        r.budgetBytes = bytes;
        auto bp = planBudget(*m_shape, r);
        if (bp) {
            m_budgetPlan = std::move(*bp);
            m_sizing = m_budgetPlan->sizing;
            m_error.clear();
        } else {
            m_sizing.reset();
            m_error = errorText(bp.status());
        }
    } else if (m_plan) {
        Expected<CacheSizing> s = sizeCache(*m_plan, bytes);
        if (s) {
            m_sizing = *s;
            m_error.clear();
        } else {
            m_sizing.reset();
            m_error = errorText(s.status());
        }
    }
    Q_EMIT budgetChanged(m_budget);
    recompute();
}

// The figures that follow the plan and the budget: the predicted speed, the estimate.
void PlannerModel::recompute()
{
    ++m_estimateSeq; // an estimate asked before this answers inputs that are gone
    if (m_haveInputs && m_plan) {
        computeSpeed();
        runEstimate();
    }
    Q_EMIT figuresChanged();
}

void PlannerModel::runEstimate()
{
    // With a shape the prediction is computed with the plan (computeSpeed):
    // the same figures as `sluice-cli plan --disk-gbps`.
    if (m_shapeUsable || m_gbps <= 0 || !m_plan || !m_sizing)
        return;
    m_estimateAnswer = m_estimateSeq;
    const bool wasBusy = isBusy();
    m_estimateJob->start(*m_plan, *m_sizing, m_gbps, m_tracePath);
    if (!wasBusy)
        Q_EMIT busyChanged(true);
}

quint64 PlannerModel::lowestBudget() const
{
    if (!m_plan)
        return 0;
    return m_streamingFloor ? m_streamingFloor : m_plan->floorBytes;
}

quint64 PlannerModel::budgetAtStep(int step) const
{
    if (!m_plan)
        return 0;
    const quint64 floor = m_plan->floorBytes;
    if (step >= 0)
        return std::min(m_maxBudget, floor + quint64(step) * stepBytes());
    // Below the floor: equal steps down to the streaming floor (-m_streamSteps).
    const quint64 span = floor - m_streamingFloor;
    const quint64 down = (span * quint64(-step) + quint64(m_streamSteps) - 1) / quint64(std::max(1, m_streamSteps));
    return std::max(m_streamingFloor, floor - std::min(span, down));
}

int PlannerModel::stepAt(quint64 budget) const
{
    if (!m_plan || stepBytes() == 0)
        return 0;
    const quint64 floor = m_plan->floorBytes;
    if (budget >= floor || !m_streamSteps)
        return int((budget > floor ? budget - floor : 0) / stepBytes());
    const quint64 span = floor - m_streamingFloor;
    const quint64 below = std::min(span, floor - budget);
    return -int((below * quint64(m_streamSteps) + span - 1) / span);
}

void PlannerModel::computeSpeed()
{
    m_speed.reset();
    m_speedError.clear();
    m_speedNeedsTrace = false;
    if (!m_shapeUsable || !m_budgetPlan || m_gbps <= 0)
        return;
    if (m_tracePath.isEmpty()) {
        m_speedNeedsTrace = true;
        return;
    }
    if (!m_trace || m_traceLoaded != m_tracePath) {
        // A few hundred KB, read once per trace: the replay below is what runs per budget.
        auto trace = loadRoutingTrace(m_tracePath.toStdString());
        m_traceLoaded = m_tracePath;
        m_trace.reset();
        if (!trace) {
            m_speedError = errorText(trace.status());
            return;
        }
        m_trace = std::move(*trace);
    }
    if (!m_trace)
        return;
    auto f = predictSpeed(*m_budgetPlan, *m_trace, m_gbps * 1e9);
    if (!f) {
        m_speedError = errorText(f.status());
        return;
    }
    m_speed = *f;
}

} // namespace sluice::gui
