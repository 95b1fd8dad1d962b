#include "model/containerstore.h"

#include "api/inspect.h"
#include "api/planning.h"

#include "format/expertrecord.h"
#include "format/fingerprint.h"
#include "format/verifiedrecords.h"
#include "model/imageencoder.h"
#include "model/plannerinputs.h"

#include <map>
#include <optional>

namespace sluice::model {

ContainerStore::ContainerStore(std::unique_ptr<Container> container, std::string modelPath)
    : m_container(std::move(container))
    , m_modelPath(std::move(modelPath))
{
}

ContainerStore::~ContainerStore() = default;

const ModelConfig &ContainerStore::config() const
{
    return m_container->config();
}

const std::vector<TensorInfo> &ContainerStore::trunkTensors() const
{
    return m_container->tensors();
}

Status ContainerStore::readTensorBytes(const TensorInfo &info, std::vector<uint8_t> &payload,
                                       std::vector<uint16_t> &scales) const
{
    return m_container->readTensorBytes(info, payload, scales);
}

std::string ContainerStore::trunkFilePath() const
{
    return m_container->paths().trunk;
}

Status ContainerStore::readEmbeddingRow(int token, float *out) const
{
    return m_container->readEmbeddingRow(token, out);
}

Expected<StoreIdentity> ContainerStore::identify(const ModelOptions &o) const
{
    // Sessions bind to what determines the numbers (manifest + trunk +
    // codebooks), cached in a sidecar so the trunk is hashed once.
    FingerprintOptions fo;
    fo.cacheDir = o.cacheDir;
    auto fp = containerFingerprint(*m_container, fo);
    if (!fp)
        return fp.status();
    StoreIdentity id;
    id.fingerprint = fp->value;
    if (!fp->sidecarPath.empty())
        id.verifiedPath = fp->sidecarPath + ".verified";
    return id;
}

uint64_t ContainerStore::verifiedRecordsKey() const
{
    // A bank rewritten since the map was saved forgets what was verified
    // (the fingerprint does not cover banks).
    return bankFilesKey(*m_container);
}

Expected<text::Tokenizer> ContainerStore::tokenizer() const
{
    auto tok = text::Tokenizer::fromModelDirectory(m_modelPath);
    // Kept so a command can say why there are no tokens.
    if (!tok && tok.status().code() == ErrorCode::NotFound && m_container->paths().tokenizer.empty())
        return makeError(ErrorCode::NotFound, SLUICE_ERRT("Error", "the model has no tokenizer (no tokenizer.model)"));
    return tok;
}

uint64_t ContainerStore::recordBytes() const
{
    return maxRecordBytes(*m_container);
}

Expected<ExpertBankSet> ContainerStore::openExpertBanks(const DirectFileOptions &dfo) const
{
    const ModelConfig &cfg = config();
    ExpertBankSet set;
    for (int L = cfg.firstKDense; L < cfg.nLayers; ++L) {
        const ExpertBank bank = m_container->expertLayer(L);
        if (bank.experts == 0) {
            set.banks.push_back(nullptr);
            continue;
        }
        auto f = DirectFile::open(bank.path, dfo);
        if (!f)
            return f.status();
        set.directIo = set.directIo && (*f)->directIo();
        set.banks.push_back(std::shared_ptr<DirectFile>(std::move(*f)));
    }
    return set;
}

void ContainerStore::wireExpertReads(ExpertCacheOptions &co, bool verify, VerifiedRecords *verified) const
{
    const Container *container = m_container.get();
    const int firstLayer = config().firstKDense;
    co.validator = [container, verify, verified, firstLayer](int layer, int expert, const uint8_t *bytes, size_t size) {
        const ExpertLayout &lay = container->expertLayout(layer);
        SLUICE_TRY(validateRecordHeader(bytes, size, layer, expert, lay));
        // Every read (--verify), or the first read of each record (default).
        if (verify || (verified && !verified->isVerified(layer - firstLayer, expert))) {
            SLUICE_TRY(verifyRecordCrc(bytes, size, layer, expert, lay));
            if (verified)
                verified->markVerified(layer - firstLayer, expert);
        }
        return Status::ok();
    };
}

Expected<ExpertMatrices> ContainerStore::expertMatrices(int layer, int expert, const ExpertRecordRef &rec) const
{
    const ExpertLayout &lay = m_container->expertLayout(layer);
    SLUICE_TRY(validateRecordHeader(rec.data, rec.bytes, layer, expert, lay));
    const ExpertRecordView v = parseRecord(rec.data, lay);
    return ExpertMatrices{v.matrix[kGate], v.matrix[kUp], v.matrix[kDown], v.codebookId, ExpertRecordKind::Vq, {}, {}};
}

Expected<VqCodebooksView> ContainerStore::codebooks(int layer, int kind, int codebookId) const
{
    const ExpertLayout &lay = m_container->expertLayout(layer);
    const int first = codebookId + kind * lay.stages;
    if (codebookId < 0 || first + lay.stages > m_container->codebookCount())
        return makeError(
            ErrorCode::Format, SLUICE_ERRT("Error", "layer %1: codebook id %2 out of range"), layer, codebookId);
    return m_container->codebooksById(first);
}

std::unique_ptr<ImageEncoder> ContainerStore::openImageEncoder(const ModelConfig &, kernels::ThreadPool *pool,
                                                               int maxPatches, int attentionSlices) const
{
    return std::make_unique<ImageEncoder>(*m_container, pool, maxPatches, attentionSlices);
}

const TensorInfo *ContainerStore::findTensor(const std::string &name) const
{
    return m_container->findTensor(name);
}

void ContainerStore::describe(ModelInfo &info) const
{
    info.parameters = m_container->parameterCount();
    info.containerBytes = m_container->containerBytes();
    info.description = "WASTE container";
}

Expected<PlannerInputs> ContainerStore::plannerInputs(const std::string &dir, PlannerInputsOptions &o,
                                                     bool reserveProcess, const std::function<Status(int vocab)> &measure)
{
    auto container = Container::open(dir);
    if (!container)
        return container.status();
    // Model::open measures itself with the tokenizer's tables read (issue 27:
    // measured without them, the floor shown was short of the one enforced).
    std::optional<text::Tokenizer> tokenizer;
    if (reserveProcess)
        if (auto tok = text::Tokenizer::fromModelDirectory(dir))
            tokenizer = std::move(*tok);
    SLUICE_TRY(measure((*container)->config().vocab));
    return model::plannerInputs(**container, o);
}

Expected<ModelSummary> ContainerStore::summary(const std::string &dir)
{
    auto opened = Container::open(dir);
    if (!opened)
        return opened.status();
    const Container &c = **opened;
    ModelSummary s;
    s.description = "WASTE container";
    s.config = c.config();
    std::map<std::string, ModelSummary::TrunkFormat> byFormat;
    for (const TensorInfo &t : c.tensors()) {
        auto &f = byFormat[tensorFormatName(t.fmt, t.isBf16)];
        f.bytes += t.bytes;
        f.tensors += 1;
    }
    for (auto &[name, f] : byFormat) {
        f.format = name;
        s.trunk.push_back(f);
    }
    s.trunkTensors = int(c.tensors().size());
    s.trunkBytes = c.trunkBytes();
    s.recordBytes = c.expertLayer(s.config.firstKDense).recordBytes;
    s.expertBytes = s.recordBytes;
    s.codebooks = c.codebookCount();
    s.diskBytes = c.containerBytes();
    s.parameters = c.parameterCount();
    // Read as Model::open reads it (readSideTables): a file that is there but
    // unusable is "no" with the reason run would give, not "yes".
    auto tok = text::Tokenizer::fromModelDirectory(dir);
    s.hasTokenizer = bool(tok);
    if (!tok && !(tok.status().code() == ErrorCode::NotFound && c.paths().tokenizer.empty()))
        s.tokenizerError = tok.status().message();
    return s;
}

Expected<PlannerShape> ContainerStore::plannerShape(const std::string &dir)
{
    auto container = Container::open(dir);
    if (!container)
        return container.status();
    PlannerShape s;
    s.name = dir;
    s.config = (*container)->config();
    s.tensors = (*container)->tensors();
    s.recordBytes = maxRecordBytes(**container);
    return s;
}

Expected<std::shared_ptr<void>> ContainerStore::holdDescription(const std::string &dir)
{
    // The container's description and the tokenizer's tables.
    struct Held {
        std::unique_ptr<Container> container;
        std::optional<text::Tokenizer> tokenizer;
    };
    auto held = std::make_shared<Held>();
    auto opened = Container::open(dir);
    if (!opened)
        return opened.status();
    held->container = std::move(*opened);
    if (auto tok = text::Tokenizer::fromModelDirectory(dir))
        held->tokenizer = std::move(*tok);
    return std::shared_ptr<void>(std::move(held));
}

} // namespace sluice::model
