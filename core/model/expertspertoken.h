#pragma once
// Experts per token as a speed/quality option (issue 31): the routed top-k
// lowered below the model's own num_experts_per_token. Every term sized by
// top-k (the MoE scratch, the cache floor of 2 x top-k slots, the planner's
// working set, the router lookahead) follows the config this answers, so the
// option is applied once, to the config, and nothing else needs to know.
//
// The kept experts' weights follow the model's rule (spec 5, the router):
// renormalised over the kept ones when the model renormalises its top-k
// (K3, Kimi-Linear), then multiplied by routed_scaling_factor.
#include "api/modelconfig.h"
#include "util/status.h"

namespace sluice::model {

// `expertsPerToken` 0 = the model's own (the config comes back unchanged);
// 1..the model's top-k lowers it (modelTopK keeps the model's); anything else
// is refused, naming the value and the range.
Expected<ModelConfig> withExpertsPerToken(const ModelConfig &cfg, int expertsPerToken);

// The router lookahead's width for a lowered top-k: scaled like the picks
// it guesses (rounded up), unchanged at the model's own top-k.
int scaledLookahead(const ModelConfig &cfg, int width);

} // namespace sluice::model
