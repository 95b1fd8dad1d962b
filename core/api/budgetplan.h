#pragma once
// The plan for one budget as the public API returns it (api/planning.h
// planBudget, the app's planner page): the options of the mapping from a
// model's shape to the planner's inputs, the trunk split (which layers
// stream and what they read per token) and the BudgetPlan that combines
// them with the memory plan and the cache sizing. The functions that compute
// them (model::planForBudget, model::planTrunkSplit) stay in the model module
// (model/plannerinputs.h, model/trunkstreamer.h); the mapping for a shape
// without a container is declared here because the app's "Plan a model…"
// dialog calls it.
#include "api/memoryplan.h"
#include "api/modelconfig.h"
#include "api/tensorinfo.h"
#include "util/status.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace sluice {

// One 4 KiB-aligned piece of a file read into a slot (stream/extentreader.h).
struct FileExtent {
    int file = -1;
    uint64_t offset = 0;     // multiple of 4096
    uint64_t bytes = 0;      // multiple of 4096
    uint64_t slotOffset = 0; // multiple of 4096
};

} // namespace sluice

namespace sluice::model {

// The largest patch budget per image an engine accepts (16x the spec's 1024).
inline constexpr int kMaxImagePatches = 16384;

struct PlannerInputsOptions {
    int contextLength = 4096;
    bool vision = false;        // count the vision tower (only if the model has one and a media pad id)
    int maxImagePatches = 0;    // 0 = the model's max_patches
    // The engine's compute threads (0 = the hardware's): the vision
    // attention's work slices, and decode's lanes (one expert record per
    // thread, each with its own down table: MoeBlock).
    int attentionSlices = 0;
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
    // Experts per token (issue 31, model/expertspertoken.h): 0 = the model's
    // own; 1..its top-k plans the scratch, cache floor and working set for
    // that many (Model::open passes ModelOptions::expertsPerToken).
    int expertsPerToken = 0;
};

// One tensor's place in its layer's slot.
struct StreamedTensor {
    size_t tensor = 0; // index into the tensor list
    uint64_t payloadOffset = 0; // in the slot
    uint64_t scaleOffset = 0; // in the slot (grouped formats)
};

struct LayerReadPlan {
    int layer = 0; // -1 for a block of lm_head rows
    uint64_t firstRow = 0, rows = 0; // an lm_head block's rows (0 rows for a layer)
    std::vector<FileExtent> extents; // file 0, 4 KiB aligned, consecutive in the slot
    uint64_t slotBytes = 0; // sum of the extents
    uint64_t tensorBytes = 0; // sum of the tensors' manifest bytes
    std::vector<StreamedTensor> tensors;
};

// What a split costs: the planner's figures and the streamer's layout come
// from this one function, so planner figure == ledger.
struct TrunkSplit {
    int layers = 0; // the model's
    int residentLayers = 0; // the pinned prefix
    uint64_t streamedBytes = 0; // manifest bytes of the streamed tensors (leave the resident trunk)
    uint64_t readBytesPerToken = 0; // what the disk reads per token (aligned extents of every streamed layer)
    uint64_t slotBytes = 0; // the largest streamed layer's slot
    int slotCount = 0; // min(kTrunkStagingSlots, streamed layers)
    uint64_t stagingBytes = 0; // slots * slotBytes
    std::vector<LayerReadPlan> plans; // one per streamed layer, in order
    bool layoutEstimated = false; // tensors without file offsets: slots sized as if packed (planning only)
    // lm_head streamed in row blocks (issue 13): each block fits one slot
    // (the slots do not grow), read after the last layer of a chunk that
    // computes logits. Its bytes are in streamedBytes and readBytesPerToken.
    bool lmHeadStreamed = false;
    uint64_t lmHeadBlockRows = 0; // rows per block (the last block may have fewer)
    uint64_t lmHeadReadBytes = 0; // what the disk reads for it per token (aligned extents)
    std::vector<LayerReadPlan> headBlocks; // in row order
    bool streaming() const { return residentLayers < layers; }
    // Units read through the slots in order: the streamed layers, then lm_head's blocks.
    size_t units() const { return plans.size() + headBlocks.size(); }
    const LayerReadPlan &unit(size_t u) const { return u < plans.size() ? plans[u] : headBlocks[u - plans.size()]; }
};

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

// The same mapping without a container: a config, every tensor as stored
// (trunk and vision; experts excluded) and the largest expert record. The
// container overload calls this; so does planning a built-in model shape
// before download (format/builtinmodels.h), so both give the same inputs.
Expected<PlannerInputs> plannerInputs(const ModelConfig &config, const std::vector<TensorInfo> &tensors,
                                      uint64_t recordBytes, const PlannerInputsOptions &options);

} // namespace sluice::model
