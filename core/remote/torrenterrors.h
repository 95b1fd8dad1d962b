#pragma once
// The torrent session's error templates, apart from torrentsession.cpp: lupdate
// reads this file for them (gui/CMakeLists.txt) without following
// libtorrent's and Boost's headers, which made its scan take minutes.
#include "util/status.h"

namespace sluice::torrenterrors {

inline constexpr ErrorTemplate kNoRoom
    = SLUICE_ERRT("Error", "%1: not enough free space for %2: %3 MiB needed, %4 MiB free");
inline constexpr ErrorTemplate kNoMetadata
    = SLUICE_ERRT("Error", "%1: no peer sent the torrent's metadata in %2 s (%3, %4 peers)");
inline constexpr ErrorTemplate kNoPeer = SLUICE_ERRT("Error", "%1: no peer for %2 s with %3 bytes still missing (%4)");
inline constexpr ErrorTemplate kNoFolder = SLUICE_ERRT("Error", "%1: cannot create the folder: %2");
inline constexpr ErrorTemplate kStoppedResumable
    = SLUICE_ERRT("Error", "%1: stopped with %2 of %3 bytes verified; run again to resume");
inline constexpr ErrorTemplate kStoppedRecheck
    = SLUICE_ERRT("Error", "%1: stopped with %2 of %3 bytes verified; the files will be checked on the next run");
inline constexpr ErrorTemplate kNoPayload = SLUICE_ERRT("Error", "%1: no such file or folder");

} // namespace sluice::torrenterrors
