#include "convert/trunkpass.h"

#include "convert/bankfile.h"
#include "convert/converter.h"
#include "format/release.h"
#include "format/trunkquant.h"
#include "util/bytes.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <fcntl.h>
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

Status writeTrunk(const ReleaseCheckpoint &release, const std::vector<TensorInfo> &plan, const std::string &tmpPath,
                  const std::string &finalPath)
{
    const int fd = ::open(tmpPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0)
        return makeError(ErrorCode::Io, tmpPath + ": cannot create (" + std::strerror(errno) + ")");
    auto fail = [&](const std::string &what) {
        const Status s = makeError(ErrorCode::Io, tmpPath + ": " + what + " (" + std::strerror(errno) + ")");
        ::close(fd);
        return s;
    };
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
    for (size_t i = 0; i < plan.size(); ++i) {
        const TensorInfo &t = plan[i];
        auto values = release.readTrunkFloat(release.trunkTensors()[i]);
        if (!values) {
            ::close(fd);
            return values.status();
        }
        for (size_t j = 0; j < values->size(); ++j) {
            if (!std::isfinite((*values)[j])) {
                ::close(fd);
                return makeError(ErrorCode::Format, release.safetensors().describe(release.trunkSource(i)) +
                                                        ": non-finite value at element " + std::to_string(j));
            }
        }
        const uint64_t rowBytes = t.rowBytes(), groups = t.groups();
        std::vector<uint8_t> payload(size_t(t.payloadBytes()));
        std::vector<uint16_t> scales(t.isGrouped() ? size_t(t.rows * groups) : 0);
        for (uint64_t r = 0; r < t.rows; ++r)
            quantizeTrunkRow(t.fmt, false, values->data() + r * t.cols, size_t(t.cols), payload.data() + r * rowBytes,
                             t.isGrouped() ? scales.data() + r * groups : nullptr);
        std::vector<float>().swap(values.value());
        if (!put(payload.data(), payload.size(), t.offset))
            return fail("write failed");
        if (t.isGrouped()) {
            std::vector<uint8_t> raw(scales.size() * 2);
            for (size_t k = 0; k < scales.size(); ++k)
                storeLe16(raw.data() + 2 * k, scales[k]);
            if (!put(raw.data(), raw.size(), t.scaleOffset))
                return fail("write failed");
        }
    }
    if (::fsync(fd) != 0)
        return fail("fsync failed");
    ::close(fd);
    if (::rename(tmpPath.c_str(), finalPath.c_str()) != 0)
        return makeError(ErrorCode::Io, finalPath + ": rename failed (" + std::strerror(errno) + ")");
    syncDirectoryOf(finalPath);
    return Status::ok();
}

} // namespace sluice::convert
