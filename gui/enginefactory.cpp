#include "enginefactory.h"

#include <QCoreApplication>
#include <QThread>
#include <algorithm>

#include "model/plannerinputs.h"
#include "model/releasesource.h"

namespace sluice::gui {

qt::EngineFactory defaultEngineFactory()
{
    return [](const EngineOptions &options) {
        // The library reads no environment: the app maps SLUICE_THREADS itself.
        EngineOptions o = options;
        if (o.threads <= 0)
            o.threads = std::max(0, qEnvironmentVariableIntValue("SLUICE_THREADS"));
        if (o.checkpoints == 0)
            o.checkpoints = kChatCheckpoints; // an edit or a regenerate rolls back instead of starting over
        return Engine::open(o);
    };
}

PlannerInputsProvider defaultPlannerInputs()
{
    // The same mapping Engine::open and `sluice-cli plan` use. MainWindow calls
    // this on a pool thread: opening the container reads the manifest.
    return [](const QString &modelPath, int contextLength, int threads) -> std::optional<PlannerInputs> {
        const bool release = model::ReleaseSource::isRelease(modelPath.toStdString());
        auto c = release ? Expected<std::unique_ptr<Container>>(Status(ErrorCode::NotFound, "a release"))
                         : Container::open(modelPath.toStdString());
        if (!release && !c)
            return std::nullopt;
        model::PlannerInputsOptions o;
        o.contextLength = contextLength;
        o.vision = true; // as Engine::open (ignored for models without a tower)
        // The engine's pool size: the setting, else SLUICE_THREADS, else every hardware thread.
        if (threads <= 0)
            threads = qEnvironmentVariableIntValue("SLUICE_THREADS");
        o.attentionSlices = threads > 0 ? threads : std::max(1, QThread::idealThreadCount());
        // A release folder: what Model::open will hold (Q4G trunk cache, one slot per expert).
        auto in = release ? model::ReleaseSource::plannerInputs(modelPath.toStdString(), 4, o)
                          : model::plannerInputs(**c, o);
        if (!in)
            return std::nullopt;
        return *in;
    };
}

} // namespace sluice::gui
