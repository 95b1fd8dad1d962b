#include "convert/converter.h"
#include "util/paths.h"

#include "convert/bankfile.h"
#include "convert/kmeans.h"
#include "convert/reclaim.h"
#include "convert/trunkpass.h"
#include "convert/sourceconfig.h"
#include "convert/vqencode.h"
#include "format/containerwriter.h"
#include "format/generationconfig.h"
#include "format/expertrecord.h"
#include "format/mxfp4pack.h"
#include "format/release.h"
#include "format/trunkquant.h"
#include "format/vqfit.h"
#include "kernels/threadpool.h"
#include "util/atomicfile.h"
#include "util/bytes.h"
#include "util/half.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <set>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

namespace sluice::convert {

namespace {

constexpr int kStateVersion = 1;


bool fileExists(const std::string &path)
{
    struct stat st;
    return ::stat(path.c_str(), &st) == 0;
}

Expected<std::string> readWholeFile(const std::string &path, uint64_t limit)
{
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0)
        return makeError(ErrorCode::NotFound, SLUICE_ERRT("Error", "%1: cannot open (%2)"), path, std::strerror(errno));
    struct stat st;
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1: not a regular file"), path);
    }
    if (uint64_t(st.st_size) > limit) {
        ::close(fd);
        return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1: %2 bytes is more than the %3 allowed"), path,
                         st.st_size, limit);
    }
    std::string out(size_t(st.st_size), '\0');
    size_t done = 0;
    while (done < out.size()) {
        const ssize_t n = ::pread(fd, out.data() + done, out.size() - done, off_t(done));
        if (n <= 0) {
            ::close(fd);
            return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: short read"), path);
        }
        done += size_t(n);
    }
    ::close(fd);
    return out;
}

ExpertQuantConfig quantFor(const std::string &fmt)
{
    ExpertQuantConfig q;
    q.fmtName = fmt;
    if (fmt == "VQ4P") {
        q.stages = 4;
        q.entries = 64;
        q.indexBits = 6;
    } else if (fmt == "VQ2R") {
        q.stages = 2;
    }
    return q;
}

kernels::Isa effectiveIsa(kernels::Isa wanted)
{
    const kernels::Isa have = kernels::detectedIsa();
    if (wanted == kernels::Isa::Avx512)
        return have == kernels::Isa::Avx512 ? have : (have == kernels::Isa::Avx2 ? have : kernels::Isa::Scalar);
    if (wanted == kernels::Isa::Avx2)
        return have == kernels::Isa::Avx512 || have == kernels::Isa::Avx2 ? kernels::Isa::Avx2 : kernels::Isa::Scalar;
    return kernels::Isa::Scalar;
}

struct Plan {
    ModelConfig config;     // the container's (expertQuant = the target format)
    std::string configJson; // the manifest's "config"
    ExpertLayout layout;    // recordBytes and nBooks filled in
    std::vector<int> moeLayers;
    std::vector<TensorInfo> trunk; // the trunk index (planTrunk)
    uint64_t trunkBytes = 0;
};

Expected<Plan> makePlan(const ReleaseCheckpoint &release, const std::string &source, const ConvertOptions &o)
{
    if (o.expertFmt != "VQ3R" && o.expertFmt != "VQ2R" && o.expertFmt != "VQ4P")
        return makeError(ErrorCode::InvalidArgument,
            SLUICE_ERRT("Error", "convert: expert format '%1' is not one of VQ3R, VQ2R, VQ4P"), o.expertFmt);
    if (o.trunkBits != 3 && o.trunkBits != 4 && o.trunkBits != 8)
        return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "convert: trunk bits must be 3, 4 or 8"));
    if (o.jobs < 1 || o.jobs > 256 || o.sampleExperts < 1 || o.sampleVectors < 1 || o.iterations < 0)
        return makeError(ErrorCode::InvalidArgument,
            SLUICE_ERRT("Error", "convert: jobs, sample and iteration counts out of range"));
    Plan p;
    p.config = release.config();
    p.config.expertQuant = quantFor(o.expertFmt);
    auto configText = readWholeFile(joinPath(source, "config.json"), 16u << 20);
    if (!configText)
        return configText.status();
    auto flat = manifestConfigFromRelease(configText.value());
    if (!flat)
        return flat.status();
    p.configJson = std::move(flat.value());
    p.layout = makeExpertLayout(p.config, 0, 0);
    p.layout.nBooks = p.config.moeLayerCount() * p.layout.booksPerLayer();
    for (int layer = p.config.firstKDense; layer < p.config.nLayers; ++layer)
        p.moeLayers.push_back(layer);
    p.trunk = planTrunk(release, o);
    p.trunkBytes = trunkFileBytes(p.trunk);
    return p;
}

int codebookBaseOf(const Plan &p, int layer) { return (layer - p.config.firstKDense) * p.layout.booksPerLayer(); }

ExpertLayout layerLayout(const Plan &p, int layer)
{
    ExpertLayout l = p.layout;
    l.codebookBase = codebookBaseOf(p, layer);
    return l;
}

uint64_t bankBytes(const Plan &p) { return p.layout.recordBytes * uint64_t(p.config.nExperts); }

uint64_t booksFileBytes(const Plan &p)
{
    return uint64_t(p.layout.booksPerLayer()) * uint64_t(p.layout.entries) * uint64_t(p.layout.vecDim) * 2;
}

std::string booksPath(const std::string &out, int layer)
{
    return joinPath(workDirectory(out), "books-L" + std::to_string(layer) + ".bin");
}

// What identifies a conversion: the source (shard names and sizes, config)
// and every option that changes output bytes.
std::string stateJson(const ReleaseCheckpoint &release, const Plan &p, const ConvertOptions &o)
{
    QJsonArray shards;
    for (const SafetensorsShard &s : release.safetensors().shards())
        shards.append(QJsonObject{{"file", QString::fromStdString(s.file)}, {"bytes", qint64(s.fileBytes)}});
    QJsonObject state{{"sluice_convert", kStateVersion},
                      {"shards", shards},
                      {"config", QJsonDocument::fromJson(QByteArray::fromStdString(p.configJson)).object()},
                      {"expert_fmt", QString::fromStdString(o.expertFmt)},
                      {"trunk_bits", o.trunkBits},
                      {"min_quant_elements", qint64(o.minQuantElements)},
                      {"sample_experts", o.sampleExperts},
                      {"sample_vectors", o.sampleVectors},
                      {"iterations", o.iterations},
                      {"seed", QString::number(qulonglong(o.seed))},
                      {"record_bytes", qint64(p.layout.recordBytes)}};
    return QJsonDocument(state).toJson(QJsonDocument::Indented).toStdString();
}

uint64_t freeBytes(const std::string &dir)
{
    struct statvfs vfs;
    if (::statvfs(dir.c_str(), &vfs) != 0)
        return 0;
    return uint64_t(vfs.f_bavail) * uint64_t(vfs.f_frsize);
}

uint64_t fileSize(const std::string &path)
{
    struct stat st;
    return ::stat(path.c_str(), &st) == 0 ? uint64_t(st.st_size) : 0;
}

// Bytes still to write: banks not committed (minus a .tmp's length), the
// books not saved, the trunk, codebooks.bin and the small files (tokenizer,
// specials, vision, manifest; bounded by 64 MiB + the tokenizer).
uint64_t remainingBytes(const ReleaseCheckpoint &release, const Plan &p, const std::string &out)
{
    uint64_t need = 0;
    for (int layer : p.moeLayers) {
        const std::string bank = joinPath(out, bankFileName(layer));
        if (fileSize(bank) != bankBytes(p)) {
            const uint64_t tmp = fileSize(bank + ".tmp");
            need += bankBytes(p) - std::min(tmp, bankBytes(p));
        }
        if (fileSize(booksPath(out, layer)) != booksFileBytes(p))
            need += booksFileBytes(p);
    }
    if (fileSize(joinPath(out, "trunk.bin")) != p.trunkBytes)
        need += p.trunkBytes;
    need += uint64_t(p.layout.nBooks) * (16 + uint64_t(p.layout.entries) * uint64_t(p.layout.vecDim) * 2);
    need += fileSize(release.tokenizerPath()) + (4u << 20);
    return need;
}

Status spaceStatus(const ReleaseCheckpoint &release, const Plan &p, const std::string &out, const std::string &what)
{
    const uint64_t need = remainingBytes(release, p, out), have = freeBytes(out);
    return makeError(ErrorCode::Io,
                     SLUICE_ERRT("Error", "%1: %2 needs %3 more bytes, %4 bytes are available; free space and run the "
                                          "conversion again to resume"),
                     what, out, need, have);
}

Status writeFileAtomic(const std::string &path, const std::string &bytes)
{
    const std::string tmp = path + ".tmp";
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0)
        return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: cannot create (%2)"), tmp, std::strerror(errno));
    size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n <= 0) {
            const int err = errno;
            ::close(fd);
            ::unlink(tmp.c_str());
            return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: write failed (%2)"), tmp, std::strerror(err));
        }
        done += size_t(n);
    }
    if (::fsync(fd) != 0) {
        const int err = errno;
        ::close(fd);
        ::unlink(tmp.c_str());
        return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: fsync failed (%2)"), tmp, std::strerror(err));
    }
    ::close(fd);
    if (::rename(tmp.c_str(), path.c_str()) != 0)
        return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: rename failed (%2)"), path, std::strerror(errno));
    syncDirectoryOf(path);
    return Status::ok();
}

// One routed expert's matrix of kind k as f32 [rows, cols], every value
// checked finite (a damaged source names shard and tensor).
Status decodeExpertMatrix(const ReleaseCheckpoint &release, int layer, int expert, int kind, uint64_t rows,
                          uint64_t cols, std::vector<float> &out, std::vector<uint8_t> &raw)
{
    const ReleaseExpertTensors &t = release.expert(layer, expert);
    const SafetensorsCheckpoint &st = release.safetensors();
    out.resize(size_t(rows * cols));
    if (release.mxfp4Experts()) {
        std::vector<uint8_t> scales;
        SLUICE_TRY(st.readBytes(*t.weight[kind], raw));
        SLUICE_TRY(st.readBytes(*t.scale[kind], scales));
        for (uint64_t r = 0; r < rows; ++r) {
            const uint8_t *srow = scales.data() + r * (cols / kMxfp4Group);
            for (uint64_t g = 0; g < cols / kMxfp4Group; ++g) {
                if (srow[g] == 0xff) // E8M0 NaN
                    return makeError(ErrorCode::Format,
                        SLUICE_ERRT("Error", "%1: NaN scale (0xff) at row %2, group %3"), st.describe(*t.scale[kind]),
                        r, g);
            }
            dequantizeMxfp4Row(raw.data() + r * (cols / 2), srow, size_t(cols), out.data() + r * cols);
        }
    } else {
        auto values = st.readFloat(*t.weight[kind]);
        if (!values)
            return values.status();
        out = std::move(values.value());
    }
    for (size_t i = 0; i < out.size(); ++i) {
        if (!std::isfinite(out[i]))
            return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1: non-finite value at row %2, column %3"),
                st.describe(release.mxfp4Experts() ? *t.scale[kind] : *t.weight[kind]), i / cols, i % cols);
    }
    return Status::ok();
}

// Spec 5.2: 12 evenly spaced experts, sampleVectors / 12 row-normalised
// 8-vectors each (permutation seeded 1234 + expert id), residual k-means per
// kind. Returns [kind][stage][entry][dim], fp16-rounded (what is stored and
// what encoding uses).
Expected<std::vector<float>> fitLayerBooks(const ReleaseCheckpoint &release, const Plan &p, int layer,
                                           const ConvertOptions &o, kernels::ThreadPool &pool, kernels::Isa isa)
{
    const ExpertLayout &l = p.layout;
    const int experts = p.config.nExperts;
    const int count = std::min(o.sampleExperts, experts);
    const int step = std::max(1, experts / o.sampleExperts);
    const size_t perExpert = size_t(o.sampleVectors / count);
    std::vector<float> vectors[3];
    std::vector<float> m;
    std::vector<uint8_t> raw;
    for (int i = 0; i < count; ++i) {
        const int e = i * step;
        for (int k = 0; k < 3; ++k) {
            SLUICE_TRY(decodeExpertMatrix(release, layer, e, k, l.rows[k], l.cols[k], m, raw));
            appendNormalizedVectors(m.data(), l.rows[k], l.cols[k], l.vecDim, vectors[k], perExpert,
                                    1234 + uint64_t(e));
        }
    }
    const size_t perKind = size_t(l.stages) * size_t(l.entries) * size_t(l.vecDim);
    std::vector<float> books(3 * perKind);
    for (int k = 0; k < 3; ++k) {
        const std::vector<float> b = fitResidualBooks(vectors[k], l.stages, l.entries, l.vecDim, o.iterations,
                                                      o.seed, pool, isa);
        for (size_t i = 0; i < perKind; ++i)
            books[size_t(k) * perKind + i] = halfToFloat(floatToHalf(b[i]));
        std::vector<float>().swap(vectors[k]);
    }
    return books;
}

std::string encodeBooks(const std::vector<float> &books)
{
    std::string bytes(books.size() * 2, '\0');
    for (size_t i = 0; i < books.size(); ++i)
        storeLe16(reinterpret_cast<uint8_t *>(bytes.data()) + 2 * i, floatToHalf(books[i]));
    return bytes;
}

Expected<std::vector<float>> loadBooks(const std::string &path, const Plan &p)
{
    auto bytes = readWholeFile(path, booksFileBytes(p));
    if (!bytes)
        return bytes.status();
    if (bytes->size() != booksFileBytes(p))
        return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1: wrong size"), path);
    std::vector<float> books(bytes->size() / 2);
    for (size_t i = 0; i < books.size(); ++i) {
        books[i] = halfToFloat(loadLe16(reinterpret_cast<const uint8_t *>(bytes->data()) + 2 * i));
        if (!std::isfinite(books[i]))
            return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1: non-finite value"), path);
    }
    return books;
}

// The shard files holding `tensors`, in shard order, each once.
std::vector<std::string> shardFilesOf(const ReleaseCheckpoint &release,
                                      const std::vector<const SafetensorsTensor *> &tensors)
{
    std::set<int> shards;
    for (const SafetensorsTensor *t : tensors)
        if (t)
            shards.insert(t->shard);
    std::vector<std::string> files;
    for (int s : shards)
        files.push_back(release.safetensors().shards()[size_t(s)].file);
    return files;
}

std::vector<std::string> layerShardFiles(const ReleaseCheckpoint &release, const Plan &p, int layer)
{
    std::vector<const SafetensorsTensor *> read;
    for (int e = 0; e < p.config.nExperts; ++e) {
        const ReleaseExpertTensors &t = release.expert(layer, e);
        for (int k = 0; k < 3; ++k) {
            read.push_back(t.weight[k]);
            read.push_back(t.scale[k]);
        }
    }
    return shardFilesOf(release, read);
}

// The trunk pass's sources: shards without experts whole, the others by the
// byte ranges of their trunk tensors (their layers read them whole later).
SourceNeed trunkNeed(const ReleaseCheckpoint &release, const Plan &p)
{
    SourceNeed need{"the trunk", {}, {}};
    std::set<int> withExperts;
    for (int layer : p.moeLayers)
        for (const std::string &f : layerShardFiles(release, p, layer))
            for (size_t s = 0; s < release.safetensors().shards().size(); ++s)
                if (release.safetensors().shards()[s].file == f)
                    withExperts.insert(int(s));
    std::set<int> whole;
    for (size_t i = 0; i < release.trunkTensors().size(); ++i) {
        const SafetensorsTensor &t = release.trunkSource(i);
        if (withExperts.count(t.shard))
            need.ranges.push_back({release.safetensors().shards()[size_t(t.shard)].file, t.offset, t.bytes});
        else
            whole.insert(t.shard);
    }
    for (int s : whole)
        need.shards.push_back(release.safetensors().shards()[size_t(s)].file);
    return need;
}

} // namespace

std::string workDirectory(const std::string &out) { return joinPath(out, ".sluice-convert"); }

uint64_t peakWorkingSetBytes(const ReleaseCheckpoint &release, const ConvertOptions &o)
{
    ExpertLayout l = makeExpertLayout(release.config(), 0, 0);
    ModelConfig c = release.config();
    c.expertQuant = quantFor(o.expertFmt);
    l = makeExpertLayout(c, 0, 0);
    uint64_t matrices = 0, largest = 0, index = 0;
    for (int k = 0; k < 3; ++k) {
        matrices += uint64_t(l.rows[k]) * l.cols[k] * 4;
        largest = std::max<uint64_t>(largest, uint64_t(l.rows[k]) * l.cols[k]);
        index += l.indexBytes[k];
    }
    const uint64_t source = largest * 2; // bf16 (MXFP4 is smaller)
    const uint64_t sample = 3ull * uint64_t(o.sampleVectors) * uint64_t(l.vecDim) * 4 * 2 +
                            uint64_t(o.sampleVectors) * 4 + matrices;
    const uint64_t trunk = trunkPeakBytes(release, planTrunk(release, o), o.trunkBandBytes);
    const uint64_t experts = matrices + source + index * 2 + l.minimumRecordBytes();
    return std::max({experts, sample, trunk});
}

Expected<ConvertSpace> conversionSpace(const ReleaseCheckpoint &release, const std::string &out,
                                       const ConvertOptions &options)
{
    auto plan = makePlan(release, release.safetensors().dir(), options);
    if (!plan)
        return plan.status();
    ConvertSpace s;
    s.needed = remainingBytes(release, *plan, out);
    std::string probe = out;
    while (!fileExists(probe) && probe.find('/') != std::string::npos)
        probe = probe.substr(0, probe.rfind('/'));
    s.available = freeBytes(fileExists(probe) ? probe : ".");
    return s;
}

Expected<ConvertResult> convertRelease(const std::string &source, const std::string &out, const ConvertOptions &o)
{
    ConvertResult result;
    const std::string work = workDirectory(out), statePath = joinPath(work, "state.json");
    std::vector<std::string> ledger = readReclaimLedger(work);
    if (!ledger.empty() && fileExists(joinPath(out, "manifest.json")) && fileExists(statePath)) {
        // Committed and the source reclaimed: nothing left to compare against.
        result.alreadyComplete = true;
        return result;
    }
    if (fileExists(joinPath(out, "manifest.json")) && !fileExists(statePath))
        return makeError(ErrorCode::InvalidArgument,
                         SLUICE_ERRT("Error", "%1: already holds a container (manifest.json) that is not a conversion in "
                                              "progress; choose another folder"),
                         out);
    // Say what is wrong with the folder the user gave, by its name, before
    // anything is written (a missing folder read as "config.json: cannot open").
    // After a reclaim the shards are gone from it on purpose: only its existence counts.
    if (Status folder = ReleaseCheckpoint::checkFolder(source);
        !folder.isOk() && (ledger.empty() || folder.code() != ErrorCode::NotFound || !fileExists(source)))
        return folder.withContext(source);
    std::string openDir = source;
    if (o.reclaim || !ledger.empty()) {
        if (::mkdir(out.c_str(), 0755) != 0 && errno != EEXIST)
            return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: cannot create (%2)"), out, std::strerror(errno));
        auto shadow = prepareShadowSource(source, work, ledger);
        if (!shadow)
            return shadow.status();
        openDir = shadow.value();
        for (const std::string &name : ledger) // killed between the ledger and the deletion
            ::unlink(joinPath(source, name).c_str());
    }
    auto opened = ReleaseCheckpoint::open(openDir);
    if (!opened)
        return opened.status();
    const ReleaseCheckpoint &release = **opened;
    auto planned = makePlan(release, openDir, o);
    if (!planned)
        return planned.status();
    const Plan &p = *planned;
    const kernels::Isa isa = effectiveIsa(o.isa);
    result.peakWorkingSetBytes = peakWorkingSetBytes(release, o);

    // The state: what this folder is a conversion of.
    if (::mkdir(out.c_str(), 0755) != 0 && errno != EEXIST)
        return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: cannot create (%2)"), out, std::strerror(errno));
    const std::string state = stateJson(release, p, o);
    const bool haveState = fileExists(statePath);
    if (fileExists(joinPath(out, "manifest.json")) && !haveState)
        return makeError(ErrorCode::InvalidArgument,
                         SLUICE_ERRT("Error", "%1: already holds a container (manifest.json) that is not a conversion in "
                                              "progress; choose another folder"),
                         out);
    if (haveState) {
        auto old = readWholeFile(statePath, 64u << 20);
        if (!old)
            return old.status();
        if (old.value() != state)
            return makeError(ErrorCode::InvalidArgument,
                             SLUICE_ERRT("Error", "%1: holds a conversion of another source or with other options (%2); "
                                                  "use another folder or delete it"),
                             out, statePath);
        if (fileExists(joinPath(out, "manifest.json"))) {
            // Committed earlier (perhaps only the clean-up was interrupted).
            removeWorkFiles(work, p.moeLayers);
            result.alreadyComplete = true;
            return result;
        }
    }
    if (o.checkSpace) {
        const uint64_t need = remainingBytes(release, p, out), have = freeBytes(out);
        if (need > have)
            return makeError(ErrorCode::Io,
                             SLUICE_ERRT("Error", "%1: not enough free space: the conversion needs %2 more bytes, %3 bytes "
                                                  "are available"),
                             out, need, have);
    }
    if (::mkdir(work.c_str(), 0755) != 0 && errno != EEXIST)
        return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: cannot create (%2)"), work, std::strerror(errno));
    if (!haveState)
        SLUICE_TRY(writeFileAtomic(statePath, state));

    WriterOptions wo;
    wo.trunkBits = o.trunkBits;
    wo.minQuantElements = o.minQuantElements;
    wo.arch = p.config.arch == Architecture::KimiK3 ? "kimi-k3" : "kimi-linear";
    wo.sluiceDemo = o.sluiceDemo;
    wo.sluiceDemoWeights = o.sluiceDemoWeights;
    auto created = ContainerWriter::create(out, p.config, p.configJson, wo);
    if (!created)
        return created.status();
    ContainerWriter &writer = **created;

    kernels::ThreadPool pool(o.jobs);
    if (!pool.startStatus().isOk())
        return makeError(
            pool.startStatus().code(), SLUICE_ERRT("Error", "%1; ask for fewer jobs"), pool.startStatus().message());
    ConvertProgress progress;
    progress.layers = int(p.moeLayers.size());
    progress.expertsTotal = uint64_t(progress.layers) * uint64_t(p.config.nExperts);
    auto report = [&]() -> Status {
        if (o.progress && !o.progress(progress))
            return makeError(ErrorCode::Cancelled, SLUICE_ERRT("Error", "conversion stopped; run it again to resume"));
        return Status::ok();
    };
    auto onWriteError = [&](const Status &s) -> Status {
        if (s.code() == ErrorCode::Io && (s.message().find("No space left") != std::string::npos ||
                                          s.message().find("Disk quota") != std::string::npos))
            return spaceStatus(release, p, out, "disk full (" + s.message() + ")");
        return s;
    };

    // Each tensor's one consumer, counted when its file is committed (--reclaim).
    std::set<const SafetensorsTensor *> consumed;
    auto reclaim = [&]() -> Status {
        if (!o.reclaim)
            return Status::ok();
        return reclaimConsumed(release, source, work, consumed, ledger);
    };

    // The trunk first, kept across runs: its tensors are consumed early.
    if (fileSize(joinPath(out, "trunk.bin")) != p.trunkBytes) {
        if (o.needShards)
            SLUICE_TRY(o.needShards(trunkNeed(release, p)));
        progress.phase = "trunk";
        const TrunkPassFiles files{joinPath(work, "trunk.bin.tmp"), joinPath(work, "trunk.progress"),
                                   joinPath(out, "trunk.bin")};
        auto trunkProgress = [&](const TrunkProgress &t) {
            progress.trunkTensor = t.tensor;
            progress.trunkTensors = t.tensors;
            progress.trunkBytesDone = t.bytesDone;
            progress.trunkBytesTotal = t.bytesTotal;
            progress.trunkBytesResumed = t.bytesResumed;
            return report();
        };
        auto written = writeTrunk(release, p.trunk, files, {o.trunkBandBytes, o.trunkCheckpointBytes}, trunkProgress);
        if (!written)
            return written.status().code() == ErrorCode::Cancelled ? written.status() : onWriteError(written.status());
        result.trunkBytesResumed = written.value();
    } else {
        result.trunkReused = true;
    }
    SLUICE_TRY(writer.adoptTrunk(p.trunk));
    for (size_t i = 0; i < release.trunkTensors().size(); ++i)
        consumed.insert(&release.trunkSource(i));
    SLUICE_TRY(reclaim());
    auto consumeLayer = [&](int layer) {
        for (int e = 0; e < p.config.nExperts; ++e) {
            const ReleaseExpertTensors &t = release.expert(layer, e);
            for (int k = 0; k < 3; ++k) {
                consumed.insert(t.weight[k]);
                if (t.scale[k])
                    consumed.insert(t.scale[k]);
            }
        }
    };

    const size_t perKind = size_t(p.layout.stages) * size_t(p.layout.entries) * size_t(p.layout.vecDim);
    std::vector<float> m[3];
    std::vector<uint8_t> raw, record(size_t(p.layout.recordBytes));
    std::vector<uint8_t> indices[3];
    std::vector<uint16_t> scales[3];
    for (int layer : p.moeLayers) {
        progress.layer = layer;
        const ExpertLayout ll = layerLayout(p, layer);
        const std::string bankPath = joinPath(out, bankFileName(layer));

        auto complete = checkCommittedBank(bankPath, layer, p.config.nExperts, ll);
        if (!complete)
            return complete.status();
        if (o.needShards && !complete.value())
            SLUICE_TRY(o.needShards({"layer " + std::to_string(layer), layerShardFiles(release, p, layer), {}}));

        // Books: saved before the layer's first record, so a resumed layer
        // encodes with exactly the books it started with.
        std::vector<float> books;
        if (fileSize(booksPath(out, layer)) == booksFileBytes(p)) {
            auto loaded = loadBooks(booksPath(out, layer), p);
            if (!loaded)
                return loaded.status();
            books = std::move(loaded.value());
        } else {
            progress.phase = "codebooks";
            SLUICE_TRY(report());
            auto fitted = fitLayerBooks(release, p, layer, o, pool, isa);
            if (!fitted)
                return fitted.status();
            books = std::move(fitted.value());
            if (Status s = writeFileAtomic(booksPath(out, layer), encodeBooks(books)); !s.isOk())
                return onWriteError(s);
        }
        for (int k = 0; k < 3; ++k)
            SLUICE_TRY(writer.setCodebooks(layer, k, books.data() + size_t(k) * perKind));

        if (complete.value()) {
            SLUICE_TRY(writer.adoptBank(layer));
            consumeLayer(layer);
            SLUICE_TRY(reclaim());
            ++result.banksReused;
            ++progress.layersDone;
            progress.expertsDone += uint64_t(p.config.nExperts);
            continue;
        }
        auto bank = BankFile::openForResume(bankPath + ".tmp", layer, p.config.nExperts, ll);
        if (!bank)
            return onWriteError(bank.status());
        result.recordsResumed += uint64_t(bank.value()->validRecords());
        progress.expertsDone += uint64_t(bank.value()->validRecords());

        PreparedBook prepared[3][8];
        for (int k = 0; k < 3; ++k) {
            for (int s = 0; s < ll.stages; ++s)
                prepared[k][s] = prepareBook(writer.codebooks(layer, k) + size_t(s) * size_t(ll.entries) * size_t(ll.vecDim),
                                             ll.entries, ll.vecDim);
        }
        progress.phase = "experts";
        for (int e = bank.value()->validRecords(); e < p.config.nExperts; ++e) {
            SLUICE_TRY(report());
            const uint8_t *ip[3];
            const uint16_t *sp[3];
            for (int k = 0; k < 3; ++k) {
                SLUICE_TRY(decodeExpertMatrix(release, layer, e, k, ll.rows[k], ll.cols[k], m[k], raw));
                indices[k].assign(size_t(ll.indexBytes[k]), 0);
                scales[k].assign(ll.rows[k], 0);
                const float *w = m[k].data();
                uint8_t *idx = indices[k].data();
                uint16_t *sc = scales[k].data();
                const size_t cols = ll.cols[k];
                const PreparedBook *pb = prepared[k];
                pool.parallelFor(ll.rows[k], [&](size_t r0, size_t r1) {
                    encodeRows(w, cols, r0, r1, pb, ll.stages, ll.fmt, ll.indexBlock, idx, sc, isa);
                }, 64);
                ip[k] = indices[k].data();
                sp[k] = scales[k].data();
            }
            buildExpertRecord(ll, layer, e, ll.codebookBase, ip, sp, record.data());
            if (Status s = bank.value()->append(e, record.data()); !s.isOk())
                return onWriteError(s);
            ++result.recordsEncoded;
            ++progress.expertsDone;
            ++progress.expertsEncodedThisRun;
        }
        if (Status s = bank.value()->commit(bankPath); !s.isOk())
            return onWriteError(s);
        SLUICE_TRY(writer.adoptBank(layer));
        consumeLayer(layer);
        SLUICE_TRY(reclaim());
        ++progress.layersDone;
    }
    for (int k = 0; k < 3; ++k) {
        std::vector<float>().swap(m[k]);
        std::vector<uint8_t>().swap(indices[k]);
    }

    progress.phase = "finish";
    SLUICE_TRY(report());
    writer.setSpecials(release.specials());
    if (!release.tokenizerPath().empty()) {
        auto tok = readWholeFile(release.tokenizerPath(), 256u << 20);
        if (!tok)
            return tok.status();
        writer.setTokenizer(std::move(tok.value()));
    }
    std::string preprocessor;
    if (fileExists(joinPath(openDir, "preprocessor_config.json"))) {
        auto pre = readWholeFile(joinPath(openDir, "preprocessor_config.json"), 16u << 20);
        if (!pre)
            return pre.status();
        preprocessor = std::move(pre.value());
    }
    writer.setVisionJson(visionJsonFromRelease(p.configJson, preprocessor));
    if (Status s = writer.finish(); !s.isOk())
        return onWriteError(s);
    // The model's recommended sampling travels with it, byte for byte (read
    // at open, format/generationconfig.h). From `source`: a reclaim never
    // takes this file, and the shadow folder holds only what it needs.
    if (const std::string gen = joinPath(source, kGenerationConfigFile); fileExists(gen)) {
        auto bytes = readWholeFile(gen, 1u << 20);
        if (!bytes)
            return bytes.status();
        if (Status s = writeFileAtomically(joinPath(out, kGenerationConfigFile), bytes.value()); !s.isOk())
            return onWriteError(s);
    }
    removeWorkFiles(work, p.moeLayers);
    removeShadowSource(work);
    result.containerBytes = p.trunkBytes + bankBytes(p) * p.moeLayers.size();
    return result;
}

} // namespace sluice::convert
