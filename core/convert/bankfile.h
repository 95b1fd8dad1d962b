#pragma once
// One expert bank being written by the converter: experts-L{L}.bin.tmp,
// records appended in expert order, resumable. Opening for resume keeps the
// longest prefix of whole records that pass the header checks and the CRC
// (a record is only ever counted once it is whole and well-formed) and
// truncates the rest; commit() fsyncs and renames to the final name. A
// committed bank is complete only if it is exactly `experts` records long and
// every record passes the same checks.
#include "format/expertrecord.h"
#include "util/status.h"

#include <memory>
#include <string>
#include <vector>

namespace sluice::convert {

class BankFile {
public:
    static Expected<std::unique_ptr<BankFile>> openForResume(const std::string &tmpPath, int layer, int experts,
                                                             const ExpertLayout &layout);
    ~BankFile();
    BankFile(const BankFile &) = delete;
    BankFile &operator=(const BankFile &) = delete;

    int validRecords() const { return m_valid; }
    // Writes record `expert` (must be validRecords()).
    Status append(int expert, const uint8_t *record);
    Status commit(const std::string &finalPath);

private:
    BankFile() = default;
    std::string m_path;
    int m_fd = -1;
    int m_layer = 0;
    int m_experts = 0;
    int m_valid = 0;
    uint64_t m_recordBytes = 0;
};

// True when `path` is a whole, well-formed bank (see above); false when it is
// absent or not (the converter then writes it again).
Expected<bool> checkCommittedBank(const std::string &path, int layer, int experts, const ExpertLayout &layout);

// fsync of the folder holding `path` (after a rename).
void syncDirectoryOf(const std::string &path);

// Deletes the converter's working files (the books, the trunk checkpoint) after the commit. The
// state file stays: it records what the container was converted from, so a
// rerun of the same conversion reports "already converted".
void removeWorkFiles(const std::string &work, const std::vector<int> &layers);

} // namespace sluice::convert
