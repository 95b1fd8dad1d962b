#include "model/session.h"

#include "util/bytes.h"
#include "util/regularfile.h"

#include <algorithm>
#include <cmath>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace sluice::model {

namespace {

constexpr int kShapeFields = 12;

void shapeFields(const ModelConfig &cfg, int ctx, int pos, int32_t *f)
{
    const int32_t v[kShapeFields] = {cfg.nLayers,  cfg.hidden,     cfg.vocab,     cfg.kdaHeads,
                                     cfg.kdaHeadDim, cfg.convKernel, cfg.nHeads,  cfg.kvLoraRank,
                                     cfg.qkRopeDim, ctx,            pos,           0};
    std::memcpy(f, v, sizeof v);
}

const char *kFieldNames[kShapeFields] = {"layers",   "hidden",  "vocab",   "KDA heads",        "KDA head dim",
                                         "conv kernel", "MLA heads", "kv_lora_rank", "qk_rope_head_dim",
                                         "context capacity", "position", "reserved"};

} // namespace

Status saveSession(const std::string &path, const ModelConfig &cfg, uint64_t fingerprint, const ForwardPass &fp)
{
    if (path.empty())
        return makeError(ErrorCode::InvalidArgument, "no session file name given");
    std::string out;
    appendLe32(out, kSessionMagic);
    appendLe32(out, kSessionVersion);
    appendLe64(out, fingerprint);
    int32_t f[kShapeFields];
    shapeFields(cfg, fp.contextLength(), fp.position(), f);
    for (int32_t v : f)
        appendLe32(out, uint32_t(v));
    for (int L = 0; L < cfg.nLayers; ++L)
        out.push_back(cfg.layerIsKda[size_t(L)] ? 1 : 2);
    const auto &states = fp.layerStates();
    const size_t row = size_t(cfg.kvLoraRank + cfg.qkRopeDim);
    for (int L = 0; L < cfg.nLayers; ++L) {
        const auto &s = states[size_t(L)];
        if (cfg.layerIsKda[size_t(L)]) {
            out.append(reinterpret_cast<const char *>(s.s.data()), s.s.size() * 4);
            out.append(reinterpret_cast<const char *>(s.conv.data()), s.conv.size() * 4);
        } else {
            const int32_t nkv = fp.position();
            appendLe32(out, uint32_t(nkv));
            out.append(reinterpret_cast<const char *>(s.kv.data()), size_t(nkv) * row * 4);
        }
    }
    const uint64_t sum = fnv1a64(out.data(), out.size());
    appendLe64(out, sum);

    const std::string tmp = path + ".tmp." + std::to_string(::getpid());
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0)
        return makeError(ErrorCode::Io, tmp + ": cannot create (" + std::strerror(errno) + ")");
    size_t done = 0;
    while (done < out.size()) {
        const ssize_t w = ::write(fd, out.data() + done, out.size() - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            const std::string why = std::strerror(errno);
            ::close(fd);
            ::unlink(tmp.c_str());
            return makeError(ErrorCode::Io, tmp + ": write failed (" + why + ")");
        }
        done += size_t(w);
    }
    if (::fsync(fd) != 0 || ::close(fd) != 0) {
        ::unlink(tmp.c_str());
        return makeError(ErrorCode::Io, tmp + ": fsync/close failed");
    }
    if (::rename(tmp.c_str(), path.c_str()) != 0) {
        const std::string why = std::strerror(errno);
        ::unlink(tmp.c_str());
        return makeError(ErrorCode::Io, path + ": rename failed (" + why + ")");
    }
    // Make the rename itself durable.
    const size_t slash = path.find_last_of('/');
    const std::string dir = slash == std::string::npos ? "." : (slash == 0 ? "/" : path.substr(0, slash));
    const int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd >= 0) {
        ::fsync(dfd);
        ::close(dfd);
    }
    return Status::ok();
}

uint64_t maxSessionBytes(const ModelConfig &cfg, int contextLength)
{
    const uint64_t H = uint64_t(cfg.kdaHeads), D = uint64_t(cfg.kdaHeadDim), C = H * D;
    const uint64_t R = uint64_t(std::max(cfg.convKernel - 1, 0));
    const uint64_t row = uint64_t(cfg.kvLoraRank + cfg.qkRopeDim);
    uint64_t bytes = 4 + 4 + 8 + kShapeFields * 4 + uint64_t(cfg.nLayers) + 8;
    for (int L = 0; L < cfg.nLayers; ++L)
        bytes += cfg.layerIsKda[size_t(L)] ? (H * D * D + 3 * C * R) * 4 : 4 + uint64_t(contextLength) * row * 4;
    return bytes;
}

Expected<int> checkSessionBytes(std::string_view data, const ModelConfig &cfg, int contextLength,
                                uint64_t fingerprint, const std::string &where)
{
    if (int(cfg.layerIsKda.size()) < cfg.nLayers)
        return makeError(ErrorCode::InvalidArgument, where + "model config without layer kinds");
    const size_t headerBytes = 4 + 4 + 8 + kShapeFields * 4 + size_t(cfg.nLayers);
    if (data.size() < headerBytes + 8)
        return makeError(ErrorCode::Format, where + "truncated session file (" + std::to_string(data.size()) +
                                                " bytes)");
    const uint32_t magic = loadLe32(data, 0);
    const uint32_t version = loadLe32(data, 4);
    const uint64_t fp0 = loadLe64(data, 8);
    if (magic != kSessionMagic)
        return makeError(ErrorCode::Format, where + "not a Sluice session file");
    if (version != kSessionVersion)
        return makeError(ErrorCode::Unsupported, where + "session version " + std::to_string(version) +
                                                     " (this build reads " + std::to_string(kSessionVersion) + ")");
    int32_t f[kShapeFields], want[kShapeFields];
    for (int i = 0; i < kShapeFields; ++i)
        f[i] = int32_t(loadLe32(data, 16 + 4 * size_t(i)));
    const int pos = f[10];
    shapeFields(cfg, contextLength, pos, want);
    for (int i = 0; i < kShapeFields; ++i) {
        if (i == 9 || i == 10)
            continue; // capacity and position are checked below
        if (f[i] != want[i])
            return makeError(ErrorCode::Format, where + "saved for another model: " + kFieldNames[i] + " " +
                                                    std::to_string(f[i]) + ", this model has " +
                                                    std::to_string(want[i]));
    }
    if (fp0 != fingerprint)
        return makeError(ErrorCode::Format, where + "saved for another model (container fingerprint differs)");
    if (pos < 0 || pos > contextLength)
        return makeError(ErrorCode::ContextFull, where + "position " + std::to_string(pos) +
                                                     " exceeds this engine's context length " +
                                                     std::to_string(contextLength));
    for (int L = 0; L < cfg.nLayers; ++L) {
        const char kind = data[16 + sizeof f + size_t(L)];
        if (kind != (cfg.layerIsKda[size_t(L)] ? 1 : 2))
            return makeError(ErrorCode::Format, where + "layer " + std::to_string(L) + " has another type");
    }
    const size_t H = size_t(cfg.kdaHeads), D = size_t(cfg.kdaHeadDim), C = H * D;
    const size_t R = size_t(std::max(cfg.convKernel - 1, 0));
    const size_t row = size_t(cfg.kvLoraRank + cfg.qkRopeDim);
    size_t expect = headerBytes;
    for (int L = 0; L < cfg.nLayers; ++L)
        expect += cfg.layerIsKda[size_t(L)] ? (H * D * D + 3 * C * R) * 4 : 4 + size_t(pos) * row * 4;
    if (data.size() != expect + 8)
        return makeError(ErrorCode::Format, where + "file is " + std::to_string(data.size()) + " bytes, expected " +
                                                std::to_string(expect + 8) + " (truncated or damaged)");
    const uint64_t sum = loadLe64(data, expect);
    if (sum != fnv1a64(data.data(), expect))
        return makeError(ErrorCode::Checksum, where + "checksum mismatch (damaged session file)");
    // Check every MLA n_kv and every value before touching anything: a
    // checksummed file can still carry NaN state (saved after a bad step),
    // which would turn every later logit into NaN.
    size_t off = headerBytes;
    const auto finite = [&](size_t at, size_t count, int layer) -> Status {
        for (size_t i = 0; i < count; ++i) {
            float v;
            std::memcpy(&v, data.data() + at + i * 4, 4);
            if (!std::isfinite(v))
                return makeError(ErrorCode::Format, where + "layer " + std::to_string(layer) +
                                                        ": non-finite state value at index " + std::to_string(i));
        }
        return Status::ok();
    };
    for (int L = 0; L < cfg.nLayers; ++L) {
        if (cfg.layerIsKda[size_t(L)]) {
            const size_t count = H * D * D + 3 * C * R;
            SLUICE_TRY(finite(off, count, L));
            off += count * 4;
        } else {
            const int32_t nkv = int32_t(loadLe32(data, off));
            if (nkv != pos)
                return makeError(ErrorCode::Format, where + "layer " + std::to_string(L) + " holds " +
                                                        std::to_string(nkv) + " positions, position is " +
                                                        std::to_string(pos));
            SLUICE_TRY(finite(off + 4, size_t(pos) * row, L));
            off += 4 + size_t(pos) * row * 4;
        }
    }
    return pos;
}

Status loadSession(const std::string &path, const ModelConfig &cfg, uint64_t fingerprint, ForwardPass &fp)
{
    // Only a regular file no larger than this engine's largest session: a
    // directory, FIFO or /dev/zero is named, never read (or waited on).
    auto read = readRegularFile(path, maxSessionBytes(cfg, fp.contextLength()), path + " (session file)");
    if (!read)
        return read.status();
    const std::string &data = *read;
    const std::string where = path + ": ";
    auto checked = checkSessionBytes(data, cfg, fp.contextLength(), fingerprint, where);
    if (!checked)
        return checked.status();
    const int pos = *checked;
    const size_t headerBytes = 4 + 4 + 8 + kShapeFields * 4 + size_t(cfg.nLayers);
    const size_t row = size_t(cfg.kvLoraRank + cfg.qkRopeDim);
    size_t off = headerBytes;
    // Valid: copy into the live state.
    auto &states = fp.layerStates();
    for (int L = 0; L < cfg.nLayers; ++L) {
        auto &s = states[size_t(L)];
        if (cfg.layerIsKda[size_t(L)]) {
            std::memcpy(s.s.data(), data.data() + off, s.s.size() * 4);
            off += s.s.size() * 4;
            std::memcpy(s.conv.data(), data.data() + off, s.conv.size() * 4);
            off += s.conv.size() * 4;
        } else {
            off += 4;
            std::fill(s.kv.begin(), s.kv.end(), 0.0f);
            std::memcpy(s.kv.data(), data.data() + off, size_t(pos) * row * 4);
            off += size_t(pos) * row * 4;
        }
    }
    fp.setPosition(pos);
    return Status::ok();
}

} // namespace sluice::model
