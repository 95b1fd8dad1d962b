#pragma once
// sluice::Session — one conversation's state on a Model (the llama_context
// analogue): its own forward state (KDA recurrent and conv state, MLA
// latents, position), the ids that state was computed from, checkpoints of
// the recurrent state, and the images waiting for their <|media_pad|>
// positions. Used from one thread at a time; cancel() is safe from any thread.
//
// Two ways to feed it:
//  * eval()/evalAll() APPEND ids to the state (benchmarks, oracle checks).
//  * prefill()/generate() take the WHOLE sequence (e.g. the conversation
//    rendered again each turn). The longest common prefix with the state is
//    kept and only the rest is computed ("prefix reuse"). MLA latents are
//    simply truncated; the KDA state cannot be, so the session keeps
//    checkpoints of it (at the end of every prefill, i.e. before every reply)
//    and resumes from the latest one inside the common prefix, then computes
//    from there. The logits are bit-identical to a prefill from nothing.
//
// Images: ids hold ONE <|media_pad|> per image; the session expands it to the
// image's rows. For prefill()/generate() the pads of the sequence are matched
// to images either (a) all images queued by addImage() when their count
// equals the sequence's pads (a client that re-adds every image each turn), or
// (b) the images the state already holds, in order, followed by the queued
// ones. An image is identified by a hash of its decoded pixels (and, to skip
// decoding, of its file): an image the state already holds is neither decoded
// nor encoded again while its prefix is kept.
#include "api/types.h"

#include <atomic>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace sluice {

// Where the sequence's pads come from and what a request reused.
struct PrefillResult {
    int promptTokens = 0;       // positions of the sequence (images count their rows)
    int reusedTokens = 0;       // kept from the state
    int prefillTokens = 0;      // computed
    int imagesEncoded = 0;
    double seconds = 0;
};

// Hidden states for oracle comparisons (debug tap): while set, the residual
// stream after every layer is appended for every computed position, per
// forward chunk as [layer][chunk token][hidden].
struct HiddenStateTap {
    std::vector<float> *residuals = nullptr; // nullptr stops it
};

class Session {
public:
    virtual ~Session() = default;

    // Appends `tokens` and returns the logits after the last one (vocab floats).
    virtual Status eval(std::span<const int> tokens, std::vector<float> *lastLogits) = 0;
    // Appends `tokens` in chunks of `chunk` (1..64) and returns the logits of
    // EVERY position, positions * vocab floats (images expanded).
    virtual Status evalAll(std::span<const int> tokens, std::vector<float> &allLogits, int chunk = 64) = 0;

    // Makes the state hold exactly `sequence` (prefix reuse as above);
    // `lastLogits` (optional) gets the logits after its last position.
    virtual Expected<PrefillResult> prefill(std::span<const int> sequence, std::vector<float> *lastLogits = nullptr,
                                            const PrefillProgress &progress = {}) = 0;
    // prefill(sequence), then sample until a stop. Generated ids are part of
    // the state afterwards (except the last one sampled, which is not fed).
    // An empty sequence continues from the state's last position.
    virtual Expected<GenerationResult> generate(std::span<const int> sequence, const SamplingParams &params,
                                                const TokenCallback &onToken,
                                                const PrefillProgress &progress = {}) = 0;
    // Safe from any thread; takes effect within one layer.
    virtual void cancel() = 0;

    virtual int position() const = 0;              // positions in the state (images expanded)
    virtual int contextLength() const = 0;
    virtual std::vector<int> tokens() const = 0;   // the state's ids, one pad per image
    virtual int checkpointCount() const = 0;
    virtual void reset() = 0;                      // empty state, checkpoints dropped, queue kept

    // Versioned session file: state, ids, image identities, checkpoints.
    // Written atomically (temp file, fsync, rename). A file from another model,
    // an older version or a damaged one is refused; the live session is untouched.
    virtual Status save(const std::string &path) const = 0;
    virtual Status load(const std::string &path) = 0;

    // Queues an RGB image file for the next sequence's pads (decoded,
    // validated and encoded now unless the state already holds it).
    virtual Status addImage(const std::string &imagePath) = 0;
    // The same from a client's bytes (an upload, a pasted image): kept with
    // the state, so a later rollback can encode it again without any file.
    // `name` labels errors ("image 2").
    virtual Status addImage(std::shared_ptr<const std::vector<uint8_t>> bytes, const std::string &name) = 0;
    virtual void clearImages() = 0;
    virtual int queuedImages() const = 0;
    // Leaves the first `count` queued images out (a conversation fitted to the
    // context dropped the turns that held them); the rest keep their encoding.
    virtual void dropQueuedImages(int count) = 0;
    // Original sizes of the queued images only.
    virtual std::vector<std::pair<int, int>> queuedImageSizes() const = 0;
    // A raw prompt with the queued images in front: the media markup of every
    // queued image (original W x H, one <|media_pad|> each), then `text`.
    virtual std::vector<int> imagePrompt(const std::string &text) const = 0;
    // Original sizes of the state's images, then the queued ones (for renderChat).
    virtual std::vector<std::pair<int, int>> imageSizes() const = 0;

    virtual void setHiddenStateTap(const HiddenStateTap &tap) = 0;
};

} // namespace sluice
