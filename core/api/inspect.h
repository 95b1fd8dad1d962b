#pragma once
// What a client can learn about a model, a disk or an image WITHOUT opening
// the model (issue 17): the planner's inputs, verification of every expert
// record, the file streaming reads and its speed, a cache-hit estimate from a
// routing trace, and image headers/decodes with the limits the engine applies.
// The GUI, the user-facing CLI commands and the server call these instead of
// reaching into format/, stream/, model/ or vision/.
//
// The data types are declared in api/memoryplan.h (PlannerInputs,
// MemoryPlan, CacheSizing, planMemory, sizeCache) and api/inspecttypes.h
// (VerifyReport, DiskBenchResult, RgbImage); the modules that compute them
// include those headers.
//
// Errors are values; nothing here prints, exits or reads the environment.
#include "api/inspecttypes.h" // VerifyReport, VerifyProgress, DiskBenchResult, RgbImage, ImageHeader
#include "api/memoryplan.h"   // PlannerInputs, MemoryPlan, CacheSizing
#include "api/types.h"

#include <functional>
#include <string>

namespace sluice {

// ---- what a folder is ----------------------------------------------------

// True for a published checkpoint folder (config.json + safetensors shards)
// that Model::open reads directly (issue 11); false for anything else (a
// container is recognised by Model::open itself).
bool isReleaseFolder(const std::string &path);

// What `sluice-cli info` and the app's model panel say about a model folder
// without loading it: its shape (the same ModelConfig the engine maps), the
// trunk by stored format, the record or cache-slot size, sizes on disk.
struct ModelSummary {
    bool release = false;        // a published checkpoint folder (else a container)
    std::string description;     // "Kimi K3 release, MXFP4 experts, not converted" / "WASTE container"
    ModelConfig config;
    struct TrunkFormat {
        std::string format;      // "Q4G", "BF16", ...
        uint64_t bytes = 0;
        int tensors = 0;
    };
    std::vector<TrunkFormat> trunk; // by format name, sorted
    uint64_t trunkBytes = 0;
    int trunkTensors = 0;
    uint64_t recordBytes = 0;    // container: one expert record; release: the coalesced cache slot
    uint64_t expertBytes = 0;    // release: the bytes of one expert's tensors (container: recordBytes)
    int codebooks = 0;           // container only
    uint64_t diskBytes = 0;      // container bytes, or the shards' bytes
    uint64_t parameters = 0;
    int shards = 0;              // release only
    int tensors = 0;             // release only: tensors in the shards
    bool hasTokenizer = false;   // the tokenizer loads as Model::open loads it
    std::string tokenizerError;  // why a tokenizer file that is there does not (empty when absent or fine)
    RecommendedSampling recommendedSampling; // generation_config.json, as Model::open reads it
};
Expected<ModelSummary> inspectModel(const std::string &modelPath);

// ---- planning ------------------------------------------------------------

struct InspectOptions {
    int contextLength = 4096;
    bool vision = true;   // count the vision tower (ignored for models without one), as Model::open
    int threads = 0;      // the engine's pool size (vision attention slices); <= 0 = every hardware thread
    int sessions = 1;     // ModelOptions::sessions
    int releaseTrunkBits = 4; // ModelOptions::releaseTrunkBits (release folders)
    // Count the calling process as the floor's process term, measured now the
    // way Model::open measures itself with ModelOptions::reserveProcess (an
    // estimate of what the open will reserve: the process grows a little
    // while it opens). Hosts that open with reserveProcess set this too.
    bool reserveProcess = false;
    int ioThreads = 2;        // ModelOptions::ioThreads (thread stacks in the process term)
};

// The planner's inputs for the model at `modelPath` (a container or a release folder), by
// the same mapping Model::open fills its ledger from. Reads the manifest only.
Expected<PlannerInputs> inspectPlannerInputs(const std::string &modelPath, const InspectOptions &options = {});

// ---- verification --------------------------------------------------------

// Every expert record's header and CRC (spec 4.5). A bank that is shorter or
// longer than the manifest says is reported per record, not refused; an
// error only when the container itself cannot be opened.
Expected<VerifyReport> verifyModel(const std::string &modelPath, const VerifyProgress &progress = {});

// ---- the disk ------------------------------------------------------------

// The file streaming reads most of and its record size: the largest expert
// bank of a container folder. A plain file is returned as it is (record size 0).
struct StreamedFile {
    std::string path;
    uint64_t recordBytes = 0;
};
Expected<StreamedFile> streamedFile(const std::string &modelPathOrFile);

// O_DIRECT record-sized reads of `path` for about `seconds` (queue depth 4,
// `seed` picks the offsets). Short calls let a caller offer Cancel.
Expected<DiskBenchResult> measureDiskSpeed(const std::string &path, uint64_t recordBytes, double seconds,
                                           uint32_t seed = 1);

// ---- the cache-hit estimate ----------------------------------------------

// Plain-LRU hit rates of a cache holding `workingSets` per-token working sets,
// replayed on a routing trace recorded on some model (docs/gui.md "Estimate").
struct TraceHitEstimate {
    std::string traceName;
    int simSlots = 0;        // slots simulated on the trace (the multiple of its own working set)
    double coldHitRate = 0;  // over the whole trace, first touches included
    double warmHitRate = 0;  // first touches of each (layer, expert) excluded
};
Expected<TraceHitEstimate> estimateTraceHits(const std::string &tracePath, double workingSets);

// ---- images --------------------------------------------------------------

// The header of an image file (size, channels) within the engine's limits;
// regular files only.
Expected<vision::ImageHeader> probeImage(const std::string &path);
// The full RGB8 decode the engine would use, with the same limits.
Expected<vision::RgbImage> loadImage(const std::string &path);
// Positions one image of this original size takes in the sequence of a model
// (its merged patch grid); `maxPatches` 0 = the model's max_patches.
Expected<int> imagePositions(const ModelConfig &config, int width, int height, int maxPatches = 0);

} // namespace sluice
