#pragma once
// The container fingerprint sessions are bound to: a hash of what determines
// the numbers — manifest.json, trunk.bin and codebooks.bin — so a session saved
// on another model with an identical manifest (two synthetic seeds, a
// re-quantised trunk) is refused. Hashing the trunk reads it once, so the
// figure is cached in a sidecar `fingerprint.sluice` next to the container,
// keyed by each file's size and modification time; when the folder is
// read-only the optional cache directory is tried, and failing both the
// fingerprint is simply recomputed at every open.
#include "util/status.h"

#include <cstdint>
#include <string>

namespace sluice {

class Container;

struct FingerprintOptions {
    std::string cacheDir; // fallback folder for the sidecar (the host passes e.g. ~/.cache/sluice); empty = none
};

struct Fingerprint {
    uint64_t value = 0;
    bool fromCache = false;   // read from a sidecar
    std::string sidecarPath;  // where it is cached; empty when nowhere was writable
};

Expected<Fingerprint> containerFingerprint(const Container &container, const FingerprintOptions &options = {});

inline constexpr const char *kFingerprintSidecar = "fingerprint.sluice";

} // namespace sluice
