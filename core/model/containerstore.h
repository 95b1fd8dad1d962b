#pragma once
// A WASTE container (format::Container) as the engine's weight store
// (model/weightstore.h): the trunk from trunk.bin, embedding rows on demand,
// expert records from the banks (header and CRC checked by the cache's
// validator), VQ codebooks, the tokenizer beside the manifest.
#include "model/plannerinputs.h"
#include "model/weightstore.h"

#include <functional>
#include <memory>
#include <string>

namespace sluice {
struct ModelSummary;
struct PlannerShape;
}

namespace sluice::model {

class ContainerStore final : public WeightStore {
public:
    explicit ContainerStore(std::unique_ptr<Container> container, std::string modelPath);
    ~ContainerStore() override;

    // For inspectPlannerInputs: `measure` runs with the container (and, when
    // reserveProcess is set, the tokenizer's tables) in memory, as Model::open
    // measures itself (issue 27).
    static Expected<PlannerInputs> plannerInputs(const std::string &dir, PlannerInputsOptions &options,
                                                 bool reserveProcess, const std::function<Status(int vocab)> &measure);
    // `sluice-cli info` (inspectModel) and the planner's shape, without opening the model.
    static Expected<ModelSummary> summary(const std::string &dir);
    static Expected<PlannerShape> plannerShape(const std::string &dir);
    // What Model::open holds while it measures the process (processBytesSince).
    static Expected<std::shared_ptr<void>> holdDescription(const std::string &dir);

    const Container &container() const { return *m_container; }

    const ModelConfig &config() const override;
    const std::vector<TensorInfo> &trunkTensors() const override;
    Status readTensorBytes(const TensorInfo &info, std::vector<uint8_t> &payload,
                           std::vector<uint16_t> &scales) const override;
    std::string trunkFilePath() const override;
    double trunkLoadProgressFrom() const override { return 0.0; }
    Status readEmbeddingRow(int token, float *out) const override;
    Expected<StoreIdentity> identify(const ModelOptions &options) const override;
    uint64_t verifiedRecordsKey() const override;
    Expected<text::Tokenizer> tokenizer() const override;
    uint64_t recordBytes() const override;
    Expected<ExpertBankSet> openExpertBanks(const DirectFileOptions &options) const override;
    void wireExpertReads(ExpertCacheOptions &options, bool verifyEveryRead, VerifiedRecords *verified) const override;
    Expected<ExpertMatrices> expertMatrices(int layer, int expert, const ExpertRecordRef &rec) const override;
    Expected<VqCodebooksView> codebooks(int layer, int kind, int codebookId) const override;
    std::unique_ptr<ImageEncoder> openImageEncoder(const ModelConfig &config, kernels::ThreadPool *pool,
                                                   int maxPatches, int attentionSlices) const override;
    const TensorInfo *findTensor(const std::string &name) const override;
    void describe(ModelInfo &info) const override;

private:
    std::unique_ptr<Container> m_container;
    std::string m_modelPath;
};

} // namespace sluice::model
