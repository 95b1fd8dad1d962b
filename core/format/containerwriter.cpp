#include "format/containerwriter.h"
#include "format/placement.h"
#include "util/paths.h"

#include "format/trunkquant.h"
#include "format/vqfit.h"
#include "util/bytes.h"
#include "util/half.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace sluice {

namespace {

// ioError(SLUICE_ERRT("Error", "%1: write failed (%2)"), path): the system's
// reason for errno is the template's last argument.
template<typename... Args> Status ioError(ErrorTemplate tmpl, const Args &...args)
{
    const std::string why = std::strerror(errno);
    return makeError(ErrorCode::Io, tmpl, args..., why);
}

Status syncAndClose(std::FILE *f, const std::string &what)
{
    bool ok = std::fflush(f) == 0;
    ok = ::fsync(::fileno(f)) == 0 && ok;
    ok = std::fclose(f) == 0 && ok;
    return ok ? Status::ok() : ioError(SLUICE_ERRT("Error", "%1: write failed (%2)"), what);
}

Status renameInto(const std::string &dir, const std::string &name)
{
    const std::string tmp = joinPath(dir, name + ".tmp");
    if (::rename(tmp.c_str(), joinPath(dir, name).c_str()) != 0)
        return ioError(SLUICE_ERRT("Error", "%1: rename failed (%2)"), name);
    return Status::ok();
}

void syncDirectory(const std::string &dir)
{
    const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        ::fsync(fd);
        ::close(fd);
    }
}

} // namespace

std::string bankFileName(int layer) { return "experts-L" + std::to_string(layer) + ".bin"; }

Expected<std::unique_ptr<ContainerWriter>> ContainerWriter::create(const std::string &dir, const ModelConfig &config,
                                                                   const std::string &configJson,
                                                                   const WriterOptions &options)
{
    std::unique_ptr<ContainerWriter> w(new ContainerWriter());
    if (::mkdir(dir.c_str(), 0755) != 0 && errno != EEXIST)
        return ioError(SLUICE_ERRT("Error", "%1: cannot create directory (%2)"), dir);
    // An old manifest would make a half-written directory look complete.
    if (::unlink(joinPath(dir, "manifest.json").c_str()) != 0 && errno != ENOENT)
        return ioError(SLUICE_ERRT("Error", "%1/manifest.json: cannot remove the old manifest (%2)"), dir);
    // An old placement (format/placement.h) would send reads of the new
    // banks to the old ones in other folders: new banks are all written here.
    if (::unlink(joinPath(dir, kPlacementFileName).c_str()) != 0 && errno != ENOENT)
        return ioError(SLUICE_ERRT("Error", "%1/%2: cannot remove the old placement (%3)"), dir, kPlacementFileName);
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(configJson));
    if (!doc.isObject())
        return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "writer: configJson is not a JSON object"));
    w->m_dir = dir;
    w->m_config = config;
    w->m_configJson = configJson;
    w->m_options = options;
    w->m_layout = makeExpertLayout(config, options.recordBytes, 0);
    if (options.recordBytes && (options.recordBytes % kRecordAlign != 0 ||
                                options.recordBytes < w->m_layout.minimumRecordBytes()))
        return makeError(ErrorCode::InvalidArgument,
            SLUICE_ERRT("Error", "writer: record size %1 must be a 4096 multiple of at least %2"), options.recordBytes,
            w->m_layout.minimumRecordBytes());
    if (w->m_layout.recordBytes / kRecordAlign > 0xffffffffull)
        return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "writer: record too large"));
    const int books = w->m_layout.booksPerLayer();
    int next = 0;
    w->m_codebookBase.assign(size_t(config.nLayers), -1);
    for (int layer = config.firstKDense; layer < config.nLayers; ++layer) {
        w->m_codebookBase[size_t(layer)] = next;
        next += books;
    }
    w->m_layout.nBooks = next;
    const size_t perBook = size_t(w->m_layout.entries) * size_t(w->m_layout.vecDim);
    w->m_books.assign(size_t(next) * perBook, 0.0f);
    w->m_booksSet.assign(size_t(next), false);
    w->m_layerDone.assign(size_t(config.nLayers), false);
    w->m_trunk = std::fopen(joinPath(dir, "trunk.bin.tmp").c_str(), "wb");
    if (!w->m_trunk)
        return ioError(SLUICE_ERRT("Error", "%1/trunk.bin.tmp: cannot create (%2)"), dir);
    return w;
}

ContainerWriter::~ContainerWriter()
{
    if (m_trunk) {
        std::fclose(m_trunk);
        ::unlink(joinPath(m_dir, "trunk.bin.tmp").c_str());
    }
    if (m_bank) {
        std::fclose(m_bank);
        ::unlink(joinPath(m_dir, bankFileName(m_bankLayer) + ".tmp").c_str());
    }
}

TensorFormat ContainerWriter::chooseFormat(const std::string &name, const std::vector<int64_t> &shape) const
{
    uint64_t elements = 1;
    for (int64_t d : shape)
        elements *= uint64_t(d);
    // The converter's rule with a configurable threshold: a tiny model has
    // no 65536-element matrices, but its trunk should still be quantised.
    const uint64_t scaled = elements >= m_options.minQuantElements ? std::max<uint64_t>(elements, 65536) : 0;
    return defaultTrunkFormat(name.c_str(), shape.size(), scaled, m_options.trunkBits);
}

Status ContainerWriter::addTensor(const std::string &name, const std::vector<int64_t> &shape, const float *data)
{
    return addTensor(name, shape, data, chooseFormat(name, shape));
}

Status ContainerWriter::addTensor(const std::string &name, const std::vector<int64_t> &shape, const float *data,
                                  TensorFormat fmt, bool bf16)
{
    if (!m_trunk)
        return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "writer: already finished"));
    if (shape.empty())
        return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "writer: '%1' has no shape"), name);
    TensorInfo t;
    t.name = name;
    t.fmt = fmt;
    t.isBf16 = bf16 && fmt == TensorFormat::F16;
    t.shape = shape;
    t.rows = 1;
    for (size_t i = 0; i + 1 < shape.size(); ++i)
        t.rows *= uint64_t(shape[i]);
    t.cols = uint64_t(shape.back());
    const uint64_t rowBytes = t.rowBytes(), groups = t.groups();
    std::vector<uint8_t> payload(size_t(t.payloadBytes()));
    std::vector<uint16_t> scales(t.isGrouped() ? size_t(t.rows * groups) : 0);
    for (uint64_t r = 0; r < t.rows; ++r)
        quantizeTrunkRow(fmt, t.isBf16, data + r * t.cols, size_t(t.cols), payload.data() + r * rowBytes,
                         t.isGrouped() ? scales.data() + r * groups : nullptr);
    t.offset = m_trunkBytes;
    if (std::fwrite(payload.data(), 1, payload.size(), m_trunk) != payload.size())
        return ioError(SLUICE_ERRT("Error", "trunk.bin: write failed (%1)"));
    m_trunkBytes += payload.size();
    if (t.isGrouped()) {
        t.scaleOffset = m_trunkBytes;
        std::vector<uint8_t> raw(scales.size() * 2);
        for (size_t i = 0; i < scales.size(); ++i)
            storeLe16(raw.data() + 2 * i, scales[i]);
        if (std::fwrite(raw.data(), 1, raw.size(), m_trunk) != raw.size())
            return ioError(SLUICE_ERRT("Error", "trunk.bin: write failed (%1)"));
        m_trunkBytes += raw.size();
    }
    t.bytes = t.payloadBytes() + t.scaleBytes();
    m_tensors.push_back(std::move(t));
    return Status::ok();
}

int ContainerWriter::codebookBase(int layer) const
{
    return layer >= 0 && size_t(layer) < m_codebookBase.size() ? m_codebookBase[size_t(layer)] : -1;
}

Status ContainerWriter::setCodebooks(int layer, int kind, const float *books)
{
    const int base = codebookBase(layer);
    if (base < 0 || kind < 0 || kind > 2)
        return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "writer: layer %1 has no codebooks"), layer);
    const size_t perBook = size_t(m_layout.entries) * size_t(m_layout.vecDim);
    const int first = base + kind * m_layout.stages;
    float *dst = m_books.data() + size_t(first) * perBook;
    for (size_t i = 0; i < perBook * size_t(m_layout.stages); ++i)
        dst[i] = halfToFloat(floatToHalf(books[i]));
    for (int s = 0; s < m_layout.stages; ++s)
        m_booksSet[size_t(first + s)] = true;
    return Status::ok();
}

const float *ContainerWriter::codebooks(int layer, int kind) const
{
    const int base = codebookBase(layer);
    if (base < 0 || kind < 0 || kind > 2)
        return nullptr;
    return m_books.data() + size_t(base + kind * m_layout.stages) * size_t(m_layout.entries) * size_t(m_layout.vecDim);
}

// Closes the open bank; refuses a dense layer or one already written.
Status ContainerWriter::startBank(int layer)
{
    if (m_bank)
        SLUICE_TRY(closeBank());
    if (codebookBase(layer) < 0)
        return makeError(
            ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "writer: layer %1 is not a MoE layer"), layer);
    if (m_layerDone[size_t(layer)])
        return makeError(
            ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "writer: layer %1 was already written"), layer);
    return Status::ok();
}

Status ContainerWriter::openBank(int layer)
{
    SLUICE_TRY(startBank(layer));
    const std::string path = joinPath(m_dir, bankFileName(layer) + ".tmp");
    m_bank = std::fopen(path.c_str(), "wb");
    if (!m_bank)
        return ioError(SLUICE_ERRT("Error", "%1: cannot create (%2)"), path);
    m_bankLayer = layer;
    m_nextExpert = 0;
    return Status::ok();
}

Status ContainerWriter::closeBank()
{
    std::FILE *f = m_bank;
    m_bank = nullptr;
    const std::string name = bankFileName(m_bankLayer);
    if (m_nextExpert != m_config.nExperts) {
        std::fclose(f);
        ::unlink(joinPath(m_dir, name + ".tmp").c_str());
        return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "writer: layer %1 got %2 of %3 experts"),
            m_bankLayer, m_nextExpert, m_config.nExperts);
    }
    SLUICE_TRY(syncAndClose(f, name));
    SLUICE_TRY(renameInto(m_dir, name));
    m_layerDone[size_t(m_bankLayer)] = true;
    return Status::ok();
}

Status ContainerWriter::writeExpert(int layer, int expert, const float *gate, const float *up, const float *down)
{
    const float *src[3] = {gate, up, down};
    std::vector<uint8_t> indices[3];
    std::vector<uint16_t> scales[3];
    const uint8_t *ip[3];
    const uint16_t *sp[3];
    const VqShape shape{m_layout.stages, m_layout.entries, m_layout.vecDim};
    for (int k = 0; k < 3; ++k) {
        const float *books = codebooks(layer, k);
        if (!books)
            return makeError(
                ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "writer: layer %1 has no codebooks"), layer);
        indices[k].resize(size_t(m_layout.indexBytes[k]));
        scales[k].resize(m_layout.rows[k]);
        encodeVqMatrix(src[k], m_layout.rows[k], m_layout.cols[k], books, shape, m_layout.fmt, m_layout.indexBlock,
                       indices[k].data(), scales[k].data());
        ip[k] = indices[k].data();
        sp[k] = scales[k].data();
    }
    return writeExpertEncoded(layer, expert, ip, sp);
}

Status ContainerWriter::writeExpertEncoded(int layer, int expert, const uint8_t *const indices[3],
                                           const uint16_t *const scales[3])
{
    if (m_bankLayer != layer || !m_bank) {
        if (expert != 0)
            return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "writer: experts must start at 0"));
        SLUICE_TRY(openBank(layer));
    }
    if (expert != m_nextExpert)
        return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "writer: layer %1: expert %2 out of order"),
            layer, expert);
    m_record.assign(size_t(m_layout.recordBytes), 0);
    buildExpertRecord(m_layout, layer, expert, codebookBase(layer), indices, scales, m_record.data());
    if (std::fwrite(m_record.data(), 1, m_record.size(), m_bank) != m_record.size())
        return ioError(SLUICE_ERRT("Error", "%1: write failed (%2)"), bankFileName(layer));
    ++m_nextExpert;
    if (m_nextExpert == m_config.nExperts)
        SLUICE_TRY(closeBank());
    return Status::ok();
}

void buildExpertRecord(const ExpertLayout &l, int layer, int expert, int codebookId, const uint8_t *const indices[3],
                       const uint16_t *const scales[3], uint8_t *record)
{
    std::memset(record, 0, size_t(l.recordBytes));
    ExpertRecordHeader h;
    h.magic = kExpertMagic;
    h.layer = uint16_t(layer);
    h.expertId = uint16_t(expert);
    h.fmt = l.fmt == TensorFormat::VQ4P ? 8 : 4; // the converter writes 4 for 8-bit indices
    h.codebookId = uint16_t(codebookId);
    h.rec4kBlocks = uint32_t(l.recordBytes / kRecordAlign);
    uint64_t at = kRecordHeaderBytes;
    uint32_t *offsets[3] = {&h.gateOff, &h.upOff, &h.downOff};
    for (int k = 0; k < 3; ++k) {
        *offsets[k] = uint32_t(at);
        std::memcpy(record + at, indices[k], size_t(l.indexBytes[k]));
        at += l.indexBytes[k];
    }
    h.chanCorrOff = uint32_t(at);
    for (int k = 0; k < 3; ++k) {
        for (uint32_t r = 0; r < l.rows[k]; ++r, at += 2)
            storeLe16(record + at, scales[k][r]);
    }
    h.crc32 = computeRecordCrc(record, l, h.chanCorrOff);
    encodeRecordHeader(h, record);
}

Status ContainerWriter::adoptBank(int layer)
{
    SLUICE_TRY(startBank(layer));
    m_layerDone[size_t(layer)] = true;
    return Status::ok();
}

Status ContainerWriter::adoptTrunk(std::vector<TensorInfo> tensors)
{
    if (!m_trunk || m_trunkBytes != 0)
        return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "writer: the trunk was already started"));
    std::fclose(m_trunk);
    m_trunk = nullptr;
    ::unlink(joinPath(m_dir, "trunk.bin.tmp").c_str());
    m_tensors = std::move(tensors);
    m_trunkAdopted = true;
    return Status::ok();
}

Status ContainerWriter::writeFileAtomically(const std::string &name, const std::string &bytes)
{
    const std::string tmp = joinPath(m_dir, name + ".tmp");
    std::FILE *f = std::fopen(tmp.c_str(), "wb");
    if (!f)
        return ioError(SLUICE_ERRT("Error", "%1: cannot create (%2)"), tmp);
    if (std::fwrite(bytes.data(), 1, bytes.size(), f) != bytes.size()) {
        std::fclose(f);
        return ioError(SLUICE_ERRT("Error", "%1: write failed (%2)"), tmp);
    }
    SLUICE_TRY(syncAndClose(f, name));
    return renameInto(m_dir, name);
}

Status ContainerWriter::finish()
{
    if (m_finished || (!m_trunk && !m_trunkAdopted))
        return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "writer: already finished"));
    if (m_bank)
        SLUICE_TRY(closeBank());
    for (int layer = m_config.firstKDense; layer < m_config.nLayers; ++layer) {
        if (!m_layerDone[size_t(layer)])
            return makeError(
                ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "writer: layer %1 has no experts"), layer);
    }
    if (!m_trunkAdopted) {
        std::FILE *trunk = m_trunk;
        m_trunk = nullptr;
        SLUICE_TRY(syncAndClose(trunk, "trunk.bin"));
        SLUICE_TRY(renameInto(m_dir, "trunk.bin"));
    }

    // codebooks.bin: 16-byte header + fp16 entries per book (spec 4.4).
    const size_t perBook = size_t(m_layout.entries) * size_t(m_layout.vecDim);
    std::string books(size_t(m_layout.nBooks) * (16 + perBook * 2), '\0');
    for (int b = 0; b < m_layout.nBooks; ++b) {
        auto *rec = reinterpret_cast<uint8_t *>(books.data()) + size_t(b) * (16 + perBook * 2);
        storeLe32(rec, kCodebookMagic);
        storeLe16(rec + 4, uint16_t(b));
        rec[6] = 4;
        rec[7] = uint8_t(m_layout.vecDim);
        storeLe32(rec + 8, uint32_t(m_layout.entries));
        const float *src = m_books.data() + size_t(b) * perBook;
        for (size_t i = 0; i < perBook; ++i)
            storeLe16(rec + 16 + 2 * i, floatToHalf(src[i]));
    }
    if (m_layout.nBooks > 0)
        SLUICE_TRY(writeFileAtomically("codebooks.bin", books));

    if (!m_specials.empty()) {
        QJsonArray array;
        for (const SpecialToken &s : m_specials)
            array.append(QJsonObject{{"id", s.id}, {"text", QString::fromStdString(s.text)}});
        SLUICE_TRY(writeFileAtomically("specials.json", QJsonDocument(array).toJson().toStdString()));
    }
    if (!m_tokenizer.empty())
        SLUICE_TRY(writeFileAtomically("tokenizer.model", m_tokenizer));
    if (!m_visionJson.empty())
        SLUICE_TRY(writeFileAtomically("vision.json", m_visionJson));
    if (!m_chatJson.empty())
        SLUICE_TRY(writeFileAtomically("chat.json", m_chatJson));

    // The manifest last: its rename is the commit point.
    QJsonObject manifest;
    manifest["format_version"] = 0;
    manifest["arch"] = QString::fromStdString(m_options.arch);
    manifest["tensor_prefix"] = QString::fromStdString(m_config.tensorPrefix);
    manifest["config"] = QJsonDocument::fromJson(QByteArray::fromStdString(m_configJson)).object();
    if (m_options.sluiceDemo)
        manifest["sluice_demo"] = true;
    if (m_options.sluiceDemo && !m_options.sluiceDemoWeights.empty())
        manifest["sluice_demo_weights"] = QString::fromStdString(m_options.sluiceDemoWeights);
    const ExpertQuantConfig &q = m_config.expertQuant;
    QJsonObject eq{{"fmt", QString::fromStdString(q.fmtName)}, {"stages", q.stages},      {"vec_dim", q.vecDim},
                   {"entries", q.entries},                     {"index_block", q.indexBlock}, {"index_bits", q.indexBits},
                   {"bits_per_weight", double(q.stages * q.indexBits) / double(q.vecDim)}};
    manifest["expert_quant"] = eq;
    QJsonObject layers;
    for (int layer = m_config.firstKDense; layer < m_config.nLayers; ++layer) {
        layers[QString::number(layer)] =
            QJsonObject{{"file", QString::fromStdString(bankFileName(layer))},
                        {"experts", m_config.nExperts},
                        {"bytes", qint64(m_layout.recordBytes * uint64_t(m_config.nExperts))},
                        {"codebook_base", codebookBase(layer)}};
    }
    manifest["layers"] = layers;
    QJsonArray trunkList;
    for (const TensorInfo &t : m_tensors) {
        QJsonArray shape;
        for (int64_t d : t.shape)
            shape.append(qint64(d));
        QJsonObject o{{"name", QString::fromStdString(t.name)}, {"fmt", int(t.fmt)}, {"off", qint64(t.offset)},
                      {"shape", shape}, {"bytes", qint64(t.bytes)}};
        if (t.isGrouped()) {
            o["group"] = kTrunkGroup;
            o["scale_off"] = qint64(t.scaleOffset);
        }
        if (t.isBf16)
            o["dtype"] = "bf16";
        trunkList.append(o);
    }
    manifest["trunk"] = trunkList;
    SLUICE_TRY(writeFileAtomically("manifest.json", QJsonDocument(manifest).toJson(QJsonDocument::Indented).toStdString()));
    syncDirectory(m_dir);
    m_finished = true;
    return Status::ok();
}

} // namespace sluice
