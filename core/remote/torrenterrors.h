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

// torrentsession.cpp and torrentcreate.cpp
inline constexpr ErrorTemplate kPeerExpectedHostPort = SLUICE_ERRT("Error", "peer %1: expected HOST:PORT");
inline constexpr ErrorTemplate kPeerPortMust = SLUICE_ERRT("Error", "peer %1: the port must be 1..65535");
inline constexpr ErrorTemplate kPeerResolve = SLUICE_ERRT("Error", "peer %1: cannot resolve %2: %3");
inline constexpr ErrorTemplate kAddTorrent = SLUICE_ERRT("Error", "%1: cannot add the torrent: %2");
inline constexpr ErrorTemplate kListenOn = SLUICE_ERRT("Error", "cannot listen on %1: %2");
inline constexpr ErrorTemplate kValidMagnetUri = SLUICE_ERRT("Error", "%1: not a valid magnet URI: %2");
inline constexpr ErrorTemplate kPiecesAreMissingDo
    = SLUICE_ERRT("Error", "%1: %2 of %3 pieces are missing or do not match %4 (first: %5)");
inline constexpr ErrorTemplate kTorrentFileEmpty = SLUICE_ERRT("Error", "%1: not a .torrent file: it is empty");
inline constexpr ErrorTemplate kValidTorrentFile = SLUICE_ERRT("Error", "%1: not a valid .torrent file: %2");
inline constexpr ErrorTemplate kReadFreeSpace = SLUICE_ERRT("Error", "%1: cannot read the free space: %2");
inline constexpr ErrorTemplate kPieceSizeMustPower
    = SLUICE_ERRT("Error", "piece size %1: must be a power of two from 16 KiB to 256 MiB");
inline constexpr ErrorTemplate kNothingShareFileData
    = SLUICE_ERRT("Error", "%1: nothing to share (no file with data in it)");
inline constexpr ErrorTemplate kHashFiles = SLUICE_ERRT("Error", "%1: cannot hash the files: %2");
inline constexpr ErrorTemplate kWriteTorrentFile = SLUICE_ERRT("Error", "%1: cannot write the .torrent file");
inline constexpr ErrorTemplate kWriteTorrentFile2 = SLUICE_ERRT("Error", "%1: cannot write the .torrent file: %2");

} // namespace sluice::torrenterrors
