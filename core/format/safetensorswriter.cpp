#include "format/safetensorswriter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace sluice {

namespace {

Status writeAll(int fd, const uint8_t *p, size_t bytes, const std::string &path)
{
    while (bytes > 0) {
        const ssize_t n = ::write(fd, p, bytes);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: write failed (%2)"), path, std::strerror(errno));
        }
        p += n;
        bytes -= size_t(n);
    }
    return Status::ok();
}

// Streams pieces into a temporary file and renames it over `path` at commit.
class AtomicFile {
public:
    explicit AtomicFile(std::string path) : m_path(std::move(path)), m_tmp(m_path + ".tmp") {}
    ~AtomicFile()
    {
        if (m_fd >= 0) {
            ::close(m_fd);
            ::unlink(m_tmp.c_str());
        }
    }
    Status open()
    {
        m_fd = ::open(m_tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
        if (m_fd < 0)
            return makeError(
                ErrorCode::Io, SLUICE_ERRT("Error", "%1: cannot create (%2)"), m_tmp, std::strerror(errno));
        return Status::ok();
    }
    Status write(const void *data, size_t bytes) { return writeAll(m_fd, static_cast<const uint8_t *>(data), bytes, m_tmp); }
    Status commit()
    {
        if (::fsync(m_fd) != 0)
            return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: fsync failed (%2)"), m_tmp, std::strerror(errno));
        ::close(m_fd);
        m_fd = -1;
        if (::rename(m_tmp.c_str(), m_path.c_str()) != 0) {
            const int err = errno;
            ::unlink(m_tmp.c_str());
            return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: rename failed (%2)"), m_path, std::strerror(err));
        }
        return Status::ok();
    }

private:
    std::string m_path;
    std::string m_tmp;
    int m_fd = -1;
};

} // namespace

Status writeFileAtomically(const std::string &path, const void *data, size_t bytes)
{
    AtomicFile file(path);
    SLUICE_TRY(file.open());
    SLUICE_TRY(file.write(data, bytes));
    return file.commit();
}

Status writeSafetensorsFile(const std::string &path, const std::vector<SafetensorsWriteTensor> &tensors)
{
    QJsonObject header;
    uint64_t offset = 0;
    for (const SafetensorsWriteTensor &t : tensors) {
        uint64_t elements = 1;
        QJsonArray shape;
        for (int64_t d : t.shape) {
            elements *= uint64_t(d);
            shape.append(qint64(d));
        }
        if (elements * safetensorsDtypeBytes(t.dtype) != t.data.size())
            return makeError(ErrorCode::InvalidArgument,
                SLUICE_ERRT("Error", "%1, tensor '%2': %3 bytes for its shape"), path, t.name, t.data.size());
        if (header.contains(QString::fromStdString(t.name)))
            return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "%1, tensor '%2' twice"), path, t.name);
        QJsonObject entry;
        entry.insert(QStringLiteral("dtype"), QLatin1String(safetensorsDtypeName(t.dtype)));
        entry.insert(QStringLiteral("shape"), shape);
        entry.insert(QStringLiteral("data_offsets"), QJsonArray{qint64(offset), qint64(offset + t.data.size())});
        header.insert(QString::fromStdString(t.name), entry);
        offset += t.data.size();
    }
    header.insert(QStringLiteral("__metadata__"), QJsonObject{{QStringLiteral("format"), QStringLiteral("pt")}});
    QByteArray json = QJsonDocument(header).toJson(QJsonDocument::Compact);
    while (json.size() % 8 != 0)
        json.append(' ');
    uint8_t length[8];
    uint64_t n = uint64_t(json.size());
    for (int i = 0; i < 8; ++i)
        length[i] = uint8_t(n >> (8 * i));

    AtomicFile file(path);
    SLUICE_TRY(file.open());
    SLUICE_TRY(file.write(length, 8));
    SLUICE_TRY(file.write(json.constData(), size_t(json.size())));
    for (const SafetensorsWriteTensor &t : tensors)
        SLUICE_TRY(file.write(t.data.data(), t.data.size()));
    return file.commit();
}

Status writeSafetensorsIndex(const std::string &dir, const std::vector<std::pair<std::string, std::string>> &weightMap,
                             uint64_t totalSize)
{
    QJsonObject map;
    for (const auto &[name, file] : weightMap)
        map.insert(QString::fromStdString(name), QString::fromStdString(file));
    QJsonObject root;
    root.insert(QStringLiteral("metadata"), QJsonObject{{QStringLiteral("total_size"), qint64(totalSize)}});
    root.insert(QStringLiteral("weight_map"), map);
    const QByteArray json = QJsonDocument(root).toJson(QJsonDocument::Indented);
    const std::string path = (dir.empty() || dir.back() == '/' ? dir : dir + "/") + SafetensorsCheckpoint::indexFileName;
    return writeFileAtomically(path, json.constData(), size_t(json.size()));
}

} // namespace sluice
