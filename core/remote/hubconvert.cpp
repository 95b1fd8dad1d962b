// Convert while downloading (api/download.h downloadAndConvert, issue 26):
// the converter asks for the shards of its next step (ConvertOptions::
// needShards); a missing one stops the run, its shards are fetched, and the
// converter resumes where it stopped (its state, books, banks, trunk
// checkpoint and reclaim ledger are all on disk). Shards not fetched yet
// appear to it as header-only stubs, like the reclaimed ones. The trunk pass
// reads a shard that also holds experts by ranges: its trunk tensors' bytes
// are fetched into the stub in place (the converter has the stub open and
// reads them), and compared by SHA-256 with the shard when it arrives whole.
#include "api/download.h"

#include "convert/converter.h" // workDirectory
#include "convert/reclaim.h"   // readReclaimLedger

#include <QCryptographicHash>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <fstream>
#include <map>
#include <cstdio>
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


// A sparse file of the shard's size holding its header (8-byte length + JSON),
// written atomically: the converter opens it for a shard not fetched yet.
Expected<uint64_t> writeHeaderStub(const HubOptions &o, const HubFile &shard, const std::string &stub,
                                   const std::atomic<bool> *cancel)
{
    auto length = fetchHubRange(o, shard.path, 0, 8, cancel);
    if (!length)
        return length.status();
    uint64_t n = 0;
    for (int i = 7; i >= 0; --i)
        n = (n << 8) | uint8_t(length.value()[size_t(i)]);
    if (n == 0 || n > (256ull << 20) || 8 + n > shard.size)
        return makeError(ErrorCode::Format,
                         SLUICE_ERRT("Error", "%1: the safetensors header length %2 does not fit the file (%3 bytes)"),
                         shard.path, n, shard.size);
    auto header = fetchHubRange(o, shard.path, 8, n, cancel);
    if (!header)
        return header.status();
    const std::string bytes = length.value() + header.value(), tmp = stub + ".tmp";
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0)
        return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: cannot create (%2)"), tmp, std::strerror(errno));
    const bool ok = ::write(fd, bytes.data(), bytes.size()) == ssize_t(bytes.size()) &&
                    ::ftruncate(fd, off_t(shard.size)) == 0 && ::fsync(fd) == 0;
    ::close(fd);
    if (!ok || ::rename(tmp.c_str(), stub.c_str()) != 0)
        return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: cannot write the header stub (%2)"), stub,
                         std::strerror(errno));
    return uint64_t(bytes.size());
}

Status makeFolder(const std::string &dir)
{
    if (::mkdir(dir.c_str(), 0755) != 0 && errno != EEXIST)
        return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: cannot create (%2)"), dir, std::strerror(errno));
    return Status::ok();
}

struct Staging {
    const HubOptions &options;
    const std::atomic<bool> *cancel; // another thread's: stops a fetch within ~50 ms
    std::string folder, shadow;
    std::vector<HubFile> shards;
    std::set<std::string> present;          // complete in the staging folder at the start of a run
    std::map<std::string, uint64_t> filled; // trunk bytes in the stubs of shards not here yet
};

// The source bytes on disk: shards and parts in the staging folder, and the
// trunk ranges in the stubs of shards not fetched yet.
uint64_t stagedBytes(const Staging &s)
{
    uint64_t n = 0;
    for (const HubFile &f : s.shards)
        for (const std::string &p : {s.folder + "/" + f.path, s.folder + "/" + f.path + ".part"})
            n += uint64_t(std::max<int64_t>(0, sizeOf(p)));
    for (const auto &[shard, bytes] : s.filled)
        n += bytes;
    return n;
}

// A stub's trunk ranges ("<stub>.trunk", written after the stub's bytes are
// fsynced): "sluice-trunk-ranges 1 <SHA-256 of the ranges in order> <bytes>",
// then one "<offset> <bytes>" line per range.
struct RangeMarker {
    std::string sha256;
    uint64_t bytes = 0;
    std::vector<std::pair<uint64_t, uint64_t>> ranges;
};

bool readMarker(const std::string &path, RangeMarker &m)
{
    std::ifstream in(path);
    std::string magic;
    int version = 0;
    if (!(in >> magic >> version >> m.sha256 >> m.bytes) || magic != "sluice-trunk-ranges" || version != 1)
        return false;
    uint64_t offset = 0, bytes = 0;
    while (in >> offset >> bytes)
        m.ranges.emplace_back(offset, bytes);
    return true;
}

// Where a stub's fill in progress is recorded (FillRecord).
std::string fillRecordPath(const std::string &stub) { return stub + ".trunk.part"; }

// Adds the first `limit` bytes of `ranges` (in order) as `fd` holds them to `hash`.
bool hashRanges(int fd, const std::vector<std::pair<uint64_t, uint64_t>> &ranges, uint64_t limit,
                QCryptographicHash &hash)
{
    std::vector<char> buf;
    for (const auto &[offset, bytes] : ranges) {
        for (uint64_t done = 0; done < bytes && limit > 0;) {
            const uint64_t n = std::min({bytes - done, limit, uint64_t(8) << 20});
            buf.resize(size_t(n));
            if (::pread(fd, buf.data(), buf.size(), off_t(offset + done)) != ssize_t(buf.size()))
                return false;
            hash.addData(QByteArrayView(buf.data(), qsizetype(buf.size())));
            done += n;
            limit -= n;
        }
    }
    return true;
}

// The trunk was converted from a stub's ranges before the shard's own SHA-256
// could be checked: once the shard is here (verified), its bytes there must
// be the same.
Status verifyMarker(const std::string &shardPath, const std::string &shard, const RangeMarker &m)
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    const int fd = ::open(shardPath.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: cannot open (%2)"), shardPath, std::strerror(errno));
    const bool ok = hashRanges(fd, m.ranges, UINT64_MAX, hash);
    ::close(fd);
    if (!ok || hash.result().toHex().toStdString() != m.sha256)
        return makeError(ErrorCode::Checksum,
                         SLUICE_ERRT("Error", "%1: the bytes the trunk was converted from (fetched ahead by range) "
                                              "differ from the verified shard; delete trunk.bin in the container "
                                              "folder and run again"),
                         shard);
    return Status::ok();
}

// Sorts the shards into present, reclaimed (the ledger) and missing; a
// missing one gets its header stub in the shadow folder unless it has one.
Status survey(Staging &s, const std::vector<std::string> &ledger, StagedConvertReport &report)
{
    s.present.clear();
    for (const HubFile &f : s.shards) {
        if (std::find(ledger.begin(), ledger.end(), f.path) != ledger.end())
            continue;
        const std::string stub = s.shadow + "/" + f.path, marker = stub + ".trunk", fill = fillRecordPath(stub);
        RangeMarker m;
        const bool marked = readMarker(marker, m);
        if (sizeOf(s.folder + "/" + f.path) == int64_t(f.size)) {
            if (marked)
                SLUICE_TRY(verifyMarker(s.folder + "/" + f.path, f.path, m));
            ::unlink(marker.c_str());
            ::unlink(fill.c_str());
            s.filled.erase(f.path);
            s.present.insert(f.path);
            continue;
        }
        if (sizeOf(stub, true) == int64_t(f.size)) {
            if (marked)
                s.filled[f.path] = m.bytes;
            continue; // written atomically by an earlier run; a fill in progress resumes (fillStub)
        }
        ::unlink(fill.c_str());
        ::unlink(marker.c_str());
        ::unlink(stub.c_str()); // a link to a shard that has gone

        auto written = writeHeaderStub(s.options, f, stub, s.cancel);
        if (!written)
            return written.status();
        report.headerBytes += written.value();
    }
    return Status::ok();
}

// A step ("the trunk" or "layer N", convert::SourceNeed::step) refused by the
// staging bound, worded per step so each sentence translates whole.
Status stepTooBig(const std::string &step, const std::string &names, uint64_t need, uint64_t bound)
{
    if (step.rfind("layer ", 0) == 0)
        return makeError(ErrorCode::Budget,
                         SLUICE_ERRT("Error", "layer %1 needs the shards %2: %3 bytes, more than the staging bound of "
                                              "%4 bytes (--max-staging)"),
                         step.substr(6), names, need, bound);
    return makeError(ErrorCode::Budget,
                     SLUICE_ERRT("Error", "the trunk needs the shards %1: %2 bytes, more than the staging bound of %3 "
                                          "bytes (--max-staging)"),
                     names, need, bound);
}

Status stepOverBound(const std::string &step, const std::string &names, uint64_t need, uint64_t staged, uint64_t bound)
{
    if (step.rfind("layer ", 0) == 0)
        return makeError(ErrorCode::Budget,
                         SLUICE_ERRT("Error", "layer %1 needs the shards %2 (%3 bytes) while %4 bytes of shards that "
                                              "later steps still read are staged: more than the staging bound of %5 "
                                              "bytes (--max-staging)"),
                         step.substr(6), names, need, staged, bound);
    return makeError(ErrorCode::Budget,
                     SLUICE_ERRT("Error", "the trunk needs the shards %1 (%2 bytes) while %3 bytes of shards that later "
                                          "steps still read are staged: more than the staging bound of %4 bytes "
                                          "(--max-staging)"),
                     names, need, staged, bound);
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
    const uint64_t staged = stagedBytes(s) - partial;
    if (maxStaging > 0 && need > maxStaging)
        return stepTooBig(step, names, need, maxStaging);
    if (maxStaging > 0 && staged + need > maxStaging)
        return stepOverBound(step, names, need, staged, maxStaging);
    auto fetched = downloadHubFiles(s.options, files, s.folder, progress, cancel);
    if (!fetched)
        return fetched.status();
    report.download.filesFetched += fetched->filesFetched;
    report.download.filesPresent += fetched->filesPresent;
    report.download.bytesFetched += fetched->bytesFetched;
    report.download.retries += fetched->retries;
    report.download.refetches += fetched->refetches;
    // Staging only grows while fetching and only shrinks while converting.
    report.peakStagingBytes = std::max(report.peakStagingBytes, stagedBytes(s));
    return Status::ok();
}

// A fill in progress, "<stub>.trunk.part": one fixed-width line,
// "sluice-trunk-fill 1 <plan> <bytes>", rewritten in place after every piece
// written to the stub, so a run killed mid-fill resumes at the first byte it
// lacks. <bytes> counts the merged ranges' bytes, in order, that the stub
// holds; <plan> is the ranges' own digest (a fill planned otherwise starts
// over). Stub and record are synced every 8 MiB; after a power loss a record
// may claim bytes the stub lost, which the check of the trunk's bytes against
// the whole shard (verifyMarker) then reports.
class FillRecord {
public:
    FillRecord(std::string path, std::string plan) : m_path(std::move(path)), m_plan(std::move(plan)) {}
    ~FillRecord()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    FillRecord(const FillRecord &) = delete;
    FillRecord &operator=(const FillRecord &) = delete;

    // The bytes an earlier run recorded for this plan (0 for none); opens the record.
    Expected<uint64_t> open()
    {
        m_fd = ::open(m_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
        if (m_fd < 0)
            return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: cannot open (%2)"), m_path, std::strerror(errno));
        char buf[128] = {};
        const ssize_t n = ::pread(m_fd, buf, sizeof buf - 1, 0);
        char magic[32] = {}, plan[32] = {};
        int version = 0;
        unsigned long long bytes = 0;
        if (n > 0 && std::sscanf(buf, "%31s %d %31s %llu", magic, &version, plan, &bytes) == 4 &&
            std::string(magic) == "sluice-trunk-fill" && version == 1 && m_plan == plan)
            return uint64_t(bytes);
        return uint64_t(0);
    }
    Status write(uint64_t bytes)
    {
        char line[96];
        const int n = std::snprintf(line, sizeof line, "sluice-trunk-fill 1 %s %020llu\n", m_plan.c_str(),
                                    static_cast<unsigned long long>(bytes));
        if (::pwrite(m_fd, line, size_t(n), 0) != n)
            return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: write failed (%2)"), m_path, std::strerror(errno));
        return Status::ok();
    }
    Status sync() const
    {
        if (::fdatasync(m_fd) != 0)
            return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: fsync failed (%2)"), m_path, std::strerror(errno));
        return Status::ok();
    }

private:
    std::string m_path, m_plan;
    int m_fd = -1;
};

std::vector<std::pair<uint64_t, uint64_t>> mergeRanges(std::vector<std::pair<uint64_t, uint64_t>> ranges)
{
    std::sort(ranges.begin(), ranges.end());
    std::vector<std::pair<uint64_t, uint64_t>> merged;
    for (const auto &r : ranges) {
        if (!merged.empty() && merged.back().first + merged.back().second == r.first &&
            merged.back().second + r.second <= (64ull << 20))
            merged.back().second += r.second;
        else
            merged.push_back(r);
    }
    return merged;
}

Status writeMarker(const std::string &marker, const QCryptographicHash &hash, uint64_t total, const std::string &lines)
{
    const std::string tmp = marker + ".tmp";
    {
        std::ofstream m(tmp, std::ios::trunc);
        m << "sluice-trunk-ranges 1 " << hash.result().toHex().toStdString() << " " << total << "\n" << lines;
        if (!m.flush())
            return makeError(ErrorCode::Io, tmp + ": write failed");
    }
    if (::rename(tmp.c_str(), marker.c_str()) != 0)
        return makeError(ErrorCode::Io, marker + ": cannot write (" + std::strerror(errno) + ")");
    return Status::ok();
}

// Streams a shard's trunk ranges into its stub in place (adjacent ones
// merged), recording what arrived as it goes (FillRecord) so a stopped or
// killed run resumes at the first byte it lacks; then fsyncs the stub and
// writes the marker.
Expected<uint64_t> fillStub(const Staging &s, const std::string &shard,
                            const std::vector<std::pair<uint64_t, uint64_t>> &ranges)
{
    const auto merged = mergeRanges(ranges);
    std::string lines;
    uint64_t total = 0;
    for (const auto &[offset, bytes] : merged) {
        lines += std::to_string(offset) + " " + std::to_string(bytes) + "\n";
        total += bytes;
    }
    const std::string stub = s.shadow + "/" + shard;
    FillRecord record(fillRecordPath(stub), QCryptographicHash::hash(QByteArray::fromStdString(lines),
                                                                     QCryptographicHash::Sha256)
                                                .toHex()
                                                .left(16)
                                                .toStdString());
    auto recorded = record.open();
    if (!recorded)
        return recorded.status();
    const int fd = ::open(stub.c_str(), O_RDWR | O_CLOEXEC);
    if (fd < 0)
        return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: cannot open (%2)"), stub, std::strerror(errno));
    const struct Closer {
        int fd;
        ~Closer() { ::close(fd); }
    } closer{fd};
    QCryptographicHash hash(QCryptographicHash::Sha256);
    uint64_t written = std::min(recorded.value(), total), synced = written;
    if (!hashRanges(fd, merged, written, hash))
        return makeError(ErrorCode::Io, stub + ": cannot read back the ranges fetched before");
    uint64_t skip = written;
    for (const auto &[offset, bytes] : merged) {
        if (skip >= bytes) {
            skip -= bytes;
            continue;
        }
        uint64_t at = offset + skip;
        const uint64_t n = bytes - skip;
        skip = 0;
        SLUICE_TRY(streamHubRange(s.options, shard, at, n, [&](const char *data, size_t len) -> Status {
            if (::pwrite(fd, data, len, off_t(at)) != ssize_t(len))
                return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: write failed (%2)"), stub, std::strerror(errno));
            hash.addData(QByteArrayView(data, qsizetype(len)));
            at += len;
            written += len;
            if (written - synced >= (8ull << 20)) {
                if (::fdatasync(fd) != 0)
                    return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: fsync failed (%2)"), stub, std::strerror(errno));
                SLUICE_TRY(record.write(written));
                synced = written;
                return record.sync();
            }
            return record.write(written);
        }, s.cancel));
    }
    if (::fsync(fd) != 0)
        return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: fsync failed (%2)"), stub, std::strerror(errno));
    SLUICE_TRY(writeMarker(stub + ".trunk", hash, total, lines));
    ::unlink(fillRecordPath(stub).c_str());
    return total;
}

// The trunk's ranges of shards not here yet, into their stubs (once: a marker
// says a stub is filled), within the staging bound.
Status fillRanges(Staging &s, const convert::SourceNeed &need, uint64_t maxStaging, StagedConvertReport &report)
{
    std::map<std::string, std::vector<std::pair<uint64_t, uint64_t>>> byShard;
    uint64_t bytes = 0;
    for (const convert::SourceRange &r : need.ranges) {
        if (s.present.count(r.shard) || s.filled.count(r.shard))
            continue;
        byShard[r.shard].emplace_back(r.offset, r.bytes);
        bytes += r.bytes;
    }
    if (maxStaging > 0 && stagedBytes(s) + bytes > maxStaging)
        return makeError(ErrorCode::Budget,
                         SLUICE_ERRT("Error", "the trunk reads %1 bytes from shards not fetched yet while %2 bytes are "
                                              "staged: more than the staging bound of %3 bytes (--max-staging)"),
                         bytes, stagedBytes(s), maxStaging);
    for (auto &[shard, ranges] : byShard) {
        auto filled = fillStub(s, shard, ranges);
        if (!filled)
            return filled.status();
        s.filled[shard] = filled.value();
        report.rangeBytes += filled.value();
    }
    report.peakStagingBytes = std::max(report.peakStagingBytes, stagedBytes(s));
    return Status::ok();
}


// Before any shard is fetched: from the index (weight_map: tensor -> shard),
// the shards holding each MoE layer's routed experts ("…layers.L.….experts.E…";
// "shared_experts" are trunk tensors). A layer whose shards alone exceed the
// bound can never be converted within it.
Status checkLayersFit(const Staging &s, uint64_t maxStaging)
{
    if (maxStaging == 0)
        return Status::ok();
    QFile index(QString::fromStdString(s.folder + "/model.safetensors.index.json"));
    if (!index.open(QIODevice::ReadOnly))
        return Status::ok(); // a single-file release: the converter's steps say it
    const QJsonObject map = QJsonDocument::fromJson(index.readAll()).object().value("weight_map").toObject();
    std::map<int, std::set<std::string>> layers;
    for (auto it = map.begin(); it != map.end(); ++it) {
        const std::string name = it.key().toStdString();
        const size_t experts = name.find(".experts."), at = name.find("layers.");
        if (experts == std::string::npos || at == std::string::npos || at > experts)
            continue;
        layers[std::atoi(name.c_str() + at + 7)].insert(it.value().toString().toStdString());
    }
    for (const auto &[layer, files] : layers) {
        uint64_t need = 0;
        std::string names;
        for (const HubFile &f : s.shards)
            if (files.count(f.path)) {
                need += f.size;
                names += (names.empty() ? "" : ", ") + f.path;
            }
        if (need > maxStaging)
            return makeError(ErrorCode::Budget,
                             SLUICE_ERRT("Error", "layer %1 needs the shards %2: %3 bytes, more than the staging bound "
                                                  "of %4 bytes (--max-staging; from model.safetensors.index.json, "
                                                  "before any shard was fetched)"),
                             layer, names, need, maxStaging);
    }
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
    Staging s{options, cancel, staging, convert::workDirectory(out) + "/source", {}, {}, {}};
    std::vector<HubFile> small;
    for (const HubFile &f : *listed)
        (isShard(f) ? s.shards : small).push_back(f);
    if (s.shards.empty())
        return makeError(ErrorCode::NotFound, SLUICE_ERRT("Error", "%1: the repository has no safetensors shards to convert"),
                         options.repo);
    auto fetched = downloadHubFiles(options, small, staging, progress, cancel);
    if (!fetched)
        return fetched.status();
    report.download = *fetched;
    SLUICE_TRY(checkLayersFit(s, maxStagingBytes));
    for (const std::string &dir : {out, convert::workDirectory(out), s.shadow})
        SLUICE_TRY(makeFolder(dir));
    report.peakStagingBytes = stagedBytes(s);
    for (;;) {
        SLUICE_TRY(survey(s, convert::readReclaimLedger(convert::workDirectory(out)), report));
        std::string step;
        std::vector<std::string> wanted;
        convert::ConvertOptions co = convert;
        co.reclaim = true;
        co.needShards = [&](const convert::SourceNeed &need) -> Status {
            for (const std::string &n : need.shards)
                if (!s.present.count(n))
                    wanted.push_back(n);
            if (wanted.empty())
                return fillRanges(s, need, maxStagingBytes, report);
            step = need.step;
            return makeError(ErrorCode::Cancelled, need.step + " waits for its shards");
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
            return makeError(ErrorCode::Cancelled, SLUICE_ERRT("Error", "download stopped"));
        SLUICE_TRY(fetchStep(s, step, wanted, maxStagingBytes, report, progress, cancel));
    }
}

} // namespace sluice
