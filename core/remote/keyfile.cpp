// API key files (api/remote.h): owner-only, written atomically.
#include "api/remote.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace sluice {

namespace {
std::string octal(mode_t mode)
{
    char buf[8];
    std::snprintf(buf, sizeof buf, "%04o", unsigned(mode & 07777));
    return buf;
}
constexpr size_t kMaxKeyFileBytes = 64 * 1024;
} // namespace

Expected<std::string> readApiKeyFile(const std::string &path)
{
    // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused below.
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
    if (fd < 0)
        return makeError(errno == ENOENT ? ErrorCode::NotFound : ErrorCode::Io,
            SLUICE_ERRT("Error", "%1: cannot open the key file (%2)"), path, std::strerror(errno));
    struct stat st { };
    std::string key;
    Status status;
    if (::fstat(fd, &st) != 0) {
        status = makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: cannot stat the key file"), path);
    } else if (!S_ISREG(st.st_mode)) {
        status = makeError(
            ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "%1: the key file is not a regular file"), path);
    } else if (st.st_mode & 077) {
        status = makeError(ErrorCode::InvalidArgument,
            SLUICE_ERRT("Error", "%1: the key file is readable by others (mode %2); chmod 600 it"), path,
            octal(st.st_mode));
    } else if (st.st_uid != ::geteuid()) {
        status = makeError(
            ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "%1: the key file belongs to another user"), path);
    } else if (uint64_t(st.st_size) > kMaxKeyFileBytes) {
        status = makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "%1: the key file is over 64 KiB"), path);
    } else {
        char buf[4096];
        ssize_t n;
        while ((n = ::read(fd, buf, sizeof buf)) > 0 && key.size() < kMaxKeyFileBytes)
            key.append(buf, size_t(n));
        if (n < 0)
            status = makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: cannot read the key file"), path);
    }
    ::close(fd);
    if (!status.isOk())
        return status;
    key = key.substr(0, key.find_first_of("\r\n"));
    const size_t a = key.find_first_not_of(" \t"), b = key.find_last_not_of(" \t");
    key = a == std::string::npos ? std::string() : key.substr(a, b - a + 1);
    if (key.empty())
        return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "%1: the key file is empty"), path);
    return key;
}

Status writeApiKeyFile(const std::string &path, const std::string &key)
{
    if (key.find_first_of("\r\n") != std::string::npos)
        return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "an API key cannot contain a line break"));
    const std::string tmp = path + ".tmp." + std::to_string(::getpid());
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (fd < 0)
        return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: cannot create (%2)"), tmp, std::strerror(errno));
    ::fchmod(fd, 0600); // whatever the umask
    const std::string bytes = key + "\n";
    const bool ok = ::write(fd, bytes.data(), bytes.size()) == ssize_t(bytes.size()) && ::fsync(fd) == 0;
    ::close(fd);
    if (!ok || ::rename(tmp.c_str(), path.c_str()) != 0) {
        ::unlink(tmp.c_str());
        return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: cannot write the key file"), path);
    }
    return Status::ok();
}

} // namespace sluice
