#pragma once
// What the torrent files of core/remote share (api/torrent.h): loading a
// .torrent within bounds, describing a torrent, and turning libtorrent's
// error codes and exceptions into Status. Internal: libtorrent shows only here
// and in torrent*.cpp, never in api/.
#include "api/torrent.h"

#include <libtorrent/error_code.hpp>
#include <libtorrent/torrent_info.hpp>

#include <memory>
#include <string>

namespace sluice::torrent {

// A .torrent file is read into memory whole; a larger one is refused.
inline constexpr int kMaxTorrentFileBytes = 64 << 20;
// Enough for 32 TiB in 16 MiB pieces; a claim of more is refused before any allocation.
inline constexpr int kMaxTorrentPieces = 1 << 21;

std::string errorText(const lt::error_code &ec);

// The torrent in `torrentFile`, checked; fails naming the file.
Expected<std::shared_ptr<const lt::torrent_info>> loadTorrentInfo(const std::string &torrentFile);

TorrentSummary summarize(const lt::torrent_info &info);

// The info-hash that names a torrent's resume file: v1 hex, else v2 hex.
std::string infoHashText(const lt::info_hash_t &hashes);

// Bytes free where `folder` is (its nearest existing ancestor), or an error naming it.
Expected<uint64_t> freeBytesAt(const std::string &folder);

} // namespace sluice::torrent
