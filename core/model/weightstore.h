#pragma once
// Where a model's weights come from (issue 28: one weight store). The engine
// reads a WASTE container and a release folder alike through this interface:
// ModelImpl, SessionImpl, inspect and planning never ask which one they have.
// Two implementations: ContainerStore (model/containerstore.h, over
// format::Container) and ReleaseSource (model/releasesource.h, over the
// safetensors shards and the trunk cache). The one place that tells them
// apart is the opening code, model/openweightstore.h; tests/architecture's
// check_weight_store.cmake fails on a format branch anywhere else in core/.
#include "api/model.h"
#include "api/types.h"
#include "format/container.h"
#include "kernels/threadpool.h"
#include "model/expertsource.h"
#include "stream/directfile.h"
#include "stream/expertcache.h"
#include "text/tokenizer.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace sluice {
class VerifiedRecords;
}

namespace sluice::model {

class ImageEncoder;

// The banks behind the expert cache: one entry per MoE layer (null where a
// layer has none, or for every layer when a reader takes the records).
struct ExpertBankSet {
    std::vector<std::shared_ptr<DirectFile>> banks;
    bool directIo = true; // every file read past the page cache
};

// What a store identifies itself by (ModelInfo::fingerprint), and where the
// verified-records map goes ("" = kept in memory only).
struct StoreIdentity {
    uint64_t fingerprint = 0;
    std::string verifiedPath;
};

class WeightStore {
public:
    virtual ~WeightStore() = default;

    // The model's own config (before ModelOptions::expertsPerToken).
    virtual const ModelConfig &config() const = 0;
    // Every tensor the trunk is loaded from, as stored where readTensorBytes reads it.
    virtual const std::vector<TensorInfo> &trunkTensors() const = 0;
    virtual Status readTensorBytes(const TensorInfo &info, std::vector<uint8_t> &payload,
                                   std::vector<uint16_t> &scales) const = 0;
    // The file the trunk streamer reads streamed layers from (trunkTensors' offsets).
    virtual std::string trunkFilePath() const = 0;
    // Where the trunk's loading starts on the open's progress (a release
    // spent the first half preparing its trunk cache).
    virtual double trunkLoadProgressFrom() const = 0;
    virtual Status readEmbeddingRow(int token, float *out) const = 0;

    // The fingerprint sessions bind to; may hash (and cache) what determines the numbers.
    virtual Expected<StoreIdentity> identify(const ModelOptions &options) const = 0;
    // What keys the verified-records map besides the fingerprint (0: nothing).
    virtual uint64_t verifiedRecordsKey() const = 0;
    // The tokenizer; its error's message is ModelInfo::tokenizerError.
    virtual Expected<text::Tokenizer> tokenizer() const = 0;

    // The bytes one expert takes in a cache slot (the planner's record size).
    virtual uint64_t recordBytes() const = 0;
    virtual Expected<ExpertBankSet> openExpertBanks(const DirectFileOptions &options) const = 0;
    // How the cache checks or reads a record: a validator (verifyEveryRead,
    // or once per record through `verified` when set) or a reader.
    virtual void wireExpertReads(ExpertCacheOptions &options, bool verifyEveryRead,
                                 VerifiedRecords *verified) const = 0;
    // The MoE block's view of a record in a slot, and a record's codebooks.
    virtual Expected<ExpertMatrices> expertMatrices(int layer, int expert, const ExpertRecordRef &rec) const = 0;
    virtual Expected<VqCodebooksView> codebooks(int layer, int kind, int codebookId) const = 0;

    // The vision tower over the store's vision tensors (`config` the model's effective one).
    virtual std::unique_ptr<ImageEncoder> openImageEncoder(const ModelConfig &config, kernels::ThreadPool *pool,
                                                           int maxPatches, int attentionSlices) const = 0;
    // A stored tensor by name (prefix added first), null when absent.
    virtual const TensorInfo *findTensor(const std::string &name) const = 0;
    // ModelInfo's facts about the files: parameters, bytes on disk, description, trunk cache.
    virtual void describe(ModelInfo &info) const = 0;
};

} // namespace sluice::model
