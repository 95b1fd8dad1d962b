#include "enginefactory.h"

#include <QCoreApplication>

namespace sluice::gui {

bool engineAvailable()
{
#ifdef SLUICE_HAVE_ENGINE
    return true;
#else
    return false;
#endif
}

qt::EngineFactory defaultEngineFactory()
{
#ifdef SLUICE_HAVE_ENGINE
    return [](const EngineOptions &options) { return Engine::open(options); };
#else
    return [](const EngineOptions &) -> Expected<std::unique_ptr<Engine>> {
        return makeError(ErrorCode::Unsupported,
                         "this build of Sluice has no engine (the model module was not built)");
    };
#endif
}

PlannerInputsProvider defaultPlannerInputs()
{
    // The model module will expose the manifest -> PlannerInputs mapping; until
    // it does the planner panel says so instead of guessing figures.
    return {};
}

} // namespace sluice::gui
