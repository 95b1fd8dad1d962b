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

// One template per kind, so a translation never glues an English kind name
// into its sentence. The English text is "LABEL: is " + fileKindName + ", not a regular file".
ErrorTemplate notRegularTemplate(unsigned mode)
{
    if (S_ISDIR(mode))
        return SLUICE_ERRT("Error", "%1: is a directory, not a regular file");
    if (S_ISFIFO(mode))
        return SLUICE_ERRT("Error", "%1: is a FIFO (named pipe), not a regular file");
    if (S_ISCHR(mode))
        return SLUICE_ERRT("Error", "%1: is a character device, not a regular file");
    if (S_ISBLK(mode))
        return SLUICE_ERRT("Error", "%1: is a block device, not a regular file");
    if (S_ISSOCK(mode))
        return SLUICE_ERRT("Error", "%1: is a socket, not a regular file");
    return SLUICE_ERRT("Error", "%1: is not a regular file, not a regular file");
}

Status notRegular(const std::string &label, unsigned mode)
{
    return makeError(ErrorCode::Io, notRegularTemplate(mode), label);
}

Status openError(const std::string &label, int err)
{
    if (err == ENOENT || err == ENOTDIR)
        return makeError(ErrorCode::NotFound, SLUICE_ERRT("Error", "%1: no such file"), label);
    return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: cannot open (%2)"), label, std::strerror(err));
}

} // namespace

Status checkModelFolder(const std::string &dir)
{
    struct stat st;
    if (::stat(dir.c_str(), &st) != 0)
        return makeError(ErrorCode::NotFound, SLUICE_ERRT("Error", "no such folder"));
    if (S_ISREG(st.st_mode))
        return makeError(ErrorCode::InvalidArgument,
                         SLUICE_ERRT("Error", "is a regular file, not a folder (a model is a folder)"));
    if (S_ISFIFO(st.st_mode))
        return makeError(ErrorCode::InvalidArgument,
                         SLUICE_ERRT("Error", "is a FIFO (named pipe), not a folder (a model is a folder)"));
    if (!S_ISDIR(st.st_mode))
        return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "is %1, not a folder (a model is a folder)"),
            fileKindName(st.st_mode));
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
        return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: cannot stat (%2)"), name, std::strerror(err));
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
        return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1: %2 bytes is over the %3-byte limit"), name, size,
                         maxBytes);
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
            if (n == 0)
                return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: shorter than its size (changed while read)"),
                                 name);
            return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: read failed (%2)"), name, std::strerror(err));
        }
        done += size_t(n);
    }
    ::close(*fd);
    return data;
}

} // namespace sluice
