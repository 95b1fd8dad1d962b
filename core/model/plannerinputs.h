#pragma once
// The one mapping from a container to the memory planner's inputs (spec 9).
// Model::open, `sluice-cli plan` and the GUI's planner page all call it, so
// the plan a user sees and the ledger the engine fills after open are built
// from the same terms: the trunk as the engine loads it (every tensor under
// the text prefix except the on-disk embedding), the recurrent and latent
// state for the context length, the forward pass's enumerated scratch
// buffers, the largest expert record and, when requested and present, the
// vision tower's exact memory plan, and the sessions' bounded checkpoints.
#include "format/container.h"
#include "model/trunkstreamer.h"
#include "stream/memoryplanner.h"
#include "util/status.h"

namespace sluice::model {

// The largest patch budget per image an engine accepts (16x the spec's 1024).
inline constexpr int kMaxImagePatches = 16384;

struct PlannerInputsOptions {
    int contextLength = 4096;
    bool vision = false;        // count the vision tower (only if the model has one and a media pad id)
    int maxImagePatches = 0;    // 0 = the model's max_patches
    int attentionSlices = 0;    // the vision attention's work slices (the engine passes its thread count)
    int prefillChunk = 1;       // chunk capacity the forward pass's scratch is sized for (1 = decode only)
    int sessions = 1;           // sessions alive at once (ModelOptions::sessions)
    // Trunk streaming (trunkstreamer.h): layers whose matrices stay resident.
    // -1 = the planner chooses (planForBudget: every layer, or the longest
    // prefix the budget holds); plannerInputs() treats -1 as every layer.
    int residentLayers = -1;
    // lm_head streamed in row blocks through the staging slots (issue 13):
    // -1 = the planner chooses (only when no layer is resident and the budget
    // is still short), 0 = resident, 1 = streamed whenever layers stream.
    // lmHeadBlockRows caps a block's rows (0 = as many as a slot holds).
    int streamLmHead = -1;
    uint64_t lmHeadBlockRows = 0;
    // The process's own memory (stream/processfootprint.h), a floor term of
    // its own; 0 = not counted. Model::open measures it when
    // ModelOptions::reserveProcess is set; `sluice-cli plan` measures itself.
    uint64_t processBytes = 0;
};

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

// What Model::open (and `sluice-cli plan`) does with a budget: the decode
// floor (chunk 1) decides whether the budget is enough and prefill gets the
// chunk choosePrefillChunk() picks. With an explicit budget that chunk's
// scratch is borrowed from the expert cache while a prompt prefills
// (prefillBorrowBytes > 0: the plan, the ledger after open and the cache are
// sized with decode scratch, so decode gets every byte above it); the
// default budget keeps the chunk's scratch resident beside a cache of whole
// working sets. Either way the ledger after open equals `sizing.engineBytes`.
struct BudgetPlan {
    PlannerInputs inputs;    // what the ledger reserves at open (decode scratch when borrowing)
    MemoryPlan plan;         // likewise
    CacheSizing sizing;      // for the resolved budget
    int prefillChunk = 1;    // the largest chunk a prefill runs at
    uint64_t prefillBorrowBytes = 0; // its extra scratch, borrowed from the cache during a prefill (0: resident)
    uint64_t floorBytes = 0; // the decode floor: the smallest budget that opens the model
    // Trunk streaming: the split chosen (split.streaming() false = all
    // resident), the decode floor with every layer resident and with none.
    TrunkSplit split;
    uint64_t residentFloorBytes = 0;
    uint64_t streamingFloorBytes = 0; // the lowest over every split, lm_head streamed included
    uint64_t layersStreamingFloorBytes = 0; // the lowest with lm_head resident (no layer resident, usually)
};

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

// The same mapping without a container: a config, every tensor as stored
// (trunk and vision; experts excluded) and the largest expert record. The
// container overload calls this; so does planning a built-in model shape
// before download (format/builtinmodels.h), so both give the same inputs.
Expected<PlannerInputs> plannerInputs(const ModelConfig &config, const std::vector<TensorInfo> &tensors,
                                      uint64_t recordBytes, const PlannerInputsOptions &options);
Expected<BudgetPlan> planForBudget(const ModelConfig &config, const std::vector<TensorInfo> &tensors,
                                   uint64_t recordBytes, const PlannerInputsOptions &options, uint64_t usableRamBytes,
                                   uint64_t budgetBytes);

// The largest expert record of a container (the planner's record size).
uint64_t maxRecordBytes(const Container &container);

} // namespace sluice::model
