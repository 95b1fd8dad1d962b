#pragma once
// Value types of Sluice's public API (api/model.h, api/session.h,
// api/inspect.h): plain copies, nothing here points into the engine. Clients
// (the GUI, the user-facing CLI commands, the server) include only api/*
// headers and qt/enginetypes.h / qt/engineworker.h.
#include "api/modelconfig.h"
#include "util/status.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace sluice {

// Checkpoints a conversation client asks for (the GUI, `sluice-cli chat`):
// enough for an edit of the last turns and a regenerate.
inline constexpr int kChatCheckpoints = 4;

// How a model is opened. The library reads no environment variable: hosts
// (the CLI, the GUI) map SLUICE_THREADS and friends onto these fields.
struct ModelOptions {
    std::string modelPath;      // a .waste directory
    uint64_t budgetBytes = 0;   // hard RAM ceiling; 0 = the planner's default budget
    // Count the process's own memory in the budget (issue 15,
    // stream/processfootprint.h): measured at open, a "process" term of the
    // floor and a ledger entry, so the whole process's peak resident set
    // stays under budgetBytes. Hosts that own their process turn it on (the
    // CLI does); false keeps the figures of the engine alone (library tests).
    bool reserveProcess = false;
    // The largest budget Model::setBudget may grow to without reopening: the
    // expert cache keeps address space (only; nothing is touched or counted)
    // for the slots it would hold. 0 = 7/8 of usable RAM (the planner's cap).
    uint64_t budgetCapacityBytes = 0;
    // The planned sessions: the plan and the ledger count `sessions` sessions
    // of this context length. Checkpoints (prefix reuse after an edit or a
    // regenerate) come out of the budget above the floor: at most this many
    // per session, fewer when a quarter of the spare budget cannot hold them
    // (ModelInfo::checkpoints says how many were granted).
    int contextLength = 4096;   // MLA latent cache capacity, preallocated
    int checkpoints = 0;        // 0 = none (appending still reuses the state); chats use kChatCheckpoints
    int sessions = 1;           // sessions alive at once (each has its own state; all are planned)
    int threads = 0;            // compute threads; 0 = hardware concurrency (or one per CPU of `cpus`)
    // Thread placement (`--cpus`): compute thread i runs on cpus[i % size]
    // only, e.g. the cores of one CCD or the performance cores. Each must be a
    // CPU this process may run on (its affinity mask); empty = the
    // scheduler places them. Results never depend on it.
    std::vector<int> cpus;
    bool verifyChecksums = false; // CRC every expert record on every read
    // CRC each record the first time it is read, and remember it (a sidecar
    // beside the container's fingerprint) so each record is checked once.
    bool verifyOnFirstRead = true;
    bool directIo = true;       // O_DIRECT expert and streamed-trunk reads (falls back automatically)
    // Trunk streaming (issue 13): layers whose trunk matrices stay resident;
    // the rest are read per token. -1 = the planner decides (all resident
    // unless the budget is under that floor). ModelInfo::residentLayers says.
    int residentTrunkLayers = -1;
    // lm_head read per token in row blocks through the same staging slots:
    // -1 = the planner decides (only with no layer resident and the budget
    // still short), 0 = resident, 1 = streamed whenever layers stream.
    // lmHeadBlockRows caps a block's rows (0 = as many as a slot holds).
    int streamLmHead = -1;
    uint64_t lmHeadBlockRows = 0;
    bool readAhead = true;      // hand a layer's experts to the readers in compute order
    int lookahead = 6;          // router lookahead width; 0 disables
    // Experts per token (issue 31), a speed/quality option: 0 = the model's
    // own num_experts_per_token; 1..that routes only the N best-scoring
    // experts (weights renormalised over them when the model renormalises),
    // reading and computing fewer per token at a quality cost (docs/model.md
    // has the measured KL). Anything else is refused at open. Session files
    // record it: a session saved with another value is refused on load.
    int expertsPerToken = 0;
    int ioThreads = 2;
    bool cacheEnabled = true;   // false: every expert is read for every use (testing)
    // Routing-trace replay (benchmarks): a JSONL trace (stream/routetrace.h)
    // whose expert ids replace the router's choice; empty = the router decides.
    std::string routeTracePath;
    // Called with every MoE layer's final choice (after any replay), e.g. to
    // record a routing trace of this model; moeLayer 0 = the first MoE layer.
    std::function<void(int moeLayer, int64_t position, std::span<const int> experts)> routeObserver;
    // The only place the library keeps caches (the container fingerprint and
    // the verified-records map; the host passes e.g. ~/.cache/sluice); empty =
    // nothing is cached. Nothing is ever written into the model's folder.
    std::string cacheDir;
    // Vision (models with a tower): plan its memory (spec 9: weights, tower
    // activations, bounded decode, the image queue) so addImage() works; the
    // tower itself loads on the first image. false saves that RAM (~1.1 GiB on K3).
    bool vision = true;
    int maxImagePatches = 0;    // patch budget per image; 0 = the model's max_patches (1024)
    // Called during open with 0..1 and a stage name; return false to cancel.
    std::function<bool(double fraction, const std::string &stage)> progress;
    // A release folder (safetensors shards, issue 11): the trunk is quantised
    // once into a trunk cache beside the checkpoint (or in cacheDir when the
    // folder is read-only) by the converter's rule: 4 = Q4G matrices (its
    // default), 8 = Q8G, 16 = every tensor as stored (bf16/f32; small models
    // and the float64 reference tests). Progress stage "preparing the trunk once".
    int releaseTrunkBits = 4;
};

// What clients show about an open model (not the whole internal config).
struct SamplingParams;

// The model's own recommended sampling (its generation_config.json, in the
// release folder or the container folder): only the fields the file sets.
// Clients start from their own defaults, apply this, then what the user
// chose (the CLI's options, the app's settings, a request's fields).
struct RecommendedSampling {
    std::optional<float> temperature;      // do_sample: false reads as 0 (greedy)
    std::optional<float> topP;
    std::optional<int> topK;
    std::optional<float> repeatPenalty;    // repetition_penalty
    std::optional<float> presencePenalty;
    std::optional<float> frequencyPenalty;
    std::optional<int> maxTokens;          // max_new_tokens
    std::optional<int> penaltyWindow;      // sluice_penalty_window
    std::optional<int> loopStop;           // sluice_loop_stop
    std::string source; // the file read ("" = none); also set when it was damaged
    std::string error;  // why the file was not used ("" = it was, or there is none)
    bool empty() const
    {
        return !temperature && !topP && !topK && !repeatPenalty && !presencePenalty && !frequencyPenalty &&
               !maxTokens && !penaltyWindow && !loopStop;
    }
    void applyTo(SamplingParams &params) const; // below SamplingParams
};

struct ModelInfo {
    std::string architecture;   // "kimi-k3" or "kimi-linear"
    int layers = 0;
    int kdaLayers = 0;          // layers with recurrent state (checkpointed for prefix reuse)
    int experts = 0;            // routed experts per MoE layer
    int moeLayers = 0;          // layers with routed experts (the rest are dense)
    int topK = 0;               // experts routed per token as opened (ModelOptions::expertsPerToken)
    int modelTopK = 0;          // the model's own num_experts_per_token
    int vocab = 0;
    int hidden = 0;
    int contextMax = 0;         // the model's trained context (max_position_embeddings)
    int contextLength = 0;      // the planned session's context (ModelOptions::contextLength)
    int eosId = -1;
    int endOfMsgId = -1;
    int mediaPadId = -1;
    int64_t parameters = 0;
    uint64_t containerBytes = 0;
    uint64_t recordBytes = 0;
    bool hasVision = false;     // the container has a vision tower
    bool visionEnabled = false; // ... and it was planned at open (addImage works)
    std::string visionDisabledReason; // why addImage() will fail, "" when it works
    // Why an optional part is off; empty when it is on. The model still opens
    // for text whatever is wrong with a part it does not need.
    std::string tokenizerError; // e.g. ".../tokenizer.model: rank file:301: bad rank 'xyz'"
    std::string visionError;    // e.g. "vision.json: ..." (hasVision is then false)
    bool hasTokenizer = false;
    bool directIo = false;      // what the I/O probe found
    uint64_t budgetBytes = 0;   // the budget in force (Model::setBudget changes it)
    uint64_t floorBytes = 0;    // the decode floor: the smallest budget that opens the model
    int residentLayers = 0;           // trunk layers resident (== layers unless the trunk streams)
    uint64_t trunkStreamBytes = 0;    // trunk bytes read from disk per token (0 = trunk resident)
    uint64_t trunkStagingBytes = 0;   // the streamed layers' staging slots
    bool lmHeadStreamed = false;      // lm_head read per token in row blocks (in trunkStreamBytes)
    uint64_t lmHeadStreamBytes = 0;   // its share of trunkStreamBytes
    uint64_t streamingFloorBytes = 0; // the smallest budget with the trunk streamed
    uint64_t processBytes = 0;  // the floor's process term (ModelOptions::reserveProcess; else 0)
    // What Model::setBudget accepts: the floor at the prefill chunk and
    // checkpoints granted at open, and the budget whose slots still fit the
    // cache's address space (0 = no limit: the cache can hold every record).
    uint64_t liveBudgetMinBytes = 0;
    uint64_t liveBudgetMaxBytes = 0;
    uint64_t expertCacheBytes = 0;
    int expertCacheSlots = 0;
    uint64_t checkpointBytes = 0; // one recurrent-state checkpoint (with its logits)
    int checkpoints = 0;        // granted per session (see ModelOptions::checkpoints)
    uint64_t fingerprint = 0;   // of the container's manifest (session files carry it)
    // What was opened: "WASTE container" or the release's own words
    // ("Kimi K3 release, MXFP4 experts, not converted").
    std::string description;
    bool release = false;       // a release folder, experts read from its shards
    std::string trunkCachePath; // release: the trunk cache file
    uint64_t trunkCacheBytes = 0;
    bool trunkCacheBuilt = false; // release: this open prepared the trunk cache
    // Release: the VQ3R record a converted container of the same shapes would
    // read per expert miss (recordBytes / this = the bytes-per-token trade-off).
    uint64_t vq3rRecordBytes = 0;
    // The model's generation_config.json (format/generationconfig.h); empty
    // when it has none or it was damaged (then recommendedSampling.error).
    RecommendedSampling recommendedSampling;
};

// Per-token statistics, delivered with every generated token.
struct TokenStats {
    uint64_t demandHits = 0;
    uint64_t demandMisses = 0;
    uint64_t speculativeUsed = 0;
    uint64_t speculativeWasted = 0;
    uint64_t bytesRead = 0;
    double ioWaitSeconds = 0;
    double readBusySeconds = 0;  // wall time with at least one expert read running (the disk's busy share)
    double trunkWaitSeconds = 0; // waiting for streamed trunk layers (0 when the trunk is resident)
    double attentionSeconds = 0;
    double expertLutBuildSeconds = 0;
    double expertApplySeconds = 0;
    double trunkSeconds = 0;
    double lmHeadSeconds = 0;
    double tokenSeconds = 0;    // wall time of this token
    uint64_t residentBytes = 0; // engine bytes allocated against the budget
};

class TokenConstraint; // api/constraint.h

struct SamplingParams {
    float temperature = 0.0f;   // 0 = greedy
    float topP = 1.0f;
    int topK = 0;               // 0 = off
    uint64_t seed = 0;
    int maxTokens = 256;
    std::vector<std::string> stopStrings;
    // Penalties on the reply's own ids so far (the last penaltyWindow of
    // them; the prompt is not counted: a chat prompt holds the question's
    // words, which a good answer repeats, and the template's markup). All off
    // by default, so an output without them is bit-identical to before.
    float repeatPenalty = 1.0f;    // > 1: l > 0 ? l / p : l * p (CTRL, Hugging Face's repetition_penalty)
    float presencePenalty = 0.0f;  // OpenAI's: l -= p once per id already in the window
    float frequencyPenalty = 0.0f; // OpenAI's: l -= p per occurrence in the window
    int penaltyWindow = 64;        // <= 0: the whole reply
    // The loop stop: > 1 ends a reply whose last ids are one span of at most
    // 64 ids repeated this many times in a row (covering at least 16 ids)
    // with StopReason::StopString and GenerationResult::loopStopped. 0 = off.
    int loopStop = 0;
    // Constrained sampling (api/constraint.h): which ids may come next, and
    // when the text is complete. Stateful: a fresh one per generation.
    std::shared_ptr<TokenConstraint> constraint;
};

inline void RecommendedSampling::applyTo(SamplingParams &params) const
{
    params.temperature = temperature.value_or(params.temperature);
    params.topP = topP.value_or(params.topP);
    params.topK = topK.value_or(params.topK);
    params.repeatPenalty = repeatPenalty.value_or(params.repeatPenalty);
    params.presencePenalty = presencePenalty.value_or(params.presencePenalty);
    params.frequencyPenalty = frequencyPenalty.value_or(params.frequencyPenalty);
    params.maxTokens = maxTokens.value_or(params.maxTokens);
    params.penaltyWindow = penaltyWindow.value_or(params.penaltyWindow);
    params.loopStop = loopStop.value_or(params.loopStop);
}

// Length of the longest prefix of `bytes` that does not end inside a UTF-8
// sequence: what of a growing reply can be shown now, a character split
// across two tokens being shown whole (text/utf8.cpp).
size_t completeUtf8Prefix(const std::string &bytes);

struct GeneratedToken {
    int id = 0;
    std::string bytes;          // raw bytes of this token (may be part of a UTF-8 sequence)
    std::string text;           // complete UTF-8 text this token releases (held-back stop-string
                                // prefixes and split characters come with a later token)
    TokenStats stats;
};

enum class StopReason { MaxTokens, EndOfSequence, StopString, Cancelled, ContextFull, Error };

struct GenerationResult {
    std::vector<int> tokens;
    std::string text;           // the reply as streamed (without a stop string / EOS)
    StopReason reason = StopReason::MaxTokens;
    // The reply ended in the loop stop (SamplingParams::loopStop); reason is
    // then StopString: a loop is a stop the model wrote itself, and every
    // client already treats StopString as "finished, not cut by length".
    bool loopStopped = false;
    double prefillSeconds = 0;
    double decodeSeconds = 0;
    int promptTokens = 0;       // positions of the prompt (images count their rows)
    int reusedTokens = 0;       // of those, kept from the session's state (prefix reuse)
    int prefillTokens = 0;      // of those, computed now (promptTokens - reusedTokens)
    int imagesEncoded = 0;      // images run through the vision tower for this request
    TokenStats totals;          // summed over the whole generation
};

// Return false from the callback to stop generating after this token.
using TokenCallback = std::function<bool(const GeneratedToken &token)>;
// Prefill progress: `done` of `total` positions computed; return false to cancel.
// Called with done = 0 before the first forward chunk and after every chunk
// (total = the positions this request computes, not the reused ones).
using PrefillProgress = std::function<bool(int done, int total)>;

// A function call an assistant turn made (OpenAI tool_calls, the model's own format).
struct ChatToolCall {
    std::string id;             // what the tool result refers to (tool_call_id)
    std::string name;           // function name
    std::string arguments;      // JSON text of an object
    bool operator==(const ChatToolCall &) const = default;
};

// One chat turn for prompt rendering (the model's own chat format).
struct ChatMessage {
    std::string role;           // "system", "user", "assistant", "tool"
    std::string content;
    std::string reasoning;      // assistant thinking, if any
    int imageCount = 0;         // images attached to this message, in order
    std::vector<ChatToolCall> toolCalls = {}; // assistant: the calls it made
    std::string toolCallId = {}; // tool: the call this result answers
    std::string name = {};      // optional speaker name; tool: the function's name
};

struct ChatOptions {
    bool thinking = true;
    std::string thinkingEffort; // "", "low", "high", "max"
    bool addGenerationPrompt = true;
    std::string toolsJson = {};  // JSON array of tool definitions (OpenAI `tools`); "" = none
    std::string toolChoice = {}; // "", "auto", "required", "none"
    std::string responseFormat = {};     // "", "text", "json_object", "json_schema"
    std::string responseSchemaJson = {}; // the schema for json_schema
};

// A generated reply split by the model's own chat format (parsed by token id,
// so text that spells out a control token cannot fake structure).
struct ChatReply {
    std::string reasoning;
    std::string content;
    std::vector<ChatToolCall> toolCalls;
    bool finished = false;      // the message ended (end-of-message id seen)
    bool truncated = false;     // cut off inside an element
};

} // namespace sluice
