#include "model/releasesource.h"

#include "api/inspect.h"
#include "api/planning.h"
#include "model/imageencoder.h"

#include "format/builtinmodels.h"
#include "format/container.h" // preadFully
#include "format/releaseconfig.h"
#include "format/releaseexperts.h"
#include "format/trunkquant.h"
#include "model/plannerinputs.h"
#include "stream/memoryplanner.h"
#include "util/bytes.h"
#include "util/hash.h"
#include "util/finite.h"

#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace sluice::model {

namespace {

const char *kPreparing = "preparing the trunk once";

// The cache holds values quantised or copied from the shards; a damaged shard
// can still carry NaN or infinite bf16/f32 values, which would poison every
// logit: refused at load, naming the tensor (as the container path does).
int64_t firstNonFiniteStored(const TensorInfo &t, const uint8_t *payload)
{
    const uint64_t n = t.elements();
    if (t.fmt == TensorFormat::F32) {
        for (uint64_t i = 0; i < n; ++i) {
            float v;
            std::memcpy(&v, payload + 4 * i, 4);
            if (!std::isfinite(v))
                return int64_t(i);
        }
    } else if (t.fmt == TensorFormat::F16) {
        const uint16_t mask = t.isBf16 ? 0x7f80 : 0x7c00;
        for (uint64_t i = 0; i < n; ++i)
            if ((loadLe16(payload + 2 * i) & mask) == mask)
                return int64_t(i);
    }
    return -1; // integer codes are always finite; their scales are checked apart
}

} // namespace

bool ReleaseSource::isRelease(const std::string &dir)
{
    struct stat st;
    return ReleaseCheckpoint::looksLikeRelease(dir) && ::stat((dir + "/manifest.json").c_str(), &st) != 0;
}

TrunkCacheOptions ReleaseSource::trunkCacheOptions(const ModelOptions &o)
{
    TrunkCacheOptions t;
    t.trunkBits = o.releaseTrunkBits;
    return t;
}

namespace {

std::string trunkCacheTag(const ModelOptions &o)
{
    return o.releaseTrunkBits == 16 ? "stored" : "q" + std::to_string(o.releaseTrunkBits);
}

std::string withoutTrailingSlash(std::string dir)
{
    while (dir.size() > 1 && dir.back() == '/')
        dir.pop_back();
    return dir;
}

// Where Sluice before session 10 put the cache when the release folder was
// writable; still read (never written) so an existing cache is not rebuilt.
std::string legacyTrunkCachePath(const ModelOptions &o)
{
    return withoutTrailingSlash(o.modelPath) + "/sluice-trunk-" + trunkCacheTag(o) + ".bin";
}

} // namespace

std::string ReleaseSource::trunkCachePath(const ReleaseCheckpoint &, const ModelOptions &o)
{
    const std::string dir = withoutTrailingSlash(o.modelPath);
    if (o.cacheDir.empty()) {
        // A library user without a cache folder (the hosts always give one):
        // beside the checkpoint, when it may be written there.
        return ::access(dir.c_str(), W_OK) == 0 ? legacyTrunkCachePath(o) : std::string();
    }
    // Caches live in the cache folder, never in the model's (issue 29: users
    // share, seed and checksum those folders). One file per release folder and
    // options: a changed release rebuilds its own file (the sidecar's
    // fingerprint calls the old one stale) instead of leaving it behind.
    std::error_code ec; // a failure shows as the build's own "cannot create" error, naming the path
    std::filesystem::create_directories(o.cacheDir, ec);
    const std::filesystem::path canonical = std::filesystem::weakly_canonical(dir, ec);
    char id[17];
    std::snprintf(id, sizeof id, "%016llx", (unsigned long long)fnv1a64(ec ? dir : canonical.string()));
    return o.cacheDir + "/trunk-" + id + "-" + trunkCacheTag(o) + ".bin";
}

Expected<std::unique_ptr<ReleaseSource>> ReleaseSource::open(
    const ModelOptions &o, const std::function<bool(double, const char *)> &progress)
{
    if (o.releaseTrunkBits != 4 && o.releaseTrunkBits != 8 && o.releaseTrunkBits != 16)
        return makeError(ErrorCode::InvalidArgument,
            SLUICE_ERRT("Error", "release trunk bits must be 4, 8 or 16 (as stored), not %1"), o.releaseTrunkBits);
    std::unique_ptr<ReleaseSource> s(new ReleaseSource);
    auto r = ReleaseCheckpoint::open(o.modelPath);
    if (!r)
        return r.status();
    s->m_release = std::move(*r);
    const ReleaseCheckpoint &rel = *s->m_release;

    TrunkCacheOptions to = trunkCacheOptions(o);
    std::string path = trunkCachePath(rel, o);
    // A valid cache an earlier Sluice built beside the checkpoint is still
    // read, never written there again: K3's takes long to build.
    const std::string legacy = legacyTrunkCachePath(o);
    Expected<TrunkCache> existing = makeError(ErrorCode::NotFound, SLUICE_ERRT("Error", "%1: no trunk cache"), legacy);
    if (!o.cacheDir.empty() && ::access(legacy.c_str(), R_OK) == 0)
        existing = openTrunkCache(legacy, rel, to);
    if (existing)
        path = legacy;
    else if (path.empty())
        return makeError(ErrorCode::Io,
            SLUICE_ERRT("Error",
                "%1: the release folder is read-only and no cache folder was given for its trunk cache "
                "(ModelOptions::cacheDir)"),
            o.modelPath);
    else
        existing = openTrunkCache(path, rel, to);
    if (existing) {
        s->m_cache = std::move(*existing);
    } else {
        // "preparing the trunk once: N GB", then the time left at the rate
        // measured so far (a resumed build counts from where it resumed).
        const std::string head = std::string(kPreparing) + ": " + formatGiB(trunkCacheBytes(rel, to));
        if (!progress(0.0, head.c_str()))
            return makeError(ErrorCode::Cancelled, SLUICE_ERRT("Error", "open cancelled"));
        const auto start = std::chrono::steady_clock::now();
        double first = -1;
        to.progress = [&](double f, const std::string &) {
            if (first < 0)
                first = f;
            std::string stage = head;
            const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            if (f > first && f < 1.0) {
                const double left = secs * (1.0 - f) / (f - first);
                stage += left < 90 ? ", about " + std::to_string(int(left + 0.5)) + " s left"
                                   : ", about " + std::to_string(int(left / 60 + 0.5)) + " minutes left";
            }
            return progress(0.5 * f, stage.c_str());
        };
        auto built = buildTrunkCache(path, rel, to);
        if (!built)
            return built.status();
        s->m_cache = std::move(*built);
        s->m_built = true;
    }
    s->m_fingerprint = std::strtoull(s->m_cache.fingerprint.c_str(), nullptr, 16);
    uint64_t size = 0;
    Expected<int> fd = openRegularFileReadOnly(path, path, size);
    if (!fd)
        return fd.status();
    s->m_cacheFd = *fd;
    if (size != s->m_cache.bytes)
        return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1: changed while it was opened"), path);

    std::vector<std::string> paths;
    for (const SafetensorsShard &sh : rel.safetensors().shards())
        paths.push_back(sh.path);
    DirectFileOptions dfo;
    dfo.forceBuffered = !o.directIo;
    auto rd = ExtentReader::open(paths, dfo);
    if (!rd)
        return rd.status();
    s->m_reader = std::move(*rd);
    s->m_slotBytes = releaseSlotBytes(rel);
    return s;
}

ReleaseSource::~ReleaseSource()
{
    if (m_cacheFd >= 0)
        ::close(m_cacheFd);
}

Expected<PlannerInputs> ReleaseSource::plannerInputs(
    const std::string &dir, int trunkBits, const PlannerInputsOptions &options, ReleasePlanExtras *extras)
{
    auto r = ReleaseCheckpoint::open(dir);
    if (!r)
        return r.status();
    TrunkCacheOptions to;
    to.trunkBits = trunkBits;
    PlannerInputsOptions o = options;
    if (extras) {
        extras->trunkCacheBytes = trunkCacheBytes(**r, to);
        auto vq = expertBytes((*r)->config(), BuiltinFormat::Container);
        extras->vq3rRecordBytes = vq ? *vq : 0;
        extras->description = (*r)->description();
    }
    return model::plannerInputs((*r)->config(), trunkCacheTensors(**r, to), releaseSlotBytes(**r), o);
}

uint64_t ReleaseSource::vq3rRecordBytes() const
{
    auto vq = expertBytes(config(), BuiltinFormat::Container);
    return vq ? *vq : 0;
}

const TensorInfo *ReleaseSource::findCacheTensor(const std::string &name) const
{
    for (const std::string &candidate : { config().tensorPrefix + name, name })
        for (const TensorInfo &t : m_cache.tensors)
            if (t.name == candidate)
                return &t;
    return nullptr;
}

Status ReleaseSource::readTensorBytes(
    const TensorInfo &info, std::vector<uint8_t> &payload, std::vector<uint16_t> &scales) const
{
    const std::string what = "trunk cache " + m_cache.path + " '" + info.name + "'";
    payload.resize(size_t(info.payloadBytes()));
    SLUICE_TRY(preadFully(m_cacheFd, payload.data(), payload.size(), info.offset, what));
    scales.clear();
    if (info.isGrouped()) {
        scales.resize(size_t(info.rows * info.groups()));
        std::vector<uint8_t> raw(scales.size() * 2);
        SLUICE_TRY(preadFully(m_cacheFd, raw.data(), raw.size(), info.scaleOffset, what + " scales"));
        for (size_t i = 0; i < scales.size(); ++i) {
            scales[i] = loadLe16(raw.data() + 2 * i);
            if ((scales[i] & 0x7c00) == 0x7c00)
                return makeError(
                    ErrorCode::Format, SLUICE_ERRT("Error", "%1: non-finite scale (row %2)"), what, i / info.groups());
        }
    }
    if (const int64_t at = firstNonFiniteStored(info, payload.data()); at >= 0)
        return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1: non-finite value at element %2"), what, at);
    return Status::ok();
}

Status ReleaseSource::readEmbeddingRow(int token, float *out) const
{
    const std::string name = config().tensorPrefix + "model.embed_tokens.weight";
    const TensorInfo *info = nullptr;
    for (const TensorInfo &t : m_cache.tensors)
        if (t.name == name)
            info = &t;
    if (!info)
        return makeError(ErrorCode::NotFound, SLUICE_ERRT("Error", "%1 is missing from the release"), name);
    if (token < 0 || uint64_t(token) >= info->rows)
        return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "token id %1 is outside the vocabulary (%2)"),
            token, info->rows);
    const uint64_t rowBytes = info->rowBytes();
    std::vector<uint8_t> row(static_cast<size_t>(rowBytes));
    SLUICE_TRY(preadFully(m_cacheFd, row.data(), rowBytes, info->offset + uint64_t(token) * rowBytes, "embedding row"));
    std::vector<uint16_t> scales;
    if (info->isGrouped()) {
        const uint64_t groups = info->groups();
        std::vector<uint8_t> raw(size_t(groups * 2));
        SLUICE_TRY(preadFully(m_cacheFd, raw.data(), raw.size(), info->scaleOffset + uint64_t(token) * groups * 2,
            "embedding row scales"));
        scales.resize(size_t(groups));
        for (size_t g = 0; g < scales.size(); ++g)
            scales[g] = loadLe16(raw.data() + 2 * g);
    }
    dequantizeTrunkRow(info->fmt, info->isBf16, row.data(), scales.data(), size_t(info->cols), out);
    if (firstNonFinite(out, size_t(info->cols)) >= 0)
        return makeError(
            ErrorCode::Format, SLUICE_ERRT("Error", "trunk cache '%1': non-finite value in row %2"), info->name, token);
    return Status::ok();
}

Expected<uint64_t> readReleaseExpert(const ReleaseCheckpoint &release, const ExtentReader &reader, int layer,
    int expert, uint8_t *slot, size_t slotBytes)
{
    const ExpertPlacement p = placeExpert(release, layer, expert);
    if (p.slotBytes > slotBytes)
        return makeError(ErrorCode::Internal,
            "layer " + std::to_string(layer) + ", expert " + std::to_string(expert)
                + ": placement larger than the cache slot");
    FileExtent ex[6];
    for (int i = 0; i < p.extentCount; ++i)
        ex[i] = { p.extents[i].shard, p.extents[i].fileOffset, p.extents[i].bytes, p.extents[i].slotOffset };
    return reader.read(std::span<const FileExtent>(ex, size_t(p.extentCount)), slot, slotBytes);
}

Expected<ExpertMatrices> releaseExpertMatrices(
    const ReleaseCheckpoint &release, int layer, int expert, const ExpertRecordRef &rec)
{
    const ModelConfig &c = release.config();
    const ExpertPlacement p = placeExpert(release, layer, expert);
    if (p.slotBytes > rec.bytes)
        return makeError(ErrorCode::Internal,
            "layer " + std::to_string(layer) + ", expert " + std::to_string(expert)
                + ": slot smaller than the placement");
    const size_t inter = size_t(c.moeIntermediate), lat = size_t(c.expertInputDim());
    const size_t rows[3] = { inter, inter, lat }, cols[3] = { lat, lat, inter };
    ExpertMatrices m;
    m.kind = release.mxfp4Experts() ? ExpertRecordKind::Mxfp4 : ExpertRecordKind::Bf16;
    for (int k = 0; k < 3; ++k) {
        m.mx[k] = { rec.data + p.tensorOffset[2 * k], rec.data + p.tensorOffset[2 * k + 1], rows[k], cols[k] };
        m.bf[k].fmt = TensorFormat::F16;
        m.bf[k].isBf16 = true;
        m.bf[k].data = rec.data + p.tensorOffset[2 * k];
        m.bf[k].rows = rows[k];
        m.bf[k].cols = cols[k];
        m.bf[k].rowBytes = cols[k] * 2;
    }
    return m;
}

Expected<uint64_t> ReleaseSource::readExpert(int layer, int expert, uint8_t *slot, size_t slotBytes) const
{
    return readReleaseExpert(*m_release, *m_reader, layer, expert, slot, slotBytes);
}

Expected<ExpertMatrices> ReleaseSource::parseRecord(int layer, int expert, const ExpertRecordRef &rec) const
{
    return releaseExpertMatrices(*m_release, layer, expert, rec);
}

Expected<ExpertBankSet> ReleaseSource::openExpertBanks(const DirectFileOptions &) const
{
    // No banks: the cache's reader takes each expert from the shards.
    ExpertBankSet set;
    set.banks.resize(size_t(config().moeLayerCount()));
    set.directIo = m_reader->directIo();
    return set;
}

void ReleaseSource::wireExpertReads(ExpertCacheOptions &co, bool, VerifiedRecords *) const
{
    // The reader takes each expert from the shards (its index was checked at
    // open; a short read names the shard), no record header or CRC.
    co.reader = [this](int layer, int expert, uint8_t *slot, size_t n) { return readExpert(layer, expert, slot, n); };
}

Expected<VqCodebooksView> ReleaseSource::codebooks(int, int, int) const
{
    return makeError(ErrorCode::Internal, "a release has no codebooks");
}

std::unique_ptr<ImageEncoder> ReleaseSource::openImageEncoder(
    const ModelConfig &cfg, kernels::ThreadPool *pool, int maxPatches, int attentionSlices) const
{
    // The release's bf16 vision tensors as the trunk cache holds them
    // (the converter's rule: Q8G; bf16 at releaseTrunkBits 16).
    vision::VisionTensorStore store;
    store.find = [this](const std::string &name) { return findCacheTensor(name); };
    store.read = [this](const TensorInfo &info, std::vector<uint8_t> &payload, std::vector<uint16_t> &scales) {
        return readTensorBytes(info, payload, scales);
    };
    return std::make_unique<ImageEncoder>(cfg, std::move(store), pool, maxPatches, attentionSlices);
}

void ReleaseSource::describe(ModelInfo &info) const
{
    const ReleaseCheckpoint &rel = *m_release;
    info.parameters = rel.parameterCount();
    uint64_t shardBytes = 0;
    for (const SafetensorsShard &sh : rel.safetensors().shards())
        shardBytes += sh.fileBytes;
    info.containerBytes = shardBytes;
    info.description = rel.description();
    info.release = true;
    info.trunkCachePath = m_cache.path;
    info.trunkCacheBytes = m_cache.bytes;
    info.trunkCacheBuilt = m_built;
    info.vq3rRecordBytes = vq3rRecordBytes();
}

Expected<PlannerInputs> ReleaseSource::plannerInputs(const std::string &dir, int trunkBits, PlannerInputsOptions &o,
    bool reserveProcess, const std::function<Status(int vocab)> &measure)
{
    if (reserveProcess) {
        auto release = ReleaseCheckpoint::open(dir);
        if (!release)
            return release.status();
        SLUICE_TRY(measure((*release)->config().vocab));
    }
    return plannerInputs(dir, trunkBits, o);
}

Expected<ModelSummary> ReleaseSource::summary(const std::string &path)
{
    auto opened = ReleaseCheckpoint::open(path);
    if (!opened)
        return opened.status();
    const ReleaseCheckpoint &r = **opened;
    ModelSummary s;
    s.release = true;
    s.description = r.description();
    s.config = r.config();
    std::map<std::string, ModelSummary::TrunkFormat> byFormat;
    for (const TensorInfo &t : r.trunkTensors()) {
        auto &f = byFormat[tensorFormatName(t.fmt, t.isBf16)];
        f.bytes += t.bytes;
        f.tensors += 1;
        s.trunkBytes += t.bytes;
    }
    for (auto &[name, f] : byFormat) {
        f.format = name;
        s.trunk.push_back(f);
    }
    s.trunkTensors = int(r.trunkTensors().size());
    s.recordBytes = releaseSlotBytes(r);
    s.expertBytes = r.expertBytes();
    s.diskBytes = r.safetensors().totalBytes();
    s.parameters = r.parameterCount();
    s.shards = int(r.safetensors().shards().size());
    s.tensors = int(r.safetensors().tensors().size());
    // Read as the engine reads it: a truncated, empty, FIFO or dangling file is "no", with the reason.
    auto tok = tokenizerOf(r);
    s.hasTokenizer = bool(tok);
    if (!tok && !r.tokenizerPath().empty())
        s.tokenizerError = tok.status().message();
    return s;
}

Expected<PlannerShape> ReleaseSource::plannerShape(const std::string &dir, int trunkBits)
{
    auto release = ReleaseCheckpoint::open(dir);
    if (!release)
        return release.status();
    TrunkCacheOptions to;
    to.trunkBits = trunkBits;
    PlannerShape s;
    s.name = (*release)->description();
    s.release = true;
    s.config = (*release)->config();
    s.tensors = trunkCacheTensors(**release, to);
    s.trunkCacheBytes = trunkCacheBytes(**release, to);
    s.recordBytes = releaseSlotBytes(**release);
    return s;
}

Expected<std::shared_ptr<void>> ReleaseSource::holdDescription(const std::string &dir)
{
    auto opened = ReleaseCheckpoint::open(dir);
    if (!opened)
        return opened.status();
    return std::shared_ptr<void>(std::move(*opened));
}

Expected<text::Tokenizer> ReleaseSource::tokenizer() const
{
    return tokenizerOf(*m_release);
}

Expected<text::Tokenizer> ReleaseSource::tokenizerOf(const ReleaseCheckpoint &release)
{
    const std::string &path = release.tokenizerPath();
    if (path.empty())
        return makeError(ErrorCode::NotFound, SLUICE_ERRT("Error", "the release has no tokenizer (no tiktoken.model)"));
    uint64_t size = 0;
    Expected<int> fd = openRegularFileReadOnly(path, path, size);
    if (!fd)
        return fd.status();
    if (size > (uint64_t(256) << 20)) {
        ::close(*fd);
        return makeError(
            ErrorCode::Format, SLUICE_ERRT("Error", "%1: %2 bytes, more than a rank file can be"), path, size);
    }
    std::string text(size_t(size), '\0');
    const Status st = preadFully(*fd, text.data(), size, 0, path);
    ::close(*fd);
    SLUICE_TRY(st);
    text::TokenizerOptions to;
    to.vocabSize = release.config().vocab;
    return text::Tokenizer::fromText(text, specialsToJson(release.specials()), to);
}

} // namespace sluice::model
