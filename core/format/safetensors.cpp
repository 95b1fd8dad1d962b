#include "format/safetensors.h"
#include "format/formaterror.h"
#include "util/paths.h"

#include "format/container.h" // preadFully

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <fcntl.h>
#include <set>
#include <sys/stat.h>
#include <unistd.h>

namespace sluice {

namespace {


// JSON numbers are doubles: an offset is only trusted while it is an exact
// integer (below 2^53, i.e. shards up to 8 PiB).
bool toU64(const QJsonValue &v, uint64_t &out)
{
    if (!v.isDouble())
        return false;
    const double d = v.toDouble();
    if (!std::isfinite(d) || d < 0 || d != std::floor(d) || d > 9007199254740992.0)
        return false;
    out = uint64_t(d);
    return true;
}

Expected<SafetensorsDtype> parseDtype(const QString &text, const std::string &where)
{
    if (text == QLatin1String("BF16"))
        return SafetensorsDtype::BF16;
    if (text == QLatin1String("F32"))
        return SafetensorsDtype::F32;
    if (text == QLatin1String("U8"))
        return SafetensorsDtype::U8;
    const std::string name = text.left(32).toStdString();
    if (text == QLatin1String("F16"))
        return makeError(ErrorCode::Unsupported,
            SLUICE_ERRT("Error", "%1: dtype F16 is not supported (the Kimi releases store BF16 and F32)"), where);
    if (text.startsWith(QLatin1String("F8")))
        return makeError(ErrorCode::Unsupported,
            SLUICE_ERRT("Error",
                "%1: dtype %2 is not supported (experts must be MXFP4 as U8 nibble pairs with U8 E8M0 scales, or "
                "BF16)"),
            where, name);
    return makeError(ErrorCode::Unsupported,
        SLUICE_ERRT("Error", "%1: dtype '%2' is not supported (only BF16, F32 and U8)"), where, name);
}

} // namespace

const char *safetensorsDtypeName(SafetensorsDtype dtype)
{
    switch (dtype) {
    case SafetensorsDtype::BF16: return "BF16";
    case SafetensorsDtype::F32: return "F32";
    case SafetensorsDtype::U8: return "U8";
    }
    return "?";
}

Expected<std::vector<SafetensorsTensor>> parseSafetensorsHeader(const char *json, size_t size, uint64_t fileBytes,
                                                                const std::string &shardName)
{
    const std::string shard = "shard '" + shardName + "'";
    if (size > SafetensorsLimits::maxHeaderBytes)
        return formatError(SLUICE_ERRT("Error", "%1: header of %2 bytes is larger than the %3 MiB limit"), shard, size,
            SafetensorsLimits::maxHeaderBytes >> 20);
    if (fileBytes < 8 || size > fileBytes - 8)
        return formatError(
            SLUICE_ERRT("Error", "%1: header of %2 bytes does not fit in the %3-byte file"), shard, size, fileBytes);
    const uint64_t dataStart = 8 + uint64_t(size);
    const uint64_t dataBytes = fileBytes - dataStart;

    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromRawData(json, qsizetype(size)), &parseError);
    if (doc.isNull())
        return formatError(SLUICE_ERRT("Error", "%1: header is not valid JSON (%2 at offset %3)"), shard,
            parseError.errorString().toStdString(), parseError.offset);
    if (!doc.isObject())
        return formatError(SLUICE_ERRT("Error", "%1: header is not a JSON object"), shard);
    const QJsonObject root = doc.object();

    std::vector<SafetensorsTensor> out;
    out.reserve(size_t(root.size()));
    for (auto it = root.begin(); it != root.end(); ++it) {
        const std::string name = it.key().toStdString();
        if (name == "__metadata__") {
            if (!it.value().isObject())
                return formatError(SLUICE_ERRT("Error", "%1: __metadata__ is not an object"), shard);
            continue;
        }
        const std::string where = shard + ", tensor '" + name.substr(0, SafetensorsLimits::maxNameBytes) + "'";
        if (name.empty() || name.size() > SafetensorsLimits::maxNameBytes)
            return formatError(SLUICE_ERRT("Error", "%1: empty or over-long name"), where);
        if (!it.value().isObject())
            return formatError(SLUICE_ERRT("Error", "%1: entry is not an object"), where);
        const QJsonObject t = it.value().toObject();

        const QJsonValue dtypeValue = t.value(QLatin1String("dtype"));
        if (!dtypeValue.isString())
            return formatError(SLUICE_ERRT("Error", "%1: 'dtype' is missing or not a string"), where);
        Expected<SafetensorsDtype> dtype = parseDtype(dtypeValue.toString(), where);
        if (!dtype)
            return dtype.status();

        SafetensorsTensor tensor;
        tensor.name = name;
        tensor.dtype = *dtype;
        const QJsonValue shapeValue = t.value(QLatin1String("shape"));
        if (!shapeValue.isArray() || shapeValue.toArray().size() > SafetensorsLimits::maxRank)
            return formatError(SLUICE_ERRT("Error", "%1: 'shape' must be a list of at most %2 dimensions"), where,
                SafetensorsLimits::maxRank);
        // The element count is bounded by the data section as it grows, so the
        // product can never overflow.
        const uint64_t maxElements = dataBytes / safetensorsDtypeBytes(tensor.dtype);
        uint64_t elements = 1;
        const QJsonArray dims = shapeValue.toArray();
        for (qsizetype i = 0; i < dims.size(); ++i) {
            uint64_t d = 0;
            if (!toU64(dims[i], d) || d > uint64_t(SafetensorsLimits::maxDim))
                return formatError(SLUICE_ERRT("Error", "%1: dimension %2 is not an integer in [0, 2^40]"), where, i);
            tensor.shape.push_back(int64_t(d));
            if (d != 0 && elements > maxElements / d)
                return formatError(SLUICE_ERRT("Error",
                                       "%1: shape needs more bytes than the shard's %2-byte data section (truncated, "
                                       "or the header lies)"),
                    where, dataBytes);
            elements *= d;
        }

        const QJsonValue offsetsValue = t.value(QLatin1String("data_offsets"));
        const QJsonArray offsets = offsetsValue.toArray();
        uint64_t begin = 0, end = 0;
        if (!offsetsValue.isArray() || offsets.size() != 2 || !toU64(offsets[0], begin) || !toU64(offsets[1], end))
            return formatError(SLUICE_ERRT("Error", "%1: 'data_offsets' must be two non-negative integers"), where);
        if (begin > end || end > dataBytes)
            return formatError(
                SLUICE_ERRT("Error",
                    "%1: data_offsets [%2, %3) lie outside the %4-byte data section (truncated, or the header lies)"),
                where, begin, end, dataBytes);
        tensor.bytes = elements * safetensorsDtypeBytes(tensor.dtype);
        if (end - begin != tensor.bytes)
            return formatError(SLUICE_ERRT("Error", "%1: data_offsets span %2 bytes but %3 shape needs %4"), where,
                end - begin, safetensorsDtypeName(tensor.dtype), tensor.bytes);
        tensor.offset = dataStart + begin;
        out.push_back(std::move(tensor));
    }

    std::sort(out.begin(), out.end(), [](const SafetensorsTensor &a, const SafetensorsTensor &b) {
        return a.offset != b.offset ? a.offset < b.offset : a.bytes < b.bytes;
    });
    for (size_t i = 1; i < out.size(); ++i) {
        const SafetensorsTensor &a = out[i - 1];
        const SafetensorsTensor &b = out[i];
        if (a.bytes != 0 && b.bytes != 0 && a.offset + a.bytes > b.offset)
            return formatError(SLUICE_ERRT("Error", "%1: tensors '%2' and '%3' overlap"), shard, a.name, b.name);
    }
    return out;
}

Expected<std::vector<std::pair<std::string, std::string>>> parseSafetensorsIndex(const char *json, size_t size)
{
    const std::string where = std::string(SafetensorsCheckpoint::indexFileName);
    if (size > SafetensorsLimits::maxIndexBytes)
        return formatError(SLUICE_ERRT("Error", "%1: %2 bytes is too large"), where, size);
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromRawData(json, qsizetype(size)), &parseError);
    if (doc.isNull())
        return formatError(SLUICE_ERRT("Error", "%1: not valid JSON (%2 at offset %3)"), where,
            parseError.errorString().toStdString(), parseError.offset);
    if (!doc.isObject())
        return formatError(SLUICE_ERRT("Error", "%1: top level is not an object"), where);
    const QJsonValue mapValue = doc.object().value(QLatin1String("weight_map"));
    if (!mapValue.isObject())
        return formatError(SLUICE_ERRT("Error", "%1: 'weight_map' is missing or not an object"), where);
    const QJsonObject map = mapValue.toObject();
    if (map.isEmpty())
        return formatError(SLUICE_ERRT("Error", "%1: 'weight_map' is empty"), where);
    std::vector<std::pair<std::string, std::string>> out;
    out.reserve(size_t(map.size()));
    std::set<std::string> shards;
    for (auto it = map.begin(); it != map.end(); ++it) {
        const std::string name = it.key().toStdString();
        if (name.empty() || name.size() > SafetensorsLimits::maxNameBytes)
            return formatError(SLUICE_ERRT("Error", "%1: empty or over-long tensor name"), where);
        if (!it.value().isString())
            return formatError(SLUICE_ERRT("Error", "%1: tensor '%2' does not map to a file name"), where, name);
        const std::string file = it.value().toString().toStdString();
        if (!isPlainFileName(file))
            return formatError(
                SLUICE_ERRT("Error", "%1: tensor '%2' maps to '%3', which is not a plain file name in the folder"),
                where, name, file.substr(0, 256));
        shards.insert(file);
        if (shards.size() > SafetensorsLimits::maxShards)
            return formatError(SLUICE_ERRT("Error", "%1: more than %2 shards"), where, SafetensorsLimits::maxShards);
        out.emplace_back(name, file);
    }
    return out;
}

Expected<int> openRegularFileReadOnly(const std::string &path, const std::string &label, uint64_t &sizeOut,
                                      int64_t *mtimeNs)
{
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer.
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0)
        return makeError(errno == ENOENT ? ErrorCode::NotFound : ErrorCode::Io,
                         SLUICE_ERRT("Error", "%1: cannot open (%2)"), label, std::strerror(errno));
    struct stat st;
    if (::fstat(fd, &st) != 0) {
        const int err = errno;
        ::close(fd);
        return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: cannot stat (%2)"), label, std::strerror(err));
    }
    if (!S_ISREG(st.st_mode)) {
        ::close(fd);
        const char *kind = S_ISDIR(st.st_mode) ? "a directory" : S_ISFIFO(st.st_mode) ? "a FIFO" : "not a regular file";
        return makeError(
            ErrorCode::Io, SLUICE_ERRT("Error", "%1: is %2, expected a regular file"), label, std::string(kind));
    }
    const int flags = ::fcntl(fd, F_GETFL);
    if (flags >= 0)
        (void)::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    sizeOut = uint64_t(st.st_size);
    if (mtimeNs)
        *mtimeNs = int64_t(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
    return fd;
}

bool SafetensorsCheckpoint::looksLikeCheckpoint(const std::string &dir)
{
    struct stat st;
    return ::stat(joinPath(dir, indexFileName).c_str(), &st) == 0 ||
           ::stat(joinPath(dir, singleFileName).c_str(), &st) == 0;
}

Expected<std::unique_ptr<SafetensorsCheckpoint>> SafetensorsCheckpoint::open(const std::string &dir)
{
    std::unique_ptr<SafetensorsCheckpoint> checkpoint(new SafetensorsCheckpoint);
    SLUICE_TRY(checkpoint->load(dir));
    return checkpoint;
}

SafetensorsCheckpoint::~SafetensorsCheckpoint()
{
    for (int fd : m_fds) {
        if (fd >= 0)
            ::close(fd);
    }
}

Status SafetensorsCheckpoint::addShard(const std::string &file, int &index)
{
    SafetensorsShard shard;
    shard.file = file;
    shard.path = joinPath(m_dir, file);
    const std::string label = "shard '" + file + "'";
    Expected<int> fd = openRegularFileReadOnly(shard.path, label, shard.fileBytes, &shard.mtimeNs);
    if (!fd)
        return fd.status();
    m_fds.push_back(*fd);
    uint8_t lengthBytes[8];
    if (shard.fileBytes < 8)
        return formatError(SLUICE_ERRT("Error", "%1: %2 bytes is too short for a safetensors header (truncated?)"),
            label, shard.fileBytes);
    SLUICE_TRY(preadFully(*fd, lengthBytes, 8, 0, label));
    uint64_t headerBytes = 0;
    for (int i = 7; i >= 0; --i)
        headerBytes = headerBytes << 8 | lengthBytes[i];
    if (headerBytes > SafetensorsLimits::maxHeaderBytes || headerBytes > shard.fileBytes - 8)
        return formatError(SLUICE_ERRT("Error", "%1: header length %2 exceeds the file (%3 bytes) or the %4 MiB limit"),
            label, headerBytes, shard.fileBytes, SafetensorsLimits::maxHeaderBytes >> 20);
    std::vector<char> header(static_cast<size_t>(headerBytes));
    SLUICE_TRY(preadFully(*fd, header.data(), headerBytes, 8, label));
    Expected<std::vector<SafetensorsTensor>> tensors =
        parseSafetensorsHeader(header.data(), header.size(), shard.fileBytes, file);
    if (!tensors)
        return tensors.status();
    shard.dataStart = 8 + headerBytes;
    shard.tensorCount = tensors->size();
    index = int(m_shards.size());
    for (SafetensorsTensor &t : *tensors) {
        t.shard = index;
        if (m_index.count(t.name))
            return formatError(SLUICE_ERRT("Error", "%1, tensor '%2': also stored in shard '%3'"), label, t.name,
                m_shards[size_t(m_tensors[m_index[t.name]].shard)].file);
        m_index.emplace(t.name, m_tensors.size());
        m_tensors.push_back(std::move(t));
    }
    m_shards.push_back(std::move(shard));
    return Status::ok();
}

Status SafetensorsCheckpoint::load(const std::string &dir)
{
    m_dir = dir;
    const std::string indexPath = joinPath(dir, indexFileName);
    uint64_t indexBytes = 0;
    Expected<int> indexFd = openRegularFileReadOnly(indexPath, indexFileName, indexBytes);
    if (!indexFd) {
        if (indexFd.status().code() != ErrorCode::NotFound)
            return indexFd.status();
        // No index: a single-file checkpoint.
        int index = 0;
        return addShard(singleFileName, index).withContext(dir);
    }
    if (indexBytes > SafetensorsLimits::maxIndexBytes) {
        ::close(*indexFd);
        return formatError(SLUICE_ERRT("Error", "%1: %2 bytes is too large"), std::string(indexFileName), indexBytes);
    }
    std::vector<char> indexText(static_cast<size_t>(indexBytes));
    const Status read = preadFully(*indexFd, indexText.data(), indexBytes, 0, indexFileName);
    ::close(*indexFd);
    SLUICE_TRY(read);
    auto map = parseSafetensorsIndex(indexText.data(), indexText.size());
    if (!map)
        return map.status();

    // Shards in name order (model-00001-of-N first), each opened once.
    std::set<std::string> files;
    for (const auto &entry : *map)
        files.insert(entry.second);
    std::unordered_map<std::string, int> shardIndex;
    for (const std::string &file : files) {
        int index = 0;
        SLUICE_TRY(addShard(file, index));
        shardIndex.emplace(file, index);
    }
    // The index and the headers must agree tensor for tensor.
    for (const auto &[name, file] : *map) {
        const auto it = m_index.find(name);
        if (it == m_index.end())
            return makeError(ErrorCode::NotFound,
                SLUICE_ERRT("Error", "shard '%1', tensor '%2': listed in the index but missing from the shard"), file,
                name);
        const SafetensorsTensor &t = m_tensors[it->second];
        if (t.shard != shardIndex[file])
            return formatError(SLUICE_ERRT("Error", "tensor '%1': the index says shard '%2' but it is stored in '%3'"),
                name, file, m_shards[size_t(t.shard)].file);
    }
    if (m_tensors.size() != map->size()) {
        std::set<std::string> listed;
        for (const auto &entry : *map)
            listed.insert(entry.first);
        for (const SafetensorsTensor &t : m_tensors) {
            if (!listed.count(t.name))
                return formatError(
                    SLUICE_ERRT("Error", "%1: stored in the shard but missing from the index"), describe(t));
        }
    }
    return Status::ok();
}

const SafetensorsTensor *SafetensorsCheckpoint::find(const std::string &name) const
{
    const auto it = m_index.find(name);
    return it == m_index.end() ? nullptr : &m_tensors[it->second];
}

uint64_t SafetensorsCheckpoint::totalBytes() const
{
    uint64_t total = 0;
    for (const SafetensorsShard &s : m_shards)
        total += s.fileBytes;
    return total;
}

std::string SafetensorsCheckpoint::describe(const SafetensorsTensor &tensor) const
{
    const std::string shard =
        tensor.shard >= 0 && size_t(tensor.shard) < m_shards.size() ? m_shards[size_t(tensor.shard)].file : "?";
    return "shard '" + shard + "', tensor '" + tensor.name + "'";
}

Status SafetensorsCheckpoint::readBytes(const SafetensorsTensor &tensor, void *dst) const
{
    if (tensor.shard < 0 || size_t(tensor.shard) >= m_shards.size())
        return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "tensor '%1' has no shard"), tensor.name);
    return preadFully(m_fds[size_t(tensor.shard)], dst, tensor.bytes, tensor.offset, describe(tensor));
}

Status SafetensorsCheckpoint::readBytes(const SafetensorsTensor &tensor, std::vector<uint8_t> &out) const
{
    out.resize(size_t(tensor.bytes));
    return readBytes(tensor, out.data());
}

Expected<std::vector<float>> SafetensorsCheckpoint::readFloat(const SafetensorsTensor &tensor) const
{
    if (tensor.dtype == SafetensorsDtype::U8)
        return makeError(
            ErrorCode::Format, SLUICE_ERRT("Error", "%1: U8 where BF16 or F32 was expected"), describe(tensor));
    std::vector<float> out(size_t(tensor.elements()));
    if (tensor.dtype == SafetensorsDtype::F32) {
        SLUICE_TRY(readBytes(tensor, out.data()));
        return out;
    }
    std::vector<uint16_t> raw(out.size());
    SLUICE_TRY(readBytes(tensor, raw.data()));
    for (size_t i = 0; i < raw.size(); ++i) {
        const uint32_t bits = uint32_t(raw[i]) << 16;
        std::memcpy(&out[i], &bits, 4);
    }
    return out;
}

} // namespace sluice
