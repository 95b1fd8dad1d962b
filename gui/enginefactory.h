#pragma once
// The engine factory and planner-input reader the app uses: the real engine
// when this build has the model module, otherwise a factory that says so
// (nothing pretends to run a model).
#include "mainwindow.h"

namespace sluice::gui {

qt::EngineFactory defaultEngineFactory();
PlannerInputsProvider defaultPlannerInputs();
bool engineAvailable();

} // namespace sluice::gui
