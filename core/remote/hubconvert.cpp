// Convert while downloading (api/download.h downloadAndConvert, issue 26):
// the converter asks for the shards of its next step (ConvertOptions::
// needShards); a missing one stops the run, its shards are fetched, and the
// converter resumes where it stopped (its state, books, banks, trunk
// checkpoint and reclaim ledger are all on disk). Shards not fetched yet
// appear to it as header-only stubs, like the reclaimed ones.
#include "api/download.h"

#include "convert/converter.h" // workDirectory
#include "convert/reclaim.h"   // readReclaimLedger

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <set>
#include <sys/stat.h>
#include <unistd.h>

namespace sluice {

namespace {

bool isShard(const HubFile &f)
{
    const std::string ext = ".safetensors";
    return f.path.find('/') == std::string::npos && f.path.size() > ext.size() &&
           f.path.compare(f.path.size() - ext.size(), ext.size(), ext) == 0;
}

// -1 when missing.
int64_t sizeOf(const std::string &path, bool regularOnly = false)
{
    struct stat st;
    if (::lstat(path.c_str(), &st) != 0 || (regularOnly && !S_ISREG(st.st_mode)))
        return -1;
    return int64_t(st.st_size);
}

// The shard bytes in the staging folder: complete shards and parts.
uint64_t stagedBytes(const std::string &staging, const std::vector<HubFile> &shards)
{
    uint64_t n = 0;
    for (const HubFile &f : shards)
        for (const std::string &p : {staging + "/" + f.path, staging + "/" + f.path + ".part"})
            n += uint64_t(std::max<int64_t>(0, sizeOf(p)));
    return n;
}

// A sparse file of the shard's size holding its header (8-byte length + JSON),
// written atomically: the converter opens it for a shard not fetched yet.
Expected<uint64_t> writeHeaderStub(const HubOptions &o, const HubFile &shard, const std::string &stub)
{
    auto length = fetchHubRange(o, shard.path, 0, 8);
    if (!length)
        return length.status();
    uint64_t n = 0;
    for (int i = 7; i >= 0; --i)
        n = (n << 8) | uint8_t(length.value()[size_t(i)]);
    if (n == 0 || n > (256ull << 20) || 8 + n > shard.size)
        return makeError(ErrorCode::Format, shard.path + ": the safetensors header length " + std::to_string(n) +
                                                " does not fit the file (" + std::to_string(shard.size) + " bytes)");
    auto header = fetchHubRange(o, shard.path, 8, n);
    if (!header)
        return header.status();
    const std::string bytes = length.value() + header.value(), tmp = stub + ".tmp";
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0)
        return makeError(ErrorCode::Io, tmp + ": cannot create (" + std::strerror(errno) + ")");
    const bool ok = ::write(fd, bytes.data(), bytes.size()) == ssize_t(bytes.size()) &&
                    ::ftruncate(fd, off_t(shard.size)) == 0 && ::fsync(fd) == 0;
    ::close(fd);
    if (!ok || ::rename(tmp.c_str(), stub.c_str()) != 0)
        return makeError(ErrorCode::Io, stub + ": cannot write the header stub (" + std::strerror(errno) + ")");
    return uint64_t(bytes.size());
}

Status makeFolder(const std::string &dir)
{
    if (::mkdir(dir.c_str(), 0755) != 0 && errno != EEXIST)
        return makeError(ErrorCode::Io, dir + ": cannot create (" + std::strerror(errno) + ")");
    return Status::ok();
}

struct Staging {
    const HubOptions &options;
    std::string folder, shadow;
    std::vector<HubFile> shards;
    std::set<std::string> present; // complete in the staging folder at the start of a run
};

// Sorts the shards into present, reclaimed (the ledger) and missing; a
// missing one gets its header stub in the shadow folder unless it has one.
Status survey(Staging &s, const std::vector<std::string> &ledger, StagedConvertReport &report)
{
    s.present.clear();
    for (const HubFile &f : s.shards) {
        if (std::find(ledger.begin(), ledger.end(), f.path) != ledger.end())
            continue;
        if (sizeOf(s.folder + "/" + f.path) == int64_t(f.size)) {
            s.present.insert(f.path);
            continue;
        }
        const std::string stub = s.shadow + "/" + f.path;
        if (sizeOf(stub, true) == int64_t(f.size))
            continue; // written atomically by an earlier run
        ::unlink(stub.c_str()); // a link to a shard that has gone
        auto written = writeHeaderStub(s.options, f, stub);
        if (!written)
            return written.status();
        report.headerBytes += written.value();
    }
    return Status::ok();
}

// Fetches the shards a step needs, within the staging bound.
Status fetchStep(Staging &s, const std::string &step, const std::vector<std::string> &wanted,
                 uint64_t maxStaging, StagedConvertReport &report,
                 const std::function<bool(const DownloadProgress &)> &progress, const std::atomic<bool> *cancel)
{
    std::vector<HubFile> files;
    uint64_t need = 0, partial = 0;
    std::string names;
    for (const HubFile &f : s.shards) {
        if (std::find(wanted.begin(), wanted.end(), f.path) == wanted.end())
            continue;
        files.push_back(f);
        need += f.size;
        partial += uint64_t(std::max<int64_t>(0, sizeOf(s.folder + "/" + f.path + ".part")));
        names += (names.empty() ? "" : ", ") + f.path;
    }
    const uint64_t staged = stagedBytes(s.folder, s.shards) - partial;
    if (maxStaging > 0 && need > maxStaging)
        return makeError(ErrorCode::Budget, step + " needs the shards " + names + ": " + std::to_string(need) +
                                                " bytes, more than the staging bound of " +
                                                std::to_string(maxStaging) + " bytes (--max-staging)");
    if (maxStaging > 0 && staged + need > maxStaging)
        return makeError(ErrorCode::Budget, step + " needs the shards " + names + " (" + std::to_string(need) +
                                                " bytes) while " + std::to_string(staged) +
                                                " bytes of shards that later steps still read are staged: more "
                                                "than the staging bound of " +
                                                std::to_string(maxStaging) + " bytes (--max-staging)");
    auto fetched = downloadHubFiles(s.options, files, s.folder, progress, cancel);
    if (!fetched)
        return fetched.status();
    report.download.filesFetched += fetched->filesFetched;
    report.download.filesPresent += fetched->filesPresent;
    report.download.bytesFetched += fetched->bytesFetched;
    report.download.retries += fetched->retries;
    report.download.refetches += fetched->refetches;
    // Staging only grows while fetching and only shrinks while converting.
    report.peakStagingBytes = std::max(report.peakStagingBytes, stagedBytes(s.folder, s.shards));
    return Status::ok();
}

} // namespace

Expected<StagedConvertReport> downloadAndConvert(const HubOptions &options, const std::string &staging,
                                                 const std::string &out, const convert::ConvertOptions &convert,
                                                 uint64_t maxStagingBytes,
                                                 const std::function<bool(const DownloadProgress &)> &progress,
                                                 const std::atomic<bool> *cancel)
{
    StagedConvertReport report;
    auto listed = listHubFiles(options);
    if (!listed)
        return listed.status();
    Staging s{options, staging, convert::workDirectory(out) + "/source", {}, {}};
    std::vector<HubFile> small;
    for (const HubFile &f : *listed)
        (isShard(f) ? s.shards : small).push_back(f);
    if (s.shards.empty())
        return makeError(ErrorCode::NotFound, options.repo + ": the repository has no safetensors shards to convert");
    auto fetched = downloadHubFiles(options, small, staging, progress, cancel);
    if (!fetched)
        return fetched.status();
    report.download = *fetched;
    for (const std::string &dir : {out, convert::workDirectory(out), s.shadow})
        SLUICE_TRY(makeFolder(dir));
    report.peakStagingBytes = stagedBytes(staging, s.shards);
    for (;;) {
        SLUICE_TRY(survey(s, convert::readReclaimLedger(convert::workDirectory(out)), report));
        std::string step;
        std::vector<std::string> wanted;
        convert::ConvertOptions co = convert;
        co.reclaim = true;
        co.needShards = [&](const std::string &what, const std::vector<std::string> &need) -> Status {
            for (const std::string &n : need)
                if (!s.present.count(n))
                    wanted.push_back(n);
            if (wanted.empty())
                return Status::ok();
            step = what;
            return makeError(ErrorCode::Cancelled, what + " waits for its shards");
        };
        auto converted = convert::convertRelease(staging, out, co);
        ++report.convertRuns;
        if (converted) {
            report.convert = *converted;
            return report;
        }
        if (wanted.empty())
            return converted.status();
        if (cancel && cancel->load())
            return makeError(ErrorCode::Cancelled, "download stopped");
        SLUICE_TRY(fetchStep(s, step, wanted, maxStagingBytes, report, progress, cancel));
    }
}

} // namespace sluice
