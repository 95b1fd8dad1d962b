#include "convert/trunkpass.h"

#include "convert/bankfile.h"
#include "convert/converter.h"
#include "format/container.h"
#include "format/release.h"
#include "format/trunkquant.h"
#include "util/bytes.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace sluice::convert {

std::vector<TensorInfo> planTrunk(const ReleaseCheckpoint &release, const ConvertOptions &o)
{
    std::vector<TensorInfo> plan;
    uint64_t at = 0;
    for (const TensorInfo &source : release.trunkTensors()) {
        TensorInfo t;
        t.name = source.name;
        t.shape = source.shape;
        t.rows = 1;
        uint64_t elements = 1;
        for (int64_t d : t.shape)
            elements *= uint64_t(d);
        for (size_t i = 0; i + 1 < t.shape.size(); ++i)
            t.rows *= uint64_t(t.shape[i]);
        t.cols = t.shape.empty() ? 1 : uint64_t(t.shape.back());
        // ContainerWriter::chooseFormat's arithmetic.
        const uint64_t scaled = elements >= o.minQuantElements ? std::max<uint64_t>(elements, 65536) : 0;
        t.fmt = defaultTrunkFormat(t.name.c_str(), t.shape.size(), scaled, o.trunkBits);
        t.offset = at;
        at += t.payloadBytes();
        if (t.isGrouped()) {
            t.scaleOffset = at;
            at += t.scaleBytes();
        }
        t.bytes = t.payloadBytes() + t.scaleBytes();
        plan.push_back(std::move(t));
    }
    return plan;
}

uint64_t trunkFileBytes(const std::vector<TensorInfo> &plan)
{
    uint64_t end = 0;
    for (const TensorInfo &t : plan)
        end = std::max(end, (t.isGrouped() ? t.scaleOffset + t.scaleBytes() : t.offset + t.payloadBytes()));
    return end;
}

uint64_t trunkRowWorkingBytes(const TensorInfo &t, const SafetensorsTensor &source)
{
    // Source bytes, the row as f32, its quantised payload, its scales.
    return t.cols * safetensorsDtypeBytes(source.dtype) + t.cols * 4 + t.rowBytes() +
           (t.isGrouped() ? t.groups() * 2 * 2 : 0);
}

uint64_t trunkBandRows(const TensorInfo &t, const SafetensorsTensor &source, uint64_t bandBytes)
{
    const uint64_t perRow = std::max<uint64_t>(1, trunkRowWorkingBytes(t, source));
    return std::max<uint64_t>(1, std::min<uint64_t>(std::max<uint64_t>(t.rows, 1), bandBytes / perRow));
}

uint64_t trunkPeakBytes(const ReleaseCheckpoint &release, const std::vector<TensorInfo> &plan, uint64_t bandBytes)
{
    uint64_t peak = 0;
    for (size_t i = 0; i < plan.size(); ++i) {
        const uint64_t rows = trunkBandRows(plan[i], release.trunkSource(i), bandBytes);
        peak = std::max(peak, rows * trunkRowWorkingBytes(plan[i], release.trunkSource(i)));
    }
    return peak;
}

uint64_t trunkSourceBytes(const ReleaseCheckpoint &release)
{
    uint64_t total = 0;
    for (size_t i = 0; i < release.trunkTensors().size(); ++i)
        total += release.trunkSource(i).bytes;
    return total;
}

namespace {

constexpr const char *kCheckpointMagic = "sluice-trunk-progress";

struct Position {
    size_t tensor = 0;
    uint64_t row = 0;
};

// The end of what has been written up to `at` (payloads and scales are
// written band by band at their offsets, so the file is at least this long).
uint64_t writtenEnd(const std::vector<TensorInfo> &plan, const Position &at)
{
    if (at.tensor >= plan.size())
        return trunkFileBytes(plan);
    const TensorInfo &t = plan[at.tensor];
    if (at.row == 0)
        return t.offset;
    return t.isGrouped() ? t.scaleOffset + at.row * t.groups() * 2 : t.offset + at.row * t.rowBytes();
}

// A checkpoint is trusted only when it names a position inside this plan
// and the .tmp holds everything before it (it was fsynced before the
// checkpoint was written); anything else restarts the pass.
bool readCheckpoint(const TrunkPassFiles &files, const std::vector<TensorInfo> &plan, Position &at)
{
    std::FILE *f = std::fopen(files.checkpoint.c_str(), "re");
    if (!f)
        return false;
    char magic[32] = {};
    unsigned long long fileBytes = 0, tensor = 0, row = 0;
    int version = 0;
    const int n = std::fscanf(f, "%31s %d %llu %llu %llu", magic, &version, &fileBytes, &tensor, &row);
    std::fclose(f);
    if (n != 5 || std::strcmp(magic, kCheckpointMagic) != 0 || version != 1 || fileBytes != trunkFileBytes(plan) ||
        tensor > plan.size() || (tensor == plan.size() && row != 0) || (tensor < plan.size() && row > plan[tensor].rows))
        return false;
    at.tensor = size_t(tensor);
    at.row = row;
    struct stat st;
    return ::stat(files.tmp.c_str(), &st) == 0 && uint64_t(st.st_size) >= writtenEnd(plan, at);
}

Status writeCheckpoint(const TrunkPassFiles &files, const std::vector<TensorInfo> &plan, const Position &at)
{
    const std::string text = std::string(kCheckpointMagic) + " 1 " + std::to_string(trunkFileBytes(plan)) + " " +
                             std::to_string(at.tensor) + " " + std::to_string(at.row) + "\n";
    const std::string tmp = files.checkpoint + ".tmp";
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0)
        return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: cannot create (%2)"), tmp, std::strerror(errno));
    const bool ok = ::write(fd, text.data(), text.size()) == ssize_t(text.size()) && ::fsync(fd) == 0;
    const int err = errno;
    ::close(fd);
    if (!ok)
        return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: write failed (%2)"), tmp, std::strerror(err));
    if (::rename(tmp.c_str(), files.checkpoint.c_str()) != 0)
        return makeError(
            ErrorCode::Io, SLUICE_ERRT("Error", "%1: rename failed (%2)"), files.checkpoint, std::strerror(errno));
    syncDirectoryOf(files.checkpoint);
    return Status::ok();
}

} // namespace

Expected<uint64_t> writeTrunk(const ReleaseCheckpoint &release, const std::vector<TensorInfo> &plan,
                              const TrunkPassFiles &files, const TrunkPassLimits &limits,
                              const TrunkProgressFn &progress)
{
    const uint64_t bandBytes = std::max<uint64_t>(1, limits.bandBytes);
    Position at;
    const bool resume = readCheckpoint(files, plan, at);
    if (!resume)
        ::unlink(files.checkpoint.c_str());
    const int fd = ::open(files.tmp.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC | (resume ? 0 : O_TRUNC), 0644);
    if (fd < 0)
        return makeError(
            ErrorCode::Io, SLUICE_ERRT("Error", "%1: cannot create (%2)"), files.tmp, std::strerror(errno));
    struct Closer {
        int fd;
        ~Closer() { ::close(fd); }
    } closer{fd};
    // what: "%1: write failed (%2)" with the file and the system's reason.
    auto ioError = [&](ErrorTemplate what) { return makeError(ErrorCode::Io, what, files.tmp, std::strerror(errno)); };
    auto put = [&](const void *data, size_t bytes, uint64_t offset) {
        size_t done = 0;
        while (done < bytes) {
            const ssize_t n = ::pwrite(fd, static_cast<const uint8_t *>(data) + done, bytes - done, off_t(offset + done));
            if (n <= 0)
                return false;
            done += size_t(n);
        }
        return true;
    };
    // Everything written so far is made durable before the checkpoint names it.
    auto checkpoint = [&]() -> Status {
        if (::fsync(fd) != 0)
            return ioError(SLUICE_ERRT("Error", "%1: fsync failed (%2)"));
        return writeCheckpoint(files, plan, at);
    };

    const SafetensorsCheckpoint &st = release.safetensors();
    TrunkProgress pr;
    pr.tensors = plan.size();
    pr.bytesTotal = trunkSourceBytes(release);
    for (size_t i = 0; i < at.tensor && i < plan.size(); ++i)
        pr.bytesDone += release.trunkSource(i).bytes;
    if (at.tensor < plan.size())
        pr.bytesDone += at.row * plan[at.tensor].cols * safetensorsDtypeBytes(release.trunkSource(at.tensor).dtype);
    pr.bytesResumed = pr.bytesDone;

    std::vector<uint8_t> raw, payload, scaleBytes;
    std::vector<float> values;
    std::vector<uint16_t> scales;
    uint64_t sinceCheckpoint = 0;
    for (; at.tensor < plan.size(); ++at.tensor, at.row = 0) {
        const TensorInfo &t = plan[at.tensor];
        const SafetensorsTensor &source = release.trunkSource(at.tensor);
        const size_t elemBytes = safetensorsDtypeBytes(source.dtype);
        if (source.dtype == SafetensorsDtype::U8)
            return makeError(
                ErrorCode::Format, SLUICE_ERRT("Error", "%1: U8 where BF16 or F32 was expected"), st.describe(source));
        if (uint64_t(t.rows) * t.cols * elemBytes != source.bytes)
            return makeError(
                ErrorCode::Format, SLUICE_ERRT("Error", "%1: its bytes do not match its shape"), st.describe(source));
        const uint64_t band = trunkBandRows(t, source, bandBytes), rowBytes = t.rowBytes(), groups = t.groups();
        pr.tensor = at.tensor;
        pr.rows = t.rows;
        while (at.row < t.rows) {
            pr.row = at.row;
            if (progress) {
                if (Status s = progress(pr); !s.isOk()) {
                    SLUICE_TRY(checkpoint());
                    return s;
                }
            }
            const uint64_t n = std::min(band, t.rows - at.row), elements = n * t.cols;
            raw.resize(size_t(elements * elemBytes));
            values.resize(size_t(elements));
            SLUICE_TRY(preadFully(st.shardFd(source.shard), raw.data(), raw.size(),
                                  source.offset + at.row * t.cols * elemBytes, st.describe(source)));
            if (source.dtype == SafetensorsDtype::F32) {
                std::memcpy(values.data(), raw.data(), raw.size());
            } else {
                for (size_t j = 0; j < values.size(); ++j) {
                    const uint32_t bits = uint32_t(loadLe16(raw.data() + 2 * j)) << 16;
                    std::memcpy(&values[j], &bits, 4);
                }
            }
            for (size_t j = 0; j < values.size(); ++j) {
                if (!std::isfinite(values[j]))
                    return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1: non-finite value at element %2"),
                        st.describe(source), at.row * t.cols + j);
            }
            payload.assign(size_t(n * rowBytes), 0);
            scales.assign(t.isGrouped() ? size_t(n * groups) : 0, 0);
            for (uint64_t r = 0; r < n; ++r)
                quantizeTrunkRow(t.fmt, false, values.data() + r * t.cols, size_t(t.cols), payload.data() + r * rowBytes,
                                 t.isGrouped() ? scales.data() + r * groups : nullptr);
            if (!put(payload.data(), payload.size(), t.offset + at.row * rowBytes))
                return ioError(SLUICE_ERRT("Error", "%1: write failed (%2)"));
            if (t.isGrouped()) {
                scaleBytes.resize(scales.size() * 2);
                for (size_t k = 0; k < scales.size(); ++k)
                    storeLe16(scaleBytes.data() + 2 * k, scales[k]);
                if (!put(scaleBytes.data(), scaleBytes.size(), t.scaleOffset + at.row * groups * 2))
                    return ioError(SLUICE_ERRT("Error", "%1: write failed (%2)"));
            }
            at.row += n;
            pr.bytesDone += raw.size();
            sinceCheckpoint += n * trunkRowWorkingBytes(t, source);
            if (sinceCheckpoint >= limits.checkpointBytes) { // (tensor, rows) = this tensor done
                SLUICE_TRY(checkpoint());
                sinceCheckpoint = 0;
            }
        }
    }
    if (::ftruncate(fd, off_t(trunkFileBytes(plan))) != 0)
        return ioError(SLUICE_ERRT("Error", "%1: truncate failed (%2)"));
    if (::fsync(fd) != 0)
        return ioError(SLUICE_ERRT("Error", "%1: fsync failed (%2)"));
    if (::rename(files.tmp.c_str(), files.final.c_str()) != 0)
        return makeError(
            ErrorCode::Io, SLUICE_ERRT("Error", "%1: rename failed (%2)"), files.final, std::strerror(errno));
    syncDirectoryOf(files.final);
    ::unlink(files.checkpoint.c_str());
    return pr.bytesResumed;
}

} // namespace sluice::convert
