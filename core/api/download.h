#pragma once
// Getting a model from a Hugging Face-compatible hub (issue 26): list a
// repository, then fetch its files into a folder so that nothing is fetched
// twice and nothing unverified is kept.
//
//  * Listing: GET {endpoint}/api/models/{repo}/tree/{revision}?recursive=true
//    (entries with type, path, size and, for LFS files, lfs.oid = SHA-256 and
//    lfs.size).
//  * Each file: GET {endpoint}/{repo}/resolve/{revision}/{path}, redirects
//    followed (also to another host), into "<file>.part"; an interrupted part
//    is resumed with a Range request (a server that answers 200 instead starts
//    it over); the SHA-256 is computed while writing. A file is renamed into
//    place only when its size (and, for LFS files, its SHA-256) match the
//    listing, so a file that exists with the listed size is done. A mismatch
//    deletes the part and fetches the file once more, then fails naming it.
//  * Timeouts, resets, a body cut short, 5xx and 429 are retried with
//    exponential backoff and jitter (429/503 honour Retry-After), keeping the
//    bytes already written. Free space is checked before each file.
//
// Blocking: the calls run their own event loop in the calling thread (which
// needs a QCoreApplication). Errors are values; nothing prints. The access
// token is sent as a bearer token and never appears in a message.
#include "api/convert.h" // convert::ConvertOptions, ConvertResult (downloadAndConvert)
#include "util/status.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace sluice {

// The public hub; hosts map HF_ENDPOINT (as the hub's own tools do) onto HubOptions::endpoint.
inline constexpr const char *kDefaultHubEndpoint = "https://huggingface.co";

struct HubOptions {
    std::string endpoint = kDefaultHubEndpoint;
    std::string repo;              // "owner/name"
    std::string revision = "main";
    std::string token;             // gated repositories; never logged
    int jobs = 3;                  // files fetched at once (1..16)
    int maxAttempts = 8;           // per file, retries of transient failures included
    int connectTimeoutMs = 15000;
    int idleTimeoutMs = 60000;     // no byte for this long: the attempt failed (retried)
    int backoffBaseMs = 500;       // first retry after ~this, doubling, jittered
    int backoffMaxMs = 60000;
    uint64_t jitterSeed = 0;       // 0 = from the clock
    uint64_t maxListingBytes = 64ull << 20;
    uint64_t freeSpaceMarginBytes = 256ull << 20; // never fill the disk to the last byte
    // All files together receive at most this many bytes per second on
    // average (0 = no limit). Bytes are taken from the network only as the
    // limit allows, so by any moment t of a run at most
    // maxBytesPerSecond * t + hubBurstBytes(options) have arrived.
    uint64_t maxBytesPerSecond = 0;
};

// The most a limited run may be ahead of maxBytesPerSecond * elapsed: one
// read of each job's buffer (an eighth of a second at the limit, at least 16 KiB).
uint64_t hubBurstBytes(const HubOptions &options);

struct HubFile {
    std::string path;      // inside the repository, '/'-separated
    uint64_t size = 0;
    std::string sha256;    // lower-case hex for LFS files; empty = not LFS (size checked only)
};

// The repository's files (directories left out), in the listing's order.
// Refuses a listing that is not a JSON array, an entry without a path or
// size, and any path that could leave the target folder ("..", absolute).
Expected<std::vector<HubFile>> listHubFiles(const HubOptions &options);

// Bytes [from, from + length) of one file (at most 256 MiB), by a Range
// request with the same retries as a file; unverified (the listing's SHA-256
// covers whole files only). Convert-while-downloading reads shard headers so.
// `cancel` (another thread's) stops it within ~50 ms, also while it waits.
Expected<std::string> fetchHubRange(const HubOptions &options, const std::string &path, uint64_t from,
                                    uint64_t length, const std::atomic<bool> *cancel = nullptr);

// The same bytes, any length, handed to `sink` in order as they arrive (a
// dropped connection resumes at the first byte not delivered): what the sink
// was given is all that arrived, so a caller that keeps it can resume after a
// cancel or a crash without fetching it again. A failing sink stops the
// fetch with its status.
Status streamHubRange(const HubOptions &options, const std::string &path, uint64_t from, uint64_t length,
                      const std::function<Status(const char *, size_t)> &sink,
                      const std::atomic<bool> *cancel = nullptr);

struct DownloadProgress {
    std::string file;          // the file that moved (empty for an overall update)
    uint64_t fileDone = 0, fileSize = 0;
    uint64_t totalDone = 0, totalSize = 0;
    double bytesPerSecond = 0; // over the whole run so far
};

struct DownloadReport {
    int filesFetched = 0;      // completed by this run
    int filesPresent = 0;      // already complete before it
    uint64_t bytesFetched = 0; // received over the network by this run
    int retries = 0;           // transient failures retried
    int refetches = 0;         // files fetched again after a hash or size mismatch
};

// Fetches `files` into `folder` (created if missing). `progress` is called
// often (return false to stop: the parts stay for the next run); `cancel`
// may be set from another thread. Fails naming the file.
Expected<DownloadReport> downloadHubFiles(const HubOptions &options, const std::vector<HubFile> &files,
                                          const std::string &folder,
                                          const std::function<bool(const DownloadProgress &)> &progress = {},
                                          const std::atomic<bool> *cancel = nullptr);

// Convert while downloading (`sluice-cli get REPO --to STAGING --convert OUT`,
// docs/download.md): the release's small files are fetched into `staging`,
// then each shard only when the converter is about to read it — the trunk
// pass's shards, then each MoE layer's, in the converter's order — and every
// shard is deleted once all its tensors are consumed (the converter's
// --reclaim ledger). Until a shard arrives the converter opens the release
// through a header-only stub of it (its safetensors header, fetched by a
// Range request, in OUT/.sluice-convert/source/), never read — but for the
// trunk pass, which reads its tensors from a shard that a later layer reads
// whole: those bytes are fetched by range into the stub, and checked against
// the shard's verified bytes when it arrives. So the staging
// folder holds only the shards of the step in progress plus those a later
// step still needs. With `maxStagingBytes` (> 0) a step whose shards would
// take the staged shard bytes over it is refused, naming the step, before
// anything of it is fetched. Resumable after anything, kill -9 included: the
// parts, the stubs, the ledger and the conversion all resume; the container
// is byte-identical to convertRelease of the complete release.
struct StagedConvertReport {
    DownloadReport download;        // over every step of this run
    convert::ConvertResult convert; // the final conversion run
    uint64_t peakStagingBytes = 0;  // source bytes on disk at most, this run: shards and parts in
                                    // `staging`, trunk ranges in stubs
    uint64_t headerBytes = 0;       // fetched for the header stubs
    uint64_t rangeBytes = 0;        // trunk tensors fetched by range ahead of their shards (fetched again whole later)
    int convertRuns = 0;            // the converter stops at each missing step and resumes after it
};

Expected<StagedConvertReport> downloadAndConvert(const HubOptions &options, const std::string &staging,
                                                 const std::string &out, const convert::ConvertOptions &convert,
                                                 uint64_t maxStagingBytes,
                                                 const std::function<bool(const DownloadProgress &)> &progress = {},
                                                 const std::atomic<bool> *cancel = nullptr);

} // namespace sluice
