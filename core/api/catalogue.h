#pragma once
// The models a user can get from inside a client (issue 26): Kimi K3 and
// Kimi-Linear 48B as published on the Hugging Face hub, each with its routes
// to disk and their sizes, plus what the existing planner (api/planning.h)
// says about this machine's RAM for each and whether a folder has the room.
//
// The sizes are the built-in shapes' (builtinPlannerShape(...).diskBytes), the
// RAM verdicts planBudget()'s, so the catalogue, `sluice-cli plan --model` and
// the app's "Plan a model…" never disagree. Errors are values.
#include "api/builtinmodels.h"
#include "api/routing.h" // RoutingTrace
#include "util/status.h"

#include <cstdint>
#include <string>
#include <vector>

namespace sluice {

// How a route's files reach the disk.
enum class RouteSource {
    Hub,            // the release, downloaded file by file (api/download.h)
    BitTorrent,     // the converted container as its publisher shares it: `sluice-cli torrent get` (api/torrent.h)
                    // from the publisher's .torrent or magnet (the user gives it: Sluice does not have it)
    ConvertRelease, // no published download: made from the release by the converter (api/convert.h)
};

struct CatalogueRoute {
    BuiltinFormat format = BuiltinFormat::Release;
    RouteSource source = RouteSource::Hub;
    uint64_t diskBytes = 0; // what the route leaves on disk
    // The app's dialog fetches it itself (a hub release, or a container over BitTorrent from the user's magnet).
    bool downloadable() const { return source == RouteSource::Hub || source == RouteSource::BitTorrent; }
};

struct CatalogueModel {
    BuiltinModel model = BuiltinModel::KimiK3;
    std::string id;   // "k3", "kimi-linear" (parseBuiltinModel accepts it)
    std::string name; // "Kimi K3", "Kimi-Linear 48B"
    std::string repo; // the hub repository of the release, "owner/name"
    std::vector<CatalogueRoute> routes; // the release first
};

// The sluice-cli command line that gets a route's files into DIR, e.g.
// "sluice-cli get moonshotai/Kimi-K3 --to DIR"; what a user of the command
// line (or of the app, for a route it does not fetch itself) is told to run.
std::string routeCommand(const CatalogueModel &model, const CatalogueRoute &route);

// Every known model with its routes and sizes (the built-in shapes are
// computed, not read: no file or network is touched).
Expected<std::vector<CatalogueModel>> modelCatalogue();

// What this RAM allows for a model in a format, from planBudget's default plan.
enum class RamFit {
    Fits,          // the whole trunk resident at the default budget
    TrunkStreamed, // runs only with trunk layers streamed from disk (slower)
    TooBig,        // not even the lowest streaming floor fits under the cap
};

struct RouteFit {
    RamFit ram = RamFit::TooBig;
    uint64_t usableRamBytes = 0;
    uint64_t capBytes = 0;            // the planner's cap (MemoryPlan::capBytes): the floor must fit under it
    uint64_t budgetBytes = 0;         // Fits: the default budget
    int workingSets = 0;              // Fits: the default budget's whole working sets
    uint64_t residentFloorBytes = 0;  // every trunk layer resident
    uint64_t streamingFloorBytes = 0; // the lowest over every split
};

// `processBytes` 0 = estimated for this process (estimateProcessBytes).
Expected<RouteFit> routeFit(BuiltinModel model, BuiltinFormat format, uint64_t usableRamBytes,
                            uint64_t processBytes = 0, int contextLength = 4096);

// The predicted decode speed of a route on this machine: the default plan
// routeFit() makes (planBudget at the default budget), then predictSpeed()
// with a routing trace and the disk's read speed, the figures `sluice-cli
// plan --model M --format F --ram R --disk-gbps G --json` prints. The
// formats differ as the planner models them: a release is read from its
// safetensors (an expert miss reads the coalesced MXFP4 or bf16 slot, a
// streamed trunk its bf16 tensors), a container its VQ3R records.
struct RouteSpeed {
    double diskBytesPerSecond = 0;
    uint64_t budgetBytes = 0;        // the default budget the plan uses
    bool trunkStreamed = false;      // part of the trunk is read every token
    double bytesPerTokenWarm = 0;    // experts missed (warm) + the streamed trunk
    double tokensPerSecondWarm = 0;  // 0 when nothing is read once warm (no disk bound)
};

// When no disk was measured: a PCIe 3 NVMe drive's sequential read, the kind
// the catalogue's models are meant to stream from (the app says it assumed it).
inline constexpr double kAssumedDiskBytesPerSecond = 3.0e9;

// `processBytes` 0 = estimated for this process, as routeFit().
Expected<RouteSpeed> routeSpeed(BuiltinModel model, BuiltinFormat format, uint64_t usableRamBytes,
                                const RoutingTrace &trace, double diskBytesPerSecond, uint64_t processBytes = 0,
                                int contextLength = 4096);

// The free space where `folder` would be created: its nearest existing
// ancestor's file system. Fails naming the folder when none can be read.
Expected<uint64_t> folderFreeBytes(const std::string &folder);

// A route's files fit in `freeBytes` with the downloader's margin (HubOptions::freeSpaceMarginBytes).
bool routeFitsSpace(const CatalogueRoute &route, uint64_t freeBytes);

// Convert while downloading (api/download.h downloadAndConvert) a model's
// release, projected from its built-in shapes as docs/download.md does: the
// staged source peaks at the trunk's bytes (fetched ahead by range for the
// trunk pass) plus one MoE layer's experts (the shard(s) of the layer in
// progress; a layer that straddles two shards stages more, which the shapes
// cannot say). K3: ~106.5 + 14.6 = ~121 GiB beside the 981 GiB container.
struct StagedRouteDisk {
    uint64_t releaseBytes = 0;     // the release as published
    uint64_t containerBytes = 0;   // what the route leaves on disk
    uint64_t peakStagingBytes = 0; // release bytes on disk at most meanwhile
    uint64_t peakDiskBytes() const { return containerBytes + peakStagingBytes; }
    // Downloading the release, then converting it: both on disk at once.
    uint64_t downloadThenConvertBytes() const { return releaseBytes + containerBytes; }
};

Expected<StagedRouteDisk> stagedRouteDisk(BuiltinModel model);

// peakDiskBytes fits in `freeBytes` with the downloader's margin.
bool stagedRouteFitsSpace(const StagedRouteDisk &disk, uint64_t freeBytes);

} // namespace sluice
