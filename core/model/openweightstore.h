#pragma once
// The opening code of the weight store (issue 28): the one place that asks
// whether a model folder is a release or a WASTE container. Model::open takes
// its WeightStore here; inspect and planning take what they read without
// opening the model (a summary, planner inputs, the planner's shape) here too.
#include "api/types.h"
#include "model/plannerinputs.h"
#include "model/weightstore.h"

#include <functional>
#include <memory>
#include <string>

namespace sluice {
struct ModelSummary;
struct PlannerShape;
}

namespace sluice::model {

// Opens the folder's weights: a release (its trunk cache opened or built,
// progress 0..0.5 as "preparing the trunk once") or a container.
Expected<std::unique_ptr<WeightStore>> openWeightStore(const ModelOptions &options,
                                                       const std::function<bool(double, const char *)> &progress);

// What `sluice-cli info` shows (inspectModel).
Expected<ModelSummary> openStoreSummary(const std::string &modelPath);
// The planner's inputs as Model::open counts them (inspectPlannerInputs);
// `measure` is called with the model's description in memory (a container's
// always, a release's when reserveProcess is set) and may set options.processBytes.
Expected<PlannerInputs> openStorePlannerInputs(const std::string &modelPath, int releaseTrunkBits,
                                               PlannerInputsOptions &options, bool reserveProcess,
                                               const std::function<Status(int vocab)> &measure);
// The planner's shape of a model on disk (inspectPlannerShape).
Expected<PlannerShape> openStorePlannerShape(const std::string &modelPath, int releaseTrunkBits);
// What Model::open holds while it measures the process; kept alive until measured.
Expected<std::shared_ptr<void>> holdStoreDescription(const std::string &modelPath);

} // namespace sluice::model
