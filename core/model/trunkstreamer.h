#pragma once
// Trunk streaming (issue 13): the first `residentLayers` layers keep their
// trunk matrices resident (the pinned prefix); every later layer's matrices
// are read per token with O_DIRECT into one of a bounded number of staging
// slots (two layers' worth), the next streamed layer read ahead by a reader
// thread while the current one computes.
//
// Only a layer's matrices stream (rows > 1 and cols > 1, conv kernels
// excepted): norms, biases, conv kernels and AttnRes vectors are copied to
// f32 when the weights are bound and stay resident with the final norm and
// the output aggregation. lm_head stays resident unless the split streams it
// (LmHeadStreaming): then it is read in row blocks through the same slots,
// after the last layer, as units following the layers. A slot's layout is fixed per layer
// (runs of 4 KiB-aligned extents), so every streamed layer's views are bound
// once, at open, into its slot: streamed index s uses slot s % slots.
//
// The files are a list of paths and the tensors carry offsets into file 0:
// a container's trunk.bin, or a release's trunk cache file (format/trunkcache.h,
// the same layout), go through the same code.
#include "api/budgetplan.h" // LayerReadPlan, TrunkSplit
#include "format/manifest.h"
#include "api/modelconfig.h"
#include "model/layersource.h"
#include "stream/directfile.h"
#include "stream/extentreader.h"
#include "stream/memoryledger.h"
#include "stream/readerpool.h"
#include "util/status.h"
#include "util/tensorformat.h"

#include <atomic>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace sluice::model {

// The ledger (and planner scratch) name of the staging slots.
inline const char *kTrunkStagingName = "trunk staging (streamed layers)";
// The most staging slots: the layer computing and the one being read.
inline constexpr int kTrunkStagingSlots = 2;

// The layer whose streamable matrix `t` is, or -1 (resident whatever the split).
int streamableLayer(const ModelConfig &cfg, const TensorInfo &t);

// How lm_head is kept: resident, or read per token in row blocks of at most
// `blockRows` rows (0 = as many as one staging slot holds). Streaming needs
// staging slots, i.e. at least one streamed layer; without them, or when one
// row does not fit a slot, lm_head stays resident (lmHeadStreamed false).
struct LmHeadStreaming {
    bool stream = false;
    uint64_t blockRows = 0;
};

// residentLayers is clamped to 0..nLayers; nLayers = nothing streams.
TrunkSplit planTrunkSplit(const ModelConfig &cfg, const std::vector<TensorInfo> &tensors, int residentLayers,
    const LmHeadStreaming &lmHead = {});

// The name of lm_head in a tensor list (with the container prefix).
std::string lmHeadTensorName(const ModelConfig &cfg);

struct TrunkStreamStats {
    uint64_t bytesRead = 0;
    uint64_t layerReads = 0;
    uint64_t syncReads = 0; // reads the compute thread waited for from the start (no read-ahead in time)
    double waitSeconds = 0; // compute thread waiting for a slot
};

class TrunkStreamer final : public LayerSource {
public:
    // Opens the files, allocates the staging slots from `ledger` (under
    // kTrunkStagingName), reads every streamed layer once to check it (as a
    // resident load checks its tensors: non-finite scales and float values
    // are refused naming the tensor) and fills `views` (name without the
    // container prefix -> view into its slot).
    static Expected<std::unique_ptr<TrunkStreamer>> open(const std::vector<std::string> &paths, const ModelConfig &cfg,
        const std::vector<TensorInfo> &tensors, TrunkSplit split, MemoryLedger &ledger,
        const DirectFileOptions &fileOptions, std::map<std::string, TrunkMatrixView> &views);
    ~TrunkStreamer() override;

    Status acquire(int layer) override;
    bool streamed(int layer) const override { return layer >= m_split.residentLayers && layer < m_split.layers; }
    void layersDone() override;
    int outputHeadBlocks() const override { return int(m_split.headBlocks.size()); }
    Expected<RowBlock> acquireOutputHead(int block) override;
    std::unique_lock<std::mutex> lockRun() override { return std::unique_lock<std::mutex>(m_runMutex); }

    const TrunkSplit &split() const { return m_split; }
    bool directIo() const { return m_reader->directIo(); }
    TrunkStreamStats stats() const;

private:
    struct Slot {
        LedgerBuffer buffer;
        int loaded = -1; // unit whose bytes the slot holds
        int pending = -1; // unit being read into it
        Status result; // of the last finished read
    };
    TrunkStreamer() = default;
    Status readInto(int slot, int unit);
    void prefetch(int unit);
    Status acquireUnit(int unit);

    TrunkSplit m_split;
    std::unique_ptr<ExtentReader> m_reader;
    std::vector<Slot> m_slots; // loaded/pending hold unit indices (TrunkSplit::unit)
    std::vector<RowBlock> m_headViews; // one per lm_head block, into its slot
    mutable std::mutex m_mutex; // guards m_slots' state and m_stats
    std::condition_variable m_done;
    std::mutex m_runMutex;
    TrunkStreamStats m_stats;
    std::unique_ptr<ReaderPool> m_pool; // last: destroyed (joined) first
};

} // namespace sluice::model
