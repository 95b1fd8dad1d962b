#include "format/release.h"
#include "util/paths.h"

#include "format/container.h" // preadFully
#include "format/mxfp4pack.h"
#include "format/releaseconfig.h"
#include "util/regularfile.h" // fileKindName

#include <cstring>
#include <sys/stat.h>
#include <unistd.h>

namespace sluice {

namespace {

Expected<std::vector<char>> readSmallFile(const std::string &path, const std::string &label, uint64_t maxBytes)
{
    uint64_t size = 0;
    Expected<int> fd = openRegularFileReadOnly(path, label, size);
    if (!fd)
        return fd.status();
    if (size > maxBytes) {
        ::close(*fd);
        return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1: %2 bytes is too large"), label, size);
    }
    std::vector<char> data(static_cast<size_t>(size));
    const Status s = preadFully(*fd, data.data(), size, 0, label);
    ::close(*fd);
    if (!s.isOk())
        return s;
    return data;
}

bool isExpertTensor(const std::string &name)
{
    return name.find(".block_sparse_moe.experts.") != std::string::npos;
}

std::string shapeText(const std::vector<int64_t> &shape)
{
    std::string s = "[";
    for (size_t i = 0; i < shape.size(); ++i)
        s += (i ? ", " : "") + std::to_string(shape[i]);
    return s + "]";
}

} // namespace

bool ReleaseCheckpoint::looksLikeRelease(const std::string &dir)
{
    struct stat st;
    return ::stat(joinPath(dir, "config.json").c_str(), &st) == 0 && SafetensorsCheckpoint::looksLikeCheckpoint(dir);
}

Status ReleaseCheckpoint::checkFolder(const std::string &dir)
{
    SLUICE_TRY(checkModelFolder(dir));
    struct stat st;
    const auto has = [&](const char *name) { return ::stat(joinPath(dir, name).c_str(), &st) == 0; };
    const bool config = has("config.json"), shards = SafetensorsCheckpoint::looksLikeCheckpoint(dir);
    if (config && shards)
        return Status::ok();
    if (shards)
        return makeError(ErrorCode::NotFound, SLUICE_ERRT("Error", "config.json is missing: a release folder needs the "
                                                                   "config.json published with its safetensors"));
    if (config)
        return makeError(ErrorCode::NotFound,
                         SLUICE_ERRT("Error", "%1 is missing: a release folder needs its safetensors index (or %2) "
                                              "beside config.json"),
                         SafetensorsCheckpoint::indexFileName, SafetensorsCheckpoint::singleFileName);
    if (has("manifest.json"))
        return makeError(ErrorCode::InvalidArgument,
                         SLUICE_ERRT("Error", "is a Sluice container (manifest.json), not a release folder"));
    return makeError(ErrorCode::NotFound,
                     SLUICE_ERRT("Error", "neither a release folder (config.json and %1) nor a Sluice container "
                                          "(manifest.json)"),
                     SafetensorsCheckpoint::indexFileName);
}

Expected<std::unique_ptr<ReleaseCheckpoint>> ReleaseCheckpoint::open(const std::string &dir)
{
    std::unique_ptr<ReleaseCheckpoint> r(new ReleaseCheckpoint);
    SLUICE_TRY(r->load(dir));
    return r;
}

Status ReleaseCheckpoint::load(const std::string &dir)
{
    m_dir = dir;
    auto configBytes = readSmallFile(joinPath(dir, "config.json"), "config.json", 16u << 20);
    if (!configBytes)
        return configBytes.status();
    auto release = parseReleaseConfig(configBytes->data(), configBytes->size());
    if (!release)
        return release.status();
    m_config = std::move(release->config);

    const std::string tokenizerConfig = joinPath(dir, "tokenizer_config.json");
    struct stat st;
    if (::stat(tokenizerConfig.c_str(), &st) == 0) {
        auto bytes = readSmallFile(tokenizerConfig, "tokenizer_config.json", 16u << 20);
        if (!bytes)
            return bytes.status();
        auto specials = parseAddedTokens(bytes->data(), bytes->size(), m_config.vocab);
        if (!specials)
            return specials.status();
        m_specials = std::move(specials.value());
    }
    applySpecials(m_config, m_specials, m_config.mediaPadId >= 0);
    if (::stat(joinPath(dir, "tiktoken.model").c_str(), &st) == 0)
        m_tokenizerPath = joinPath(dir, "tiktoken.model");

    auto st2 = SafetensorsCheckpoint::open(dir);
    if (!st2)
        return st2.status();
    m_st = std::move(st2.value());

    // Trunk: everything that is not a routed expert.
    for (const SafetensorsTensor &t : m_st->tensors()) {
        if (isExpertTensor(t.name))
            continue;
        if (t.dtype == SafetensorsDtype::U8)
            return makeError(ErrorCode::Format,
                SLUICE_ERRT("Error",
                    "%1: U8 outside the routed experts (only experts are MXFP4 in the release; the trunk is BF16/F32)"),
                m_st->describe(t));
        if (t.shape.empty())
            return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1: a scalar where the model needs a tensor"),
                m_st->describe(t));
        TensorInfo info;
        info.name = t.name;
        info.fmt = t.dtype == SafetensorsDtype::F32 ? TensorFormat::F32 : TensorFormat::F16;
        info.isBf16 = t.dtype == SafetensorsDtype::BF16;
        info.offset = t.offset;
        info.bytes = t.bytes;
        info.shape = t.shape;
        info.cols = t.cols();
        info.rows = t.rows();
        // The tower reads these flattened (spec 4.3, WASTE's requant).
        if (t.name == "vision_tower.patch_embed.proj.weight" && t.shape.size() == 4) {
            info.rows = uint64_t(t.shape[0]);
            info.cols = t.elements() / info.rows;
            info.shape = {int64_t(info.rows), int64_t(info.cols)};
        } else if (t.name == "vision_tower.patch_embed.pos_emb.weight" && t.shape.size() == 3) {
            info.cols = uint64_t(t.shape[2]);
            info.rows = t.elements() / info.cols;
            info.shape = {int64_t(info.rows), int64_t(info.cols)};
        }
        m_trunkIndex.emplace(info.name, m_trunk.size());
        m_trunk.push_back(std::move(info));
        m_trunkSource.push_back(&t);
    }
    m_config.vision.present = release->visionConfigured && findTrunk("vision_tower.patch_embed.proj.weight");
    // A vision tensor of the wrong shape (or missing) turns images off with
    // the reason, as a container's does; the text model still opens.
    SLUICE_TRY(validateShapesOrDisableVision(m_config, m_trunk, m_config.tensorPrefix, dir));
    return checkExperts();
}

Status ReleaseCheckpoint::checkExperts()
{
    const ModelConfig &c = m_config;
    const bool mx = mxfp4Experts();
    const int moeLayers = c.moeLayerCount();
    m_experts.assign(size_t(moeLayers) * size_t(c.nExperts), {});
    const char *names[3] = {"w1", "w3", "w2"};
    const uint64_t inter = uint64_t(c.moeIntermediate), lat = uint64_t(c.expertInputDim());
    m_expertBytes = 0;
    for (int k = 0; k < 3; ++k) {
        const uint64_t rows = k == 2 ? lat : inter, cols = k == 2 ? inter : lat;
        m_expertBytes += mx ? rows * cols / 2 + rows * cols / kMxfp4Group : rows * cols * 2;
    }
    size_t expertTensors = 0;
    for (int layer = c.firstKDense; layer < c.nLayers; ++layer) {
        for (int e = 0; e < c.nExperts; ++e) {
            ReleaseExpertTensors &x = m_experts[size_t(layer - c.firstKDense) * size_t(c.nExperts) + size_t(e)];
            const std::string base = c.tensorPrefix + "model.layers." + std::to_string(layer) +
                                     ".block_sparse_moe.experts." + std::to_string(e) + ".";
            for (int k = 0; k < 3; ++k) {
                const uint64_t rows = k == 2 ? lat : inter, cols = k == 2 ? inter : lat;
                auto need = [&](const std::string &name, SafetensorsDtype dtype, std::vector<int64_t> shape,
                                const char *what) -> Expected<const SafetensorsTensor *> {
                    const SafetensorsTensor *t = m_st->find(name);
                    if (!t)
                        return makeError(ErrorCode::NotFound,
                            SLUICE_ERRT("Error", "layer %1, expert %2: tensor '%3' is missing from the checkpoint"),
                            layer, e, name);
                    if (t->dtype != dtype)
                        return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1: dtype %2, expected %3 (%4)"),
                            m_st->describe(*t), safetensorsDtypeName(t->dtype), safetensorsDtypeName(dtype), what);
                    if (t->shape != shape)
                        return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1: shape %2, expected %3"),
                            m_st->describe(*t), shapeText(t->shape), shapeText(shape));
                    ++expertTensors;
                    return t;
                };
                const int64_t r = int64_t(rows), cl = int64_t(cols);
                if (mx) {
                    auto w = need(base + names[k] + ".weight_packed", SafetensorsDtype::U8, {r, cl / 2},
                                  "MXFP4 nibble pairs");
                    if (!w)
                        return w.status();
                    auto s = need(base + names[k] + ".weight_scale", SafetensorsDtype::U8, {r, cl / kMxfp4Group},
                                  "E8M0 scales");
                    if (!s)
                        return s.status();
                    x.weight[k] = *w;
                    x.scale[k] = *s;
                } else {
                    auto w = need(base + names[k] + ".weight", SafetensorsDtype::BF16, {r, cl}, "bf16 expert");
                    if (!w)
                        return w.status();
                    x.weight[k] = *w;
                }
            }
        }
    }
    // Anything else under experts.* is a tensor this engine would silently ignore.
    if (m_trunk.size() + expertTensors != m_st->tensors().size()) {
        for (const SafetensorsTensor &t : m_st->tensors()) {
            if (isExpertTensor(t.name)) {
                bool known = false;
                const std::string tail = t.name.substr(t.name.rfind('.') + 1);
                known = mx ? (tail == "weight_packed" || tail == "weight_scale") : tail == "weight";
                if (!known)
                    return mx ? makeError(ErrorCode::Format,
                               SLUICE_ERRT("Error",
                                   "%1: unexpected expert tensor (MXFP4 experts are "
                                   "weight_packed + weight_scale)"),
                               m_st->describe(t))
                              : makeError(ErrorCode::Format,
                                  SLUICE_ERRT("Error", "%1: unexpected expert tensor (bf16 experts are .weight)"),
                                  m_st->describe(t));
            }
        }
        return makeError(ErrorCode::Format,
            SLUICE_ERRT("Error", "%1: expert tensors for layers or experts the config does not have"), m_dir);
    }
    return Status::ok();
}

const TensorInfo *ReleaseCheckpoint::findTrunk(const std::string &name) const
{
    for (const std::string &candidate : {m_config.tensorPrefix + name, name}) {
        const auto it = m_trunkIndex.find(candidate);
        if (it != m_trunkIndex.end())
            return &m_trunk[it->second];
    }
    return nullptr;
}

Expected<std::vector<float>> ReleaseCheckpoint::readTrunkFloat(const TensorInfo &info) const
{
    const SafetensorsTensor *t = m_st->find(info.name);
    if (!t)
        return makeError(ErrorCode::NotFound, SLUICE_ERRT("Error", "tensor '%1' is not in the checkpoint"), info.name);
    return m_st->readFloat(*t);
}

const ReleaseExpertTensors &ReleaseCheckpoint::expert(int layer, int expert) const
{
    return m_experts[size_t(layer - m_config.firstKDense) * size_t(m_config.nExperts) + size_t(expert)];
}

uint64_t ReleaseCheckpoint::expertTotalBytes() const
{
    return m_expertBytes * uint64_t(m_config.moeLayerCount()) * uint64_t(m_config.nExperts);
}

int64_t ReleaseCheckpoint::parameterCount() const
{
    int64_t total = 0;
    for (const TensorInfo &t : m_trunk)
        total += int64_t(t.elements());
    const ModelConfig &c = m_config;
    total += int64_t(c.moeLayerCount()) * c.nExperts * 3 * int64_t(c.moeIntermediate) * c.expertInputDim();
    return total;
}

std::string ReleaseCheckpoint::description() const
{
    const std::string model = m_config.arch == Architecture::KimiK3 ? "Kimi K3" : "Kimi-Linear";
    return model + " release, " + (mxfp4Experts() ? "MXFP4" : "bf16") + " experts, not converted";
}

} // namespace sluice
