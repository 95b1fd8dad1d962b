#pragma once
// A release folder (safetensors shards, issue 11) as the engine's weight
// store (model/weightstore.h; the other is ContainerStore). The trunk comes
// from the trunk cache (quantised once by the converter's rule, built on the
// first open, then read like a container's trunk.bin), the embedding rows on
// demand from the same file, the routed experts straight from the shards
// (placeExpert + ExtentReader into one cache slot per expert, applied as
// MXFP4 or bf16 by the MoE block), the tokenizer from tiktoken.model and
// tokenizer_config.json.
#include "api/types.h"
#include "format/release.h"
#include "format/trunkcache.h"
#include "model/expertsource.h"
#include "model/plannerinputs.h"
#include "model/weightstore.h"
#include "stream/extentreader.h"
#include "text/tokenizer.h"

#include <functional>
#include <memory>
#include <string>

namespace sluice {
struct ModelSummary;
struct PlannerShape;
}

namespace sluice::model {

// What a planner shows beside a release's plan: the trunk cache to prepare
// and the converted container's record for the same shapes (the trade-off:
// a release reads slotBytes per expert miss, a VQ3R container vq3rRecordBytes).
struct ReleasePlanExtras {
    uint64_t trunkCacheBytes = 0;
    uint64_t vq3rRecordBytes = 0;
    std::string description;
};

// One routed expert of `release` from its shards into one cache slot
// (placeExpert + ExtentReader), and the MoE block's view of that slot:
// ReleaseSource's readExpert/parseRecord, also for a forward pass wired by
// hand over the shards (tests/model/tst_release_forward.cpp).
Expected<uint64_t> readReleaseExpert(const ReleaseCheckpoint &release, const ExtentReader &reader, int layer,
    int expert, uint8_t *slot, size_t slotBytes);
Expected<ExpertMatrices> releaseExpertMatrices(
    const ReleaseCheckpoint &release, int layer, int expert, const ExpertRecordRef &rec);

class ReleaseSource final : public WeightStore {
public:
    // A release folder: config.json + safetensors, and no manifest.json.
    static bool isRelease(const std::string &dir);
    // Where the trunk cache of `release` goes for these options: beside the
    // checkpoint when the folder is writable, else in options.cacheDir; empty
    // when neither is possible.
    static std::string trunkCachePath(const ReleaseCheckpoint &release, const ModelOptions &options);
    static TrunkCacheOptions trunkCacheOptions(const ModelOptions &options);
    // The plan of a release before it is opened (no trunk cache is built):
    // the trunk as the cache will store it and the coalesced slot per expert,
    // the same inputs Model::open counts.
    static Expected<PlannerInputs> plannerInputs(const std::string &dir, int trunkBits,
        const PlannerInputsOptions &options, ReleasePlanExtras *extras = nullptr);
    // The same for inspectPlannerInputs: `measure` runs first, with the
    // checkpoint's description in memory, when reserveProcess is set.
    static Expected<PlannerInputs> plannerInputs(const std::string &dir, int trunkBits, PlannerInputsOptions &options,
        bool reserveProcess, const std::function<Status(int vocab)> &measure);
    // `sluice-cli info` (inspectModel) and the planner's shape, without opening the model.
    static Expected<ModelSummary> summary(const std::string &dir);
    static Expected<PlannerShape> plannerShape(const std::string &dir, int trunkBits);
    // What Model::open holds while it measures the process (processBytesSince).
    static Expected<std::shared_ptr<void>> holdDescription(const std::string &dir);

    // Opens the release, opens or builds its trunk cache (progress 0..0.5 as
    // "preparing the trunk once"; false cancels, the partial cache stays and
    // the next open resumes it) and the shards for expert reads.
    static Expected<std::unique_ptr<ReleaseSource>> open(
        const ModelOptions &options, const std::function<bool(double, const char *)> &progress);
    ~ReleaseSource() override;

    const ModelConfig &config() const override { return m_release->config(); }
    // The trunk as the cache stores it (offsets into the cache file).
    const std::vector<TensorInfo> &trunkTensors() const override { return m_cache.tensors; }
    Status readTensorBytes(
        const TensorInfo &info, std::vector<uint8_t> &payload, std::vector<uint16_t> &scales) const override;
    // A release streams from its trunk cache, which has the container trunk's layout.
    std::string trunkFilePath() const override { return m_cache.path; }
    double trunkLoadProgressFrom() const override { return 0.5; } // the first half prepared the trunk
    // A trunk-cache tensor by name (prefix added first, as Container::findTensor).
    const TensorInfo *findCacheTensor(const std::string &name) const;
    const TensorInfo *findTensor(const std::string &name) const override { return findCacheTensor(name); }
    Status readEmbeddingRow(int token, float *out) const override;
    Expected<StoreIdentity> identify(const ModelOptions &) const override { return StoreIdentity{m_fingerprint, {}}; }
    uint64_t verifiedRecordsKey() const override { return 0; } // no records to verify
    uint64_t recordBytes() const override { return m_slotBytes; } // the coalesced slot (payload + alignment slack)
    Expected<ExpertBankSet> openExpertBanks(const DirectFileOptions &options) const override;
    void wireExpertReads(ExpertCacheOptions &options, bool verifyEveryRead, VerifiedRecords *verified) const override;
    Expected<ExpertMatrices> expertMatrices(int layer, int expert, const ExpertRecordRef &rec) const override
    {
        return parseRecord(layer, expert, rec);
    }
    Expected<VqCodebooksView> codebooks(int layer, int kind, int codebookId) const override;
    std::unique_ptr<ImageEncoder> openImageEncoder(const ModelConfig &config, kernels::ThreadPool *pool,
        int maxPatches, int attentionSlices) const override;
    void describe(ModelInfo &info) const override;

    // ExpertCacheOptions::reader: the expert's tensors into one slot.
    Expected<uint64_t> readExpert(int layer, int expert, uint8_t *slot, size_t slotBytes) const;
    // The MoE block's view of a slot read by readExpert.
    Expected<ExpertMatrices> parseRecord(int layer, int expert, const ExpertRecordRef &rec) const;
    Expected<text::Tokenizer> tokenizer() const override;
    // The same for a checkpoint not opened as a model (inspectModel: `info`
    // must judge the tokenizer as `run` will).
    static Expected<text::Tokenizer> tokenizerOf(const ReleaseCheckpoint &release);

    // The VQ3R record of a converted container with these shapes (0 if none).
    uint64_t vq3rRecordBytes() const;

private:
    ReleaseSource() = default;
    std::unique_ptr<ReleaseCheckpoint> m_release;
    TrunkCache m_cache;
    int m_cacheFd = -1;
    std::unique_ptr<ExtentReader> m_reader;
    uint64_t m_slotBytes = 0;
    uint64_t m_fingerprint = 0;
    bool m_built = false;
};

} // namespace sluice::model
