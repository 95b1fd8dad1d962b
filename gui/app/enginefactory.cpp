#include "app/enginefactory.h"

#include <QCoreApplication>
#include <QDir>
#include <QStandardPaths>
#include <algorithm>

#include "api/inspect.h"
#include "qt/localbackend.h"

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
        // The budget covers the whole app (issue 15): the process's own memory
        // (Qt, fonts, the window) is a floor term the engine measures at open.
        o.reserveProcess = true;
        // Host concern, as the CLI's: the library keeps its caches (fingerprint,
        // verified records) only here, never in the model's folder.
        if (o.cacheDir.empty())
            if (const QString cache = QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation);
                !cache.isEmpty())
                o.cacheDir = QDir(cache).filePath(QStringLiteral("sluice")).toStdString();
        return qt::LocalBackend::open(o);
    };
}

PlannerInputsProvider defaultPlannerInputs()
{
    // The same mapping Model::open and `sluice-cli plan` use. MainWindow calls
    // this on a pool thread: opening the container reads the manifest.
    return [](const QString &modelPath, int contextLength, int threads) -> std::optional<PlannerInputs> {
        InspectOptions o;
        o.contextLength = contextLength;
        o.vision = true; // as Model::open (ignored for models without a tower)
        o.reserveProcess = true; // as defaultEngineFactory: the app's own memory is in the floor
        // The engine's pool size: the setting, else SLUICE_THREADS, else every hardware thread.
        o.threads = threads > 0 ? threads : qEnvironmentVariableIntValue("SLUICE_THREADS");
        auto in = inspectPlannerInputs(modelPath.toStdString(), o);
        if (!in)
            return std::nullopt;
        return *in;
    };
}

PlannerShapeProvider defaultPlannerShape()
{
    // Config, tensors and record size, as Model::open plans with them (pool thread).
    return [](const QString &modelPath) -> std::optional<PlannerShape> {
        auto shape = inspectPlannerShape(modelPath.toStdString());
        if (!shape)
            return std::nullopt;
        return std::move(*shape);
    };
}

} // namespace sluice::gui
