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
// Layout (little-endian): u32 "SLVR", u32 version 1, u64 container
// fingerprint, u32 layers, u32 experts per layer, u64 words[ceil(n / 64)],
// u64 FNV-1a of everything before it.
#include "util/status.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>

namespace sluice {

class VerifiedRecords {
public:
    VerifiedRecords(uint64_t fingerprint, int layers, int expertsPerLayer);

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
    int m_layers, m_experts;
    size_t m_words;
    std::unique_ptr<std::atomic<uint64_t>[]> m_bits;
    std::atomic<bool> m_changed{false};
};

} // namespace sluice
