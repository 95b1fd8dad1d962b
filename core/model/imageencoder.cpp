#include "model/imageencoder.h"

#include "util/regularfile.h"

#include "model/session.h" // fnv1a64

#include <chrono>
#include <fstream>

namespace sluice::model {

ImageEncoder::ImageEncoder(const Container &container, kernels::ThreadPool *pool, int maxPatches, int attentionSlices)
    : ImageEncoder(container.config(), vision::VisionTensorStore::of(container), pool, maxPatches, attentionSlices)
{
}

ImageEncoder::ImageEncoder(const ModelConfig &cfg, vision::VisionTensorStore store, kernels::ThreadPool *pool,
                           int maxPatches, int attentionSlices)
    : m_cfg(cfg)
    , m_store(std::move(store))
    , m_pool(pool)
    , m_maxPatches(maxPatches > 0 ? maxPatches : cfg.vision.maxPatches)
    , m_slices(attentionSlices > 0 ? attentionSlices : (pool ? pool->threadCount() : 1))
{
}

ImageEncoder::~ImageEncoder() = default;

Expected<std::vector<uint8_t>> ImageEncoder::readFile(const std::string &path)
{
    // A FIFO, a device or a directory is named, never opened as a stream
    // (a FIFO would block, /dev/zero never end, a directory read as huge).
    SLUICE_TRY(checkRegularFile(path));
    std::ifstream in(path, std::ios::binary | std::ios::ate);
    if (!in)
        return makeError(ErrorCode::NotFound, SLUICE_ERRT("Error", "%1: cannot open image file"), path);
    const std::streamoff size = in.tellg();
    const vision::ImageLimits limits;
    if (size < 0 || uint64_t(size) > limits.maxFileBytes)
        return makeError(ErrorCode::InvalidArgument,
            SLUICE_ERRT("Error", "%1: image file of %2 bytes exceeds the limit of %3"), path, size,
            limits.maxFileBytes);
    std::vector<uint8_t> bytes(static_cast<size_t>(size));
    in.seekg(0);
    if (!in.read(reinterpret_cast<char *>(bytes.data()), size))
        return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: read failed"), path);
    return bytes;
}

uint64_t ImageEncoder::fileHash(const std::vector<uint8_t> &bytes)
{
    return fnv1a64(bytes.data(), bytes.size()) | 1; // never 0 ("not from a file")
}

Expected<PreparedImage> ImageEncoder::prepare(const std::vector<uint8_t> &fileBytes, uint64_t hash,
                                              const std::string &what) const
{
    auto image = vision::decodeImage(fileBytes, {}, what);
    if (!image)
        return image.status();
    auto p = prepare(*image);
    if (p)
        p->identity.fileHash = hash;
    return p;
}

Expected<PreparedImage> ImageEncoder::prepare(const vision::RgbImage &image) const
{
    if (!available())
        return makeError(
            ErrorCode::Unsupported, SLUICE_ERRT("Error", "this model has no vision tower (or no <|media_pad|> id)"));
    auto pre = vision::preprocessImage(image, m_cfg.vision, m_maxPatches);
    if (!pre)
        return pre.status();
    PreparedImage out;
    const int32_t dims[2] = {image.width, image.height};
    out.identity.pixelHash = fnv1a64(image.rgb.data(), image.rgb.size(), fnv1a64(dims, sizeof dims));
    out.identity.width = image.width;
    out.identity.height = image.height;
    const VisionConfig &vc = m_cfg.vision;
    out.identity.tokens = pre->tokenCount(vc.mergeH, vc.mergeW);
    out.pre = std::move(*pre);
    return out;
}

Expected<std::vector<float>> ImageEncoder::encode(const PreparedImage &image, const std::atomic<bool> *cancel)
{
    const auto t0 = std::chrono::steady_clock::now();
    if (!m_tower) {
        vision::VisionTowerOptions o;
        o.maxPatches = m_maxPatches;
        o.attentionSlices = m_slices;
        auto tower = vision::VisionTower::load(m_cfg, m_store, o);
        if (!tower)
            return tower.status();
        m_tower = std::move(*tower);
    }
    auto rows = m_tower->encode(image.pre, m_pool, nullptr, cancel);
    if (!rows)
        return rows.status();
    if (rows->size() != size_t(image.identity.tokens) * size_t(m_cfg.hidden))
        return makeError(ErrorCode::Internal, "vision tower returned " + std::to_string(rows->size()) +
                                                  " floats for " + std::to_string(image.identity.tokens) + " rows");
    m_lastEncodeSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return rows;
}

} // namespace sluice::model
