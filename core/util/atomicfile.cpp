#include "util/atomicfile.h"

#include "util/regularfile.h" // fileKindName

#include <cerrno>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

namespace sluice {

namespace {

// The folder and the file name of a path ("." for a bare name).
std::pair<std::string, std::string> splitPath(const std::string &path)
{
    const size_t slash = path.find_last_of('/');
    if (slash == std::string::npos)
        return {".", path};
    return {slash == 0 ? "/" : path.substr(0, slash), path.substr(slash + 1)};
}

// The PID of NAME.tmp.PID for `name`, or -1 when `entry` is not one of its temporaries.
long temporaryPid(const std::string &entry, const std::string &name)
{
    const std::string prefix = name + ".tmp.";
    if (entry.size() <= prefix.size() || entry.compare(0, prefix.size(), prefix) != 0 ||
        entry.size() - prefix.size() > 10)
        return -1;
    long pid = 0;
    for (size_t i = prefix.size(); i < entry.size(); ++i) {
        if (entry[i] < '0' || entry[i] > '9')
            return -1;
        pid = pid * 10 + (entry[i] - '0');
    }
    return pid > 0 ? pid : -1;
}

} // namespace

std::string atomicTempPath(const std::string &path, long pid)
{
    return path + ".tmp." + std::to_string(pid);
}

int removeStaleTemporaries(const std::string &path)
{
    const auto [dir, name] = splitPath(path);
    DIR *d = ::opendir(dir.c_str());
    if (!d)
        return 0;
    int removed = 0;
    const long self = long(::getpid());
    while (const dirent *e = ::readdir(d)) {
        const long pid = temporaryPid(e->d_name, name);
        if (pid < 0 || pid == self)
            continue;
        // kill(pid, 0) fails with ESRCH only when no such process exists (EPERM: it exists, not ours).
        if (::kill(pid_t(pid), 0) == 0 || errno != ESRCH)
            continue;
        const std::string stale = dir + "/" + e->d_name;
        struct stat st;
        if (::lstat(stale.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::unlink(stale.c_str()) == 0)
            ++removed;
    }
    ::closedir(d);
    return removed;
}

Status writeFileAtomically(const std::string &path, std::string_view bytes, const std::string &label, unsigned mode)
{
    const std::string &name = label.empty() ? path : label;
    struct stat st;
    if (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode))
        return makeError(ErrorCode::InvalidArgument,
            SLUICE_ERRT("Error", "%1: is %2, not a regular file; not replaced"), name, fileKindName(st.st_mode));
    removeStaleTemporaries(path);
    const std::string tmp = atomicTempPath(path, long(::getpid()));
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, mode);
    if (fd < 0)
        return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: cannot create (%2)"), tmp, std::strerror(errno));
    size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t w = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            const std::string why = w < 0 ? std::strerror(errno) : "nothing written";
            ::close(fd);
            ::unlink(tmp.c_str());
            return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: write failed (%2)"), tmp, why);
        }
        done += size_t(w);
    }
    if (::fsync(fd) != 0) {
        const std::string why = std::strerror(errno);
        ::close(fd);
        ::unlink(tmp.c_str());
        return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: fsync failed (%2)"), tmp, why);
    }
    if (::close(fd) != 0) {
        ::unlink(tmp.c_str());
        return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: close failed"), tmp);
    }
    if (::rename(tmp.c_str(), path.c_str()) != 0) {
        const std::string why = std::strerror(errno);
        ::unlink(tmp.c_str());
        return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: rename failed (%2)"), name, why);
    }
    // Make the rename itself durable.
    const int dfd = ::open(splitPath(path).first.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd >= 0) {
        ::fsync(dfd);
        ::close(dfd);
    }
    return Status::ok();
}

} // namespace sluice
