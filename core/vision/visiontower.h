#pragma once
// The K3 vision tower and projector (spec 7.3-7.5): patch embedding,
// interpolated 2D position embedding, `layers` pre-norm ViT blocks with 2D
// RoPE and bidirectional attention, final norm, 2x2 merge and the
// patchmerger projector into the text model's hidden width.
//
// Loaded only when an image is first used (the engine creates it lazily): all
// vision tensors are read into RAM as stored (Q8G in a correct container,
// F32/F16 accepted; 4- and 3-bit are refused, spec 4.3) and every activation
// buffer is sized for `maxPatches` up front, so memoryPlan() is the exact
// figure the planner counts. f32 throughout; each output element is computed
// by one thread in a fixed order, so results do not depend on the thread count.
#include "format/container.h"
#include "api/modelconfig.h"
#include "kernels/threadpool.h"
#include "util/status.h"
#include "vision/imageloader.h"
#include "vision/imagepreprocess.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace sluice::vision {

inline constexpr int kDefaultImageQueue = 32; // images whose embeddings may wait for a prompt (spec 9)

struct VisionTowerOptions {
    int maxPatches = 0;     // 0 = the config's max_patches
    int attentionSlices = 0; // work slices of the attention (scratch rows); 0 = hardware threads
};

// Where the tower reads its tensors: a container's trunk.bin, or a release
// folder's trunk cache (the release's bf16 vision tensors after the
// converter's trunk rule: Q8G, or bf16 as stored at releaseTrunkBits 16).
struct VisionTensorStore {
    std::function<const TensorInfo *(const std::string &)> find;
    std::function<Status(const TensorInfo &, std::vector<uint8_t> &, std::vector<uint16_t> &)> read;
    static VisionTensorStore of(const Container &container);
};

// What vision costs in RAM when it is switched on (spec 9), by term.
struct VisionMemory {
    uint64_t weights = 0;     // vision tensors as held (stored bytes; f32 vectors)
    uint64_t activations = 0; // tower buffers for maxPatches
    uint64_t decode = 0;      // bounded image decode + preprocessing of one image
    uint64_t queue = 0;       // embeddings of up to queueImages images at maxPatches
    uint64_t total() const { return weights + activations + decode + queue; }
};

class VisionTower {
public:
    static Expected<std::unique_ptr<VisionTower>> load(const Container &container, const VisionTowerOptions &options = {});
    static Expected<std::unique_ptr<VisionTower>> load(const ModelConfig &cfg, const VisionTensorStore &store,
                                                       const VisionTowerOptions &options = {});
    ~VisionTower();
    VisionTower(const VisionTower &) = delete;
    VisionTower &operator=(const VisionTower &) = delete;

    // Benchmarks: a tower of the given shape with random Q8G weights (no
    // container), e.g. the release K3 size when no K3 container is at hand.
    static Expected<std::unique_ptr<VisionTower>> createRandom(const VisionConfig &cfg, int textHidden,
                                                               const VisionTowerOptions &options = {},
                                                               uint64_t seed = 1);

    // The RAM figure for the planner, from the manifest alone (nothing loaded).
    static Expected<VisionMemory> memoryPlan(const ModelConfig &cfg, const std::vector<TensorInfo> &tensors,
                                             const VisionTowerOptions &options = {},
                                             int queueImages = kDefaultImageQueue, const ImageLimits &limits = {});
    // Bytes this instance actually allocated (weights + activations).
    uint64_t residentBytes() const;

    const VisionConfig &config() const { return m_cfg; }
    int maxPatches() const { return m_maxPatches; }
    int outputWidth() const { return m_textHidden; }

    // Preprocessed image -> tokenCount x outputWidth() embeddings, row-major.
    // `encoderOut` (tests) receives the encoder output after the final norm,
    // patches x hidden. `cancel` is checked between blocks.
    Expected<std::vector<float>> encode(const PreprocessedImage &image, kernels::ThreadPool *pool = nullptr,
                                        std::vector<float> *encoderOut = nullptr,
                                        const std::atomic<bool> *cancel = nullptr);

    // Seconds spent in the last encode(), by stage (bench).
    struct Timing {
        double embed = 0, attention = 0, matmul = 0, projector = 0, total = 0;
    };
    const Timing &lastTiming() const { return m_timing; }

private:
    struct Matrix;
    struct Block;
    VisionTower() = default;
    Status loadWeights(const VisionTensorStore &store);
    Status allocate(const VisionConfig &cfg, int textHidden, const VisionTowerOptions &options);
    void attention(int L, int gw, kernels::ThreadPool *pool);
    // The steps of encode(), in order.
    Status checkImage(const PreprocessedImage &image) const;
    Status embedPatches(const PreprocessedImage &image, kernels::ThreadPool *pool);
    void addPositionEmbedding(int gw, int gh);
    void ropeAngles(int L, int gw);
    Status encoderBlock(const Block &blk, int L, int gw, kernels::ThreadPool *pool);
    Expected<std::vector<float>> mergeAndProject(int gw, int gh, kernels::ThreadPool *pool);
    Status product(const Matrix &w, const float *x, size_t xStride, int n, float *y, size_t yStride,
                   kernels::ThreadPool *pool);

    VisionConfig m_cfg;
    int m_textHidden = 0;
    int m_maxPatches = 0;
    int m_slices = 1;
    int m_headDim = 0;

    std::unique_ptr<Matrix> m_patch, m_posEmb, m_proj0, m_proj2;
    std::vector<Block> m_blocks;
    std::vector<float> m_finalNorm, m_postNorm;

    // Activations (sized for m_maxPatches at load).
    std::vector<float> m_x, m_y, m_qkv, m_o, m_kt, m_chunkA, m_chunkB, m_scores, m_cos, m_sin;
    Timing m_timing;
};

} // namespace sluice::vision
