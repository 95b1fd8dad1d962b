#pragma once
// Images for the token stream (spec 6.5, 7.6), the model's half: decode
// (bounded), identify, preprocess and run the vision tower, which is loaded
// on the first image only and shared by every session of the model. What an
// image's positions hold afterwards lives in the session (sessionimpl.cpp).
#include "format/container.h"
#include "kernels/threadpool.h"
#include "util/status.h"
#include "vision/imageloader.h"
#include "vision/imagepreprocess.h"
#include "vision/visiontower.h"

#include <atomic>
#include <memory>
#include <string>
#include <vector>

namespace sluice::model {

// What marks an image's positions in a session: equal identities give equal
// rows (same pixels, same preprocessing of this model).
struct ImageIdentity {
    uint64_t pixelHash = 0;     // FNV-1a of width, height and the RGB bytes
    uint64_t fileHash = 0;      // FNV-1a of the file's bytes (0 = not from a file); skips decoding
    int width = 0, height = 0;  // original size (media markup)
    int tokens = 0;             // positions (embedding rows)
    bool operator==(const ImageIdentity &o) const
    {
        return pixelHash == o.pixelHash && width == o.width && height == o.height && tokens == o.tokens;
    }
};

// A decoded image ready for the tower.
struct PreparedImage {
    ImageIdentity identity;
    vision::PreprocessedImage pre;
};

class ImageEncoder {
public:
    // maxPatches <= 0 takes the model's max_patches.
    ImageEncoder(const Container &container, kernels::ThreadPool *pool, int maxPatches, int attentionSlices);
    // Any store of the vision tensors (a release folder's trunk cache);
    // `cfg` and what `store` refers to must outlive the encoder.
    ImageEncoder(const ModelConfig &cfg, vision::VisionTensorStore store, kernels::ThreadPool *pool, int maxPatches,
                 int attentionSlices);
    ~ImageEncoder();

    bool available() const { return m_cfg.vision.present && m_cfg.mediaPadId >= 0; }
    int mediaPadId() const { return m_cfg.mediaPadId; }

    static Expected<std::vector<uint8_t>> readFile(const std::string &path);
    static uint64_t fileHash(const std::vector<uint8_t> &bytes);
    // Decode (bounded) and preprocess; `fileHash` is recorded in the identity.
    Expected<PreparedImage> prepare(const std::vector<uint8_t> &fileBytes, uint64_t fileHash, const std::string &what) const;
    Expected<PreparedImage> prepare(const vision::RgbImage &image) const;
    // The tower (loaded on first use): tokens x hidden rows.
    Expected<std::vector<float>> encode(const PreparedImage &image, const std::atomic<bool> *cancel);

    double lastEncodeSeconds() const { return m_lastEncodeSeconds; }
    const vision::VisionTower *tower() const { return m_tower.get(); }

private:
    const ModelConfig &m_cfg;
    vision::VisionTensorStore m_store;
    kernels::ThreadPool *m_pool;
    int m_maxPatches;
    int m_slices;
    std::unique_ptr<vision::VisionTower> m_tower;
    double m_lastEncodeSeconds = 0;
};

} // namespace sluice::model
