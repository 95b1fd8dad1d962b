#pragma once
// The one mapping from a container to the memory planner's inputs (spec 9).
// Model::open, `sluice-cli plan` and the GUI's planner page all call it, so
// the plan a user sees and the ledger the engine fills after open are built
// from the same terms: the trunk as the engine loads it (every tensor under
// the text prefix except the on-disk embedding), the recurrent and latent
// state for the context length, the forward pass's enumerated scratch
// buffers, the largest expert record and, when requested and present, the
// vision tower's exact memory plan, and the sessions' bounded checkpoints.
#include "api/budgetplan.h" // PlannerInputsOptions, BudgetPlan
#include "format/container.h"
#include "model/trunkstreamer.h"
#include "stream/memoryplanner.h"
#include "util/status.h"

namespace sluice::model {

// Bytes of one session checkpoint: every KDA layer's S and conv state plus the
// logits after that position (so a regenerate needs no recomputation).
uint64_t checkpointBytes(const ModelConfig &cfg);
// The ledger entry of the checkpoints, and the planner's scratch line for
// every session beyond the first (its state and scratch).
inline const char *kCheckpointScratchName = "session checkpoints";
// The ledger entry of a prefill's chunk scratch while it is borrowed from the expert cache.
inline const char *kPrefillBorrowName = "prefill scratch (borrowed from the expert cache)";
inline const char *kFurtherSessionsName = "further sessions (state, scratch)";

// True for the tensors the engine keeps resident as the trunk.
bool isTrunkTensor(const ModelConfig &cfg, const TensorInfo &tensor);

Expected<PlannerInputs> plannerInputs(const Container &container, const PlannerInputsOptions &options);

// Scratch the forward pass needs beyond decode for a chunk capacity.
uint64_t prefillExtraBytes(const ModelConfig &cfg, int contextLength, int chunk);

// The prefill chunk capacity for `spareBytes` of budget above the decode
// floor: the largest power of two up to kMaxChunk whose extra scratch fits in
// a quarter of the spare bytes, or in the spare bytes the cache cannot use
// (`cacheCeilingBytes`: what holding every record would add to the minimum
// cache), whichever is more. The rest of the budget stays expert cache.
int choosePrefillChunk(const ModelConfig &cfg, int contextLength, uint64_t spareBytes, uint64_t cacheCeilingBytes);

// budgetBytes 0 = the default budget: whole working sets on top of the
// kMaxChunk plan (prefill at full speed), as before decode-sized scratch.
// options.prefillChunk is ignored (chosen here).
//
// The trunk split (options.residentLayers -1): every layer resident when the
// budget holds the resident decode floor (and always for the default
// budget); below it the longest resident prefix whose decode floor fits, the
// rest streamed. A resident trunk byte saves one disk byte per token for
// certain, a cache byte at most one (a record read less often than every
// token saves less), so under the disk model the trunk gets memory first and
// the cache what is left (docs/planner.md). Still short with no layer
// resident, lm_head streams too (row blocks in the same slots). A budget
// under the streaming floor (no layer and no lm_head resident) is refused,
// naming it.
Expected<BudgetPlan> planForBudget(const Container &container, const PlannerInputsOptions &options,
                                   uint64_t usableRamBytes, uint64_t budgetBytes);

// Prefix-reuse checkpoints are not part of the floor: like the prefill
// chunk they come out of the budget above it. Of `requested` per session
// (ModelOptions::checkpoints), as many as fit in a quarter of the spare
// bytes (budget - floor at the chosen chunk) for `sessions` sessions; the
// cache is sized for the budget minus their bytes, so the ledger after open
// equals sizing.engineBytes + bytes. At the floor a session keeps none (it
// still reuses by appending and, without recurrent state, by truncation).
struct CheckpointPlan {
    int perSession = 0;
    uint64_t bytes = 0;      // perSession * sessions * checkpointBytes
    CacheSizing sizing;      // the cache for budget - bytes
};
Expected<CheckpointPlan> planCheckpoints(const BudgetPlan &plan, const ModelConfig &cfg, int requested, int sessions);

// planForBudget without a container: a config, every tensor as stored and
// the largest expert record, as plannerInputs(config, ...) (api/budgetplan.h)
// takes them; a built-in shape is planned this way before download.
Expected<BudgetPlan> planForBudget(const ModelConfig &config, const std::vector<TensorInfo> &tensors,
                                   uint64_t recordBytes, const PlannerInputsOptions &options, uint64_t usableRamBytes,
                                   uint64_t budgetBytes);

// The largest expert record of a container (the planner's record size).
uint64_t maxRecordBytes(const Container &container);

} // namespace sluice::model
