#pragma once
// Where a container's expert banks live when some are in other folders
// (issue 31: banks spread over drives). The container stays WASTE v0 byte for
// byte: manifest.json is never edited; a sidecar beside it,
// sluice-placement.json, names the folder of each bank that is not at home:
//
//   {"format": "sluice-placement", "version": 1,
//    "banks": {"experts-L1.bin": "/mnt/fast/model.waste.banks", ...}}
//
// A bank the sidecar does not name is in the container's folder. The sidecar
// is untrusted input like the manifest: bounded in size and entries, folders
// absolute, names plain and known to the manifest. It is optional, but one
// that is present and unreadable is an error naming it, never a silent
// fallback to the home folder (which may hold a stale copy or nothing).
#include "util/status.h"

#include <cstdint>
#include <map>
#include <set>
#include <string>

namespace sluice {

inline constexpr const char *kPlacementFileName = "sluice-placement.json";

struct PlacementLimits {
    static constexpr uint64_t maxBytes = 1u << 20; // ~4,000 entries of 256 B; a model has at most 128 banks
    static constexpr size_t maxFolderChars = 4096; // PATH_MAX
};

struct BankPlacement {
    std::map<std::string, std::string> folderOf; // bank file name -> absolute folder (home banks absent)
    bool present = false;                         // a sidecar was found
};

// Parses sidecar bytes; `bankNames` are the manifest's bank files (an entry
// for any other name is refused). Errors name the sidecar.
Expected<BankPlacement> parsePlacement(const char *data, size_t size, const std::set<std::string> &bankNames);

// Reads <containerDir>/sluice-placement.json; absent = every bank at home.
Expected<BankPlacement> readPlacement(const std::string &containerDir, const std::set<std::string> &bankNames);

// The sidecar's bytes (sorted, stable) and its atomic write (temporary, fsync,
// rename, fsync of the folder). An empty placement removes the sidecar.
std::string placementJson(const BankPlacement &placement);
Status writePlacement(const std::string &containerDir, const BankPlacement &placement);

} // namespace sluice
