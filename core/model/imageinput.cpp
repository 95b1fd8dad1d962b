#include "model/imageinput.h"

#include "vision/imagepreprocess.h"

#include <algorithm>
#include <chrono>

namespace sluice::model {

ImageInput::ImageInput(const Container &container, kernels::ThreadPool *pool, int maxPatches, int queueLimit,
                       int attentionSlices)
    : m_container(container), m_pool(pool), m_maxPatches(maxPatches > 0 ? maxPatches : container.config().vision.maxPatches),
      m_queueLimit(std::max(1, queueLimit)), m_slices(attentionSlices > 0 ? attentionSlices : (pool ? pool->threadCount() : 1))
{
}

ImageInput::~ImageInput() = default;

Status ImageInput::addFile(const std::string &path, const std::atomic<bool> *cancel)
{
    if (!available())
        return makeError(ErrorCode::Unsupported, "this model has no vision tower; cannot add " + path);
    auto image = vision::loadImageFile(path);
    if (!image)
        return image.status();
    return addImage(*image, cancel).withContext(path);
}

Status ImageInput::addImage(const vision::RgbImage &image, const std::atomic<bool> *cancel)
{
    if (!available())
        return makeError(ErrorCode::Unsupported, "this model has no vision tower (or no <|media_pad|> id)");
    if (pendingImages() >= m_queueLimit)
        return makeError(ErrorCode::Budget, "image queue full: " + std::to_string(m_queueLimit) +
                                                " images are waiting for a prompt");
    const auto t0 = std::chrono::steady_clock::now();
    auto pre = vision::preprocessImage(image, m_container.config().vision, m_maxPatches);
    if (!pre)
        return pre.status();
    if (!m_tower) {
        vision::VisionTowerOptions o;
        o.maxPatches = m_maxPatches;
        o.attentionSlices = m_slices;
        auto tower = vision::VisionTower::load(m_container, o);
        if (!tower)
            return tower.status();
        m_tower = std::move(*tower);
    }
    auto rows = m_tower->encode(*pre, m_pool, nullptr, cancel);
    if (!rows)
        return rows.status();
    Entry e;
    e.width = image.width;
    e.height = image.height;
    e.tokens = pre->tokenCount(m_tower->config().mergeH, m_tower->config().mergeW);
    e.rows = std::move(*rows);
    m_queue.push_back(std::move(e));
    m_lastEncodeSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return Status::ok();
}

void ImageInput::clear()
{
    m_queue.clear();
}

void ImageInput::dropPlaced()
{
    while (!m_queue.empty() && m_queue.front().placed)
        m_queue.pop_front();
    m_placedSizes.clear();
}

int ImageInput::pendingImages() const
{
    return int(std::count_if(m_queue.begin(), m_queue.end(), [](const Entry &e) { return !e.placed; }));
}

Expected<std::vector<int>> ImageInput::expand(std::span<const int> tokens, int &placed) const
{
    placed = 0;
    const int pad = mediaPadId();
    if (pad < 0)
        return std::vector<int>(tokens.begin(), tokens.end());
    const int pads = int(std::count(tokens.begin(), tokens.end(), pad));
    if (pads == 0)
        return std::vector<int>(tokens.begin(), tokens.end());
    const int pending = pendingImages();
    if (pads > pending)
        return makeError(ErrorCode::InvalidArgument, "the prompt has " + std::to_string(pads) +
                                                         " <|media_pad|> token(s) but " + std::to_string(pending) +
                                                         " image(s) are queued (add one image per pad, in order)");
    auto next = std::find_if(m_queue.begin(), m_queue.end(), [](const Entry &e) { return !e.placed; });
    std::vector<int> out;
    out.reserve(tokens.size() + size_t(pads) * size_t(next->tokens));
    for (int t : tokens) {
        if (t != pad) {
            out.push_back(t);
            continue;
        }
        out.insert(out.end(), size_t(next->tokens), pad);
        ++next;
        ++placed;
    }
    return out;
}

void ImageInput::commit(int placed)
{
    for (Entry &e : m_queue) {
        if (placed == 0)
            break;
        if (!e.placed) {
            e.placed = true;
            m_placedSizes.push_back({e.width, e.height});
            --placed;
        }
    }
}

bool ImageInput::hasRow() const
{
    return !m_queue.empty() && m_queue.front().placed && m_queue.front().consumed < m_queue.front().tokens;
}

Status ImageInput::takeRow(float *out)
{
    if (!hasRow())
        return makeError(ErrorCode::Internal, "no image embedding row is waiting for this <|media_pad|> position");
    Entry &e = m_queue.front();
    const size_t width = e.rows.size() / size_t(e.tokens);
    std::copy_n(e.rows.data() + size_t(e.consumed) * width, width, out);
    if (++e.consumed == e.tokens)
        m_queue.pop_front(); // fully in the session state now: free the rows
    return Status::ok();
}

std::vector<ImageInput::Size> ImageInput::knownSizes() const
{
    std::vector<Size> out = m_placedSizes;
    for (const Entry &e : m_queue)
        if (!e.placed)
            out.push_back({e.width, e.height});
    return out;
}

std::vector<ImageInput::Size> ImageInput::pendingSizes() const
{
    std::vector<Size> out;
    for (const Entry &e : m_queue)
        if (!e.placed)
            out.push_back({e.width, e.height});
    return out;
}

uint64_t ImageInput::queuedBytes() const
{
    uint64_t bytes = 0;
    for (const Entry &e : m_queue)
        bytes += e.rows.size() * 4;
    return bytes;
}

} // namespace sluice::model
