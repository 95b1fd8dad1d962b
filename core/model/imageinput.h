#pragma once
// Images in the token stream (spec 6.5, 7.6): the engine's queue of images
// waiting for their <|media_pad|> positions.
//
//  * add(): decode (bounded), preprocess and run the vision tower, which is
//    loaded on the first image only; the embeddings wait in the queue.
//  * expand(): each <|media_pad|> of a prompt stands for the next image not
//    yet placed and becomes one position per embedding row of that image.
//  * takeRow(): the forward pass's embedding hook calls it for every pad
//    position (prefill chunks and single-token steps alike): rows are handed
//    out strictly in order, so several images need no bookkeeping.
// Once an image's rows are all consumed they are freed: the image then lives
// only in the session state (KDA/MLA), which is what save/load keeps.
#include "format/container.h"
#include "kernels/threadpool.h"
#include "util/status.h"
#include "vision/imageloader.h"
#include "vision/visiontower.h"

#include <atomic>
#include <deque>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace sluice::model {

class ImageInput {
public:
    // maxPatches <= 0 takes the model's max_patches; queueLimit bounds the
    // images waiting at once (the planner counts that many).
    ImageInput(const Container &container, kernels::ThreadPool *pool, int maxPatches = 0,
               int queueLimit = vision::kDefaultImageQueue, int attentionSlices = 0);
    ~ImageInput();

    bool available() const { return m_container.config().vision.present && m_container.config().mediaPadId >= 0; }
    int mediaPadId() const { return m_container.config().mediaPadId; }

    // Decode, preprocess and encode one image (the tower is loaded on first use).
    Status addFile(const std::string &path, const std::atomic<bool> *cancel = nullptr);
    Status addImage(const vision::RgbImage &image, const std::atomic<bool> *cancel = nullptr);
    // Drops every image not yet fully consumed (pending and partly placed).
    void clear();
    // After a reset or a loaded session: images already placed belong to the
    // old sequence and are dropped; images not yet placed keep waiting.
    void dropPlaced();

    // The prompt with each pad replaced by its image's rows' worth of pads.
    // Fails (changing nothing) when the prompt holds more pads than images wait.
    // `placed` receives how many images the expansion assigns; pass it to
    // commit() once the prompt is accepted.
    Expected<std::vector<int>> expand(std::span<const int> tokens, int &placed) const;
    void commit(int placed);

    // Next unused embedding row (text hidden floats) of the placed images.
    bool hasRow() const;
    Status takeRow(float *out);

    int pendingImages() const; // queued, not yet placed by a prompt
    // Original sizes for the media markup: every image the current sequence
    // has placed, then the pending ones, in order.
    struct Size {
        int width = 0;
        int height = 0;
    };
    std::vector<Size> knownSizes() const;
    std::vector<Size> pendingSizes() const;

    // Seconds of the last encode (bench) and the tower, once loaded.
    double lastEncodeSeconds() const { return m_lastEncodeSeconds; }
    const vision::VisionTower *tower() const { return m_tower.get(); }
    uint64_t queuedBytes() const;

private:
    struct Entry {
        int width = 0, height = 0;
        int tokens = 0;
        std::vector<float> rows; // tokens x hidden
        bool placed = false;
        int consumed = 0;
    };

    const Container &m_container;
    kernels::ThreadPool *m_pool;
    int m_maxPatches;
    int m_queueLimit;
    int m_slices;
    std::unique_ptr<vision::VisionTower> m_tower;
    std::deque<Entry> m_queue;       // placed (being consumed) first, then pending
    std::vector<Size> m_placedSizes; // every image placed since the last reset
    double m_lastEncodeSeconds = 0;
};

} // namespace sluice::model
