#include "vision/visiontower.h"

#include "format/trunkquant.h"
#include "kernels/cpufeatures.h"
#include "kernels/elementwise.h"
#include "kernels/matvec.h"
#include "util/half.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <thread>

namespace sluice::vision {

namespace {

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

const std::string kTower = "vision_tower.";

std::string blockName(int b, const char *leaf)
{
    return kTower + "encoder.blocks." + std::to_string(b) + "." + leaf;
}

// Every tensor the tower reads, with whether it is a matrix (held as stored)
// or a vector (held as f32).
std::vector<std::pair<std::string, bool>> towerTensors(const VisionConfig &v)
{
    std::vector<std::pair<std::string, bool>> out = {{kTower + "patch_embed.proj.weight", true},
                                                     {kTower + "patch_embed.pos_emb.weight", true}};
    for (int b = 0; b < v.layers; ++b) {
        out.emplace_back(blockName(b, "norm0.weight"), false);
        out.emplace_back(blockName(b, "wqkv.weight"), true);
        out.emplace_back(blockName(b, "wo.weight"), true);
        out.emplace_back(blockName(b, "norm1.weight"), false);
        out.emplace_back(blockName(b, "mlp.fc0.weight"), true);
        out.emplace_back(blockName(b, "mlp.fc1.weight"), true);
    }
    out.emplace_back(kTower + "encoder.final_layernorm.weight", false);
    out.emplace_back("mm_projector.proj.0.weight", true);
    out.emplace_back("mm_projector.proj.2.weight", true);
    out.emplace_back("mm_projector.post_norm.weight", false);
    return out;
}

const TensorInfo *findIn(const std::vector<TensorInfo> &tensors, const std::string &name)
{
    for (const TensorInfo &t : tensors)
        if (t.name == name)
            return &t;
    return nullptr;
}

uint64_t heldBytes(const TensorInfo &t, bool matrix)
{
    return matrix ? t.payloadBytes() + t.scaleBytes() : t.elements() * 4;
}

int resolveSlices(int requested)
{
    if (requested > 0)
        return std::min(requested, 256);
    return std::clamp(int(std::thread::hardware_concurrency()), 1, 256);
}

// Activation floats for L patches (the layout encode() uses).
// Queries that share one sweep over the keys in the attention.
constexpr size_t kQueryBlock = 16;
// Keys per tile of the score sweep: 16 queries x 256 scores stay in L1.
constexpr size_t kKeyTile = 256;

struct ActivationSizes {
    size_t x, y, qkv, o, kt, chunkA, chunkB, scores, rope;
    uint64_t bytes() const { return uint64_t(x + y + qkv + o + kt + chunkA + chunkB + scores + 2 * rope) * 4; }
};

ActivationSizes activationSizes(const VisionConfig &v, int textHidden, int maxPatches, int slices)
{
    const size_t L = size_t(maxPatches), D = size_t(v.hidden);
    const size_t merged = D * size_t(v.mergeH) * size_t(v.mergeW);
    const size_t chunk = kernels::kMaxBatch;
    ActivationSizes s{};
    s.x = L * D;
    s.y = std::max(L * D, (L / size_t(v.mergeH * v.mergeW)) * merged); // Y, then the merged tokens
    s.qkv = L * 3 * size_t(v.qkvHidden);
    s.o = L * size_t(v.qkvHidden);
    s.kt = L * size_t(v.qkvHidden); // K per head, transposed: [head][dim][patch]
    s.chunkA = chunk * std::max({size_t(v.intermediate), merged, D});
    s.chunkB = chunk * std::max({D, size_t(textHidden)});
    s.scores = size_t(slices) * kQueryBlock * L;
    s.rope = L * size_t(v.qkvHidden / v.heads / 2);
    return s;
}

// The two hot loops of the attention, compiled twice on x86-64: baseline and
// with AVX2 enabled (no FMA, so every element gets the same mul-then-add and
// both paths give identical bits; only the vector width differs).
//   scores[q][j] = sum_d q_q[d] * Kt[d][j]   (summed in d order, 256-key tiles)
//   o_q[d]      += sum_j p[q][j] * v_j[d]    (summed in j order)
#define SLUICE_SCORE_BODY                                                                                           \
    for (size_t q = 0; q < nq; ++q)                                                                                  \
        std::fill(scores + q * n, scores + q * n + n, 0.0f);                                                         \
    for (size_t j0 = 0; j0 < n; j0 += kKeyTile) {                                                                    \
        const size_t nj = std::min(kKeyTile, n - j0);                                                                \
        for (size_t d = 0; d < hd; ++d) {                                                                            \
            const float *krow = kt + d * n + j0;                                                                     \
            for (size_t q = 0; q < nq; ++q) {                                                                        \
                const float qd = queries[q * qStride + d];                                                           \
                float *srow = scores + q * n + j0;                                                                   \
                for (size_t j = 0; j < nj; ++j)                                                                      \
                    srow[j] += qd * krow[j];                                                                         \
            }                                                                                                        \
        }                                                                                                            \
    }
#define SLUICE_VALUE_BODY                                                                                           \
    for (size_t q = 0; q < nq; ++q)                                                                                  \
        std::fill(out + q * oStride, out + q * oStride + hd, 0.0f);                                                  \
    for (size_t j = 0; j < n; ++j) {                                                                                 \
        const float *vj = values + j * vStride;                                                                      \
        for (size_t q = 0; q < nq; ++q) {                                                                            \
            const float p = probs[q * n + j];                                                                        \
            float *o = out + q * oStride;                                                                            \
            for (size_t d = 0; d < hd; ++d)                                                                          \
                o[d] += p * vj[d];                                                                                   \
        }                                                                                                            \
    }

void scoreBlockBase(const float *queries, size_t qStride, size_t nq, const float *kt, size_t n, size_t hd,
                    float *scores)
{
    SLUICE_SCORE_BODY
}

void valueBlockBase(const float *probs, size_t nq, size_t n, const float *values, size_t vStride, size_t hd,
                    float *out, size_t oStride)
{
    SLUICE_VALUE_BODY
}

#if defined(__x86_64__)
__attribute__((target("avx2"))) void scoreBlockAvx2(const float *queries, size_t qStride, size_t nq, const float *kt,
                                                    size_t n, size_t hd, float *scores)
{
    SLUICE_SCORE_BODY
}

__attribute__((target("avx2"))) void valueBlockAvx2(const float *probs, size_t nq, size_t n, const float *values,
                                                    size_t vStride, size_t hd, float *out, size_t oStride)
{
    SLUICE_VALUE_BODY
}
#endif
#undef SLUICE_SCORE_BODY
#undef SLUICE_VALUE_BODY

void scoreBlock(kernels::Isa isa, const float *queries, size_t qStride, size_t nq, const float *kt, size_t n,
                size_t hd, float *scores)
{
#if defined(__x86_64__)
    if (isa == kernels::Isa::Avx2 || isa == kernels::Isa::Avx512)
        return scoreBlockAvx2(queries, qStride, nq, kt, n, hd, scores);
#endif
    (void)isa;
    scoreBlockBase(queries, qStride, nq, kt, n, hd, scores);
}

void valueBlock(kernels::Isa isa, const float *probs, size_t nq, size_t n, const float *values, size_t vStride,
                size_t hd, float *out, size_t oStride)
{
#if defined(__x86_64__)
    if (isa == kernels::Isa::Avx2 || isa == kernels::Isa::Avx512)
        return valueBlockAvx2(probs, nq, n, values, vStride, hd, out, oStride);
#endif
    (void)isa;
    valueBlockBase(probs, nq, n, values, vStride, hd, out, oStride);
}

} // namespace

struct VisionTower::Matrix {
    std::vector<uint8_t> payload;
    std::vector<uint16_t> scales;
    TrunkMatrixView view;
};

struct VisionTower::Block {
    std::vector<float> norm0, norm1;
    std::unique_ptr<Matrix> wqkv, wo, fc0, fc1;
};

VisionTower::~VisionTower() = default;

Expected<VisionMemory> VisionTower::memoryPlan(const ModelConfig &cfg, const std::vector<TensorInfo> &tensors,
                                               const VisionTowerOptions &options, int queueImages,
                                               const ImageLimits &limits)
{
    if (!cfg.vision.present)
        return makeError(ErrorCode::NotFound, SLUICE_ERRT("Error", "the model has no vision tower"));
    VisionMemory m;
    for (const auto &[name, matrix] : towerTensors(cfg.vision)) {
        const TensorInfo *t = findIn(tensors, name);
        if (!t)
            return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "vision tensor '%1' is missing"), name);
        m.weights += heldBytes(*t, matrix);
    }
    const int maxPatches = options.maxPatches > 0 ? options.maxPatches : cfg.vision.maxPatches;
    m.activations = activationSizes(cfg.vision, cfg.hidden, maxPatches, resolveSlices(options.attentionSlices)).bytes();
    // Decoding: stb holds the file's own channels (up to 4 bytes per pixel)
    // while it converts to our packed RGB; then the patch vectors.
    const uint64_t patchDim = 3 * uint64_t(cfg.vision.patchSize) * uint64_t(cfg.vision.patchSize);
    m.decode = limits.maxPixels * (4 + 3) + uint64_t(maxPatches) * patchDim * 4;
    const uint64_t tokens = uint64_t(maxPatches / (cfg.vision.mergeH * cfg.vision.mergeW));
    m.queue = uint64_t(std::max(queueImages, 0)) * tokens * uint64_t(cfg.hidden) * 4;
    return m;
}

uint64_t VisionTower::residentBytes() const
{
    uint64_t bytes = 0;
    auto mat = [&](const std::unique_ptr<Matrix> &m) {
        if (m)
            bytes += m->payload.size() + m->scales.size() * 2;
    };
    mat(m_patch);
    mat(m_posEmb);
    mat(m_proj0);
    mat(m_proj2);
    for (const Block &b : m_blocks) {
        mat(b.wqkv);
        mat(b.wo);
        mat(b.fc0);
        mat(b.fc1);
        bytes += (b.norm0.size() + b.norm1.size()) * 4;
    }
    bytes += (m_finalNorm.size() + m_postNorm.size()) * 4;
    for (const auto *v : {&m_x, &m_y, &m_qkv, &m_o, &m_kt, &m_chunkA, &m_chunkB, &m_scores, &m_cos, &m_sin})
        bytes += v->size() * 4;
    return bytes;
}

VisionTensorStore VisionTensorStore::of(const Container &container)
{
    VisionTensorStore s;
    s.find = [&container](const std::string &name) { return container.findTensor(name); };
    s.read = [&container](const TensorInfo &info, std::vector<uint8_t> &payload, std::vector<uint16_t> &scales) {
        return container.readTensorBytes(info, payload, scales);
    };
    return s;
}

Expected<std::unique_ptr<VisionTower>> VisionTower::load(const Container &container, const VisionTowerOptions &options)
{
    return load(container.config(), VisionTensorStore::of(container), options);
}

Expected<std::unique_ptr<VisionTower>> VisionTower::load(const ModelConfig &cfg, const VisionTensorStore &store,
                                                         const VisionTowerOptions &options)
{
    if (!cfg.vision.present)
        return makeError(ErrorCode::NotFound,
            SLUICE_ERRT("Error", "the model has no vision tower (no vision tensors or vision config)"));
    const VisionConfig &v = cfg.vision;
    if (v.qkvHidden % v.heads != 0 || (v.qkvHidden / v.heads) % 4 != 0)
        return makeError(ErrorCode::Unsupported,
            SLUICE_ERRT("Error", "vision head width %1/%2 is not a multiple of 4 (2D RoPE needs pairs per axis)"),
            v.qkvHidden, v.heads);
    if (v.mergeH < 1 || v.mergeH > 2 || v.mergeW < 1 || v.mergeW > 2)
        return makeError(ErrorCode::Unsupported, SLUICE_ERRT("Error", "vision merge kernel %1x%2"), v.mergeH, v.mergeW);
    std::unique_ptr<VisionTower> t(new VisionTower);
    SLUICE_TRY(t->allocate(v, cfg.hidden, options));
    SLUICE_TRY(t->loadWeights(store).withContext("vision tower"));
    return t;
}

Status VisionTower::allocate(const VisionConfig &v, int textHidden, const VisionTowerOptions &options)
{
    m_cfg = v;
    m_textHidden = textHidden;
    m_maxPatches = options.maxPatches > 0 ? options.maxPatches : v.maxPatches;
    if (m_maxPatches < 4)
        return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "max_patches %1 is below 4"), m_maxPatches);
    m_slices = resolveSlices(options.attentionSlices);
    m_headDim = v.qkvHidden / v.heads;
    const ActivationSizes s = activationSizes(v, textHidden, m_maxPatches, m_slices);
    m_x.assign(s.x, 0.0f);
    m_y.assign(s.y, 0.0f);
    m_qkv.assign(s.qkv, 0.0f);
    m_o.assign(s.o, 0.0f);
    m_kt.assign(s.kt, 0.0f);
    m_chunkA.assign(s.chunkA, 0.0f);
    m_chunkB.assign(s.chunkB, 0.0f);
    m_scores.assign(s.scores, 0.0f);
    m_cos.assign(s.rope, 0.0f);
    m_sin.assign(s.rope, 0.0f);
    return Status::ok();
}

Expected<std::unique_ptr<VisionTower>> VisionTower::createRandom(const VisionConfig &v, int textHidden,
                                                                 const VisionTowerOptions &options, uint64_t seed)
{
    if (v.qkvHidden % v.heads != 0 || (v.qkvHidden / v.heads) % 4 != 0 || v.mergeH < 1 || v.mergeH > 2 ||
        v.mergeW < 1 || v.mergeW > 2 || textHidden < 1)
        return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "random vision tower: unsupported shape"));
    std::unique_ptr<VisionTower> t(new VisionTower);
    SLUICE_TRY(t->allocate(v, textHidden, options));
    uint64_t state = seed * 0x9E3779B97F4A7C15ull + 1;
    auto next = [&] { // SplitMix64
        uint64_t z = (state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    };
    // Codes uniform in [-127, 127], scale 1/(127 sqrt(cols)): rows of unit-ish gain.
    auto matrix = [&](size_t rows, size_t cols) {
        auto m = std::make_unique<Matrix>();
        const size_t groups = (cols + kTrunkGroup - 1) / kTrunkGroup;
        m->payload.resize(rows * groups * kTrunkGroup);
        for (size_t r = 0; r < rows; ++r)
            for (size_t c = 0; c < groups * kTrunkGroup; ++c)
                m->payload[r * groups * kTrunkGroup + c] = c < cols ? uint8_t(int8_t(int(next() % 255) - 127)) : 0;
        const float scale = float(std::sqrt(3.0 / double(cols)) / 127.0);
        m->scales.assign(rows * groups, floatToHalf(scale));
        m->view.fmt = TensorFormat::Q8G;
        m->view.data = m->payload.data();
        m->view.scales = m->scales.data();
        m->view.rows = rows;
        m->view.cols = cols;
        m->view.rowBytes = groups * kTrunkGroup;
        return m;
    };
    const size_t D = size_t(v.hidden), P = 3 * size_t(v.patchSize) * size_t(v.patchSize);
    const size_t merged = D * size_t(v.mergeH * v.mergeW);
    t->m_patch = matrix(D, P);
    t->m_posEmb = matrix(size_t(v.posEmbHeight) * size_t(v.posEmbWidth), D);
    t->m_blocks.resize(size_t(v.layers));
    for (Block &b : t->m_blocks) {
        b.norm0.assign(D, 1.0f);
        b.norm1.assign(D, 1.0f);
        b.wqkv = matrix(3 * size_t(v.qkvHidden), D);
        b.wo = matrix(D, size_t(v.qkvHidden));
        b.fc0 = matrix(size_t(v.intermediate), D);
        b.fc1 = matrix(D, size_t(v.intermediate));
    }
    t->m_finalNorm.assign(D, 1.0f);
    t->m_proj0 = matrix(merged, merged);
    t->m_proj2 = matrix(size_t(textHidden), merged);
    t->m_postNorm.assign(size_t(textHidden), 1.0f);
    return t;
}

Status VisionTower::loadWeights(const VisionTensorStore &store)
{
    const VisionConfig &v = m_cfg;
    auto matrix = [&](const std::string &name, uint64_t rows, uint64_t cols) -> Expected<std::unique_ptr<Matrix>> {
        const TensorInfo *info = store.find(name);
        if (!info)
            return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "tensor '%1' is missing"), name);
        if (info->rows != rows || info->cols != cols)
            return makeError(ErrorCode::Format,
                SLUICE_ERRT("Error",
                    "'%1' is stored as [%2, %3], the tower reads [%4, %5] (vision tensors must be stored flattened, "
                    "spec 4.3)"),
                name, info->rows, info->cols, rows, cols);
        if (info->fmt == TensorFormat::Q4G || info->fmt == TensorFormat::Q3G)
            return makeError(ErrorCode::Unsupported,
                SLUICE_ERRT(
                    "Error", "'%1' is stored at %2 bits; the vision tower needs >= 8 (re-store it as Q8G, spec 4.3)"),
                name, (info->fmt == TensorFormat::Q4G ? "4" : "3"));
        auto m = std::make_unique<Matrix>();
        SLUICE_TRY(store.read(*info, m->payload, m->scales));
        m->view = Container::matrixView(*info, m->payload, m->scales);
        SLUICE_TRY(kernels::validateTrunk(m->view).withContext(name));
        return m;
    };
    auto vector = [&](const std::string &name, uint64_t n) -> Expected<std::vector<float>> {
        const TensorInfo *info = store.find(name);
        if (!info)
            return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "tensor '%1' is missing"), name);
        if (info->elements() != n)
            return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "'%1' has %2 elements, expected %3"), name,
                info->elements(), n);
        std::vector<uint8_t> payload;
        std::vector<uint16_t> scales;
        SLUICE_TRY(store.read(*info, payload, scales));
        std::vector<float> out(size_t(info->elements()));
        const uint64_t rowBytes = info->rowBytes(), groups = info->groups();
        for (uint64_t r = 0; r < info->rows; ++r)
            dequantizeTrunkRow(info->fmt, info->isBf16, payload.data() + r * rowBytes,
                               info->isGrouped() ? scales.data() + r * groups : nullptr, size_t(info->cols),
                               out.data() + r * info->cols);
        return out;
    };
    const uint64_t D = uint64_t(v.hidden), P = 3 * uint64_t(v.patchSize) * uint64_t(v.patchSize);
    const uint64_t merged = D * uint64_t(v.mergeH) * uint64_t(v.mergeW);
#define SLUICE_LOAD(dst, expr)                                                                                         \
    do {                                                                                                               \
        auto r_ = (expr);                                                                                              \
        if (!r_)                                                                                                       \
            return r_.status();                                                                                        \
        dst = std::move(*r_);                                                                                          \
    } while (0)
    SLUICE_LOAD(m_patch, matrix(kTower + "patch_embed.proj.weight", D, P));
    SLUICE_LOAD(m_posEmb, matrix(kTower + "patch_embed.pos_emb.weight", uint64_t(v.posEmbHeight) * uint64_t(v.posEmbWidth), D));
    m_blocks.resize(size_t(v.layers));
    for (int b = 0; b < v.layers; ++b) {
        Block &k = m_blocks[size_t(b)];
        SLUICE_LOAD(k.norm0, vector(blockName(b, "norm0.weight"), D));
        SLUICE_LOAD(k.wqkv, matrix(blockName(b, "wqkv.weight"), 3 * uint64_t(v.qkvHidden), D));
        SLUICE_LOAD(k.wo, matrix(blockName(b, "wo.weight"), D, uint64_t(v.qkvHidden)));
        SLUICE_LOAD(k.norm1, vector(blockName(b, "norm1.weight"), D));
        SLUICE_LOAD(k.fc0, matrix(blockName(b, "mlp.fc0.weight"), uint64_t(v.intermediate), D));
        SLUICE_LOAD(k.fc1, matrix(blockName(b, "mlp.fc1.weight"), D, uint64_t(v.intermediate)));
    }
    SLUICE_LOAD(m_finalNorm, vector(kTower + "encoder.final_layernorm.weight", D));
    SLUICE_LOAD(m_proj0, matrix("mm_projector.proj.0.weight", merged, merged));
    SLUICE_LOAD(m_proj2, matrix("mm_projector.proj.2.weight", uint64_t(m_textHidden), merged));
    SLUICE_LOAD(m_postNorm, vector("mm_projector.post_norm.weight", uint64_t(m_textHidden)));
#undef SLUICE_LOAD
    return Status::ok();
}

Status VisionTower::product(const Matrix &w, const float *x, size_t xStride, int n, float *y, size_t yStride,
                            kernels::ThreadPool *pool)
{
    return kernels::matmul(w.view, x, xStride, size_t(n), y, yStride, pool);
}

// Full bidirectional attention over the image's patches, per head:
// O_i = sum_j softmax_j(q_i . k_j / sqrt(hd)) v_j. K is first transposed per
// head ([dim][patch]) so a query's scores are hd sweeps of s += q[d] * Kt[d]
// over all patches (plain vectorisable loops, each score summed in d order),
// and kQueryBlock queries share each sweep. Work is cut into m_slices fixed
// slices of (head, query block), each with its own score rows, so the result
// does not depend on how the pool schedules them.
void VisionTower::attention(int L, int /*gw*/, kernels::ThreadPool *pool)
{
    const size_t hd = size_t(m_headDim), qkv = size_t(m_cfg.qkvHidden), stride = 3 * qkv;
    const size_t n = size_t(L), heads = size_t(m_cfg.heads);
    kernels::parallelFor(pool, heads * hd, [&](size_t b, size_t e) {
        for (size_t hdIdx = b; hdIdx < e; ++hdIdx) {
            float *dst = m_kt.data() + hdIdx * n;
            const float *src = m_qkv.data() + qkv + hdIdx; // head h, dim d = hdIdx
            for (size_t j = 0; j < n; ++j)
                dst[j] = src[j * stride];
        }
    });
    const size_t blocksPerHead = (n + kQueryBlock - 1) / kQueryBlock;
    const size_t rows = heads * blocksPerHead;
    const size_t slices = size_t(m_slices);
    const float scale = float(1.0 / std::sqrt(double(hd)));
    const kernels::Isa isa = kernels::activeIsa();
    kernels::parallelFor(pool, slices, [&](size_t sb, size_t se) {
        for (size_t s = sb; s < se; ++s) {
            float *scores = m_scores.data() + s * kQueryBlock * size_t(m_maxPatches);
            for (size_t r = s * rows / slices; r < (s + 1) * rows / slices; ++r) {
                const size_t h = r / blocksPerHead, i0 = (r % blocksPerHead) * kQueryBlock;
                const size_t nq = std::min(kQueryBlock, n - i0);
                const float *kt = m_kt.data() + h * hd * n;
                scoreBlock(isa, m_qkv.data() + i0 * stride + h * hd, stride, nq, kt, n, hd, scores);
                for (size_t q = 0; q < nq; ++q)
                    kernels::softmax(scores + q * n, n, scores + q * n, scale);
                valueBlock(isa, scores, nq, n, m_qkv.data() + 2 * qkv + h * hd, stride, hd,
                           m_o.data() + i0 * qkv + h * hd, qkv);
            }
        }
    });
}

Status VisionTower::checkImage(const PreprocessedImage &image) const
{
    const VisionConfig &v = m_cfg;
    const int gw = image.grid.gw, gh = image.grid.gh, L = image.grid.patches();
    const size_t P = size_t(image.patchDim());
    if (image.patchSize != v.patchSize)
        return makeError(ErrorCode::InvalidArgument,
            SLUICE_ERRT("Error", "image patches are %1 px, the tower's are %2"), image.patchSize, v.patchSize);
    if (L < 1 || L > m_maxPatches)
        return makeError(ErrorCode::InvalidArgument,
            SLUICE_ERRT("Error", "image grid %1x%2 has %3 patches; the tower holds %4"), gw, gh, L, m_maxPatches);
    if (gw % v.mergeW != 0 || gh % v.mergeH != 0)
        return makeError(ErrorCode::InvalidArgument,
            SLUICE_ERRT("Error", "image grid %1x%2 is not a multiple of the merge kernel"), gw, gh);
    if (image.patches.size() != size_t(L) * P)
        return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "image holds %1 patch floats, expected %2"),
            image.patches.size(), size_t(L) * P);
    return Status::ok();
}

// Patch embedding, the position embedding resized to the grid, the RoPE angles.
Status VisionTower::embedPatches(const PreprocessedImage &image, kernels::ThreadPool *pool)
{
    const int L = image.grid.patches();
    const size_t D = size_t(m_cfg.hidden), P = size_t(image.patchDim());
    const int chunk = int(kernels::kMaxBatch);
    for (int c0 = 0; c0 < L; c0 += chunk) {
        const int n = std::min(chunk, L - c0);
        SLUICE_TRY(product(*m_patch, image.patches.data() + size_t(c0) * P, P, n, m_x.data() + size_t(c0) * D, D, pool));
    }
    addPositionEmbedding(image.grid.gw, image.grid.gh);
    ropeAngles(L, image.grid.gw);
    return Status::ok();
}

// Bilinear, half-pixel centres; identity when the grids agree.
void VisionTower::addPositionEmbedding(int gw, int gh)
{
    const size_t D = size_t(m_cfg.hidden);
    const int H = m_cfg.posEmbHeight, W = m_cfg.posEmbWidth;
    float *rowBuf = m_chunkA.data(); // 4 rows of D
    auto tap = [](int in, int out, int d, int &i0, int &i1, double &f) {
        double src = (d + 0.5) * double(in) / double(out) - 0.5;
        src = std::clamp(src, 0.0, double(in - 1));
        i0 = int(std::floor(src));
        i1 = std::min(i0 + 1, in - 1);
        f = src - i0;
    };
    for (int y = 0; y < gh; ++y) {
        for (int x = 0; x < gw; ++x) {
            float *dst = m_x.data() + (size_t(y) * size_t(gw) + size_t(x)) * D;
            if (gh == H && gw == W) {
                kernels::dequantizeRow(m_posEmb->view, size_t(y) * size_t(W) + size_t(x), rowBuf);
                kernels::add(dst, rowBuf, D, dst);
                continue;
            }
            int y0, y1, x0, x1;
            double fy, fx;
            tap(H, gh, y, y0, y1, fy);
            tap(W, gw, x, x0, x1, fx);
            const size_t idx[4] = {size_t(y0) * size_t(W) + size_t(x0), size_t(y0) * size_t(W) + size_t(x1),
                                   size_t(y1) * size_t(W) + size_t(x0), size_t(y1) * size_t(W) + size_t(x1)};
            for (int k = 0; k < 4; ++k)
                kernels::dequantizeRow(m_posEmb->view, idx[k], rowBuf + size_t(k) * D);
            const double w[4] = {(1 - fy) * (1 - fx), (1 - fy) * fx, fy * (1 - fx), fy * fx};
            for (size_t c = 0; c < D; ++c)
                dst[c] += float(w[0] * rowBuf[c] + w[1] * rowBuf[D + c] + w[2] * rowBuf[2 * D + c] +
                                w[3] * rowBuf[3 * D + c]);
        }
    }
}

// 2D RoPE angles (spec 7.4): pair j rotates by x*theta_{j/2} (j even) or
// y*theta_{j/2} (j odd), theta_f = 10000^(-4f/hd). Same for every head and block.
void VisionTower::ropeAngles(int L, int gw)
{
    const size_t pairs = size_t(m_headDim / 2);
    for (int i = 0; i < L; ++i) {
        const double px = i % gw, py = i / gw;
        for (size_t j = 0; j < pairs; ++j) {
            const double theta = std::pow(10000.0, -4.0 * double(j / 2) / double(m_headDim));
            const double phi = ((j % 2) == 0 ? px : py) * theta;
            m_cos[size_t(i) * pairs + j] = float(std::cos(phi));
            m_sin[size_t(i) * pairs + j] = float(std::sin(phi));
        }
    }
}

// One pre-norm encoder block: RoPE attention, then the GELU(tanh) MLP.
Status VisionTower::encoderBlock(const Block &blk, int L, int gw, kernels::ThreadPool *pool)
{
    const VisionConfig &v = m_cfg;
    const size_t D = size_t(v.hidden);
    const size_t qkv = size_t(v.qkvHidden), inter = size_t(v.intermediate);
    const size_t nHeads = size_t(v.heads), hd = size_t(m_headDim), pairs = hd / 2;
    const int chunk = int(kernels::kMaxBatch);
    auto tm = Clock::now();
    for (int i = 0; i < L; ++i)
        kernels::rmsNorm(m_x.data() + size_t(i) * D, blk.norm0.data(), v.rmsEps, D, m_y.data() + size_t(i) * D);
    for (int c0 = 0; c0 < L; c0 += chunk) {
        const int n = std::min(chunk, L - c0);
        SLUICE_TRY(product(*blk.wqkv, m_y.data() + size_t(c0) * D, D, n, m_qkv.data() + size_t(c0) * 3 * qkv,
                           3 * qkv, pool));
    }
    for (int i = 0; i < L; ++i) {
        const float *cs = m_cos.data() + size_t(i) * pairs, *sn = m_sin.data() + size_t(i) * pairs;
        for (size_t part = 0; part < 2; ++part) { // q then k
            float *base = m_qkv.data() + size_t(i) * 3 * qkv + part * qkv;
            for (size_t h = 0; h < nHeads; ++h) {
                float *z = base + h * hd;
                for (size_t j = 0; j < pairs; ++j) {
                    const float a = z[2 * j], b = z[2 * j + 1];
                    z[2 * j] = a * cs[j] - b * sn[j];
                    z[2 * j + 1] = a * sn[j] + b * cs[j];
                }
            }
        }
    }
    m_timing.matmul += since(tm);
    auto ta = Clock::now();
    attention(L, gw, pool);
    m_timing.attention += since(ta);
    tm = Clock::now();
    for (int c0 = 0; c0 < L; c0 += chunk) {
        const int n = std::min(chunk, L - c0);
        SLUICE_TRY(product(*blk.wo, m_o.data() + size_t(c0) * qkv, qkv, n, m_chunkB.data(), D, pool));
        for (int r = 0; r < n; ++r) {
            float *x = m_x.data() + size_t(c0 + r) * D;
            kernels::add(x, m_chunkB.data() + size_t(r) * D, D, x);
        }
    }
    for (int c0 = 0; c0 < L; c0 += chunk) {
        const int n = std::min(chunk, L - c0);
        for (int r = 0; r < n; ++r)
            kernels::rmsNorm(m_x.data() + size_t(c0 + r) * D, blk.norm1.data(), v.rmsEps, D,
                             m_y.data() + size_t(r) * D);
        SLUICE_TRY(product(*blk.fc0, m_y.data(), D, n, m_chunkA.data(), inter, pool));
        kernels::geluTanh(m_chunkA.data(), size_t(n) * inter, m_chunkA.data());
        SLUICE_TRY(product(*blk.fc1, m_chunkA.data(), inter, n, m_chunkB.data(), D, pool));
        for (int r = 0; r < n; ++r) {
            float *x = m_x.data() + size_t(c0 + r) * D;
            kernels::add(x, m_chunkB.data() + size_t(r) * D, D, x);
        }
    }
    m_timing.matmul += since(tm);
    return Status::ok();
}

// Merge: token (a, c) concatenates the encoder rows of its mh x mw window,
// row-major inside the window (spec 7.5); tokens row-major. Into m_y. Then
// the projector: RMSNorm(gelu_erf(M proj0^T) proj2^T; post_norm).
Expected<std::vector<float>> VisionTower::mergeAndProject(int gw, int gh, kernels::ThreadPool *pool)
{
    const VisionConfig &v = m_cfg;
    const size_t D = size_t(v.hidden);
    const int chunk = int(kernels::kMaxBatch);
    const int mh = v.mergeH, mw = v.mergeW;
    const int th = gh / mh, tw = gw / mw, tokens = th * tw;
    const size_t merged = D * size_t(mh * mw);
    for (int a = 0; a < th; ++a)
        for (int c = 0; c < tw; ++c)
            for (int dy = 0; dy < mh; ++dy)
                for (int dx = 0; dx < mw; ++dx) {
                    const size_t src = size_t(a * mh + dy) * size_t(gw) + size_t(c * mw + dx);
                    float *dst = m_y.data() + size_t(a * tw + c) * merged + size_t(dy * mw + dx) * D;
                    std::copy_n(m_x.data() + src * D, D, dst);
                }
    const size_t out = size_t(m_textHidden);
    std::vector<float> result(size_t(tokens) * out);
    for (int c0 = 0; c0 < tokens; c0 += chunk) {
        const int n = std::min(chunk, tokens - c0);
        SLUICE_TRY(product(*m_proj0, m_y.data() + size_t(c0) * merged, merged, n, m_chunkA.data(), merged, pool));
        kernels::geluErf(m_chunkA.data(), size_t(n) * merged, m_chunkA.data());
        SLUICE_TRY(product(*m_proj2, m_chunkA.data(), merged, n, result.data() + size_t(c0) * out, out, pool));
        for (int r = 0; r < n; ++r) {
            float *e = result.data() + size_t(c0 + r) * out;
            kernels::rmsNorm(e, m_postNorm.data(), v.projectorLnEps, out, e);
        }
    }
    return result;
}

Expected<std::vector<float>> VisionTower::encode(const PreprocessedImage &image, kernels::ThreadPool *pool,
                                                 std::vector<float> *encoderOut, const std::atomic<bool> *cancel)
{
    const auto start = Clock::now();
    m_timing = {};
    SLUICE_TRY(checkImage(image));
    const int gw = image.grid.gw, gh = image.grid.gh, L = image.grid.patches();
    const size_t D = size_t(m_cfg.hidden);
    auto t0 = Clock::now();
    SLUICE_TRY(embedPatches(image, pool));
    m_timing.embed = since(t0);
    for (const Block &blk : m_blocks) {
        if (cancel && cancel->load(std::memory_order_relaxed))
            return makeError(ErrorCode::Cancelled, SLUICE_ERRT("Error", "vision tower cancelled"));
        SLUICE_TRY(encoderBlock(blk, L, gw, pool));
    }
    for (int i = 0; i < L; ++i)
        kernels::rmsNorm(m_x.data() + size_t(i) * D, m_finalNorm.data(), m_cfg.rmsEps, D, m_x.data() + size_t(i) * D);
    if (encoderOut)
        encoderOut->assign(m_x.begin(), m_x.begin() + ptrdiff_t(size_t(L) * D));
    auto tp = Clock::now();
    auto result = mergeAndProject(gw, gh, pool);
    m_timing.projector = since(tp);
    m_timing.total = since(start);
    return result;
}

} // namespace sluice::vision
