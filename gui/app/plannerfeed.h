#pragma once
// What the planner panel shows of the model in the window (issue 28: out of
// MainWindow): its inputs read on a pool thread (reading them opens the
// container), the shape for the trunk split, and the open model's terms.
#include "app/modelcontroller.h"

#include <QObject>

namespace sluice::gui {

class PlannerPanel;
class Settings;

class PlannerFeed : public QObject
{
    Q_OBJECT
public:
    PlannerFeed(PlannerPanel *panel, ModelController *models, Settings *settings, const MainWindowOptions &options,
                QObject *parent = nullptr);

    // Reads the inputs again, measuring the process as it is now.
    void update();

private:
    void apply(const std::optional<PlannerInputs> &inputs, const std::optional<PlannerShape> &shape);

    PlannerPanel *m_panel;
    ModelController *m_models;
    Settings *m_settings;
    PlannerInputsProvider m_inputs;
    PlannerShapeProvider m_shape;
    quint64 m_usableRamBytes;
    quint64 m_seq = 0; // only the last read is shown
};

} // namespace sluice::gui
