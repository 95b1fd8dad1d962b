// placeBanks (api/placement.h): expert banks moved across folders by weight,
// one crash-safe move at a time (copy + fsync + rename, sidecar, delete).
#include "api/placement.h"

#include "api/inspect.h"
#include "format/container.h"
#include "format/placement.h"
#include "util/paths.h"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <map>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

namespace sluice {

namespace {

constexpr const char *kPartSuffix = ".sluice-part";
constexpr const char *kProbeName = ".sluice-disktest";

struct BankFile {
    std::string file;
    uint64_t bytes = 0;
    uint64_t recordBytes = 0;
    std::string folder; // where it is now
};

// ioError(SLUICE_ERRT("Error", "%1: write failed (%2)"), path): the system's
// reason for errno is the template's last argument.
template<typename... Args> Status ioError(ErrorTemplate tmpl, const Args &...args)
{
    const std::string why = std::strerror(errno);
    return makeError(ErrorCode::Io, tmpl, args..., why);
}

Expected<std::string> realFolder(const std::string &path)
{
    char buf[PATH_MAX];
    if (!::realpath(path.c_str(), buf))
        return ioError(SLUICE_ERRT("Error", "%1: cannot resolve the folder (%2)"), path);
    struct stat st;
    if (::stat(buf, &st) != 0 || !S_ISDIR(st.st_mode))
        return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "%1: not a folder"), path);
    return std::string(buf);
}

std::string baseName(const std::string &dir)
{
    const size_t slash = dir.find_last_of('/');
    return slash == std::string::npos ? dir : dir.substr(slash + 1);
}

std::string folderOf(const std::string &path)
{
    const size_t slash = path.find_last_of('/');
    return slash == std::string::npos || slash == 0 ? std::string("/") : path.substr(0, slash);
}

void syncFolder(const std::string &dir)
{
    if (const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); fd >= 0) {
        ::fsync(fd);
        ::close(fd);
    }
}

bool isFile(const std::string &path)
{
    struct stat st;
    return ::lstat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

// Copies `from` to `to` through a temporary beside it: written, fsynced,
// renamed, folder fsynced. A copy cut short leaves only the temporary.
Status copyDurably(const std::string &from, const std::string &to, uint64_t bytes)
{
    struct statvfs vfs;
    if (::statvfs(folderOf(to).c_str(), &vfs) == 0 && uint64_t(vfs.f_bavail) * vfs.f_frsize < bytes)
        return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: %2 bytes needed, %3 free"), folderOf(to), bytes,
            uint64_t(vfs.f_bavail) * vfs.f_frsize);
    const std::string part = to + kPartSuffix;
    const int in = ::open(from.c_str(), O_RDONLY | O_CLOEXEC);
    if (in < 0)
        return ioError(SLUICE_ERRT("Error", "%1: cannot open (%2)"), from);
    const int out = ::open(part.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (out < 0) {
        ::close(in);
        return ioError(SLUICE_ERRT("Error", "%1: cannot create (%2)"), part);
    }
    std::vector<char> buf(8u << 20);
    Status s = Status::ok();
    for (uint64_t done = 0; done < bytes && s.isOk();) {
        const size_t want = size_t(std::min<uint64_t>(buf.size(), bytes - done));
        Status r = preadFully(in, buf.data(), want, done, from);
        if (!r.isOk()) {
            s = r;
            break;
        }
        for (size_t w = 0; w < want;) {
            const ssize_t n = ::write(out, buf.data() + w, want - w);
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0) {
                s = ioError(SLUICE_ERRT("Error", "%1: write failed (%2)"), part);
                break;
            }
            w += size_t(n);
        }
        done += want;
    }
    if (s.isOk() && ::fsync(out) != 0)
        s = ioError(SLUICE_ERRT("Error", "%1: fsync failed (%2)"), part);
    ::close(in);
    ::close(out);
    if (s.isOk() && ::rename(part.c_str(), to.c_str()) != 0)
        s = ioError(SLUICE_ERRT("Error", "%1: rename failed (%2)"), to);
    if (!s.isOk()) {
        ::unlink(part.c_str());
        return s;
    }
    syncFolder(folderOf(to));
    return Status::ok();
}

// The folder's read speed with record-sized O_DIRECT reads: of a bank already
// there, else of a probe file written for the purpose and removed after.
Expected<double> measureFolder(const std::string &dir, const std::vector<BankFile> &banks, double seconds)
{
    const BankFile *largest = nullptr;
    uint64_t recordBytes = 0;
    for (const BankFile &b : banks) {
        recordBytes = std::max(recordBytes, b.recordBytes);
        if (b.folder == dir && (!largest || b.bytes > largest->bytes))
            largest = &b;
    }
    std::string path = largest ? joinPath(dir, largest->file) : joinPath(dir, kProbeName);
    if (!largest) {
        const uint64_t probeBytes = std::max<uint64_t>(128ull << 20, 8 * recordBytes);
        std::string zeros(size_t(probeBytes), '\x5a');
        const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
        if (fd < 0)
            return ioError(SLUICE_ERRT("Error", "%1: cannot create the disk-test file (%2)"), path);
        const bool ok = ::write(fd, zeros.data(), zeros.size()) == ssize_t(zeros.size()) && ::fsync(fd) == 0;
        ::close(fd);
        if (!ok) {
            ::unlink(path.c_str());
            return ioError(SLUICE_ERRT("Error", "%1: cannot write the disk-test file (%2)"), path);
        }
    }
    auto r = measureDiskSpeed(path, recordBytes, seconds);
    if (!largest)
        ::unlink(path.c_str());
    if (!r)
        return r.status();
    return r->gbPerSecond();
}

// Reads of all drives overlap, so a decode step waits for the drive that
// needs longest: bytes / weight. In layer order, each bank goes where that
// time grows least (ties to the folder named first), which gives each folder
// its weight's share as closely as whole banks allow, alternates drives from
// layer to layer, and leaves a drive too slow to carry even one bank empty.
std::vector<size_t> assignBanks(const std::vector<BankFile> &banks, const std::vector<double> &weights)
{
    std::vector<double> assigned(weights.size(), 0);
    std::vector<size_t> to;
    for (const BankFile &b : banks) {
        size_t best = 0;
        double bestTime = 0;
        for (size_t i = 0; i < weights.size(); ++i) {
            const double time = (assigned[i] + double(b.bytes)) / weights[i];
            if (i == 0 || time < bestTime * (1 - 1e-12)) {
                bestTime = time;
                best = i;
            }
        }
        assigned[best] += double(b.bytes);
        to.push_back(best);
    }
    return to;
}

struct Mover {
    std::string home;
    BankPlacement placement;
    const PlacementOptions &options;

    void say(const std::string &line) const
    {
        if (options.log)
            options.log(line);
    }
    bool step(PlacementStep s, const std::string &bank) const { return !options.stepHook || options.stepHook(s, bank); }

    // One bank from its folder to `dir`. Returns false when the hook stopped it.
    Expected<bool> move(BankFile &b, const std::string &dir)
    {
        const std::string from = joinPath(b.folder, b.file), to = joinPath(dir, b.file);
        say("moving " + b.file + " (" + std::to_string(b.bytes >> 20) + " MiB) to " + dir);
        SLUICE_TRY(copyDurably(from, to, b.bytes));
        if (!step(PlacementStep::Copied, b.file))
            return false;
        if (dir == home)
            placement.folderOf.erase(b.file);
        else
            placement.folderOf[b.file] = dir;
        SLUICE_TRY(writePlacement(home, placement));
        if (!step(PlacementStep::SidecarWritten, b.file))
            return false;
        if (::unlink(from.c_str()) != 0)
            return ioError(SLUICE_ERRT("Error", "%1: cannot remove the old copy (%2)"), from);
        syncFolder(b.folder);
        b.folder = dir;
        return step(PlacementStep::OriginalRemoved, b.file);
    }
};

} // namespace

namespace {

// The container's banks, once each, in layer order, where they are now.
std::vector<BankFile> listBanks(const Container &c)
{
    std::vector<BankFile> banks;
    const Manifest &m = c.manifest();
    for (int layer = 0; layer < int(m.expertLayers.size()); ++layer) {
        const ExpertLayerInfo &info = m.expertLayers[size_t(layer)];
        if (info.layer < 0 || std::any_of(banks.begin(), banks.end(), [&](const BankFile &b) { return b.file == info.file; }))
            continue;
        banks.push_back({info.file, info.bytes, info.recordBytes, folderOf(c.expertLayer(layer).path)});
    }
    return banks;
}

// Where each requested folder's banks go: the container's own folder, or
// DIR/<name>.banks (created). Two requests for one place are refused.
Expected<std::vector<std::string>> targetFolders(const std::string &home, const std::vector<PlacementFolder> &folders)
{
    std::vector<std::string> targets;
    for (const PlacementFolder &f : folders) {
        auto real = realFolder(f.path);
        if (!real)
            return real.status();
        std::string dir = *real == home ? home : joinPath(*real, baseName(home) + ".banks");
        if (dir != home && ::mkdir(dir.c_str(), 0755) != 0 && errno != EEXIST)
            return ioError(SLUICE_ERRT("Error", "%1: cannot create the bank folder (%2)"), dir);
        if (std::find(targets.begin(), targets.end(), dir) != targets.end())
            return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "%1: named twice (as %2)"), f.path, dir);
        targets.push_back(std::move(dir));
    }
    return targets;
}

// Copies an interrupted run left: a bank's twin outside the place the
// sidecar names (the sidecar decides which copy is read) and temporaries.
int removeStale(const std::vector<BankFile> &banks, std::vector<std::string> dirs)
{
    int removed = 0;
    for (const BankFile &b : banks)
        dirs.push_back(b.folder);
    std::sort(dirs.begin(), dirs.end());
    dirs.erase(std::unique(dirs.begin(), dirs.end()), dirs.end());
    for (const BankFile &b : banks) {
        for (const std::string &dir : dirs) {
            const std::string twin = joinPath(dir, b.file);
            if (isFile(twin + kPartSuffix) && ::unlink((twin + kPartSuffix).c_str()) == 0)
                ++removed;
            if (dir != b.folder && isFile(twin) && ::unlink(twin.c_str()) == 0)
                ++removed;
        }
    }
    return removed;
}

Expected<std::vector<double>> folderWeights(const std::vector<PlacementFolder> &folders,
                                            const std::vector<std::string> &targets, const std::vector<BankFile> &banks,
                                            const PlacementOptions &options, std::vector<PlacedFolder> &out)
{
    std::vector<double> weights;
    for (size_t i = 0; i < targets.size(); ++i) {
        PlacedFolder f;
        f.path = targets[i];
        f.weight = options.back ? 1.0 : folders[i].weight;
        if (f.weight <= 0) {
            auto gbps = measureFolder(targets[i], banks, options.measureSeconds);
            if (!gbps)
                return gbps.status().withContext("measuring " + folders[i].path);
            f.measuredGBps = *gbps;
            f.weight = std::max(*gbps, 1e-6);
            if (options.log)
                options.log("measured " + folders[i].path + ": " + std::to_string(*gbps) + " GB/s");
        }
        weights.push_back(f.weight);
        out.push_back(f);
    }
    return weights;
}

} // namespace

Expected<PlacementResult> placeBanks(const std::string &container, const std::vector<PlacementFolder> &folders,
                                     const PlacementOptions &options)
{
    if (!options.back && folders.empty())
        return makeError(
            ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "no folder to place the banks in (or ask for them back)"));
    auto home = realFolder(container);
    if (!home)
        return home.status();
    auto opened = Container::open(*home); // every bank where the sidecar says, with the manifest's size
    if (!opened)
        return opened.status();
    std::vector<BankFile> banks = listBanks(**opened);
    const std::map<std::string, std::string> before = (*opened)->placedBanks();
    opened->reset();

    auto targets = options.back ? Expected<std::vector<std::string>>(std::vector<std::string>{*home})
                                : targetFolders(*home, folders);
    if (!targets)
        return targets.status();
    PlacementResult result;
    auto weights = folderWeights(folders, *targets, banks, options, result.folders);
    if (!weights)
        return weights.status();
    const std::vector<size_t> to = assignBanks(banks, *weights);
    for (size_t i = 0; i < banks.size(); ++i) {
        result.folders[to[i]].bytes += banks[i].bytes;
        result.folders[to[i]].banks += 1;
    }
    if (options.dryRun)
        return result;

    std::vector<std::string> known = *targets;
    known.push_back(*home);
    for (const auto &kv : before)
        known.push_back(kv.second);
    result.staleRemoved = removeStale(banks, known);
    Mover mover{*home, {}, options};
    mover.placement.folderOf = before;
    for (size_t i = 0; i < banks.size(); ++i) {
        const std::string &dir = (*targets)[to[i]];
        if (banks[i].folder == dir)
            continue;
        auto done = mover.move(banks[i], dir);
        if (!done)
            return done.status();
        result.moved += 1;
        result.movedBytes += banks[i].bytes;
        if (!*done) {
            result.stopped = true;
            return result;
        }
    }
    for (const auto &kv : before) // bank folders left empty (rmdir refuses others)
        if (kv.second != *home)
            ::rmdir(kv.second.c_str());
    return result;
}

} // namespace sluice
