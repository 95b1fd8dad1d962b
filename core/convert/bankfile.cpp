#include "convert/bankfile.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace sluice::convert {

namespace {

// ioError(SLUICE_ERRT("Error", "%1: write failed (%2)"), path): the system's
// reason for errno is the template's last argument.
template<typename... Args> Status ioError(ErrorTemplate tmpl, const Args &...args)
{
    const std::string why = std::strerror(errno);
    return makeError(ErrorCode::Io, tmpl, args..., why);
}

bool readFully(int fd, uint8_t *dst, uint64_t bytes, uint64_t offset)
{
    uint64_t done = 0;
    while (done < bytes) {
        const ssize_t n = ::pread(fd, dst + done, size_t(bytes - done), off_t(offset + done));
        if (n <= 0)
            return false;
        done += uint64_t(n);
    }
    return true;
}

// How many leading records of the file are whole and well-formed.
int validPrefix(int fd, uint64_t fileBytes, int layer, int experts, const ExpertLayout &layout)
{
    std::vector<uint8_t> rec(size_t(layout.recordBytes));
    const uint64_t whole = std::min<uint64_t>(fileBytes / layout.recordBytes, uint64_t(experts));
    for (uint64_t e = 0; e < whole; ++e) {
        if (!readFully(fd, rec.data(), layout.recordBytes, e * layout.recordBytes))
            return int(e);
        if (!validateRecordHeader(rec.data(), rec.size(), layer, int(e), layout).isOk() ||
            !verifyRecordCrc(rec.data(), rec.size(), layer, int(e), layout).isOk())
            return int(e);
    }
    return int(whole);
}

} // namespace

void syncDirectoryOf(const std::string &path)
{
    const size_t slash = path.rfind('/');
    const std::string dir = slash == std::string::npos ? "." : path.substr(0, slash);
    const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        ::fsync(fd);
        ::close(fd);
    }
}

Expected<std::unique_ptr<BankFile>> BankFile::openForResume(const std::string &tmpPath, int layer, int experts,
                                                            const ExpertLayout &layout)
{
    std::unique_ptr<BankFile> b(new BankFile());
    b->m_path = tmpPath;
    b->m_layer = layer;
    b->m_experts = experts;
    b->m_recordBytes = layout.recordBytes;
    b->m_fd = ::open(tmpPath.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (b->m_fd < 0)
        return ioError(SLUICE_ERRT("Error", "%1: cannot open (%2)"), tmpPath);
    struct stat st;
    if (::fstat(b->m_fd, &st) != 0 || !S_ISREG(st.st_mode))
        return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: not a regular file"), tmpPath);
    b->m_valid = validPrefix(b->m_fd, uint64_t(st.st_size), layer, experts, layout);
    if (::ftruncate(b->m_fd, off_t(uint64_t(b->m_valid) * layout.recordBytes)) != 0)
        return ioError(SLUICE_ERRT("Error", "%1: cannot truncate (%2)"), tmpPath);
    return b;
}

BankFile::~BankFile()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

Status BankFile::append(int expert, const uint8_t *record)
{
    if (expert != m_valid || m_fd < 0)
        return makeError(ErrorCode::Internal, m_path + ": record " + std::to_string(expert) + " out of order");
    const uint64_t offset = uint64_t(expert) * m_recordBytes;
    uint64_t done = 0;
    while (done < m_recordBytes) {
        const ssize_t n = ::pwrite(m_fd, record + done, size_t(m_recordBytes - done), off_t(offset + done));
        if (n <= 0) {
            const Status s = ioError(SLUICE_ERRT("Error", "%1: write failed (%2)"), m_path);
            // Leave only whole records behind.
            if (::ftruncate(m_fd, off_t(offset)) != 0) {
            }
            return s;
        }
        done += uint64_t(n);
    }
    ++m_valid;
    return Status::ok();
}

Status BankFile::commit(const std::string &finalPath)
{
    if (m_valid != m_experts)
        return makeError(ErrorCode::Internal, m_path + ": " + std::to_string(m_valid) + " of " +
                                                  std::to_string(m_experts) + " records");
    if (::fsync(m_fd) != 0)
        return ioError(SLUICE_ERRT("Error", "%1: fsync failed (%2)"), m_path);
    ::close(m_fd);
    m_fd = -1;
    if (::rename(m_path.c_str(), finalPath.c_str()) != 0)
        return ioError(SLUICE_ERRT("Error", "%1: rename failed (%2)"), finalPath);
    syncDirectoryOf(finalPath);
    return Status::ok();
}

Expected<bool> checkCommittedBank(const std::string &path, int layer, int experts, const ExpertLayout &layout)
{
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0)
        return false;
    struct stat st;
    bool ok = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
              uint64_t(st.st_size) == uint64_t(experts) * layout.recordBytes;
    ok = ok && validPrefix(fd, uint64_t(st.st_size), layer, experts, layout) == experts;
    ::close(fd);
    return ok;
}

void removeWorkFiles(const std::string &work, const std::vector<int> &layers)
{
    for (int layer : layers) {
        const std::string books = work + "/books-L" + std::to_string(layer) + ".bin";
        ::unlink(books.c_str());
        ::unlink((books + ".tmp").c_str());
    }
    ::unlink((work + "/state.json.tmp").c_str());
    // A kill between trunk.bin's rename and the checkpoint's removal leaves it.
    ::unlink((work + "/trunk.progress").c_str());
    ::unlink((work + "/trunk.progress.tmp").c_str());
    ::unlink((work + "/trunk.bin.tmp").c_str());
}

} // namespace sluice::convert
