#pragma once
// Which expert records of a container have passed their CRC (issue 15:
// payload damage must be found without an explicit Verify). The engine
// checks each record's CRC the first time it reads it and remembers it here;
// the map is kept in a sidecar next to the container's fingerprint, so the
// cost is paid once per record, not once per open. One bit per record (K3:
// 82,432 records, 10 KiB). The sidecar is untrusted: a damaged, foreign
// (other fingerprint or shape) or missing file just means "nothing verified
// yet", never an error and never a record skipped wrongly.
//
// The container fingerprint does not cover the expert banks (hashing them
// would read the whole model), so the map is also keyed by the bank files'
// identity (bankFilesKey): size, inode, and mtime and ctime to the
// nanosecond. A bank rewritten after a clean run, even to the same size and
// with its mtime set back, gets a new ctime: the map no longer matches and
// every record is verified again.
//
// Layout (little-endian): u32 "SLVR", u32 version 2, u64 container
// fingerprint, u64 bank files key, u32 layers, u32 experts per layer,
// u64 words[ceil(n / 64)], u64 FNV-1a of everything before it.
#include "util/status.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>

namespace sluice {

class Container;

// A hash of the identity of every expert bank file of `container` (device,
// inode, size, mtime and ctime with nanoseconds); a file that cannot be
// stat'ed hashes as such, so it never matches a key taken when it could.
uint64_t bankFilesKey(const Container &container);

class VerifiedRecords {
public:
    VerifiedRecords(uint64_t fingerprint, uint64_t banksKey, int layers, int expertsPerLayer);

    // Thread-safe (reader threads validate concurrently).
    bool isVerified(int layerIndex, int expert) const;
    void markVerified(int layerIndex, int expert);
    uint64_t verifiedCount() const;
    bool changed() const { return m_changed.load(); }

    // Merges what a sidecar says (returns how many records it named); any
    // problem with the file leaves the map as it was.
    int load(const std::string &path);
    // Atomic (temp file + rename); a no-op when nothing changed since load.
    Status save(const std::string &path);

private:
    size_t bitOf(int layerIndex, int expert) const { return size_t(layerIndex) * size_t(m_experts) + size_t(expert); }

    uint64_t m_fingerprint;
    uint64_t m_banksKey;
    int m_layers, m_experts;
    size_t m_words;
    std::unique_ptr<std::atomic<uint64_t>[]> m_bits;
    std::atomic<bool> m_changed{false};
};

} // namespace sluice
