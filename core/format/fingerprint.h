#pragma once
// The container fingerprint sessions are bound to: a hash of what determines
// the numbers — manifest.json, trunk.bin and codebooks.bin — so a session saved
// on another model with an identical manifest (two synthetic seeds, a
// re-quantised trunk) is refused. Hashing the trunk reads it once, so the
// figure is cached in a sidecar under the host's cache folder
// (FingerprintOptions::cacheDir, e.g. ~/.cache/sluice), named by a hash of
// the container's canonical path and manifest and keyed by each file's size
// and modification time. Nothing is ever written into the model's folder
// (users share, seed and checksum it); a sidecar shipped in a read-only
// folder is read. With no cache folder the fingerprint is recomputed at
// every open.
#include "util/status.h"

#include <cstdint>
#include <string>

namespace sluice {

class Container;

struct FingerprintOptions {
    std::string cacheDir; // where the sidecar is kept (the host passes e.g. ~/.cache/sluice); empty = nowhere
};

struct Fingerprint {
    uint64_t value = 0;
    bool fromCache = false;   // read from a sidecar
    std::string sidecarPath;  // its place under cacheDir (side files such as .verified go beside it); empty: no cache
};

Expected<Fingerprint> containerFingerprint(const Container &container, const FingerprintOptions &options = {});

inline constexpr const char *kFingerprintSidecar = "fingerprint.sluice";

} // namespace sluice
