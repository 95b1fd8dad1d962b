#pragma once
// The engine factory and planner-input reader the app uses (the real engine;
// the tests pass their own scripted factory instead).
#include "app/mainwindow.h"

namespace sluice::gui {

qt::EngineFactory defaultEngineFactory();
PlannerInputsProvider defaultPlannerInputs();
PlannerShapeProvider defaultPlannerShape();

} // namespace sluice::gui
