#pragma once
// BitTorrent for containers (issue 26): the converted K3 container (982 GiB)
// is shared by its publisher as a torrent of 16 MiB pieces, whose piece
// hashes verify every byte. This door creates a .torrent for a folder, fetches
// a torrent (a .torrent file or a magnet URI) into a folder resumably, and
// seeds a folder after checking it. The implementation is libtorrent-rasterbar
// (core/remote/torrent*.cpp); nothing of it shows here.
//
// Blocking calls in the calling thread (no Qt event loop needed); each runs a
// libtorrent session of its own, so two of them (a seeder and a fetcher) can
// run in one process on different threads. Errors are values naming the file,
// magnet or folder; no exception leaves these functions; nothing prints.
#include "util/status.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace sluice {

// The publisher's piece size for the K3 container.
inline constexpr int kDefaultTorrentPieceBytes = 16 << 20;

struct TorrentCreateOptions {
    int pieceBytes = kDefaultTorrentPieceBytes; // a power of two, 16 KiB .. 256 MiB
    std::vector<std::string> trackers;          // none by default (peers come from DHT or --peer)
    std::vector<std::string> webSeeds;          // HTTP mirrors of the same files (BEP 19)
    std::string comment;
};

// What a torrent describes.
struct TorrentSummary {
    std::string name;        // the top folder (or the single file)
    std::string infoHash;    // v1 info-hash, 40 hex digits (empty for a v2-only torrent)
    std::string infoHashV2;  // v2 info-hash, 64 hex digits (empty for a v1-only torrent)
    std::string magnet;      // magnet URI with both hashes, the name and any trackers
    uint64_t totalBytes = 0; // the files' bytes (a v1+v2 torrent's alignment padding left out)
    int pieceBytes = 0;
    int pieces = 0;
    int files = 0;           // payload files (pad files not counted)
};

// Writes a .torrent for `path` (a folder: every regular file under it, the
// torrent named after the folder; or one file) to `outFile`. `progress`
// (optional) is called after each piece is hashed with (done, total).
Expected<TorrentSummary> createTorrent(const std::string &path, const std::string &outFile,
                                       const TorrentCreateOptions &options = {},
                                       const std::function<void(int, int)> &progress = {});

// Reads and checks a .torrent file (bounded: 64 MiB, 2 M pieces).
Expected<TorrentSummary> readTorrentFile(const std::string &torrentFile);

struct TorrentOptions {
    std::vector<std::string> peers;        // "host:port" (IPv4, [IPv6] or a name) connected to directly
    std::string listen = "0.0.0.0:6881";   // interface and port ("127.0.0.1:0": any free port on loopback)
    bool dht = true, lsd = true, upnp = true, natpmp = true;
    uint64_t maxDownloadBytesPerSecond = 0; // 0 = unlimited (applies to local peers too)
    uint64_t maxUploadBytesPerSecond = 0;
    // A magnet whose metadata has not arrived in this long fails (no peer has it).
    int metadataTimeoutMs = 120000;
    // No peer at all for this long (after the metadata) fails the fetch.
    int noPeerTimeoutMs = 300000;
    uint64_t freeSpaceMarginBytes = 256ull << 20; // never fill the disk to the last byte
    int resumeSaveIntervalMs = 30000;       // fast-resume data saved this often while fetching
    bool allowLoopbackPeers = true;         // several peers on one address (tests, one machine)
    // Seeding after a fetch completes (fetchTorrent only; off by default): the
    // session goes on serving the payload until this run has uploaded
    // seedRatio × the torrent's size, or seedTimeMs have passed since it
    // completed, whichever comes first (0 = that limit is not used; both 0 =
    // no seeding). Only a ratio, with nobody to take it, seeds until stopped.
    double seedRatio = 0;
    int64_t seedTimeMs = 0;
    bool seeds() const { return seedRatio > 0 || seedTimeMs > 0; }
};

struct TorrentProgress {
    uint64_t done = 0, total = 0;  // verified payload bytes on disk / wanted
    double downloadBytesPerSecond = 0, uploadBytesPerSecond = 0;
    int peers = 0;
    int hashFailures = 0;          // pieces received that failed their hash (discarded, fetched again)
    int listenPort = 0;            // the port this session listens on (0 before it listens)
    uint64_t downloaded = 0;       // payload bytes received by this session (this run)
    uint64_t uploaded = 0;         // payload bytes sent by this session
    bool checking = false;         // checking files on disk (resume or seed)
    bool complete = false;
    bool seeding = false;          // fetchTorrent: complete, serving until a seed limit (TorrentOptions::seedRatio)
    std::string folder;            // fetchTorrent, once complete: where the payload is (<target>/<name>)
};

// Why seeding after a fetch ended.
enum class SeedEnd { NotSeeded, Ratio, Time, Stopped, Failed };

struct TorrentReport {
    TorrentSummary torrent;
    std::string folder;            // where the payload is: <target>/<name>
    uint64_t bytesDownloaded = 0;  // payload received over the network by this run
    uint64_t bytesPresent = 0;     // verified payload already on disk when it started
    int hashFailures = 0;
    bool resumed = false;          // fast-resume data from an earlier run was used
    uint64_t bytesUploaded = 0;    // payload sent to peers by this run (while fetching and seeding)
    double secondsSeeded = 0;      // after completion (TorrentOptions::seedRatio / seedTimeMs)
    SeedEnd seedEnd = SeedEnd::NotSeeded;
    std::string seedError;         // SeedEnd::Failed: what stopped the seeding (the fetch itself succeeded)
};

// The fast-resume file kept beside a fetch: <target>/.<info-hash>.sluice-resume
// (written atomically; deleted when the fetch completes).
std::string torrentResumePath(const std::string &targetFolder, const std::string &infoHash);

// Fetches `source` (a .torrent file or a "magnet:?" URI) into `targetFolder`
// (created). Returns when every piece is on disk and hash-checked, or with
// TorrentOptions' seed limits, when seeding after that ends (a stop while
// seeding ends the seeding and returns the complete fetch). `progress`
// is called a few times a second (return false to stop); `cancel` may be set
// from another thread. A stop keeps the pieces and the resume data: the next
// call continues from there (after a kill, the files on disk are checked).
// Fails with Cancelled on a stop, otherwise naming the source or the folder.
Expected<TorrentReport> fetchTorrent(const std::string &source, const std::string &targetFolder,
                                     const TorrentOptions &options = {},
                                     const std::function<bool(const TorrentProgress &)> &progress = {},
                                     const std::atomic<bool> *cancel = nullptr);

// Serves the payload of `torrentFile` from `payloadPath` (the folder the
// torrent names, under any name, or the single file) until stopped (progress
// returns false or `cancel` is set: then it returns the report; the bytes sent
// are in the progress' `uploaded`). The data is checked against every piece
// hash first: a missing or damaged piece refuses the seed, naming the first bad
// piece and its file.
Expected<TorrentReport> seedTorrent(const std::string &torrentFile, const std::string &payloadPath,
                                    const TorrentOptions &options = {},
                                    const std::function<bool(const TorrentProgress &)> &progress = {},
                                    const std::atomic<bool> *cancel = nullptr);

} // namespace sluice
