#pragma once
// Constrained sampling for response_format json_object: generation through
// the public Session API (prefill, then one eval per token) where a token may
// be sampled only if its bytes keep a JsonGrammar (text/jsongrammar.h) alive,
// so the reply is always valid JSON; when the tokens left would not be enough
// to finish, only the grammar's shortest completion is allowed, so a reply
// within max_tokens >= the completion's length always closes. Sampling: the
// library's Sampler (text/sampler.h) over the logits with every disallowed id
// at -inf, seeded by `seed`.
#include "api/model.h"
#include "api/session.h"

#include <string>
#include <vector>

namespace sluice::server {

// Bytes of every id that may appear in JSON text; "" for ids that cannot
// (control tokens, and ids whose bytes would not tokenise back to themselves).
std::vector<std::string> jsonVocabulary(const Model &model);

Expected<GenerationResult> generateJson(Session &session, const std::vector<std::string> &vocabulary,
    std::span<const int> sequence, const SamplingParams &params, const TokenCallback &onToken);

} // namespace sluice::server
