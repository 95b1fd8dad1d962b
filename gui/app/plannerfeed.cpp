#include "app/plannerfeed.h"

#include "app/settings.h"
#include "common/uihelpers.h"
#include "planner/plannerwidget.h"

#include <QFileInfo>
#include <QtConcurrent/QtConcurrentRun>

namespace sluice::gui {

PlannerFeed::PlannerFeed(PlannerPanel *panel, ModelController *models, Settings *settings,
                         const MainWindowOptions &options, QObject *parent)
    : QObject(parent)
    , m_panel(panel)
    , m_models(models)
    , m_settings(settings)
    , m_inputs(options.plannerInputs)
    , m_shape(options.plannerShape)
    , m_usableRamBytes(options.usableRamBytes)
{
}

void PlannerFeed::update()
{
    const QString path = m_models->modelPath();
    if (!m_models->isOpen() && path.isEmpty()) {
        m_panel->clearInputs(QString());
        return;
    }
    m_panel->setDiskTestTarget(path);
    m_panel->setModelName(QFileInfo(path).fileName());
    if (!m_inputs) {
        apply(std::nullopt, std::nullopt);
        return;
    }
    // Reading the inputs opens the container: on a pool thread, never here.
    // The shape (config and tensors) lets the panel plan the trunk split too.
    const quint64 seq = ++m_seq;
    using Read = std::pair<std::optional<PlannerInputs>, std::optional<PlannerShape>>;
    QtConcurrent::run([inputs = m_inputs, shape = m_shape, path, ctx = m_models->contextLength(),
                       threads = m_settings->threads()]() -> Read {
        return {inputs(path, ctx, threads), shape ? shape(path) : std::optional<PlannerShape>()};
    }).then(this, [this, seq](const Read &read) {
        if (seq == m_seq)
            apply(read.first, read.second);
    });
}

void PlannerFeed::apply(const std::optional<PlannerInputs> &inputs, const std::optional<PlannerShape> &shape)
{
    const ModelInfo &info = m_models->info();
    const bool open = m_models->isOpen();
    if (!inputs) {
        m_panel->clearInputs(tr("The app cannot read this model's planner inputs yet (the engine does not expose "
                                "them); `sluice-cli plan MODEL` shows the full plan. The model runs with budget %1; "
                                "its floor is %2.")
                                 .arg(formatBytes(info.budgetBytes), formatBytes(info.floorBytes)));
        return;
    }
    PlannerInputs in = *inputs;
    // The provider measured this process as it is now: a reopen plans with that (issue 27).
    const quint64 reopenProcess = m_models->reopenProcessBytes(in.processBytes);
    // A live change measures nothing: the open model's process term is the
    // one its ledger holds (measured at open), so a live budget plans with it.
    if (open && info.processBytes)
        in.processBytes = info.processBytes;
    if (shape) {
        // As the engine opens it (defaultPlannerInputs' options): vision on, the thread setting.
        PlanRequest r;
        r.vision = true;
        r.attentionSlices = m_settings->threads() > 0 ? m_settings->threads() : qEnvironmentVariableIntValue("SLUICE_THREADS");
        r.processBytes = in.processBytes;
        m_panel->setShape(*shape, r);
    } else if (m_panel->hasShape()) {
        m_panel->clearShape();
    }
    m_panel->setInputs(in, m_usableRamBytes, open);
    if (open) {
        m_panel->setOpenModelSplit(info.residentLayers, info.layers, info.lmHeadStreamed);
        m_panel->setOpenModelTerms(info.floorBytes,
                                   info.liveBudgetMinBytes > info.floorBytes ? info.liveBudgetMinBytes - info.floorBytes : 0,
                                   info.liveBudgetMaxBytes);
    }
    m_panel->setReopenProcessBytes(reopenProcess);
    m_panel->setCurrentBudget(info.budgetBytes, m_models->contextLength());
}

} // namespace sluice::gui
