#include "util/regularfile.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace sluice {

const char *fileKindName(unsigned mode)
{
    if (S_ISREG(mode))
        return "a regular file";
    if (S_ISDIR(mode))
        return "a directory";
    if (S_ISFIFO(mode))
        return "a FIFO (named pipe)";
    if (S_ISCHR(mode))
        return "a character device";
    if (S_ISBLK(mode))
        return "a block device";
    if (S_ISSOCK(mode))
        return "a socket";
    return "not a regular file";
}

namespace {

Status notRegular(const std::string &label, unsigned mode)
{
    return makeError(ErrorCode::Io, label + ": is " + fileKindName(mode) + ", not a regular file");
}

Status openError(const std::string &label, int err)
{
    if (err == ENOENT || err == ENOTDIR)
        return makeError(ErrorCode::NotFound, label + ": no such file");
    return makeError(ErrorCode::Io, label + ": cannot open (" + std::strerror(err) + ")");
}

} // namespace

Status checkModelFolder(const std::string &dir)
{
    struct stat st;
    if (::stat(dir.c_str(), &st) != 0)
        return makeError(ErrorCode::NotFound, "no such folder");
    if (!S_ISDIR(st.st_mode))
        return makeError(ErrorCode::InvalidArgument,
                         std::string("is ") + fileKindName(st.st_mode) + ", not a folder (a model is a folder)");
    return Status::ok();
}

Status checkRegularFile(const std::string &path, const std::string &label)
{
    const std::string &name = label.empty() ? path : label;
    struct stat st;
    if (::stat(path.c_str(), &st) != 0)
        return openError(name, errno);
    if (!S_ISREG(st.st_mode))
        return notRegular(name, st.st_mode);
    return Status::ok();
}

Expected<int> openRegularFile(const std::string &path, const std::string &label, int extraFlags, uint64_t *sizeOut)
{
    const std::string &name = label.empty() ? path : label;
    // Refuse by name first: opening some devices has side effects, and a
    // directory opened O_DIRECT fails with a misleading EINVAL.
    SLUICE_TRY(checkRegularFile(path, name));
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | extraFlags);
    if (fd < 0)
        return openError(name, errno);
    struct stat st;
    if (::fstat(fd, &st) != 0) {
        const int err = errno;
        ::close(fd);
        return makeError(ErrorCode::Io, name + ": cannot stat (" + std::strerror(err) + ")");
    }
    if (!S_ISREG(st.st_mode)) { // replaced between the stat and the open
        ::close(fd);
        return notRegular(name, st.st_mode);
    }
    const int flags = ::fcntl(fd, F_GETFL);
    if (flags >= 0)
        ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    if (sizeOut)
        *sizeOut = uint64_t(st.st_size);
    return fd;
}

Expected<std::string> readRegularFile(const std::string &path, uint64_t maxBytes, const std::string &label)
{
    const std::string &name = label.empty() ? path : label;
    uint64_t size = 0;
    auto fd = openRegularFile(path, name, 0, &size);
    if (!fd)
        return fd.status();
    if (size > maxBytes) {
        ::close(*fd);
        return makeError(ErrorCode::Format, name + ": " + std::to_string(size) + " bytes is over the " +
                                                std::to_string(maxBytes) + "-byte limit");
    }
    std::string data(size_t(size), '\0');
    size_t done = 0;
    while (done < data.size()) {
        const ssize_t n = ::pread(*fd, data.data() + done, data.size() - done, off_t(done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            const int err = errno;
            ::close(*fd);
            return makeError(ErrorCode::Io, name + (n == 0 ? ": shorter than its size (changed while read)"
                                                           : ": read failed (" + std::string(std::strerror(err)) + ")"));
        }
        done += size_t(n);
    }
    ::close(*fd);
    return data;
}

} // namespace sluice
