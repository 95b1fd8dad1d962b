#pragma once
// The one mapping from a container to the memory planner's inputs (spec 9).
// Engine::open, `sluice-cli plan` and the GUI's planner page all call it, so
// the plan a user sees and the ledger the engine fills after open are built
// from the same terms: the trunk as the engine loads it (every tensor under
// the text prefix except the on-disk embedding), the recurrent and latent
// state for the context length, the forward pass's enumerated scratch
// buffers, the largest expert record and, when requested and present, the
// vision tower's exact memory plan, and the session's bounded checkpoints.
#include "format/container.h"
#include "stream/memoryplanner.h"
#include "util/status.h"

namespace sluice::model {

struct PlannerInputsOptions {
    int contextLength = 4096;
    bool vision = false;        // count the vision tower (only if the model has one and a media pad id)
    int maxImagePatches = 0;    // 0 = the model's max_patches
    int attentionSlices = 0;    // the vision attention's work slices (the engine passes its thread count)
    int checkpoints = 4;        // recurrent-state checkpoints per session (ModelOptions::checkpoints)
    int sessions = 1;           // sessions alive at once (ModelOptions::sessions)
};

// Bytes of one session checkpoint: every KDA layer's S and conv state plus the
// logits after that position (so a regenerate needs no recomputation).
uint64_t checkpointBytes(const ModelConfig &cfg);
// The planner's scratch line for `count` checkpoints (absent when count <= 0).
inline const char *kCheckpointScratchName = "session checkpoints";
inline const char *kFurtherSessionsName = "further sessions (state, scratch, checkpoints)";

// True for the tensors the engine keeps resident as the trunk.
bool isTrunkTensor(const ModelConfig &cfg, const TensorInfo &tensor);

Expected<PlannerInputs> plannerInputs(const Container &container, const PlannerInputsOptions &options);

} // namespace sluice::model
