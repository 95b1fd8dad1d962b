#include "format/trunkcache.h"

#include "format/safetensorswriter.h"
#include "format/trunkquant.h"
#include "util/hash.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cerrno>
#include <cmath>
#include <cstdio>
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

TensorFormat formatFor(const TensorInfo &t, const TrunkCacheOptions &o)
{
    if (o.trunkBits == 16) // as stored: bf16 / f32 (small models, the reference tests)
        return t.fmt;
    const uint64_t elements = t.elements();
    const uint64_t scaled = elements >= o.minQuantElements ? std::max<uint64_t>(elements, 65536) : 0;
    const size_t ndim = t.shape.size() == 1 || t.rows == 1 ? 1 : 2;
    return defaultTrunkFormat(t.name.c_str(), ndim, scaled, o.trunkBits);
}

TensorInfo planned(const TensorInfo &src, const TrunkCacheOptions &o, uint64_t offset)
{
    TensorInfo t = src;
    t.fmt = formatFor(src, o);
    t.isBf16 = o.trunkBits == 16 && src.isBf16;
    t.offset = offset;
    t.scaleOffset = t.isGrouped() ? offset + t.payloadBytes() : 0;
    if (t.scaleOffset % 2)
        t.scaleOffset += 1; // never: payloads are whole rows of 64/128-byte groups
    t.bytes = t.payloadBytes() + t.scaleBytes();
    return t;
}

uint64_t align8(uint64_t v) { return (v + 7) / 8 * 8; }

QJsonObject entryJson(const TensorInfo &t)
{
    QJsonArray shape;
    for (int64_t d : t.shape)
        shape.append(qint64(d));
    QJsonObject e{{"name", QString::fromStdString(t.name)}, {"fmt", int(t.fmt)}, {"off", qint64(t.offset)},
                  {"shape", shape}, {"bytes", qint64(t.bytes)}};
    if (t.isBf16)
        e["bf16"] = true;
    if (t.isGrouped()) {
        e["group"] = kTrunkGroup;
        e["scale_off"] = qint64(t.scaleOffset);
    }
    return e;
}

Expected<QJsonObject> readJson(const std::string &path)
{
    uint64_t size = 0;
    Expected<int> fd = openRegularFileReadOnly(path, path, size);
    if (!fd)
        return fd.status();
    if (size > (64u << 20)) {
        ::close(*fd);
        return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1: too large"), path);
    }
    std::string text(static_cast<size_t>(size), '\0');
    const ssize_t n = ::pread(*fd, text.data(), text.size(), 0);
    ::close(*fd);
    if (n != ssize_t(size))
        return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: short read"), path);
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(text));
    if (!doc.isObject())
        return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1: not a JSON object"), path);
    return doc.object();
}

Status writeJson(const std::string &path, const QJsonObject &o)
{
    const QByteArray bytes = QJsonDocument(o).toJson(QJsonDocument::Compact);
    return writeFileAtomically(path, bytes.constData(), size_t(bytes.size()));
}

} // namespace

std::string releaseFingerprint(const ReleaseCheckpoint &release, const TrunkCacheOptions &o)
{
    uint64_t h = fnv1a64("sluice trunk cache v1");
    for (const SafetensorsShard &s : release.safetensors().shards()) {
        h = fnv1a64(s.file, h);
        h = fnv1a64(&s.fileBytes, sizeof s.fileBytes, h);
        h = fnv1a64(&s.mtimeNs, sizeof s.mtimeNs, h);
    }
    for (const TensorInfo &t : release.trunkTensors())
        h = fnv1a64(t.name, h);
    const int64_t knobs[2] = {o.trunkBits, int64_t(o.minQuantElements)};
    h = fnv1a64(knobs, sizeof knobs, h);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%016llx", (unsigned long long)h);
    return buf;
}

uint64_t trunkCacheBytes(const ReleaseCheckpoint &release, const TrunkCacheOptions &o)
{
    uint64_t off = 0;
    for (const TensorInfo &src : release.trunkTensors())
        off = align8(off + planned(src, o, off).bytes);
    return off;
}

std::vector<TensorInfo> trunkCacheTensors(const ReleaseCheckpoint &release, const TrunkCacheOptions &o)
{
    std::vector<TensorInfo> out;
    uint64_t off = 0;
    for (const TensorInfo &src : release.trunkTensors()) {
        out.push_back(planned(src, o, off));
        off = align8(off + out.back().bytes);
    }
    return out;
}

Expected<TrunkCache> openTrunkCache(const std::string &path, const ReleaseCheckpoint &release,
                                    const TrunkCacheOptions &o)
{
    struct stat st;
    if (::stat((path + ".json").c_str(), &st) != 0)
        return makeError(ErrorCode::NotFound, SLUICE_ERRT("Error", "%1.json: no trunk cache"), path);
    auto json = readJson(path + ".json");
    if (!json)
        return json.status();
    TrunkCache cache;
    cache.path = path;
    cache.fingerprint = releaseFingerprint(release, o);
    if ((*json)["fingerprint"].toString().toStdString() != cache.fingerprint)
        return makeError(
            ErrorCode::Format, SLUICE_ERRT("Error", "%1: trunk cache is for other shards or options (stale)"), path);
    uint64_t dataBytes = 0;
    Expected<int> fd = openRegularFileReadOnly(path, path, dataBytes);
    if (!fd)
        return fd.status();
    ::close(*fd);
    // The index is ours, but a file on disk is still untrusted: recompute every
    // entry from the release and require it to match.
    const QJsonArray entries = (*json)["trunk"].toArray();
    if (size_t(entries.size()) != release.trunkTensors().size())
        return makeError(
            ErrorCode::Format, SLUICE_ERRT("Error", "%1.json: tensor count differs from the release"), path);
    uint64_t off = 0;
    for (size_t i = 0; i < release.trunkTensors().size(); ++i) {
        const TensorInfo t = planned(release.trunkTensors()[i], o, off);
        if (entries[qsizetype(i)].toObject() != entryJson(t))
            return makeError(ErrorCode::Format,
                SLUICE_ERRT("Error", "%1.json: entry for '%2' does not match the release"), path, t.name);
        cache.tensors.push_back(t);
        off = align8(off + t.bytes);
    }
    if (dataBytes != off)
        return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1: %2 bytes, the index needs %3 (truncated?)"), path,
            dataBytes, off);
    cache.bytes = off;
    return cache;
}

Expected<TrunkCache> buildTrunkCache(const std::string &path, const ReleaseCheckpoint &release,
                                     const TrunkCacheOptions &o)
{
    if (auto existing = openTrunkCache(path, release, o); existing || existing.status().code() != ErrorCode::NotFound) {
        if (existing)
            return existing;
        // Stale or damaged: rebuild from scratch below.
    }
    const std::string fingerprint = releaseFingerprint(release, o);
    const std::string partial = path + ".partial", progressPath = path + ".partial.json";
    // Resume: the partial run's progress names how many tensors are complete.
    size_t done = 0;
    if (auto progress = readJson(progressPath); progress && (*progress)["fingerprint"].toString().toStdString() == fingerprint)
        done = size_t(std::max(0, (*progress)["done"].toInt(0)));
    const std::vector<TensorInfo> &src = release.trunkTensors();
    if (done > src.size())
        done = 0;
    uint64_t off = 0;
    for (size_t i = 0; i < done; ++i)
        off = align8(off + planned(src[i], o, off).bytes);
    const int fd = ::open(partial.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0)
        return ioError(SLUICE_ERRT("Error", "%1: cannot create (%2)"), partial);
    struct stat st;
    if (::fstat(fd, &st) != 0 || uint64_t(st.st_size) < off) {
        done = 0; // the data lost what the progress promised: start over
        off = 0;
    }
    if (::ftruncate(fd, off_t(off)) != 0) {
        ::close(fd);
        return ioError(SLUICE_ERRT("Error", "%1: cannot truncate (%2)"), partial);
    }
    TrunkCache result;
    result.resumed = done > 0;
    uint64_t total = trunkCacheBytes(release, o), written = off;
    std::vector<uint8_t> payload;
    std::vector<uint16_t> scales;
    for (size_t i = done; i < src.size(); ++i) {
        const TensorInfo t = planned(src[i], o, off);
        auto values = release.readTrunkFloat(src[i]);
        if (!values) {
            ::close(fd);
            return values.status();
        }
        payload.assign(size_t(align8(t.bytes)), 0);
        scales.assign(t.isGrouped() ? size_t(t.rows * t.groups()) : 0, 0);
        for (uint64_t r = 0; r < t.rows; ++r) {
            const float *row = values->data() + r * t.cols;
            quantizeTrunkRow(t.fmt, t.isBf16, row, size_t(t.cols), payload.data() + r * t.rowBytes(),
                             t.isGrouped() ? scales.data() + r * t.groups() : nullptr);
            // A non-finite value in the release would vanish into a group's
            // codes: keep it as a non-finite scale, which the reader refuses
            // by tensor and row (float formats keep the value itself).
            for (uint64_t g = 0; t.isGrouped() && g < t.groups(); ++g)
                for (uint64_t c = g * kTrunkGroup; c < std::min<uint64_t>(t.cols, (g + 1) * kTrunkGroup); ++c)
                    if (!std::isfinite(row[c])) {
                        scales[size_t(r * t.groups() + g)] = 0x7e00; // fp16 NaN
                        break;
                    }
        }
        if (t.isGrouped())
            std::memcpy(payload.data() + t.payloadBytes(), scales.data(), scales.size() * 2);
        const uint8_t *p = payload.data();
        size_t left = payload.size();
        uint64_t at = off;
        while (left > 0) {
            const ssize_t n = ::pwrite(fd, p, left, off_t(at));
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0) {
                ::close(fd);
                return ioError(SLUICE_ERRT("Error", "%1: write failed (%2)"), partial);
            }
            p += n;
            at += uint64_t(n);
            left -= size_t(n);
        }
        off = align8(off + t.bytes);
        written = off;
        // Progress is recorded after the data is on disk.
        if (::fdatasync(fd) != 0) {
            ::close(fd);
            return ioError(SLUICE_ERRT("Error", "%1: fsync failed (%2)"), partial);
        }
        SLUICE_TRY(writeJson(progressPath, QJsonObject{{"fingerprint", QString::fromStdString(fingerprint)},
                                                       {"done", int(i + 1)}}));
        if (o.progress && !o.progress(total ? double(written) / double(total) : 1.0, t.name)) {
            ::close(fd);
            return makeError(
                ErrorCode::Cancelled, SLUICE_ERRT("Error", "trunk cache: cancelled after '%1' (resumable)"), t.name);
        }
    }
    if (::fsync(fd) != 0) {
        ::close(fd);
        return ioError(SLUICE_ERRT("Error", "%1: fsync failed (%2)"), partial);
    }
    ::close(fd);
    if (::rename(partial.c_str(), path.c_str()) != 0)
        return ioError(SLUICE_ERRT("Error", "%1: rename failed (%2)"), path);
    QJsonArray entries;
    uint64_t at = 0;
    for (const TensorInfo &s : src) {
        const TensorInfo t = planned(s, o, at);
        entries.append(entryJson(t));
        at = align8(at + t.bytes);
    }
    // The index last: its rename is the commit point.
    SLUICE_TRY(writeJson(path + ".json", QJsonObject{{"fingerprint", QString::fromStdString(fingerprint)},
                                                     {"description", "Sluice trunk cache (spec 4.3 formats)"},
                                                     {"trunk", entries}}));
    ::unlink(progressPath.c_str());
    auto opened = openTrunkCache(path, release, o);
    if (opened)
        opened->resumed = result.resumed;
    return opened;
}

} // namespace sluice
