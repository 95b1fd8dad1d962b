#include "model/openweightstore.h"

#include "api/inspect.h"
#include "api/planning.h"
#include "model/containerstore.h"
#include "model/releasesource.h"

namespace sluice {

bool isReleaseFolder(const std::string &path)
{
    return model::ReleaseSource::isRelease(path);
}

namespace model {

Expected<std::unique_ptr<WeightStore>> openWeightStore(const ModelOptions &o,
                                                       const std::function<bool(double, const char *)> &progress)
{
    if (ReleaseSource::isRelease(o.modelPath)) {
        auto r = ReleaseSource::open(o, progress);
        if (!r)
            return r.status();
        return std::unique_ptr<WeightStore>(std::move(*r));
    }
    auto c = Container::open(o.modelPath);
    if (!c)
        return c.status();
    return std::unique_ptr<WeightStore>(std::make_unique<ContainerStore>(std::move(*c), o.modelPath));
}

Expected<ModelSummary> openStoreSummary(const std::string &modelPath)
{
    return ReleaseSource::isRelease(modelPath) ? ReleaseSource::summary(modelPath)
                                               : ContainerStore::summary(modelPath);
}

Expected<PlannerInputs> openStorePlannerInputs(const std::string &modelPath, int releaseTrunkBits,
                                               PlannerInputsOptions &options, bool reserveProcess,
                                               const std::function<Status(int vocab)> &measure)
{
    // A release folder: what Model::open will hold (the trunk cache, one slot per expert).
    if (ReleaseSource::isRelease(modelPath))
        return ReleaseSource::plannerInputs(modelPath, releaseTrunkBits, options, reserveProcess, measure);
    return ContainerStore::plannerInputs(modelPath, options, reserveProcess, measure);
}

Expected<PlannerShape> openStorePlannerShape(const std::string &modelPath, int releaseTrunkBits)
{
    return ReleaseSource::isRelease(modelPath) ? ReleaseSource::plannerShape(modelPath, releaseTrunkBits)
                                               : ContainerStore::plannerShape(modelPath);
}

Expected<std::shared_ptr<void>> holdStoreDescription(const std::string &modelPath)
{
    return ReleaseSource::isRelease(modelPath) ? ReleaseSource::holdDescription(modelPath)
                                               : ContainerStore::holdDescription(modelPath);
}

} // namespace model

} // namespace sluice
