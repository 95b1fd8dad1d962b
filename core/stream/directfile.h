#pragma once
// An expert bank opened for page-cache-bypassing positional reads (spec 10.1).
// Without the bypass every hit rate measured would be the kernel's, and the
// page cache would take RAM outside the budget.
//
//   Linux:   O_DIRECT, then a probe (one 4 KiB read at offset 0) because some
//            filesystems (tmpfs < 6.1) accept the flag and fail the transfer;
//            on failure: reopened buffered + POSIX_FADV_RANDOM, directIo() false.
//   macOS:   F_NOCACHE = 1 and F_RDAHEAD = 0 (does not evict pages already cached).
//   Windows: FILE_FLAG_NO_BUFFERING, ReadFile with an OVERLAPPED 64-bit offset.
//
// O_DIRECT needs the destination, the offset and the length 4 KiB aligned;
// readAt() checks that and refuses misaligned requests on a direct file.
// Reads are positional, so any number of threads may share one DirectFile.
#include "util/status.h"

#include <cstdint>
#include <memory>
#include <string>

namespace sluice {

struct DirectFileOptions {
    bool forceBuffered = false; // skip O_DIRECT (testing the fallback, or a filesystem known to refuse it)
};

class DirectFile {
public:
    static constexpr size_t kAlignment = 4096;

    static Expected<std::unique_ptr<DirectFile>> open(const std::string &path, const DirectFileOptions &options = {});
    ~DirectFile();
    DirectFile(const DirectFile &) = delete;
    DirectFile &operator=(const DirectFile &) = delete;

    // Reads exactly `bytes` at `offset` into `destination`. A short read (the
    // file shrank, or the range runs past its end) is an ErrorCode::Io error
    // naming the file, the offset and how many bytes arrived.
    Status readAt(uint64_t offset, void *destination, size_t bytes) const;

    const std::string &path() const { return m_path; }
    bool directIo() const { return m_direct; }
    uint64_t sizeAtOpen() const { return m_size; }
    Expected<uint64_t> currentSize() const; // fstat now

private:
    DirectFile() = default;
    std::string m_path;
    bool m_direct = false;
    uint64_t m_size = 0;
#ifdef _WIN32
    void *m_handle = nullptr;
#else
    int m_fd = -1;
#endif
};

} // namespace sluice
