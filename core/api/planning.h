#pragma once
// Planning a model for a budget, for every client (issue 13): the model's
// shape (a container, a release folder or a built-in published model before
// download), the plan for one budget (the trunk split, the prefill chunk, the
// expert cache: model::planForBudget, what Model::open does with that
// budget) and the disk-bound speed that plan predicts (expert misses replayed
// on a routing trace plus the streamed trunk read per token).
//
// `sluice-cli plan` and the app's planner (its panel and "Plan a model…")
// call these same functions, so the figures they show are the same numbers.
// Errors are values; nothing here prints or reads the environment.
#include "api/budgetplan.h"    // model::BudgetPlan, model::TrunkSplit
#include "api/builtinmodels.h" // BuiltinModel, BuiltinFormat
#include "api/inspect.h"
#include "api/routing.h"       // RoutingTrace, SpeedPrediction
#include "api/tensorinfo.h"    // TensorInfo

#include <string>
#include <vector>

namespace sluice {

// What the planner needs of a model: its config, every tensor the engine
// reads except routed experts (as stored, with file offsets when on disk) and
// the largest expert record (a release: the coalesced cache slot).
struct PlannerShape {
    std::string name; // "Kimi K3 (VQ3R container)", or the folder's description
    ModelConfig config;
    std::vector<TensorInfo> tensors;
    uint64_t recordBytes = 0;
    uint64_t diskBytes = 0; // built-in: what the download holds; 0 for a folder on disk
    bool builtin = false; // no file: the trunk split's layout is estimated
    bool release = false; // a release folder (name: its description)
    uint64_t trunkCacheBytes = 0; // a release folder: the trunk cache Model::open prepares once
};

// A container or a release folder (its trunk as the trunk cache stores it,
// `releaseTrunkBits` 4/8/16 as ModelOptions::releaseTrunkBits). Reads the manifest only.
Expected<PlannerShape> inspectPlannerShape(const std::string &modelPath, int releaseTrunkBits = 4);
// A published model before download (api/builtinmodels.h).
Expected<PlannerShape> builtinPlannerShape(BuiltinModel model, BuiltinFormat format);

struct PlanRequest {
    int contextLength = 4096;
    bool vision = false; // count the vision tower (models with one)
    int attentionSlices = 0; // the engine's thread count (the vision attention's slices); 0 = hardware threads
    int sessions = 1;
    uint64_t processBytes = 0; // the process term (0 = the engine alone)
    int residentLayers = -1; // -1 = the planner's split for the budget
    int streamLmHead = -1; // lm_head in row blocks: -1 = the planner decides, 0 = resident, 1 = streamed
    uint64_t usableRamBytes = 0;
    uint64_t budgetBytes = 0; // 0 = the default budget
    int expertsPerToken = 0; // 0 = the model's own; as ModelOptions::expertsPerToken
};

// The process term a host that opens this model now would reserve
// (ModelOptions::reserveProcess): this process's resident set plus the
// bounds for `threads` engine threads (0 = hardware threads) and the
// vocabulary. An estimate before the model is read, as `plan --model` uses.
Expected<uint64_t> estimateProcessBytes(const ModelConfig &config, int threads = 0, int ioThreads = 2);

// The planner's inputs for the shape with every layer resident and decode-sized
// scratch (what inspectPlannerInputs gives for a model on disk).
Expected<PlannerInputs> shapePlannerInputs(const PlannerShape &shape, const PlanRequest &request);
// The same with request.residentLayers honoured (a trunk split the host forces).
Expected<PlannerInputs> splitPlannerInputs(const PlannerShape &shape, const PlanRequest &request);

// The process term measured the way Model::open measures itself
// (ModelOptions::reserveProcess) for a host that sampled itself at start
// (processBaseline): with what an open reads before it measures in memory
// (the manifest of `modelPath`, a container's tokenizer; nothing for a
// built-in shape, modelPath ""), the resident set (or the peak that reading
// raised) plus the bounds for `threads` engine threads (0 = hardware
// threads) and the shape's vocabulary.
struct ProcessBaseline {
    uint64_t residentBytes = 0;
    uint64_t peakBytes = 0;
};
Expected<ProcessBaseline> processBaseline();
Expected<uint64_t> processBytesSince(const ProcessBaseline &baseline, const PlannerShape &shape,
                                     const std::string &modelPath, int threads = 0, int ioThreads = 2);

// model::planForBudget for the shape: what Model::open does with this budget.
Expected<model::BudgetPlan> planBudget(const PlannerShape &shape, const PlanRequest &request);

// The disk-bound speed of a plan: the expert cache's misses (predictDiskBoundSpeed,
// the shipped policy) plus the streamed trunk, read whole every token.
struct SpeedFigures {
    SpeedPrediction experts;
    double diskBytesPerSecond = 0;
    uint64_t trunkBytesPerToken = 0;
    double trunkSecondsPerToken = 0;
    double totalBytesPerTokenCold = 0; // experts (cold) + trunk
    double totalBytesPerTokenWarm = 0; // experts (warm) + trunk
    double totalSecondsPerTokenCold = 0;
    double totalSecondsPerTokenWarm = 0;
};
Expected<SpeedFigures> predictSpeed(
    const model::BudgetPlan &plan, const RoutingTrace &trace, double diskBytesPerSecond);

} // namespace sluice
