#pragma once
// Reads a record that is scattered over several files (a release expert's
// tensors in safetensors shards) into one cache slot: each extent is a
// 4 KiB-aligned (offset, length) in one file and lands at an aligned slot
// offset, so the reads bypass the page cache like bank reads do. An extent
// that runs past the end of its file (the last tensor of a shard) is read up
// to the last whole page with O_DIRECT and the remaining tail buffered.
#include "api/budgetplan.h" // FileExtent
#include "directfile.h"
#include "util/status.h"

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace sluice {

class ExtentReader {
public:
    static Expected<std::unique_ptr<ExtentReader>> open(const std::vector<std::string> &paths,
                                                        const DirectFileOptions &options = {});
    ~ExtentReader();
    ExtentReader(const ExtentReader &) = delete;
    ExtentReader &operator=(const ExtentReader &) = delete;

    // Reads every extent into `slot` (4 KiB aligned, slotBytes long). Bytes of
    // an extent past its file's end are left as they were. Returns the bytes read.
    Expected<uint64_t> read(std::span<const FileExtent> extents, uint8_t *slot, uint64_t slotBytes) const;

    bool directIo() const; // every file opened with O_DIRECT
    size_t fileCount() const { return m_files.size(); }

private:
    ExtentReader() = default;
    std::vector<std::unique_ptr<DirectFile>> m_files;
    std::vector<int> m_tailFds; // buffered descriptors for the unaligned tails
};

} // namespace sluice
