#include "model/session.h"

#include "util/atomicfile.h"
#include "util/regularfile.h"
#include "util/virtualmemory.h"

#include <algorithm>
#include <cmath>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace sluice::model {

size_t kdaStateFloats(const ModelConfig &cfg)
{
    const size_t H = size_t(cfg.kdaHeads), D = size_t(cfg.kdaHeadDim), R = size_t(std::max(0, cfg.convKernel - 1));
    size_t n = 0;
    for (int L = 0; L < cfg.nLayers; ++L)
        if (cfg.layerIsKda[size_t(L)])
            n += H * D * D + 3 * H * D * R;
    return n;
}

void copyKdaState(const ModelConfig &cfg, const ForwardPass &fp, std::vector<float> &out)
{
    out.resize(kdaStateFloats(cfg));
    size_t off = 0;
    for (int L = 0; L < cfg.nLayers; ++L) {
        if (!cfg.layerIsKda[size_t(L)])
            continue;
        const auto &s = fp.layerStates()[size_t(L)];
        std::copy(s.s.begin(), s.s.end(), out.begin() + ptrdiff_t(off));
        off += s.s.size();
        std::copy(s.conv.begin(), s.conv.end(), out.begin() + ptrdiff_t(off));
        off += s.conv.size();
    }
}

void restoreKdaState(const ModelConfig &cfg, const std::vector<float> &in, ForwardPass &fp)
{
    size_t off = 0;
    for (int L = 0; L < cfg.nLayers; ++L) {
        if (!cfg.layerIsKda[size_t(L)])
            continue;
        auto &s = fp.layerStates()[size_t(L)];
        std::copy_n(in.begin() + ptrdiff_t(off), s.s.size(), s.s.begin());
        off += s.s.size();
        std::copy_n(in.begin() + ptrdiff_t(off), s.conv.size(), s.conv.begin());
        off += s.conv.size();
    }
}

namespace {

constexpr int kShapeFields = 12;

// Magic, version, fingerprint, the shape fields and one kind byte per layer.
size_t sessionHeaderBytes(const ModelConfig &cfg)
{
    return 4 + 4 + 8 + kShapeFields * 4 + size_t(cfg.nLayers);
}

// The last field was reserved (0) until issue 31: it now holds a lowered
// experts per token (0 = the model's own, so older files read as that). The
// state depends on it, so a session is continued only with the same value.
int32_t expertsField(const ModelConfig &cfg) { return cfg.expertsReduced() ? cfg.topK : 0; }

void shapeFields(const ModelConfig &cfg, int ctx, int pos, int32_t *f)
{
    const int32_t v[kShapeFields] = {cfg.nLayers,  cfg.hidden,     cfg.vocab,     cfg.kdaHeads,
                                     cfg.kdaHeadDim, cfg.convKernel, cfg.nHeads,  cfg.kvLoraRank,
                                     cfg.qkRopeDim, ctx,            pos,           expertsField(cfg)};
    std::memcpy(f, v, sizeof v);
}

const char *kFieldNames[kShapeFields] = {"layers",   "hidden",  "vocab",   "KDA heads",        "KDA head dim",
                                         "conv kernel", "MLA heads", "kv_lora_rank", "qk_rope_head_dim",
                                         "context capacity", "position", "experts per token"};

template <typename T>
void put(std::string &out, const T &v)
{
    out.append(reinterpret_cast<const char *>(&v), sizeof v);
}

void putFloats(std::string &out, const std::vector<float> &v)
{
    out.append(reinterpret_cast<const char *>(v.data()), v.size() * 4);
}

// Bounds-checked reads over the file's bytes: every count is checked against
// what is left before anything is allocated.
class Reader {
public:
    Reader(std::string_view data, size_t end)
        : m_data(data)
        , m_end(end)
    {
    }
    template <typename T>
    bool get(T &v)
    {
        if (m_end - m_off < sizeof v)
            return false;
        std::memcpy(&v, m_data.data() + m_off, sizeof v);
        m_off += sizeof v;
        return true;
    }
    bool floats(size_t n, std::vector<float> *out)
    {
        if (n > (m_end - m_off) / 4)
            return false;
        for (size_t i = 0; i < n; ++i) {
            float v;
            std::memcpy(&v, m_data.data() + m_off + 4 * i, 4);
            if (!std::isfinite(v))
                return false;
        }
        if (out) {
            out->resize(n);
            std::memcpy(out->data(), m_data.data() + m_off, n * 4);
        }
        m_off += n * 4;
        return true;
    }
    // The index of the first non-finite float of the next n (which must be there), or -1.
    int64_t firstNonFinite(size_t n) const
    {
        for (size_t i = 0; i < n; ++i) {
            float v;
            std::memcpy(&v, m_data.data() + m_off + 4 * i, 4);
            if (!std::isfinite(v))
                return int64_t(i);
        }
        return -1;
    }
    bool skip(size_t n)
    {
        if (n > m_end - m_off)
            return false;
        m_off += n;
        return true;
    }
    size_t offset() const { return m_off; }
    size_t remaining() const { return m_end - m_off; }
    bool atEnd() const { return m_off == m_end; }

private:
    std::string_view m_data;
    size_t m_end;
    size_t m_off = 0;
};

} // namespace

Status saveSession(const std::string &path, const ModelConfig &cfg, uint64_t fingerprint, const ForwardPass &fp,
                   const SessionHistory &h)
{
    if (path.empty())
        return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "no session file name given"));
    const int pos = fp.position();
    if (int(h.ids.size()) != pos)
        return makeError(ErrorCode::Internal, "session: " + std::to_string(h.ids.size()) + " ids for " +
                                                  std::to_string(pos) + " positions");
    std::string out;
    put(out, kSessionMagic);
    put(out, kSessionVersion);
    put(out, fingerprint);
    int32_t f[kShapeFields];
    shapeFields(cfg, fp.contextLength(), pos, f);
    out.append(reinterpret_cast<const char *>(f), sizeof f);
    for (int L = 0; L < cfg.nLayers; ++L)
        out.push_back(cfg.layerIsKda[size_t(L)] ? 1 : 2);
    const auto &states = fp.layerStates();
    const size_t row = size_t(cfg.kvLoraRank + cfg.qkRopeDim);
    for (int L = 0; L < cfg.nLayers; ++L) {
        const auto &s = states[size_t(L)];
        if (cfg.layerIsKda[size_t(L)]) {
            putFloats(out, s.s);
            putFloats(out, s.conv);
        } else {
            put(out, int32_t(pos));
            out.append(reinterpret_cast<const char *>(s.kv.data()), size_t(pos) * row * 4);
        }
    }
    out.append(reinterpret_cast<const char *>(h.ids.data()), h.ids.size() * 4);
    put(out, uint32_t(h.images.size()));
    for (const ImageSpan &im : h.images) {
        put(out, int32_t(im.start));
        put(out, int32_t(im.identity.tokens));
        put(out, int32_t(im.identity.width));
        put(out, int32_t(im.identity.height));
        put(out, im.identity.pixelHash);
        put(out, im.identity.fileHash);
    }
    put(out, uint32_t(h.lastLogits.size()));
    putFloats(out, h.lastLogits);
    put(out, uint32_t(h.checkpoints.size()));
    for (const Checkpoint &c : h.checkpoints) {
        put(out, int32_t(c.position));
        put(out, uint32_t(c.logits.size()));
        putFloats(out, c.kda);
        putFloats(out, c.logits);
    }
    const uint64_t sum = fnv1a64(out.data(), out.size());
    put(out, sum);
    return writeFileAtomically(path, out, path + " (session file)");
}

namespace {

// Step 1 of checkSessionBytes: magic, version, whole-file checksum, the model's
// shape and fingerprint, the layer kinds. Answers the saved position.
Expected<int> checkSessionHeader(std::string_view data, const ModelConfig &cfg, int contextLength,
                                 uint64_t fingerprint, const std::string &where)
{
    if (int(cfg.layerIsKda.size()) < cfg.nLayers)
        return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "%1model config without layer kinds"), where);
    const size_t headerBytes = sessionHeaderBytes(cfg);
    if (data.size() < 8)
        return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1not a Sluice session file (%2 bytes)"), where,
                         data.size());
    uint32_t magic, version;
    std::memcpy(&magic, data.data(), 4);
    std::memcpy(&version, data.data() + 4, 4);
    if (magic != kSessionMagic)
        return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1not a Sluice session file"), where);
    if (version < kSessionVersion)
        return makeError(ErrorCode::Unsupported,
                         SLUICE_ERRT("Error", "%1session version %2 (this build reads %3; saved by an older Sluice, the "
                                              "conversation must be read again)"),
                         where, version, kSessionVersion);
    if (version != kSessionVersion)
        return makeError(ErrorCode::Unsupported,
                         SLUICE_ERRT("Error", "%1session version %2 (this build reads %3; saved by a newer Sluice)"), where,
                         version, kSessionVersion);
    if (data.size() < headerBytes + 8)
        return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1truncated session file (%2 bytes)"), where,
                         data.size());
    const size_t end = data.size() - 8;
    uint64_t sum;
    std::memcpy(&sum, data.data() + end, 8);
    if (sum != fnv1a64(data.data(), end))
        return makeError(ErrorCode::Checksum,
                         SLUICE_ERRT("Error", "%1checksum mismatch (truncated or damaged session file)"), where);
    uint64_t fp0;
    std::memcpy(&fp0, data.data() + 8, 8);
    int32_t f[kShapeFields], want[kShapeFields];
    std::memcpy(f, data.data() + 16, sizeof f);
    const int pos = f[10];
    shapeFields(cfg, contextLength, pos, want);
    for (int i = 0; i < kShapeFields; ++i) {
        if (i == 9 || i == 10)
            continue; // capacity and position are checked below
        if (i == 11 && f[i] != want[i]) {
            auto name = [&cfg](int32_t v) {
                return v ? std::to_string(v) + " experts per token" : "the model's own " + std::to_string(cfg.shippedTopK()) + " experts per token";
            };
            return makeError(ErrorCode::Format,
                SLUICE_ERRT("Error",
                    "%1saved with %2, this model is open with %3 (the state depends on it; reopen the model with "
                    "experts per token %4 to continue it)"),
                where, name(f[i]), name(want[i]), f[i]);
        }
        if (f[i] != want[i])
            return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1saved for another model: %2 %3, this model has %4"),
                             where, kFieldNames[i], f[i], want[i]);
    }
    if (fp0 != fingerprint)
        return makeError(ErrorCode::Format,
                         SLUICE_ERRT("Error", "%1saved for another model (container fingerprint differs)"), where);
    if (pos < 0 || pos > contextLength)
        return makeError(ErrorCode::ContextFull,
                         SLUICE_ERRT("Error", "%1position %2 exceeds this session's context length %3"), where, pos,
                         contextLength);
    for (int L = 0; L < cfg.nLayers; ++L) {
        const char kind = data[16 + sizeof f + size_t(L)];
        if (kind != (cfg.layerIsKda[size_t(L)] ? 1 : 2))
            return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1layer %2 has another type"), where, L);
    }
    return pos;
}

// %1 of `what` is where ("chat.session: "); its text ends "(damaged session file)".
template<typename... Args> Status damagedSession(const std::string &where, ErrorTemplate what, const Args &...args)
{
    return makeError(ErrorCode::Format, what, where, args...);
}

// Step 2: every layer's state (KDA recurrent + conv state, or MLA latents for
// `pos` positions) is within the file and finite. Validates only: nothing is
// copied until the whole file is known good.
Status checkLayerStates(Reader &r, const ModelConfig &cfg, int pos, const std::string &where)
{
    const size_t H = size_t(cfg.kdaHeads), D = size_t(cfg.kdaHeadDim), C = H * D;
    const size_t R = size_t(cfg.convKernel - 1);
    const size_t row = size_t(cfg.kvLoraRank + cfg.qkRopeDim);
    for (int L = 0; L < cfg.nLayers; ++L) {
        size_t count;
        if (cfg.layerIsKda[size_t(L)]) {
            count = H * D * D + 3 * C * R;
            if (count > r.remaining() / 4)
                return damagedSession(
                    where, SLUICE_ERRT("Error", "%1layer %2 state cut short (damaged session file)"), L);
        } else {
            int32_t nkv;
            if (!r.get(nkv))
                return damagedSession(where, SLUICE_ERRT("Error", "%1layer %2 cut short (damaged session file)"), L);
            if (nkv != pos)
                return damagedSession(where,
                    SLUICE_ERRT("Error", "%1layer %2 holds %3 positions, position is %4 (damaged session file)"), L,
                    nkv, pos);
            count = size_t(pos) * row;
            if (count > r.remaining() / 4)
                return damagedSession(
                    where, SLUICE_ERRT("Error", "%1layer %2 latents cut short (damaged session file)"), L);
        }
        if (const int64_t i = r.firstNonFinite(count); i >= 0)
            return makeError(
                ErrorCode::Format, SLUICE_ERRT("Error", "%1layer %2: non-finite state value at index %3"), where, L, i);
        r.skip(count * 4);
    }
    return {};
}

// Step 3: what follows the states — the token history, the image spans, the
// last logits and the recurrent-state checkpoints — read into `h`.
Status readSessionHistory(Reader &r, const ModelConfig &cfg, int pos, const std::string &where, SessionHistory &h)
{
    h.ids.resize(size_t(pos));
    for (int &id : h.ids)
        if (!r.get(id) || id < 0 || id >= cfg.vocab)
            return damagedSession(where,
                SLUICE_ERRT(
                    "Error", "%1token history cut short or holds an id outside the vocabulary (damaged session file)"));
    uint32_t images;
    if (!r.get(images) || images > uint32_t(pos))
        return damagedSession(where, SLUICE_ERRT("Error", "%1image count (damaged session file)"));
    int prevEnd = 0;
    for (uint32_t i = 0; i < images; ++i) {
        ImageSpan s;
        if (!r.get(s.start) || !r.get(s.identity.tokens) || !r.get(s.identity.width) || !r.get(s.identity.height) ||
            !r.get(s.identity.pixelHash) || !r.get(s.identity.fileHash))
            return damagedSession(where, SLUICE_ERRT("Error", "%1image %2 cut short (damaged session file)"), i);
        if (s.start < prevEnd || s.identity.tokens < 1 || s.identity.tokens > pos - s.start || s.identity.width < 1 ||
            s.identity.height < 1)
            return damagedSession(where, SLUICE_ERRT("Error", "%1image %2 span (damaged session file)"), i);
        prevEnd = s.start + s.identity.tokens;
        h.images.push_back(s);
    }
    uint32_t nLogits;
    if (!r.get(nLogits) || (nLogits != 0 && nLogits != uint32_t(cfg.vocab)) || !r.floats(nLogits, &h.lastLogits))
        return damagedSession(where, SLUICE_ERRT("Error", "%1logits (damaged session file)"));
    uint32_t checkpoints;
    if (!r.get(checkpoints) || checkpoints > uint32_t(kMaxSessionCheckpoints))
        return damagedSession(where, SLUICE_ERRT("Error", "%1checkpoint count (damaged session file)"));
    const size_t kdaFloats = kdaStateFloats(cfg);
    int prevPos = -1;
    for (uint32_t i = 0; i < checkpoints; ++i) {
        Checkpoint c;
        uint32_t cl;
        if (!r.get(c.position) || !r.get(cl) || c.position <= prevPos || c.position > pos ||
            (cl != 0 && cl != uint32_t(cfg.vocab)))
            return damagedSession(where, SLUICE_ERRT("Error", "%1checkpoint %2 (damaged session file)"), i);
        if (!r.floats(kdaFloats, &c.kda) || !r.floats(cl, &c.logits))
            return damagedSession(where, SLUICE_ERRT("Error", "%1checkpoint %2 cut short (damaged session file)"), i);
        prevPos = c.position;
        h.checkpoints.push_back(std::move(c));
    }
    if (!r.atEnd())
        return damagedSession(where,
            SLUICE_ERRT("Error", "%1%2 unexpected bytes after the checkpoints (damaged session file)"), r.remaining());
    return {};
}

} // namespace

Expected<int> checkSessionBytes(std::string_view data, const ModelConfig &cfg, int contextLength, uint64_t fingerprint,
                                const std::string &where, int maxCheckpoints, SessionHistory *out)
{
    const Expected<int> pos = checkSessionHeader(data, cfg, contextLength, fingerprint, where);
    if (!pos)
        return pos.status();
    Reader r(data, data.size() - 8); // the checksum was checked by the header step
    r.skip(sessionHeaderBytes(cfg));
    if (Status s = checkLayerStates(r, cfg, *pos, where); !s.isOk())
        return s;
    SessionHistory h;
    if (Status s = readSessionHistory(r, cfg, *pos, where, h); !s.isOk())
        return s;
    while (int(h.checkpoints.size()) > std::max(0, maxCheckpoints))
        h.checkpoints.erase(h.checkpoints.begin());
    if (out)
        *out = std::move(h);
    return *pos;
}

Expected<int> checkSessionBytes(std::string_view data, const ModelConfig &cfg, int contextLength, uint64_t fingerprint,
                                const std::string &where)
{
    return checkSessionBytes(data, cfg, contextLength, fingerprint, where, kMaxSessionCheckpoints, nullptr);
}

uint64_t maxSessionBytes(const ModelConfig &cfg, int contextLength)
{
    const uint64_t ctx = uint64_t(std::max(0, contextLength));
    const uint64_t row = uint64_t(std::max(0, cfg.kvLoraRank + cfg.qkRopeDim));
    const uint64_t vocab = uint64_t(std::max(0, cfg.vocab));
    const uint64_t kda = kdaStateFloats(cfg);
    uint64_t n = 4 + 4 + 8 + kShapeFields * 4 + uint64_t(std::max(0, cfg.nLayers)) + 8;
    for (int L = 0; L < cfg.nLayers; ++L)
        n += cfg.layerIsKda[size_t(L)] ? 0 : 4 + ctx * row * 4;
    n += kda * 4;                       // the KDA state itself
    n += ctx * 4 + 4 + ctx * 32;        // ids, image spans (at most one per position)
    n += 4 + vocab * 4 + 4;             // last logits, checkpoint count
    n += uint64_t(kMaxSessionCheckpoints) * (8 + kda * 4 + vocab * 4);
    return n;
}

Status loadSession(const std::string &path, const ModelConfig &cfg, uint64_t fingerprint, ForwardPass &fp,
                   SessionHistory &history, int maxCheckpoints)
{
    // Only a regular file no larger than this session's largest: a
    // directory, FIFO or /dev/zero is named, never read (or waited on).
    const int checkpointsInFile = kMaxSessionCheckpoints;
    auto read = readRegularFile(path, maxSessionBytes(cfg, fp.contextLength()), path + " (session file)");
    if (!read)
        return read.status();
    const std::string &data = *read;
    SessionHistory h;
    auto checked = checkSessionBytes(data, cfg, fp.contextLength(), fingerprint, path + ": ", checkpointsInFile, &h);
    if (!checked)
        return checked.status();
    const int pos = *checked;
    while (int(h.checkpoints.size()) > std::max(0, maxCheckpoints))
        h.checkpoints.erase(h.checkpoints.begin());
    const size_t stateStart = sessionHeaderBytes(cfg);
    const size_t row = size_t(cfg.kvLoraRank + cfg.qkRopeDim);

    // Valid: copy into the live state.
    size_t off = stateStart;
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
            std::memcpy(s.kv.data(), data.data() + off, size_t(pos) * row * 4);
            // Past the loaded positions: zeros that cost no RAM until written.
            zeroWithoutTouching(s.kv.data() + size_t(pos) * row, (s.kv.size() - size_t(pos) * row) * 4);
            off += size_t(pos) * row * 4;
        }
    }
    fp.setPosition(pos);
    history = std::move(h);
    return Status::ok();
}

} // namespace sluice::model
