#include "model/expertspertoken.h"

#include <string>

namespace sluice::model {

Expected<ModelConfig> withExpertsPerToken(const ModelConfig &cfg, int expertsPerToken)
{
    const int own = cfg.shippedTopK();
    if (expertsPerToken == 0 || expertsPerToken == cfg.topK)
        return cfg;
    if (expertsPerToken < 0 || expertsPerToken > own)
        return makeError(ErrorCode::InvalidArgument,
            SLUICE_ERRT("Error",
                "experts per token %1 is outside 1..%2 (this model routes %3 experts per token; 0 = the model's own)"),
            expertsPerToken, own, own);
    ModelConfig out = cfg;
    out.modelTopK = own;
    out.topK = expertsPerToken;
    if (out.topK == own)
        out.modelTopK = 0; // back at the model's own: the config is the model's again
    return out;
}

int scaledLookahead(const ModelConfig &cfg, int width)
{
    if (!cfg.expertsReduced() || width <= 0)
        return width;
    const long long own = cfg.shippedTopK();
    return int((width * (long long)cfg.topK + own - 1) / own);
}

} // namespace sluice::model
