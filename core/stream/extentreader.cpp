#include "extentreader.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace sluice {

Expected<std::unique_ptr<ExtentReader>> ExtentReader::open(const std::vector<std::string> &paths,
                                                           const DirectFileOptions &options)
{
    std::unique_ptr<ExtentReader> r(new ExtentReader);
    for (const std::string &path : paths) {
        auto f = DirectFile::open(path, options);
        if (!f)
            return f.status();
        r->m_files.push_back(std::move(*f));
        const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
        if (fd < 0)
            return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: cannot open (%2)"), path, std::strerror(errno));
        r->m_tailFds.push_back(fd);
    }
    return r;
}

ExtentReader::~ExtentReader()
{
    for (int fd : m_tailFds)
        ::close(fd);
}

bool ExtentReader::directIo() const
{
    for (const auto &f : m_files) {
        if (!f->directIo())
            return false;
    }
    return !m_files.empty();
}

Expected<uint64_t> ExtentReader::read(std::span<const FileExtent> extents, uint8_t *slot, uint64_t slotBytes) const
{
    uint64_t total = 0;
    for (const FileExtent &e : extents) {
        if (e.file < 0 || size_t(e.file) >= m_files.size())
            return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "extent names file %1"), e.file);
        if (e.slotOffset > slotBytes || e.bytes > slotBytes - e.slotOffset)
            return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "extent does not fit in the slot"));
        const DirectFile &f = *m_files[size_t(e.file)];
        const uint64_t size = f.sizeAtOpen();
        if (e.offset >= size)
            return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: extent at %2 starts past the end (%3 bytes)"),
                f.path(), e.offset, size);
        const uint64_t end = std::min(e.offset + e.bytes, size);
        const uint64_t whole = (end - e.offset) / DirectFile::kAlignment * DirectFile::kAlignment;
        if (whole > 0)
            SLUICE_TRY(f.readAt(e.offset, slot + e.slotOffset, size_t(whole)));
        uint64_t done = whole;
        while (e.offset + done < end) { // the file's last partial page
            const ssize_t n = ::pread(m_tailFds[size_t(e.file)], slot + e.slotOffset + done,
                                      size_t(end - e.offset - done), off_t(e.offset + done));
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0)
                return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: short read at offset %2 (file shrank?)"),
                    f.path(), e.offset + done);
            done += uint64_t(n);
        }
        total += done;
    }
    return total;
}

} // namespace sluice
