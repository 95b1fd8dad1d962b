#pragma once
// The public API of the Sluice engine: everything the GUI, the CLI and the
// server do goes through this class. No printing, no exit: errors come back as
// Status. An Engine is used from one thread at a time (the GUI's worker
// thread); cancel() is the one call that is safe from any thread.
//
// CONTRACT NOTE: this header was written first as the agreement between the
// model module (implements it), the Qt adapter and the CLI (use it). Extend it
// compatibly; do not rename what others already call.
#include "format/modelconfig.h"
#include "util/status.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace sluice {

struct EngineOptions {
    std::string modelPath;      // a .waste directory
    uint64_t budgetBytes = 0;   // hard RAM ceiling; 0 = the planner's default budget
    int contextLength = 4096;   // MLA latent cache capacity, preallocated
    int threads = 0;            // compute threads; 0 = hardware concurrency
    bool verifyChecksums = false; // CRC every expert record (also SLUICE_VERIFY=1)
    bool directIo = true;       // O_DIRECT expert reads (falls back automatically)
    bool readAhead = true;      // hand a layer's experts to the readers in compute order
    int lookahead = 6;          // router lookahead width; 0 disables (also SLUICE_LOOKAHEAD=0)
    int ioThreads = 2;
    bool cacheEnabled = true;   // false: every expert is read for every use (testing)
    // Routing-trace replay (benchmarks): a JSONL trace (stream/routetrace.h)
    // whose expert ids replace the router's choice; empty = the router decides.
    std::string routeTracePath;
    // Called with every MoE layer's final choice (after any replay), e.g. to
    // record a routing trace of this model; moeLayer 0 = the first MoE layer.
    std::function<void(int moeLayer, int64_t position, std::span<const int> experts)> routeObserver;
    // Vision (models with a tower): plan its memory (spec 9: weights, tower
    // activations, bounded decode, the image queue) so addImage() works; the
    // tower itself loads on the first image. false saves that RAM (~1.1 GiB on K3).
    bool vision = true;
    int maxImagePatches = 0;    // patch budget per image; 0 = the model's max_patches (1024)
    // Where the container fingerprint may be cached when the model's own
    // folder is read-only (the host passes e.g. ~/.cache/sluice); empty = nowhere.
    std::string cacheDir;
    // Called during open with 0..1 and a stage name; return false to cancel.
    std::function<bool(double fraction, const std::string &stage)> progress;
};

struct ModelInfo {
    std::string architecture;   // "kimi-k3" or "kimi-linear"
    ModelConfig config;
    int64_t parameters = 0;
    uint64_t containerBytes = 0;
    uint64_t recordBytes = 0;
    bool hasVision = false;
    bool directIo = false;      // what the I/O probe found
    uint64_t budgetBytes = 0;   // the budget in force
    uint64_t floorBytes = 0;
    uint64_t expertCacheBytes = 0;
    int expertCacheSlots = 0;
    // Why an optional part is off; empty when it is on. The model still opens
    // for text whatever is wrong with a part it does not need.
    std::string tokenizerError; // e.g. ".../tokenizer.model: rank file:301: bad rank 'xyz'"
    std::string visionError;    // e.g. "vision.json: ..." (hasVision is then false)
};

// Per-token statistics, delivered with every generated token.
struct TokenStats {
    uint64_t demandHits = 0;
    uint64_t demandMisses = 0;
    uint64_t speculativeUsed = 0;
    uint64_t speculativeWasted = 0;
    uint64_t bytesRead = 0;
    double ioWaitSeconds = 0;
    double attentionSeconds = 0;
    double expertLutBuildSeconds = 0;
    double expertApplySeconds = 0;
    double trunkSeconds = 0;
    double lmHeadSeconds = 0;
    double tokenSeconds = 0;    // wall time of this token
    uint64_t residentBytes = 0; // engine bytes allocated against the budget
};

struct SamplingParams {
    float temperature = 0.0f;   // 0 = greedy
    float topP = 1.0f;
    int topK = 0;               // 0 = off
    uint64_t seed = 0;
    int maxTokens = 256;
    std::vector<std::string> stopStrings;
};

struct GeneratedToken {
    int id = 0;
    std::string text;           // detokenised bytes of this token (may be a partial UTF-8 sequence)
    TokenStats stats;
};

enum class StopReason { MaxTokens, EndOfSequence, StopString, Cancelled, ContextFull, Error };

struct GenerationResult {
    std::vector<int> tokens;
    StopReason reason = StopReason::MaxTokens;
    double prefillSeconds = 0;
    double decodeSeconds = 0;
    int promptTokens = 0;
    TokenStats totals;          // summed over the whole generation
};

// Return false from the callback to stop generating after this token.
using TokenCallback = std::function<bool(const GeneratedToken &token)>;

// One chat turn for prompt rendering (the model's own chat format).
struct ChatMessage {
    std::string role;           // "system", "user", "assistant", "tool"
    std::string content;
    std::string reasoning;      // assistant thinking, if any
    int imageCount = 0;         // images attached to this message, in order
};

struct ChatOptions {
    bool thinking = true;
    std::string thinkingEffort; // "", "low", "high", "max"
    bool addGenerationPrompt = true;
};

class Engine {
public:
    virtual ~Engine() = default;

    static Expected<std::unique_ptr<Engine>> open(const EngineOptions &options);

    virtual const ModelInfo &info() const = 0;

    // Tokenizer: content mode (user text can never forge a control token).
    virtual std::vector<int> tokenize(const std::string &text) const = 0;
    virtual std::string detokenize(std::span<const int> tokens) const = 0;
    virtual std::vector<int> renderChat(const std::vector<ChatMessage> &messages, const ChatOptions &options) const = 0;

    // Append tokens to the session and return the logits after the last one.
    virtual Status eval(std::span<const int> tokens, std::vector<float> *lastLogits) = 0;
    // Prefill `prompt` (appended to the session), then sample until a stop.
    virtual Expected<GenerationResult> generate(std::span<const int> prompt, const SamplingParams &params,
                                                const TokenCallback &onToken) = 0;
    // Safe from any thread; takes effect within one layer.
    virtual void cancel() = 0;

    virtual int position() const = 0;
    virtual void resetSession() = 0;
    virtual Status saveSession(const std::string &path) const = 0;
    // A file from another model or a damaged one is refused; the live session is untouched.
    virtual Status loadSession(const std::string &path) = 0;

    // Vision: queue RGB8 images for the next prompt's <|media_pad|> positions.
    virtual Status addImage(const std::string &imagePath) = 0;
    virtual void clearImages() = 0;
};

} // namespace sluice

namespace sluice {
// Extension (tests, `eval --all-logits`): appends `tokens` to the session in
// chunks of `chunk` (1..64) tokens and returns the logits of EVERY position,
// tokens.size() * vocab floats.
Status engineEvalAll(Engine &engine, std::span<const int> tokens, std::vector<float> &allLogits, int chunk = 64);
// Extension (CLI `run`/`eval --image`): a raw prompt with the queued images in
// front: the media markup of every image added but not yet placed (spec 6.5:
// original W x H, one <|media_pad|> each), then `text` in content mode.
// Empty when the model has no tokenizer.
std::vector<int> engineImagePrompt(Engine &engine, const std::string &text);
// Extension (oracle comparisons): while set, the residual stream after every
// layer is appended to `dump` for every token, per forward chunk as
// [layer][chunk token][hidden]. nullptr stops it.
void engineSetResidualDump(Engine &engine, std::vector<float> *dump);
} // namespace sluice
