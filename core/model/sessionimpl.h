#pragma once
// Session (api/session.h) on a ModelImpl: its own ForwardPass, the history
// its state was computed from, recurrent-state checkpoints and the image
// queue; prefix reuse in prefill().
#include "api/session.h"
#include "model/forwardpass.h"
#include "model/modelimpl.h"
#include "model/session.h"

#include <algorithm>
#include <deque>

namespace sluice::text {
class Sampler;
}

namespace sluice::model {

class SessionImpl final : public Session {
public:
    SessionImpl(std::shared_ptr<ModelImpl> model, int contextLength, int checkpoints);
    ~SessionImpl() override;

    Status eval(std::span<const int> tokens, std::vector<float> *lastLogits) override;
    Status evalAll(std::span<const int> tokens, std::vector<float> &allLogits, int chunk) override;
    Expected<PrefillResult> prefill(std::span<const int> sequence, std::vector<float> *lastLogits,
                                    const PrefillProgress &progress) override;
    Expected<GenerationResult> generate(std::span<const int> sequence, const SamplingParams &params,
                                        const TokenCallback &onToken, const PrefillProgress &progress) override;
    void cancel() override { m_cancel.store(true); }
    int position() const override { return m_forward->position(); }
    int contextLength() const override { return m_forward->contextLength(); }
    std::vector<int> tokens() const override;
    int checkpointCount() const override { return int(m_history.checkpoints.size()); }
    void reset() override;
    Status save(const std::string &path) const override;
    Status load(const std::string &path) override;
    Status addImage(const std::string &imagePath) override;
    Status addImage(std::shared_ptr<const std::vector<uint8_t>> bytes, const std::string &name) override;
    void clearImages() override { m_queue.clear(); }
    int queuedImages() const override { return int(m_queue.size()); }
    void dropQueuedImages(int count) override
    {
        m_queue.erase(m_queue.begin(), m_queue.begin() + std::clamp<ptrdiff_t>(count, 0, ptrdiff_t(m_queue.size())));
    }
    std::vector<std::pair<int, int>> queuedImageSizes() const override;
    std::vector<int> imagePrompt(const std::string &text) const override;
    std::vector<std::pair<int, int>> imageSizes() const override;
    void setHiddenStateTap(const HiddenStateTap &tap) override { m_forward->setResidualDump(tap.residuals); }

private:
    // Where an image can be read again when a rollback before it must encode
    // it once more: its file, or the bytes a client handed over (kept, so a
    // client never has to stage images in files that may be gone by then).
    struct ImageSource {
        std::string name; // the path, or the client's label; "" = unknown
        std::shared_ptr<const std::vector<uint8_t>> bytes; // null: read `name` as a file
    };
    // An image waiting for a pad, or one of the state's images: its identity,
    // its rows once encoded (freed when consumed), where to encode it again.
    struct ImageRef {
        ImageIdentity identity;
        ImageSource source;
        std::shared_ptr<std::vector<float>> rows;
    };
    // A request: ids one per position, the images placed in it.
    struct Expanded {
        std::vector<int> ids;
        std::vector<ImageSpan> spans;
        std::vector<ImageRef> refs; // parallel to spans
        int imagesFromQueue = 0;    // queue entries the request consumes
    };

    Expected<Expanded> expand(std::span<const int> compact, bool append) const;
    // prefill()'s steps.
    int commonPrefix(const Expanded &target, int held) const;
    const std::vector<float> *keptLogits(int pos, int held, bool stateValid) const;
    int chooseResume(const Expanded &target, int lcp, int held, bool recurrent, bool stateValid,
                     const Checkpoint *&from) const;
    Status startGeneration(std::span<const int> sequence, const PrefillProgress &progress, std::vector<float> &logits,
                           GenerationResult &result, bool &stopped);
    // Computes positions [position(), target.ids.size()) of `target` (the
    // state already holds target's first position() positions).
    Status feed(const Expanded &target, std::vector<float> *logits, bool all, int chunk,
                const PrefillProgress &progress, int *encoded);
    Status append(std::span<const int> tokens, std::vector<float> *logits, bool all, int chunk);
    Status ensureRows(ImageRef &ref);
    Status queueImage(const std::vector<uint8_t> &bytes, ImageSource source);
    void truncateTo(int position, const Checkpoint *from);
    void addCheckpoint();
    std::vector<int> clientPlacedIds() const;
    static Expected<int> sampleNext(text::Sampler &sampler, std::vector<float> &logits, std::vector<float> &masked,
                                    TokenConstraint *constraint, int remaining, const std::vector<int> &banned);
    TokenStats statsSince(const ExpertCacheStats &c0, const ForwardTimers &t0) const;

    std::shared_ptr<ModelImpl> m_model;
    const ModelConfig &m_cfg;
    int m_maxCheckpoints;
    std::unique_ptr<ForwardPass> m_forward;
    std::atomic<bool> m_cancel{false};
    bool m_damaged = false;
    SessionHistory m_history;            // ids, spans, last logits, checkpoints
    std::vector<ImageSource> m_imageSources; // parallel to m_history.images
    std::deque<ImageRef> m_queue;        // added, not yet placed
    std::deque<std::shared_ptr<std::vector<float>>> m_feedRows; // images being fed, in order
    int m_feedRow = 0;                   // next row of m_feedRows.front()
};

} // namespace sluice::model
