#include "format/container.h"
#include "util/paths.h"

#include "util/regularfile.h"

#include "format/placement.h"
#include "format/release.h"
#include "format/trunkquant.h"
#include "util/bytes.h"
#include "util/half.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <set>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace sluice {

namespace {

bool fileSize(const std::string &path, uint64_t &size)
{
    struct stat st;
    if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode))
        return false;
    size = uint64_t(st.st_size);
    return true;
}

// True when something (of any kind) is at path.
bool exists(const std::string &path)
{
    struct stat st;
    return ::lstat(path.c_str(), &st) == 0;
}

// A file the container needs: its size, "MISSING" when absent, or what it
// is when it is not a regular file (a FIFO would block the open for ever).
Status requireFile(const std::string &path, const std::string &label, const Status &missing, uint64_t &size)
{
    const Status s = checkRegularFile(path, label);
    if (s.code() == ErrorCode::NotFound)
        return missing;
    SLUICE_TRY(s);
    if (!fileSize(path, size))
        return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: cannot stat"), label);
    return Status::ok();
}

Expected<std::vector<char>> readWholeFile(const std::string &path, const std::string &label, uint64_t maxBytes)
{
    uint64_t size = 0;
    auto fd = openRegularFile(path, label, 0, &size);
    if (!fd)
        return fd.status();
    if (size > maxBytes) {
        ::close(*fd);
        return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1: %2 bytes is over the %3-byte limit"), label, size,
                         maxBytes);
    }
    std::vector<char> data(static_cast<size_t>(size));
    const Status s = preadFully(*fd, data.data(), data.size(), 0, label);
    ::close(*fd);
    if (!s.isOk())
        return s;
    return data;
}

// The first element of a float-format payload that is inf or NaN, or -1.
// Integer-coded formats cannot hold one (their scales are checked apart).
int64_t firstNonFinite(const TensorInfo &info, const uint8_t *payload)
{
    const uint64_t n = info.elements();
    if (info.fmt == TensorFormat::F32) {
        for (uint64_t i = 0; i < n; ++i) {
            float v;
            std::memcpy(&v, payload + 4 * i, 4);
            if (!std::isfinite(v))
                return int64_t(i);
        }
    } else if (info.fmt == TensorFormat::F16) {
        // fp16 exponent 0x7c00, bf16 exponent 0x7f80: all ones = inf/NaN.
        const uint16_t mask = info.isBf16 ? 0x7f80 : 0x7c00;
        for (uint64_t i = 0; i < n; ++i) {
            const uint16_t v = loadLe16(payload + 2 * i);
            if ((v & mask) == mask)
                return int64_t(i);
        }
    }
    return -1;
}

} // namespace

Status preadFully(int fd, void *dst, uint64_t bytes, uint64_t offset, const std::string &what)
{
    auto *p = static_cast<uint8_t *>(dst);
    while (bytes > 0) {
        const size_t chunk = size_t(bytes > (1ull << 30) ? (1ull << 30) : bytes);
        const ssize_t n = ::pread(fd, p, chunk, off_t(offset));
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: read failed at offset %2 (%3)"), what, offset,
                             std::strerror(errno));
        }
        if (n == 0)
            return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: short read at offset %2 (%3 bytes missing)"), what,
                             offset, bytes);
        p += n;
        offset += uint64_t(n);
        bytes -= uint64_t(n);
    }
    return Status::ok();
}

Expected<std::unique_ptr<Container>> Container::open(const std::string &dir, const ContainerOptions &options)
{
    std::unique_ptr<Container> c(new Container());
    const Status s = c->load(dir, options);
    if (!s.isOk())
        return s.withContext(dir);
    return c;
}

Container::~Container()
{
    if (m_trunkFd >= 0)
        ::close(m_trunkFd);
}

Status Container::load(const std::string &dir, const ContainerOptions &options)
{
    SLUICE_TRY(checkModelFolder(dir));
    m_paths.dir = dir;
    m_paths.manifest = joinPath(dir, "manifest.json");
    m_paths.trunk = joinPath(dir, "trunk.bin");
    m_paths.codebooks = joinPath(dir, "codebooks.bin");
    uint64_t size = 0;
    const Status manifest =
        requireFile(m_paths.manifest, "manifest.json",
                    makeError(ErrorCode::NotFound, SLUICE_ERRT("Error", "manifest.json is missing (not a complete container)")),
                    size);
    // Without a manifest only the container's own files make this a broken
    // container; anything else is said in the terms of what the folder holds
    // (a release folder without its config.json was told "manifest.json is missing").
    if (manifest.code() == ErrorCode::NotFound && !exists(m_paths.trunk) && !exists(m_paths.codebooks)) {
        const Status release = ReleaseCheckpoint::checkFolder(dir);
        return release.isOk() ? manifest : release;
    }
    SLUICE_TRY(manifest);
    SLUICE_TRY(requireFile(m_paths.trunk, "trunk.bin", makeError(ErrorCode::NotFound, SLUICE_ERRT("Error", "%1 is missing"), "trunk.bin"),
                           m_trunkBytes));

    auto manifestBytes = readWholeFile(m_paths.manifest, "manifest.json", ManifestLimits::maxManifestBytes);
    if (!manifestBytes)
        return manifestBytes.status();
    auto parsed = parseManifest(manifestBytes->data(), manifestBytes->size(), m_trunkBytes);
    if (!parsed)
        return parsed.status();
    m_manifest = std::move(parsed.value());
    ModelConfig &config = m_manifest.config;
    // One rule for trunk.bin and the banks: a file holds exactly what the
    // manifest describes. A bank's size is its "bytes"; the trunk's is the
    // end of its last tensor (payload or scales), so trailing bytes are refused
    // like a bank's extra bytes are (WASTE's converter writes them back to back).
    {
        uint64_t described = 0;
        for (const TensorInfo &t : m_manifest.tensors) {
            described = std::max(described, t.offset + t.payloadBytes());
            if (t.isGrouped())
                described = std::max(described, t.scaleOffset + t.scaleBytes());
        }
        if (m_trunkBytes > described)
            return makeError(ErrorCode::Format,
                SLUICE_ERRT("Error", "trunk.bin: %1 bytes, but its tensors end at %2 (trailing bytes)"), m_trunkBytes,
                described);
    }
    for (size_t i = 0; i < m_manifest.tensors.size(); ++i)
        m_tensorIndex.emplace(m_manifest.tensors[i].name, i);
    SLUICE_TRY(loadPlacement(dir));

    for (auto [name, slot] : {std::pair{"tokenizer.model", &m_paths.tokenizer}, std::pair{"specials.json", &m_paths.specials},
                              std::pair{"vision.json", &m_paths.vision}, std::pair{"chat.json", &m_paths.chat}}) {
        // Anything at the name counts as present, so its reader says what is
        // wrong with it ("tokenizer.model: is a directory, ...") instead of
        // the part silently missing.
        const std::string path = joinPath(dir, name);
        if (exists(path))
            *slot = path;
    }
    const bool mediaPadFromConfig = config.mediaPadId >= 0;
    if (!m_paths.specials.empty()) {
        auto bytes = readWholeFile(m_paths.specials, "specials.json", 64u << 20);
        if (!bytes)
            return bytes.status();
        auto specials = parseSpecials(bytes->data(), bytes->size(), config.vocab);
        if (!specials)
            return specials.status();
        m_specials = std::move(specials.value());
    }
    applySpecials(config, m_specials, mediaPadFromConfig);

    if (!config.vision.present && config.vision.disabledReason.empty() && !m_paths.vision.empty() &&
        findTensor("vision_tower.patch_embed.proj.weight")) {
        // vision.json is optional: whatever is wrong with it turns images off
        // with the reason; the model still opens for text.
        auto bytes = readWholeFile(m_paths.vision, "vision.json", 1u << 20);
        VisionConfig vision;
        Status vs = bytes ? parseVisionJson(bytes->data(), bytes->size(), vision) : bytes.status();
        if (vs.isOk()) {
            config.vision = vision;
            config.vision.present = true;
            SLUICE_TRY(validateShapesOrDisableVision(config, m_manifest.tensors, m_manifest.tensorPrefix, "vision.json"));
        } else {
            config.vision.disabledReason = vs.message();
        }
    }

    auto trunkFd = openRegularFile(m_paths.trunk, "trunk.bin");
    if (!trunkFd)
        return trunkFd.status();
    m_trunkFd = *trunkFd;

    if (config.moeLayerCount() > 0)
        SLUICE_TRY(loadCodebooks());

    m_layouts.assign(size_t(config.nLayers), makeExpertLayout(config, 0, m_nBooks));
    for (int layer = config.firstKDense; layer < config.nLayers; ++layer) {
        const ExpertLayerInfo &bank = m_manifest.expertLayers[size_t(layer)];
        ExpertLayout layout = makeExpertLayout(config, bank.recordBytes, m_nBooks);
        layout.codebookBase = bank.codebookBase; // every record's codebook_id must agree
        const auto placed = m_placedBanks.find(bank.file);
        const std::string label = bank.file + " (layer " + std::to_string(layer) +
                                  (placed == m_placedBanks.end()
                                       ? std::string()
                                       : ", in " + placed->second + " per " + kPlacementFileName) +
                                  ")";
        // A bank that sluice-placement.json puts in another folder names that folder first.
        const auto inPlacedFolder = [&](Status error) {
            return placed == m_placedBanks.end()
                       ? error
                       : error.withContext(SLUICE_ERRT("Error", "%1 (placed by %2)"), placed->second, kPlacementFileName);
        };
        if (bank.recordBytes < layout.minimumRecordBytes())
            return makeError(ErrorCode::Format,
                SLUICE_ERRT("Error", "%1: record size %2 is smaller than the %3 bytes the expert matrices need"), label,
                bank.recordBytes, layout.minimumRecordBytes());
        if (int64_t(bank.codebookBase) + layout.booksPerLayer() > m_nBooks)
            return makeError(ErrorCode::Format,
                SLUICE_ERRT("Error", "%1: codebook_base %2 needs books beyond the %3 in codebooks.bin"), label,
                bank.codebookBase, m_nBooks);
        if (options.checkBanks) {
            uint64_t actual = 0;
            const Status missing = inPlacedFolder(makeError(
                ErrorCode::NotFound, SLUICE_ERRT("Error", "%1 (layer %2): bank file is missing"), bank.file, layer));
            SLUICE_TRY(requireFile(m_bankPaths[size_t(layer)], label, missing, actual));
            if (actual % kRecordAlign != 0)
                return inPlacedFolder(makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1 (layer %2): file size %3 is not a multiple of 4096"),
                                 bank.file, layer, actual));
            if (actual < bank.bytes)
                return inPlacedFolder(makeError(ErrorCode::Format,
                                 SLUICE_ERRT("Error", "%1 (layer %2): truncated bank (%3 bytes, manifest says %4)"),
                                 bank.file, layer, actual, bank.bytes));
            if (actual > bank.bytes)
                return inPlacedFolder(makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1 (layer %2): bank is %3 bytes, manifest says %4"),
                                 bank.file, layer, actual, bank.bytes));
        }
        m_layouts[size_t(layer)] = layout;
    }

    // Container size: every regular file in the directory.
    m_containerBytes = 0;
    if (DIR *d = ::opendir(dir.c_str())) {
        while (dirent *e = ::readdir(d)) {
            if (fileSize(joinPath(dir, e->d_name), size))
                m_containerBytes += size;
        }
        ::closedir(d);
    }
    for (const auto &[file, folder] : m_placedBanks) {
        if (fileSize(joinPath(folder, file), size))
            m_containerBytes += size;
    }
    return Status::ok();
}

Status Container::loadPlacement(const std::string &dir)
{
    std::set<std::string> names;
    for (const ExpertLayerInfo &bank : m_manifest.expertLayers) {
        if (bank.layer >= 0)
            names.insert(bank.file);
    }
    auto placement = readPlacement(dir, names);
    if (!placement)
        return placement.status();
    m_placedBanks = std::move(placement->folderOf);
    m_bankPaths.assign(m_manifest.expertLayers.size(), std::string());
    for (size_t layer = 0; layer < m_manifest.expertLayers.size(); ++layer) {
        const ExpertLayerInfo &bank = m_manifest.expertLayers[layer];
        if (bank.layer < 0)
            continue;
        const auto placed = m_placedBanks.find(bank.file);
        m_bankPaths[layer] = joinPath(placed == m_placedBanks.end() ? dir : placed->second, bank.file);
    }
    return Status::ok();
}

Status Container::loadCodebooks()
{
    const ExpertQuantConfig &q = m_manifest.config.expertQuant;
    const uint64_t recBytes = 16 + uint64_t(q.entries) * uint64_t(q.vecDim) * 2;
    uint64_t size = 0;
    SLUICE_TRY(requireFile(m_paths.codebooks, "codebooks.bin",
                           makeError(ErrorCode::NotFound, SLUICE_ERRT("Error", "%1 is missing"), "codebooks.bin"), size));
    if (size % recBytes != 0)
        return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1: size %2 is not a multiple of the %3-byte record"),
                         "codebooks.bin", size, recBytes);
    if (size / recBytes > 65536 + 64)
        return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1: too many books"), "codebooks.bin");
    m_nBooks = int(size / recBytes);
    auto bytes = readWholeFile(m_paths.codebooks, "codebooks.bin", size);
    if (!bytes)
        return bytes.status();
    const size_t perBook = size_t(q.entries) * size_t(q.vecDim);
    m_books.assign(size_t(m_nBooks) * perBook, 0.0f);
    // Books a layer uses must be well-formed; holes between them may be zero.
    std::vector<bool> used(size_t(m_nBooks), false);
    for (const ExpertLayerInfo &bank : m_manifest.expertLayers) {
        if (bank.layer < 0)
            continue;
        for (int b = 0; b < 3 * q.stages; ++b) {
            if (bank.codebookBase + b < m_nBooks)
                used[size_t(bank.codebookBase + b)] = true;
        }
    }
    for (int book = 0; book < m_nBooks; ++book) {
        const auto *rec = reinterpret_cast<const uint8_t *>(bytes->data()) + uint64_t(book) * recBytes;
        if (!used[size_t(book)])
            continue;
        const std::string where = "codebooks.bin: book " + std::to_string(book) + ": ";
        if (loadLe32(rec) != kCodebookMagic)
            return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1bad magic (expected \"WCBK\")"), where);
        if (loadLe16(rec + 4) != book)
            return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1header says id %2"), where, loadLe16(rec + 4));
        if (loadLe32(rec + 12) != 0)
            return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1reserved field is %2 (must be 0)"), where,
                loadLe32(rec + 12));
        if (rec[7] != q.vecDim || loadLe32(rec + 8) != uint32_t(q.entries))
            return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1%2 entries of dim %3, manifest says %4 of %5"),
                where, loadLe32(rec + 8), rec[7], q.entries, q.vecDim);
        float *dst = m_books.data() + size_t(book) * perBook;
        for (size_t i = 0; i < perBook; ++i) {
            dst[i] = halfToFloat(loadLe16(rec + 16 + 2 * i)); // exact, subnormals included
            if (!std::isfinite(dst[i]))
                return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1non-finite value at entry %2, dim %3"),
                    where, i / size_t(q.vecDim), i % size_t(q.vecDim));
        }
    }
    return Status::ok();
}

const TensorInfo *Container::findTensor(const std::string &name) const
{
    auto it = m_tensorIndex.find(m_manifest.tensorPrefix + name);
    if (it == m_tensorIndex.end())
        it = m_tensorIndex.find(name);
    return it == m_tensorIndex.end() ? nullptr : &m_manifest.tensors[it->second];
}

Status Container::readTensorBytes(const TensorInfo &info, std::vector<uint8_t> &payload, std::vector<uint16_t> &scales) const
{
    payload.resize(size_t(info.payloadBytes()));
    SLUICE_TRY(preadFully(m_trunkFd, payload.data(), payload.size(), info.offset, "trunk.bin '" + info.name + "'"));
    scales.clear();
    if (info.isGrouped()) {
        scales.resize(size_t(info.rows * info.groups()));
        // Read in place, then byte-swap in place where the host is not
        // little-endian: a second buffer was a transient the size of the
        // scales (73 MB for K3's lm_head) outside the ledger (issue 15).
        auto *raw = reinterpret_cast<uint8_t *>(scales.data());
        SLUICE_TRY(preadFully(m_trunkFd, raw, scales.size() * 2, info.scaleOffset, "trunk.bin '" + info.name + "' scales"));
        for (size_t i = 0; i < scales.size(); ++i) {
            scales[i] = loadLe16(raw + 2 * i); // reads element i's own two bytes before writing them
            if ((scales[i] & 0x7c00) == 0x7c00) // fp16 inf or NaN
                return makeError(ErrorCode::Format,
                    SLUICE_ERRT("Error", "trunk.bin '%1': non-finite scale at row %2, group %3"), info.name,
                    i / info.groups(), i % info.groups());
        }
    }
    // Non-finite weights would turn every logit into NaN (and `run` once
    // emitted token 0 for them): refused at load, naming the tensor.
    if (const int64_t at = firstNonFinite(info, payload.data()); at >= 0)
        return makeError(
            ErrorCode::Format, SLUICE_ERRT("Error", "trunk.bin '%1': non-finite value at element %2"), info.name, at);
    return Status::ok();
}

TrunkMatrixView Container::matrixView(const TensorInfo &info, const std::vector<uint8_t> &payload,
                                      const std::vector<uint16_t> &scales)
{
    TrunkMatrixView v;
    v.fmt = info.fmt;
    v.isBf16 = info.isBf16;
    v.data = payload.data();
    v.scales = info.isGrouped() ? scales.data() : nullptr;
    v.rows = size_t(info.rows);
    v.cols = size_t(info.cols);
    v.rowBytes = size_t(info.rowBytes());
    return v;
}

Expected<std::vector<float>> Container::dequantizeTensor(const TensorInfo &info) const
{
    std::vector<uint8_t> payload;
    std::vector<uint16_t> scales;
    SLUICE_TRY(readTensorBytes(info, payload, scales));
    std::vector<float> out(size_t(info.elements()));
    const uint64_t rowBytes = info.rowBytes(), groups = info.groups();
    for (uint64_t r = 0; r < info.rows; ++r)
        dequantizeTrunkRow(info.fmt, info.isBf16, payload.data() + r * rowBytes,
                           info.isGrouped() ? scales.data() + r * groups : nullptr, size_t(info.cols),
                           out.data() + r * info.cols);
    return out;
}

Status Container::readEmbeddingRow(int token, float *out) const
{
    const TensorInfo *info = findTensor("model.embed_tokens.weight");
    if (!info)
        return makeError(ErrorCode::NotFound, SLUICE_ERRT("Error", "model.embed_tokens.weight is missing"));
    if (token < 0 || uint64_t(token) >= info->rows)
        return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "token id %1 is outside the vocabulary (%2)"),
            token, info->rows);
    const uint64_t rowBytes = info->rowBytes();
    std::vector<uint8_t> row(static_cast<size_t>(rowBytes));
    SLUICE_TRY(preadFully(m_trunkFd, row.data(), rowBytes, info->offset + uint64_t(token) * rowBytes, "embedding row"));
    std::vector<uint16_t> scales;
    if (info->isGrouped()) {
        const uint64_t groups = info->groups();
        std::vector<uint8_t> raw(size_t(groups * 2));
        SLUICE_TRY(preadFully(m_trunkFd, raw.data(), raw.size(), info->scaleOffset + uint64_t(token) * groups * 2,
                              "embedding row scales"));
        scales.resize(size_t(groups));
        for (size_t g = 0; g < scales.size(); ++g)
            scales[g] = loadLe16(raw.data() + 2 * g);
    }
    dequantizeTrunkRow(info->fmt, info->isBf16, row.data(), scales.data(), size_t(info->cols), out);
    // The embedding stays on disk, so its rows are checked as they are read.
    for (uint64_t c = 0; c < info->cols; ++c) {
        if (!std::isfinite(out[c]))
            return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "trunk.bin '%1': non-finite value in row %2"),
                info->name, token);
    }
    return Status::ok();
}

ExpertBank Container::expertLayer(int layer) const
{
    ExpertBank bank;
    if (layer < 0 || layer >= m_manifest.config.nLayers)
        return bank;
    const ExpertLayerInfo &info = m_manifest.expertLayers[size_t(layer)];
    if (info.layer < 0)
        return bank;
    bank.path = m_bankPaths[size_t(layer)];
    bank.experts = info.experts;
    bank.recordBytes = info.recordBytes;
    bank.codebookBase = info.codebookBase;
    return bank;
}

const ExpertLayout &Container::expertLayout(int layer) const
{
    static const ExpertLayout empty;
    if (layer < 0 || size_t(layer) >= m_layouts.size())
        return empty;
    return m_layouts[size_t(layer)];
}

VqCodebooksView Container::codebooksById(int codebookId) const
{
    const ExpertQuantConfig &q = m_manifest.config.expertQuant;
    VqCodebooksView v;
    v.stages = q.stages;
    v.entries = q.entries;
    v.vecDim = q.vecDim;
    if (codebookId < 0 || codebookId + q.stages > m_nBooks)
        return v; // books == nullptr
    v.books = m_books.data() + size_t(codebookId) * size_t(q.entries) * size_t(q.vecDim);
    return v;
}

VqCodebooksView Container::codebooks(int layer, int kind) const
{
    const ExpertBank bank = expertLayer(layer);
    if (bank.experts == 0 || kind < 0 || kind > 2)
        return codebooksById(-1);
    return codebooksById(bank.codebookBase + kind * m_manifest.config.expertQuant.stages);
}

Status Container::readExpertRecord(int layer, int expert, std::vector<uint8_t> &record, bool verifyCrc) const
{
    const ExpertBank bank = expertLayer(layer);
    if (bank.experts == 0)
        return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "layer %1 has no expert bank"), layer);
    if (expert < 0 || expert >= bank.experts)
        return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "layer %1: no expert %2"), layer, expert);
    auto opened = openRegularFile(bank.path);
    if (!opened)
        return opened.status();
    const int fd = *opened;
    record.resize(size_t(bank.recordBytes));
    const Status read = preadFully(fd, record.data(), bank.recordBytes, uint64_t(expert) * bank.recordBytes,
                                   "layer " + std::to_string(layer) + ", expert " + std::to_string(expert));
    ::close(fd);
    SLUICE_TRY(read);
    const ExpertLayout &layout = expertLayout(layer);
    SLUICE_TRY(validateRecordHeader(record.data(), record.size(), layer, expert, layout));
    if (verifyCrc)
        SLUICE_TRY(verifyRecordCrc(record.data(), record.size(), layer, expert, layout));
    return Status::ok();
}

int64_t Container::parameterCount() const
{
    int64_t total = 0;
    for (const TensorInfo &t : m_manifest.tensors)
        total += int64_t(t.elements());
    const ModelConfig &c = m_manifest.config;
    total += int64_t(c.moeLayerCount()) * c.nExperts * 3 * int64_t(c.moeIntermediate) * c.expertInputDim();
    return total;
}

} // namespace sluice
