#include "directfile.h"

#include "util/aligned.h"
#include "util/regularfile.h"

#include <algorithm>
#include <cerrno>
#include <cstring>

#ifdef _WIN32
#define WIN32_LEAN_AND_MEAN
#include <windows.h>
#else
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace sluice {

namespace {

std::string errnoText(int error) { return std::strerror(error); }

} // namespace

#ifdef _WIN32

Expected<std::unique_ptr<DirectFile>> DirectFile::open(const std::string &path, const DirectFileOptions &options)
{
    std::unique_ptr<DirectFile> file(new DirectFile);
    file->m_path = path;
    const int wide = MultiByteToWideChar(CP_UTF8, 0, path.c_str(), -1, nullptr, 0);
    std::wstring wpath(size_t(wide > 0 ? wide : 1), L'\0');
    MultiByteToWideChar(CP_UTF8, 0, path.c_str(), -1, wpath.data(), wide);
    const DWORD flags = FILE_ATTRIBUTE_NORMAL | FILE_FLAG_RANDOM_ACCESS |
                        (options.forceBuffered ? 0 : FILE_FLAG_NO_BUFFERING);
    HANDLE h = CreateFileW(wpath.c_str(), GENERIC_READ, FILE_SHARE_READ, nullptr, OPEN_EXISTING, flags, nullptr);
    if (h == INVALID_HANDLE_VALUE)
        return makeError(
            ErrorCode::NotFound, SLUICE_ERRT("Error", "%1: cannot open (Windows error %2)"), path, GetLastError());
    file->m_handle = h;
    file->m_direct = !options.forceBuffered;
    LARGE_INTEGER size{};
    GetFileSizeEx(h, &size);
    file->m_size = uint64_t(size.QuadPart);
    return file;
}

DirectFile::~DirectFile()
{
    if (m_handle)
        CloseHandle(static_cast<HANDLE>(m_handle));
}

Status DirectFile::readAt(uint64_t offset, void *destination, size_t bytes) const
{
    auto *out = static_cast<uint8_t *>(destination);
    size_t done = 0;
    while (done < bytes) {
        OVERLAPPED ov{};
        const uint64_t at = offset + done;
        ov.Offset = DWORD(at & 0xffffffffu);
        ov.OffsetHigh = DWORD(at >> 32);
        const DWORD chunk = DWORD(std::min<size_t>(bytes - done, size_t(1) << 30));
        DWORD got = 0;
        if (!ReadFile(static_cast<HANDLE>(m_handle), out + done, chunk, &got, &ov) || got == 0)
            break;
        done += got;
    }
    if (done != bytes)
        return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: short read at offset %2: %3 of %4 bytes"), m_path,
            offset, done, bytes);
    return Status::ok();
}

Expected<uint64_t> DirectFile::currentSize() const
{
    LARGE_INTEGER size{};
    if (!GetFileSizeEx(static_cast<HANDLE>(m_handle), &size))
        return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: cannot stat"), m_path);
    return uint64_t(size.QuadPart);
}

#else

Expected<std::unique_ptr<DirectFile>> DirectFile::open(const std::string &path, const DirectFileOptions &options)
{
    // A directory, FIFO or device is refused by name first (a FIFO would block
    // the open, /dev/zero would read for ever).
    if (const Status regular = checkRegularFile(path); !regular.isOk())
        return regular;
    std::unique_ptr<DirectFile> file(new DirectFile);
    file->m_path = path;
    int fd = -1;
#if defined(O_DIRECT)
    if (!options.forceBuffered) {
        fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_DIRECT);
        if (fd >= 0) {
            // The probe: one aligned 4 KiB read at offset 0. Success (or a clean
            // EOF on an empty file) means the filesystem really does direct I/O.
            AlignedPtr<uint8_t> probe = makeAligned<uint8_t>(kAlignment, kAlignment);
            ssize_t got = -1;
            do {
                got = probe ? ::pread(fd, probe.get(), kAlignment, 0) : -1;
            } while (got < 0 && errno == EINTR);
            if (got >= 0) {
                file->m_direct = true;
            } else {
                ::close(fd);
                fd = -1;
            }
        }
    }
#endif
    if (fd < 0) {
        fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        if (fd < 0) {
            const int error = errno;
            return makeError(error == ENOENT ? ErrorCode::NotFound : ErrorCode::Io,
                SLUICE_ERRT("Error", "%1: cannot open: %2"), path, errnoText(error));
        }
#if defined(__APPLE__)
        if (!options.forceBuffered) {
            // No O_DIRECT on macOS: turn off caching and read-ahead on this fd.
            file->m_direct = ::fcntl(fd, F_NOCACHE, 1) == 0;
            ::fcntl(fd, F_RDAHEAD, 0);
        }
#endif
#if defined(POSIX_FADV_RANDOM)
        if (!file->m_direct)
            ::posix_fadvise(fd, 0, 0, POSIX_FADV_RANDOM); // no read-ahead around 12 MB random records
#endif
    }
    file->m_fd = fd;
    struct stat st {};
    if (::fstat(fd, &st) != 0)
        return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: cannot stat: %2"), path, errnoText(errno));
    file->m_size = uint64_t(st.st_size);
    return file;
}

DirectFile::~DirectFile()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

Status DirectFile::readAt(uint64_t offset, void *destination, size_t bytes) const
{
    if (m_direct && ((offset | bytes | reinterpret_cast<uintptr_t>(destination)) & (kAlignment - 1)) != 0)
        return makeError(ErrorCode::InvalidArgument,
            SLUICE_ERRT("Error", "%1: direct read at offset %2 of %3 bytes is not 4 KiB aligned"), m_path, offset,
            bytes);
    auto *out = static_cast<uint8_t *>(destination);
    size_t done = 0;
    while (done < bytes) {
        const ssize_t got = ::pread(m_fd, out + done, bytes - done, off_t(offset + done));
        if (got < 0) {
            if (errno == EINTR)
                continue;
            return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: read failed at offset %2: %3"), m_path,
                offset + done, errnoText(errno));
        }
        if (got == 0)
            break; // end of file: reported as a short read below
        done += size_t(got);
        // A direct read that stops short of the request ends at EOF; a second
        // try would be misaligned, so stop here.
        if (m_direct && (done & (kAlignment - 1)) != 0)
            break;
    }
    if (done != bytes)
        return makeError(ErrorCode::Io,
            SLUICE_ERRT("Error", "%1: short read at offset %2: %3 of %4 bytes (file truncated?)"), m_path, offset, done,
            bytes);
    return Status::ok();
}

Expected<uint64_t> DirectFile::currentSize() const
{
    struct stat st {};
    if (::fstat(m_fd, &st) != 0)
        return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: cannot stat: %2"), m_path, errnoText(errno));
    return uint64_t(st.st_size);
}

#endif

} // namespace sluice
