#pragma once
// Session files: the KDA states, conv rings, MLA latents and position of a
// ForwardPass (spec 8.1), in Sluice's own versioned format. The header
// records every shape the state depends on plus a fingerprint of the
// container's manifest, so a file from another model is refused; the file
// ends with a checksum of everything before it, so a truncated or damaged
// file is refused too. Loading validates everything before touching the live
// state. Writing goes to a temp file, fsync, rename (atomic).
//
// Layout (little-endian): u32 magic "SLSS", u32 version 1, u64 fingerprint,
// i32 x 12 shape fields (layers, hidden, vocab, kda heads, kda dim, conv k,
// mla heads, kv_lora, qk_rope, context capacity, position, reserved),
// u8 layer kind x layers (1 KDA, 2 MLA), then per layer: KDA -> S f32[H*D*D],
// conv f32[3*C*(k-1)]; MLA -> i32 n_kv, f32[n_kv*(kv_lora+rope)]; then
// u64 FNV-1a of all preceding bytes.
#include "model/forwardpass.h"
#include "util/hash.h"
#include "util/status.h"

#include <string>
#include <string_view>

namespace sluice::model {

inline constexpr uint32_t kSessionMagic = 0x53534C53u; // "SLSS"
inline constexpr uint32_t kSessionVersion = 1;

Status saveSession(const std::string &path, const ModelConfig &cfg, uint64_t fingerprint, const ForwardPass &fp);
Status loadSession(const std::string &path, const ModelConfig &cfg, uint64_t fingerprint, ForwardPass &fp);

// The largest session file an engine with this context can hold (the bound
// loadSession checks before reading anything).
uint64_t maxSessionBytes(const ModelConfig &cfg, int contextLength);
// Validates a session file's bytes against a model and context without
// touching any state: returns the saved position, or what is wrong
// (prefixed by `where`). The fuzz target drives this directly.
Expected<int> checkSessionBytes(std::string_view data, const ModelConfig &cfg, int contextLength,
                                uint64_t fingerprint, const std::string &where);


// The fingerprint and checksum hash (util/hash.h), under its old name too.
using sluice::fnv1a64;

} // namespace sluice::model
