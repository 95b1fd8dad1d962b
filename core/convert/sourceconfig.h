#pragma once
// The release's config.json as a container manifest stores it (spec 4.2,
// 4.7 step 1): K3's wrapper flattened (text_config's keys at the top, the
// wrapper's other keys under "_outer"), Kimi-Linear as it is; the
// quantization_config (MXFP4, describing the source) is dropped. Also the
// vision.json a K3 container carries (spec 7.1).
#include "util/status.h"

#include <string>

namespace sluice::convert {

Expected<std::string> manifestConfigFromRelease(const std::string &configJson);

// vision_config keys plus image_mean / image_std / max_patches taken from
// preprocessor_config.json when the release has one (empty text = none);
// empty result when the config has no vision_config.
std::string visionJsonFromRelease(const std::string &manifestConfigJson, const std::string &preprocessorJson);

} // namespace sluice::convert
