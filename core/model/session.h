#pragma once
// Session files (spec 8.1, in Sluice's own versioned format): the KDA states,
// conv rings, MLA latents and position of a ForwardPass, plus what prefix
// reuse needs to continue with zero re-prefill: the ids the state was
// computed from, the identities of its images, the logits after the last
// position and the recurrent-state checkpoints. The header records every
// shape the state depends on plus a fingerprint of the container's manifest,
// so a file from another model is refused; the file ends with a checksum of
// everything before it, so a truncated or damaged file is refused too.
// Loading validates everything before touching the live state. Writing goes
// to a temp file, fsync, rename, fsync of the directory (atomic).
//
// Layout (little-endian), version 2: u32 magic "SLSS", u32 version, u64
// fingerprint, i32 x 12 shape fields (layers, hidden, vocab, kda heads, kda
// dim, conv k, mla heads, kv_lora, qk_rope, context capacity, position,
// experts per token: 0 = the model's own, else ModelOptions::expertsPerToken),
// u8 layer kind x layers (1 KDA, 2 MLA), then per layer: KDA -> S
// f32[H*D*D], conv f32[3*C*(k-1)]; MLA -> i32 n_kv, f32[n_kv*(kv_lora+rope)];
// then the history: i32 ids[position]; u32 images, per image i32 start, i32
// tokens, i32 width, i32 height, u64 pixel hash, u64 file hash; u32 logits
// (0 or vocab), f32[logits]; u32 checkpoints, per checkpoint i32 position,
// u32 logits (0 or vocab), f32 kda[KDA state floats], f32[logits]; then u64
// FNV-1a of all preceding bytes. Version 1 files (no history) are refused.
#include "model/forwardpass.h"
#include "model/imageencoder.h"
#include "util/hash.h"
#include "util/status.h"

#include <string>
#include <string_view>

namespace sluice::model {

inline constexpr uint32_t kSessionMagic = 0x53534C53u; // "SLSS"
inline constexpr uint32_t kSessionVersion = 2;

// An image's positions in the state.
struct ImageSpan {
    int start = 0;
    ImageIdentity identity;
};

// The recurrent state (every KDA layer's S then conv, in layer order) at a
// position, with the logits after it when they were kept.
struct Checkpoint {
    int position = 0;
    std::vector<float> kda;
    std::vector<float> logits; // empty or vocab floats
};

struct SessionHistory {
    std::vector<int> ids;              // one per position (pads expanded)
    std::vector<ImageSpan> images;     // in position order
    std::vector<float> lastLogits;     // empty or vocab floats
    std::vector<Checkpoint> checkpoints; // oldest first, positions ascending
};

// Floats of one checkpoint's recurrent state.
size_t kdaStateFloats(const ModelConfig &cfg);
void copyKdaState(const ModelConfig &cfg, const ForwardPass &fp, std::vector<float> &out);
void restoreKdaState(const ModelConfig &cfg, const std::vector<float> &in, ForwardPass &fp);

Status saveSession(const std::string &path, const ModelConfig &cfg, uint64_t fingerprint, const ForwardPass &fp,
                   const SessionHistory &history);
// `maxCheckpoints` bounds what is taken from the file (the oldest are dropped).
Status loadSession(const std::string &path, const ModelConfig &cfg, uint64_t fingerprint, ForwardPass &fp,
                   SessionHistory &history, int maxCheckpoints);

// Checkpoints a file may hold (its count is bounded before anything is read).
inline constexpr int kMaxSessionCheckpoints = 64;
// The largest session file a session of this context can hold (the bound
// loadSession checks before reading anything).
uint64_t maxSessionBytes(const ModelConfig &cfg, int contextLength);
// Validates a session file's bytes against a model and context without
// touching any state: returns the saved position, or what is wrong
// (prefixed by `where`); fills `out` when given. The fuzz target drives this.
Expected<int> checkSessionBytes(std::string_view data, const ModelConfig &cfg, int contextLength, uint64_t fingerprint,
                                const std::string &where, int maxCheckpoints, SessionHistory *out);
Expected<int> checkSessionBytes(std::string_view data, const ModelConfig &cfg, int contextLength, uint64_t fingerprint,
                                const std::string &where);

// The fingerprint and checksum hash (util/hash.h), under its old name too.
using sluice::fnv1a64;

} // namespace sluice::model
